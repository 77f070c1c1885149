"""Dry Creek (our design, docs/rulings.md): only an alley may cover a creek space, and creek spaces carry no
connection until bridged.  Both are placement rules of the printed creek spaces (``solver.games.wild_tiled_west.rules.placement``,
``solver.games.wild_tiled_west.rules.settlement``): the side needs no hook of its own."""

from __future__ import annotations

from solver.games.wild_tiled_west.rules.wild_sides.hooks import WildSideRule

KEY = "dry_creek"

RULE = WildSideRule(KEY)
