"""Reading a Rolled West puzzle back, verifying a submitted solution and the sheet of a solution in progress: every
move is replayed through the engine (``solver.games.rolled_west.engine.game.RolledWest``, the solo mode of
``rules.solo``), which alone says what is legal and what it scores.

Our design (docs/puzzles.md, "Rolled West").  A solution is ``{"moves": [move, ...]}``: the engine's moves of the solo
seat in order (each round: ``terrain``, then any of ``claim``, ``contract``, ``office``, ``ship``, ``bank`` in any
order, ``end_turn``; after rounds 1-5, the ghost roll's ``bank_between`` or ``pass``).  It may stop before the end of
the game: it is then scored as the sheet stands."""

from __future__ import annotations

from typing import Any

from puzzles.archive import PuzzleError, check_unchanged, json_field
from solver.core.protocol import JSON, IllegalMove
from solver.games.rolled_west.components.values import Components
from solver.games.rolled_west.engine.game import RolledWest
from solver.games.rolled_west.engine.labels import labelled
from solver.games.rolled_west.planning.solo import SEAT, SoloPuzzle
from solver.games.rolled_west.rules import scoring

#: The title of the game in the share line and the sheet's picture.
TITLE = "Rolled West"
MAX_MOVES = 200  #: a solution of more moves is refused unread (a solo game has at most 47)


def puzzle_of(puzzle: object, components: Components) -> SoloPuzzle:
    """The solo puzzle of published ``puzzle`` data (its ``rolls`` and ``ghost_rolls``) with ``components``.  Raises
    ``PuzzleError`` for a malformed puzzle, rolls that do not fit the components, or an ``id`` that does not match
    the puzzle's content (changed after publication)."""
    rolls = json_field(puzzle, "rolls", list, "puzzle")
    ghosts = json_field(puzzle, "ghost_rolls", list, "puzzle")
    json_field(puzzle, "optimum", int, "puzzle")
    assert isinstance(puzzle, dict)
    check_unchanged(puzzle)
    if not all(isinstance(r, list) and all(isinstance(d, str) for d in r) for r in (*rolls, *ghosts)):
        raise PuzzleError("puzzle.rolls and puzzle.ghost_rolls must be lists of dice (resources)")
    try:
        return SoloPuzzle.of(components, rolls, ghosts)
    except ValueError as exc:
        raise PuzzleError(f"the puzzle's rolls do not fit Rolled West's components: {exc}") from None


def solution_moves(solution: object) -> list[JSON]:
    """The moves of ``solution`` (``{"moves": [object, ...]}``; other keys are ignored); their shapes are the
    engine's to judge.  Raises ``PuzzleError`` for anything else."""
    moves = json_field(solution, "moves", list, "solution")
    if len(moves) > MAX_MOVES:
        raise PuzzleError(f"solution.moves holds {len(moves)} moves, more than a game has ({MAX_MOVES} at most)")
    for i, move in enumerate(moves):
        if not isinstance(move, dict):
            raise PuzzleError(f"solution.moves[{i}] must be a JSON object (a move)")
    return moves


def replay(puzzle: SoloPuzzle, moves: list[JSON]) -> tuple[RolledWest, dict[str, Any] | None]:
    """The game after the legal moves of ``moves``, and, when a move is refused, what broke: ``{"rule", "move" (its
    index), "reason"}`` (the moves after it are not played)."""
    state = puzzle.game()
    for i, move in enumerate(moves):
        try:
            state.play(SEAT, move)
        except IllegalMove as exc:
            return state, {"rule": exc.rule, "move": i, "reason": f"move {i} ({move.get('type', '?')}): {exc}"}
    return state, None


def share_line(puzzle: dict[str, Any], score: int, optimum: int) -> str:
    """The spoiler-free line a player shares: the game, the mode, the date, the difficulty, the score against the
    optimum (nothing of how)."""
    star = " ★ optimal" if score == optimum else ""
    return f"{TITLE} solo daily puzzle {puzzle.get('date')} ({puzzle.get('difficulty')}): {score}/{optimum}{star}"


def verify_solution(puzzle: dict[str, Any], solution: object, components: Components) -> dict[str, Any]:
    """The verdict on ``solution`` for ``puzzle`` (a ``puzzles.rolled_west.daily.daily_puzzle`` dict).

    Legal: ``{"legal": true, "finished" (the game's end reached), "moves" (played), "score", "optimum", "optimal"
    (score == optimum), "breakdown" (points by ``rules.scoring.CATEGORIES``), "share" (``share_line``)}``.  Illegal:
    ``{"legal": false, "score": null, "optimum", "breakdown": null, "rule" (the engine's code of the rule broken),
    "move" (the index of the first refused move), "reason"}``.  Raises ``PuzzleError`` for a malformed puzzle or
    solution."""
    solo = puzzle_of(puzzle, components)
    optimum = puzzle["optimum"]
    state, broken = replay(solo, solution_moves(solution))
    if broken is not None:
        return {"legal": False, "score": None, "optimum": optimum, "breakdown": None, **broken}
    breakdown = state.score_breakdown(SEAT)
    score = int(breakdown["total"])
    return {"legal": True, "finished": state.finished, "moves": len(state.moves), "score": score, "optimum": optimum,
            "optimal": score == optimum, "breakdown": {k: int(breakdown[k]) for k in scoring.CATEGORIES},
            "share": share_line(puzzle, score, optimum)}


def puzzle_board(puzzle: dict[str, Any], solution: object, components: Components) -> tuple[RolledWest, dict[str, Any] | None]:
    """The game of ``puzzle`` after the moves of ``solution`` played in order, and what broke (``replay``)."""
    return replay(puzzle_of(puzzle, components), solution_moves(solution))


def board_options(state: RolledWest) -> dict[str, list[JSON]]:
    """The solo seat's legal moves now, with their labels, by move type (``{}`` once the game is over)."""
    options: dict[str, list[JSON]] = {}
    for move in labelled(state, SEAT):
        options.setdefault(str(move["type"]), []).append(move)
    return options
