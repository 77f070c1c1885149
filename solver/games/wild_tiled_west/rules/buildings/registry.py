"""The Building guide's 14 buildings, each in one place: its name, its hooks and what the planners need to value
it.  Its sign and its amounts (gold, points, bullets, ...) are the catalog's (``buildings.toml``), read through
``Building.amount``; nothing here copies a number.

Source: rulebook, Building guide (each building's text) and Scoring points / Buildings (a white sign works when
placed, red when surrounded, pink at the Endgame, yellow is ongoing).

The engine (``solver.games.wild_tiled_west.engine``) calls the hooks through ``BUILDINGS``; a hook changes the game only through the
``Table`` it is given (``solver.games.wild_tiled_west.rules.table``: gain from the supply, score, emit an event) and returns the agenda
steps to run next (the decisions a building opens: Hideout, Wheelwright, General Store, the Fancy Saloon's ace
card).  A building's name
is written as a literal only here and in the data: other modules use the constants below.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from solver.games.wild_tiled_west.components.values import Building, Catalog, SpaceKind
from solver.games.wild_tiled_west.rules.buildings import building_tiles
from solver.games.wild_tiled_west.rules.mining import add_pickaxes
from solver.games.wild_tiled_west.rules.player import PlayerState
from solver.games.wild_tiled_west.rules.settlement import Settlement
from solver.games.wild_tiled_west.rules.table import Step, Table, place_alleys
from solver.games.wild_tiled_west.rules.wrangling import pastures

BANK = "Bank"
HOTEL = "Hotel"
BARN = "Barn"
RANCH_HOUSE = "Ranch House"
CACHE = "Cache"
SAWMILL = "Sawmill"
CHAPEL = "Chapel"
SHERIFFS_OFFICE = "Sheriff's Office"
FANCY_SALOON = "Fancy Saloon"
STABLES = "Stables"
GENERAL_STORE = "General Store"
TOWN_HALL = "Town Hall"
HIDEOUT = "Hideout"
WHEELWRIGHT = "Wheelwright"

Hook = Callable[[Table, PlayerState, Building], list[Step]]


@dataclass(frozen=True)
class BuildingRule:
    """One building of the Building guide.

    ``when_placed`` (white sign) and ``when_surrounded`` (red) return the steps they open; ``whenever_wrangling``
    (the Barn, once per such building on the board) and ``whenever_tussle_won`` (the Hotel, given how many the
    board holds) are ongoing (yellow); ``at_endgame(catalog, player)`` (pink) is the Endgame's points of every such
    building on the board.  For the planners, which value a building without playing it: ``placed_gains`` (what
    it gives when placed, e.g. ``{"bullets": 2}``), ``surround_rewards`` (the rewards to choose among when it is
    surrounded), ``shoots_anywhere`` (the Sheriff's Office) and ``replaces_a_draft`` (the Sawmill)."""

    name: str
    when_placed: Hook | None = None
    when_surrounded: Hook | None = None
    whenever_wrangling: Hook | None = None
    whenever_tussle_won: Callable[[Table, PlayerState, Building, int], list[Step]] | None = None
    at_endgame: Callable[[Catalog, PlayerState], int] | None = None
    placed_gains: tuple[str, ...] = ()
    surround_rewards: tuple[tuple[str, ...], ...] = ()
    shoots_anywhere: bool = False
    replaces_a_draft: bool = False

    def gains_when_placed(self, building: Building) -> dict[str, int]:
        """What the building gives when placed, by item (``{"bullets": 2}`` for the Cache), from the catalog."""
        return {item: building.amount(item) for item in self.placed_gains}

    def rewards_when_surrounded(self, building: Building) -> list[dict[str, int]]:
        """The rewards to choose among when surrounded, each ``{item: amount}`` (``points``, ``gold``, ``bullets``,
        ``pickaxes``, ``alleys``), from the catalog; ``[]`` for a building that is not red."""
        return [{item: building.amount(item) for item in reward} for reward in self.surround_rewards]


# --- white signs: when placed -------------------------------------------------------------------------------


def _cache(table: Table, player: PlayerState, building: Building) -> list[Step]:
    """Cache: "When placed, gain 2 bullets." """
    table.gain(player, "bullets", building.amount("bullets"), building.name)
    return []


def _sheriffs_office(table: Table, player: PlayerState, building: Building) -> list[Step]:
    """Sheriff's Office: "When placed, take a bullet from the supply. Immediately use as many of your bullets as
    possible to shoot bandits anywhere on your settlement board"."""
    table.gain(player, "bullets", building.amount("bullets"), building.name)
    return [{"step": "sheriffs", "seat": player.seat, "anywhere": True}]


def _fancy_saloon(table: Table, player: PlayerState, building: Building) -> list[Step]:
    """Fancy Saloon: "When placed, choose an ace card from the supply" (the ``ace_card`` decision)."""
    return [{"step": "ace_card", "seat": player.seat, "source": building.name}]


def _hideout(table: Table, player: PlayerState, building: Building) -> list[Step]:
    """Hideout: "Cover up to two sheriffs on your settlement board with bullets from the supply" (the ``hideout``
    decision, once per sheriff)."""
    return [{"step": "hideout", "seat": player.seat, "left": building.amount("sheriffs")}]


def _wheelwright(table: Table, player: PlayerState, building: Building) -> list[Step]:
    """Wheelwright: "When placed, choose one": two alleys now, or pairs of alleys from then on (the decision)."""
    return [{"step": "wheelwright", "seat": player.seat}]


# --- red signs: when surrounded -------------------------------------------------------------------------------


def _bank(table: Table, player: PlayerState, building: Building) -> list[Step]:
    """Bank: "When surrounded, gain 3 gold." """
    table.gain(player, "gold", building.amount("gold"), building.name)
    return []


def _town_hall(table: Table, player: PlayerState, building: Building) -> list[Step]:
    """Town Hall: "When surrounded, score 10 points." """
    player.score("buildings", building.amount("points"))
    return []


def _general_store(table: Table, player: PlayerState, building: Building) -> list[Step]:
    """General Store: "When surrounded, choose: gain 2 bullets, 2 pickaxes ..., or 2 alleys" (the decision)."""
    return [{"step": "general_store", "seat": player.seat}]


def general_store_choice(table: Table, player: PlayerState, choice: str) -> list[Step]:
    """Play the General Store's choice (``bullets``, ``pickaxes`` or ``alleys``, 2 of each in the Building guide):
    bullets go to the player (then the sheriffs may shoot), pickaxes move the mining marker (the second partner
    at its 4th space), alleys are placed at once.  Returns the steps that follow."""
    building = table.catalog.building(GENERAL_STORE)
    amount = building.amount(choice)
    table.emit({"type": "general_store", "seat": player.seat, "choice": choice})
    if choice == "bullets":
        table.gain(player, "bullets", amount, building.name)
        return [{"step": "sheriffs", "seat": player.seat}]
    if choice == "pickaxes":
        events, partner = add_pickaxes(table.catalog, player, amount)
        for e in events:
            table.emit(e)
        return [{"step": "second_partner", "seat": player.seat}] if partner else []
    return place_alleys(player, amount, building.name)


GENERAL_STORE_CHOICES: Final = ("bullets", "pickaxes", "alleys")  #: the General Store's three rewards (Building guide)


def wheelwright_choice(table: Table, player: PlayerState, side: str) -> list[Step]:
    """Play the Wheelwright's side: ``alleys`` (two alleys placed now) or ``ongoing`` (from then on a single alley
    may be two adjacent alleys).  Returns the steps that follow."""
    building = table.catalog.building(WHEELWRIGHT)
    table.emit({"type": "wheelwright", "seat": player.seat, "side": side})
    if side == "ongoing":
        player.wheelwright_ongoing = True
        return []
    return place_alleys(player, building.amount("alleys"), building.name)


# --- yellow signs: ongoing -----------------------------------------------------------------------------------


def _barn(table: Table, player: PlayerState, building: Building) -> list[Step]:
    """Barn: "Whenever you wrangle cows, gain 1 gold." (once per Barn)"""
    table.gain(player, "gold", building.amount("gold"), building.name)
    return []


def _hotel(table: Table, player: PlayerState, building: Building, count: int) -> list[Step]:
    """Hotel: "Whenever you win a Tussle, score 2 additional points." (per Hotel, one event for all)"""
    points = building.amount("points") * count
    player.score("buildings", points)
    table.emit({"type": "hotel", "seat": player.seat, "points": points})
    return []


# --- pink signs: at the Endgame --------------------------------------------------------------------------------


def ranch_house_points(catalog: Catalog, settlement: Settlement) -> int:
    """The settlement's Ranch Houses at the Endgame, in points (Building guide: per Ranch House, 1 point
    (``amounts.points_per_cow``) per cow of each pasture with a square connected to it: its own field squares
    or those beside it)."""
    g = settlement.grid
    houses = building_tiles(settlement, RANCH_HOUSE)
    if not houses:
        return 0
    all_pastures = pastures(settlement)
    total = 0
    for _, placed in houses:
        tile = g.mask(rc for rc, _ in placed.squares)
        touching = tile | g.neighbours(tile)  # its own field squares, and those beside it
        total += sum(p.cows for p in all_pastures if p.mask & touching)
    return total * catalog.building(RANCH_HOUSE).amount("points_per_cow")


def chapel_points(catalog: Catalog, settlement: Settlement, tombstones: int | None = None) -> int:
    """The settlement's Chapels at the Endgame, in points (Building guide: per Chapel, 1 more point
    (``amounts.points_per_tombstone``) per tombstone); ``tombstones``: the tombstone count to use (default the
    settlement's)."""
    tombstones = settlement.tombstone_count if tombstones is None else tombstones
    per = catalog.building(CHAPEL).amount("points_per_tombstone")
    return len(building_tiles(settlement, CHAPEL)) * per * tombstones


def stables_points(catalog: Catalog, player: PlayerState) -> int:
    """The settlement's Stables at the Endgame, in points (Building guide: 8 points each, ``amounts.points``, "if
    you've covered all horseshoes on your settlement board")."""
    s = player.settlement
    if any(s.cover[r][c] < 0 for r, c in s.side.squares(SpaceKind.HORSESHOE)):
        return 0
    return catalog.building(STABLES).amount("points") * len(building_tiles(s, STABLES))


#: Every building of the Building guide, by name.
BUILDINGS: dict[str, BuildingRule] = {rule.name: rule for rule in (
    BuildingRule(BANK, when_surrounded=_bank, surround_rewards=(("gold",),)),
    BuildingRule(HOTEL, whenever_tussle_won=_hotel),
    BuildingRule(BARN, whenever_wrangling=_barn),
    BuildingRule(RANCH_HOUSE, at_endgame=lambda catalog, player: ranch_house_points(catalog, player.settlement)),
    BuildingRule(CACHE, when_placed=_cache, placed_gains=("bullets",)),
    BuildingRule(SAWMILL, replaces_a_draft=True),
    BuildingRule(CHAPEL, at_endgame=lambda catalog, player: chapel_points(catalog, player.settlement)),
    BuildingRule(SHERIFFS_OFFICE, when_placed=_sheriffs_office, placed_gains=("bullets",), shoots_anywhere=True),
    BuildingRule(FANCY_SALOON, when_placed=_fancy_saloon),
    BuildingRule(STABLES, at_endgame=stables_points),
    BuildingRule(GENERAL_STORE, when_surrounded=_general_store, surround_rewards=tuple((c,) for c in GENERAL_STORE_CHOICES)),
    BuildingRule(TOWN_HALL, when_surrounded=_town_hall, surround_rewards=(("points",),)),
    BuildingRule(HIDEOUT, when_placed=_hideout),
    BuildingRule(WHEELWRIGHT, when_placed=_wheelwright),
)}


def rule_of(name: str | None) -> BuildingRule | None:
    """The rule of the building named ``name`` (``None`` for a tile without a building)."""
    return BUILDINGS[name] if name else None
