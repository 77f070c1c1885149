"""Signpost (rulebook: Wild sides / Signpost; the role of signposts 1 and 2 reconstructed, docs/rulings.md): at
setup, set aside the side's building from the tile trays; once tiles cover signposts 1 and 2, on a later turn the
player may place it instead of drafting (the ``signpost`` move): it only needs to cover signpost 3.  The signposts'
numbers are the board's (its data): the last one is the building's, every earlier one must be covered first."""

from __future__ import annotations

from typing import cast

from solver.games.wild_tiled_west.components.values import SpaceKind
from solver.games.wild_tiled_west.rules.player import PlayerState
from solver.games.wild_tiled_west.rules.table import Step, Table
from solver.games.wild_tiled_west.rules.wild_sides.hooks import WildSideRule, set_aside_building

KEY = "signpost"


def _setup(table: Table, player: PlayerState) -> list[Step]:
    """Set the building aside (``PlayerState.set_aside``) until it may be placed."""
    tile_id = set_aside_building(table, player)
    if tile_id is not None:
        player.set_aside = tile_id
    return []


def signpost_site(player: PlayerState) -> tuple[int, int] | None:
    """The last signpost's square ``(row, col)`` (signpost 3) when the set-aside building may be placed now (every
    earlier signpost, 1 and 2, covered), else ``None``."""
    side = player.settlement.side
    if not player.set_aside:
        return None
    posts = {cast(int, side.space(r, c).number): (r, c) for r, c in side.squares(SpaceKind.SIGNPOST)}  # numbered
    *earlier, last = sorted(posts)
    if all(player.settlement.cover[r][c] >= 0 for r, c in (posts[n] for n in earlier)):
        return posts[last]
    return None


RULE = WildSideRule(KEY, setup=_setup, placed_instead_of_draft=signpost_site)
