"""Pocket Aces (rulebook: Wild sides / Pocket Aces): covering the ace card bonus space gives an ace card (the
engine's ``ace_card`` decision, from the printed space); at the Endgame each pocket ace with a tile in an
adjacent space scores 3 points (``amounts.points_per_ace``) per ace of its suit, ace cards included."""

from __future__ import annotations

from solver.games.wild_tiled_west.components.values import Catalog, SpaceKind
from solver.games.wild_tiled_west.rules.aces import ace_counts
from solver.games.wild_tiled_west.rules.player import PlayerState
from solver.games.wild_tiled_west.rules.wild_sides.hooks import WildSideRule

KEY = "pocket_aces"


def pocket_ace_points(catalog: Catalog, player: PlayerState) -> int:
    """The pocket aces' Endgame points (see the module docstring)."""
    per_ace = catalog.wild_side(KEY).amount("points_per_ace")
    s = player.settlement
    counts = ace_counts(player)
    total = 0
    for r, c in s.side.squares(SpaceKind.POCKET_ACE):
        if s.grid.neighbours(s.grid.bit(r, c)) & s.covered:
            suit = s.side.space(r, c).suit
            assert suit is not None  # a pocket ace space has a suit (the board legend)
            total += per_ace * counts.get(suit.value, 0)
    return total


RULE = WildSideRule(KEY, endgame="pocket_aces", at_endgame=pocket_ace_points)
