"""The CP-SAT model of a whole solo game with every roll known: the best score a solo daily puzzle allows, proven,
and one plan that scores it, as the engine's moves.

Our design (docs/puzzles.md, "Rolled West"), on the solo mode of ``rules.solo``.  Every number comes from the
components (``components.values.Components``: the dice, the claim rows, the shipping rows, the contracts, the
offices and their bonus terms, the wood a claim takes, the rounds), none is written here.  Per round ``r``:

- the terrain die: one Boolean per resource the roll shows (exactly one); the resources left are the roll less it;
- the claim: a camp or a settlement in the terrain's row (at most one); the contract, the office (at most one each
  per turn, each circled once in the game); the shipment (a count per metal); the bank of one rolled die left
  unspent (the white box); before the turn, the bank of one die of the previous round's ghost roll (the dark box);
- the resource flow: what the turn spends of a resource is at most what it rolled (less the terrain die) plus what is
  banked; the banked resources carried to the next turn are at most those banked before plus the die banked now,
  and at most those banked before less what the turn spent beyond its rolled dice (rule text: rolled and banked
  resources spend alike; ruling "Rolled dice are spent before banked ones").  A banked die is one the turn did not
  spend (banking a die and spending it in the same turn is banking nothing, so that order is left out).

The objective is the sheet's score as ``rules.scoring.breakdown`` computes it for one sheet: the numbers of the
claimed spaces (a row fills from the left), the 1st majority bonus of each terrain with a claim (``rules.majority``
with one sheet: the only player with a claim there is 1st), the contracts' points, the shipping boxes' numbers (the
higher of a two-number box: nobody ships before the solo player, ``rules.shipments.higher_taken``), and each office's
bonus, each term's points times what it counts (as ``rules.boomtown_offices.counts``).  ``tests/rolled_west/
test_planning.py`` replays each plan through the engine and checks its score is the model's, and checks the model's
optimum against the exhaustive search (``planning.oracle``) on puzzles cut to 2 and 3 rounds."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ortools.sat.python import cp_model

from solver.core.protocol import JSON
from solver.games.rolled_west.components.values import METALS, OFFICE_TERMS, RESOURCES, WOOD
from solver.games.rolled_west.engine.moves import distinct
from solver.games.rolled_west.planning.solo import SoloPuzzle
from solver.games.rolled_west.rules import claims, scoring

SEED = 7  #: CP-SAT's random seed (fixed: the same puzzle gives the same plan)
DEFAULT_TIME_LIMIT_MS = 60_000  #: the wall-clock safety limit of a solve when none is given, milliseconds
#: CP-SAT's parameters besides one worker and ``SEED``, chosen by its deterministic time over 20 random puzzles
#: (docs/puzzles.md, "Rolled West"): the model's linear constraints and products in the LP from the start (level 2,
#: not lazily), no probing in presolve and no cut rounds at the root (p50 / p95 0.23 / 0.40 deterministic seconds,
#: against 0.64 / 0.95 with linearization level 2 alone; with CP-SAT's defaults 4 of 8 puzzles were not proven in 60 s).
PARAMETERS = {"linearization_level": 2, "add_lp_constraints_lazily": False, "cp_model_probing_level": 0,
              "max_cut_rounds_at_level_zero": 0}


@dataclass(frozen=True)
class SoloSheet:
    """What a plan's final sheet scores by: per terrain (the components' order) the claim spaces marked and the
    settlements among them, per metal the shipping boxes checked, the contracts and the offices circled (sorted).
    The order of a row's camps and settlements, and the bank boxes, change no score and are not part of it."""

    spaces: tuple[int, ...]
    settlements: tuple[int, ...]
    shipped: tuple[int, ...]
    contracts: tuple[str, ...]
    offices: tuple[str, ...]

    def to_json(self) -> JSON:
        """As JSON data (terrains and metals named)."""
        return {"spaces": list(self.spaces), "settlements": list(self.settlements), "shipped": list(self.shipped),
                "contracts": list(self.contracts), "offices": list(self.offices)}


@dataclass
class SoloPlan:
    """A solve's answer: CP-SAT's ``status`` (``OPTIMAL``: the optimum is proven), the plan's ``score`` (the
    objective; ``None`` without a plan) and CP-SAT's ``bound``; ``moves``, every move of the game in order (the
    terrain, the actions in the order of ``rules.turn.ACTIONS``, ``end_turn``, then the ghost roll's bank or
    ``pass``); ``breakdown``, the model's points by ``rules.scoring.CATEGORIES`` and ``total``; the final ``sheet``;
    ``stats``: CP-SAT's ``branches``, ``conflicts``, ``deterministic_time``, ``wall_ms`` and ``stopped_by_wall``."""

    status: str
    score: int | None
    bound: float
    moves: list[JSON] = field(default_factory=list)
    breakdown: dict[str, int] = field(default_factory=dict)
    sheet: SoloSheet | None = None
    stats: dict[str, Any] = field(default_factory=dict)

    @property
    def proven(self) -> bool:
        """Whether ``score`` is the proven optimum."""
        return self.status == "OPTIMAL"


class _Sum:
    """A linear sum of CP-SAT's variables kept with its largest value (so the variables made of it get bounds)."""

    def __init__(self) -> None:
        self.terms: list[tuple[int, Any]] = []
        self.constant = 0
        self.most = 0

    def add(self, coefficient: int, var: Any, most: int = 1) -> None:
        self.terms.append((coefficient, var))
        self.most += max(0, coefficient * most)

    def expr(self) -> Any:
        return sum((c * v for c, v in self.terms), self.constant)


class _Model:
    """The model of one puzzle (module docstring): its variables by name, read back by ``plan``."""

    def __init__(self, puzzle: SoloPuzzle):
        self.puzzle, c = puzzle, puzzle.components
        self.m = m = cp_model.CpModel()
        rounds = puzzle.rounds
        rows = {r.terrain: r for r in c.claim_rows}
        self.terrain: list[dict[str, Any]] = []  # round -> resource -> the terrain die shows it
        self.claim: list[dict[tuple[str, str], Any]] = []  # round -> (resource, kind) -> a claim in its row
        self.contract: list[dict[str, Any]] = []
        self.office: list[dict[str, Any]] = []
        self.ship: list[dict[str, Any]] = []
        self.white: list[dict[str, Any]] = []
        self.dark: list[dict[str, Any]] = []  # round -> resource -> banked from the ghost roll before its turn
        spaces = {t: _Sum() for t in rows}
        settlements = {t: _Sum() for t in rows}
        carried: dict[str, Any] = {r: 0 for r in RESOURCES}
        wood_of = {k: claims.wood_cost(c, k)[WOOD] for k in claims.KINDS}
        for r in range(rounds):
            dice = puzzle.turns[r]
            shown = distinct(list(dice))
            terrain = {x: m.new_bool_var(f"terrain[{r}][{x}]") for x in shown}
            m.add_exactly_one(terrain.values())
            claim = {(x, k): m.new_bool_var(f"claim[{r}][{x}][{k}]") for x in shown for k in claims.KINDS
                     if claims.spaces_taken(k) <= len(rows[c.dice.terrain_of(x)].numbers)}
            for (x, k), var in claim.items():
                m.add_implication(var, terrain[x])
                spaces[c.dice.terrain_of(x)].add(claims.spaces_taken(k), var)
                if k == claims.SETTLEMENT:
                    settlements[c.dice.terrain_of(x)].add(1, var)
            m.add_at_most_one(claim.values())
            contract = {x.id: m.new_bool_var(f"contract[{r}][{x.id}]") for x in c.contracts}
            office = {o.id: m.new_bool_var(f"office[{r}][{o.id}]") for o in c.offices}
            m.add_at_most_one(contract.values())
            m.add_at_most_one(office.values())
            ship = {mt: m.new_int_var(0, len(c.shipping_row(mt).boxes), f"ship[{r}][{mt}]") for mt in METALS}
            white = {x: m.new_bool_var(f"white[{r}][{x}]") for x in shown}
            m.add_at_most_one(white.values())
            ghost = distinct(list(puzzle.ghosts[r - 1])) if r else []
            dark = {x: m.new_bool_var(f"dark[{r}][{x}]") for x in ghost}
            m.add_at_most_one(dark.values())
            spend = {x: _Sum() for x in RESOURCES}
            for (_x, k), var in claim.items():
                spend[WOOD].add(wood_of[k], var)
            for taken, cost in [*((contract[x.id], x.cost()) for x in c.contracts),
                                *((office[o.id], o.cost()) for o in c.offices)]:
                for metal, n in cost.items():
                    spend[metal].add(n, taken)
            for mt in METALS:
                spend[mt].add(1, ship[mt])
            for x in RESOURCES:
                rolled = dice.count(x) - terrain.get(x, 0)
                before = carried[x] + dark.get(x, 0)
                carry = m.new_int_var(0, 2 * rounds, f"carry[{r}][{x}]")
                m.add(carry <= before + white.get(x, 0))
                m.add(carry <= before + rolled - spend[x].expr())
                if x in white:
                    m.add(spend[x].expr() + 1 <= rolled).only_enforce_if(white[x])
                carried[x] = carry
            self.terrain.append(terrain)
            self.claim.append(claim)
            self.contract.append(contract)
            self.office.append(office)
            self.ship.append(ship)
            self.white.append(white)
            self.dark.append(dark)
        self._score(spaces, settlements)

    def _score(self, spaces: dict[str, _Sum], settlements: dict[str, _Sum]) -> None:
        """The sheet's features and the objective (``rules.scoring.breakdown`` for one sheet)."""
        c, m, rounds = self.puzzle.components, self.m, self.puzzle.rounds
        parts = {k: _Sum() for k in scoring.CATEGORIES}
        counted = {term: _Sum() for term in OFFICE_TERMS}
        counted["fixed"].constant = counted["fixed"].most = 1
        self.spaces, self.settlements, self.shipped = {}, {}, {}
        for row in c.claim_rows:
            n = self.spaces[row.terrain] = m.new_int_var(0, len(row.numbers), f"spaces[{row.terrain}]")
            m.add(n == spaces[row.terrain].expr())
            self.settlements[row.terrain] = m.new_int_var(0, len(row.numbers) // 2, f"settlements[{row.terrain}]")
            m.add(self.settlements[row.terrain] == settlements[row.terrain].expr())
            marked = [m.new_bool_var(f"marked[{row.terrain}][{j}]") for j in range(len(row.numbers))]
            m.add(n == sum(marked))
            for j in range(1, len(marked)):
                m.add_implication(marked[j], marked[j - 1])  # a row fills from the left
            for j, (number, star) in enumerate(zip(row.numbers, row.stars, strict=True)):
                parts["claims"].add(number, marked[j])
                if star:
                    counted["claim_star"].add(1, marked[j])
            parts["majorities"].add(row.majority[0], marked[0])  # at least one claim: 1st, alone
            counted["majority"].add(1, marked[0])
            counted["settlement"].terms += settlements[row.terrain].terms
            counted["settlement"].most += settlements[row.terrain].most
        for mt in METALS:
            shipping = c.shipping_row(mt)
            total = self.shipped[mt] = m.new_int_var(0, len(shipping.boxes), f"shipped[{mt}]")
            m.add(total == sum(s[mt] for s in self.ship))
            checked = [m.new_bool_var(f"checked[{mt}][{j}]") for j in range(len(shipping.boxes))]
            m.add(total == sum(checked))
            for j in range(1, len(checked)):
                m.add_implication(checked[j], checked[j - 1])  # a row is checked from the left
            for j, (box, star) in enumerate(zip(shipping.boxes, shipping.stars, strict=True)):
                parts["shipping"].add(box[0], checked[j])  # the single number, or the first shipper's
                if star:
                    counted["shipping_star"].add(1, checked[j])
            counted["shipping_row"].add(1, checked[-1])
            if mt == "copper":  # as rules.boomtown_offices.counts: "copper_shipped"
                for var in checked:
                    counted["copper_shipped"].add(1, var)
        self.owned_contract, self.owned_office = {}, {}
        for x in c.contracts:
            own = self.owned_contract[x.id] = m.new_bool_var(f"owned[{x.id}]")
            m.add(own == sum(t[x.id] for t in self.contract))
            parts["contracts"].add(x.points, own)
            counted["contract"].add(1, own)
            counted["copper_in_contracts"].add(x.cost().get("copper", 0), own)  # as rules.boomtown_offices.counts
        for o in c.offices:
            own = self.owned_office[o.id] = m.new_bool_var(f"owned[{o.id}]")
            m.add(own == sum(t[o.id] for t in self.office))
            counted["office"].add(1, own)
        # what a game can count at most: one office, contract and claim per turn, a claim of at most 2 spaces
        spaces_most = rounds * max(claims.spaces_taken(k) for k in claims.KINDS)
        for term, most in (("office", rounds), ("contract", rounds), ("majority", rounds), ("settlement", rounds),
                           ("claim_star", spaces_most)):
            counted[term].most = min(counted[term].most, most)
        self.bonus = {}
        pairs: dict[tuple[int, int], Any] = {}  # (index, index) of two Booleans -> both true (one variable per pair)
        for o in c.offices:
            own = self.owned_office[o.id]
            bonus = _Sum()
            for per, points in o.terms:
                if per == "fixed":
                    bonus.add(points, own)
                    continue
                counts = _Sum()
                for coefficient, var in counted[per].terms:  # each a Boolean: own and var
                    counts.add(coefficient, self._both(own, var, pairs))
                m.add(counts.expr() <= counted[per].most * own)  # a redundant bound, tightening the LP
                bonus.terms += [(points * k, v) for k, v in counts.terms]
            self.bonus[o.id] = bonus.expr()
            parts["offices"].terms += bonus.terms
        self.parts = {k: v.expr() for k, v in parts.items()}
        self.objective = sum(self.parts.values())
        m.maximize(self.objective)

    def _both(self, a: Any, b: Any, pairs: dict[tuple[int, int], Any]) -> Any:
        """A Boolean true exactly when ``a`` and ``b`` are (``a`` itself when they are one)."""
        if a is b:
            return a
        key = (min(a.index, b.index), max(a.index, b.index))
        if key not in pairs:
            both = pairs[key] = self.m.new_bool_var(f"both[{key[0]}][{key[1]}]")
            self.m.add_implication(both, a)
            self.m.add_implication(both, b)
            self.m.add_bool_or([~a, ~b, both])
        return pairs[key]

    def exclude(self, sheet: SoloSheet) -> None:
        """The plan's final sheet must differ from ``sheet`` somewhere (``SoloSheet``)."""
        c, m = self.puzzle.components, self.m
        features = [*zip(self.spaces.values(), sheet.spaces, strict=True),
                    *zip(self.settlements.values(), sheet.settlements, strict=True),
                    *zip(self.shipped.values(), sheet.shipped, strict=True),
                    *((self.owned_contract[x.id], int(x.id in sheet.contracts)) for x in c.contracts),
                    *((self.owned_office[o.id], int(o.id in sheet.offices)) for o in c.offices)]
        differs = []
        for var, value in features:
            lit = m.new_bool_var("")
            m.add(var != value).only_enforce_if(lit)
            differs.append(lit)
        m.add_bool_or(differs)

    def plan(self, solver: cp_model.CpSolver) -> tuple[list[JSON], dict[str, int], SoloSheet]:
        """The solved plan's moves, breakdown and final sheet."""
        v = solver.value
        moves: list[JSON] = []
        for r in range(self.puzzle.rounds):
            moves.append({"type": "terrain", "resource": next(x for x, var in self.terrain[r].items() if v(var))})
            moves += [{"type": "claim", "kind": k} for (_x, k), var in self.claim[r].items() if v(var)]
            moves += [{"type": "contract", "contract": i} for i, var in self.contract[r].items() if v(var)]
            moves += [{"type": "office", "office": i} for i, var in self.office[r].items() if v(var)]
            shipped = {mt: v(self.ship[r][mt]) for mt in METALS}
            moves += [{"type": "ship", **shipped}] if any(shipped.values()) else []
            moves += [{"type": "bank", "resource": x} for x, var in self.white[r].items() if v(var)]
            moves.append({"type": "end_turn"})
            if r + 1 < self.puzzle.rounds:
                banked = [x for x, var in self.dark[r + 1].items() if v(var)]
                moves.append({"type": "bank_between", "resource": banked[0]} if banked else {"type": "pass"})
        breakdown = {k: int(v(e)) for k, e in self.parts.items()}
        breakdown["total"] = sum(breakdown.values())
        sheet = SoloSheet(tuple(v(x) for x in self.spaces.values()), tuple(v(x) for x in self.settlements.values()),
                          tuple(v(x) for x in self.shipped.values()),
                          tuple(sorted(i for i, x in self.owned_contract.items() if v(x))),
                          tuple(sorted(i for i, x in self.owned_office.items() if v(x))))
        return moves, breakdown, sheet


def solve_solo(puzzle: SoloPuzzle, *, deterministic_limit: float | None = None,
               time_limit_ms: int = DEFAULT_TIME_LIMIT_MS, exclude: Sequence[SoloSheet] = (),
               objective_bounds: tuple[int, int] | None = None) -> SoloPlan:
    """The best plan of ``puzzle`` (module docstring): CP-SAT with one worker and the fixed ``SEED`` (the same puzzle
    gives the same answer), stopped by ``deterministic_limit`` (CP-SAT's machine-independent work measure, in its
    deterministic seconds; ``None``: none) or by the wall-clock ``time_limit_ms`` (``stats["stopped_by_wall"]``).
    ``exclude``: final sheets the plan's must differ from; ``objective_bounds``: ``(low, high)`` the score must lie
    in (with ``exclude``: is there another sheet worth ``low``?).  Without a plan the status is ``INFEASIBLE`` (or
    ``UNKNOWN``: stopped before one) and ``score`` is ``None``."""
    start = time.perf_counter()
    built = _Model(puzzle)
    for sheet in exclude:
        built.exclude(sheet)
    if objective_bounds is not None:
        built.m.add_linear_constraint(built.objective, *objective_bounds)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = SEED
    for name, value in PARAMETERS.items():
        setattr(solver.parameters, name, value)
    solver.parameters.max_time_in_seconds = max(0.001, time_limit_ms / 1000)
    if deterministic_limit is not None:
        solver.parameters.max_deterministic_time = deterministic_limit
    fired = threading.Event()

    def stop() -> None:
        fired.set()
        solver.stop_search()

    timer = threading.Timer(time_limit_ms / 1000, stop)
    timer.start()
    try:
        status = solver.solve(built.m)
    finally:
        timer.cancel()
    name = solver.status_name(status)
    wall_stop = fired.is_set() or (name not in ("OPTIMAL", "INFEASIBLE")
                                   and (deterministic_limit is None or solver.deterministic_time < deterministic_limit))
    stats = {"branches": solver.num_branches, "conflicts": solver.num_conflicts,
             "deterministic_time": solver.deterministic_time, "wall_ms": (time.perf_counter() - start) * 1000,
             "stopped_by_wall": wall_stop}
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return SoloPlan(name, None, solver.best_objective_bound, stats=stats)
    moves, breakdown, sheet = built.plan(solver)
    return SoloPlan(name, round(solver.objective_value), solver.best_objective_bound, moves, breakdown, sheet, stats)
