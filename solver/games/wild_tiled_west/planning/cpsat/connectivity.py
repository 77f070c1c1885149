"""The plan model's connectivity constraints: every placed tile is connected to the root (the settlement; for a
first plan the X), two placements touching directly or through a printed field group both touch — the
rulebook's connection rule.  Two exact formulations: by cuts on the tiles' contact graph (``connect_by_cuts``)
for plans of up to ``CUT_CONNECTIVITY_UP_TO_TILES`` tiles, by a rooted order on the tiles (``connect_by_order``)
beyond.  Either way every answer can be played tile by tile, in an order ``play_order`` finds and checks.
Why these, and the threshold: docs/solver.md ("Model", and "Search parameters, and why")."""

from __future__ import annotations

from collections.abc import Iterator

from ortools.sat.python import cp_model

from solver.games.wild_tiled_west.components.geometry import Coord
from solver.games.wild_tiled_west.planning.cpsat.candidates import Candidate, link_groups, touch_mask
from solver.games.wild_tiled_west.planning.cpsat.placements import PlacementVariables
from solver.games.wild_tiled_west.planning.plans import PlanPosition

#: Up to this many tiles connectivity is stated by cuts (``connect_by_cuts``), beyond by a rooted order
#: (``connect_by_order``): the one with less deterministic time at each plan size (docs/solver.md).
CUT_CONNECTIVITY_UP_TO_TILES = 4


def add_connectivity(model: cp_model.CpModel, position: PlanPosition, cands: list[Candidate],
                     placed: PlacementVariables) -> None:
    """Adds the connectivity constraints for the placements ``placed`` of ``cands`` to ``model``: by cuts for
    up to ``CUT_CONNECTIVITY_UP_TO_TILES`` tiles, else by order (read at each call, so a test may change it).
    Raises nothing."""
    links = link_groups(position)
    n = len(position.tiles)
    connect = connect_by_cuts if n <= CUT_CONNECTIVITY_UP_TO_TILES else connect_by_order
    connect(model, position, cands, placed.x, placed.used, placed.placements_at, links, placed.root)


def connect_by_cuts(model: cp_model.CpModel, position: PlanPosition, cands: list[Candidate], x: list, used: list,
                    placements_at: dict, links: list[int], root: int) -> None:
    """Connectivity by cuts on the tiles' contact graph: a boolean ``contact[i, j]`` per pair of tiles, at
    most 1 when their chosen placements touch (directly or through a printed field group: for each group
    of one tile's placements on the same squares not touching ``root``, ``contact + their booleans <= 1 +
    the other tile's placements touching them``, ``_near_placements``) and 0 when either is unplaced; then for
    every set S of tiles and every tile i in S, i placed implies a placed tile of S touching ``root`` or a
    contact between S and a tile outside S (n x 2^(n-1) linear cuts).  Exactly connectivity to the root: the
    placed tiles out of the root's reach would form a set S violating its cut.  Unlike the order formulation,
    its linear relaxation never lets tiles support each other in a cycle, which makes it the faster one for
    small plans (``CUT_CONNECTIVITY_UP_TO_TILES``).  ``x``, ``used``, ``placements_at`` and ``root`` as in
    ``PlacementVariables``; ``links``: the printed field groups (``link_groups``).  Raises nothing."""
    n = len(position.tiles)
    contact = {}
    for i in range(n):
        for j in range(i + 1, n):
            contact[i, j] = contact[j, i] = model.new_bool_var(f"contact{i}_{j}")
            model.add(contact[i, j] <= used[i])
            model.add(contact[i, j] <= used[j])
    rooted: list[list] = [[] for _ in range(n)]
    for k, cand in enumerate(cands):
        if cand.mask & root:  # a rooted placement's contacts are bounded from the other tile's side (a rooted pair needs none)
            rooted[cand.tile_index].append(x[k])
    for i, ks, neighbours in _groups_and_neighbours(position, cands, placements_at, links, root):
        for j, near in neighbours.items():  # contact + sum(x over ks) - sum(near) <= 1; x[k] is variable k
            add_at_most(model, [contact[i, j].index, *ks, *near], [1] * (1 + len(ks)) + [-1] * len(near), 1)
    for bits in range(1, 1 << n):
        inside = [i for i in range(n) if bits >> i & 1]
        leaving = [contact[j, out] for j in inside for out in range(n) if not bits >> out & 1]
        entries = [v for j in inside for v in rooted[j]]
        for i in inside:
            model.add(used[i] <= sum(entries) + sum(leaving))


def connect_by_order(model: cp_model.CpModel, position: PlanPosition, cands: list[Candidate], x: list, used: list,
                     placements_at: dict, links: list[int], root: int) -> None:
    """Connectivity as a rooted order on the tiles: distinct order positions, and every chosen placement
    not touching ``root`` touches (directly or through a printed field group of ``links``) a chosen placement
    of a tile earlier in the order.  The rulebook's connection rule played in that order.  Stated once per
    group of a tile's placements on the same squares (``_same_squares``): their booleans' sum is at most the
    supports, a support from tile ``j`` needing ``j`` earlier and one of ``j``'s placements touching those
    squares (``_near_placements``).  Arguments as ``connect_by_cuts``'s (``used`` is not needed here).
    Raises nothing."""
    n = len(position.tiles)
    order = [model.new_int_var(0, max(0, n - 1), f"order{i}") for i in range(n)]
    if n > 1:
        model.add_all_different(order)
    before = {}
    for i in range(n):
        for j in range(n):
            if i != j:
                before[j, i] = model.new_bool_var(f"before{j}_{i}")
                model.add(order[j] < order[i]).only_enforce_if(before[j, i])
    for i, ks, neighbours in _groups_and_neighbours(position, cands, placements_at, links, root):
        supports = []
        for j, near in neighbours.items():
            if not near:
                continue
            t = model.new_bool_var(f"support{ks[0]}_{j}")
            model.add(t <= before[j, i])  # linear forms: they enter the LP relaxation
            add_at_most(model, [t.index, *near], [1] + [-1] * len(near), 0)  # t <= sum(near); x[k] is variable k
            supports.append(t)
        model.add(sum(x[k] for k in ks) <= sum(supports))


def _same_squares(cands: list[Candidate], root: int) -> dict[tuple[int, int], list[int]]:
    """The candidates not touching ``root``, grouped by (tile index, squares mask): placements of one tile
    on the same squares (other orientations of a symmetric outline) share their touch mask, so one
    connectivity row serves them all, and their summed booleans make it tighter."""
    groups: dict[tuple[int, int], list[int]] = {}
    for k, cand in enumerate(cands):
        if not cand.mask & root:
            groups.setdefault((cand.tile_index, cand.mask), []).append(k)
    return groups


def _groups_and_neighbours(position: PlanPosition, cands: list[Candidate], placements_at: dict, links: list[int],
                           root: int) -> Iterator[tuple[int, list[int], dict[int, list[int]]]]:
    """For each group of ``_same_squares``: its tile index, its candidate indices and, for every other
    tile, that tile's candidates touching the group (directly or through a printed field group, the
    touch mask computed once per group) and not overlapping it (``_near_placements``): what either
    connectivity formulation states its rows with."""
    g = position.settlement.grid
    for (i, mask), ks in _same_squares(cands, root).items():
        squares = g.squares(touch_mask(position, mask, links))
        yield i, ks, {j: _near_placements(cands, placements_at, squares, j, mask)
                      for j in range(len(position.tiles)) if j != i}


def _near_placements(cands: list[Candidate], placements_at: dict, squares: list[Coord], j: int, mask: int) -> list[int]:
    """Indices of tile ``j``'s candidates covering any of ``squares`` (the touch mask of a placement on
    ``mask``) and none of ``mask``, each once, ascending.  Their booleans sum to at most 1, where tile
    ``j``'s occupancy of those squares would count a placement once per square it covers there and let a
    third of a placement make a whole contact or support in the linear relaxation; and those overlapping
    ``mask`` are left out, as they can never be played beside that placement (about half of them on the
    bench's positions: shorter rows, and a tighter relaxation)."""
    ks: set[int] = set()
    for rc in squares:
        ks.update(placements_at.get((j, rc), ()))
    return sorted(k for k in ks if not cands[k].mask & mask)


def add_at_most(model: cp_model.CpModel, indices: list[int], coeffs: list[int], bound: int) -> None:
    """Adds ``sum(coeff * variable) <= bound`` over the variables with these proto ``indices`` straight to
    the model's proto: the same constraint as ``model.add``, built about eight times faster for the
    thousands of rows of 50-200 terms that the cut connectivity writes (built through Python expressions,
    they took a third of a slow 3-tile solve's wall time)."""
    row = model.proto.constraints.add().linear
    row.vars.extend(indices)
    row.coeffs.extend(coeffs)
    row.domain.extend((cp_model.INT_MIN, bound))
