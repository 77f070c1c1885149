"""The hooks a wild side may give the engine (``WildSideRule``), and the setup step two sides share.

Source: rulebook, Wild sides.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from solver.games.wild_tiled_west.components.values import Catalog
from solver.games.wild_tiled_west.rules.player import PlayerState
from solver.games.wild_tiled_west.rules.table import Step, Table


@dataclass(frozen=True)
class WildSideRule:
    """One wild side's rule set, as hooks (``None``: the side changes nothing there).

    ``setup(table, player)``: steps at setup (a building taken from the trays); ``after_building(table, player)``:
    steps after the player places a building tile; ``after_surround(table, player)``: scoring when the surround
    checks run; ``printed_bandit_shot(table, player)``: after a bandit printed on the board is shot;
    ``town_year4_bonus``: towns completed in Year 4 still score the completion bonus; ``endgame``: the Endgame
    category it scores (``solver.games.wild_tiled_west.rules.endgame.ENDGAME``) and ``at_endgame(catalog, player)`` its points;
    ``placed_instead_of_draft(player)``: the square where a set-aside building may be placed instead of
    drafting, or ``None``."""

    key: str
    setup: Callable[[Table, PlayerState], list[Step]] | None = None
    after_building: Callable[[Table, PlayerState], list[Step]] | None = None
    after_surround: Callable[[Table, PlayerState], None] | None = None
    printed_bandit_shot: Callable[[Table, PlayerState], None] | None = None
    town_year4_bonus: bool = False
    endgame: str | None = None
    at_endgame: Callable[[Catalog, PlayerState], int] | None = None
    placed_instead_of_draft: Callable[[PlayerState], tuple[int, int] | None] | None = None


def set_aside_building(table: Table, player: PlayerState) -> str | None:
    """Take the side's building (``WildSide.building``) from the tile trays at setup (not from the tiles removed
    for the player count) with a ``building_set_aside`` event; returns the tile id, or ``None`` (with a
    ``no_building_in_trays`` event) when no stack holds one (rulebook: Wild sides / House in Danger, Signpost)."""
    building = table.catalog.wild_side(player.settlement.side.rule or "").building
    tile_id = next((t for stack in table.trays.stacks.values() for t in stack
                    if table.catalog.tile(t).building == building), None)
    if tile_id is None:
        table.emit({"type": "no_building_in_trays", "seat": player.seat, "building": building})
        return None
    table.trays.take_tile(tile_id)
    table.emit({"type": "building_set_aside", "seat": player.seat, "tile": tile_id, "building": building})
    return tile_id
