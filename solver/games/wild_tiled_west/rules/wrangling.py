"""Wrangling: pastures (groups of edge-connected field squares, their cows and cowpokes) and cattle contracts.

Source: rulebook, Wrangling: "Green spaces, with or without a cow in them, represent fields. Some are
printed on your settlement board, while others are found on tiles. A group of fields connected directly
to each other forms a single pasture."  A pasture with a cowpoke has been wrangled; "Each pasture can
only be wrangled once", so a pasture joined to a wrangled one holds its cowpoke and cannot be wrangled
(joining two wrangled pastures is no problem).
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.games.wild_tiled_west.components.geometry import Coord
from solver.games.wild_tiled_west.components.values import RuleNumbers
from solver.games.wild_tiled_west.rules.player import PlayerState
from solver.games.wild_tiled_west.rules.settlement import Settlement
from solver.games.wild_tiled_west.rules.table import Step, Table, place_alleys


@dataclass
class Contract:
    """A cattle contract on its scoreboard space: ``kind``, the wrangle ``size`` of its space (4-7),
    and ``flipped`` (its large side has been claimed, or flipped by a solo bandit card)."""

    kind: str
    size: int
    flipped: bool = False

    def to_json(self) -> dict[str, object]:
        """Plain data."""
        return {"kind": self.kind, "size": self.size, "flipped": self.flipped}


@dataclass(frozen=True)
class Pasture:
    """One pasture: its squares (mask and list, reading order), cows and cowpokes in it."""

    mask: int
    squares: tuple[Coord, ...]
    cows: int
    cowpokes: int

    @property
    def wrangled(self) -> bool:
        """True when a cowpoke stands in it (it cannot be wrangled again)."""
        return self.cowpokes > 0

    def wrangle_sizes(self, numbers: RuleNumbers) -> list[int]:
        """The cow counts it may be wrangled for now: from ``numbers.min_cows`` (3: "if that pasture has 3 or more
        cows, you may wrangle it") up to its cows, at most ``numbers.max_cows`` ("The largest possible wrangle is
        7"); none if wrangled (rulebook: Wrangling)."""
        if self.wrangled or self.cows < numbers.min_cows:
            return []
        return list(range(numbers.min_cows, min(self.cows, numbers.max_cows) + 1))


def pastures(settlement: Settlement) -> list[Pasture]:
    """Every pasture of the settlement, ordered by its first square in reading order."""
    g = settlement.grid
    todo = settlement.fields
    cows = settlement.cows
    pokes = g.mask(settlement.cowpokes)
    out = []
    while todo:
        seed = todo & -todo
        mask = g.flood(seed, settlement.fields)
        todo &= ~mask
        out.append(Pasture(mask, tuple(g.squares(mask)), (mask & cows).bit_count(), (mask & pokes).bit_count()))
    return out


def pasture_containing(settlement: Settlement, square: Coord) -> Pasture | None:
    """The pasture holding ``square`` ``(row, col)``, or ``None`` when it is not a field."""
    g = settlement.grid
    bit = g.bit(*square)
    if not bit & settlement.fields:
        return None
    return next(p for p in pastures(settlement) if p.mask & bit)


def touched_pastures(settlement: Settlement, squares: list[Coord]) -> list[Pasture]:
    """The pastures a placement created or expanded: those holding a field square of the placed tile."""
    g = settlement.grid
    mask = g.mask(squares) & settlement.fields
    return [p for p in pastures(settlement) if p.mask & mask]


def claim_cattle_contract(table: Table, player: PlayerState, contracts: list[Contract], cows: int) -> list[Step]:
    """The cattle contract of a wrangle of ``cows`` cows (rulebook, Wrangling: "When a pasture you wrangle has 4 or
    more cows, you also gain the bonus shown on the related cattle contract"; the catalog's ``contract_min_cows``):
    its large side the first time it is claimed, then it is flipped and pays its small side.  Points are scored,
    gold and bullets taken from the supply, alleys placed at once (the steps returned); a ``cattle_contract``
    event says which.  A smaller wrangle claims nothing."""
    if cows < table.catalog.rule_numbers.contract_min_cows:
        return []
    contract = next(c for c in contracts if c.size == cows)
    spec = next(c for c in table.catalog.scoreboard.contracts if c.kind == contract.kind)
    amount = spec.small if contract.flipped else spec.large
    side = "small" if contract.flipped else "large"
    contract.flipped = True
    table.emit({"type": "cattle_contract", "seat": player.seat, "contract": contract.kind, "side": side, "amount": amount})
    if contract.kind == "points":
        player.score("contracts", amount)
    elif contract.kind == "alleys":
        return place_alleys(player, amount, "contract")
    else:
        table.gain(player, contract.kind, amount, "cattle contract")
    return []
