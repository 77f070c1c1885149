"""Completing a town.

Source: rulebook, Scoring points / Completing a town: "To complete a town, every square of it must be
covered by tiles. Whenever you complete a town, score the points shown on the town's sign ... In Years
1-3, you also score a completion bonus, shown on the scoreboard."
"""

from __future__ import annotations

from solver.games.wild_tiled_west.components.values import Town
from solver.games.wild_tiled_west.rules.settlement import Settlement


def completed_towns(settlement: Settlement) -> list[Town]:
    """Every town of the side whose squares are all covered, in the side's order."""
    return [t for t in settlement.side.towns if all(settlement.cover[r][c] >= 0 for r, c in t.squares)]


def town_points(town: Town, year: int, town_bonus: tuple[int, ...], year4_bonus: bool = False) -> tuple[int, int]:
    """``(sign points, completion bonus)`` for completing ``town`` in ``year``; Years 1-3 use the
    scoreboard's ``town_bonus``; Year 4 pays none (Boomtown: the Year 3 bonus, ``year4_bonus``)."""
    if year <= len(town_bonus):
        return town.points, town_bonus[year - 1]
    return town.points, town_bonus[-1] if year4_bonus else 0
