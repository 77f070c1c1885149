"""A seat's settlement board in a Wild Tiled West game: ``GET /games/{game_id}/players/{seat}/board`` (data) and
``GET /games/{game_id}/players/{seat}/board.svg`` (a picture), open information (no token).  Their ``ETag`` is the game
version.  404 ``unknown_game``, ``unknown_seat``, or ``no_boards`` for a stored game of another game of the house.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Response

from service.games.routes import ETAG_HEADER, games
from service.games.store import dumps, seat_name
from service.language import _
from service.parsing import Blueprint
from service.problems import Refused, problem_responses
from service.storage import GameHead
from service.wild_tiled_west.boards.schemas import BoardDataSchema, BoardQuerySchema
from service.wild_tiled_west.components import GAME_ID, app_catalog
from solver.core.language import current_language
from solver.games.wild_tiled_west.components.texts import component_name
from solver.games.wild_tiled_west.render.board_data import board_data
from solver.games.wild_tiled_west.render.svg import settlement_svg
from solver.games.wild_tiled_west.rules.settlement import Settlement

#: Its operations are documented with the games resource (OpenAPI tag ``games``), where they always were.
blp = Blueprint("boards", __name__, url_prefix="/games",
                description="Wild Tiled West: a seat's settlement board, as data and as a picture")
TAGS = ["games"]


def _wild_tiled_west(game_id: str) -> GameHead:
    """The head of the stored game ``game_id``: 404 ``unknown_game`` when there is none, 404 ``no_boards`` when it is
    a game of another game (only Wild Tiled West's seats have settlement boards)."""
    head = games().head(game_id)
    if head.game != GAME_ID:
        raise Refused(404, _("game {game_id} is a game of {game}: only {boards} games have settlement boards").format(
            game_id=game_id, game=head.game, boards=GAME_ID),
                      rule="no_boards")
    return head


def _settlement(seat: int) -> Callable[[Any], Settlement]:
    """A copy of ``seat``'s settlement from the game's state (this game's ``engine.game.Game``: ``Games.read_seat``)."""
    return lambda game: game.players[seat].settlement.copy()


def board_title(head: GameHead, seat: int, settlement: Settlement) -> str:
    """The picture's title as a player reads it, in the request's language: the seat's name and the board side's
    printed name, ``"Ann: Silver Mesa"`` or ``"Seat 2: Buzzard Bluffs, wild side: Wanted"`` (``"Ann : Buzzard Bluffs,
    face Conquête : Avis de recherche"``; a board's name is a proper name, kept as the French rulebook keeps them; no
    game id, version or component id: issue 37)."""
    name = seat_name(head, seat)
    side = settlement.side
    catalog = app_catalog()
    board = catalog.board(side.board_id).name
    if side.side == "wild" and side.rule:
        return _("{name}: {board}, wild side: {side}").format(name=name, board=board,
                                                              side=component_name(catalog.wild_side(side.rule).name))
    return _("{name}: {board}").format(name=name, board=board)


@blp.route("/<game_id>/players/<int:seat>/board", methods=["GET"], tags=TAGS)
@blp.arguments(BoardQuerySchema, location="query")
@blp.response(200, BoardDataSchema, headers=ETAG_HEADER)
@problem_responses(blp, 404, 422, 429)
def get_board(args, game_id: str, seat: int):
    """``seat``'s settlement board as data a frontend draws directly: each square's printed space, the tile (type,
    copy, building) and tile square covering it and its token; the placed tiles with their placements and
    squares; the towns with their sign points and whether complete; the tokens by kind (all open information:
    no token needed).  Coordinates are `[row, col]`, 0-based, row 0 at the top.

    ``moves_played``: the board as it was after the game's first that many moves (a replay's step).  ``lang`` is
    accepted (the picture's parameter) and changes nothing: the data has no words but the catalog's names (a
    building's English ``name``, an id of the catalog's, and the towns' proper names).

    404 ``unknown_game``, ``unknown_seat``, ``unknown_state`` (the game has fewer moves than ``moves_played``), or
    ``no_boards`` for a game of another game than Wild Tiled West; 422 for a ``moves_played`` below 0."""
    version, settlement = games().read_seat(_wild_tiled_west(game_id), seat, _settlement(seat), args.get("moves_played"))
    response = Response(dumps({"version": version, "seat": seat, **board_data(settlement)}), status=200,
                        mimetype="application/json")
    response.headers["ETag"] = f'"{version}"'
    response.headers["Vary"] = "Authorization"
    response.headers["Cache-Control"] = "private, no-cache"
    return response


@blp.route("/<game_id>/players/<int:seat>/board.svg", methods=["GET"], tags=TAGS)
@blp.arguments(BoardQuerySchema, location="query")
@blp.response(200, content_type="image/svg+xml", description="An SVG picture of the settlement board")
@problem_responses(blp, 404, 422, 429)
def get_board_svg(args, game_id: str, seat: int):
    """A picture of ``seat``'s settlement board as it is now (or, with ``moves_played``, as it was after the game's
    first that many moves: a replay's step): printed spaces, placed tiles, hill bandits, cowpokes and tombstones (all
    open information: no token needed).  Its words (title, legend, tooltips, building names) are in the language
    ``lang`` names (``en``, ``fr``), else the one ``Accept-Language`` prefers; its ``ETag`` is the game version and
    that language (``"12-fr"``).

    404 ``unknown_game``, ``unknown_seat``, ``unknown_state`` (the game has fewer moves than ``moves_played``), or
    ``no_boards`` for a game of another game than Wild Tiled West; 422 for a ``moves_played`` below 0."""
    head = _wild_tiled_west(game_id)
    version, settlement = games().read_seat(head, seat, _settlement(seat), args.get("moves_played"))
    svg = settlement_svg(settlement, board_title(head, seat, settlement))
    response = Response(svg, mimetype="image/svg+xml")
    response.headers["ETag"] = f'"{version}-{current_language()}"'  # a picture per language
    return response
