"""The mining track: income each year, pickaxes moving the marker up, the partner at the 4th space.

Source: rulebook, Mining income ("earn gold ... equal to the value next to the marker"; Year 4: take
income, or 1 gold and 2 pickaxes), Scoring points / Mining ("for each pickaxe, move up one space")
and Partners (the 4th space grants a second partner).
"""

from __future__ import annotations

from solver.games.wild_tiled_west.components.values import Catalog
from solver.games.wild_tiled_west.rules.player import PlayerState
from solver.games.wild_tiled_west.rules.table import Event


def income(catalog: Catalog, player: PlayerState) -> int:
    """The gold the player's mining marker pays this year."""
    return catalog.mining_track[player.mining].income


def partner_space(catalog: Catalog) -> int:
    """Index of the space with the hat (the 4th from the bottom)."""
    return next(i for i, s in enumerate(catalog.mining_track) if s.partner)


def add_pickaxes(catalog: Catalog, player: PlayerState, count: int) -> tuple[list[Event], bool]:
    """Move the marker up ``count`` spaces (not past the top: docs/rulings.md R15).

    Returns the events and whether the player reached the partner space for the first time (the
    caller then offers the second partner)."""
    top = len(catalog.mining_track) - 1
    before = player.mining
    player.mining = min(top, player.mining + count)
    events = [{"type": "pickaxe", "seat": player.seat, "count": count, "from": before, "to": player.mining}]
    hat = partner_space(catalog)
    grants = before < hat <= player.mining and not player.second_partner
    if grants:
        player.second_partner = True
    return events, grants
