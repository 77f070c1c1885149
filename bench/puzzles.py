"""Benchmark: daily puzzle generation time by difficulty over consecutive dates.

For each of ``--days`` dates from ``--start`` and each difficulty, generates the daily puzzle (no cache)
and prints the median and maximum wall time per puzzle, the candidates tried and discarded (unproven
within the deterministic budget, or graded at another difficulty), and the share of published puzzles
proven optimal (every published puzzle must be: CP-SAT's status OPTIMAL, and its stored solution re-scored
by the rules engine equals the stored optimum).  Target (issue 7): hard median <= 10 s on the 2-core machine; 100% proven.
Then, as ``POST /analysis/placements`` with ``puzzle`` plans it (issue 27): each published puzzle's whole hand (5-8
tiles) solved from the puzzle as served, within the analysis' default budget (1000 ms): how many are proven
optimal at the stored optimum, and the median and maximum wall time.
Run: ``make bench`` or ``python bench/puzzles.py [--days 30] [--start 2026-01-01] [--difficulty hard]``.
"""

from __future__ import annotations

import argparse
import datetime
import statistics
import time

import _path  # noqa: F401  (first: keeps bench/solver.py from shadowing the solver package)

from puzzles.archive import DIFFICULTIES
from puzzles.wild_tiled_west.daily import generate_daily
from puzzles.wild_tiled_west.position import puzzle_position
from puzzles.wild_tiled_west.verify import verify_solution
from solver.games.wild_tiled_west.planning.cpsat.solve import solve_plan

ANALYSIS_BUDGET_MS = 1000  #: the service's PLACEMENTS_DEFAULT_BUDGET_MS (service.wild_tiled_west.SETTINGS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--days", type=int, default=30, help="how many consecutive dates (default 30)")
    parser.add_argument("--start", type=datetime.date.fromisoformat, default=datetime.date(2026, 1, 1))
    parser.add_argument("--difficulty", choices=DIFFICULTIES, action="append", help="only these (repeatable)")
    args = parser.parse_args()
    for level in args.difficulty or DIFFICULTIES:
        times, proven, ratings, analysed, hands = [], 0, [], [], []
        counts = {"candidates": 0, "unproven": 0, "off_grade": 0}
        for k in range(args.days):
            day = args.start + datetime.timedelta(days=k)
            report: dict = {}
            t0 = time.perf_counter()
            puzzle = generate_daily(day, level, report)
            times.append(time.perf_counter() - t0)
            for key in counts:
                counts[key] += report[key]
            verdict = verify_solution(puzzle, puzzle["solution"])
            proven += puzzle["proof"]["status"] == "OPTIMAL" and verdict["legal"] and verdict["score"] == puzzle["optimum"]
            ratings.append(puzzle["grading"]["rating"])
            served = {k: v for k, v in puzzle.items() if k not in ("solution", "breakdown")}
            t1 = time.perf_counter()
            plan = solve_plan(puzzle_position(served), time_limit_ms=ANALYSIS_BUDGET_MS)
            analysed.append((time.perf_counter() - t1, plan.status == "OPTIMAL" and plan.objective == puzzle["optimum"]))
            hands.append(len(puzzle["hand"]))
        print(f"{level:6} {len(times)} dates: median {statistics.median(times):6.2f} s, max {max(times):6.2f} s per puzzle; "
              f"candidates {counts['candidates']} (discarded: {counts['unproven']} unproven, {counts['off_grade']} off-grade); "
              f"proven optimal {proven}/{len(times)} ({100 * proven / len(times):.0f}%); "
              f"median rating {statistics.median(ratings)}", flush=True)
        walls = [1000 * w for w, _ in analysed]
        print(f"{level:6} analysis of the whole hand ({min(hands)}-{max(hands)} tiles, {ANALYSIS_BUDGET_MS} ms budget): "
              f"proven at the optimum {sum(ok for _, ok in analysed)}/{len(analysed)}; "
              f"median {statistics.median(walls):6.0f} ms, max {max(walls):6.0f} ms", flush=True)


if __name__ == "__main__":
    main()
