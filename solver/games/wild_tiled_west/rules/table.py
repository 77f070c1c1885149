"""What a rule's effect may do to a game: the ``Table`` the engine hands to the hooks of the buildings
(``solver.games.wild_tiled_west.rules.buildings.registry``) and the wild sides (``solver.games.wild_tiled_west.rules.wild_sides``).

A hook reads the catalog and the player's state, changes the game only through the table (gain from the supply,
emit an event) or the player (score, tokens), and returns the agenda steps to run next (``Step``: ``{"step":
<decision or automatic step>, "seat": ..., ...}``).  The engine (``solver.games.wild_tiled_west.engine.game.Game``) is the table.
"""

from __future__ import annotations

from typing import Any, Protocol

from solver.games.wild_tiled_west.components.values import Catalog
from solver.games.wild_tiled_west.rules.player import PlayerState
from solver.games.wild_tiled_west.rules.trays import TrayState

Step = dict[str, Any]  #: an agenda step the engine runs next: ``{"step": <decision or automatic step>, "seat": ..., ...}``
Event = dict[str, Any]  #: an event of the game's log: ``{"type": ..., "seat": ..., ...}`` (the engine numbers it)


class Table(Protocol):
    """The game as a hook sees it (``solver.games.wild_tiled_west.engine.game.Game`` provides it)."""

    catalog: Catalog
    supply: dict[str, int]
    trays: TrayState

    def gain(self, player: PlayerState, item: str, count: int, why: str) -> int:
        """Move up to ``count`` of ``item`` (gold, bullets) from the supply to ``player``; returns how many."""
        ...

    def emit(self, event: Event) -> None:
        """Record an event of the game."""
        ...


def place_alleys(player: PlayerState, count: int, source: str) -> list[Step]:
    """``count`` ``place_alley`` decisions for ``player``, one alley each, placed at once from the supply (a bonus,
    a cattle contract, the General Store, the Wheelwright); ``source`` says which."""
    return [{"step": "place_alley", "seat": player.seat, "source": source} for _ in range(count)]
