"""House in Danger (rulebook: Wild sides / House in Danger): at setup, take the side's building from the tile
trays and place it covering the house site; the board has no X, so the first tile must connect to it (the
building itself is placed by the ``house_site`` decision, rooted on the site)."""

from __future__ import annotations

from solver.games.wild_tiled_west.components.values import SpaceKind
from solver.games.wild_tiled_west.rules.player import PlayerState
from solver.games.wild_tiled_west.rules.table import Step, Table
from solver.games.wild_tiled_west.rules.wild_sides.hooks import WildSideRule, set_aside_building

KEY = "house_in_danger"


def _setup(table: Table, player: PlayerState) -> list[Step]:
    """The building from the trays, to be placed on the house site (the ``house_site`` decision)."""
    tile_id = set_aside_building(table, player)
    if tile_id is None:
        return []
    site = player.settlement.side.squares(SpaceKind.HOUSE_SITE)[0]
    return [{"step": "house_site", "seat": player.seat, "tile": tile_id, "source": "house", "rooted_on": list(site)}]


RULE = WildSideRule(KEY, setup=_setup)
