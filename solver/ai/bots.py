"""Bots that play any seat of a game through the engine's own interface (legal_moves / apply).

A bot is any object with ``choose(game, seat) -> move``.  Three bots: ``RandomBot`` (uniform among the
legal moves), ``GreedyBot`` (the complete option scoring the most immediate points) and ``HintBot``
(the top hint).  The last two see only their seat's knowledge (``Game.position``), with the hidden
values sampled (``solver.ai.determinize``), and play a complete option's moves one after another.
``play_game`` runs a game to its end.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from solver.ai.determinize import sample_game
from solver.ai.evaluation import position_value
from solver.ai.hints import DEFAULT_BUDGET_MS, rank_options
from solver.engine.game import Game


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
        sampled = sample_game(game.position(seat), self.seed * 1_000_003 + self.calls, game.catalog)
        options, _ = rank_options(sampled, seat, 1, self.budget_ms, self.value_fn, look_ahead=True)
        move, *self.queue = options[0].moves
        return move


class GreedyBot(_OptionBot):
    """Plays the complete option that scores the most immediate points (``immediate_points``)."""

    name = "greedy"
    value_fn = staticmethod(immediate_points)


class HintBot(_OptionBot):
    """Plays the top hint (``solver.ai.hints``: expected final points, ``solver.ai.evaluation``)."""

    name = "hint"


BOTS = {"random": RandomBot, "greedy": GreedyBot, "hint": HintBot}


def make_bot(name: str, seed: int = 0, budget_ms: float = DEFAULT_BUDGET_MS) -> Bot:
    """A bot by name (``BOTS``): raises ``ValueError`` for an unknown name."""
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r}: choose one of {', '.join(BOTS)}")
    return RandomBot(seed) if name == "random" else BOTS[name](seed, budget_ms)


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
