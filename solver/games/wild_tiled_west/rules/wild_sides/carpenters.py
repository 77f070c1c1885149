"""Carpenters (rulebook: Wild sides / Carpenters; the rest reconstructed, docs/rulings.md): whenever you place a
building tile, after paying its cost you may stash 1 gold on it (``amounts.stash_gold``); at the Endgame each
stashed gold scores 2 points (``amounts.points_per_gold``).  Stashed gold is not unused gold."""

from __future__ import annotations

from solver.games.wild_tiled_west.components.values import Catalog
from solver.games.wild_tiled_west.rules.moves import Stash
from solver.games.wild_tiled_west.rules.player import PlayerState
from solver.games.wild_tiled_west.rules.table import Step, Table
from solver.games.wild_tiled_west.rules.wild_sides.hooks import WildSideRule

KEY = "carpenters"


def stash_gold(catalog: Catalog) -> int:
    """The gold a stash takes (``amounts.stash_gold``)."""
    return catalog.wild_side(KEY).amount("stash_gold")


def _after_building(table: Table, player: PlayerState) -> list[Step]:
    """The offer to stash gold on the building just placed (the ``stash`` decision), if the player can pay it."""
    return [{"step": "stash", "seat": player.seat}] if player.gold >= stash_gold(table.catalog) else []


def stash_options(catalog: Catalog, player: PlayerState) -> list[Stash]:
    """The ``stash`` decision's moves: stash the gold, or not (none when the player cannot pay it)."""
    gold = stash_gold(catalog)
    if player.gold < gold:
        return []
    return [{"type": "stash", "gold": gold}, {"type": "stash", "gold": 0}]


def stash(table: Table, player: PlayerState, gold: int) -> None:
    """Stash ``gold`` (0: decline) on the building just placed (its cost was paid first), with a ``stash`` event."""
    if gold:
        player.gold -= gold
        player.stashed_gold += gold
        table.emit({"type": "stash", "seat": player.seat, "gold": gold})


def stash_points(catalog: Catalog, player: PlayerState) -> int:
    """The Endgame points of the player's stashed gold."""
    return catalog.wild_side(KEY).amount("points_per_gold") * player.stashed_gold


RULE = WildSideRule(KEY, after_building=_after_building, endgame="carpenters", at_endgame=stash_points)
