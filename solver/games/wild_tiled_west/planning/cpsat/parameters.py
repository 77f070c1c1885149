"""CP-SAT's search parameters for the plan model, as named constants, and ``set_search_parameters`` that applies
them to a solver.

Each was chosen by CP-SAT's deterministic time (its machine-independent work measure) on ``bench/solver.py``'s
positions; the measurements, and what was tried and not kept, are in docs/solver.md, "Search parameters, and
why".  The thresholds choosing between formulations of the model itself live with those formulations:
``connectivity.CUT_CONNECTIVITY_UP_TO_TILES``, ``pastures.EDGE_ROWS_UP_TO_TILES`` and ``pastures.MAX_PASTURE_CLASSES`` (same section).
"""

from __future__ import annotations

from ortools.sat.python import cp_model

DEFAULT_TIME_LIMIT_MS = 5000  #: ``solve_plan``'s wall-clock limit when none is given, in milliseconds
SEED = 7  #: CP-SAT's random seed (fixed: the same input gives the same answer)
#: From this many tiles on: the connectivity clauses in the LP (linearization level 2), no probing in
#: presolve, no cut rounds at the root and no cut families; smaller plans keep CP-SAT's defaults.
LP_CLAUSES_FROM_TILES = 3
#: CP-SAT's ``inprocessing_minimization_dtime`` (default 1.0), for every plan: no work on minimizing learnt clauses.
CLAUSE_MINIMIZATION_WORK = 0.0
#: CP-SAT's ``max_cut_rounds_at_level_zero`` (default 1), from ``LP_CLAUSES_FROM_TILES`` tiles: no cut round at the root.
ROOT_CUT_ROUNDS = 0
#: CP-SAT's cut families, all off from ``LP_CLAUSES_FROM_TILES`` tiles (with no root rounds none made a cut).
CUT_FAMILIES_OFF = ("add_cg_cuts", "add_mir_cuts", "add_zero_half_cuts", "add_clique_cuts")
#: CP-SAT's conflict analysis, for every plan: bump the reasons' variables too, backtrack chronologically.
CONFLICT_ANALYSIS = {"also_bump_variables_in_conflict_reasons": True, "use_chronological_backtracking": True}


def set_search_parameters(parameters: cp_model.SatParameters, *, tiles: int, workers: int, seed: int,
                          time_limit_ms: int, deterministic_limit: float | None) -> None:
    """Sets CP-SAT's ``parameters`` (a solver's ``parameters`` message, changed in place) for a plan of ``tiles``
    tiles: ``workers`` search workers and random ``seed``; from ``LP_CLAUSES_FROM_TILES`` tiles the LP-heavy
    settings (linearization level 2, no probing, ``ROOT_CUT_ROUNDS``, ``CUT_FAMILIES_OFF``); for every plan
    ``CLAUSE_MINIMIZATION_WORK`` and ``CONFLICT_ANALYSIS``; the wall-clock limit ``time_limit_ms`` (milliseconds,
    at least 1) and, unless None, ``deterministic_limit`` (CP-SAT's ``max_deterministic_time``, in
    deterministic seconds).  Raises nothing."""
    parameters.num_workers = workers
    parameters.random_seed = seed
    if tiles >= LP_CLAUSES_FROM_TILES:
        parameters.linearization_level = 2
        parameters.cp_model_probing_level = 0
        parameters.max_cut_rounds_at_level_zero = ROOT_CUT_ROUNDS
        for cut in CUT_FAMILIES_OFF:
            setattr(parameters, cut, False)
    parameters.inprocessing_minimization_dtime = CLAUSE_MINIMIZATION_WORK
    for name, value in CONFLICT_ANALYSIS.items():
        setattr(parameters, name, value)
    parameters.max_time_in_seconds = max(0.001, time_limit_ms / 1000)
    if deterministic_limit is not None:
        parameters.max_deterministic_time = deterministic_limit
