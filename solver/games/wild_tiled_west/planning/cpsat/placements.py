"""The plan model's first variables and constraints: a boolean per candidate placement, at most (or exactly)
one placement per tile, a boolean per square the plan may cover (no square covered twice), and the root
every placement connects to (the X's rule for a first plan)."""

from __future__ import annotations

from dataclasses import dataclass

from ortools.sat.python import cp_model

from solver.games.wild_tiled_west.components.geometry import Coord
from solver.games.wild_tiled_west.components.values import Tile
from solver.games.wild_tiled_west.planning.cpsat.candidates import Candidate, covering_candidates
from solver.games.wild_tiled_west.planning.plans import PlanPosition


@dataclass
class PlacementVariables:
    """What ``add_placement_variables`` added, indexed for the terms and the connectivity:

    - ``x[k]``: candidate ``k`` is placed (a boolean; the model's variable ``k``);
    - ``used[i]``: tile ``i`` is placed (the linear expression ``sum(x)`` over its candidates, 0 or 1);
    - ``cover[(row, column)]``: the plan covers that square (a boolean, for every square some candidate covers);
    - ``covering[(row, column)]``: the indices of the candidates covering that square, ascending;
    - ``by_tile[i]``: tile ``i``'s candidate indices (absent for a tile without candidates);
    - ``placements_at[(i, (row, column))]``: tile ``i``'s candidate indices covering that square;
    - ``root``: the bit mask of squares a placement must touch to be connected by itself (the settlement's
      neighbours, or for a first plan the X)."""

    x: list[cp_model.IntVar]
    used: list
    cover: dict[Coord, cp_model.IntVar]
    covering: dict[Coord, list[int]]
    by_tile: dict[int, list[int]]
    placements_at: dict[tuple[int, Coord], list[int]]
    root: int


def add_placement_variables(model: cp_model.CpModel, position: PlanPosition, cands: list[Candidate],
                            required: bool) -> PlacementVariables:
    """Adds to an empty ``model`` the booleans ``x`` of the candidates ``cands`` (``x[k]`` is the model's
    variable ``k``, which the connectivity's rows written to the proto rely on), the constraint "at most one
    placement per tile" ("exactly one" when ``required``), the square booleans ``cover`` (each equal to the sum
    of the placements covering it, so no square is covered twice) and, for a first plan, "every placed tile
    implies the X covered".  Raises ``AssertionError`` if ``model`` already held variables."""
    s = position.settlement
    g = s.grid
    x = [model.new_bool_var(f"x{k}") for k in range(len(cands))]
    assert not x or x[-1].index == len(x) - 1  # the model's first variables: x[k] is variable k (connectivity.add_at_most rows)
    by_tile: dict[int, list[int]] = {}
    by_square = covering_candidates(cands)
    placements_at: dict[tuple[int, Coord], list[int]] = {}  # (tile, square) -> candidates covering it
    for k, cand in enumerate(cands):
        by_tile.setdefault(cand.tile_index, []).append(k)
        for rc in cand.squares:
            placements_at.setdefault((cand.tile_index, rc), []).append(k)
    used = []
    for i in range(len(position.tiles)):
        ks = by_tile.get(i, [])
        u = sum(x[k] for k in ks)
        model.add(u == 1) if required else model.add(u <= 1)
        used.append(u)
    cover = {}  # square -> boolean: the plan covers it
    for rc, ks in by_square.items():
        cover[rc] = model.new_bool_var(f"cover{rc}")
        model.add(sum(x[k] for k in ks) == cover[rc])
    # the root: the settlement's neighbours, or for a first plan the X (whose tile must be placed)
    root = g.neighbours(s.region) if s.tiles else s.start
    start_square = g.squares(s.start)[0] if not s.tiles and s.start else None
    if start_square is not None:
        for u in used:
            model.add(cover.get(start_square, 0) >= u)
    return PlacementVariables(x, used, cover, by_square, by_tile, placements_at, root)


def _copies(a: Tile, b: Tile) -> bool:
    """True when ``a`` and ``b`` are two copies of one tile type (``t07#1``, ``t07#2``): the same squares and
    building, so that swapping them changes no plan's value."""
    return a.copy is not None and b.copy is not None and a.type_id == b.type_id and (a.cells, a.building) == (b.cells, b.building)


def break_copy_symmetry(model: cp_model.CpModel, position: PlanPosition, cands: list[Candidate],
                        placed: PlacementVariables) -> None:
    """Of the plans that differ only by which copy of a tile type goes where, keep one: for each copy with an
    earlier copy of its type among ``position.tiles``, it is placed only when that earlier copy is, and then on
    a later candidate placement (candidates ordered by orientation, row, column; the copies share them).
    Without it CP-SAT proves the optimum once per arrangement of the copies (the trays hold 2 or 3 copies of
    each of 40 types, rulebook: Setup; docs/rulings.md R10).  Adds booleans ``copy_placed{j}``; raises nothing."""
    tiles = position.tiles
    for j, tile in enumerate(tiles):
        i = next((i for i in range(j - 1, -1, -1) if _copies(tiles[i], tile)), None)
        if i is None or i not in placed.by_tile or j not in placed.by_tile:
            continue
        where = {t: [(cands[k].placement.orientation, cands[k].placement.row, cands[k].placement.col) for k in placed.by_tile[t]]
                 for t in (i, j)}
        rank = {key: r for r, key in enumerate(sorted(set(where[i]) | set(where[j])))}
        spot = {t: sum(rank[key] * placed.x[k] for key, k in zip(where[t], placed.by_tile[t])) for t in (i, j)}
        model.add(placed.used[j] <= placed.used[i])
        later = model.new_bool_var(f"copy_placed{j}")
        model.add(placed.used[j] == later)
        model.add(spot[i] + 1 <= spot[j]).only_enforce_if(later)
