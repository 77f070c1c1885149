"""Boomtown (our design, docs/rulings.md): towns have small signs, but every town completed scores the
scoreboard's completion bonus in Year 4 too (the Year 3 bonus: ``solver.games.wild_tiled_west.rules.towns.town_points``)."""

from __future__ import annotations

from solver.games.wild_tiled_west.rules.wild_sides.hooks import WildSideRule

KEY = "boomtown"

RULE = WildSideRule(KEY, town_year4_bonus=True)
