"""The games: one package per game, each with the same layers, never importing another game.

Importing this package registers every game in ``solver.core.registry`` (each package's ``ENTRY``), so
whoever reaches a game through the registry finds them all; a new game is one more line here."""

from __future__ import annotations

from solver.core.registry import register
from solver.games import rolled_west, wild_tiled_west

register(wild_tiled_west.ENTRY)
register(rolled_west.ENTRY)
