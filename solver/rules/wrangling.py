"""Pastures: groups of edge-connected field squares, their cows and cowpokes.

Source: rulebook, Wrangling: "Green spaces, with or without a cow in them, represent fields. Some are
printed on your settlement board, while others are found on tiles. A group of fields connected directly
to each other forms a single pasture."  A pasture with a cowpoke has been wrangled; "Each pasture can
only be wrangled once", so a pasture joined to a wrangled one holds its cowpoke and cannot be wrangled
(joining two wrangled pastures is no problem).
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.components.geometry import Coord
from solver.components.values import RuleNumbers
from solver.rules.settlement import Settlement


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
