"""The pastures after the plan, in the plan model: the pasture graph (``add_pasture_graph``: the plan's field
groups and the existing pastures they may touch, with an edge boolean wherever two may end up adjacent) and its
components chosen either among explicit classes (``_pasture_classes``) while there are few
(``MAX_PASTURE_CLASSES``, ``MAX_PASTURE_CLASS_CUTS``), or as labelled components (``_label_classes``).  Both are
exact; ``add_pastures`` picks one and returns the wrangle booleans and the pasture potential term that
``terms.wrangles`` prices.  Why classes, and the thresholds: docs/solver.md ("Model", and "Search parameters,
and why")."""

from __future__ import annotations

from dataclasses import dataclass

from ortools.sat.python import cp_model

from solver.games.wild_tiled_west.components.geometry import STEPS, Coord
from solver.games.wild_tiled_west.planning.cpsat.candidates import Candidate, field_parts
from solver.games.wild_tiled_west.planning.cpsat.connectivity import add_at_most
from solver.games.wild_tiled_west.planning.plans import PlanPosition
from solver.games.wild_tiled_west.planning.weights import COW_POTENTIAL_POINTS
from solver.games.wild_tiled_west.rules.wrangling import pastures

#: Pastures are chosen among explicit classes while there are at most this many (``_connected_classes``) ...
MAX_PASTURE_CLASSES = 400
#: ... and at most this many connectivity cuts over them (rows of ``_pasture_classes``); beyond, by labels.
MAX_PASTURE_CLASS_CUTS = 4000
#: Up to this many tiles the edges between two tiles' field groups are also bounded by placements
#: (``_bound_group_edges``): less work at 3 and 4 tiles, none gained at 6 (docs/solver.md, Speed).
EDGE_ROWS_UP_TO_TILES = 4


@dataclass
class PastureGraph:
    """The pasture graph of ``add_pasture_graph``: the plan's field groups ``nodes`` as (tile index, group
    index), the ``old`` pastures (``solver.games.wild_tiled_west.rules.wrangling.Pasture``) they may touch, each node's ``active``
    expression (its tile is placed), ``cows_max`` (its cows: the same in every placement) and ``cows_of``
    (its cows as an expression of the placements), and ``edge_vars``: ``(kind, index, kind, index)`` ->
    boolean, true when the two are adjacent after the plan (kinds "n" for a node, "o" for an old pasture;
    old pastures are never adjacent to each other)."""

    nodes: list[tuple[int, int]]
    old: list
    active: list
    cows_max: list[int]
    cows_of: list
    edge_vars: dict


def add_pasture_graph(model: cp_model.CpModel, position: PlanPosition, cands: list[Candidate], x: list,
                      by_tile: dict, used: list) -> PastureGraph | None:
    """Adds the pasture graph's variables to ``model``: the graph's nodes are the plan's field groups
    (``("n", index)``: a tile's group at one ``field_parts`` index, present when the tile is placed) and the
    existing pastures they may touch (``("o", index)``), with an edge boolean wherever two of them may end up
    adjacent (for two field groups, through a boolean per pair of adjacent squares both may cover).  ``x``,
    ``by_tile`` and ``used`` as in ``PlacementVariables``.  Returns the ``PastureGraph``, or None (adding
    nothing) when no tile of the plan holds a field square.  Raises nothing."""
    g = position.settlement.grid
    parts = {k: field_parts(position, cands[k]) for k in range(len(cands))}
    nodes = []  # (tile index, part index)
    for i, ks in sorted(by_tile.items()):
        count = len(parts[ks[0]]) if ks else 0
        nodes += [(i, a) for a in range(count)]
    if not nodes:
        return None
    near_any = 0
    for plist in parts.values():
        for mask, _ in plist:
            near_any |= g.neighbours(mask)
    old = [p for p in pastures(position.settlement) if p.mask & near_any]
    active = [used[i] for i, _ in nodes]
    cows_max = [max((parts[k][a][1] for k in by_tile[i]), default=0) for i, a in nodes]
    cows_of = [sum(parts[k][a][1] * x[k] for k in by_tile[i]) for i, a in nodes]
    # edges
    edges: dict[tuple[str, int, str, int], object] = {}
    for n, (i, a) in enumerate(nodes):
        for e, past in enumerate(old):
            touching = [x[k] for k in by_tile[i] if g.neighbours(parts[k][a][0]) & past.mask]
            if touching:
                edges["n", n, "o", e] = sum(touching)  # at most one placement per tile: 0/1
    focc: dict[int, dict[Coord, list]] = {}
    for n, (i, a) in enumerate(nodes):
        cells: dict[Coord, list] = {}
        for k in by_tile[i]:
            for rc in g.squares(parts[k][a][0]):
                cells.setdefault(rc, []).append(x[k])
        focc[n] = cells
    group_edges = _add_group_edges(model, nodes, focc)
    _bound_group_edges(model, position, cands, parts, nodes, by_tile, group_edges)
    edges.update(group_edges)

    def as_bool(expr):
        if isinstance(expr, cp_model.IntVar):
            return expr
        var = model.new_bool_var("edge")
        model.add(var == expr)
        return var

    return PastureGraph(nodes, old, active, cows_max, cows_of, {key: as_bool(v) for key, v in edges.items()})


def _add_group_edges(model: cp_model.CpModel, nodes: list[tuple[int, int]],
                     focc: dict[int, dict[Coord, list]]) -> dict[tuple[str, int, str, int], cp_model.IntVar]:
    """The edges between two field groups of different tiles: for every pair of adjacent squares the two
    may cover (``focc[n]``: square -> the booleans of group ``n``'s placements covering it), a boolean "both
    covered" (over a boolean per group and square, made once), and an edge boolean, their maximum.  Returns
    ``{("n", n1, "n", n2): edge boolean}`` for the pairs with at least one such square pair."""
    m = len(nodes)
    edges: dict[tuple[str, int, str, int], cp_model.IntVar] = {}
    occ_var: dict[tuple[int, Coord], object] = {}

    def occupied(n: int, rc: Coord):
        if (n, rc) not in occ_var:
            var = model.new_bool_var(f"focc{n}{rc}")
            model.add(sum(focc[n][rc]) == var)
            occ_var[n, rc] = var
        return occ_var[n, rc]

    for n1 in range(m):
        for n2 in range(n1 + 1, m):
            if nodes[n1][0] == nodes[n2][0]:
                continue  # two groups of one tile are never adjacent
            ands = []
            for rc in focc[n1]:
                for dr, dc in STEPS:
                    w = (rc[0] + dr, rc[1] + dc)
                    if w in focc[n2]:
                        both = model.new_bool_var(f"adj{n1}{rc}{n2}{w}")
                        model.add_bool_and([occupied(n1, rc), occupied(n2, w)]).only_enforce_if(both)
                        model.add_bool_or([occupied(n1, rc).Not(), occupied(n2, w).Not(), both])
                        ands.append(both)
            if ands:
                e = model.new_bool_var(f"edge{n1}_{n2}")
                model.add_max_equality(e, ands)
                edges["n", n1, "n", n2] = e
    return edges


def _bound_group_edges(model: cp_model.CpModel, position: PlanPosition, cands: list[Candidate], parts: dict,
                       nodes: list[tuple[int, int]], by_tile: dict, group_edges: dict) -> None:
    """For plans of up to ``EDGE_ROWS_UP_TO_TILES`` tiles, bounds each edge of ``group_edges`` (between two
    field groups of different tiles, ``_add_group_edges``) by placements, as the connectivity's contacts
    are: for each placement ``k`` of one group's tile whose group touches a square the other group may
    cover, ``edge + x[k] <= 1 + the other tile's placements whose group is adjacent to k's and that do not
    overlap k`` (both ways; written to the proto, ``x[k]`` being variable ``k``).  Exact: the edge needs
    both groups placed side by side.  The squares' "both covered" booleans count a placement of the other
    tile once per pair of adjacent squares it makes, so a fraction of a placement could join two pastures
    in the linear relaxation; these rows count it once.  Redundant for the integer solutions; adds no
    variable.  Raises nothing."""
    g = position.settlement.grid
    if len(position.tiles) > EDGE_ROWS_UP_TO_TILES:
        return
    for (_, n1, _, n2), edge in group_edges.items():
        for (i, a), (j, b) in (((nodes[n1]), nodes[n2]), (nodes[n2], nodes[n1])):
            at: dict[Coord, list[int]] = {}
            for d in by_tile[j]:
                for rc in g.squares(parts[d][b][0]):
                    at.setdefault(rc, []).append(d)
            for k in by_tile[i]:
                near: set[int] = set()
                for rc in g.squares(g.neighbours(parts[k][a][0])):
                    near.update(at.get(rc, ()))
                if not near:
                    continue  # its group touches no square the other group may cover: no row
                ds = sorted(d for d in near if not cands[d].mask & cands[k].mask)
                add_at_most(model, [edge.index, k, *ds], [1, 1] + [-1] * len(ds), 1)


def add_pastures(model: cp_model.CpModel, position: PlanPosition, graph: PastureGraph) -> tuple[dict, list]:
    """Adds the pastures after the plan, as components of ``graph``: among explicit classes
    (``_pasture_classes``) while ``_connected_classes`` finds few enough (``MAX_PASTURE_CLASSES``,
    ``MAX_PASTURE_CLASS_CUTS``, read at each call), else as labelled components (``_label_classes``); both are
    exact.  Returns ``(wrangle, potential)``: ``wrangle[(class, cows)]`` booleans, a wrangle of that many cows
    of that pasture (for ``terms.wrangles``), and the ``pasture_potential`` term, a list of linear expressions
    in points.  Raises nothing."""
    classes = _connected_classes(graph)
    if classes is None:
        return _label_classes(model, position, graph)
    return _pasture_classes(model, position, graph, classes)


def _connected_classes(graph: PastureGraph) -> list[tuple[tuple[str, int], ...]] | None:
    """Every set of pasture-graph vertices (``("n", i)``, ``("o", e)``) that holds a field group of the
    plan and is connected through the graph's edges: the pastures the plan may leave.  Each set sorted, the
    list sorted.  None when there are more than ``MAX_PASTURE_CLASSES`` or their cuts in
    ``_pasture_classes`` would exceed ``MAX_PASTURE_CLASS_CUTS``."""
    adjacent: dict[tuple[str, int], set] = {}
    for k1, i1, k2, i2 in graph.edge_vars:
        adjacent.setdefault((k1, i1), set()).add((k2, i2))
        adjacent.setdefault((k2, i2), set()).add((k1, i1))
    seen = {frozenset([("n", n)]) for n in range(len(graph.nodes))}
    todo = list(seen)
    cuts = 0
    while todo:
        members = todo.pop()
        for v in members:
            for w in adjacent.get(v, ()):
                if w in members:
                    continue
                grown = members | {w}
                if grown in seen:
                    continue
                seen.add(grown)
                cuts += (1 << (len(grown) - 1)) - 1
                if len(seen) > MAX_PASTURE_CLASSES or cuts > MAX_PASTURE_CLASS_CUTS:
                    return None
                todo.append(grown)
    return sorted(tuple(sorted(c)) for c in seen)


def _pasture_classes(model: cp_model.CpModel, position: PlanPosition, graph: PastureGraph,
                     classes: list[tuple[tuple[str, int], ...]]) -> tuple[dict, list]:
    """The pastures after the plan chosen among explicit ``classes`` (``_connected_classes``): a boolean
    per class, true when the class is exactly one pasture after the plan.  Every present field group lies
    in one chosen class and every old pasture in at most one; an active edge lies inside a chosen class
    (so a chosen class is a whole component), and every cut splitting a chosen class is crossed by an
    active edge (so it is connected: no false merges).  A class's cows and whether it holds a wrangled
    pasture are constants, so its wrangle and its potential are constants times booleans, which makes the
    linear relaxation far tighter than labels'.  Returns ``(wrangle, potential)``: ``wrangle[class,
    size]`` booleans for ``terms.wrangles`` and the potential terms in points."""
    chosen = [model.new_bool_var(f"pasture{c}") for c in range(len(classes))]
    holding: dict[tuple[str, int], list] = {}
    for c, members in enumerate(classes):
        for v in members:
            holding.setdefault(v, []).append(chosen[c])
    for n, present in enumerate(graph.active):
        model.add(sum(holding[("n", n)]) == present)
    for v, ys in holding.items():
        if v[0] == "o":
            model.add(sum(ys) <= 1)
    inner: list[list] = []  # per class: (its two ends, edge boolean) for the edges inside it
    within: dict[tuple, list] = {key: [] for key in graph.edge_vars}  # edge -> the classes holding both ends
    for c, members in enumerate(classes):
        inside = set(members)
        inner.append([])
        for (k1, i1, k2, i2), edge in graph.edge_vars.items():
            if (k1, i1) in inside and (k2, i2) in inside:
                inner[c].append(({(k1, i1), (k2, i2)}, edge))
                within[k1, i1, k2, i2].append(chosen[c])
    for key, edge in graph.edge_vars.items():
        model.add(edge <= sum(within[key]))
    for c, members in enumerate(classes):
        rest = members[1:]
        for bits in range((1 << len(rest)) - 1):  # every split keeping members[0] on one side
            side = {members[0]} | {v for b, v in enumerate(rest) if bits >> b & 1}
            model.add(chosen[c] <= sum(edge for ends, edge in inner[c] if len(ends & side) == 1))
    wrangle: dict[tuple[int, int], cp_model.IntVar] = {}
    potential = []
    for c, members in enumerate(classes):
        if any(kind == "o" and graph.old[i].wrangled for kind, i in members):
            continue  # holds a cowpoke: neither wrangled nor growing
        cows = sum(graph.cows_max[i] if kind == "n" else graph.old[i].cows for kind, i in members)
        sizes = range(position.rule_numbers.min_cows, min(cows, position.rule_numbers.max_cows) + 1)
        for k in sizes:
            wrangle[c, k] = model.new_bool_var(f"wrangle{c}_{k}")
        model.add(sum(wrangle[c, k] for k in sizes) <= chosen[c])
        if position.positional and cows:
            kept = chosen[c] - sum(wrangle[c, k] for k in sizes)
            potential.append(COW_POTENTIAL_POINTS * min(cows, position.rule_numbers.max_cows) * kept)
    return wrangle, potential


def _label_classes(model: cp_model.CpModel, position: PlanPosition, graph: PastureGraph) -> tuple[dict, list]:
    """The pastures after the plan as labelled components (for graphs with too many classes for
    ``_pasture_classes``): each component is labelled by its first field group (the representative); an
    active edge forces equal labels (``_add_labels``), and every other vertex of a component has a parent
    of the same label with a smaller level (``_add_label_levels``), so a label class is exactly one
    connected pasture; then each class's wrangle and potential (``_add_label_wrangles``).  Returns
    ``(wrangle, potential)`` as ``_pasture_classes`` does."""
    rep, lab_new, lab_old, touched = _add_labels(model, graph)
    _add_label_levels(model, graph, rep, touched)
    return _add_label_wrangles(model, position, graph, rep, lab_new, lab_old)


def _add_labels(model: cp_model.CpModel, graph: PastureGraph) -> tuple[list, list, list, list]:
    """The labels of ``_label_classes``: ``rep[n]`` (node ``n`` represents its class), ``lab_new[n][L]``
    (node ``n`` has label ``L``, for ``L <= n``; None above), ``lab_old[e][L]`` (old pasture ``e`` has label
    ``L``) and ``touched[e]`` (old pasture ``e`` is adjacent to a present node); an active edge forces equal
    labels.  Returns ``(rep, lab_new, lab_old, touched)``."""
    nodes, old, active, edge_vars = graph.nodes, graph.old, graph.active, graph.edge_vars
    m, q = len(nodes), len(old)
    # labels: label[node][L] for representative L (a new node with index <= node's for new nodes)
    rep = [model.new_bool_var(f"rep{n}") for n in range(m)]
    lab_new = [[model.new_bool_var(f"lab{n}_{L}") if n >= L else None for L in range(m)] for n in range(m)]
    for n in range(m):
        model.add(sum(v for v in lab_new[n] if v is not None) == active[n])
        model.add(lab_new[n][n] == rep[n])
        for L in range(n):
            model.add(lab_new[n][L] <= rep[L])
    touched = []
    lab_old = [[model.new_bool_var(f"labo{e}_{L}") for L in range(m)] for e in range(q)]
    for e in range(q):
        incident = [v for (kind, n, okind, o), v in edge_vars.items() if okind == "o" and o == e]
        t = model.new_bool_var(f"touched{e}")
        if incident:
            for v in incident:
                model.add(t >= v)
            model.add(t <= sum(incident))
        else:
            model.add(t == 0)
        touched.append(t)
        model.add(sum(lab_old[e]) == t)
        for L in range(m):
            model.add(lab_old[e][L] <= rep[L])

    def labels(kind: str, idx: int) -> list:
        return [v if v is not None else 0 for v in (lab_new[idx] if kind == "n" else lab_old[idx])]

    for (k1, i1, k2, i2), e in edge_vars.items():
        for a, b in zip(labels(k1, i1), labels(k2, i2)):
            model.add(a == b).only_enforce_if(e)
    return rep, lab_new, lab_old, touched


def _add_label_levels(model: cp_model.CpModel, graph: PastureGraph, rep: list, touched: list) -> None:
    """Every non-representative present node, and every touched old pasture, has a parent (along an active
    edge) of its label with a smaller level: the label classes are connected."""
    nodes, old, active, edge_vars = graph.nodes, graph.old, graph.active, graph.edge_vars
    m, q = len(nodes), len(old)
    # every non-representative node has a parent of its label with a smaller level
    level_new = [model.new_int_var(0, m + q, f"lvn{n}") for n in range(m)]
    level_old = [model.new_int_var(0, m + q, f"lvo{e}") for e in range(q)]
    parents_new: list[list] = [[] for _ in range(m)]
    parents_old: list[list] = [[] for _ in range(q)]
    for (k1, i1, k2, i2), e in edge_vars.items():
        ends = [(k1, i1), (k2, i2)]
        for (ck, ci), (pk, pi) in (ends, ends[::-1]):
            par = model.new_bool_var(f"par{ck}{ci}{pk}{pi}")
            model.add_implication(par, e)
            child_level = level_new[ci] if ck == "n" else level_old[ci]
            parent_level = level_new[pi] if pk == "n" else level_old[pi]
            model.add(child_level >= parent_level + 1).only_enforce_if(par)
            (parents_new[ci] if ck == "n" else parents_old[ci]).append(par)
    for n in range(m):
        model.add(sum(parents_new[n]) == active[n] - rep[n])
    for e in range(q):
        model.add(sum(parents_old[e]) == touched[e])


def _add_label_wrangles(model: cp_model.CpModel, position: PlanPosition, graph: PastureGraph, rep: list,
                        lab_new: list, lab_old: list) -> tuple[dict, list]:
    """Per label class: its cows, blocked when it holds a wrangled pasture, one wrangle size at most, and
    (positional) its potential when kept growing.  A node's cows count once over all classes (valid, as a
    node has one label; it keeps fractional labels from counting them twice in the linear relaxation).
    Returns ``(wrangle, potential)`` as ``_pasture_classes`` does."""
    nodes, old = graph.nodes, graph.old
    cows_max, cows_of = graph.cows_max, graph.cows_of
    m, q = len(nodes), len(old)
    # per class: cows, blocked by a wrangled pasture, the wrangle chosen
    sizes = range(position.rule_numbers.min_cows, position.rule_numbers.max_cows + 1)
    wrangle = {}
    potential: list = []
    counted: list[list] = [[] for _ in range(m)]  # node -> its cows counted in each class
    for L in range(m):
        parts_cows = []
        for n in range(L, m):
            b = lab_new[n][L]
            if cows_max[n] == 0:
                continue
            c = model.new_int_var(0, cows_max[n], f"cows{n}_{L}")
            model.add(c <= cows_max[n] * b)
            model.add(c <= cows_of[n])
            parts_cows.append(c)
            counted[n].append(c)
        old_cows = [old[e].cows * lab_old[e][L] for e in range(q)]
        blocked = [lab_old[e][L] for e in range(q) if old[e].wrangled]
        for k in sizes:
            wrangle[L, k] = model.new_bool_var(f"wrangle{L}_{k}")
            for b in blocked:
                model.add(wrangle[L, k] + b <= 1)
        model.add(sum(wrangle[L, k] for k in sizes) <= rep[L])
        model.add(sum(k * wrangle[L, k] for k in sizes) <= sum(parts_cows) + sum(old_cows))
        if not position.positional:
            continue
        # keep growing it instead: its cows (at most 7) as pasture potential
        pot = model.new_int_var(0, position.rule_numbers.max_cows, f"potential{L}")
        model.add(pot <= sum(parts_cows) + sum(old_cows))
        model.add(pot <= position.rule_numbers.max_cows * (rep[L] - sum(wrangle[L, k] for k in sizes)))
        for b in blocked:
            model.add(pot <= position.rule_numbers.max_cows * (1 - b))
        potential.append(COW_POTENTIAL_POINTS * pot)
    for n in range(m):
        if len(counted[n]) > 1:  # a node is in one class: its cows count once (valid; tightens the LP relaxation)
            model.add(sum(counted[n]) <= cows_of[n])
    return wrangle, potential
