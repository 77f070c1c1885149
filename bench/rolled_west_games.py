"""Benchmark: Rolled West's random games with every invariant checked after every move (issue 38).

Plays ``--games`` games (default 5,000), players cycling 2, 3, 4, game ``i`` seeded ``--seed + i``; each move is a
random pending seat's random legal move (so neighbours' sealed banks come in every order), and after each move
``tests.rolled_west.invariants.broken`` checks that resources are conserved, that each contract, office and higher
shipping number is circled by one player at most, and that the scores are the sheets' marks.  Prints games per second
(checks included) and every invariant broken (none expected); exits 1 when one broke.
Run: ``python bench/rolled_west_games.py [--games N] [--seed S]``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import _path  # noqa: F401  (first: keeps bench/solver.py from shadowing the solver package)
from tqdm import tqdm

from solver.games.rolled_west.protocol import GAME

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.rolled_west.invariants import broken  # noqa: E402  (the tests' invariant checks, found from ROOT)


def play(seed: int, players: int) -> tuple[int, list[str]]:
    """One random game checked after every move: its moves and the invariants broken (with the move they broke at)."""
    state, rng = GAME.new_state({"players": players, "seed": seed}), random.Random(seed)
    found: list[str] = []
    while not state.finished and not found:
        seat = rng.choice(state.pending_seats())
        state.play(seat, rng.choice(state.legal_moves(seat)))
        found = [f"game {seed} ({players} players), move {len(state.moves)}: {b}" for b in broken(state)]
    return len(state.moves), found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start, moves, found = time.perf_counter(), 0, []
    for i in tqdm(range(args.games), unit="game"):
        n, broke = play(args.seed + i, 2 + i % 3)
        moves, found = moves + n, found + broke
    wall = time.perf_counter() - start
    print(f"{args.games} random games of 2-4 players in {wall:.1f} s: {args.games / wall:.1f} games/s with every "
          f"invariant checked after each of {moves} moves; invariants broken: {len(found) or 'none'}")
    for line in found[:20]:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
