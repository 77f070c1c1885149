"""Wanted (our design, docs/rulings.md): bandits printed on this side carry a bounty: whenever one of them is shot,
gain 1 gold (``amounts.gold``)."""

from __future__ import annotations

from solver.games.wild_tiled_west.rules.player import PlayerState
from solver.games.wild_tiled_west.rules.table import Table
from solver.games.wild_tiled_west.rules.wild_sides.hooks import WildSideRule

KEY = "wanted"


def _bounty(table: Table, player: PlayerState) -> None:
    """The bounty of a printed bandit just shot."""
    table.gain(player, "gold", table.catalog.wild_side(KEY).amount("gold"), table.catalog.wild_side(KEY).name)


RULE = WildSideRule(KEY, printed_bandit_shot=_bounty)
