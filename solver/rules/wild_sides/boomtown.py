"""Boomtown (our design, docs/rulings.md): towns have small signs, but every town completed scores the
scoreboard's completion bonus in Year 4 too (the Year 3 bonus: ``solver.rules.towns.town_points``)."""

from __future__ import annotations

from solver.rules.wild_sides.hooks import WildSideRule

KEY = "boomtown"

RULE = WildSideRule(KEY, town_year4_bonus=True)
