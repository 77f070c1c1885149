"""The solo daily puzzle: one player, every roll given in advance (our own mode: the rule text has no solo;
docs/rolled-west-rulings.md, "Solo daily puzzle (our own mode)").

The solo game is the game of the rule text with a single sheet, and the rest follows from the rules as they are
written for any number of players (each a ruling of that page): the player's claims in a terrain win its 1st majority
bonus (``majority.places`` with one sheet), the higher number of every two-number shipping box is the player's
(nobody ships before it: ``shipments.higher_taken``), no contract or office is ever crossed off by an opponent (each
is still circled once), and no neighbour banks (``banking.neighbours`` of one seat is nobody).  What the solo mode adds
is the ghost roll of 3 dice after each of rounds 1-5, as in the 2-player game (``banking.ghost_roll_due``): the only
bank between turns, into the next round's dark box."""

from __future__ import annotations

#: The solo mode's player count.
PLAYERS = 1


def is_solo(players: int) -> bool:
    """Whether a game of ``players`` is the solo mode."""
    return players == PLAYERS
