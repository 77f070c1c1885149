"""Self-play for any game of the house: bots play whole games against each other (or solo), the results summarised.

``run(game, players, games, bots, seed)`` plays ``games`` games of ``players`` seats, game ``i`` from the
configuration of seed ``seed + i`` (``SelfPlayGame.config``); the seats take the listed bots in turn, rotated by one
seat from game to game so that no bot always plays first; seat ``s`` of the game of seed ``k`` is played by its bot
seeded ``k * 31 + s``.  A progress bar (tqdm) shows the games.  Per bot it measures the final points, the wins (ties
included), with other seats the **margin** (its points less the best other seat's), against a baseline run's saved
games the **paired** difference (its points less the baseline's in the same seat of the same deal: far less noisy
than two medians, and the comparison a solo bot has), each with its 95% interval (normal approximation, 1.96 standard
errors), every decision's wall time, and the ranks the game names (a solo game's rank).  ``save``: a folder each
game is written to (``game-<seed>.json``: ``config``, ``moves``, for a game of simultaneous decisions ``seats``,
``bots`` by seat, ``decision_ms`` by seat); ``resume``: the games already saved there are replayed and counted, not
played again; ``against``: another run's folder whose game of each seed is the baseline.

A game plugs in a ``SelfPlayGame`` (its configurations, bots and ranks); ``print_summary`` prints the table the
command lines show.  Source: our design (docs/hints.md, "Self-play").
"""

from __future__ import annotations

import json
import math
import statistics
import time
from collections import Counter, defaultdict
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypedDict

from tqdm import tqdm

from solver.core.bots import parse_bot
from solver.core.protocol import JSON, Bot

__all__ = ["SelfPlayGame", "SelfPlayResult", "SelfPlaySummary", "ci95", "play_game", "print_summary", "record_game",
           "replay_log", "run", "saved_game"]


class SelfPlayGame(Protocol):
    """What self-play needs of a game: its configurations, states, bots and ranks.  ``state`` is a
    ``solver.core.protocol.State``; points are the game's own."""

    @property
    def bot_names(self) -> Collection[str]:
        """The names of its bots (``"name"``, or ``"name:ms"`` with a budget of its own: ``solver.core.bots.parse_bot``)."""
        ...

    @property
    def simultaneous(self) -> bool:
        """Whether several seats may decide at once: then a saved game keeps each move's seat (``seats``)."""
        ...

    def config(self, players: int, seed: int) -> JSON:
        """The configuration of the game of ``seed`` with ``players`` seats (the game's other options bound in the
        plug-in, say a board side)."""
        ...

    def new_state(self, config: JSON) -> Any:
        """A new game from ``config`` (``solver.core.protocol.Game.new_state``)."""
        ...

    def config_of(self, state: Any) -> JSON:
        """``state``'s configuration as plain data (``solver.core.protocol.Game.config_of``)."""
        ...

    def make_bot(self, spec: str, seed: int, budget_ms: float) -> Bot:
        """The bot ``spec`` (a name of ``bot_names``, or ``"name:ms"``), seeded ``seed``, thinking ``budget_ms``
        milliseconds a decision unless its spec gives its own."""
        ...

    def rank(self, state: Any) -> str | None:
        """The rank a finished game reached, counted in the summary (a solo game's rank, ``"no rank"`` below the
        lowest), or ``None`` when the game names none."""
        ...


class SelfPlaySummary(TypedDict):
    """``SelfPlayResult.summary()``: per bot name its figures (``games``, ``median``, ``mean``, ``q25``, ``q75``,
    ``min``, ``max``, ``win_rate`` and its 95% half-width ``win_rate_ci95``, ``decision_ms_mean``,
    ``decision_ms_p95``; with other seats, ``margin``, the mean of its points less the best other seat's, and
    ``margin_ci95``; against a baseline run, ``paired``, the mean of its points less the baseline's in the same seat of
    the same deal, ``paired_ci95``, and the deals on which it scored more, ``paired_ahead``, or less,
    ``paired_behind``), and the ranks reached (``SelfPlayGame.rank``, by name)."""

    bots: dict[str, dict[str, float]]
    solo_ranks: dict[str, int]


@dataclass
class SelfPlayResult:
    """What self-play measured: per bot name, final ``scores`` (points), ``margins`` (its points less the best
    other seat's, games with other seats), ``paired`` (its points less a baseline run's in the same seat of the same
    deal, when there is one), ``wins`` (games in which it placed first, ties included), ``games`` played, the
    ``ranks`` reached, and every decision's wall time in milliseconds (``decision_ms``)."""

    scores: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    margins: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    paired: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    wins: Counter[str] = field(default_factory=Counter)
    games: Counter[str] = field(default_factory=Counter)
    ranks: Counter[str] = field(default_factory=Counter)
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
                row.update(margin=round(statistics.mean(margins), 2), margin_ci95=ci95(margins))
            paired = self.paired.get(name)
            if paired:
                row.update(paired=round(statistics.mean(paired), 2), paired_ci95=ci95(paired),
                           paired_ahead=sum(d > 0 for d in paired), paired_behind=sum(d < 0 for d in paired))
        return out


def ci95(values: Sequence[float]) -> float:
    """The half-width of the 95% interval of the mean of ``values`` (1.96 standard errors; 0 for one value), rounded
    to 0.01."""
    spread = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return round(1.96 * spread, 2)


def play_game(game: SelfPlayGame, config: JSON, bot_names: list[str], seed: int, budget_ms: float
              ) -> tuple[Any, list[list[float]]]:
    """Play one game from ``config``, seat ``i`` played by ``bot_names[i]`` (``SelfPlayGame.make_bot``, seeded
    ``seed * 31 + i``), each move the first pending seat's.  Returns the finished state and, per seat, the wall time
    of each of its decisions in milliseconds.  Every bot's ``close()``, if it has one, is called at the end."""
    state = game.new_state(config)
    bots = [game.make_bot(name, seed * 31 + i, budget_ms) for i, name in enumerate(bot_names)]
    times: list[list[float]] = [[] for _ in bot_names]
    try:
        while not state.finished:
            seat = state.pending_seats()[0]
            start = time.perf_counter()
            move = bots[seat].choose(state, seat)
            times[seat].append((time.perf_counter() - start) * 1000.0)
            state.play(seat, move)
    finally:
        for bot in bots:
            close = getattr(bot, "close", None)
            if close is not None:
                close()
    return state, times


def record_game(result: SelfPlayResult, state: Any, bot_names: list[str], times: list[list[float]],
                baseline: Any | None = None, rank: str | None = None) -> None:
    """Add a finished ``state`` (seat ``i`` played by ``bot_names[i]``, its decisions' ``times`` in milliseconds) to
    ``result``: scores, margins, wins (ties included), games, the ``rank`` (when not ``None``), and with a
    ``baseline`` (another run's finished state of the same configuration) each seat's points less the baseline's in
    that seat."""
    for seat, seat_times in enumerate(times):
        result.decision_ms[bot_names[seat]].extend(seat_times)
    standings = state.standings()
    points = {row["seat"]: row["points"] for row in standings}
    base = None if baseline is None else {row["seat"]: row["points"] for row in baseline.standings()}
    for row in standings:
        name = bot_names[row["seat"]]
        result.scores[name].append(row["points"])
        if base is not None:
            result.paired[name].append(row["points"] - base[row["seat"]])
        if len(points) > 1:
            best_other = max(p for s, p in points.items() if s != row["seat"])
            result.margins[name].append(row["points"] - best_other)
        result.games[name] += 1
        if row["place"] == 1:
            result.wins[name] += 1
    if rank is not None:
        result.ranks[rank] += 1


def replay_log(game: SelfPlayGame, config: JSON, moves: list[JSON], seats: list[int] | None = None) -> Any:
    """The state after ``moves`` from ``config``, move ``i`` played by ``seats[i]`` or, without ``seats``, by the
    only pending seat.  Raises ``IllegalMove`` (``GameOver``) at a move that does not apply, ``ValueError`` when
    ``seats`` is needed (several seats pending) and not given."""
    state = game.new_state(config)
    for i, move in enumerate(moves):
        if seats is not None:
            seat = seats[i]
        else:
            pending = state.pending_seats()
            if len(pending) > 1:
                raise ValueError(f"move {i}: seats {pending} are pending at once: the log needs each move's seat")
            seat = pending[0] if pending else 0  # none pending: play raises GameOver
        state.play(seat, move)
    return state


def saved_game(game: SelfPlayGame, path: Path, config: JSON, bot_names: list[str] | None = None
               ) -> tuple[Any, list[list[float]]]:
    """The game saved at ``path`` by an earlier run, replayed, with its decision times.  Raises ``ValueError`` when
    the file holds another game than the one of ``config`` (its configuration, or its bots when ``bot_names`` is
    given: a baseline's bots are others), is missing, or is unfinished."""
    if not path.exists():
        raise ValueError(f"{path} is missing: its run saved no game of this seed")
    saved = json.loads(path.read_text(encoding="utf-8"))
    same = game.config_of(game.new_state(saved["config"])) == game.config_of(game.new_state(config))
    if (bot_names is not None and saved.get("bots") != bot_names) or not same:
        raise ValueError(f"{path} holds another game than this run's (config or bots differ); use another --save folder")
    state = replay_log(game, config, saved["moves"], saved.get("seats"))
    if not state.finished:
        raise ValueError(f"{path} holds an unfinished game")
    times = saved.get("decision_ms") or [[] for _ in state.standings()]
    return state, times


def run(game: SelfPlayGame, players: int, games: int, bots: list[str], seed: int, budget_ms: float,
        progress: bool = True, save: Path | None = None, resume: bool = False, against: Path | None = None
        ) -> SelfPlayResult:
    """Play ``games`` games (module docstring); seats take the ``bots`` in turn (``name`` or ``name:ms``), rotated by
    one seat each game; ``budget_ms``: a bot's milliseconds per decision unless its spec gives its own; ``save``,
    ``resume``, ``against`` as in the module docstring.  Raises ``ValueError`` for an unknown bot name, a bad budget or
    a bad count, a saved game that is not this run's, a baseline game missing or of another configuration, or
    ``resume`` without ``save``; the game's error for a bad configuration."""
    if games < 1:
        raise ValueError("games must be 1 or more")
    if resume and save is None:
        raise ValueError("resume needs a save folder")
    for name in bots:
        parse_bot(name, game.bot_names)
    if save is not None:
        save.mkdir(parents=True, exist_ok=True)
    result = SelfPlayResult()
    for i in tqdm(range(games), desc=f"{players}p {'/'.join(bots)}", unit="game", disable=not progress):
        names = [bots[(seat + i) % len(bots)] for seat in range(players)]
        path = None if save is None else save / f"game-{seed + i}.json"
        config = game.config(players, seed + i)
        baseline = None if against is None else saved_game(game, against / f"game-{seed + i}.json", config)[0]
        if resume and path is not None and path.exists():
            state, times = saved_game(game, path, config, names)
        else:
            state, times = play_game(game, config, names, seed + i, budget_ms)
            if path is not None:
                saved: JSON = {"config": game.config_of(state), "moves": state.moves}
                if game.simultaneous:
                    saved["seats"] = state.move_seats
                saved.update(bots=names, decision_ms=[[round(t, 2) for t in seat_times] for seat_times in times])
                path.write_text(json.dumps(saved), encoding="utf-8")
        record_game(result, state, names, times, baseline, game.rank(state))
    return result


def print_summary(summary: SelfPlaySummary) -> None:
    """Print ``SelfPlayResult.summary()`` as a table: a row per bot, then the paired differences and the ranks."""
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
