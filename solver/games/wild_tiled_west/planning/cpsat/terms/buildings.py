"""The ``buildings`` term of the plan model (``solver.games.wild_tiled_west.planning.plans``): red buildings surrounded."""

from __future__ import annotations

from ortools.sat.python import cp_model

from solver.games.wild_tiled_west.planning.cpsat.candidates import Candidate, beside_placement, cover_needs
from solver.games.wild_tiled_west.planning.plans import PlanPosition
from solver.games.wild_tiled_west.rules.buildings import building_tiles


def buildings_term(model: cp_model.CpModel, position: PlanPosition, cands: list[Candidate], x: list, cover: dict,
                   covering: dict) -> list:
    """The ``buildings`` term: a red building is surrounded once every open neighbour square is covered.  A
    boolean ``surround{index}`` per building on the settlement not yet triggered, and ``surround_new{k}`` per
    candidate placing one (at most its ``x[k]``), worth ``position.surround_points``.  Each is at most, for
    every open square around the building, the placements that may cover it (for a building of the plan:
    other tiles' placements not overlapping it, as its own tile is placed there), and, for every tile that
    cannot be spared in covering them all, that tile's placements covering any (``cover_needs``); a
    building whose open neighbours no plan can cover gets none.  Exact, and the linear relaxation no longer
    surrounds a fraction of a building with the rest of its own tile (docs/solver.md, Speed).  ``x``, ``cover``
    and ``covering`` as in ``PlacementVariables``.  Returns linear expressions in points.  Raises nothing."""
    s = position.settlement
    g = s.grid
    out = []
    open_now = s.open

    def surround(name: str | None, around: list, beside: Candidate | None, z_name: str, k: int | None) -> None:
        needs = cover_needs(cands, covering, around, beside=beside)
        if needs is None:
            return
        z = model.new_bool_var(z_name)
        if k is not None:
            model.add(z <= x[k])
        for rc in around:
            model.add(z <= (cover[rc] if beside is None else sum(x[c] for c in beside_placement(cands, covering[rc], beside))))
        for ks in needs.values():
            model.add(z <= sum(x[c] for c in ks))
        out.append(position.surround_points(name) * z)

    for index_b, placed in building_tiles(s):
        name = placed.tile.building
        if not position.surround_points(name) or index_b in position.triggered:
            continue
        around = g.squares(g.neighbours(g.mask(rc for rc, _ in placed.squares)) & open_now)
        surround(name, around, None, f"surround{index_b}", None)
    for k, cand in enumerate(cands):
        name = position.tiles[cand.tile_index].building
        if not position.surround_points(name):
            continue
        surround(name, g.squares(g.neighbours(cand.mask) & open_now), cand, f"surround_new{k}", k)
    return out
