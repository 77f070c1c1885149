"""Playing a daily puzzle one placement at a time, as a player does in the web client (issue 28): the settlement
after the hand's tiles placed so far, and every legal placement of each tile still in the hand.

Our design, on the rulebook's placement rules (Drafting a tile) as ``solver.games.wild_tiled_west.rules.placement`` implements them.  The
placements so far are played in the order given, each under every rule (connection included) on the settlement the
ones before it made, so each step is what a player sees on the board; the verdict on the whole set stays
``puzzles.wild_tiled_west.verify.verify_solution`` (legal when some order works, and its score).  Coordinates are ``(row, col)``,
0-based, row 0 at the top.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from puzzles.wild_tiled_west.position import puzzle_position
from puzzles.wild_tiled_west.verify import illegal_verdict, known_tile, parse_solution
from solver.games.wild_tiled_west.components.values import Catalog
from solver.games.wild_tiled_west.engine.labels import placement_label
from solver.games.wild_tiled_west.rules.placement import check_placement, legal_placements
from solver.games.wild_tiled_west.rules.settlement import Settlement


@dataclass
class PuzzleBoard:
    """The settlement after the placements so far (``settlement``) and, for each hand tile not placed yet, its legal
    placements (``options``: tile id -> ``place`` moves ``{"type", "tile", "orientation", "row", "col", "squares",
    "label"}`` as ``GET /games/{id}/legal-moves`` gives them).  ``illegal``: the verdict of ``verify_solution``'s
    shape (``rule``, ``placement``, ``cell``, ``reason``) when a placement so far breaks a rule, else None (then
    ``settlement`` holds the legal ones before it and ``options`` is empty)."""

    settlement: Settlement
    options: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    illegal: dict[str, Any] | None = None


def puzzle_board(puzzle: dict, solution: dict, catalog: Catalog | None = None) -> PuzzleBoard:
    """The board of ``puzzle`` (a ``puzzles.wild_tiled_west.daily.daily_puzzle`` dict, with or without its solution) after the
    placements of ``solution`` (``{"placements": [{"tile", "orientation", "row", "col"}, ...]}``, hand tiles each at
    most once), played in that order.  Raises ``PuzzleError`` for a malformed puzzle or solution, an unknown tile, a
    tile not in the hand or placed twice."""
    position = puzzle_position(puzzle, catalog)
    catalog = position.catalog
    placements = parse_solution(solution, {t.id for t in position.tiles}, lambda t: known_tile(catalog, t))
    settlement = position.settlement.copy()
    for i, p in enumerate(placements):
        tile = position.tile(p.tile_id)
        check = check_placement(settlement, tile, p.orientation, p.row, p.col)
        if not check.legal:
            return PuzzleBoard(settlement, illegal=illegal_verdict(i, p, check))
        settlement.place(tile, p.orientation, p.row, p.col)
    placed = {p.tile_id for p in placements}
    options = {}
    for tile in position.tiles:
        if tile.id in placed:
            continue
        options[tile.id] = [
            {"type": "place", "tile": tile.id, "orientation": q.orientation, "row": q.row, "col": q.col,
             "squares": [list(rc) for rc in tile.orientations[q.orientation].squares_at(q.row, q.col)],
             "label": placement_label(catalog, tile.id, q.orientation, q.row, q.col)}
            for q in legal_placements(settlement, tile)]
    return PuzzleBoard(settlement, options)
