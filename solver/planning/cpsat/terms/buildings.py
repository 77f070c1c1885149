"""The ``buildings`` term of the plan model (``solver.planning.plans``): red buildings surrounded."""

from __future__ import annotations

from ortools.sat.python import cp_model

from solver.planning.cpsat.candidates import Candidate
from solver.planning.plans import PlanPosition
from solver.rules.buildings import building_tiles


def buildings_term(model: cp_model.CpModel, position: PlanPosition, cands: list[Candidate], x: list, cover: dict) -> list:
    """The ``buildings`` term: a red building is surrounded once every open neighbour square is covered.  A
    boolean ``surround{index}`` per building on the settlement not yet triggered, and ``surround_new{k}`` per
    candidate placing one (at most its ``x[k]``), each at most the ``cover`` boolean of every open square
    around it, worth ``position.surround_points``; a building with an open neighbour no candidate covers
    gets none.  ``x`` and ``cover`` as in ``PlacementVariables``.  Returns linear expressions in points.
    Raises nothing."""
    s = position.settlement
    g = s.grid
    out = []
    open_now = s.open
    for index_b, placed in building_tiles(s):
        name = placed.tile.building
        if not position.surround_points(name) or index_b in position.triggered:
            continue
        around = g.squares(g.neighbours(g.mask(rc for rc, _ in placed.squares)) & open_now)
        if all(rc in cover for rc in around):
            z = model.new_bool_var(f"surround{index_b}")
            for rc in around:
                model.add(z <= cover[rc])
            out.append(position.surround_points(name) * z)
    for k, cand in enumerate(cands):
        name = position.tiles[cand.tile_index].building
        if not position.surround_points(name):
            continue
        around = g.squares(g.neighbours(cand.mask) & open_now)
        if all(rc in cover for rc in around):
            z = model.new_bool_var(f"surround_new{k}")
            model.add(z <= x[k])
            for rc in around:
                model.add(z <= cover[rc])
            out.append(position.surround_points(name) * z)
    return out
