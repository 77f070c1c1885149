"""Benchmark: Rolled West's daily solo puzzles (issue 38): every puzzle of ``--days`` dates x 3 difficulties generated
and its optimum proven, and the CP-SAT model against the exhaustive search (the oracle) on puzzles cut to 2 and 3
rounds.

For each date and difficulty, generates the puzzle (no cache) and prints, per difficulty and over all: the wall time
of the published puzzle's proof (one CP-SAT solve, the model built included: p50, p95, max), of the solve proving the
best other sheet (uniqueness), and of the whole generation (every candidate drawn, played by the greedy player and
proven); the candidates tried and discarded; the share of puzzles proven optimal (CP-SAT's status OPTIMAL, and the
stored plan replayed by the engine scores exactly the optimum); the unique optima and the greedy player's gaps.
Target (issue 38): every optimum proven, p95 <= 5 s.  Then ``--cut`` published puzzles (the medium ones of the first
dates) cut to 2 rounds and to 3 rounds, each solved by the model and by the oracle: how many agree, and their times.
Run: ``python bench/rolled_west_puzzles.py [--days 30] [--start 2026-01-01] [--cut 30]``.
"""

from __future__ import annotations

import argparse
import datetime
import statistics
import time

import _path  # noqa: F401  (first: keeps bench/solver.py from shadowing the solver package)

from puzzles.archive import DIFFICULTIES
from puzzles.rolled_west.daily import generate_daily
from puzzles.rolled_west.verify import puzzle_of, verify_solution
from solver.games.rolled_west.components.catalog import load_components
from solver.games.rolled_west.planning.model import solve_solo
from solver.games.rolled_west.planning.oracle import best_by_search


def _spread(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, max(0, round(0.95 * len(ordered)) - 1))]
    return f"p50 {statistics.median(ordered):5.2f} s, p95 {p95:5.2f} s, max {ordered[-1]:5.2f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--days", type=int, default=30, help="how many consecutive dates (default 30)")
    parser.add_argument("--start", type=datetime.date.fromisoformat, default=datetime.date(2026, 1, 1))
    parser.add_argument("--cut", type=int, default=30, help="published puzzles cut to 2 and 3 rounds for the oracle")
    args = parser.parse_args()
    components = load_components()
    everything: dict[str, list[float]] = {"prove": [], "other": [], "generate": []}
    published: dict[str, list[dict]] = {level: [] for level in DIFFICULTIES}
    proven_all = total = 0
    for level in DIFFICULTIES:
        times: dict[str, list[float]] = {"prove": [], "other": [], "generate": []}
        counts = {"candidates": 0, "unproven": 0, "off_grade": 0}
        proven, unique, gaps = 0, 0, []
        for k in range(args.days):
            day = args.start + datetime.timedelta(days=k)
            report: dict = {}
            t0 = time.perf_counter()
            puzzle = generate_daily(day, level, report)
            times["generate"].append(time.perf_counter() - t0)
            times["prove"].append(report["solves"][0]["wall_ms"] / 1000)
            times["other"].append(report["solves"][1]["wall_ms"] / 1000)
            for key in counts:
                counts[key] += report[key]
            verdict = verify_solution(puzzle, puzzle["solution"], components)
            proven += (puzzle["proof"]["status"] == "OPTIMAL" and verdict["legal"] and verdict["finished"]
                       and verdict["score"] == puzzle["optimum"])
            unique += puzzle["unique"]
            gaps.append(puzzle["grading"]["gap"])
            published[level].append(puzzle)
        n = len(times["prove"])
        print(f"{level:6} {n} dates: optimum proven in {_spread(times['prove'])}; best other sheet in "
              f"{_spread(times['other'])}; generation {_spread(times['generate'])}; candidates {counts['candidates']} "
              f"(discarded: {counts['unproven']} unproven, {counts['off_grade']} off-grade); proven optimal {proven}/{n} "
              f"({100 * proven / n:.0f}%); unique {unique}/{n}; greedy gap median {statistics.median(gaps)} "
              f"(min {min(gaps)}, max {max(gaps)})", flush=True)
        for key, values in times.items():
            everything[key] += values
        proven_all += proven
        total += n
    print(f"all    {total} puzzles: optimum proven in {_spread(everything['prove'])}; best other sheet in "
          f"{_spread(everything['other'])}; generation {_spread(everything['generate'])}; proven optimal "
          f"{proven_all}/{total} ({100 * proven_all / total:.0f}%)", flush=True)
    chosen = (published["medium"] + published["easy"] + published["hard"])[:args.cut]
    for rounds in (2, 3):
        agree, model_s, oracle_s = 0, [], []
        for puzzle in chosen:
            cut = puzzle_of(puzzle, components).cut(rounds)
            t0 = time.perf_counter()
            plan = solve_solo(cut)
            t1 = time.perf_counter()
            found = best_by_search(cut)
            t2 = time.perf_counter()
            model_s.append(t1 - t0)
            oracle_s.append(t2 - t1)
            agree += plan.proven and plan.score == found.score
        print(f"cut to {rounds} rounds: {len(chosen)} puzzles, the model and the oracle agree on {agree}/{len(chosen)}; "
              f"model {_spread(model_s)}; oracle {_spread(oracle_s)}", flush=True)


if __name__ == "__main__":
    main()
