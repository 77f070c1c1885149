"""Ace scoring at the Endgame.

Source: rulebook, Scoring points / Aces: matching sets (three aces of one suit: 6 points; four: 12) and
different-coloured sets (three different suits: 6; all four: 12; the points are read from the catalog,
``rules.toml``); "Each ace can be used twice: once in a
matching set and once in a set of different colors."  Ace cards (Fancy Saloon, Pocket Aces) count like
aces on the board.  Each ace is used at most once in each kind of set, so the two kinds are scored
independently, each at its best.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cache
from itertools import product

from solver.games.wild_tiled_west.components.values import Icon
from solver.games.wild_tiled_west.rules.player import PlayerState

SUITS = ("spades", "hearts", "clubs", "diamonds")


@cache
def matching_points(n: int, three: int, four: int) -> int:
    """The best points from ``n`` aces of one suit split into sets of 3 (``three`` points each) and 4 (``four``)."""
    best = 0
    for fours in range(n // 4 + 1):
        threes = (n - 4 * fours) // 3
        best = max(best, fours * four + threes * three)
    return best


def _max_distinct_triples(counts: list[int]) -> int:
    """Most sets of three different suits from the counts (each ace once)."""
    k = 0
    while sum(min(c, k + 1) for c in counts) >= 3 * (k + 1):
        k += 1
    return k


def different_points(counts: list[int], three: int, four: int) -> int:
    """The best points from sets of different suits (3 different: ``three`` points, all 4: ``four``)."""
    best = 0
    for fours in range(min(counts) + 1 if len(counts) == 4 else 1):
        rest = [c - fours for c in counts]
        best = max(best, fours * four + _max_distinct_triples(rest) * three)
    return best


def ace_points(counts: Mapping[str, int], set_points: Mapping[int, int]) -> int:
    """Endgame ace points for ``counts`` (suit -> number of aces, ace cards included); ``set_points`` maps a
    set's size (3, 4) to its points (``Catalog.rule_numbers.ace_set_points``)."""
    values = [counts.get(s, 0) for s in SUITS]
    three, four = set_points[3], set_points[4]
    return sum(matching_points(n, three, four) for n in values) + different_points(values, three, four)


def ace_points_brute_force(counts: Mapping[str, int], set_points: Mapping[int, int]) -> int:
    """The same score by exhaustive search over every way to form different-suit sets (for tests)."""
    values = tuple(counts.get(s, 0) for s in SUITS)
    three, four = set_points[3], set_points[4]
    matching = sum(max(three * a + four * b for a in range(n // 3 + 1) for b in range(n // 4 + 1) if 3 * a + 4 * b <= n)
                   for n in values)
    triples = [t for t in product((0, 1), repeat=4) if sum(t) == 3]

    @cache
    def best(rest: tuple[int, ...]) -> int:
        out = 0
        if all(rest):
            out = max(out, four + best(tuple(c - 1 for c in rest)))
        for t in triples:
            if all(c >= u for c, u in zip(rest, t)):
                out = max(out, three + best(tuple(c - u for c, u in zip(rest, t))))
        return out

    return matching + best(values)


def ace_counts(player: PlayerState) -> dict[str, int]:
    """Aces by suit: on placed tiles plus ace cards."""
    counts: Counter[str] = Counter(player.ace_cards)
    for placed in player.settlement.tiles:
        for _, cell in placed.squares:
            if cell.icon is Icon.ACE:
                assert cell.suit is not None  # an ace square has a suit (the tile legend)
                counts[cell.suit.value] += 1
    return dict(counts)
