"""Bots for any game of the house, and a game played to its end by bots.

A bot is a ``solver.core.protocol.Bot``: ``choose(state, seat)`` returns a legal move of ``seat``, a pending seat
of ``state`` (it may be one of several pending at once), and leaves ``state`` unchanged.  Here, for any game:

- ``RandomBot``: uniform among ``state.legal_moves(seat)``, from its own seeded generator;
- ``GreedyBot``: the move whose state after it the game values best for the seat (``Game.value``, one step), on a
  state sampled from the seat's position (``Game.sample``), so it never reads a hidden value;
- ``OptionBot``: the base of bots that choose a complete option (several moves of one decision) and play its moves
  one after another while they stay legal;
- ``SearchBot``: the best option of the information-set search (``solver.core.search``) on the game's plug-in, at a
  budget or a simulation count;

and ``parse_bot`` (``"name"`` or ``"name:ms"``, a bot with a budget of its own) and ``play_game`` (bots play until
the game is over, every pending seat in turn).  A game's own bots (Wild Tiled West's hint bot) build on these.
Source: our design (docs/hints.md, "Bots").
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Collection, Mapping
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

from solver.core.protocol import JSON, Bot, Game
from solver.core.search import SearchGame, search

__all__ = ["Bot", "GreedyBot", "OptionBot", "RandomBot", "SearchBot", "parse_bot", "play_game"]

DEFAULT_BUDGET_MS = 800.0  #: a searching bot's default thinking time per decision, milliseconds


class RandomBot:
    """Chooses uniformly among the seat's legal moves, from its own seeded generator (reproducible)."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: Any, seat: int) -> JSON:
        """A random legal move of ``seat`` (which must be pending)."""
        move: JSON = self.rng.choice(state.legal_moves(seat))
        return move


class GreedyBot:
    """Plays the move after which ``game.value`` (points) is largest for the seat, one step ahead, on a state
    sampled from the seat's position (a new sample per decision, from its seeded generator); ties: the first
    legal move."""

    name = "greedy"

    def __init__(self, game: Game, seed: int = 0):
        self.game = game
        self.rng = random.Random(seed)

    def choose(self, state: Any, seat: int) -> JSON:
        """The legal move of ``seat`` best by one-step value."""
        sampled = self.game.sample(state.position(seat), self.rng.randrange(2 ** 63))
        data = sampled.to_json()
        best: JSON | None = None
        best_value = -math.inf
        for move in sampled.legal_moves(seat):
            after = self.game.from_json(data)
            after.play(seat, move)
            value = self.game.value(after, seat)
            if best is None or value > best_value:
                best, best_value = move, value
        assert best is not None, f"seat {seat} has no legal move"
        return best


class OptionBot:
    """A bot that chooses complete options (``best_option``: the moves of one decision, in order) and plays their
    moves one after another while they stay legal for the same seat; a subclass gives ``best_option``.  ``calls``:
    options chosen so far (each decision's seed is ``seed * 1_000_003 + calls``)."""

    name = "option"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.queue: list[JSON] = []
        self.queue_seat: int | None = None
        self.calls = 0

    def choose(self, state: Any, seat: int) -> JSON:
        """The next move of the best complete option for ``seat``'s pending decision."""
        if self.queue and self.queue_seat == seat:
            move = self.queue.pop(0)
            if move in state.legal_moves(seat):
                return move
        self.queue = []
        self.calls += 1
        move, *self.queue = self.best_option(state, seat, self.seed * 1_000_003 + self.calls)
        self.queue_seat = seat
        return move

    def best_option(self, state: Any, seat: int, seed: int) -> list[JSON]:
        """The moves of the best complete option for ``seat``'s pending decision, from its position only; ``seed``:
        this decision's seed for the hidden values."""
        raise NotImplementedError


class SearchBot(OptionBot):
    """Plays the best option of the information-set search (``solver.core.search.search``) on ``game``, the game's
    plug-in, from its seat's position: for ``budget_ms`` milliseconds a decision or, when given, ``simulations``
    simulations instead (then the same seed plays the same game), over ``workers`` processes (a pool kept for the
    bot's life).  ``searches``: per decision searched, (simulations, wall milliseconds)."""

    name = "search"

    def __init__(self, game: SearchGame | None, seed: int = 0, budget_ms: float = DEFAULT_BUDGET_MS,
                 simulations: int | None = None, workers: int = 1):
        super().__init__(seed)
        self.game, self.budget_ms, self.simulations, self.workers = game, budget_ms, simulations, workers
        self.searches: list[tuple[int, float]] = []
        self._pool: ProcessPoolExecutor | None = None

    def searcher(self, state: Any) -> SearchGame:
        """The plug-in the search runs on for ``state`` (the bot's ``game``; a game may pick it by the state)."""
        assert self.game is not None, "a SearchBot needs the game's SearchGame"
        return self.game

    def best_option(self, state: Any, seat: int, seed: int) -> list[JSON]:
        """The moves of the search's best option (``SearchResult.best``)."""
        if self.workers > 1 and self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.workers)
        budget = None if self.simulations is not None else self.budget_ms
        found = search(self.searcher(state), state.position(seat), budget, self.simulations, seed, self.workers,
                       executor=self._pool)
        self.searches.append((found.simulations, found.wall_ms))
        return list(found.best.option.moves)

    def close(self) -> None:
        """End the bot's worker processes, if any (a later search starts a new pool)."""
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None


def parse_bot(spec: str, names: Collection[str]) -> tuple[str, float | None]:
    """A bot's name and its own budget from ``"name"`` or ``"name:ms"`` (``"search:3000"``), milliseconds or
    ``None``; raises ``ValueError`` for a name not in ``names`` or a budget that is not a positive number."""
    name, _, budget = spec.partition(":")
    if name not in names:
        raise ValueError(f"unknown bot {name!r}: choose one of {', '.join(names)}")
    if not budget:
        return name, None
    try:
        ms = float(budget)
    except ValueError:
        ms = math.nan
    if not ms > 0 or math.isinf(ms):
        raise ValueError(f"a bot's budget is a positive number of milliseconds, got {budget!r}")
    return name, ms


S = TypeVar("S")  #: a game's State type (unbound: a game's own return types may be narrower than the protocol's)


def play_game(state: S, bots: Mapping[int, Bot] | Bot, each_move: Callable[[S], None] | None = None) -> S:
    """Play ``state`` to the end: ``bots`` is one bot for every seat or a mapping seat -> bot; each move is the first
    pending seat's (a decision of several seats gets each one's move in seat order); ``each_move(state)`` is called
    after every move.  Returns the state."""
    live: Any = state  # a State
    while not live.finished:
        seat = live.pending_seats()[0]
        bot = bots[seat] if isinstance(bots, Mapping) else bots
        live.play(seat, bot.choose(state, seat))
        if each_move:
            each_move(state)
    return state
