"""Benchmark: complete random 4-player games per second on one core.

Plays whole games with the random bot (every move through ``legal_moves``/``apply``) and prints games
per second, moves per game and the time per move.  Target (issue 3): 20 games/s or more.
Run: ``make bench`` or ``python bench/engine.py [--games N] [--players P]``.
"""

from __future__ import annotations

import argparse
import statistics
import time

import _path  # noqa: F401  (first: keeps bench/solver.py from shadowing the solver package)

from solver.games.wild_tiled_west.ai.bots import RandomBot, play_game
from solver.games.wild_tiled_west.engine.game import Game
from solver.games.wild_tiled_west.rules.setup import GameConfig


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    Game(GameConfig(players=args.players, seed=0))  # load the catalog outside the timing
    times, moves = [], []
    start = time.perf_counter()
    for seed in range(args.games):
        t0 = time.perf_counter()
        game = play_game(Game(GameConfig(players=args.players, seed=seed)), RandomBot(seed))
        times.append(time.perf_counter() - t0)
        moves.append(len(game.moves))
    total = time.perf_counter() - start
    print(f"{args.games} random {args.players}-player games in {total:.2f} s: {args.games / total:.1f} games/s "
          f"(target >= 20); median {statistics.median(times) * 1000:.1f} ms per game, "
          f"{statistics.mean(moves):.0f} moves per game, {total / sum(moves) * 1e6:.0f} us per move")


if __name__ == "__main__":
    main()
