"""A simple value of a position for a seat, points: its score as the game would end now plus what its unspent
banked resources are worth later (``BANKED``, a planning weight of ours, not a rule)."""

from __future__ import annotations

from typing import Any

from solver.games.rolled_west.rules import banking

#: Points a banked resource not yet spent is worth to the one-step bots (ours: about what a resource adds on average).
BANKED = 0.5


def value(state: Any, seat: int) -> float:
    """``seat``'s total now plus ``BANKED`` per banked resource it holds."""
    total = float(state.score_breakdown(seat)["total"])
    return total + BANKED * sum(banking.banked(state.sheets[seat]).values())
