"""Rolling the resource dice.

rule text: "1. Roll All 4 Resource Dice" ... "Take all 4 resource dice and roll them within view of all players."
rule text (2 players): "roll 3 of the dice one extra time" (the ghost roll, ``banking.ghost_roll_due``).

Each roll draws from its own generator, seeded by the game's seed and the roll's place (round, whose turn or the
ghost roll), so the rolls do not depend on the moves played (ruling: "Dice are drawn per roll")."""

from __future__ import annotations

import random

from solver.games.rolled_west.components.values import Dice


def roll(rng: random.Random, dice: Dice, count: int) -> list[str]:
    """``count`` dice rolled: each a face of ``dice.face_list()`` (a resource), drawn from ``rng``."""
    faces = dice.face_list()
    return [rng.choice(faces) for _ in range(count)]


def roll_generator(seed: int | str, round_: int, seat: int | None) -> random.Random:
    """The generator of one roll: round ``round_`` (1-based), ``seat``'s turn or ``None`` for the ghost roll.  String
    seeding (``random.Random`` hashes it with SHA-512) gives the same dice on any machine."""
    who = "ghost" if seat is None else f"seat {seat}"
    return random.Random(f"rolled-west:{seed}:round {round_}:{who}")
