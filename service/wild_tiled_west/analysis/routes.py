"""Stateless analysis resources: ``POST /analysis/hint`` and ``POST /analysis/placements`` (docs/api.md).

For frontends that keep their own game: the body holds a seat's position as ``GET
/games/{game_id}/position`` exports it, and the answer is computed from it alone.  No token: the
position is the caller's own data.  Both are CPU-heavy: their budgets are capped by the server
(``HINT_MAX_BUDGET_MS``, ``PLACEMENTS_MAX_BUDGET_MS``) and they are computed by the heavy-work queue's
processes (``service.heavy``, ``service.wild_tiled_west.analysis.tasks``) at the priority of their kind and client (``service.fairness``) while
the request waits up to the budget, the work ahead of it and ``TASK_WAIT_SECONDS``.
"""

from __future__ import annotations

import json

from flask import Response, current_app

from service.fairness import run_for_request
from service.games.store import dumps
from service.hints import HintSchema, capped
from service.parsing import Blueprint
from service.problems import problem_responses
from service.wild_tiled_west.analysis.compute import check_decision
from service.wild_tiled_west.analysis.schemas import AnalysisHintSchema, PlacementsRequestSchema, PlanSchema
from service.wild_tiled_west.analysis.tasks import hint_task, plan_task, puzzle_plan_task

blp = Blueprint("analysis", __name__, url_prefix="/analysis",
                description="Stateless hints and best plans for a position the client holds")


def json_answer(data: object) -> Response:
    """A JSON answer that no cache keeps (it is computed for the request)."""
    response = Response(dumps(data), mimetype="application/json")
    response.headers["Cache-Control"] = "no-store"
    return response


@blp.route("/hint", methods=["POST"])
@blp.arguments(AnalysisHintSchema)
@blp.response(200, HintSchema)
@problem_responses(blp, 400, 413, 422, 429, 503)
def post_hint(args):
    """The best options of the pending decision for the seat of ``position``, from that position alone: the
    information-set search runs for ``budget_ms`` (lowered to the server's cap) or ``simulations``, whichever ends
    first, and answers each option with its estimated gain and uncertainty.

    422 ``game_over`` or ``not_your_decision`` when the position's seat has nothing to decide, 422
    ``malformed_position`` (with the reason) when the engine cannot play from the position; 503 ``busy``
    (with ``Retry-After``) when the people's requests ahead of it fill the heavy-work queue (docs/api.md, "Fair heavy
    work")."""
    position = args["position"]
    check_decision(position, not_yours=422, over=422)
    budget = capped(args["budget_ms"], "HINT")
    return json_answer(run_for_request("ANALYSIS", hint_task, position, args["top"], budget, args["simulations"],
                                       args["search_seed"], budget_ms=budget))


@blp.route("/placements", methods=["POST"])
@blp.arguments(PlacementsRequestSchema)
@blp.response(200, PlanSchema)
@problem_responses(blp, 400, 404, 413, 422, 429, 503)
def post_placements(args):
    """The best plan CP-SAT finds within the budget for placing ``tiles`` (any subset, or all of them
    when ``required``) on the settlement of ``position``'s seat, with its value by term; or, with ``puzzle`` (a
    published puzzle's id, or the puzzle as served), for its hand (or the ``tiles`` of it) on its board, with the
    proof status: the 7- and 8-tile hands of the hard puzzles are proven within the default budget.

    404 ``unknown_puzzle`` for an id nothing was published with; 422 ``malformed_puzzle`` or ``not_in_hand``.

    422 ``malformed_position`` (with the reason) when the engine cannot rebuild the position; 503
    ``busy`` (with ``Retry-After``) when the requests ahead of it fill the heavy-work queue (docs/api.md, "Fair heavy
    work")."""
    budget = capped(args["budget_ms"], "PLACEMENTS")
    puzzle = args["puzzle"]
    if isinstance(puzzle, str):  # a published puzzle by id: 404 unknown_puzzle
        puzzle = json.loads(current_app.extensions["wtw_puzzles"].get(puzzle).canonical)
    if puzzle is not None:
        return json_answer(run_for_request("ANALYSIS", puzzle_plan_task, puzzle, args["tiles"], args["required"], budget,
                                           budget_ms=budget))
    return json_answer(run_for_request("ANALYSIS", plan_task, args["position"], args["tiles"], args["required"], budget,
                                       budget_ms=budget))
