"""Exhaustive search for the best plan of a few tiles (1 to 3): the reference the CP-SAT model is
proven against.

It walks every sequence of legal placements (each tile at most once, each new tile legal on the
settlement as it then stands: rulebook, Drafting a tile), visiting each set of placements once, and
scores every set with ``solver.games.wild_tiled_west.planning.plans.evaluate_plan``'s value — the rules engine's own functions —
on the settlement the walk has placed it on (``evaluate_played``).  Sets reached in several orders are scored once.  Exponential: meant for small cases and benchmarks.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from solver.games.wild_tiled_west.planning.plans import PlanPosition, PlanValue, evaluate_played, refuse_rooted
from solver.games.wild_tiled_west.rules.placement import Placement, legal_placements
from solver.games.wild_tiled_west.rules.settlement import Settlement


@dataclass
class EnumerationResult:
    """The best plan found by exhaustive search: ``placements`` (a legal play order), its ``value``,
    the number of distinct plans scored and the wall time in milliseconds."""

    placements: list[Placement]
    value: PlanValue
    plans: int
    wall_ms: float


def best_plan_by_enumeration(position: PlanPosition, required: bool = False) -> EnumerationResult:
    """The optimum over every legal plan (any subset of the tiles, or all of them when ``required``).

    Ties keep the first plan found.  With ``required`` and no way to place every tile, the result
    has no placements and a value of ``None``.  Raises ``ValueError`` for a position with ``rooted_on``
    (plans are placed by the connection rules only)."""
    refuse_rooted(position)
    start = time.perf_counter()
    tiles = position.tiles
    seen: set[frozenset] = set()
    best: list = [None, None]  # value, placements
    count = 0

    def visit(settlement: Settlement, done: tuple[Placement, ...]) -> None:
        nonlocal count
        seen.add(frozenset(done))
        if not required or len(done) == len(tiles):
            count += 1
            value = evaluate_played(position, list(done), settlement)  # evaluate_plan's, on the plan as placed here
            if best[0] is None or value.total > best[0].total:
                best[0], best[1] = value, list(done)
        placed = {p.tile_id for p in done}
        for tile in tiles:
            if tile.id in placed:
                continue
            for p in legal_placements(settlement, tile):
                if frozenset((*done, p)) in seen:  # this set was reached in another order: not placed again
                    continue
                nxt = settlement.copy()
                nxt.place(tile, p.orientation, p.row, p.col)
                visit(nxt, done + (p,))

    visit(position.settlement.copy(), ())
    wall = (time.perf_counter() - start) * 1000
    return EnumerationResult(best[1] or [], best[0], count, wall)
