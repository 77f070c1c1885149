"""Benchmark: the CP-SAT plan model and the exhaustive enumerator on positions from random games.

Prints median and 95th-percentile wall time (milliseconds) of CP-SAT for the best fit of 1 tile
(target <= 50 ms), a 3-tile plan (<= 500 ms) and a 6-tile plan proven optimal (<= 5 s), the share
proven optimal, and the enumerator on the same 2- and 3-tile positions with the ratio
enumerator / CP-SAT (CP-SAT must be faster at 3 tiles).
Run: ``make bench`` or ``python bench/solver.py [--quick] [--cpsat-seed N]``.
"""

from __future__ import annotations

import argparse
import statistics

import _path  # noqa: F401  (first: keeps this file from shadowing the solver package)

from solver.games.wild_tiled_west.ai.random_positions import game_positions
from solver.games.wild_tiled_west.planning.cpsat import solve as placement_model
from solver.games.wild_tiled_west.planning.enumerator import best_plan_by_enumeration


def summary(times: list[float]) -> str:
    """Median, 95th percentile (inclusive: never beyond the largest) and maximum, in milliseconds."""
    q = statistics.quantiles(times, n=20, method="inclusive") if len(times) > 1 else times * 19
    return f"median {statistics.median(times):8.1f} ms, p95 {q[18]:8.1f} ms, max {max(times):8.1f} ms over {len(times)}"


def cpsat(label: str, positions, limit_ms: int) -> list:
    results = [placement_model.solve_plan(p, time_limit_ms=limit_ms) for p in positions]
    proven = sum(r.status == "OPTIMAL" for r in results)
    work = sorted(r.stats.get("deterministic_time", 0.0) for r in results)
    print(f"CP-SAT {label:28} {summary([r.wall_ms for r in results])}; proven optimal {proven}/{len(results)}; "
          f"deterministic time median {statistics.median(work):.3f}, max {work[-1]:.3f}, sum {sum(work):.2f} "
          f"(CP-SAT's machine-independent work: compare model variants with it on a loaded machine)")
    found = [r.stats["best_found_ms"] for r in results if r.stats.get("best_found_ms") is not None]
    if found:
        print(f"       {'':28} answer found (the rest is proof): {summary(found)}")
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer positions (a smoke run)")
    parser.add_argument("--cpsat-seed", type=int, default=placement_model.SEED,
                        help=f"CP-SAT's random seed (default {placement_model.SEED}, the solver's): how much the figures move with it")
    args = parser.parse_args()
    placement_model.SEED = args.cpsat_seed
    # 100 three-tile positions (the first 20 are the set measured before 2026-11-24's third session): a 95th
    # percentile over 20 is the second slowest, which moved by 200 ms between CP-SAT seeds on the same set.
    n1, n3, n6, e2, e3 = (10, 4, 2, 4, 1) if args.quick else (40, 100, 8, 10, 3)
    cpsat("1 tile (target 50 ms)", game_positions(n1, seed=101, tiles=1), 5000)
    cpsat("3 tiles (target 500 ms)", game_positions(n3, seed=103, tiles=3), 10000)
    cpsat("6 tiles proven (target 5 s)", game_positions(n6, seed=106, tiles=6), 30000)
    for tiles, count, seed in ((2, e2, 202), (3, e3, 203)):
        positions = game_positions(count, seed=seed, tiles=tiles)
        model = [placement_model.solve_plan(p, time_limit_ms=30000) for p in positions]
        enum = [best_plan_by_enumeration(p) for p in positions]
        assert all(m.objective == e.value.total for m, e in zip(model, enum) if m.status == "OPTIMAL")
        ratio = statistics.median(e.wall_ms / max(m.wall_ms, 1e-3) for m, e in zip(model, enum))
        print(f"{tiles} tiles: enumerator {summary([e.wall_ms for e in enum])}; CP-SAT {summary([m.wall_ms for m in model])}; "
              f"median ratio enumerator/CP-SAT {ratio:.1f}")


if __name__ == "__main__":
    main()
