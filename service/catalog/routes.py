"""Read-only catalog resources: ``GET /catalog/tiles``, ``/catalog/boards``,
``/catalog/boards/<board_id>`` and ``/catalog/scoreboard``.

Every value carries its provenance (rulebook, public, derived or reconstructed).
"""

from __future__ import annotations

from flask_smorest import abort

from service.catalog import app_catalog
from service.catalog.schemas import (
    TILE_LEGEND_JSON,
    BoardListSchema,
    BoardSchema,
    ScoreboardCatalogSchema,
    TilesCatalogSchema,
)
from service.parsing import Blueprint

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
        abort(404, message=f"no settlement board with id {board_id!r}; GET /catalog/boards lists them")


@blp.route("/scoreboard")
@blp.response(200, ScoreboardCatalogSchema)
@blp.alt_response(429, response="TOO_MANY_REQUESTS")
def scoreboard():
    """The scoreboard (both sides), cattle contracts, mining track, cards, supply and dice."""
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
    }
