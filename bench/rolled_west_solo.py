"""Benchmark: Rolled West's bots on the daily solo puzzles' dice, each bot's score as a share of the proven optimum on
the same dice (issue 38: "in solo on the puzzles' dice, each bot's score as a share of the proven optimum ... the
ceiling no player can pass").

For each date of ``--days`` from ``--start`` and each difficulty, the day's puzzle (its rolls and ghost rolls, its
optimum proven by CP-SAT: ``puzzles.rolled_west``) is played from its first roll to its end by each bot of
``--bots`` (the game object's ``make_bot``; the search at ``--budget-ms``, default the core's 800 ms).  The bots do not
read the puzzle's later rolls: like a player of a game, they sample them (``ai.determinize``), while the optimum knows
them all, so a share below 100% is partly what foresight is worth.  Prints, per bot and difficulty, the mean share of
the optimum with its 95% interval (normal approximation over the puzzles), the worst and best shares, and how many
puzzles the bot solved optimally.  Run: ``python bench/rolled_west_solo.py [--days 10] [--bots greedy hint search]``.
"""

from __future__ import annotations

import argparse
import datetime
import statistics

import _path  # noqa: F401  (first: keeps bench/solver.py from shadowing the solver package)
from tqdm import tqdm

from puzzles.archive import DIFFICULTIES
from puzzles.rolled_west.daily import daily_puzzle
from puzzles.rolled_west.verify import puzzle_of
from solver.core.bots import DEFAULT_BUDGET_MS
from solver.games.rolled_west.protocol import GAME


def play(puzzle: dict, bot_name: str, budget_ms: float, seed: int) -> int:
    """The points ``bot_name`` scores playing ``puzzle`` (a published daily puzzle) from its first roll to its end."""
    state = puzzle_of(puzzle, GAME.components).game()
    bot = GAME.make_bot(bot_name, seed=seed, budget_ms=budget_ms)
    while not state.finished:
        seat = state.pending_seats()[0]
        state.play(seat, bot.choose(state, seat))
    return int(state.score_breakdown(0)["total"])


def interval(shares: list[float]) -> str:
    """The mean of ``shares`` (fractions) with its 95% interval, in percent."""
    mean = statistics.fmean(shares)
    half = 1.96 * statistics.stdev(shares) / len(shares) ** 0.5 if len(shares) > 1 else 0.0
    return f"{100 * mean:5.1f}% ± {100 * half:4.1f}%"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--days", type=int, default=10, help="how many consecutive dates (default 10)")
    parser.add_argument("--start", type=datetime.date.fromisoformat, default=datetime.date(2026, 1, 1))
    parser.add_argument("--bots", nargs="+", default=["random", "greedy", "hint", "search"])
    parser.add_argument("--budget-ms", type=float, default=DEFAULT_BUDGET_MS, help="the search's budget a decision")
    args = parser.parse_args()
    dates = [args.start + datetime.timedelta(days=d) for d in range(args.days)]
    puzzles = [daily_puzzle(date, difficulty) for date in tqdm(dates, desc="puzzles") for difficulty in DIFFICULTIES]
    shares: dict[tuple[str, str], list[float]] = {}
    for bot_name in args.bots:
        for n, puzzle in enumerate(tqdm(puzzles, desc=bot_name)):
            score = play(puzzle, bot_name, args.budget_ms, seed=n)
            shares.setdefault((bot_name, puzzle["difficulty"]), []).append(score / puzzle["optimum"])
    print(f"Rolled West's bots on {len(puzzles)} daily puzzles ({args.days} days from {args.start} x "
          f"{len(DIFFICULTIES)} difficulties), share of the proven optimum; search at {args.budget_ms:.0f} ms")
    for bot_name in args.bots:
        every = [s for (b, _d), found in shares.items() if b == bot_name for s in found]
        print(f"  {bot_name:7s} all     {interval(every)}  worst {100 * min(every):5.1f}%  best {100 * max(every):5.1f}%  "
              f"optimal {sum(s >= 1 for s in every)}/{len(every)}")
        for difficulty in DIFFICULTIES:
            found = shares[(bot_name, difficulty)]
            print(f"  {bot_name:7s} {difficulty:7s} {interval(found)}  worst {100 * min(found):5.1f}%  "
                  f"best {100 * max(found):5.1f}%")


if __name__ == "__main__":
    main()
