"""Wild Tiled West's puzzle generation: candidate positions drawn from a seed, proven optimal by CP-SAT, graded, or discarded.

Our design (docs/puzzles.md).  Every step is deterministic: candidates come from ``random.Random`` seeded
with a string (hashed the same way on every machine and under any ``PYTHONHASHSEED``), the planner's
CP-SAT model runs with one worker and a fixed seed, and the budget that decides whether a candidate is
proven is CP-SAT's *deterministic* time (a count of work, the same on every machine), never the wall clock.
A wall-clock safety limit remains: when it is what stops a solve, generation raises ``GenerationTimeout``
instead of discarding the candidate, since the outcome would then depend on the machine.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import cast

from puzzles.archive import GenerationError, GenerationTimeout
from puzzles.wild_tiled_west.position import SCOREBOARD_SIDE
from solver.games.wild_tiled_west.components.catalog import load_catalog
from solver.games.wild_tiled_west.components.values import BoardSide, Catalog, Icon, SpaceKind, Tile
from solver.games.wild_tiled_west.planning.cpsat.solve import PlanResult, solve_plan
from solver.games.wild_tiled_west.planning.plans import PlanPosition, PlanValue, evaluate_plan, evaluate_played
from solver.games.wild_tiled_west.rules.buildings import building_tiles, surrounded
from solver.games.wild_tiled_west.rules.buildings.registry import BANK, BARN, CACHE, GENERAL_STORE, SHERIFFS_OFFICE, TOWN_HALL
from solver.games.wild_tiled_west.rules.mining import partner_space
from solver.games.wild_tiled_west.rules.placement import Placement, legal_placements
from solver.games.wild_tiled_west.rules.settlement import Settlement
from solver.games.wild_tiled_west.rules.sheriffs_and_bandits import targets_in_sight
from solver.games.wild_tiled_west.rules.wild_sides import boomtown, dry_creek, signpost
from solver.games.wild_tiled_west.rules.wild_sides import rule_of as wild_side
from solver.games.wild_tiled_west.rules.wrangling import pastures

#: Wild sides whose own rules change nothing a puzzle scores (docs/puzzles.md): Signpost (its set-aside
#: General Store is not part of a puzzle), Boomtown (Years 1-3 only: its Year 4 town bonus is not in the
#: planner's value) and Dry Creek (a placement rule the rules engine checks).
WILD_RULES = (signpost.KEY, boomtown.KEY, dry_creek.KEY)
#: Buildings a hand may hold: those whose effect the score counts (red: surrounded; white: bullets; the
#: Barn's gold per wrangle).  Tiles with aces (scored in Endgame sets) are left out of hands too.
HAND_BUILDINGS = frozenset({None, BANK, TOWN_HALL, GENERAL_STORE, CACHE, SHERIFFS_OFFICE, BARN})
OPTIMAL_SOLUTIONS_CAP = 2  #: optimal solutions are counted up to this many (2 means 2 or more)
MAX_CANDIDATES = 400  #: candidates tried before generation gives up (GenerationError)
FILL_DRAWS = 400  #: random tile draws when filling the board before the puzzle
MIN_PLACED = 3  #: a published puzzle's optimal solution places at least this many tiles (else too little to do)
# Grading (``rating``, ``grade``): points of the difficulty rating and the difficulties' bounds.
UNIQUE_POINTS = 4
CONFLICTS_PER_POINT = 100
MAX_SEARCH_POINTS = 5
EASY_MAX = 3
HARD_MIN = 10


@dataclass(frozen=True)
class Budget:
    """The proof budget of one CP-SAT solve: ``deterministic`` seconds of CP-SAT's deterministic time
    (decides, the same on every machine) and ``wall_s`` seconds of wall clock (the safety limit)."""

    deterministic: float = 3.0
    wall_s: float = 300.0


@dataclass(frozen=True)
class Recipe:
    """How a difficulty's candidates are drawn and proven: hand sizes (5-8 tiles), how many board squares
    the tiles already placed cover (a range, inclusive), and the proof budget of each solve."""

    hand: tuple[int, ...]
    covered: tuple[int, int]
    budget: Budget = Budget()


RECIPES = {
    "easy": Recipe(hand=(5,), covered=(30, 44), budget=Budget(deterministic=1.0)),
    "medium": Recipe(hand=(6,), covered=(28, 40), budget=Budget(deterministic=2.0)),
    "hard": Recipe(hand=(7, 8), covered=(30, 42), budget=Budget(deterministic=3.0)),
}


@dataclass
class Candidate:
    """A drawn position: the points-only planning position and the player's gold (not scored)."""

    position: PlanPosition
    gold: int


@dataclass
class Analysis:
    """What the solver proved of a candidate: the ``optimum`` (points) and one optimal ``solution`` (a
    legal play order) with its ``value``; CP-SAT's ``status`` (OPTIMAL); ``optimal_solutions`` counted up
    to ``OPTIMAL_SOLUTIONS_CAP``; the ``greedy`` player's score and plan; CP-SAT's ``branches`` and
    ``conflicts`` proving the optimum; ``deterministic_time`` spent on every solve and each solve's log."""

    optimum: int
    solution: list[Placement]
    value: PlanValue
    status: str
    optimal_solutions: int
    greedy: int
    greedy_plan: list[Placement]
    branches: int
    conflicts: int
    deterministic_time: float = 0.0
    solves: list[dict] = field(default_factory=list)

    @property
    def gap(self) -> int:
        """Points the greedy player misses: ``optimum - greedy``."""
        return self.optimum - self.greedy

    @property
    def unique(self) -> bool:
        """True when no other placement set reaches the optimum (proven)."""
        return self.optimal_solutions == 1


def rating(gap: int, unique: bool, conflicts: int) -> int:
    """A puzzle's difficulty rating (docs/puzzles.md, "Grading"): the points the greedy player misses
    (``gap``), ``UNIQUE_POINTS`` when the optimum is unique, and one point per ``CONFLICTS_PER_POINT``
    conflicts CP-SAT needed to prove the optimum (at most ``MAX_SEARCH_POINTS``)."""
    search = min(MAX_SEARCH_POINTS, conflicts // CONFLICTS_PER_POINT)
    return gap + (UNIQUE_POINTS if unique else 0) + search


def grade(analysis: Analysis) -> str:
    """The difficulty of a proven puzzle: ``easy`` for a rating (``rating``) up to ``EASY_MAX``, ``hard``
    from ``HARD_MIN`` on, ``medium`` between."""
    value = rating(analysis.gap, analysis.unique, analysis.conflicts)
    return "easy" if value <= EASY_MAX else "hard" if value >= HARD_MIN else "medium"


def may_grade(difficulty: str, gap: int, conflicts: int) -> bool:
    """False when ``grade`` cannot give ``difficulty`` whatever the optimum's uniqueness (checked before
    counting the optimal solutions, which costs one or two more solves)."""
    low = rating(gap, False, conflicts)
    high = rating(gap, True, conflicts)
    if difficulty == "easy":
        return low <= EASY_MAX
    if difficulty == "hard":
        return high >= HARD_MIN
    return low < HARD_MIN and high > EASY_MAX


# --- candidates ------------------------------------------------------------------------------------------

def puzzle_sides(catalog: Catalog) -> list[BoardSide]:
    """Board sides a puzzle may use: every normal side, then the wild sides of ``WILD_RULES``, catalog order."""
    return [b.normal for b in catalog.boards] + [b.wild for b in catalog.boards if b.wild.rule in WILD_RULES]


def hand_pool(catalog: Catalog) -> list[Tile]:
    """Tiles a hand may hold (``HAND_BUILDINGS``, no aces), catalog order."""
    return [t for t in catalog.tiles if t.building in HAND_BUILDINGS and not t.count(Icon.ACE)]


def _fill(settlement: Settlement, rng: random.Random, covered: int, catalog: Catalog) -> None:
    """Place random catalog tiles (each at most once) at random legal placements until ``covered``
    squares are covered or ``FILL_DRAWS`` draws are spent."""
    placed: set[str] = set()
    for _ in range(FILL_DRAWS):
        if settlement.covered.bit_count() >= covered:
            return
        tile = rng.choice(catalog.tiles)
        if tile.id in placed:
            continue
        options = legal_placements(settlement, tile)
        if options:
            p = rng.choice(options)
            settlement.place(tile, p.orientation, p.row, p.col)
            placed.add(tile.id)


def _settle(settlement: Settlement, rng: random.Random, year: int, catalog: Catalog) -> None:
    """Make the board what play would have left: some pastures of 3+ cows were wrangled (a cowpoke), the
    Tussles won before this year brought hill bandits, and sheriffs have shot every bandit in sight
    (tombstones), so that placing nothing scores nothing (rulebook: Wrangling, Tussle / Hill bandits,
    Sheriffs and bandits: "Sheriffs always immediately take their shots if they can")."""
    for pasture in pastures(settlement):
        if pasture.cows >= catalog.rule_numbers.min_cows and rng.random() < 0.5:
            settlement.cowpokes.add(pasture.squares[0])
    hills = settlement.grid.squares(settlement.hills)
    for rc in rng.sample(hills, min(len(hills), rng.randint(0, year - 1))):
        settlement.add_hill_bandit(*rc)
    settlement.tombstones.update(targets_in_sight(settlement))


def draw_candidate(rng: random.Random, recipe: Recipe, catalog: Catalog | None = None) -> Candidate:
    """One candidate position drawn with ``rng``: a side, a board filled with random tiles, the year,
    the player's state (consistent with the board) and a hand of tiles not on the board, of distinct types (two
    copies of a type in one hand would make every solution twice)."""
    catalog = catalog or load_catalog()
    side = rng.choice(puzzle_sides(catalog))
    settlement = Settlement(side)
    _fill(settlement, rng, rng.randint(*recipe.covered), catalog)
    year = rng.randint(1, 3 if wild_side(side.rule).town_year4_bonus else 4)
    _settle(settlement, rng, year, catalog)
    top = len(catalog.mining_track) - 1
    pickaxes = sum(1 for rc in side.squares(SpaceKind.PICKAXE) if settlement.cover[rc[0]][rc[1]] >= 0)
    mining = min(top, pickaxes + rng.randint(0, year - 1))
    kinds = [c.kind for c in sorted(catalog.scoreboard.contracts, key=lambda c: c.first_game_position)]
    rng.shuffle(kinds)
    contracts = {size: (kind, rng.random() >= 0.15 * (year - 1)) for size, kind in zip(catalog.scoreboard.contract_sizes, kinds)}
    # cast: building_tiles lists building tiles only
    paid = frozenset(i for i, p in building_tiles(settlement) if catalog.building(cast(str, p.tile.building)).sign == "red"
                     and surrounded(settlement, [rc for rc, _ in p.squares]))
    flipped = sum(1 for _, large in contracts.values() if not large)
    cowpokes_left = catalog.supply.counts["cowpokes"] - len(settlement.cowpokes) - flipped
    on_board = {p.tile.id for p in settlement.tiles}
    first: dict[str, Tile] = {}  # the first copy of each type not on the board, in catalog order
    for t in hand_pool(catalog):
        if t.id not in on_board:
            first.setdefault(t.type_id, t)
    pool = list(first.values())
    order = {t.id: i for i, t in enumerate(catalog.tiles)}
    hand = tuple(sorted(rng.sample(pool, rng.choice(recipe.hand)), key=lambda t: order[t.id]))
    scoreboard = getattr(catalog.scoreboard, SCOREBOARD_SIDE)
    position = PlanPosition(settlement, hand, year=year, mining=mining, second_partner=mining >= partner_space(catalog),
                            triggered=paid, town_bonus=scoreboard.town_bonus, catalog=catalog,
                            wrangle_points=dict(scoreboard.wrangle_points), contracts=contracts,
                            cowpokes_left=cowpokes_left, bullets=rng.randint(0, 3), positional=False)
    return Candidate(position, gold=rng.randint(0, 6))


# --- solving ---------------------------------------------------------------------------------------------

def greedy_plan(position: PlanPosition) -> tuple[list[Placement], int]:
    """The greedy player: place, one at a time, the tile and placement that raise the plan's value the
    most (first in hand order, then ``legal_placements`` order, on ties); stop when nothing gains.
    Returns the plan (a legal play order) and its value in points."""
    settlement = position.settlement.copy()
    plan: list[Placement] = []
    value = 0
    while True:
        best: tuple[int, Placement, Tile] | None = None
        for tile in position.tiles:
            if any(p.tile_id == tile.id for p in plan):
                continue
            for p in legal_placements(settlement, tile):
                after = settlement.copy()
                after.place(tile, p.orientation, p.row, p.col)
                v = evaluate_played(position, plan + [p], after).total  # evaluate_plan's, without playing plan again
                if best is None or v > best[0]:
                    best = (v, p, tile)
        if best is None or best[0] <= value:
            return plan, value
        value, p, tile = best
        plan.append(p)
        settlement.place(tile, p.orientation, p.row, p.col)


def _solve(position: PlanPosition, budget: Budget, log: list[dict], **options) -> PlanResult:
    result = solve_plan(position, time_limit_ms=int(budget.wall_s * 1000), deterministic_limit=budget.deterministic,
                        **options)
    log.append({"status": result.status, "wall_ms": result.wall_ms, **result.stats})
    if result.stats.get("stopped_by_wall") and result.status not in ("OPTIMAL", "INFEASIBLE"):
        raise GenerationTimeout(f"a CP-SAT solve hit the wall-clock safety limit of {budget.wall_s} s before its "
                                f"deterministic budget of {budget.deterministic}: nothing is published")
    return result


def analyse(position: PlanPosition, budget: Budget = Budget(), difficulty: str | None = None,
            reasons: list[str] | None = None) -> Analysis | None:
    """Prove the optimum of a points-only position, play the greedy player and count the optimal solutions
    (up to the cap).  Returns ``None`` when a proof does not fit in the deterministic budget (the candidate
    is discarded; ``"unproven"`` is appended to ``reasons``), or when ``difficulty`` is given and the
    optimal solution places fewer than ``MIN_PLACED`` tiles or ``may_grade`` rules it out before the count
    (``"off_grade"``).  Raises ``GenerationTimeout`` (the
    wall-clock limit stopped a solve) and ``GenerationError`` (the model's objective differs from the rules
    engine's value: a bug)."""
    if position.positional:
        raise ValueError("puzzles score points only: use a position with positional=False")
    log: list[dict] = []
    reasons = [] if reasons is None else reasons
    main = _solve(position, budget, log)
    if main.status != "OPTIMAL":
        reasons.append("unproven")
        return None
    optimum = main.objective
    if main.value.total != optimum:
        raise GenerationError(f"CP-SAT's objective {optimum} differs from the rules engine's {main.value.total}")
    greedy, greedy_value = greedy_plan(position)
    if difficulty is not None and (len(main.placements) < MIN_PLACED
                                   or not may_grade(difficulty, optimum - greedy_value, cast(int, main.stats["conflicts"]))):
        reasons.append("off_grade")
        return None
    found = [main.placements]
    while len(found) < OPTIMAL_SOLUTIONS_CAP:
        other = _solve(position, budget, log, exclude=found, objective_bounds=(optimum, optimum))
        if other.status == "INFEASIBLE":
            break
        if other.status not in ("OPTIMAL", "FEASIBLE"):
            reasons.append("unproven")
            return None
        if evaluate_plan(position, other.placements).total != optimum:
            raise GenerationError("an alternative optimal plan is not worth the optimum by the rules engine")
        found.append(other.placements)
    return Analysis(optimum, main.placements, main.value, main.status, len(found), greedy_value, greedy,
                    int(cast(int, main.stats["branches"])), int(cast(int, main.stats["conflicts"])),  # CP-SAT's counts
                    sum(s["deterministic_time"] for s in log), log)
