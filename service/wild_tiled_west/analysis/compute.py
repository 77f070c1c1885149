"""Hints and best plans for the HTTP API, from one seat's position only (``Game.position(seat)`` data).

``seat_hint`` answers ``POST /analysis/hint`` with the information-set search
(``solver.games.wild_tiled_west.ai.search.search_hint``: anytime, its best options with their uncertainty);
``best_plan`` answers ``POST /analysis/placements`` with the CP-SAT planner (``solver.games.wild_tiled_west.planning.cpsat.solve.
solve_plan``).  Both read nothing but the position given: the hidden cards and future chance are sampled
(``solver.games.wild_tiled_west.ai.determinize.sample_game``), never looked up.  Budgets are capped by the caller (the server's
settings).  Every failure is a ``service.problems.Refused`` (422 for a position the engine cannot play
from, with the reason): no position, however malformed, makes a 500.
"""

from __future__ import annotations

import logging
import math
from dataclasses import replace
from typing import Any, cast

from puzzles.archive import PuzzleError
from puzzles.wild_tiled_west.position import puzzle_position
from service.language import N_, _
from service.problems import Refused
from solver.games.wild_tiled_west.ai.determinize import PositionError, sample_game
from solver.games.wild_tiled_west.ai.hints import HintError
from solver.games.wild_tiled_west.ai.search import search_hint
from solver.games.wild_tiled_west.components.values import Catalog
from solver.games.wild_tiled_west.planning.cpsat.solve import solve_plan
from solver.games.wild_tiled_west.planning.plans import PlanPosition

log = logging.getLogger(__name__)
SAMPLE_SEED = 0  #: hidden values are sampled with this seed: the same position gets the same answer


def _unplayable(exc: Exception, what: str) -> Refused:
    """The 422 for a position the engine failed on (only the exception's type is logged: no game data)."""
    if isinstance(exc, PositionError):
        return Refused(422, str(exc), rule="malformed_position")
    log.info("the engine failed on a posted position (%s): %s", what, type(exc).__name__)
    return Refused(422, _("the engine cannot {what} from this position ({error}): it is not a position as GET "
                          "/games/{{id}}/position exports it").format(what=_(what), error=type(exc).__name__),
                   rule="malformed_position")


def check_decision(position: dict[str, Any], not_yours: int, over: int) -> None:
    """Refuse when the position's seat has nothing to decide: status ``over`` with rule ``game_over``
    when the game is over, ``not_yours`` with ``not_your_decision`` when the pending decision is
    another seat's (a seat token: 409 and 403; a posted position: 422 and 422)."""
    pending, seat = position.get("pending"), position.get("seat")
    if not pending:
        raise Refused(over, _("the game is over: there is nothing to decide"), rule="game_over")
    whose, kind = (pending.get("seat"), pending.get("type")) if isinstance(pending, dict) else (None, None)
    if whose != seat:
        raise Refused(not_yours, _("the pending decision ({decision}) is seat {whose}'s, not seat {seat}'s: a hint is only for "
                                   "a seat that must decide").format(decision=kind, whose=whose, seat=seat),
                      rule="not_your_decision")


def seat_hint(position: dict[str, Any], top: int, budget_ms: int, catalog: Catalog, simulations: int | None = None,
              seed: int = SAMPLE_SEED) -> dict[str, Any]:
    """``solver.games.wild_tiled_west.ai.search.search_hint`` for ``position``'s seat: the search runs until ``budget_ms`` (already capped
    by the server) is spent or, when given, ``simulations`` are done, whichever comes first, on one process (the
    queue's processes are the server's parallelism); its determinizations are seeded by ``seed``, so a search cut by
    its simulation count gives the same answer again.  The answer's ``seed`` is named ``search_seed``.

    Refused: see ``check_decision`` (call it first), 422 ``malformed_position``."""
    try:
        answer = search_hint(position, top=top, budget_ms=budget_ms, simulations=simulations, seed=seed, catalog=catalog)
        answer["search_seed"] = answer.pop("seed")  # named apart from the game's seed, which no answer shows
        return answer
    except HintError as exc:
        raise Refused(422, str(exc), rule="no_hint") from None
    except Exception as exc:
        raise _unplayable(exc, N_("give a hint")) from None


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


def _solved(position: PlanPosition, required: bool, budget_ms: int) -> dict[str, Any]:
    """``solve_plan``'s answer as JSON, its ``bound`` and ``gap`` finite or null."""
    result = solve_plan(position, required=required, time_limit_ms=budget_ms).to_json()
    result["bound"] = _finite(float(cast(float, result["bound"])))
    result["gap"] = _finite(float(cast(float, result["gap"])))
    return result


def best_plan(position: dict[str, Any], tile_ids: list[str], required: bool, budget_ms: int,
              catalog: Catalog) -> dict[str, Any]:
    """The CP-SAT best plan for ``tile_ids`` on the settlement of ``position``'s seat, within ``budget_ms``
    (the solver's hard limit; building the model comes on top).

    Answers ``PlanResult.to_json()`` (placements in play order, ``value`` and its ``terms``, ``objective``,
    ``bound``, ``gap``, ``status``, ``wall_ms``, ``candidates``, ``wrangles``) plus the ``seat``, the
    position's ``version``, ``tiles``, ``required`` and ``budget_ms``.  Refused: 422 ``malformed_position``."""
    try:
        game = sample_game(position, SAMPLE_SEED, catalog)
        seat = position["seat"]
        plan_position = PlanPosition.from_game(game, seat, [catalog.tile(t) for t in tile_ids])
        result = _solved(plan_position, required, budget_ms)
    except Exception as exc:
        raise _unplayable(exc, N_("plan")) from None
    return {"version": position.get("version"), "seat": seat, "tiles": list(tile_ids), "required": required,
            "budget_ms": budget_ms, **result}


def puzzle_plan(puzzle: dict[str, Any], tile_ids: list[str] | None, required: bool, budget_ms: int,
                catalog: Catalog) -> dict[str, Any]:
    """The CP-SAT best plan for a daily puzzle (``puzzles.daily.daily_puzzle``'s dict, or as served): its hand,
    or the ``tile_ids`` of it, on its board (``puzzles.wild_tiled_west.position.puzzle_position``: points only, the solo side),
    within ``budget_ms``.  Answers as ``best_plan`` with the puzzle's ``id``, its ``optimum`` (the proven best
    score of the whole hand) instead of ``seat`` and ``version``.  Refused: 422 ``malformed_puzzle`` (with the
    reason), 422 ``not_in_hand`` for a tile the hand does not hold."""
    try:
        position = puzzle_position(puzzle, catalog)
    except PuzzleError as exc:
        raise Refused(422, _("the puzzle cannot be read: {error}").format(error=exc), rule="malformed_puzzle") from None
    hand = [t.id for t in position.tiles]
    chosen = list(tile_ids) if tile_ids is not None else hand
    missing = [t for t in chosen if t not in hand]
    if missing:
        raise Refused(422, _("tile {tile} is not in the puzzle's hand ({hand})").format(tile=missing[0], hand=", ".join(hand)),
                      rule="not_in_hand")
    position = replace(position, tiles=tuple(position.tile(t) for t in chosen))
    result = _solved(position, required, budget_ms)
    return {"puzzle": puzzle.get("id"), "optimum": puzzle.get("optimum"), "tiles": chosen, "required": required,
            "budget_ms": budget_ms, **result}
