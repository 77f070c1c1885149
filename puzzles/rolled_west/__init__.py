"""Rolled West's daily solo puzzle (docs/puzzles.md, "Rolled West"): a mode of our own, since the rule text has no solo
play (docs/rolled-west-rulings.md, "Solo daily puzzle (our own mode)").  The house's archive (``puzzles.archive``) finds
it by this package's name, the game package's (``solver.games.rolled_west``).

``daily`` makes a date's puzzle (the same seeded rolls for everyone: six rounds of four dice and a ghost roll after
each of the first five; the optimum proven by CP-SAT, graded by the greedy player's gap), ``verify`` replays a
solution through the engine (legal or the rule broken, the score, the breakdown, a line to share) and ``picture`` draws
the sheet of a solution in progress.  ``DAILY`` is the game's ``puzzles.archive.DailyPuzzles``: every component comes
from the game object it is given (its ``components``, a corrected copy with ``ROLLED_WEST_DATA``)."""

from __future__ import annotations

import datetime
from typing import Any

from puzzles.archive import DIFFICULTIES, IllegalSolution
from puzzles.rolled_west.daily import SEED_PREFIX, daily_puzzle
from puzzles.rolled_west.picture import sheet_svg
from puzzles.rolled_west.verify import TITLE, board_options, puzzle_board, verify_solution
from solver.core.protocol import Game
from solver.games.rolled_west.components.values import Components
from solver.games.rolled_west.protocol import RolledWestGame

__all__ = ["DAILY", "RolledWestDaily"]

#: The members of the board answer read off the game's view (``engine.views.view`` of the one seat, by allow-list):
#: what the web client draws the dice and the sheet with, as a game's table does.
BOARD_VIEW = ("round", "dice", "terrain_die", "rolled", "ghost_dice", "majority_places", "finished")


def _components(game: Game) -> Components:
    """The components of Rolled West's game object ``game``; raises ``TypeError`` for another game's object."""
    if not isinstance(game, RolledWestGame):
        raise TypeError(f"Rolled West's daily puzzle is played with its own game object, not {game.entry.id}'s")
    return game.components


class RolledWestDaily:
    """Rolled West's daily puzzle (``puzzles.archive.DailyPuzzles``): six rounds of known rolls, solo, played for the
    most points (docs/puzzles.md, "Rolled West"), at the difficulties easy, medium and hard."""

    seed_prefix = SEED_PREFIX
    difficulties = DIFFICULTIES

    def puzzle(self, date: datetime.date, difficulty: str, game: Game) -> dict[str, Any]:
        """``puzzles.rolled_west.daily.daily_puzzle`` with the components of ``game``.  Raises ``PuzzleError``,
        ``GenerationTimeout``, ``GenerationError`` like it."""
        return daily_puzzle(date, difficulty, _components(game))

    def verify(self, puzzle: dict[str, Any], solution: Any, game: Game) -> dict[str, Any]:
        """``puzzles.rolled_west.verify.verify_solution``: a solution is ``{"moves": [the engine's moves, in
        order]}``.  Raises ``PuzzleError``."""
        return verify_solution(puzzle, solution, _components(game))

    def board(self, puzzle: dict[str, Any], solution: Any, game: Game) -> dict[str, Any]:
        """The solo sheet after the moves of ``solution`` (played in order by the engine): ``{"placed": moves played,
        "svg": the sheet's picture, "options": the legal moves now with their labels, by move type, "sheet": the
        sheet as JSON, "score": points by category and total, "decision": what is decided now (``null`` at the end)}``
        and, as the game's view has them (``BOARD_VIEW``), ``"round"``, ``"dice"`` (the turn's roll), ``"terrain_die"``
        (the index in ``dice`` of the die set aside, or ``null``), ``"rolled"`` (resource -> how many of the roll are
        left to spend: the others are spent), ``"ghost_dice"``, ``"majority_places"`` (``[{terrain: 1}]``: the 1st
        bonus of each terrain with a claim) and ``"finished"``.  Raises ``IllegalSolution`` (the engine's rule, the
        reason) for a move refused where it stands, ``PuzzleError`` for bad input."""
        state, broken = puzzle_board(puzzle, solution, _components(game))
        if broken is not None:
            raise IllegalSolution(broken["rule"], broken["reason"])
        title = f"{TITLE} solo daily puzzle {puzzle.get('date')} ({puzzle.get('difficulty')})"
        seen = state.view(0)
        return {"placed": len(state.moves), "svg": sheet_svg(state, title), "options": board_options(state),
                "sheet": seen["sheets"][0], "score": seen["scores"][0], "decision": state.decision(0),
                **{k: seen[k] for k in BOARD_VIEW}}


DAILY = RolledWestDaily()  #: Rolled West's daily puzzle, as ``puzzles.archive.daily_of`` finds it
