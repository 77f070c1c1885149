"""Measurement: how high a search can score in solo when it knows the future (a ceiling for issue 6).

Not a bot: a beam search over whole solo games that *reads the true game* (future dice, the bandit
deck), so it shows what our position value and option search could reach with perfect information,
and hence how far an honest bot (which may not read them) is from the issue's target of a quarter of
games at 150+ (Mysterious Stranger).  Each game keeps the ``--beam`` best states (by
``solver.games.wild_tiled_west.ai.evaluation.position_value``, in points); every state not finished is expanded by its
``--options`` best complete options (``solver.games.wild_tiled_west.ai.hints.rank_options``, one-step values, on the true game);
the game's figure is the best final score in the last beam.  Game ``i`` has seed ``seed + i``, like
``python -m solver selfplay`` (seed 1: the same deals as the issue's 200 solo games).

Run: ``python bench/solo_ceiling.py [--games N] [--seed S] [--beam B] [--options K]`` (about 25 s a game
with the defaults on this machine; not part of ``make bench``).
"""

from __future__ import annotations

import argparse
import json
import statistics

import _path  # noqa: F401  (first: keeps bench/solver.py from shadowing the solver package)
from tqdm import tqdm

from solver.games.wild_tiled_west.ai.evaluation import position_value, total
from solver.games.wild_tiled_west.ai.hints import rank_options
from solver.games.wild_tiled_west.engine.game import Game
from solver.games.wild_tiled_west.rules.setup import GameConfig

SEAT = 0
SEARCH_BUDGET_MS = 20_000  #: per expansion: large enough that no option search is cut short


def _value(game: Game) -> float:
    """The seat's position value, in points (its final score once the game is over)."""
    return total(position_value(game, SEAT))


def _after(game: Game, moves: list[dict]) -> Game:
    """A copy of ``game`` with an option's moves played (stopping at the first no longer legal)."""
    child = Game.from_json(game.to_json(), game.catalog)
    for move in moves:
        if child.finished or move not in child.legal_moves():
            break
        child.apply(move)
    return child


def best_final_score(seed: int, beam: int, options: int) -> int:
    """The best final score (points) a ``beam``-wide search expanding ``options`` options per state finds
    in the solo game of ``seed``, reading the true game."""
    states = [Game(GameConfig(players=1, seed=seed))]
    while not all(state.finished for state in states):
        children: list[tuple[float, Game]] = []
        for state in states:
            if state.finished:
                children.append((_value(state), state))
                continue
            ranked, _ = rank_options(state, SEAT, options, SEARCH_BUDGET_MS)
            children.extend((_value(child), child) for child in (_after(state, o.moves) for o in ranked))
        children.sort(key=lambda vc: -vc[0])
        seen: set[str] = set()
        states = []
        for _, child in children:
            key = json.dumps(child.to_json(), sort_keys=True)
            if key not in seen:
                seen.add(key)
                states.append(child)
            if len(states) == beam:
                break
    return max(state.score_breakdown(SEAT)["total"] for state in states)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games to play (default 40)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (game i: seed + i)")
    parser.add_argument("--beam", type=int, default=32, help="states kept after each decision (default 32)")
    parser.add_argument("--options", type=int, default=6, help="options expanded per state (default 6)")
    args = parser.parse_args()
    scores = [best_final_score(args.seed + i, args.beam, args.options)
              for i in tqdm(range(args.games), desc="solo ceiling", unit="game")]
    q1, median, q3 = statistics.quantiles(scores, n=4, method="inclusive")
    stranger = sum(score >= 150 for score in scores)
    print(f"perfect-information beam {args.beam} x {args.options}, {len(scores)} solo games from seed {args.seed}: "
          f"median {median:g}, mean {statistics.mean(scores):.1f}, q25 {q1:g}, q75 {q3:g}, "
          f"min {min(scores)}, max {max(scores)}; 150+ (Mysterious Stranger): {stranger} "
          f"({100 * stranger / len(scores):.1f}%)")


if __name__ == "__main__":
    main()
