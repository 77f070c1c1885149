"""The CP-SAT model: the best plan for a set of tiles on a settlement, proven optimal when time allows.

Model (OR-Tools CP-SAT):

- **Variables.** One boolean per candidate placement (tile, orientation, anchor) whose squares are on
  the board, uncovered and coverable by that tile (cell-level rules); candidates that cannot be joined to
  the settlement by the other tiles (0-1 distance through printed fields) are pruned.
- **Constraints.** At most one placement per tile (exactly one when ``required``); no square covered
  twice.  **Connectivity** is a rooted order (tree) formulation on tiles: the tiles get distinct order
  positions, and every chosen placement either touches the settlement (the root; for a first plan, the
  tile covering the X, which must be placed) or touches a chosen placement of a tile earlier in the
  order — directly, or through a printed field group that both touch.  That is exactly the rulebook's
  connection rule played in that order, so every answer can be played tile by tile; ``play_order``
  checks it for every answer.  (A square-level level formulation was correct too but several times
  slower at 3 tiles.)
- **Objective.** ``solver.plans`` defines the value; the model states each term linearly: towns
  (a boolean per town, at most each of its open squares' coverage), bonus squares and icons, horseshoes,
  pickaxes through a staircase of booleans over the mining track's value table (exact, and its
  relaxation follows the count, unlike an element constraint's), and red buildings (existing
  ones and each candidate placement of one) surrounded when every open neighbour is covered.
- **Search.** One worker and a fixed seed (parallel search is not deterministic, and more workers than
  the machine's 2 cores is slower), so the same input gives the same answer.  The time limit is given to
  CP-SAT and also enforced from outside by a timer thread calling ``stop_search``; the best plan found so
  far is always returned, with status OPTIMAL or FEASIBLE, the bound and the gap.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from solver.buildings import building_tiles
from solver.components import SpaceKind
from solver.effects import BOARD_BONUS
from solver.geometry import STEPS, Coord, anchor_masks
from solver.plan_weights import BONUS_POINTS, POINTS_PER_HORSESHOE, SURROUND_POINTS
from solver.plans import PlanPosition, PlanValue, evaluate_plan, play_order, tile_bonus_points
from solver.settlement import Placement
from solver.towns import completed_towns, town_points

DEFAULT_TIME_LIMIT_MS = 5000
SEED = 7  #: CP-SAT's random seed (fixed: the same input gives the same answer)
#: From this many tiles on, the connectivity clauses enter the LP (linearization level 2): measured on
#: bench/solver.py positions, it proves 6-tile plans the default cannot, and slows 3-tile plans a little.
LP_CLAUSES_FROM_TILES = 4


@dataclass
class PlanResult:
    """A solved plan.

    ``placements`` in play order (each legal when played in turn); ``value``: the plan's value as
    ``solver.plans.evaluate_plan`` computes it (points, with per-term breakdown); ``objective`` and
    ``bound``: CP-SAT's objective value and best bound; ``gap`` = (bound - objective) / max(1, |objective|);
    ``status``: OPTIMAL, FEASIBLE or INFEASIBLE (no legal plan when tiles are required);
    ``wall_ms``: wall time of build and solve, in milliseconds; ``candidates``: placements in the model."""

    placements: list[Placement]
    value: PlanValue
    objective: int
    bound: float
    gap: float
    status: str
    wall_ms: float
    candidates: int
    stats: dict[str, object] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        """Plain data for the HTTP API and benchmarks."""
        return {"placements": [p.to_json() for p in self.placements], "value": self.value.total,
                "terms": dict(self.value.terms), "objective": self.objective, "bound": self.bound, "gap": self.gap,
                "status": self.status, "wall_ms": round(self.wall_ms, 3), "candidates": self.candidates}


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


class _StopTimer:
    """Calls ``solver.stop_search()`` after ``seconds`` from another thread (the hard limit)."""

    def __init__(self, solver: cp_model.CpSolver, seconds: float):
        self.timer = threading.Timer(seconds, solver.stop_search)
        self.timer.daemon = True

    def __enter__(self):
        self.timer.start()
        return self

    def __exit__(self, *exc):
        self.timer.cancel()


def solve_plan(position: PlanPosition, *, required: bool = False, time_limit_ms: int = DEFAULT_TIME_LIMIT_MS,
               workers: int = 1) -> PlanResult:
    """The best plan for ``position`` (see the module docstring).

    ``required``: every tile must be placed (a drafted tile); otherwise any subset, possibly none.
    ``time_limit_ms``: the hard limit on the solve, in milliseconds.  Raises nothing for a position
    without legal plans: the result is INFEASIBLE (required) or the empty plan.
    """
    start = time.perf_counter()
    s = position.settlement
    g = s.grid
    cands = candidates(position)
    model = cp_model.CpModel()
    x = [model.new_bool_var(f"x{k}") for k in range(len(cands))]
    by_tile: dict[int, list[int]] = {}
    by_square: dict[Coord, list[int]] = {}
    for k, cand in enumerate(cands):
        by_tile.setdefault(cand.tile_index, []).append(k)
        for rc in cand.squares:
            by_square.setdefault(rc, []).append(k)
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
    occupies: dict[tuple[int, Coord], cp_model.IntVar] = {}  # (tile, square) -> boolean
    for i, ks in by_tile.items():
        squares: dict[Coord, list[int]] = {}
        for k in ks:
            for rc in cands[k].squares:
                squares.setdefault(rc, []).append(k)
        for rc, on in squares.items():
            occupies[i, rc] = model.new_bool_var(f"occ{i}{rc}")
            model.add(sum(x[k] for k in on) == occupies[i, rc])
    # the root: the settlement's neighbours, or for a first plan the X (whose tile must be placed)
    root = g.neighbours(s.region) if s.tiles else s.start
    start_square = g.squares(s.start)[0] if not s.tiles and s.start else None
    if start_square is not None:
        for u in used:
            model.add(cover.get(start_square, 0) >= u)

    # --- connectivity: an order of the tiles; each placed tile touches the settlement or an earlier one --
    links = _link_groups(position)
    ext = [_touch_mask(position, cand.mask, links) for cand in cands]
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
    for k, cand in enumerate(cands):
        if cand.mask & root:
            continue
        supports = []
        for j in range(n):
            if j == cand.tile_index:
                continue
            near = [occupies[j, rc] for rc in g.squares(ext[k]) if (j, rc) in occupies]
            if not near:
                continue
            t = model.new_bool_var(f"support{k}_{j}")
            model.add(t <= before[j, cand.tile_index])  # linear forms: they enter the LP relaxation
            model.add(t <= sum(near))
            supports.append(t)
        model.add(x[k] <= sum(supports))

    # --- objective -------------------------------------------------------------------------------------
    side = s.side
    terms: dict[str, list] = {"towns": [], "bonuses": [], "mining": [], "horseshoes": [], "buildings": []}
    done = {t.letter for t in completed_towns(s)}
    for town in side.towns:
        if town.letter in done:
            continue
        open_squares = [rc for rc in town.squares if s.cover[rc[0]][rc[1]] < 0]
        if all(rc in cover for rc in open_squares):
            z = model.new_bool_var(f"town{town.letter}")
            for rc in open_squares:
                model.add(z <= cover[rc])
            terms["towns"].append(sum(town_points(town, position.year, position.town_bonus)) * z)
    pickaxes = []
    for rc, expr in cover.items():
        kind = side.space(*rc).kind
        if kind in BOARD_BONUS:
            terms["bonuses"].append(BONUS_POINTS[BOARD_BONUS[kind]] * expr)
        elif kind is SpaceKind.HORSESHOE:
            terms["horseshoes"].append(POINTS_PER_HORSESHOE * expr)
        elif kind is SpaceKind.PICKAXE:
            pickaxes.append(expr)
    for i, tile in enumerate(position.tiles):
        if tile_bonus_points(tile):
            terms["bonuses"].append(tile_bonus_points(tile) * used[i])
    if pickaxes:
        # the mining gain of covering k pickaxes, as a staircase: step[j] is "at least j+1 covered"
        table = [position.mining_gain(k) for k in range(len(pickaxes) + 1)]
        steps = [model.new_bool_var(f"pickaxes>={j + 1}") for j in range(len(pickaxes))]
        model.add(sum(steps) == sum(pickaxes))
        for a, b in zip(steps, steps[1:]):
            model.add(b <= a)
        terms["mining"] += [(table[j + 1] - table[j]) * steps[j] for j in range(len(pickaxes))]
    open_now = s.open
    for index_b, placed in building_tiles(s):
        name = placed.tile.building
        if name not in SURROUND_POINTS or index_b in position.triggered:
            continue
        around = g.squares(g.neighbours(g.mask(rc for rc, _ in placed.squares)) & open_now)
        if all(rc in cover for rc in around):
            z = model.new_bool_var(f"surround{index_b}")
            for rc in around:
                model.add(z <= cover[rc])
            terms["buildings"].append(SURROUND_POINTS[name] * z)
    for k, cand in enumerate(cands):
        name = position.tiles[cand.tile_index].building
        if name not in SURROUND_POINTS:
            continue
        around = g.squares(g.neighbours(cand.mask) & open_now)
        if all(rc in cover for rc in around):
            z = model.new_bool_var(f"surround_new{k}")
            model.add(z <= x[k])
            for rc in around:
                model.add(z <= cover[rc])
            terms["buildings"].append(SURROUND_POINTS[name] * z)
    model.maximize(sum(sum(v) for v in terms.values()))

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = SEED
    if len(position.tiles) >= LP_CLAUSES_FROM_TILES:
        # Big plans: put the connectivity clauses into the LP (a far tighter bound), without the costly
        # cut families; small plans solve faster with the default.
        solver.parameters.linearization_level = 2
        for cut in ("add_cg_cuts", "add_mir_cuts", "add_zero_half_cuts", "add_clique_cuts"):
            setattr(solver.parameters, cut, False)
    solver.parameters.max_time_in_seconds = max(0.001, time_limit_ms / 1000)
    with _StopTimer(solver, time_limit_ms / 1000):
        status = solver.solve(model)
    name = solver.status_name(status)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        wall = (time.perf_counter() - start) * 1000
        return PlanResult([], PlanValue(0, dict.fromkeys(terms, 0)), 0, 0.0, 0.0, name, wall, len(cands))
    chosen = [cands[k].placement for k in range(len(cands)) if solver.boolean_value(x[k])]
    order = play_order(position, chosen)
    value = evaluate_plan(position, order)
    objective = int(round(solver.objective_value))
    bound = solver.best_objective_bound
    wall = (time.perf_counter() - start) * 1000
    stats = {"branches": solver.num_branches, "conflicts": solver.num_conflicts, "solve_ms": solver.wall_time * 1000}
    return PlanResult(order, value, objective, bound, (bound - objective) / max(1, abs(objective)), name, wall,
                      len(cands), stats)

