"""Ace scoring at the Endgame.

Source: rulebook, Scoring points / Aces: matching sets (three aces of one suit: 6 points; four: 12) and
different-coloured sets (three different suits: 6; all four: 12); "Each ace can be used twice: once in a
matching set and once in a set of different colors."  Ace cards (Fancy Saloon, Pocket Aces) count like
aces on the board.  Each ace is used at most once in each kind of set, so the two kinds are scored
independently, each at its best.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from itertools import product

SET_POINTS = {3: 6, 4: 12}  #: points for a set of 3 and of 4, of either kind
SUITS = ("spades", "hearts", "clubs", "diamonds")


@cache
def matching_points(n: int) -> int:
    """The best points from ``n`` aces of one suit split into sets of 3 and 4."""
    best = 0
    for fours in range(n // 4 + 1):
        threes = (n - 4 * fours) // 3
        best = max(best, fours * SET_POINTS[4] + threes * SET_POINTS[3])
    return best


def _max_distinct_triples(counts: list[int]) -> int:
    """Most sets of three different suits from the counts (each ace once)."""
    k = 0
    while sum(min(c, k + 1) for c in counts) >= 3 * (k + 1):
        k += 1
    return k


def different_points(counts: list[int]) -> int:
    """The best points from sets of different suits (3 different: 6, all 4: 12)."""
    best = 0
    for fours in range(min(counts) + 1 if len(counts) == 4 else 1):
        rest = [c - fours for c in counts]
        best = max(best, fours * SET_POINTS[4] + _max_distinct_triples(rest) * SET_POINTS[3])
    return best


def ace_points(counts: Mapping[str, int]) -> int:
    """Endgame ace points for ``counts`` (suit -> number of aces, ace cards included)."""
    values = [counts.get(s, 0) for s in SUITS]
    return sum(matching_points(n) for n in values) + different_points(values)


def ace_points_brute_force(counts: Mapping[str, int]) -> int:
    """The same score by exhaustive search over every way to form different-suit sets (for tests)."""
    values = tuple(counts.get(s, 0) for s in SUITS)
    matching = sum(max(6 * a + 12 * b for a in range(n // 3 + 1) for b in range(n // 4 + 1) if 3 * a + 4 * b <= n)
                   for n in values)
    triples = [t for t in product((0, 1), repeat=4) if sum(t) == 3]

    @cache
    def best(rest: tuple[int, ...]) -> int:
        out = 0
        if all(rest):
            out = max(out, 12 + best(tuple(c - 1 for c in rest)))
        for t in triples:
            if all(c >= u for c, u in zip(rest, t)):
                out = max(out, 6 + best(tuple(c - u for c, u in zip(rest, t))))
        return out

    return matching + best(values)
