"""Self-play: bots play whole games against each other (or solo) and the results are summarised.

``python -m solver selfplay --players 1 --games 200 --bot hint --seed 1`` plays 200 solo games with the
hint bot; ``--players 2 --bot hint --bot greedy`` seats the listed bots in turn (the seats rotate from
game to game so that no bot always plays first).  A progress bar (tqdm) shows the games; at the end it
prints the score distribution per bot, the solo ranks reached (Sidekick to Mysterious Stranger), the
win rates per bot and, with other seats, its mean margin over the best of them, both with 95% intervals, and the
mean and 95th-percentile time per decision.  ``--json FILE`` also writes the
figures; ``--side wild`` seats every player on a board's wild side; ``--save DIR`` writes each game's configuration
and moves (``game-<seed>.json``, what ``python -m solver review`` reads); with ``--resume`` the games already saved
there are counted, not played again, so a measurement of hours can be stopped and taken up again; ``--against DIR``
pairs each game with the game of the same seed saved in another run's ``--save`` folder (the same deal) and reports
each bot's points less that run's in the same seat, deal by deal, with a 95% interval: far less noisy than two
medians (a solo bot has no margin to compare by).  A bot named ``name:ms``
(``--bot search:3000``) has that budget instead of ``--budget-ms``.  Game ``i`` uses seed ``seed + i``:
the same command gives the same games (time budgets aside: a search cut by the clock depends on the machine).

Source: our design (docs/hints.md).
"""

from __future__ import annotations

import json
import math
import statistics
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypedDict

from tqdm import tqdm

from solver.games.wild_tiled_west.ai.bots import make_bot, parse_bot
from solver.games.wild_tiled_west.ai.hints import DEFAULT_BUDGET_MS
from solver.games.wild_tiled_west.engine.game import Game
from solver.games.wild_tiled_west.rules.setup import GameConfig, SeatConfig
from solver.games.wild_tiled_west.rules.solo import solo_rank


class SelfPlaySummary(TypedDict):
    """``SelfPlayResult.summary()``: per bot name its figures (``games``, ``median``, ``mean``, ``q25``, ``q75``,
    ``min``, ``max``, ``win_rate`` and its 95% half-width ``win_rate_ci95``, ``decision_ms_mean``,
    ``decision_ms_p95``; with other seats, ``margin``, the mean of its points less the best other seat's, and
    ``margin_ci95``; against a baseline run, ``paired``, the mean of its points less the baseline's in the same seat of
    the same deal, ``paired_ci95``, and the deals on which it scored more, ``paired_ahead``, or less,
    ``paired_behind``), and the solo ranks reached."""

    bots: dict[str, dict[str, float]]
    solo_ranks: dict[str, int]


@dataclass
class SelfPlayResult:
    """What self-play measured: per bot name, final ``scores`` (points), ``margins`` (its points less the best
    other seat's, games with other seats), ``paired`` (its points less a baseline run's in the same seat of the same
    deal, when there is one), ``wins`` (games in which it placed first, ties included), ``games`` played, solo
    ``ranks`` reached, and every decision's wall time in milliseconds (``decision_ms``)."""

    scores: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    margins: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    paired: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    wins: Counter = field(default_factory=Counter)
    games: Counter = field(default_factory=Counter)
    ranks: Counter = field(default_factory=Counter)
    decision_ms: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))

    def summary(self) -> SelfPlaySummary:
        """Plain data: per bot, score median/mean/quartiles/min/max, win rate, margin and paired difference with
        their 95% intervals (normal approximation: 1.96 standard errors), decision times."""
        out: SelfPlaySummary = {"bots": {}, "solo_ranks": dict(self.ranks)}
        for name, scores in self.scores.items():
            s = sorted(scores)
            times = sorted(self.decision_ms[name])
            games = self.games[name]
            win_rate = self.wins[name] / games
            row = out["bots"][name] = {
                "games": games, "median": statistics.median(s), "mean": round(statistics.mean(s), 1),
                "q25": s[len(s) // 4], "q75": s[(3 * len(s)) // 4], "min": s[0], "max": s[-1],
                "win_rate": round(win_rate, 3), "win_rate_ci95": round(1.96 * math.sqrt(win_rate * (1 - win_rate) / games), 3),
                "decision_ms_mean": round(statistics.mean(times), 2) if times else 0.0,
                "decision_ms_p95": round(times[int(0.95 * (len(times) - 1))], 2) if times else 0.0,
            }
            margins = self.margins.get(name)
            if margins:
                row.update(margin=round(statistics.mean(margins), 2), margin_ci95=_ci95(margins))
            paired = self.paired.get(name)
            if paired:
                row.update(paired=round(statistics.mean(paired), 2), paired_ci95=_ci95(paired),
                           paired_ahead=sum(d > 0 for d in paired), paired_behind=sum(d < 0 for d in paired))
        return out


def _ci95(values: list[int]) -> float:
    """The half-width of the 95% interval of the mean of ``values`` (1.96 standard errors; 0 for one value)."""
    spread = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return round(1.96 * spread, 2)


def play_game(players: int, seed: int, bot_names: list[str], budget_ms: float,
              side: str = "normal") -> tuple[Game, list[list[float]]]:
    """Play one game with seed ``seed``, seat ``i`` played by ``bot_names[i]`` (``make_bot``: ``name`` or
    ``name:ms``), every seat on the ``side`` (``normal``, ``wild`` or ``random``) of a random board.  Returns the
    finished game and, per seat, the wall time of each of its decisions in milliseconds."""
    game = Game(GameConfig(players=players, seed=seed, seats=(SeatConfig(side=side),) * players))
    bots = [make_bot(name, seed * 31 + i, budget_ms) for i, name in enumerate(bot_names)]
    times: list[list[float]] = [[] for _ in range(players)]
    try:
        while not game.finished:
            pending = game.pending()
            assert pending is not None  # the game is not over
            seat = pending["seat"]
            start = time.perf_counter()
            move = bots[seat].choose(game, seat)
            times[seat].append((time.perf_counter() - start) * 1000.0)
            game.apply(move)
    finally:
        for bot in bots:
            close = getattr(bot, "close", None)
            if close is not None:
                close()
    return game, times


def record_game(result: SelfPlayResult, game: Game, bot_names: list[str], times: list[list[float]],
                baseline: Game | None = None) -> None:
    """Add a finished ``game`` (seat ``i`` played by ``bot_names[i]``, its decisions' ``times`` in milliseconds) to
    ``result``: scores, margins, wins (ties included), games, the solo rank, and with a ``baseline`` (another run's
    finished game of the same configuration) each seat's points less the baseline's in that seat."""
    for seat, seat_times in enumerate(times):
        result.decision_ms[bot_names[seat]].extend(seat_times)
    for row in game.standings():
        name = bot_names[row["seat"]]
        result.scores[name].append(row["points"])
        if baseline is not None:
            result.paired[name].append(row["points"] - baseline.players[row["seat"]].points)
        if len(game.players) > 1:
            best_other = max(p.points for p in game.players if p.seat != row["seat"])
            result.margins[name].append(row["points"] - best_other)
        result.games[name] += 1
        if row["place"] == 1:
            result.wins[name] += 1
    if len(game.players) == 1:
        result.ranks[solo_rank(game.catalog, game.players[0].points) or "no rank"] += 1


def _saved_game(path: Path, config: GameConfig, bot_names: list[str] | None = None) -> tuple[Game, list[list[float]]]:
    """The game saved at ``path`` by an earlier run, replayed, with its decision times.  Raises ``ValueError`` when
    the file holds another game than the one this run would play (its configuration, or its bots when ``bot_names``
    is given: a baseline's bots are others), is missing, or is unfinished."""
    if not path.exists():
        raise ValueError(f"{path} is missing: its run saved no game of this seed")
    saved = json.loads(path.read_text(encoding="utf-8"))
    if (bot_names is not None and saved.get("bots") != bot_names) or GameConfig.from_json(saved["config"]) != config:
        raise ValueError(f"{path} holds another game than this run's (config or bots differ); use another --save folder")
    game = Game.replay(config, saved["moves"])
    if not game.finished:
        raise ValueError(f"{path} holds an unfinished game")
    times = saved.get("decision_ms") or [[] for _ in config.seats]
    return game, times


def run(players: int, games: int, bots: list[str], seed: int, budget_ms: float = DEFAULT_BUDGET_MS,
        progress: bool = True, side: str = "normal", save: Path | None = None, resume: bool = False,
        against: Path | None = None) -> SelfPlayResult:
    """Play ``games`` games on ``side`` boards; seats take the ``bots`` in turn (``name`` or ``name:ms``,
    ``solver.games.wild_tiled_west.ai.bots.parse_bot``), rotated by one seat each game; ``save``: a folder to write each game to
    (``game-<seed>.json``: ``config``, ``moves``, ``bots`` by seat, ``decision_ms`` by seat); ``resume``: a game
    already saved there is replayed and counted instead of played again, so a long measurement stopped part way
    goes on where it stopped; ``against``: another run's ``save`` folder, whose game of each seed (the same deal,
    whatever its bots) is the baseline of this run's (``SelfPlayResult.paired``).  Raises ``ValueError`` for an
    unknown bot name, a bad budget or a bad count, a saved game that is not this run's, a baseline game missing or
    of another configuration, or ``resume`` without ``save``; ``ConfigError`` for a bad side."""
    if games < 1:
        raise ValueError("games must be 1 or more")
    if resume and save is None:
        raise ValueError("resume needs a save folder")
    for name in bots:
        parse_bot(name)
    if save is not None:
        save.mkdir(parents=True, exist_ok=True)
    result = SelfPlayResult()
    for i in tqdm(range(games), desc=f"{players}p {'/'.join(bots)}", unit="game", disable=not progress):
        names = [bots[(seat + i) % len(bots)] for seat in range(players)]
        path = None if save is None else save / f"game-{seed + i}.json"
        config = GameConfig(players=players, seed=seed + i, seats=(SeatConfig(side=side),) * players)
        baseline = None if against is None else _saved_game(against / f"game-{seed + i}.json", config)[0]
        if resume and path is not None and path.exists():
            game, times = _saved_game(path, config, names)
        else:
            game, times = play_game(players, seed + i, names, budget_ms, side)
            if path is not None:
                saved = {"config": game.config.to_json(), "moves": game.moves, "bots": names,
                         "decision_ms": [[round(t, 2) for t in seat_times] for seat_times in times]}
                path.write_text(json.dumps(saved), encoding="utf-8")
        record_game(result, game, names, times, baseline)
    return result


def print_summary(summary: SelfPlaySummary) -> None:
    """Print ``SelfPlayResult.summary()`` as a table: a row per bot, then the solo ranks."""
    print(f"{'bot':11} {'games':>5} {'median':>7} {'mean':>6} {'q25':>4} {'q75':>4} {'min':>4} {'max':>4} "
          f"{'wins':>6} {'±95%':>6} {'margin':>13} {'ms/decision':>11} {'p95 ms':>7}")
    for name, row in summary["bots"].items():
        margin = f"{row['margin']:+.1f}±{row['margin_ci95']:.1f}" if "margin" in row else "-"
        print(f"{name:11} {row['games']:>5} {row['median']:>7} {row['mean']:>6} {row['q25']:>4} {row['q75']:>4} "
              f"{row['min']:>4} {row['max']:>4} {row['win_rate']:>6.1%} {row['win_rate_ci95']:>6.1%} {margin:>13} "
              f"{row['decision_ms_mean']:>11} {row['decision_ms_p95']:>7}")
    for name, row in summary["bots"].items():
        if "paired" in row:
            print(f"{name} less the baseline on the same deals and seats: {row['paired']:+.2f} ± {row['paired_ci95']:.2f} "
                  f"points (95%), ahead on {row['paired_ahead']}, behind on {row['paired_behind']} of {row['games']}")
    if summary["solo_ranks"]:
        print("solo ranks:", ", ".join(f"{k} {v}" for k, v in sorted(summary["solo_ranks"].items())))
