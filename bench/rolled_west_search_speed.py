"""Benchmark: what one simulation of Rolled West's search costs, at a fixed simulation count (so the load of the
machine changes the time, not the work).

Positions: the active player's terrain decisions of 2-player games the greedy bots play (deals ``--seed`` onward), one
in every three.  Each is searched with ``--simulations`` simulations (no time limit) by the search the game uses
(``GAME.search_game()``) and by the same search with rollouts to the end of the game and every root option
(``RolledWestSearch(GAME)``).  Printed per search: CPU milliseconds a simulation (the root's options included), the
states cloned and the positions scored (every seat at once) a simulation, and how often the two searches choose the
same option.

Run: ``python bench/rolled_west_search_speed.py [--games 3] [--simulations 12] [--seed 5]``.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from typing import Any

import _path  # noqa: F401  (first: keeps bench/solver.py from shadowing the solver package)

from solver.core.search import search
from solver.games.rolled_west.ai.search import RolledWestSearch
from solver.games.rolled_west.engine.game import RolledWest
from solver.games.rolled_west.protocol import GAME

COUNTS: Counter[str] = Counter()
_clone, _breakdowns = RolledWest.clone, RolledWest.score_breakdowns


def _counted_clone(self: RolledWest) -> RolledWest:
    COUNTS["clones"] += 1
    return _clone(self)


def _counted_breakdowns(self: RolledWest) -> list[dict[str, int]]:
    COUNTS["scores"] += 1
    return _breakdowns(self)


def positions(games: int, seed: int) -> list[RolledWest]:
    """Every third terrain decision of the active player in ``games`` greedy games from deal ``seed``."""
    found = []
    for deal in range(seed, seed + games):
        state = GAME.new_state({"players": 2, "seed": deal})
        bots = [GAME.make_bot("greedy", 1), GAME.make_bot("greedy", 2)]
        turns = 0
        while not state.finished:
            seat = state.pending_seats()[0]
            if state.phase == "terrain" and state.active == seat:
                turns += 1
                if turns % 3 == 1:
                    found.append(state.clone())
            state.play(seat, bots[seat].choose(state, seat))
    return found


def measure(plug: Any, states: list[RolledWest], simulations: int) -> tuple[dict[str, float], list[Any]]:
    """CPU ms, clones and scores a simulation over ``states``, and each search's chosen moves."""
    COUNTS.clear()
    start, chosen = time.process_time(), []
    for state in states:
        seat = state.pending_seats()[0]
        chosen.append(search(plug, state.position(seat), None, simulations, seed=3).best.option.moves)
    n = len(states) * simulations
    return {"cpu_ms": 1000.0 * (time.process_time() - start) / n, "clones": COUNTS["clones"] / n,
            "scores": COUNTS["scores"] / n}, chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3, help="greedy games the positions come from")
    parser.add_argument("--simulations", type=int, default=12, help="simulations a search")
    parser.add_argument("--seed", type=int, default=5, help="the first game's deal")
    args = parser.parse_args()
    states = positions(args.games, args.seed)
    RolledWest.clone, RolledWest.score_breakdowns = _counted_clone, _counted_breakdowns  # type: ignore[method-assign]
    results = {}
    for name, plug in (("the game's search", GAME.search_game()), ("rollouts to the end, every option",
                                                                   RolledWestSearch(GAME))):
        figures, chosen = measure(plug, states, args.simulations)
        results[name] = chosen
        print(f"{name}: {len(states)} positions x {args.simulations} simulations: {figures['cpu_ms']:.1f} ms of CPU, "
              f"{figures['clones']:.0f} states cloned, {figures['scores']:.0f} positions scored a simulation")
    same = sum(a == b for a, b in zip(*results.values(), strict=True))
    print(f"the same option chosen in {same} of {len(states)} positions")


if __name__ == "__main__":
    main()
