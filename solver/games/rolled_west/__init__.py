"""Rolled West (Daniel Newman; Tasty Minstrel Games, 2019): a roll-and-write game of claims, contracts, shipments,
Boomtown offices and banking, for 2-4 players over 6 rounds (issue 38).  Its layers, lowest first, each importing
only the ones below it (docs/architecture.md): ``components`` <- ``rules`` <- ``engine`` <- ``ai`` <- ``protocol``.

``ENTRY`` is what the registry knows of the game (``solver.games`` registers it).  Its rulings:
docs/rolled-west-rulings.md."""

from __future__ import annotations

from solver.core.registry import GameEntry
from solver.games.rolled_west.components.catalog import player_counts

ENTRY = GameEntry(id="rolled-west", title="Rolled West", players=player_counts(), rules="rolled-west-rules-en.txt",
                  package=__name__,
                  reconstructed="Nothing of the score sheet is reconstructed: every number is the printed sheet as Board "
                                "Game Arena's implementation publishes it; a solo or daily mode is the project's own.")
