"""Hand-made positions for rules tests: extra tiles and boards, and placing a tile straight into a game."""

from __future__ import annotations

from solver.games.wild_tiled_west.components.catalog import board_side_from_map, load_catalog, tile_from_map
from solver.games.wild_tiled_west.components.provenance import Sourced, parse_source
from solver.games.wild_tiled_west.components.values import Board, Catalog
from solver.games.wild_tiled_west.engine.game import Game
from solver.games.wild_tiled_west.rules.setup import GameConfig, SeatConfig

SOURCE = Sourced(parse_source("reconstructed: test fixture"))


def make_board(board_id: str, rows: list[str], towns: list[dict] | None = None, rule: str | None = None) -> Board:
    """A board whose normal side is ``rows`` (or whose wild side, with wild ``rule``)."""
    side = board_side_from_map(rows, towns, board_id=board_id, rule=rule)
    if rule is None:
        return Board(board_id, board_id, side, load_catalog().boards[0].wild, SOURCE)
    return Board(board_id, board_id, load_catalog().boards[0].normal, side, SOURCE)


def fixture_game(rows: list[str] | None = None, tiles: dict[str, str | tuple[str, str]] | None = None,
                 towns: list[dict] | None = None, players: int = 2, seed: int = 1, rule: str | None = None,
                 board: Board | None = None, side: str | None = None, catalog: Catalog | None = None) -> Game:
    """A game whose seat 0 plays the hand-made board ``rows`` (wild ``rule`` if given) with extra tiles
    ``{id: shape}`` or ``{id: (shape, building)}``, or a catalog ``board`` (its ``side``, default normal);
    partners are kept, and the game waits at its first draft.  ``catalog``: the catalog to add them to (default
    the packaged one)."""
    extra = []
    for tid, spec in (tiles or {}).items():
        shape, building = (spec, None) if isinstance(spec, str) else spec
        extra.append(tile_from_map(tid, shape, building))
    if board is None and rows is not None:
        board = make_board("fixture", rows, towns, rule)
    catalog = (catalog or load_catalog()).with_extra(tuple(extra), (board,) if board else ())
    side = side or ("wild" if rule else "normal")
    seats = [SeatConfig(board.id, side)] if board else [SeatConfig()]
    seats += [SeatConfig() for _ in range(players - 1)]
    game = Game(GameConfig(players=players, seed=seed, seats=tuple(seats)), catalog)
    while game.pending()["type"] == "keep_partner":
        game.apply(game.legal_moves()[0])
    return game


def place(game: Game, tile_id: str, row: int, col: int, orientation: int = 0, seat: int = 0) -> list[dict]:
    """Place ``tile_id`` for ``seat`` at once, rooted on its first square (no connection needed),
    and return the events; the placement's effects follow as pending steps and decisions."""
    tile = game.catalog.tile(tile_id)
    dr, dc = tile.orientations[orientation].offsets[0]
    game.agenda.insert(0, {"step": "place_tile", "seat": seat, "tile": tile_id, "source": "fixture",
                           "rooted_on": [row + dr, col + dc]})
    return game.apply({"type": "place", "tile": tile_id, "orientation": orientation, "row": row, "col": col})


def resolve(game: Game, answers: dict[str, dict] | None = None, seat: int = 0) -> list[dict]:
    """Answer ``seat``'s pending effect decisions (by decision type; default the first option) until
    the next draft or another seat's decision; returns the events."""
    events = []
    answers = answers or {}
    while game.pending() and game.pending()["seat"] == seat and game.pending()["type"] != "draft":
        kind = game.pending()["type"]
        move = answers.get(kind) or game.legal_moves()[0]
        events += game.apply(move)
    return events
