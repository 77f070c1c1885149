"""Benchmark: enumerate every legal placement of a 5-square tile on a half-covered 10 x 10 board.

Prints the median (and 95th percentile) time of one ``legal_placements`` call over many boards
and calls, and the same for the brute-force scan through ``check_placement`` for comparison.
Target (issue 2): median 1 ms or less.  Run: ``make bench`` or ``python bench/placements.py``.
"""

from __future__ import annotations

import random
import statistics
import time

import _path  # noqa: F401  (first: keeps bench/solver.py from shadowing the solver package)

from solver.games.wild_tiled_west.ai.random_positions import random_settlement
from solver.games.wild_tiled_west.components.catalog import load_catalog
from solver.games.wild_tiled_west.rules.placement import check_placement, legal_placements
from solver.games.wild_tiled_west.rules.settlement import Settlement


def half_covered(seed: int) -> Settlement:
    """A random legal settlement on a 10 x 10 catalog side with about half of its spaces covered."""
    sides = [s for b in load_catalog().boards for s in b.sides if s.start is not None and s.height == s.width == 10]
    return random_settlement(seed, covered=50, side=random.Random(seed).choice(sides))


def timed(fn, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter_ns()
        fn()
        out.append((time.perf_counter_ns() - t0) / 1e6)
    return out


def main() -> None:
    catalog = load_catalog()
    five = [t for t in catalog.tiles if t.size == 5]
    tile = max(five, key=lambda t: len(t.orientations))
    boards = [half_covered(seed) for seed in range(20)]
    covered = [s.covered.bit_count() for s in boards]
    fast, brute, counts = [], [], []
    for s in boards:
        legal_placements(s, tile)  # warm the anchor-mask cache once per orientation
        fast += timed(lambda: legal_placements(s, tile), 200)
        counts.append(len(legal_placements(s, tile)))

        def scan():
            return [1 for o in tile.orientations for r in range(s.height) for c in range(s.width)
                    if check_placement(s, tile, o.index, r, c).legal]

        brute += timed(scan, 3)
    q = statistics.quantiles(fast, n=20, method="inclusive")
    print(f"tile {tile.id}: 5 squares, {len(tile.orientations)} orientations; {len(boards)} boards of 10 x 10 "
          f"with {min(covered)}-{max(covered)} spaces covered; {min(counts)}-{max(counts)} legal placements")
    print(f"legal_placements (bit masks): median {statistics.median(fast):.3f} ms, p95 {q[18]:.3f} ms "
          f"over {len(fast)} calls  (target: median <= 1 ms)")
    print(f"brute-force scan via check_placement: median {statistics.median(brute):.3f} ms over {len(brute)} calls")


if __name__ == "__main__":
    main()
