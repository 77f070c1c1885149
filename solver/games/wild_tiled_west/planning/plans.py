"""Planning positions, and the exact value of a plan computed with the rules engine's own functions.

A *plan* places some of a set of tiles (any subset, each at most once) on a settlement board. It is
legal when some play order places every tile legally (rulebook: Drafting a tile, placement rules).
Its *value* (points, see ``solver.games.wild_tiled_west.planning.weights``) is the sum of these terms, each computed by the rules
engine's functions on the settlement after the plan:

- ``towns``: sign points plus the year's completion bonus of every town the plan completes
  (``solver.games.wild_tiled_west.rules.towns``);
- ``bonuses``: gold, bullet and alley bonus spaces the plan covers and bonus icons on its tiles, at
  their weights (alleys are valued, not placed);
- ``mining``: the change in the mining track's value when the plan's pickaxes move the marker: gold
  income for the Mining Income steps still to come plus the Endgame points, and the second partner when
  the hat space is reached (``solver.games.wild_tiled_west.rules.mining``);
- ``horseshoes``: each horseshoe covered avoids the Endgame's -1 (Trailblazing);
- ``buildings``: each red building not yet paid that is surrounded after the plan (Town Hall, Bank,
  General Store; ``solver.games.wild_tiled_west.rules.buildings.surrounded``);
- ``wrangles``: the plan's wrangles happen once its tiles are placed (the last tile that expands a pasture
  is where the engine offers it): every pasture after the plan holding a field square of the plan's tiles
  and no cowpoke may be wrangled once for 3 to min(cows, 7) cows (``solver.games.wild_tiled_west.rules.wrangling``), scoring the
  scoreboard's wrangle points, the cattle contract of that size for 4+ cows (its large side for the first
  claim of an unflipped contract, else the small side; valued at ``CONTRACT_POINTS``) and 1 gold per Barn
  on the board (Building guide).  The best choice of wrangles (or none) is taken; ``wrangle_plan`` says
  which pasture to wrangle with how many cows;
- ``bandits``: each unshot bandit costs ``BANDIT_POINTS`` (the tussles it may lose): bandits on the plan's
  tiles add to it and printed bandits the plan covers are chased off (docs/rulings.md R8); once the plan
  is placed, the sheriffs on the board shoot the bandits in their sight (any bandit when the plan holds a
  Sheriff's Office) as far as the bullets go (the player's, plus those the plan gains): each shot is a
  tombstone (``PlanPosition.tombstone_points``, the catalog's) and one exposed bandit less, for one bullet (``POINTS_PER_BULLET``);
- ``town_progress`` (positional): ``TOWN_SQUARE_POINTS`` for each square the plan covers in a town it does
  not complete;
- ``pasture_potential`` (positional): ``COW_POTENTIAL_POINTS`` per cow (at most 7) of every pasture the
  plan's field squares touch that holds no cowpoke and that the plan keeps growing instead of wrangling
  (chosen together with ``wrangles``).

With ``PlanPosition.positional`` False the two positional terms are 0 and the wrangles are chosen for
their points alone: the value is then points only (the daily puzzles' score, docs/puzzles.md).

``solver.games.wild_tiled_west.planning.cpsat.solve`` maximises the same value with CP-SAT; ``solver.games.wild_tiled_west.planning.enumerator`` finds it by
exhaustive search; tests check that all three agree and that replaying a plan through ``solver.games.wild_tiled_west.engine.game``
gives what ``evaluate_plan`` says.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product

from solver.games.wild_tiled_west.components.catalog import load_catalog
from solver.games.wild_tiled_west.components.values import Catalog, Icon, RuleNumbers, SpaceKind, Tile
from solver.games.wild_tiled_west.planning.weights import (
    BANDIT_POINTS,
    BONUS_POINTS,
    CONTRACT_POINTS,
    COW_POTENTIAL_POINTS,
    POINTS_PER_BULLET,
    POINTS_PER_GOLD,
    REWARD_POINTS,
    SECOND_PARTNER_POINTS,
    TOWN_SQUARE_POINTS,
)
from solver.games.wild_tiled_west.rules.bonuses import BOARD_BONUS, TILE_BONUS
from solver.games.wild_tiled_west.rules.buildings import building_tiles, surrounded
from solver.games.wild_tiled_west.rules.buildings.registry import (
    BARN,
    CHAPEL,
    RANCH_HOUSE,
    chapel_points,
    ranch_house_points,
    rule_of,
)
from solver.games.wild_tiled_west.rules.mining import partner_space
from solver.games.wild_tiled_west.rules.placement import Placement, check_placement
from solver.games.wild_tiled_west.rules.settlement import IllegalPlacement, Settlement
from solver.games.wild_tiled_west.rules.sheriffs_and_bandits import all_bandits, targets_in_sight
from solver.games.wild_tiled_west.rules.towns import completed_towns, town_points
from solver.games.wild_tiled_west.rules.tussle import count_bandits
from solver.games.wild_tiled_west.rules.wrangling import Pasture, pastures

TERMS = ("towns", "bonuses", "mining", "horseshoes", "buildings", "wrangles", "bandits", "town_progress",
         "pasture_potential")
LAST_YEAR = 4


class IllegalPlan(ValueError):
    """The placements cannot all be played: overlap, a tile used twice, or no legal order."""


def refuse_rooted(position: PlanPosition) -> None:
    """For the plan searches (CP-SAT and the enumerator), which place tiles by the connection rules only:
    raises ``ValueError`` for a position with ``rooted_on`` (a rooted placement is valued with
    ``evaluate_plan``, Wild sides / House in Danger, Signpost)."""
    if position.rooted_on is not None:
        raise ValueError("a rooted placement (rooted_on) is valued with evaluate_plan, not searched")


@dataclass
class PlanPosition:
    """What a planner needs: the settlement (not changed), the tiles that may be placed, the year
    (1-4), the mining marker's space, whether the second partner was granted, the indexes of red
    buildings already paid, the scoreboard's town bonus (Years 1-3) and the catalog.

    ``catalog`` defaults to the packaged one (``solver.games.wild_tiled_west.components.catalog.load_catalog``); every rule number
    a plan's value needs is read from it: ``town_bonus``, ``wrangle_points`` and ``cowpokes_left`` default to
    its 2+ player scoreboard side and its supply of cowpokes (``from_game`` takes the game's own)."""

    settlement: Settlement
    tiles: tuple[Tile, ...]
    year: int = 1
    mining: int = 0
    second_partner: bool = False
    triggered: frozenset[int] = frozenset()
    town_bonus: tuple[int, ...] = ()  #: (): the catalog's
    catalog: Catalog = field(default_factory=load_catalog)
    wrangle_points: dict[int, int] = field(default_factory=dict)  #: {}: the catalog's
    #: wrangle size -> (contract kind, large side still up) for the contract spaces (sizes 4-7)
    contracts: dict[int, tuple[str, bool]] = field(default_factory=dict)
    cowpokes_left: int | None = None
    bullets: int = 0
    #: count the positional terms (``town_progress``, ``pasture_potential``: advice, not points); False
    #: gives points only, as the daily puzzles score a plan (docs/puzzles.md)
    positional: bool = True
    #: ``(tile id, (row, col))``: that tile's placement must cover the square and needs no connection (House
    #: in Danger's building on a board without an X, Signpost's General Store on the third signpost: Wild
    #: sides); only ``evaluate_plan`` reads it (the hint search values such a decision's placements)
    rooted_on: tuple[str, tuple[int, int]] | None = None

    @classmethod
    def from_game(cls, game, seat: int, tiles: list[Tile]) -> PlanPosition:
        """The position of ``seat`` in a ``solver.games.wild_tiled_west.engine.game.Game`` with ``tiles`` to place."""
        player = game.players[seat]
        contracts = {c.size: (c.kind, not c.flipped) for c in game.contracts}
        return cls(player.settlement.copy(), tuple(tiles), game.year, player.mining, player.second_partner,
                   frozenset(player.triggered), game.scoreboard_side.town_bonus, game.catalog,
                   dict(game.scoreboard_side.wrangle_points), contracts, game.supply["cowpokes"], player.bullets)

    def __post_init__(self) -> None:
        side = self.catalog.scoreboard.multiplayer
        if not self.town_bonus:
            self.town_bonus = side.town_bonus
        if not self.wrangle_points:
            self.wrangle_points = dict(side.wrangle_points)
        if self.cowpokes_left is None:
            self.cowpokes_left = self.catalog.supply.counts["cowpokes"]
        if not self.contracts:  # the first-game order, all large sides up
            spaces = self.catalog.scoreboard.contract_sizes
            kinds = sorted(self.catalog.scoreboard.contracts, key=lambda c: c.first_game_position)
            self.contracts = {size: (c.kind, True) for size, c in zip(spaces, kinds)}

    @property
    def rule_numbers(self) -> RuleNumbers:
        """The rulebook's numbers of the position's catalog (wrangle sizes, tombstone points, ...)."""
        return self.catalog.rule_numbers

    def surround_points(self, building: str | None) -> int:
        """What a red building of this catalog is worth to a plan when surrounded, in points (0 for the others):
        its best reward at ``REWARD_POINTS`` (the Town Hall its points, the Bank its gold, the General Store the
        better of its bullets and alleys: a choice of pickaxes is valued through the mining track when the engine
        resolves it, Building guide)."""
        cache: dict[str | None, int] = self.__dict__.setdefault("_surround_points", {})
        if building not in cache:
            rule = rule_of(building)
            points = 0
            if rule is not None and self.catalog.building(rule.name).sign == "red":
                rewards = rule.rewards_when_surrounded(self.catalog.building(rule.name))
                points = max((sum(REWARD_POINTS[item] * n for item, n in reward.items())
                              for reward in rewards if "pickaxes" not in reward), default=0)
            cache[building] = points
        return cache[building]

    @property
    def tombstone_points(self) -> int:
        """Points of a tombstone at the Endgame (rulebook: Endgame, read from the catalog)."""
        return self.catalog.rule_numbers.tombstone_points

    @property
    def horseshoe_points(self) -> int:
        """Points a covered horseshoe saves (rulebook: Endgame / Trailblazing: the loss per uncovered one)."""
        return -self.catalog.rule_numbers.trailblazing_points

    def barn_points(self) -> int:
        """What one Barn adds to a wrangle, in points (its gold, Building guide, at ``POINTS_PER_GOLD``)."""
        return self.catalog.building(BARN).amount("gold") * POINTS_PER_GOLD

    def _once(self, name: str, before: Settlement, compute):
        """``compute(before)``, kept while ``before`` (the position's settlement) is the same object."""
        cached = self.__dict__.get(name)
        if cached is None or cached[0] is not before:
            cached = (before, compute(before))
            self.__dict__[name] = cached
        return cached[1]

    def towns_before(self, before: Settlement) -> set[str]:
        """Letters of the towns complete on ``before`` (the position's settlement), computed once."""
        return self._once("_towns_before", before, lambda b: {t.letter for t in completed_towns(b)})

    def bandits_before(self, before: Settlement) -> int:
        """Unshot bandits on ``before`` (the position's settlement), counted once."""
        return self._once("_bandits_before", before, count_bandits)

    def ranch_house_points_before(self, before: Settlement) -> int:
        """The Ranch Houses' Endgame points on ``before`` (the position's settlement), counted once."""
        return self._once("_ranch_before", before, lambda b: ranch_house_points(self.catalog, b))

    def contract_points(self, size: int, large: bool) -> int:
        """The cattle contract of wrangle ``size`` (4-7), large or small side, in points."""
        kind, _ = self.contracts[size]
        spec = next(c for c in self.catalog.scoreboard.contracts if c.kind == kind)
        return (spec.large if large else spec.small) * CONTRACT_POINTS[kind]

    def tile(self, tile_id: str) -> Tile:
        """One of the position's tiles by id; raises ``KeyError``."""
        for tile in self.tiles:
            if tile.id == tile_id:
                return tile
        raise KeyError(tile_id)

    def mining_value(self, space: int) -> int:
        """Points the marker on ``space`` is worth from now on: income (gold at POINTS_PER_GOLD = 1
        point) for each Mining Income still to come, Endgame points, and the second partner."""
        track = self.catalog.mining_track
        incomes_left = LAST_YEAR - self.year
        value = track[space].income * incomes_left * POINTS_PER_GOLD + track[space].points
        hat = partner_space(self.catalog)
        if not self.second_partner and self.mining < hat <= space:
            value += SECOND_PARTNER_POINTS
        return value

    def mining_gain(self, pickaxes: int) -> int:
        """The ``mining`` term for covering ``pickaxes`` pickaxes (the marker stops at the top)."""
        top = len(self.catalog.mining_track) - 1
        return self.mining_value(min(top, self.mining + pickaxes)) - self.mining_value(self.mining)


@dataclass(frozen=True)
class PlanValue:
    """A plan's value in points: ``total`` and ``terms`` (name -> points, names in ``TERMS``)."""

    total: int
    terms: dict[str, int]


def building_bullets(catalog: Catalog, tile: Tile) -> int:
    """Bullets a tile's building gives when placed (a white sign with bullets: Cache, Sheriff's Office)."""
    if not tile.building:
        return 0
    building = catalog.building(tile.building)
    return building.amounts.get("bullets", 0) if building.sign == "white" else 0


def tile_bullets(catalog: Catalog, tile: Tile) -> int:
    """Bullets a tile gives when placed: bullet icons and its building's white sign (Cache, Sheriff's Office)."""
    icons = sum(1 for _, cell in tile.cells if cell.icon is Icon.BULLET)
    return icons + building_bullets(catalog, tile)


def tile_bonus_points(catalog: Catalog, tile: Tile) -> int:
    """The bonus icons printed on a tile and the bullets its building gives, in points."""
    icons = sum(BONUS_POINTS[TILE_BONUS[cell.icon]] for _, cell in tile.cells if cell.icon in TILE_BONUS)
    return icons + building_bullets(catalog, tile) * POINTS_PER_BULLET


def play_order(position: PlanPosition, placements: list[Placement]) -> list[Placement]:
    """An order in which every placement is legal, found greedily (the first legal one in the given
    order each time).  Raises ``IllegalPlan`` when none exists (overlap, a tile twice, disconnected)."""
    return play(position, placements)[0]


def play(position: PlanPosition, placements: list[Placement]) -> tuple[list[Placement], Settlement]:
    """``play_order``'s order and a copy of the settlement with the plan placed in that order.
    Raises ``IllegalPlan`` like ``play_order``."""
    ids = [p.tile_id for p in placements]
    if len(ids) != len(set(ids)):
        raise IllegalPlan("a plan places each tile at most once")
    settlement = position.settlement.copy()
    rooted_tile, site = position.rooted_on or (None, None)
    root = lambda p: site if p.tile_id == rooted_tile else None
    todo = list(placements)
    order = []
    while todo:
        for p in todo:
            try:  # place checks the placement rules and changes nothing when one is broken
                settlement.place(position.tile(p.tile_id), p.orientation, p.row, p.col, rooted_on=root(p))
            except IllegalPlacement:
                continue
            order.append(p)
            todo.remove(p)
            break
        else:
            reasons = [check_placement(settlement, position.tile(p.tile_id), p.orientation, p.row, p.col,
                                       rooted_on=root(p)).message for p in todo]
            raise IllegalPlan(f"no legal order: {len(todo)} placement(s) cannot be played ({reasons[0]})")
    return order, settlement


def evaluate_plan(position: PlanPosition, placements: list[Placement]) -> PlanValue:
    """The exact value of a plan (see the module docstring), computed with the rules engine's
    functions on the settlement after the plan.  Raises ``IllegalPlan`` for an illegal plan."""
    return _evaluate(position, placements)[0]


def evaluate_plan_with_pink(position: PlanPosition, placements: list[Placement]) -> tuple[PlanValue, int]:
    """``evaluate_plan``'s value and ``pink_building_gain`` (points), computed on one settlement after
    the plan (the hint search's shortlist value is their sum).  Raises ``IllegalPlan``."""
    value, after, tiles, shots = _evaluate(position, placements)
    return value, _pink_gain(position, after, tiles, shots)


def evaluate_played(position: PlanPosition, order: list[Placement], after: Settlement) -> PlanValue:
    """``evaluate_plan``'s value of a plan already played: ``after`` is a copy of the position's settlement with the
    placements of ``order`` placed in that order, each legal when it was placed (what ``play`` makes of them), and
    is left as it is.  For a search that builds each plan from a shorter one (the exhaustive enumerator, the
    greedy player of the daily puzzles) instead of playing it again from the start."""
    return _value(position, order, after)[0]


def _evaluate(position: PlanPosition, placements: list[Placement]) -> tuple[PlanValue, Settlement, list[Tile], int]:
    """``evaluate_plan``'s value, the settlement after the plan, its tiles in play order and its shots."""
    order, after = play(position, placements)
    return _value(position, order, after)


def _value(position: PlanPosition, order: list[Placement], after: Settlement) -> tuple[PlanValue, Settlement, list[Tile], int]:
    """``_evaluate`` of the plan ``order`` played on ``after``."""
    before = position.settlement
    new = after.covered & ~before.covered
    side = after.side
    terms = dict.fromkeys(TERMS, 0)
    done = position.towns_before(before)
    towns = completed_towns(after)
    for town in towns:
        if town.letter not in done:
            terms["towns"] += sum(town_points(town, position.year, position.town_bonus))
    # the printed spaces the plan covers, counted by kind (each a mask of the side's squares of that kind)
    for kind, bonus in BOARD_BONUS.items():
        terms["bonuses"] += BONUS_POINTS[bonus] * (new & side.kind_mask(kind)).bit_count()
    terms["horseshoes"] = position.horseshoe_points * (new & side.kind_mask(SpaceKind.HORSESHOE)).bit_count()
    terms["bonuses"] += sum(tile_bonus_points(position.catalog, position.tile(p.tile_id)) for p in order)
    pickaxes = (new & side.kind_mask(SpaceKind.PICKAXE)).bit_count()
    terms["mining"] = position.mining_gain(pickaxes)
    for index, placed in building_tiles(after):
        name = placed.tile.building
        points = position.surround_points(name)
        if points and index not in position.triggered and surrounded(after, [rc for rc, _ in placed.squares]):
            terms["buildings"] += points
    terms["wrangles"], terms["pasture_potential"] = wrangle_plan(position, before, after)[2]
    completed = {t.letter for t in towns}
    for town in side.towns if position.positional else ():
        if town.letter not in completed:
            terms["town_progress"] += TOWN_SQUARE_POINTS * sum(1 for rc in town.squares if after.grid.bit(*rc) & new)
    tiles = [position.tile(p.tile_id) for p in order]
    terms["bandits"], shots = bandit_value(position, before, after, tiles)
    return PlanValue(sum(terms.values()), terms), after, tiles, shots


def bandit_value(position: PlanPosition, before: Settlement, after: Settlement, tiles: list[Tile]) -> tuple[int, int]:
    """The ``bandits`` term and the number of shots (see the module docstring)."""
    side = after.side
    gained = sum(tile_bullets(position.catalog, t) for t in tiles)
    gained += (after.covered & ~before.covered & side.kind_mask(SpaceKind.BULLET)).bit_count()
    office = any(rule.shoots_anywhere for rule in map(rule_of, (t.building for t in tiles)) if rule)
    bullets = position.bullets + gained
    shots = 0
    if bullets:  # no bullet, no shot: the sheriffs' sight need not be traced
        shots = min(bullets, len(all_bandits(after) if office else targets_in_sight(after)))
    exposure = count_bandits(after) - position.bandits_before(before)
    value = -BANDIT_POINTS * exposure + (BANDIT_POINTS + position.tombstone_points - POINTS_PER_BULLET) * shots
    return value, shots


def plan_wrangles(position: PlanPosition, placements: list[Placement]) -> list[dict[str, object]]:
    """Wrangle planning for a plan: for every pasture the plan's field squares touch, whether to wrangle
    it once the plan is placed (``cows`` 3-7) or keep growing it (``cows`` 0), with its ``square`` (its
    first square, reading order) and the ``cows`` it holds.  Raises ``IllegalPlan``."""
    _, after = play(position, placements)
    before = position.settlement
    chosen = {pasture.squares[0]: k for pasture, k in wrangle_plan(position, before, after)[1]}
    new_fields = after.fields & ~before.fields
    return [{"square": list(p.squares[0]), "pasture_cows": p.cows, "wrangled_before": p.wrangled,
             "wrangle": chosen.get(p.squares[0], 0)} for p in pastures(after) if p.mask & new_fields]


def open_touched_pastures(before: Settlement, after: Settlement) -> list[Pasture]:
    """Pastures after the plan that hold a field square the plan added and no cowpoke."""
    new_fields = after.fields & ~before.fields
    if not new_fields:  # the plan adds no field square: it touches no pasture
        return []
    return [p for p in pastures(after) if p.mask & new_fields and not p.wrangled]


def wrangle_plan(position: PlanPosition, before: Settlement,
                 after: Settlement) -> tuple[int, list[tuple[Pasture, int]], tuple[int, int]]:
    """The best wrangles at the end of a plan, weighed against keeping pastures growing:
    ``(points, [(pasture, cows wrangled), ...], (wrangles term, pasture_potential term))`` (see the
    module docstring); at most as many wrangles as cowpokes left."""
    candidates = open_touched_pastures(before, after)
    barns = len(building_tiles(after, BARN))
    options = [[0, *p.wrangle_sizes(position.rule_numbers)] for p in candidates]
    assert position.cowpokes_left is not None  # set by __post_init__
    best: tuple[int, list[tuple[Pasture, int]], tuple[int, int]] = (-1, [], (0, 0))
    for choice in product(*options):
        if sum(1 for k in choice if k) > position.cowpokes_left:
            continue
        points, potential, claimed = 0, 0, set()
        for pasture, k in zip(candidates, choice):
            if not k:
                potential += COW_POTENTIAL_POINTS * min(pasture.cows, position.rule_numbers.max_cows) if position.positional else 0
                continue
            points += position.wrangle_points[k] + barns * position.barn_points()
            if k >= position.rule_numbers.contract_min_cows:
                large = position.contracts[k][1] and k not in claimed
                claimed.add(k)
                points += position.contract_points(k, large)
        if points + potential > best[0]:
            best = (points + potential, [(p, k) for p, k in zip(candidates, choice) if k], (points, potential))
    return best


def pink_building_gain(position: PlanPosition, placements: list[Placement]) -> int:
    """The change a plan makes in the Endgame points of the settlement's Ranch Houses and Chapels, as
    they would score right after it, in points (Building guide: a Ranch House scores 1 per cow of every
    pasture connected to it, a Chapel 1 per tombstone; ``solver.games.wild_tiled_west.rules.endgame.ranch_house_points`` and
    ``chapel_points``): a Ranch House placed beside pastures, cows added to a pasture connected to a
    Ranch House, a Chapel placed with tombstones on the board, and the plan's shots (each a tombstone,
    ``bandit_value``) with a Chapel.

    Not part of ``evaluate_plan`` (whose value the CP-SAT model reproduces and the daily puzzles score):
    the hint search adds it to ``evaluate_plan``'s total when it shortlists placements
    (``evaluate_plan_with_pink``; positional advice, docs/hints.md).  Raises ``IllegalPlan``."""
    return evaluate_plan_with_pink(position, placements)[1]


def _pink_gain(position: PlanPosition, after: Settlement, tiles: list[Tile], shots: int) -> int:
    """``pink_building_gain`` for the settlement ``after`` the plan, its ``tiles`` and its ``shots``."""
    before = position.settlement
    placed = {t.building for t in tiles}
    houses = RANCH_HOUSE in placed or bool(building_tiles(before, RANCH_HOUSE))
    gain = 0
    if houses and (RANCH_HOUSE in placed or after.fields & ~before.fields):
        gain += ranch_house_points(position.catalog, after) - position.ranch_house_points_before(before)
    if CHAPEL in placed or (shots and building_tiles(before, CHAPEL)):
        gain += chapel_points(position.catalog, after, before.tombstone_count + shots) - chapel_points(position.catalog, before)
    return gain
