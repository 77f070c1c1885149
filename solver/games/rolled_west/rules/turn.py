"""A turn's steps and its once-per-turn limits.

rule text: "On your turn, do the following, in order: 1. Roll All 4 Resource Dice 2. Choose 1 die to represent the
terrain for the turn 3. Spend or bank resources 4. Pass the dice to the next player"; "You may make up to 1 claim per
turn, and buy up to 1 Boomtown office and up to 1 contract per turn, and ship as many metals as you want per turn";
N_("Once per turn, you may ship any number of metals"); "Once on your turn, instead of spending it, you may bank one of
your resources".  ruling: "Move granularity" (each action a move, any order, each once)."""

from __future__ import annotations

from solver.core.protocol import IllegalMove
from solver.games.rolled_west.components.texts import N_, _

#: The actions of step 3, each at most once per turn, in the order a whole-turn option lists them.
ACTIONS = ("claim", "contract", "office", "ship", "bank")
#: Rule codes and the rule text's sentence of each limit.
LIMITS = {
    "claim": N_("You may make up to 1 claim per turn"),
    "contract": N_("Once per turn, you may spend the indicated metals (all at once) for one of the remaining contracts"),
    "office": N_("Once per turn, you may spend two metals to purchase one of the remaining Boomtown offices"),
    "ship": "Once per turn, you may ship any number of metals",
    "bank": N_("Once on your turn, instead of spending it, you may bank one of your resources"),
}


def check_once(done: list[str], action: str) -> None:
    """Raises ``IllegalMove("once_per_turn")`` when ``action`` is in ``done`` (the actions taken this turn)."""
    if action in done:
        raise IllegalMove("once_per_turn", _("{limit}: already done this turn").format(limit=_(LIMITS[action])))


def next_seat(seat: int, players: int) -> int:
    """rule text: "When you have finished your turn, pass the dice clockwise to the next player" (seats go clockwise)."""
    return (seat + 1) % players
