"""The CP-SAT model: the best plan for a set of tiles on a settlement, proven optimal when time allows.

Model (OR-Tools CP-SAT):

- **Variables.** One boolean per candidate placement (tile, orientation, anchor) whose squares are on
  the board, uncovered and coverable by that tile (cell-level rules); candidates that cannot be joined to
  the settlement by the other tiles (0-1 distance through printed fields) are pruned.
- **Constraints.** At most one placement per tile (exactly one when ``required``); no square covered
  twice.  **Connectivity** to the root (the settlement; for a first plan, the tile covering the X, which
  must be placed), where two placements touch directly or through a printed field group that both touch,
  exactly as the rulebook's connection rule: for plans of up to ``CUT_CONNECTIVITY_UP_TO_TILES`` tiles,
  by cuts on the tiles' contact graph (every set of tiles holding a placed one touches the root or a tile
  outside it), for larger plans by a rooted order (tree) formulation on tiles (the tiles get distinct
  order positions, and every chosen placement touches the root or a chosen placement of a tile earlier
  in the order).  Either way every answer can be played tile by tile, in an order ``play_order`` finds
  and checks for every answer.  (A square-level level formulation was correct too but several times
  slower at 3 tiles.)
- **Objective.** ``solver.planning.plans`` defines the value; the model states each term linearly (pastures as
  explicit classes, ``_pasture_classes``, or labelled components for many classes): towns
  (a boolean per town, at most each of its open squares' coverage), bonus squares and icons, horseshoes,
  pickaxes through a staircase of booleans over the mining track's value table (exact, and its
  relaxation follows the count, unlike an element constraint's), and red buildings (existing
  ones and each candidate placement of one) surrounded when every open neighbour is covered.
- **Search.** One worker and a fixed seed (parallel search is not deterministic, and more workers than
  the machine's 2 cores is slower), so the same input gives the same answer.  The time limit is given to
  CP-SAT and also enforced from outside by a timer thread calling ``stop_search``; the best plan found so
  far is always returned, with status OPTIMAL or FEASIBLE, the bound and the gap.  The parameters, by plan
  size (``CUT_CONNECTIVITY_UP_TO_TILES``, ``LP_CLAUSES_FROM_TILES``, ``ROOT_CUT_ROUNDS``) or for every plan
  (``CLAUSE_MINIMIZATION_WORK``, ``CONFLICT_ANALYSIS``), were chosen by CP-SAT's deterministic time on
  ``bench/solver.py``'s positions (docs/solver.md).
"""

from __future__ import annotations

import itertools
import threading
import time
from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from solver.components.geometry import STEPS, Coord, anchor_masks
from solver.components.values import Icon, SpaceKind, Terrain
from solver.planning.plans import (
    TERMS,
    PlanPosition,
    PlanValue,
    evaluate_plan,
    plan_wrangles,
    play_order,
    refuse_rooted,
    tile_bonus_points,
    tile_bullets,
)
from solver.planning.weights import (
    BANDIT_POINTS,
    BONUS_POINTS,
    COW_POTENTIAL_POINTS,
    POINTS_PER_BULLET,
    TOWN_SQUARE_POINTS,
)
from solver.rules.bonuses import BOARD_BONUS
from solver.rules.buildings import building_tiles
from solver.rules.settlement import Placement
from solver.rules.sheriffs_and_bandits import active_sheriffs, all_bandits, blocker_mask
from solver.rules.towns import completed_towns, town_points
from solver.rules.wrangling import pastures

DEFAULT_TIME_LIMIT_MS = 5000
SEED = 7  #: CP-SAT's random seed (fixed: the same input gives the same answer)
#: From this many tiles on, the connectivity clauses enter the LP (linearization level 2, without the
#: costly cut families) and presolve skips probing: measured on bench/solver.py positions, this proves
#: 6-tile plans the default cannot and halves 3-tile times; 1- and 2-tile plans are faster as they are.
LP_CLAUSES_FROM_TILES = 3
#: Up to this many tiles connectivity is stated by cuts on the tiles' contact graph (``_connect_by_cuts``),
#: beyond by a rooted order (``_connect_by_order``): measured by CP-SAT's deterministic time on
#: bench/solver.py's positions, cuts take a quarter less work at 3 tiles (sum over 20, mean of CP-SAT seeds
#: 7, 1, 2, 3: 4.47 s against 5.85), half the median at 4 (0.56 s against 1.24), a little less at 2 (3.88
#: against 4.23 s over 30), but more at 5 and 6 (36.3 against 26.2 s over 10; 18.2 against 17.2 s over 8).
#: Re-measured 2026-11-24 with both formulations' grouped, placement-counted rows: at 3 tiles order 3.40
#: against cuts 1.66 (seed 7, 20 positions), at 4 order 31.3 against 28.9 (12), at 6 cuts 11.5 and 14.5
#: against 8.4 and 10.7 (seeds 7 and 1, 8 positions); at 5 mixed (cuts 12.8 and 16.2 against 16.8 and 11.2).
CUT_CONNECTIVITY_UP_TO_TILES = 4
#: CP-SAT's ``inprocessing_minimization_dtime`` (default 1.0): the share of work given to minimizing
#: learnt clauses at restarts.  With the plan model's tens of thousands of binary clauses that work
#: dominated the slow cases without helping the proof; 0 cuts the deterministic time of the bench's
#: 3-tile plans from 13.2 s to 6.7 s (sum of 20) and of its 6-tile plans from 52.8 s to 17.2 s (sum of 8).
CLAUSE_MINIMIZATION_WORK = 0.0
#: CP-SAT's ``max_cut_rounds_at_level_zero`` (default 1), from LP_CLAUSES_FROM_TILES tiles: no round of cuts
#: at the root of the search (nor when a restart brings it back there), which begins from the linear
#: relaxation as the model states it.  Measured by CP-SAT's deterministic time on bench/solver.py's
#: positions, mean over CP-SAT seeds 7, 1, 2, 3 (docs/solver.md): 3 tiles 2.20 -> 1.83 s (20 positions; 2.56
#: -> 2.36 on 40 others), 6 tiles 6.92 -> 6.08 s (8), 4 tiles 35.1 -> 24.4 s (12, seeds 7 and 1), 5 tiles
#: 20.8 -> 11.0 s (10, seed 7); 2 tiles unchanged, so small plans keep the default.
ROOT_CUT_ROUNDS = 0
#: CP-SAT's conflict analysis, for every plan: also bump the activity of the variables in the reasons of a
#: conflict (``also_bump_variables_in_conflict_reasons``) and backtrack chronologically
#: (``use_chronological_backtracking``); both are off by default.  Measured 2026-11-24 by CP-SAT's
#: deterministic time on bench/solver.py's positions, sums under CP-SAT seeds 7, 1, 2, 3 (docs/solver.md):
#: 3 tiles 10.38, 7.79, 7.83, 8.55 -> 7.07, 6.13, 6.06, 6.65 s (100 positions) and 2.46, 2.63, 2.01, 2.36 ->
#: 2.26, 1.85, 2.36, 1.92 s (40 others), 6 tiles 4.75, 5.25 -> 4.32, 4.73 s (8, seeds 7 and 1), 4 tiles
#: 21.3, 27.5 -> 20.8, 25.5 s (12), 2 tiles 2.26, 2.24 -> 2.13, 2.11 s (30), 5 tiles 10.95 -> 11.43 s (10, seed 7).
CONFLICT_ANALYSIS = {"also_bump_variables_in_conflict_reasons": True, "use_chronological_backtracking": True}
#: Pastures after the plan are chosen among explicit classes (``_pasture_classes``: connected sets of the
#: plan's field groups and the pastures they may touch) while there are at most this many classes and at
#: most ``MAX_PASTURE_CLASS_CUTS`` connectivity cuts over them; beyond, by labelled components
#: (``_label_classes``).  Measured by CP-SAT's deterministic time on bench/solver.py's 20 three-tile
#: positions (sum, mean of CP-SAT seeds 7, 1, 2, 3): 3.47 s against 4.13 with labels alone, and 2.65 with
#: the cuts' contacts counted by placements (``_near_placements``) too (docs/solver.md).
MAX_PASTURE_CLASSES = 400
MAX_PASTURE_CLASS_CUTS = 4000


@dataclass
class PlanResult:
    """A solved plan.

    ``placements`` in play order (each legal when played in turn); ``value``: the plan's value as
    ``solver.planning.plans.evaluate_plan`` computes it (points, with per-term breakdown; equal to ``objective``
    when OPTIMAL; a FEASIBLE result cut short may be worth more than its ``objective``, as
    ``evaluate_plan`` takes the best wrangles and shots for the placements found); ``objective`` and
    ``bound``: CP-SAT's objective value and best bound; ``gap`` = (bound - objective) / max(1, |objective|);
    ``status``: OPTIMAL, FEASIBLE or INFEASIBLE (no legal plan when tiles are required);
    ``wall_ms``: wall time of build and solve, in milliseconds; ``candidates``: placements in the model;
    ``wrangles``: wrangle planning, one entry per pasture the plan touches (``solver.planning.plans.plan_wrangles``:
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
class _Candidate:
    tile_index: int
    placement: Placement
    mask: int
    squares: list[Coord]


def _reach(position: PlanPosition) -> dict[Coord, int]:
    """0-1 distance of every square from the settlement (or the X): entering an open square costs 1,
    a printed field or cow costs 0 (it carries the connection); blocked squares are unreachable."""
    s = position.settlement
    g = s.grid
    passable = s.open | (s.connects & ~s.region)
    start = s.region if s.tiles else s.start
    dist: dict[Coord, int] = {rc: 0 for rc in g.squares(start)}
    queue = deque(dist)
    while queue:
        r, c = queue.popleft()
        for dr, dc in STEPS:
            n = (r + dr, c + dc)
            if not g.contains(*n) or not g.bit(*n) & passable:
                continue
            d = dist[(r, c)] + (0 if g.bit(*n) & s.connects else 1)
            if d < dist.get(n, 1 << 30):
                dist[n] = d
                if g.bit(*n) & s.connects:
                    queue.appendleft(n)
                else:
                    queue.append(n)
    return dist


def _link_groups(position: PlanPosition) -> list[int]:
    """Masks of the printed field groups outside the settlement (each joins the settlement as soon as
    a tile touches it, and then carries the connection to any tile touching it)."""
    s = position.settlement
    g = s.grid
    todo = s.connects & ~s.region
    groups = []
    while todo:
        group = g.flood(todo & -todo, s.connects & ~s.region)
        groups.append(group)
        todo &= ~group
    return groups


def _touch_mask(position: PlanPosition, mask: int, links: list[int]) -> int:
    """Squares a placement with ``mask`` connects to: its neighbours, and the neighbours of every printed
    field group it touches (a tile there is connected to it through the fields)."""
    g = position.settlement.grid
    near = g.neighbours(mask)
    for group in links:
        if group & near:
            near |= g.neighbours(group)
    return near


def candidates(position: PlanPosition) -> list[_Candidate]:
    """Every placement of every tile passing the cell-level rules and close enough to the settlement to
    be joined to it by the other tiles of the plan."""
    s = position.settlement
    g = s.grid
    dist = _reach(position)
    sizes = [t.size for t in position.tiles]
    total = sum(sizes)
    out = []
    for i, tile in enumerate(position.tiles):
        forbidden = s.blocked | s.covered | (0 if tile.is_alley else s.alley_only)
        reach = total - sizes[i] + (1 if s.tiles else 0)
        for o in tile.orientations:
            for row, col, mask in anchor_masks(s.height, s.width, o.offsets):
                if mask & forbidden:
                    continue
                squares = g.squares(mask)
                if min(dist.get(rc, 1 << 30) for rc in squares) > reach:
                    continue
                out.append(_Candidate(i, Placement(tile.id, o.index, row, col), mask, squares))
    return out


def _field_parts(position: PlanPosition, cand: _Candidate) -> list[tuple[int, int]]:
    """The candidate's field squares split into edge-connected groups: ``[(mask, cows)]``, most cows
    first, then by their first square.  Every placement of a tile has the same groups, so the group at one
    index holds the same number of cows in every placement (a constant for ``_pasture_classes``)."""
    g = position.settlement.grid
    tile = position.tiles[cand.tile_index]
    cells = tile.orientations[cand.placement.orientation].cells
    fields = g.mask((cand.placement.row + r, cand.placement.col + c) for (r, c), cell in cells if cell.terrain.value == "field")
    cows = g.mask((cand.placement.row + r, cand.placement.col + c) for (r, c), cell in cells if cell.icon is not None
                  and cell.icon.value == "cow")
    parts = []
    while fields:
        part = g.flood(fields & -fields, fields)
        parts.append((part, (part & cows).bit_count()))
        fields &= ~part
    return sorted(parts, key=lambda pc: (-pc[1], (pc[0] & -pc[0]).bit_length()))


def _cells_with(position: PlanPosition, cand: _Candidate, test) -> list[Coord]:
    """Board squares of a candidate whose tile square satisfies ``test(cell)``."""
    cells = position.tiles[cand.tile_index].orientations[cand.placement.orientation].cells
    return [(cand.placement.row + r, cand.placement.col + c) for (r, c), cell in cells if test(cell)]


def _bandits(model: cp_model.CpModel, position: PlanPosition, cands: list[_Candidate], x: list, used: list,
             cover: dict) -> list:
    """The ``bandits`` term (solver.planning.plans): exposure of new and chased-off bandits, and shots once the plan
    is placed: a bandit square is a target when some sheriff square in its row or column holds a sheriff
    and no square between holds a blocker (fixed, or a building or cow square of a chosen placement) —
    or when the plan holds a Sheriff's Office; shots are at most the bullets and at most the targets.
    Source: rulebook, Sheriffs and Bandits ("Sheriffs cannot, however, shoot through cows, hills, mines, or
    buildings"); Building guide / Sheriff's Office."""
    s = position.settlement
    g = s.grid
    side = s.side
    bandit_icon = lambda cell: cell.icon is Icon.BANDIT
    sheriff_icon = lambda cell: cell.icon is Icon.SHERIFF
    blocks = lambda cell: cell.terrain is Terrain.BUILDING or cell.icon is Icon.COW
    new_bandit: dict[Coord, list] = {}
    new_sheriff: dict[Coord, list] = {}
    new_blocker: dict[Coord, list] = {}
    for k, cand in enumerate(cands):
        for rc in _cells_with(position, cand, bandit_icon):
            new_bandit.setdefault(rc, []).append(x[k])
        for rc in _cells_with(position, cand, sheriff_icon):
            new_sheriff.setdefault(rc, []).append(x[k])
        for rc in _cells_with(position, cand, blocks):
            new_blocker.setdefault(rc, []).append(x[k])
    out = []
    new_count = sum(t.count(Icon.BANDIT) * used[i] for i, t in enumerate(position.tiles))
    printed = [rc for rc in side.squares(SpaceKind.BANDIT) if s.cover[rc[0]][rc[1]] < 0 and rc not in s.tombstones]
    chased = sum(cover[rc] for rc in printed if rc in cover)
    out.append(-BANDIT_POINTS * (new_count - chased))
    offices = [i for i, t in enumerate(position.tiles) if t.building == "Sheriff's Office"]
    existing_sheriffs = set(active_sheriffs(s))
    if not (existing_sheriffs or new_sheriff or offices):
        return out
    # who may stand where once the plan is placed
    present: dict[Coord, object] = {}
    for rc in all_bandits(s):
        present[rc] = (1 - cover[rc]) if rc in printed and rc in cover else 1
    for rc, xs in new_bandit.items():
        present[rc] = present.get(rc, 0) + sum(xs)  # a printed bandit square may get a tile's bandit
    sheriff_at = {rc: 1 for rc in existing_sheriffs}
    for rc, xs in new_sheriff.items():
        sheriff_at[rc] = sum(xs)
    fixed = blocker_mask(s)
    targets = []
    office = model.new_bool_var("office")
    model.add(office <= sum(used[i] for i in offices)) if offices else model.add(office == 0)
    for b, here in present.items():
        sights = []
        for dr, dc in STEPS:
            # walk away from the bandit to the farthest sheriff square on the line; ``clear`` bounds "no
            # square passed so far holds a new blocker" (one row per square, shared by the sheriffs beyond)
            reach = max((d for sq in sheriff_at  # d: how far along this direction the sheriff square lies
                         if (d := (sq[0] - b[0]) * dr + (sq[1] - b[1]) * dc) > 0 and sq == (b[0] + d * dr, b[1] + d * dc)),
                        default=0)
            clear, (r, c) = 1, (b[0] + dr, b[1] + dc)
            for step in range(1, reach + 1):
                if (r, c) in sheriff_at:
                    on = sheriff_at[(r, c)]
                    v = model.new_bool_var(f"sight{(r, c)}{b}")
                    for bound in (on, clear):
                        if not isinstance(bound, int):
                            model.add(v <= bound)
                    sights.append(v)
                if g.bit(r, c) & fixed:
                    break
                if step < reach and (r, c) in new_blocker:
                    passed = model.new_bool_var(f"clear{(r, c)}{b}")
                    model.add(passed + sum(new_blocker[(r, c)]) <= 1)
                    if not isinstance(clear, int):
                        model.add(passed <= clear)
                    clear = passed
                r, c = r + dr, c + dc
        if not sights and not offices:
            continue
        t = model.new_bool_var(f"target{b}")
        if not isinstance(here, int):
            model.add(t <= here)
        model.add(t <= sum(sights) + office)
        targets.append(t)
    if not targets:
        return out
    # One new expression, never grown in place: CP-SAT's ``1 * e`` and ``0 + e`` return ``e`` itself and its
    # ``+=`` changes that object, here the ``used`` expression of a lone bullet tile that the bonuses term holds.
    bullets = (position.bullets + sum(tile_bullets(position.catalog, tile) * used[i] for i, tile in enumerate(position.tiles))
               + sum(cover[rc] for rc in side.squares(SpaceKind.BULLET) if rc in cover))
    shots = model.new_int_var(0, len(targets), "shots")
    model.add(shots <= bullets)
    model.add(shots <= sum(targets))
    out.append((BANDIT_POINTS + position.tombstone_points - POINTS_PER_BULLET) * shots)
    return out


def _wrangles(model: cp_model.CpModel, position: PlanPosition, cands: list[_Candidate], x: list, by_tile: dict,
              used: list) -> tuple[list, list]:
    """The ``wrangles`` and ``pasture_potential`` terms (solver.planning.plans).  The pastures after the plan are
    the components of a graph whose nodes are the plan's field groups (``("n", index)``: a tile's group
    at one ``_field_parts`` index, present when the tile is placed) and the existing pastures they may
    touch (``("o", index)``), with an edge boolean wherever two of them may end up adjacent.  Each
    pasture holding a field group of the plan may be wrangled once for 3..min(cows, 7) cows unless it
    holds a wrangled pasture, or (positional) kept growing, its cows (at most 7) counted as potential;
    contracts and Barns as in ``solver.planning.plans.wrangle_plan``.  The pastures are chosen among explicit
    classes (``_pasture_classes``) while these are few (``MAX_PASTURE_CLASSES``), else as labelled
    components (``_label_classes``); both are exact.  Returns ``(wrangle terms, potential terms)``,
    lists of linear expressions in points."""
    g = position.settlement.grid
    parts = {k: _field_parts(position, cands[k]) for k in range(len(cands))}
    nodes = []  # (tile index, part index)
    for i, ks in sorted(by_tile.items()):
        count = len(parts[ks[0]]) if ks else 0
        nodes += [(i, a) for a in range(count)]
    if not nodes:
        return [], []
    near_any = 0
    for plist in parts.values():
        for mask, _ in plist:
            near_any |= g.neighbours(mask)
    old = [p for p in pastures(position.settlement) if p.mask & near_any]
    m = len(nodes)
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

    def as_bool(expr):
        if isinstance(expr, cp_model.IntVar):
            return expr
        var = model.new_bool_var("edge")
        model.add(var == expr)
        return var

    graph = _PastureGraph(nodes, old, active, cows_max, cows_of, {key: as_bool(v) for key, v in edges.items()})
    classes = _connected_classes(graph)
    if classes is None:
        wrangle, potential = _label_classes(model, position, graph)
    else:
        wrangle, potential = _pasture_classes(model, position, graph, classes)
    return _wrangle_rewards(model, position, wrangle, m, used), potential


@dataclass
class _PastureGraph:
    """The pasture graph of ``_wrangles``: the plan's field groups ``nodes`` as (tile index, group
    index), the ``old`` pastures (``solver.rules.wrangling.Pasture``) they may touch, each node's ``active``
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


def _connected_classes(graph: _PastureGraph) -> list[tuple[tuple[str, int], ...]] | None:
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


def _pasture_classes(model: cp_model.CpModel, position: PlanPosition, graph: _PastureGraph,
                     classes: list[tuple[tuple[str, int], ...]]) -> tuple[dict, list]:
    """The pastures after the plan chosen among explicit ``classes`` (``_connected_classes``): a boolean
    per class, true when the class is exactly one pasture after the plan.  Every present field group lies
    in one chosen class and every old pasture in at most one; an active edge lies inside a chosen class
    (so a chosen class is a whole component), and every cut splitting a chosen class is crossed by an
    active edge (so it is connected: no false merges).  A class's cows and whether it holds a wrangled
    pasture are constants, so its wrangle and its potential are constants times booleans, which makes the
    linear relaxation far tighter than labels'.  Returns ``(wrangle, potential)``: ``wrangle[class,
    size]`` booleans for ``_wrangle_rewards`` and the potential terms in points."""
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


def _label_classes(model: cp_model.CpModel, position: PlanPosition, graph: _PastureGraph) -> tuple[dict, list]:
    """The pastures after the plan as labelled components (for graphs with too many classes for
    ``_pasture_classes``): each component is labelled by its first field group (the representative); an
    active edge forces equal labels, and every other vertex of a component has a parent of the same
    label with a smaller level, so a label class is exactly one connected pasture.  A node's cows count
    once over all classes (valid, as a node has one label; it keeps fractional labels from counting them
    twice in the linear relaxation).  Returns ``(wrangle, potential)`` as ``_pasture_classes`` does."""
    nodes, old, active = graph.nodes, graph.old, graph.active
    cows_max, cows_of, edge_vars = graph.cows_max, graph.cows_of, graph.edge_vars
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
    barn_tiles = [i for i, t in enumerate(position.tiles) if t.building == "Barn"]
    existing = len(building_tiles(position.settlement, "Barn"))
    if barn_tiles or existing:
        wrangles_made = model.new_int_var(0, m, "wrangles")
        model.add(wrangles_made == count)
        barns = model.new_int_var(0, existing + len(barn_tiles), "barns")
        model.add(barns == existing + sum(used[i] for i in barn_tiles))
        gold = model.new_int_var(0, m * (existing + len(barn_tiles)), "barn_gold")
        model.add_multiplication_equality(gold, [wrangles_made, barns])
        out.append(position.barn_points() * gold)
    return out


def _near_placements(cands: list[_Candidate], placements_at: dict, squares: list[Coord], j: int, mask: int) -> list[int]:
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


def _add_at_most(model: cp_model.CpModel, indices: list[int], coeffs: list[int], bound: int) -> None:
    """Adds ``sum(coeff * variable) <= bound`` over the variables with these proto ``indices`` straight to
    the model's proto: the same constraint as ``model.add``, built about eight times faster for the
    thousands of rows of 50-200 terms that the cut connectivity writes (built through Python expressions,
    they took a third of a slow 3-tile solve's wall time)."""
    row = model.proto.constraints.add().linear
    row.vars.extend(indices)
    row.coeffs.extend(coeffs)
    row.domain.extend((cp_model.INT_MIN, bound))


def _connect_by_order(model: cp_model.CpModel, position: PlanPosition, cands: list[_Candidate], x: list, used: list,
                      placements_at: dict, links: list[int], root: int) -> None:
    """Connectivity as a rooted order on the tiles: distinct order positions, and every chosen placement
    not touching ``root`` touches (directly or through a printed field group of ``links``) a chosen placement
    of a tile earlier in the order.  The rulebook's connection rule played in that order.  Stated once per
    group of a tile's placements on the same squares (``_same_squares``): their booleans' sum is at most the
    supports, a support from tile ``j`` needing ``j`` earlier and one of ``j``'s placements touching those
    squares (``_near_placements``)."""
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
            _add_at_most(model, [t.index, *near], [1] + [-1] * len(near), 0)  # t <= sum(near); x[k] is variable k
            supports.append(t)
        model.add(sum(x[k] for k in ks) <= sum(supports))


def _same_squares(cands: list[_Candidate], root: int) -> dict[tuple[int, int], list[int]]:
    """The candidates not touching ``root``, grouped by (tile index, squares mask): placements of one tile
    on the same squares (other orientations of a symmetric outline) share their touch mask, so one
    connectivity row serves them all, and their summed booleans make it tighter."""
    groups: dict[tuple[int, int], list[int]] = {}
    for k, cand in enumerate(cands):
        if not cand.mask & root:
            groups.setdefault((cand.tile_index, cand.mask), []).append(k)
    return groups


def _groups_and_neighbours(position: PlanPosition, cands: list[_Candidate], placements_at: dict, links: list[int],
                           root: int) -> Iterator[tuple[int, list[int], dict[int, list[int]]]]:
    """For each group of ``_same_squares``: its tile index, its candidate indices and, for every other
    tile, that tile's candidates touching the group (directly or through a printed field group, the
    touch mask computed once per group) and not overlapping it (``_near_placements``): what either
    connectivity formulation states its rows with."""
    g = position.settlement.grid
    for (i, mask), ks in _same_squares(cands, root).items():
        squares = g.squares(_touch_mask(position, mask, links))
        yield i, ks, {j: _near_placements(cands, placements_at, squares, j, mask)
                      for j in range(len(position.tiles)) if j != i}


def _connect_by_cuts(model: cp_model.CpModel, position: PlanPosition, cands: list[_Candidate], x: list, used: list,
                     placements_at: dict, links: list[int], root: int) -> None:
    """Connectivity by cuts on the tiles' contact graph: a boolean ``contact[i, j]`` per pair of tiles, at
    most 1 when their chosen placements touch (directly or through a printed field group: for each group
    of one tile's placements on the same squares not touching ``root``, ``contact + their booleans <= 1 +
    the other tile's placements touching them``, ``_near_placements``) and 0 when either is unplaced; then for every set S of tiles and every tile i in S, i placed implies a placed
    tile of S touching ``root`` or a contact between S and a tile outside S (n x 2^(n-1) linear cuts).
    Exactly connectivity to the root: the placed tiles out of the root's reach would form a set S
    violating its cut.  Unlike the order formulation, its linear relaxation never lets tiles support
    each other in a cycle, which makes it the faster one for small plans (``CUT_CONNECTIVITY_UP_TO_TILES``)."""
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
            _add_at_most(model, [contact[i, j].index, *ks, *near], [1] * (1 + len(ks)) + [-1] * len(near), 1)
    for bits in range(1, 1 << n):
        inside = [i for i in range(n) if bits >> i & 1]
        leaving = [contact[j, out] for j in inside for out in range(n) if not bits >> out & 1]
        entries = [v for j in inside for v in rooted[j]]
        for i in inside:
            model.add(used[i] <= sum(entries) + sum(leaving))


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


def _stopped_by_wall(status: int, deterministic_time: float, deterministic_limit: float | None) -> bool:
    """Whether the wall-clock limit, rather than the deterministic budget, ended a solve: it ended
    unfinished (neither OPTIMAL nor INFEASIBLE) with deterministic work left.  (CP-SAT may end on its own
    wall limit a little before the timer thread fires and before its reported wall time reaches the
    limit, so neither alone tells.)"""
    finished = status in (cp_model.OPTIMAL, cp_model.INFEASIBLE)
    budget_spent = deterministic_limit is not None and deterministic_time >= deterministic_limit
    return not finished and not budget_spent


def solve_plan(position: PlanPosition, *, required: bool = False, time_limit_ms: int = DEFAULT_TIME_LIMIT_MS,
               workers: int = 1, deterministic_limit: float | None = None, exclude: Sequence[Sequence[Placement]] = (),
               objective_bounds: tuple[int, int] | None = None) -> PlanResult:
    """The best plan for ``position`` (see the module docstring).

    ``required``: every tile must be placed (a drafted tile); otherwise any subset, possibly none.
    ``time_limit_ms``: the hard limit on the solve, in milliseconds (wall clock: ``stats["stopped_by_wall"]``
    says when it stopped the search).  ``deterministic_limit``: CP-SAT's ``max_deterministic_time`` (its
    machine-independent work measure, in "deterministic seconds"), so that whether a plan is proven within
    it is the same on every machine.  ``exclude``: plans (sets of placements) the answer must differ from
    (in at least one tile's placement or absence).  ``objective_bounds``: ``(low, high)`` the objective
    must lie in (with ``exclude``: is there another plan worth ``low``?).
    Raises nothing for a position without legal plans: the result is INFEASIBLE (required, or bounds or
    exclusions no plan meets) or the empty plan.  Raises ``ValueError`` for a position with ``rooted_on``
    (the model places tiles by the connection rules only).
    """
    refuse_rooted(position)
    start = time.perf_counter()
    s = position.settlement
    g = s.grid
    cands = candidates(position)
    model = cp_model.CpModel()
    x = [model.new_bool_var(f"x{k}") for k in range(len(cands))]
    assert not x or x[-1].index == len(x) - 1  # the model's first variables: x[k] is variable k (_add_at_most rows)
    by_tile: dict[int, list[int]] = {}
    by_square: dict[Coord, list[int]] = {}
    placements_at: dict[tuple[int, Coord], list[int]] = {}  # (tile, square) -> candidates covering it
    for k, cand in enumerate(cands):
        by_tile.setdefault(cand.tile_index, []).append(k)
        for rc in cand.squares:
            by_square.setdefault(rc, []).append(k)
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

    # --- connectivity (the settlement is the root) ---------------------------------------------------------
    links = _link_groups(position)
    n = len(position.tiles)
    connect = _connect_by_cuts if n <= CUT_CONNECTIVITY_UP_TO_TILES else _connect_by_order
    connect(model, position, cands, x, used, placements_at, links, root)

    # --- objective -------------------------------------------------------------------------------------
    side = s.side
    terms: dict[str, list] = {name: [] for name in TERMS}
    done = {t.letter for t in completed_towns(s)}
    for town in side.towns:
        if town.letter in done:
            continue
        open_squares = [rc for rc in town.squares if s.cover[rc[0]][rc[1]] < 0]
        reachable = [cover[rc] for rc in open_squares if rc in cover]
        terms["town_progress"].append(TOWN_SQUARE_POINTS * sum(reachable))
        if len(reachable) == len(open_squares):
            z = model.new_bool_var(f"town{town.letter}")
            for rc in open_squares:
                model.add(z <= cover[rc])
            model.add(z >= sum(reachable) - len(reachable) + 1)  # complete once every square is covered
            terms["towns"].append(sum(town_points(town, position.year, position.town_bonus)) * z)
            terms["town_progress"].append(-TOWN_SQUARE_POINTS * len(reachable) * z)
    pickaxes = []
    for rc, expr in cover.items():
        kind = side.space(*rc).kind
        if kind in BOARD_BONUS:
            terms["bonuses"].append(BONUS_POINTS[BOARD_BONUS[kind]] * expr)
        elif kind is SpaceKind.HORSESHOE:
            terms["horseshoes"].append(position.horseshoe_points * expr)
        elif kind is SpaceKind.PICKAXE:
            pickaxes.append(expr)
    for i, tile in enumerate(position.tiles):
        if tile_bonus_points(position.catalog, tile):
            terms["bonuses"].append(tile_bonus_points(position.catalog, tile) * used[i])
    if pickaxes:
        # the mining gain of covering k pickaxes, as a staircase: step[j] is "at least j+1 covered"
        table = [position.mining_gain(k) for k in range(len(pickaxes) + 1)]
        steps = [model.new_bool_var(f"pickaxes>={j + 1}") for j in range(len(pickaxes))]
        model.add(sum(steps) == sum(pickaxes))
        for a, b in itertools.pairwise(steps):
            model.add(b <= a)
        terms["mining"] += [(table[j + 1] - table[j]) * steps[j] for j in range(len(pickaxes))]
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
            terms["buildings"].append(position.surround_points(name) * z)
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
            terms["buildings"].append(position.surround_points(name) * z)
    terms["wrangles"], terms["pasture_potential"] = _wrangles(model, position, cands, x, by_tile, used)
    terms["bandits"] = _bandits(model, position, cands, x, used, cover)
    if not position.positional:
        terms["town_progress"] = []
    objective = sum(sum(v) for v in terms.values())
    model.maximize(objective)
    if objective_bounds is not None:
        bounded = model.new_int_var(*objective_bounds, "objective")
        model.add(bounded == objective)
    index = {cand.placement: k for k, cand in enumerate(cands)}
    for plan in exclude:
        if all(p in index for p in plan):  # a plan with a placement outside the model is excluded anyway
            chosen = {index[p] for p in plan}
            placed = {cands[k].tile_index for k in chosen}
            model.add_bool_or([x[k].Not() for k in sorted(chosen)]
                              + [x[k] for k in range(len(cands)) if cands[k].tile_index not in placed])

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = SEED
    if len(position.tiles) >= LP_CLAUSES_FROM_TILES:
        # Bigger plans: the connectivity clauses in the LP (a far tighter bound), no costly cuts and no
        # probing; small plans solve faster with the defaults. (A greedy solution hint was tried: no gain.)
        solver.parameters.linearization_level = 2
        solver.parameters.cp_model_probing_level = 0
        solver.parameters.max_cut_rounds_at_level_zero = ROOT_CUT_ROUNDS
        # With no root rounds CP-SAT made no cut at all on these models (clique, zero-half or MIR cuts on or
        # off gave identical deterministic times at 3 tiles, clique cuts at 6), so every family is off.
        for cut in ("add_cg_cuts", "add_mir_cuts", "add_zero_half_cuts", "add_clique_cuts"):
            setattr(solver.parameters, cut, False)
    solver.parameters.inprocessing_minimization_dtime = CLAUSE_MINIMIZATION_WORK
    for name, value in CONFLICT_ANALYSIS.items():
        setattr(solver.parameters, name, value)
    solver.parameters.max_time_in_seconds = max(0.001, time_limit_ms / 1000)
    if deterministic_limit is not None:
        solver.parameters.max_deterministic_time = deterministic_limit
    best_found = _BestFound()
    with _StopTimer(solver, time_limit_ms / 1000) as timer:
        status = solver.solve(model, best_found)
    name = solver.status_name(status)
    stats = {"branches": solver.num_branches, "conflicts": solver.num_conflicts, "solve_ms": solver.wall_time * 1000,
             "deterministic_time": solver.deterministic_time,
             "best_found_ms": None if best_found.at is None else (best_found.at - start) * 1000,
             "stopped_by_wall": timer.fired or _stopped_by_wall(status, solver.deterministic_time, deterministic_limit)}
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        wall = (time.perf_counter() - start) * 1000
        return PlanResult([], PlanValue(0, dict.fromkeys(terms, 0)), 0, 0.0, 0.0, name, wall, len(cands), stats)
    chosen = [cands[k].placement for k in range(len(cands)) if solver.boolean_value(x[k])]
    order = play_order(position, chosen)
    value = evaluate_plan(position, order)
    objective = round(solver.objective_value)
    bound = solver.best_objective_bound
    wall = (time.perf_counter() - start) * 1000
    return PlanResult(order, value, objective, bound, (bound - objective) / max(1, abs(objective)), name, wall,
                      len(cands), stats, plan_wrangles(position, order))

