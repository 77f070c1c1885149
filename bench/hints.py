"""Benchmark: hint latency and quality, and bot strength through self-play (issue 6).

1. Latency: draft-turn hints with the default budget on positions from games played by the hint bot
   (solo and 2 players): median, 95th percentile and maximum wall time, and how many were partial.
   Target: 95th percentile 1 s or less.
2. Quality: for each of those hints whose best option drafts a tile, the value (``evaluate_plan``, one
   tile) of the placement it chose against CP-SAT's proven optimum for that tile: the mean gap, in
   points, and how often the hint's placement is optimal (it may trade plan value for position value).
3. Strength (``--games N``, default 20; the issue's figures use 200, also with
   ``python -m solver selfplay``): solo hint-bot score median and quartiles, solo ranks; 2 players hint
   bot against greedy and against random: win rates.  Targets: solo median >= 130 (Marshal), a quarter
   >= 150 (Mysterious Stranger); 2 players: >= 70% against greedy, >= 95% against random.

Run: ``make bench`` or ``python bench/hints.py [--positions N] [--games N]``.
"""

from __future__ import annotations

import argparse
import statistics

import _path  # noqa: F401  (first: keeps bench/solver.py from shadowing the solver package)

from solver.games.wild_tiled_west.ai.hints import DEFAULT_BUDGET_MS, hint
from solver.games.wild_tiled_west.ai.random_positions import draft_positions
from solver.games.wild_tiled_west.ai.selfplay import run
from solver.games.wild_tiled_west.planning.cpsat.solve import solve_plan
from solver.games.wild_tiled_west.planning.plans import PlanPosition, evaluate_plan
from solver.games.wild_tiled_west.rules.settlement import Placement


def latency_and_quality(count: int) -> None:
    walls, partial, gaps, optimal = [], 0, [], 0
    for game, seat in draft_positions(count):
        answer = hint(game.position(seat), top=3, budget_ms=DEFAULT_BUDGET_MS)
        walls.append(answer["wall_ms"])
        partial += answer["partial"]
        moves = answer["options"][0]["moves"]
        if len(moves) >= 2 and moves[0]["type"] == "draft" and moves[1]["type"] == "place":
            tile = game.catalog.tile(moves[0]["tile"])
            position = PlanPosition.from_game(game, seat, [tile])
            place = moves[1]
            chosen = evaluate_plan(position, [Placement(tile.id, place["orientation"], place["row"], place["col"])]).total
            best = solve_plan(position, required=True, time_limit_ms=10_000)
            if best.status == "OPTIMAL":
                gaps.append(best.objective - chosen)
                optimal += chosen == best.objective
    walls.sort()
    print(f"draft-turn hints ({len(walls)} positions, budget {DEFAULT_BUDGET_MS} ms): median {statistics.median(walls):.0f} ms, "
          f"p95 {walls[int(0.95 * (len(walls) - 1))]:.0f} ms, max {walls[-1]:.0f} ms, partial {partial} (target p95 <= 1000 ms)")
    if gaps:
        print(f"placement quality vs CP-SAT's proven best fit ({len(gaps)} drafts): mean gap {statistics.mean(gaps):.2f} points, "
              f"optimal in {optimal}/{len(gaps)} (the hint may trade plan value for position value)")


def strength(games: int) -> None:
    solo = run(1, games, ["hint"], 1, progress=False).summary()
    row = solo["bots"]["hint"]
    high = solo["solo_ranks"].get("Mysterious Stranger", 0)
    print(f"solo, {games} games: hint median {row['median']}, q25 {row['q25']}, q75 {row['q75']}, max {row['max']} "
          f"(target median >= 130, >= 25% at 150+: {high / games:.0%}); ranks {solo['solo_ranks']}")
    for rival in ("greedy", "random"):
        duel = run(2, games, ["hint", rival], 1, progress=False).summary()["bots"]
        print(f"2 players, {games} games, hint vs {rival}: hint wins {duel['hint']['win_rate']:.0%} "
              f"(target {'70' if rival == 'greedy' else '95'}%), medians {duel['hint']['median']} / {duel[rival]['median']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    latency_and_quality(args.positions)
    if args.games:
        strength(args.games)


if __name__ == "__main__":
    main()
