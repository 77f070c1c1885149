"""Read-only catalog resources: ``GET /catalog/tiles``, ``/catalog/tiles/<tile_id>.svg`` (a tile's picture),
``/catalog/boards``, ``/catalog/boards/<board_id>`` and ``/catalog/scoreboard``.

Every value carries its provenance (rulebook, public, derived or reconstructed).
"""

from __future__ import annotations

import hashlib

from flask import Response, request

from service.language import _
from service.parsing import Blueprint
from service.problems import Refused, problem_responses
from service.wild_tiled_west.catalog.schemas import (
    TILE_LEGEND_JSON,
    BoardListSchema,
    BoardSchema,
    ScoreboardCatalogSchema,
    TilePictureQuerySchema,
    TilesCatalogSchema,
)
from service.wild_tiled_west.components import app_catalog
from solver.games.wild_tiled_west.render.svg import tile_svg
from solver.games.wild_tiled_west.rules.endgame import ENDGAME, IN_GAME

blp = Blueprint("catalog", __name__, url_prefix="/catalog", description="The game's components, read-only")


@blp.route("/tiles")
@blp.response(200, TilesCatalogSchema)
@blp.alt_response(429, response="TOO_MANY_REQUESTS")
def tiles():
    """The 40 tile types with their copies (the 96 tray tiles: `t07#1`, `t07#2`, ... are copies of type `t07`), the
    alley, the 14 buildings and the two combined tile trays, each slot with the type whose copies fill it."""
    catalog = app_catalog()
    return {"tiles": catalog.tile_types, "alley": catalog.alley, "buildings": catalog.buildings,
            "trays": catalog.trays, "legend": TILE_LEGEND_JSON}


#: How long a browser may keep a tile's picture without asking again, in seconds (the catalog changes only with a
#: restart on other data files, and the picture's ETag tells it apart then).
PICTURE_MAX_AGE = 3600


@blp.route("/tiles/<tile_id>.svg")
@blp.arguments(TilePictureQuerySchema, location="query")
@blp.response(200, content_type="image/svg+xml", description="An SVG picture of the tile in that orientation")
@blp.alt_response(304, description="Not Modified: If-None-Match names this picture")
@problem_responses(blp, 404, 422, 429)
def tile_picture(args, tile_id: str):
    """A picture of the tile type ``tile_id`` (``t07``; a tray tile ``t07#2`` or ``alley`` too) in ``orientation``
    (an index of its ``orientation_shapes``, default 0), drawn as on a settlement board (``board.svg``): 44 pixels a
    square, the bounding box's top-left square at (0, 0), a transparent background, no margin.  A client shows it
    in a tray or lays it over a board picture as a placement's ghost.  Its words (the building's name written on it,
    the tooltips) are in the language ``lang`` names (``en``, ``fr``: an ``<img>`` request carries the browser's
    language, not the page's), else the one ``Accept-Language`` prefers; its ``ETag`` differs by language.  404
    ``unknown_tile``; 422 ``unknown_orientation`` for an orientation the tile does not have, or for a ``lang`` of
    another language."""
    try:
        tile = app_catalog().tile(tile_id)
    except KeyError:
        raise Refused(404, _("no tile {tile_id!r}: GET /catalog/tiles lists them").format(tile_id=tile_id), rule="unknown_tile") from None
    try:
        svg = tile_svg(tile, args["orientation"])
    except IndexError as exc:
        raise Refused(422, str(exc), rule="unknown_orientation") from None
    tag = hashlib.sha256(svg.encode()).hexdigest()[:16]
    response = Response(status=304) if request.if_none_match.contains(tag) else Response(svg, mimetype="image/svg+xml")
    response.headers["ETag"] = f'"{tag}"'
    response.headers["Cache-Control"] = f"public, max-age={PICTURE_MAX_AGE}"
    return response


@blp.route("/boards")
@blp.response(200, BoardListSchema)
@blp.alt_response(429, response="TOO_MANY_REQUESTS")
def boards():
    """The 8 settlement boards with their sides' ids and wild rules."""
    return {"boards": app_catalog().boards}


@blp.route("/boards/<board_id>")
@blp.response(200, BoardSchema)
@blp.alt_response(404, response="NOT_FOUND")
@blp.alt_response(429, response="TOO_MANY_REQUESTS")
def board(board_id: str):
    """One settlement board, both sides in full (maps, towns, legend)."""
    try:
        return app_catalog().board(board_id)
    except KeyError:
        raise Refused(404, _("no settlement board with id {board_id!r}; GET /catalog/boards lists them").format(board_id=board_id),
                      rule="unknown_board") from None


@blp.route("/scoreboard")
@blp.response(200, ScoreboardCatalogSchema)
@blp.alt_response(429, response="TOO_MANY_REQUESTS")
def scoreboard():
    """The scoreboard (both sides), cattle contracts, mining track, cards, supply and dice; the numbers the rulebook
    states in its text and the score categories (what a client's rules page fills its words with)."""
    catalog = app_catalog()
    sb = catalog.scoreboard
    return {
        "multiplayer": sb.multiplayer,
        "solo": sb.solo,
        "cattle_contracts": sb.contracts,
        "contract_sizes": sb.contract_sizes,
        "solo_ranks": [{"name": n, "points": p, "provenance": s.to_json()} for n, p, s in sb.solo_ranks],
        "mining_track": catalog.mining_track,
        "partners": catalog.partners,
        "bandit_cards": catalog.bandit_cards,
        "bandit_ridge": {"bandits": catalog.bandit_ridge_bandits, "provenance": catalog.bandit_ridge_provenance.to_json()},
        "ace_cards": [s.value for s in catalog.supply.ace_cards],
        "supply": catalog.supply.counts,
        "dice": {str(n): {"prairie": p, "river": r, "provenance": catalog.supply.dice_provenance[n].to_json()}
                 for n, (p, r) in catalog.supply.dice.items()},
        "wild_sides": catalog.wild_sides,
        "rules": catalog.rule_numbers,
        "score_categories": {"in_game": IN_GAME, "endgame": ENDGAME},
    }
