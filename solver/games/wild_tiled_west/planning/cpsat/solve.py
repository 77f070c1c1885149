"""``solve_plan``: builds the plan model (``build_model``: the candidates' variables, the connectivity, every
objective term, the objective), sets CP-SAT's search parameters, solves under a hard time limit and reads the
answer back as a ``PlanResult``.

One worker and a fixed seed (``SEED``: parallel search is not deterministic, and more workers than the
machine's 2 cores is slower), so the same input gives the same answer.  The time limit is given to CP-SAT and
also enforced from outside by a timer thread calling ``stop_search``; the best plan found so far is always
returned, with status OPTIMAL or FEASIBLE, the bound and the gap.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from solver.games.wild_tiled_west.planning.cpsat.candidates import Candidate, candidates
from solver.games.wild_tiled_west.planning.cpsat.connectivity import add_connectivity
from solver.games.wild_tiled_west.planning.cpsat.parameters import DEFAULT_TIME_LIMIT_MS, SEED, set_search_parameters
from solver.games.wild_tiled_west.planning.cpsat.placements import (
    PlacementVariables,
    add_placement_variables,
    break_copy_symmetry,
)
from solver.games.wild_tiled_west.planning.cpsat.terms.bandits import bandits_term
from solver.games.wild_tiled_west.planning.cpsat.terms.buildings import buildings_term
from solver.games.wild_tiled_west.planning.cpsat.terms.spaces import bonuses_term, horseshoes_term, mining_term
from solver.games.wild_tiled_west.planning.cpsat.terms.towns import town_progress_term, towns_term
from solver.games.wild_tiled_west.planning.cpsat.terms.wrangles import wrangles_terms
from solver.games.wild_tiled_west.planning.plans import (
    TERMS,
    PlanPosition,
    PlanValue,
    evaluate_plan,
    plan_wrangles,
    play_order,
    refuse_rooted,
)
from solver.games.wild_tiled_west.rules.placement import Placement


@dataclass
class PlanResult:
    """A solved plan.

    ``placements`` in play order (each legal when played in turn); ``value``: the plan's value as
    ``solver.games.wild_tiled_west.planning.plans.evaluate_plan`` computes it (points, with per-term breakdown; equal to ``objective``
    when OPTIMAL; a FEASIBLE result cut short may be worth more than its ``objective``, as
    ``evaluate_plan`` takes the best wrangles and shots for the placements found); ``objective`` and
    ``bound``: CP-SAT's objective value and best bound; ``gap`` = (bound - objective) / max(1, |objective|);
    ``status``: OPTIMAL, FEASIBLE or INFEASIBLE (no legal plan when tiles are required);
    ``wall_ms``: wall time of build and solve, in milliseconds; ``candidates``: placements in the model;
    ``wrangles``: wrangle planning, one entry per pasture the plan touches (``solver.games.wild_tiled_west.planning.plans.plan_wrangles``:
    wrangle it for ``wrangle`` cows once the plan is placed, or 0 to keep growing it); ``stats``: CP-SAT's
    ``branches``, ``conflicts``, ``solve_ms`` and ``deterministic_time``, ``best_found_ms`` (milliseconds
    from the call until the answer's solution was found, the rest proving it; None without a solution)
    and ``stopped_by_wall``."""

    placements: list[Placement]
    value: PlanValue
    objective: int
    bound: float
    gap: float
    status: str
    wall_ms: float
    candidates: int
    stats: dict[str, object] = field(default_factory=dict)
    wrangles: list[dict[str, object]] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        """Plain data for the HTTP API and benchmarks."""
        return {"placements": [p.to_json() for p in self.placements], "value": self.value.total,
                "terms": dict(self.value.terms), "objective": self.objective, "bound": self.bound, "gap": self.gap,
                "status": self.status, "wall_ms": round(self.wall_ms, 3), "candidates": self.candidates,
                "wrangles": self.wrangles}


@dataclass
class PlanModel:
    """A built plan model: the CP-SAT ``model`` (objective set), its candidate placements ``cands`` (``cands[k]``
    is the placement of the boolean ``placed.x[k]``), the ``placed`` variables and the objective ``terms``
    (name in ``TERMS`` -> list of linear expressions, in points; their sum is the objective)."""

    model: cp_model.CpModel
    cands: list[Candidate]
    placed: PlacementVariables
    terms: dict[str, list]


def build_model(position: PlanPosition, *, required: bool = False, exclude: Sequence[Sequence[Placement]] = (),
                objective_bounds: tuple[int, int] | None = None) -> PlanModel:
    """The plan model of ``position``, in this order (CP-SAT's search depends on the order of variables and
    constraints): the candidates' booleans and the squares' (``add_placement_variables``), one arrangement of each
    tile type's copies (``break_copy_symmetry``), the connectivity
    (``add_connectivity``), every objective term (``_objective_terms``), the objective (maximized, in points),
    ``objective_bounds`` and the plans of ``exclude`` ruled out (``solve_plan`` describes both).
    Raises ``ValueError`` for a position with ``rooted_on`` (the model places tiles by the connection rules
    only)."""
    refuse_rooted(position)
    cands = candidates(position)
    model = cp_model.CpModel()
    placed = add_placement_variables(model, position, cands, required)
    break_copy_symmetry(model, position, cands, placed)
    add_connectivity(model, position, cands, placed)
    terms = _objective_terms(model, position, cands, placed)
    objective = sum(sum(v) for v in terms.values())
    model.maximize(objective)
    if objective_bounds is not None:
        bounded = model.new_int_var(*objective_bounds, "objective")
        model.add(bounded == objective)
    _add_exclusions(model, cands, placed.x, exclude)
    return PlanModel(model, cands, placed, terms)


def _objective_terms(model: cp_model.CpModel, position: PlanPosition, cands: list[Candidate],
                     placed: PlacementVariables) -> dict[str, list]:
    """Every objective term, in the order their variables are created: name in ``TERMS`` (in that order) ->
    list of linear expressions, in points."""
    x, used, cover = placed.x, placed.used, placed.cover
    terms: dict[str, list] = {name: [] for name in TERMS}
    terms["towns"], complete = towns_term(model, position, cover)
    terms["town_progress"] = town_progress_term(position, cover, complete)
    terms["bonuses"] = bonuses_term(position, cover, used)
    terms["horseshoes"] = horseshoes_term(position, cover)
    terms["mining"] = mining_term(model, position, cover)
    terms["buildings"] = buildings_term(model, position, cands, x, cover, placed.covering)
    terms["wrangles"], terms["pasture_potential"] = wrangles_terms(model, position, cands, x, placed.by_tile, used)
    terms["bandits"] = bandits_term(model, position, cands, x, used, cover)
    return terms


def _add_exclusions(model: cp_model.CpModel, cands: list[Candidate], x: list,
                    exclude: Sequence[Sequence[Placement]]) -> None:
    """For each plan of ``exclude``: a clause "some placement of it is not chosen, or a tile it leaves out is
    placed".  A plan with a placement outside the model is excluded anyway and adds nothing."""
    index = {cand.placement: k for k, cand in enumerate(cands)}
    for plan in exclude:
        if all(p in index for p in plan):  # a plan with a placement outside the model is excluded anyway
            chosen = {index[p] for p in plan}
            placed = {cands[k].tile_index for k in chosen}
            model.add_bool_or([x[k].Not() for k in sorted(chosen)]
                              + [x[k] for k in range(len(cands)) if cands[k].tile_index not in placed])


def solve_plan(position: PlanPosition, *, required: bool = False, time_limit_ms: int = DEFAULT_TIME_LIMIT_MS,
               workers: int = 1, deterministic_limit: float | None = None, exclude: Sequence[Sequence[Placement]] = (),
               objective_bounds: tuple[int, int] | None = None) -> PlanResult:
    """The best plan for ``position``: ``build_model``, then CP-SAT with ``set_search_parameters`` (the
    random seed is this module's ``SEED``, read at each call: ``bench/solver.py --cpsat-seed`` sets it).

    ``required``: every tile must be placed (a drafted tile); otherwise any subset, possibly none.
    ``time_limit_ms``: the hard limit on the solve, in milliseconds (wall clock: ``stats["stopped_by_wall"]``
    says when it stopped the search).  ``workers``: CP-SAT's search workers (more than 1 is not
    deterministic).  ``deterministic_limit``: CP-SAT's ``max_deterministic_time`` (its
    machine-independent work measure, in "deterministic seconds"), so that whether a plan is proven within
    it is the same on every machine.  ``exclude``: plans (sets of placements) the answer must differ from
    (in at least one tile's placement or absence).  ``objective_bounds``: ``(low, high)`` the objective
    must lie in, in points (with ``exclude``: is there another plan worth ``low``?).
    Raises nothing for a position without legal plans: the result is INFEASIBLE (required, or bounds or
    exclusions no plan meets) or the empty plan.  Raises ``ValueError`` for a position with ``rooted_on``
    (the model places tiles by the connection rules only).
    """
    start = time.perf_counter()
    built = build_model(position, required=required, exclude=exclude, objective_bounds=objective_bounds)
    solver = cp_model.CpSolver()
    set_search_parameters(solver.parameters, tiles=len(position.tiles), workers=workers, seed=SEED,
                          time_limit_ms=time_limit_ms, deterministic_limit=deterministic_limit)
    best_found = _BestFound()
    with _StopTimer(solver, time_limit_ms / 1000) as timer:
        status = solver.solve(built.model, best_found)
    stats = {"branches": solver.num_branches, "conflicts": solver.num_conflicts, "solve_ms": solver.wall_time * 1000,
             "deterministic_time": solver.deterministic_time,
             "best_found_ms": None if best_found.at is None else (best_found.at - start) * 1000,
             "stopped_by_wall": timer.fired or _stopped_by_wall(status, solver.deterministic_time, deterministic_limit)}
    return _read_back(position, built, solver, status, stats, start)


def _read_back(position: PlanPosition, built: PlanModel, solver: cp_model.CpSolver, status: cp_model.CpSolverStatus,
               stats: dict[str, object], start: float) -> PlanResult:
    """The ``PlanResult`` of a finished solve (``start``: its ``time.perf_counter()`` at the call): the chosen
    placements in a play order, valued by ``evaluate_plan``, with their wrangles; or, without a solution, the
    empty plan worth 0 with CP-SAT's status (INFEASIBLE, or UNKNOWN when stopped before a first solution)."""
    name = solver.status_name(status)
    cands, x = built.cands, built.placed.x
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        wall = (time.perf_counter() - start) * 1000
        return PlanResult([], PlanValue(0, dict.fromkeys(built.terms, 0)), 0, 0.0, 0.0, name, wall, len(cands), stats)
    chosen = [cands[k].placement for k in range(len(cands)) if solver.boolean_value(x[k])]
    order = play_order(position, chosen)
    value = evaluate_plan(position, order)
    objective = round(solver.objective_value)
    bound = solver.best_objective_bound
    wall = (time.perf_counter() - start) * 1000
    return PlanResult(order, value, objective, bound, (bound - objective) / max(1, abs(objective)), name, wall,
                      len(cands), stats, plan_wrangles(position, order))


class _StopTimer:
    """Calls ``solver.stop_search()`` after ``seconds`` from another thread (the hard limit); ``fired``
    tells whether it did."""

    def __init__(self, solver: cp_model.CpSolver, seconds: float):
        self.fired = False
        self.solver = solver
        self.timer = threading.Timer(seconds, self._stop)
        self.timer.daemon = True

    def _stop(self) -> None:
        self.fired = True
        self.solver.stop_search()

    def __enter__(self):
        self.timer.start()
        return self

    def __exit__(self, *exc):
        self.timer.cancel()


class _BestFound(cp_model.CpSolverSolutionCallback):
    """Records when the search found its latest (best) solution: ``at`` is a ``time.perf_counter()``
    reading, or None before the first solution.  It only reads the clock: the search is unchanged."""

    def __init__(self):
        super().__init__()
        self.at: float | None = None

    def on_solution_callback(self) -> None:
        self.at = time.perf_counter()


def _stopped_by_wall(status: cp_model.CpSolverStatus, deterministic_time: float, deterministic_limit: float | None) -> bool:
    """Whether the wall-clock limit, rather than the deterministic budget, ended a solve: it ended
    unfinished (neither OPTIMAL nor INFEASIBLE) with deterministic work left.  (CP-SAT may end on its own
    wall limit a little before the timer thread fires and before its reported wall time reaches the
    limit, so neither alone tells.)"""
    finished = status in (cp_model.OPTIMAL, cp_model.INFEASIBLE)
    budget_spent = deterministic_limit is not None and deterministic_time >= deterministic_limit
    return not finished and not budget_spent
