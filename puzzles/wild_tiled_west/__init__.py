"""Wild Tiled West's daily solo puzzle (docs/puzzles.md): its generator and verifier, which the house's archive
(``puzzles.archive``) finds by this package's name, the game package's (``solver.games.wild_tiled_west``).

``daily`` makes a date's puzzle (seeded candidates, the puzzle JSON, the score's terms, ``SEED_PREFIX``),
``generate`` draws, proves and grades candidates, ``position`` reads a puzzle's position and hand, ``verify`` judges a
solution and ``play`` gives the board of a solution in progress.  ``DAILY`` is the game's
``puzzles.archive.DailyPuzzles``: every component comes from the game object it is given (its ``catalog``, a corrected
copy when the service runs with ``CATALOG_DIR``).
"""

from __future__ import annotations

import datetime
from typing import Any

from puzzles.archive import DIFFICULTIES, IllegalSolution
from puzzles.wild_tiled_west.daily import SEED_PREFIX, daily_puzzle
from puzzles.wild_tiled_west.play import puzzle_board
from puzzles.wild_tiled_west.verify import verify_solution
from solver.core.protocol import Game
from solver.games.wild_tiled_west.components.catalog import load_catalog
from solver.games.wild_tiled_west.components.texts import puzzle_title
from solver.games.wild_tiled_west.components.values import Catalog
from solver.games.wild_tiled_west.protocol import WildTiledWest
from solver.games.wild_tiled_west.render.svg import settlement_svg

__all__ = ["DAILY", "WildTiledWestDaily"]


def _catalog(game: Game) -> Catalog:
    """The catalog of Wild Tiled West's game object ``game``; raises ``TypeError`` for another game's object."""
    if not isinstance(game, WildTiledWest):
        raise TypeError(f"Wild Tiled West's daily puzzle is played with its own game object, not {game.entry.id}'s")
    return game.catalog


class WildTiledWestDaily:
    """Wild Tiled West's daily puzzle (``puzzles.archive.DailyPuzzles``): a solo position and a hand of 5 to 8 tiles to
    place for the most points (docs/puzzles.md), at the difficulties easy, medium and hard."""

    seed_prefix = SEED_PREFIX
    difficulties = DIFFICULTIES

    def puzzle(self, date: datetime.date, difficulty: str, game: Game) -> dict[str, Any]:
        """``puzzles.wild_tiled_west.daily.daily_puzzle`` with the catalog of ``game`` (cached in the process when it
        is the default catalog).  Raises ``PuzzleError``, ``GenerationTimeout``, ``GenerationError`` like it."""
        catalog = _catalog(game)
        return daily_puzzle(date, difficulty, None if catalog is load_catalog() else catalog)

    def verify(self, puzzle: dict[str, Any], solution: Any, game: Game) -> dict[str, Any]:
        """``puzzles.wild_tiled_west.verify.verify_solution`` with the catalog of ``game``: a solution is
        ``{"placements": [{"tile", "orientation", "row", "col"}, ...]}``.  Raises ``PuzzleError``."""
        return verify_solution(puzzle, solution, _catalog(game))

    def board(self, puzzle: dict[str, Any], solution: Any, game: Game) -> dict[str, Any]:
        """The settlement after the placements of ``solution`` (played in the order given, each under every placement
        rule) as an SVG picture titled ``Daily puzzle <date> (<difficulty>)`` (its words in the caller's language:
        ``solver.core.language``), and every legal placement of each hand
        tile not placed yet: ``{"placed": count, "svg": text, "options": {tile id: [place moves with "squares" and
        "label"]}}`` (``puzzles.wild_tiled_west.play.puzzle_board``).  Raises ``IllegalSolution`` (the placement rule
        broken, the reason) for a placement illegal where it stands, ``PuzzleError`` for bad input."""
        board = puzzle_board(puzzle, solution, _catalog(game))
        if board.illegal is not None:
            raise IllegalSolution(board.illegal["rule"], board.illegal["reason"])
        title = puzzle_title(puzzle["date"], puzzle["difficulty"])  # in the caller's language
        return {"placed": len(solution["placements"]), "svg": settlement_svg(board.settlement, title),
                "options": board.options}


DAILY = WildTiledWestDaily()  #: Wild Tiled West's daily puzzle, as ``puzzles.archive.daily_of`` finds it
