"""Bots that play any seat of a game through the engine's own interface (legal_moves / apply).

A bot is any object with ``choose(game, seat) -> move``.  ``play_game`` runs a game to its end.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from solver.game import Game


class RandomBot:
    """Chooses uniformly among the legal moves, from its own seeded generator (reproducible)."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game: Game, seat: int) -> dict:
        """A random legal move for the pending decision (which must be ``seat``'s)."""
        return self.rng.choice(game.legal_moves())


def play_game(game: Game, bots: Mapping[int, object] | object, each_move: Callable[[Game], None] | None = None) -> Game:
    """Play ``game`` to the end: ``bots`` is one bot for every seat or a mapping seat -> bot;
    ``each_move(game)`` is called after every move.  Returns the game."""
    while not game.finished:
        seat = game.pending()["seat"]
        bot = bots[seat] if isinstance(bots, Mapping) else bots
        game.apply(bot.choose(game, seat))
        if each_move:
            each_move(game)
    return game
