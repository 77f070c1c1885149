"""Benchmark: daily puzzle generation time by difficulty over consecutive dates.

For each of ``--days`` dates from ``--start`` and each difficulty, generates the daily puzzle (no cache)
and prints the median and maximum wall time per puzzle, the candidates tried and discarded (unproven
within the deterministic budget, or graded at another difficulty), and the share of published puzzles
proven optimal (every published puzzle must be: CP-SAT's status OPTIMAL, and its stored solution re-scored
by the rules engine equals the stored optimum).  Target (issue 7): hard median <= 10 s on the 2-core machine; 100% proven.
Run: ``make bench`` or ``python bench/puzzles.py [--days 30] [--start 2026-01-01] [--difficulty hard]``.
"""

from __future__ import annotations

import argparse
import datetime
import statistics
import time

import _path  # noqa: F401  (first: keeps bench/solver.py from shadowing the solver package)

from puzzles.daily import generate_daily
from puzzles.generate import DIFFICULTIES
from puzzles.verify import verify_solution


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--days", type=int, default=30, help="how many consecutive dates (default 30)")
    parser.add_argument("--start", type=datetime.date.fromisoformat, default=datetime.date(2026, 1, 1))
    parser.add_argument("--difficulty", choices=DIFFICULTIES, action="append", help="only these (repeatable)")
    args = parser.parse_args()
    for level in args.difficulty or DIFFICULTIES:
        times, proven, ratings = [], 0, []
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
        print(f"{level:6} {len(times)} dates: median {statistics.median(times):6.2f} s, max {max(times):6.2f} s per puzzle; "
              f"candidates {counts['candidates']} (discarded: {counts['unproven']} unproven, {counts['off_grade']} off-grade); "
              f"proven optimal {proven}/{len(times)} ({100 * proven / len(times):.0f}%); "
              f"median rating {statistics.median(ratings)}", flush=True)


if __name__ == "__main__":
    main()
