"""Rolled West's components as plain immutable values: the resource dice, the score sheet (claim rows, shipping rows,
contracts, Boomtown offices) and the rule numbers, as ``catalog`` loads them from ``data/*.toml``.

The words are the rule text's: "Wood is a building material for making claims. Copper, silver, and gold are metals";
every number is read from the data files, never written here.  Source: ../shared/seeds/rolled-west-rules-en.txt and
the score sheet as Board Game Arena's implementation publishes it (../shared/design/other-games.md)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import NoReturn

#: rule text: "Wood is a building material for making claims."
WOOD = "wood"
#: rule text: "Copper, silver, and gold are metals" (in the sheet's order: its rows and columns)
METALS = ("copper", "silver", "gold")
RESOURCES = (WOOD, *METALS)
#: The kinds of an office's bonus term (data/sheet.toml says what each counts).
OFFICE_TERMS = ("office", "contract", "majority", "shipping_row", "settlement", "copper_shipped",
                "copper_in_contracts", "shipping_star", "claim_star", "fixed")


@dataclass(frozen=True)
class ClaimRow:
    """One terrain's claim row: the printed ``numbers`` of its spaces (0: no number), its starred spaces and the
    majority bonuses (1st, 2nd), points."""

    terrain: str
    numbers: tuple[int, ...]
    stars: tuple[bool, ...]
    majority: tuple[int, int]


@dataclass(frozen=True)
class ShippingRow:
    """One metal's shipping row: its boxes, each one number or two (the first shipper's, the later shippers'),
    points, and its starred boxes."""

    metal: str
    boxes: tuple[tuple[int, ...], ...]
    stars: tuple[bool, ...]


@dataclass(frozen=True)
class Contract:
    """A contract: its ``id``, its ``points`` and the ``metals`` it takes (metal, count), all at once."""

    id: str
    points: int
    metals: tuple[tuple[str, int], ...]

    def cost(self) -> dict[str, int]:
        """The metals it takes, ``{metal: count}``."""
        return dict(self.metals)


@dataclass(frozen=True)
class Office:
    """A Boomtown office of the grid: the metal of its ``row`` and of its ``column`` (its cost: one of each) and its
    end-game bonus ``terms``: ``(per, points)``, ``points`` for each one of ``per`` (``OFFICE_TERMS``)."""

    row: str
    column: str
    terms: tuple[tuple[str, int], ...]

    @cached_property
    def id(self) -> str:
        """``"<row>-<column>"``, e.g. ``"copper-silver"`` (computed once: the search reads it often)."""
        return f"{self.row}-{self.column}"

    def cost(self) -> dict[str, int]:
        """Its row metal plus its column metal, ``{metal: count}`` (rule text: "the cost for each is the combination of
        the metal pictured at the left of its row and the top of its column")."""
        cost: dict[str, int] = {}
        for metal in (self.row, self.column):
            cost[metal] = cost.get(metal, 0) + 1
        return cost


@dataclass(frozen=True)
class Dice:
    """The resource dice: ``count`` dice alike, each with ``faces`` (resource, how many faces); the terrain each
    resource names when set aside; the 2-player ghost roll's dice and the player count it is for."""

    count: int
    faces: tuple[tuple[str, int], ...]
    terrain: tuple[tuple[str, str], ...]
    ghost_dice: int
    ghost_players: int

    def face_list(self) -> list[str]:
        """Every face of one die, as resources (12 for the printed dice)."""
        return [resource for resource, n in self.faces for _ in range(n)]

    def terrain_of(self, resource: str) -> str:
        """The claim row a die of ``resource`` names (``KeyError`` for no such resource)."""
        return dict(self.terrain)[resource]


@dataclass(frozen=True)
class RuleNumbers:
    """The rule text's numbers (data/game.toml)."""

    players_min: int
    players_max: int
    rounds: int
    camp_wood: int
    settlement_wood: int
    office_metals: int


@dataclass(frozen=True)
class Components:
    """Everything of Rolled West's box the rules read, and each data section's ``sources`` (section -> source)."""

    dice: Dice
    claim_rows: tuple[ClaimRow, ...]
    shipping_rows: tuple[ShippingRow, ...]
    contracts: tuple[Contract, ...]
    offices: tuple[Office, ...]
    numbers: RuleNumbers
    sources: tuple[tuple[str, str], ...]

    def claim_row(self, terrain: str) -> ClaimRow:
        """The claim row of ``terrain`` (``KeyError`` for none)."""
        return self._lookups[0].get(terrain) or _missing(terrain)

    def shipping_row(self, metal: str) -> ShippingRow:
        """The shipping row of ``metal`` (``KeyError`` for none)."""
        return self._lookups[1].get(metal) or _missing(metal)

    def contract(self, contract_id: str) -> Contract:
        """The contract ``contract_id`` (``KeyError`` for none)."""
        return self._lookups[2].get(contract_id) or _missing(contract_id)

    def office(self, office_id: str) -> Office:
        """The office ``"<row>-<column>"`` (``KeyError`` for none)."""
        return self._lookups[3].get(office_id) or _missing(office_id)

    @cached_property
    def _lookups(self) -> tuple[dict[str, ClaimRow], dict[str, ShippingRow], dict[str, Contract], dict[str, Office]]:
        """The claim rows by terrain, the shipping rows by metal, the contracts and the offices by id: built once,
        for the lookups the search makes by the thousand."""
        return ({r.terrain: r for r in self.claim_rows}, {r.metal: r for r in self.shipping_rows},
                {c.id: c for c in self.contracts}, {o.id: o for o in self.offices})

    def terrains(self) -> tuple[str, ...]:
        """The terrains, in the sheet's order of its claim rows."""
        return tuple(r.terrain for r in self.claim_rows)


def _missing(name: str) -> NoReturn:
    raise KeyError(name)
