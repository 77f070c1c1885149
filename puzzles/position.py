"""Where ``puzzles.wild_tiled_west.position`` was before the archive was split by game: its ``puzzle_position`` and
``PuzzleError`` still import from here for ``service.analysis.compute``, which is another change's to move.  New code
imports ``puzzles.wild_tiled_west.position`` (or ``puzzles.archive.PuzzleError``); remove this module when nothing
imports it."""

from __future__ import annotations

from puzzles.archive import PuzzleError
from puzzles.wild_tiled_west.position import puzzle_position

__all__ = ["PuzzleError", "puzzle_position"]
