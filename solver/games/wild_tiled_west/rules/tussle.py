"""The Tussle at the end of each year (2-5 players).

Source: rulebook, Tussle: the player (or players) with the most bandits lose the year's points; the
player (or players) with the fewest gain them and place a hill bandit (unless it is Year 4); if ALL
players tie, no one loses: everyone wins, gaining points and a hill bandit.  Solo tussles against
Bandit Ridge are in ``solver.games.wild_tiled_west.rules.solo``.
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.games.wild_tiled_west.rules.settlement import Settlement
from solver.games.wild_tiled_west.rules.sheriffs_and_bandits import bandit_mask

WIN, LOSE, EVEN = "win", "lose", "even"


@dataclass(frozen=True)
class TussleResult:
    """One seat's outcome: ``outcome`` win/lose/even, ``points`` gained (negative when lost) and
    whether it places a hill bandit."""

    seat: int
    bandits: int
    outcome: str
    points: int
    hill_bandit: bool


def resolve_tussle(bandits: list[int], points: int, year: int) -> list[TussleResult]:
    """Outcomes for seats ``0..n-1`` with ``bandits[seat]`` unshot bandits, the year's tussle
    ``points`` (scoreboard) and ``year`` (1-4).  Raises ``ValueError`` for fewer than 2 players."""
    if len(bandits) < 2:
        raise ValueError("a tussle between players needs 2 or more players (solo: solver.games.wild_tiled_west.rules.solo)")
    most, fewest = max(bandits), min(bandits)
    hill = year < 4
    out = []
    for seat, n in enumerate(bandits):
        if most == fewest or n == fewest:
            out.append(TussleResult(seat, n, WIN, points, hill))
        elif n == most:
            out.append(TussleResult(seat, n, LOSE, -points, False))
        else:
            out.append(TussleResult(seat, n, EVEN, 0, False))
    return out


def count_bandits(settlement: Settlement) -> int:
    """Unshot bandits on a settlement board, as the Tussle counts them (rulebook: Tussle): bandits
    on placed tiles, bandits printed on spaces no tile covers (docs/rulings.md R8) and hill bandits,
    less those turned into tombstones — the squares of ``solver.games.wild_tiled_west.rules.sheriffs_and_bandits.bandit_mask``."""
    return bandit_mask(settlement).bit_count()
