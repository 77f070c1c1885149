"""Bots that play any seat of a game through the engine's own interface (legal_moves / apply).

A bot is any object with ``choose(game, seat) -> move``.  Four bots: ``RandomBot`` (uniform among the
legal moves), ``GreedyBot`` (the complete option scoring the most immediate points), ``HintBot``
(the top hint) and ``SearchBot`` (the best option of the information-set search, ``solver.games.wild_tiled_west.ai.search``, at a
budget or a simulation count).  The last three see only their seat's knowledge (``Game.position``), with the hidden
values sampled (``solver.games.wild_tiled_west.ai.determinize``), and play a complete option's moves one after another.
``make_bot`` builds one by name (``"search:3000"``: with a budget of its own); ``play_game`` runs a game to its end.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Protocol

from solver.games.wild_tiled_west.ai.determinize import sample_game
from solver.games.wild_tiled_west.ai.evaluation import position_value
from solver.games.wild_tiled_west.ai.hints import DEFAULT_BUDGET_MS, rank_options
from solver.games.wild_tiled_west.ai.search import search
from solver.games.wild_tiled_west.engine.game import Game


class Bot(Protocol):
    """What plays a seat: ``choose(game, seat)`` returns the move to play (see the module docstring)."""

    def choose(self, game: Game, seat: int) -> dict[str, Any]: ...


class RandomBot:
    """Chooses uniformly among the legal moves, from its own seeded generator (reproducible)."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game: Game, seat: int) -> dict[str, Any]:
        """A random legal move for the pending decision (which must be ``seat``'s)."""
        return self.rng.choice(game.legal_moves())


def immediate_points(game: Game, seat: int) -> dict[str, float]:
    """The seat's score as it stands (points scored + the Endgame as it would score now), as one term."""
    return {"points": float(game.score_breakdown(seat)["total"])}


class _OptionBot:
    """Plays complete options from ``rank_options`` on a sample of its seat's position; keeps the
    option's remaining moves while they stay legal."""

    value_fn = staticmethod(position_value)

    def __init__(self, seed: int = 0, budget_ms: float = DEFAULT_BUDGET_MS):
        self.seed, self.budget_ms = seed, budget_ms
        self.queue: list[dict[str, Any]] = []
        self.calls = 0

    def choose(self, game: Game, seat: int) -> dict[str, Any]:
        """The next move of the best complete option for ``seat``'s pending decision."""
        if self.queue:
            move = self.queue.pop(0)
            if move in game.legal_moves():
                return move
            self.queue = []
        self.calls += 1
        move, *self.queue = self.best_option(game, seat, self.seed * 1_000_003 + self.calls)
        return move

    def best_option(self, game: Game, seat: int, seed: int) -> list[dict[str, Any]]:
        """The moves of the best complete option for ``seat``'s pending decision, from its position only;
        ``seed``: this decision's seed for the hidden values."""
        sampled = sample_game(game.position(seat), seed, game.catalog)
        options, _ = rank_options(sampled, seat, 1, self.budget_ms, self.value_fn, look_ahead=True)
        return options[0].moves


class GreedyBot(_OptionBot):
    """Plays the complete option that scores the most immediate points (``immediate_points``)."""

    name = "greedy"
    value_fn = staticmethod(immediate_points)


class HintBot(_OptionBot):
    """Plays the top hint (``solver.games.wild_tiled_west.ai.hints``: expected final points, ``solver.games.wild_tiled_west.ai.evaluation``)."""

    name = "hint"


class SearchBot(_OptionBot):
    """Plays the best option of the information-set search (``solver.games.wild_tiled_west.ai.search.search``) from its seat's position:
    for ``budget_ms`` milliseconds a decision or, when given, ``simulations`` simulations instead (then the same seed
    plays the same game), over ``workers`` processes (a pool kept for the bot's life).  ``searches``: per decision
    searched, (simulations, wall milliseconds)."""

    name = "search"

    def __init__(self, seed: int = 0, budget_ms: float = DEFAULT_BUDGET_MS, simulations: int | None = None,
                 workers: int = 1):
        super().__init__(seed, budget_ms)
        self.simulations, self.workers = simulations, workers
        self.searches: list[tuple[int, float]] = []
        self._pool: ProcessPoolExecutor | None = None

    def best_option(self, game: Game, seat: int, seed: int) -> list[dict[str, Any]]:
        """The moves of the search's best option (``SearchResult.best``)."""
        if self.workers > 1 and self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.workers)
        budget = None if self.simulations is not None else self.budget_ms
        found = search(game.position(seat), budget, self.simulations, seed, self.workers, catalog=game.catalog,
                       executor=self._pool)
        self.searches.append((found.simulations, found.wall_ms))
        return found.best.option.moves

    def close(self) -> None:
        """End the bot's worker processes, if any (a later search starts a new pool)."""
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None


#: The bots by name: self-play's and the server's bot seats (``service.games``).
BOTS: dict[str, type] = {"random": RandomBot, "greedy": GreedyBot, "hint": HintBot, "search": SearchBot}


def parse_bot(spec: str) -> tuple[str, float | None]:
    """A bot's name and its own budget from ``"name"`` or ``"name:ms"`` (``"search:3000"``), milliseconds or
    ``None``; raises ``ValueError`` for a name not in ``BOTS`` or a budget that is not a positive number."""
    name, _, budget = spec.partition(":")
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r}: choose one of {', '.join(BOTS)}")
    if not budget:
        return name, None
    try:
        ms = float(budget)
    except ValueError:
        ms = math.nan
    if not ms > 0 or math.isinf(ms):
        raise ValueError(f"a bot's budget is a positive number of milliseconds, got {budget!r}")
    return name, ms


def make_bot(name: str, seed: int = 0, budget_ms: float = DEFAULT_BUDGET_MS) -> Bot:
    """A bot by name (``BOTS``), ``"name:ms"`` giving it a budget of its own instead of ``budget_ms``
    (``parse_bot``): raises ``ValueError`` for an unknown name or a bad budget."""
    kind, own = parse_bot(name)
    return RandomBot(seed) if kind == "random" else BOTS[kind](seed, budget_ms if own is None else own)


def play_game(game: Game, bots: Mapping[int, Bot] | Bot, each_move: Callable[[Game], None] | None = None) -> Game:
    """Play ``game`` to the end: ``bots`` is one bot for every seat or a mapping seat -> bot;
    ``each_move(game)`` is called after every move.  Returns the game."""
    while not game.finished:
        pending = game.pending()
        assert pending is not None  # the game is not over
        seat = pending["seat"]
        bot = bots[seat] if isinstance(bots, Mapping) else bots
        game.apply(bot.choose(game, seat))
        if each_move:
            each_move(game)
    return game
