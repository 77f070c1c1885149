"""Benchmark: Rolled West's strength ladder, 2 players, paired seats.

Each seed is one deal (its dice: ruling "Dice are drawn per roll") played twice, bot A in seat 0 then in seat 1, so
that neither the deal nor the first seat favours a bot.  For each match ``A:B`` it prints A's win rate (a tied score
is a shared win: half a win each), A's mean margin (its points less B's), A's and B's mean points and their time per
decision, with 95% intervals computed over the seeds (the two games of a seed are one sample: they share the dice).
Bots are named as the game's (``random``, ``greedy``, ``hint``, ``search``; ``search:3000`` with a budget of its own),
thinking ``--budget-ms`` (default: the core's ``DEFAULT_BUDGET_MS``) a decision.

Run: ``python bench/rolled_west_ladder.py [--seeds N] [--match search greedy --match search:3000 hint] [--seed S]
[--budget-ms MS] [--workers W] [--json FILE]``.  Target (issue 38): the search at the default budget wins >= 60% of
200 games against the greedy bot.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import _path  # noqa: F401  (first: keeps bench/solver.py from shadowing the solver package)
from tqdm import tqdm

from solver.core.bots import DEFAULT_BUDGET_MS, parse_bot
from solver.core.protocol import Bot
from solver.core.selfplay import play_game
from solver.games.rolled_west.protocol import GAME


@dataclass(frozen=True)
class Pairing:
    """One game of the ladder: the deal's ``seed``, the bots by seat (``seats``), their budget."""

    seed: int
    seats: tuple[str, str]
    budget_ms: float


class Bots:
    """What the core's ``play_game`` needs of the game: its states and its bots by spec (``name`` or ``name:ms``)."""

    new_state = staticmethod(GAME.new_state)

    @staticmethod
    def make_bot(spec: str, seed: int, budget_ms: float) -> Bot:
        name, own = parse_bot(spec, GAME.bots())
        return GAME.make_bot(name, seed, budget_ms if own is None else own)


def play(pairing: Pairing) -> dict:
    """Play one game (the core's ``play_game``: seat ``i``'s bot seeded ``seed * 31 + i``); per seat its bot, points
    and decision times (milliseconds)."""
    state, times = play_game(Bots(), {"players": 2, "seed": pairing.seed}, list(pairing.seats), pairing.seed,
                             pairing.budget_ms)
    return {"seed": pairing.seed, "seats": list(pairing.seats), "points": state.totals(), "decision_ms": times}


def interval(values: list[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its 95% interval (1.96 standard errors; 0 for one value)."""
    mean = statistics.mean(values)
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0


def summary(a: str, b: str, games: list[dict]) -> dict:
    """A's win rate (ties: half), margin and both bots' points and decision times over ``games`` of the match."""
    by_seed: dict[int, list[tuple[float, float, int, int]]] = {}
    times: dict[str, list[float]] = {a: [], b: []}
    for game in games:
        seat_a = game["seats"].index(a)
        mine, theirs = game["points"][seat_a], game["points"][1 - seat_a]
        win = 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        by_seed.setdefault(game["seed"], []).append((win, mine - theirs, mine, theirs))
        times[a] += game["decision_ms"][seat_a]
        times[b] += game["decision_ms"][1 - seat_a]
    rows = [[statistics.mean(x[i] for x in pair) for i in range(4)] for pair in by_seed.values()]
    win, win_ci = interval([r[0] for r in rows])
    margin, margin_ci = interval([r[1] for r in rows])
    p95 = {k: sorted(v)[int(0.95 * (len(v) - 1))] if v else 0.0 for k, v in times.items()}
    return {"match": f"{a} vs {b}", "games": len(games), "seeds": len(rows), "win_rate": win, "win_rate_ci95": win_ci,
            "margin": margin, "margin_ci95": margin_ci, "points": [statistics.mean(r[2] for r in rows),
                                                                   statistics.mean(r[3] for r in rows)],
            "decision_ms_mean": {k: statistics.mean(v) if v else 0.0 for k, v in times.items()},
            "decision_ms_p95": p95}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=20, help="deals per match, each played twice (seats swapped)")
    parser.add_argument("--seed", type=int, default=1, help="the first deal's seed")
    parser.add_argument("--match", action="append", nargs=2, metavar=("A", "B"),
                        help="bot A against bot B, two different bots (default: search greedy, then search hint); a "
                             "bot may carry a budget of its own, search:3000")
    parser.add_argument("--budget-ms", type=float, default=DEFAULT_BUDGET_MS)
    parser.add_argument("--workers", type=int, default=1, help="games played at once, one process each")
    parser.add_argument("--json", help="write every game and the summaries to this file")
    args = parser.parse_args()
    matches = args.match or [("search", "greedy"), ("search", "hint")]
    if any(a == b for a, b in matches):
        parser.error("a match is between two different bots")
    out: dict = {"budget_ms": args.budget_ms, "matches": []}
    for a, b in matches:
        pairings = [Pairing(s, seats, args.budget_ms) for s in range(args.seed, args.seed + args.seeds)
                    for seats in ((a, b), (b, a))]
        if args.workers > 1:
            with ProcessPoolExecutor(max_workers=args.workers) as pool:
                games = list(tqdm(pool.map(play, pairings), total=len(pairings), desc=f"{a} vs {b}", unit="game"))
        else:
            games = [play(p) for p in tqdm(pairings, desc=f"{a} vs {b}", unit="game")]
        row = summary(a, b, games)
        out["matches"].append({**row, "games_played": games})
        print(f"{row['match']}: {row['games']} games ({row['seeds']} deals x 2 seats), budget {args.budget_ms:g} ms: "
              f"{a} wins {row['win_rate']:.1%} ± {row['win_rate_ci95']:.1%} (95%, ties half), margin "
              f"{row['margin']:+.2f} ± {row['margin_ci95']:.2f} points, means {row['points'][0]:.1f} / "
              f"{row['points'][1]:.1f}; ms per decision {row['decision_ms_mean'][a]:.0f} (p95 "
              f"{row['decision_ms_p95'][a]:.0f}) / {row['decision_ms_mean'][b]:.0f} (p95 {row['decision_ms_p95'][b]:.0f})")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(out, f)


if __name__ == "__main__":
    main()
