"""Rope Trick (rulebook: Wild sides / Rope Trick; its reward reconstructed, docs/rulings.md): a rope icon is
surrounded when no tile can be placed on any of its four orthogonal neighbours; surrounding an uncovered rope icon
scores 3 points (``amounts.points``); one covered before it is surrounded scores nothing."""

from __future__ import annotations

from solver.games.wild_tiled_west.components.geometry import Coord
from solver.games.wild_tiled_west.components.values import SpaceKind
from solver.games.wild_tiled_west.rules.buildings import surrounded
from solver.games.wild_tiled_west.rules.player import PlayerState
from solver.games.wild_tiled_west.rules.settlement import Settlement
from solver.games.wild_tiled_west.rules.table import Table
from solver.games.wild_tiled_west.rules.wild_sides.hooks import WildSideRule

KEY = "rope_trick"


def rope_surrounded(settlement: Settlement, square: Coord) -> bool:
    """The rope icon at ``square`` has no open orthogonal neighbour (diagonals do not count)."""
    return surrounded(settlement, [square])


def _after_surround(table: Table, player: PlayerState) -> None:
    """Score every rope icon newly surrounded; mark the ones covered first as done (they score nothing)."""
    s = player.settlement
    for r, c in s.side.squares(SpaceKind.ROPE):
        if [r, c] in player.ropes_done:
            continue
        if s.cover[r][c] >= 0:
            player.ropes_done.append([r, c])
        elif rope_surrounded(s, (r, c)):
            player.ropes_done.append([r, c])
            points = table.catalog.wild_side(KEY).amount("points")
            player.score("rope_trick", points)
            table.emit({"type": "rope_trick", "seat": player.seat, "row": r, "col": c, "points": points})


RULE = WildSideRule(KEY, after_surround=_after_surround)
