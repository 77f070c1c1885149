"""Sheriffs and bandits: who is in a sheriff's sight, and shooting.

Source: rulebook, Sheriffs and bandits: sheriffs shoot bandits in the same row or column (not along
diagonals or around corners); they shoot across streets, fields and untiled spaces, and are not blocked
by aces, tombstones, cowpokes, pickaxes, horseshoes, bonuses or other bandits; they cannot shoot through
cows, hills, mines or buildings.  A sheriff may shoot a hill bandit in a direct line but not through
that hill or any other.  A shot bandit is covered with the bullet used: it is a tombstone, no longer
counted in a Tussle.  Bandits are those on placed tiles, those printed on the board (while uncovered:
docs/rulings.md R8) and hill bandits.
"""

from __future__ import annotations

from typing import cast

from solver.games.wild_tiled_west.components.geometry import STEPS, Coord
from solver.games.wild_tiled_west.components.values import SpaceKind
from solver.games.wild_tiled_west.rules.settlement import Settlement


def bandit_mask(settlement: Settlement) -> int:
    """Mask of every unshot bandit: on tiles, printed and uncovered, and hill bandits."""
    g = settlement.grid
    printed = g.mask(settlement.side.squares(SpaceKind.BANDIT)) & ~settlement.covered
    hill = g.mask(settlement.hill_bandits)
    return (settlement.tile_bandits | printed | hill) & ~g.mask(settlement.tombstones)


def active_sheriffs(settlement: Settlement) -> list[Coord]:
    """Sheriffs on placed tiles that are not tombstones (Hideout), reading order."""
    g = settlement.grid
    return g.squares(settlement.tile_sheriffs & ~g.mask(settlement.tombstones))


def blocker_mask(settlement: Settlement) -> int:
    """Squares a shot cannot pass: cows (printed or on tiles), hills, mines, building squares."""
    return settlement.printed_blockers | settlement.tile_cows | settlement.tile_buildings


def in_sight_of(settlement: Settlement, sheriff: Coord) -> list[Coord]:
    """The unshot bandits the sheriff on ``sheriff`` ``(row, col)`` can shoot, reading order."""
    return settlement.grid.squares(_sight(settlement, [sheriff]))


def targets_in_sight(settlement: Settlement) -> list[Coord]:
    """Every unshot bandit some active sheriff can shoot now, reading order."""
    return settlement.grid.squares(_sight(settlement, active_sheriffs(settlement)))


def _sight(settlement: Settlement, sheriffs: list[Coord]) -> int:
    g = settlement.grid
    bandits = bandit_mask(settlement)
    blockers = blocker_mask(settlement)
    found = 0
    for r, c in sheriffs:
        for dr, dc in STEPS:
            rr, cc = r + dr, c + dc
            while g.contains(rr, cc):
                bit = g.bit(rr, cc)
                if bit & bandits:
                    found |= bit  # a hill bandit can be shot, but its hill still blocks what is behind
                if bit & blockers:
                    break
                rr, cc = rr + dr, cc + dc
    return found


def all_bandits(settlement: Settlement) -> list[Coord]:
    """Every unshot bandit anywhere on the board (Sheriff's Office shoots "anywhere")."""
    return settlement.grid.squares(bandit_mask(settlement))


def shoot(settlement: Settlement, square: Coord) -> None:
    """Turn the bandit on ``square`` into a tombstone (the caller pays the bullet).

    Raises ``ValueError`` when no unshot bandit stands there."""
    if not settlement.grid.bit(*square) & bandit_mask(settlement):
        raise ValueError(f"no unshot bandit at {square}")
    settlement.tombstones.add(cast(Coord, tuple(square)))  # tuple(): a caller may pass a list
