"""The ``wrangles`` and ``pasture_potential`` terms of the plan model (``solver.games.wild_tiled_west.planning.plans``): the pastures
after the plan (``solver.games.wild_tiled_west.planning.cpsat.pastures``), their wrangles and what those are worth."""

from __future__ import annotations

from ortools.sat.python import cp_model

from solver.games.wild_tiled_west.planning.cpsat.candidates import Candidate
from solver.games.wild_tiled_west.planning.cpsat.pastures import add_pasture_graph, add_pastures
from solver.games.wild_tiled_west.planning.plans import PlanPosition
from solver.games.wild_tiled_west.rules.buildings import building_tiles
from solver.games.wild_tiled_west.rules.buildings.registry import BARN


def wrangles_terms(model: cp_model.CpModel, position: PlanPosition, cands: list[Candidate], x: list, by_tile: dict,
                   used: list) -> tuple[list, list]:
    """The ``wrangles`` and ``pasture_potential`` terms.  The pastures after the plan are the components of
    the pasture graph (``pastures.add_pasture_graph``: the plan's field groups and the existing pastures they
    may touch).  Each pasture holding a field group of the plan may be wrangled once for 3..min(cows, 7) cows
    unless it holds a wrangled pasture, or (positional) kept growing, its cows (at most 7) counted as
    potential (``pastures.add_pastures``: explicit classes or labelled components, both exact); contracts and
    Barns as in ``solver.games.wild_tiled_west.planning.plans.wrangle_plan`` (``_wrangle_rewards``).  ``x``, ``by_tile`` and
    ``used`` as in ``PlacementVariables``.  Returns ``(wrangle terms, potential terms)``, lists of linear
    expressions in points (both empty, the model unchanged, when the plan's tiles hold no field square).
    Raises nothing."""
    graph = add_pasture_graph(model, position, cands, x, by_tile, used)
    if graph is None:
        return [], []
    wrangle, potential = add_pastures(model, position, graph)
    return _wrangle_rewards(model, position, wrangle, len(graph.nodes), used), potential


def _wrangle_rewards(model: cp_model.CpModel, position: PlanPosition, wrangle: dict, m: int, used: list) -> list:
    """The wrangle terms in points for ``wrangle[class, size]`` booleans (each a wrangle of ``size``
    cows): scoreboard points, cattle contracts (large side for the first claim of an unflipped contract),
    1 gold per Barn per wrangle (``m`` bounds the wrangles); at most as many wrangles as cowpokes left."""
    sizes = range(position.rule_numbers.min_cows, position.rule_numbers.max_cows + 1)
    count = sum(wrangle.values())
    model.add(count <= position.cowpokes_left)
    out = [position.wrangle_points[k] * wrangle[L, k] for L, k in wrangle]
    for k in sizes:
        if k < position.rule_numbers.contract_min_cows:
            continue
        n_k = sum(v for (_, size), v in wrangle.items() if size == k)
        small, large = position.contract_points(k, False), position.contract_points(k, True)
        out.append(small * n_k)
        if position.contracts[k][1] and large > small:
            first = model.new_bool_var(f"large{k}")
            model.add(first <= n_k)
            out.append((large - small) * first)
    barn_tiles = [i for i, t in enumerate(position.tiles) if t.building == BARN]
    existing = len(building_tiles(position.settlement, BARN))
    if barn_tiles or existing:
        wrangles_made = model.new_int_var(0, m, "wrangles")
        model.add(wrangles_made == count)
        barns = model.new_int_var(0, existing + len(barn_tiles), "barns")
        model.add(barns == existing + sum(used[i] for i in barn_tiles))
        gold = model.new_int_var(0, m * (existing + len(barn_tiles)), "barn_gold")
        model.add_multiplication_equality(gold, [wrangles_made, barns])
        out.append(position.barn_points() * gold)
    return out
