"""Wild Tiled West: its layers, lowest first, each importing only the ones below it (docs/architecture.md):
``components`` <- ``rules`` <- ``engine`` <- ``planning`` <- ``ai`` <- ``render`` <- ``cli``.

``ENTRY`` is what the registry knows of the game (``solver.games`` registers it)."""

from __future__ import annotations

from solver.core.registry import GameEntry
from solver.games.wild_tiled_west.components.catalog import player_counts

ENTRY = GameEntry(id="wild-tiled-west", title="Wild Tiled West", players=player_counts(),
                  rules="wild-tiled-west-rulebook-en.md", package=__name__,
                  reconstructed="The rulebook's pictures are lost: the 96 tiles, the 16 settlement board sides, the "
                                "tray's slot costs, the scoreboard's numbers and the wild sides' missing details are "
                                "reconstructed (docs/components.md); every value's source is in its data file.")
