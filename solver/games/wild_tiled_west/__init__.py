"""Wild Tiled West: its layers, lowest first, each importing only the ones below it (docs/architecture.md):
``components`` <- ``rules`` <- ``engine`` <- ``planning`` <- ``ai`` <- ``render`` <- ``cli``.

``ENTRY`` is what the registry knows of the game (``solver.games`` registers it)."""

from __future__ import annotations

from solver.core.registry import GameEntry

ENTRY = GameEntry(id="wild-tiled-west", title="Wild Tiled West", players=range(1, 6),
                  rules="wild-tiled-west-rulebook-en.md", package=__name__)
