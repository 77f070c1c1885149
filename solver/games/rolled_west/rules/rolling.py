"""Rolling the resource dice.

rule text: "1. Roll All 4 Resource Dice" ... "Take all 4 resource dice and roll them within view of all players."
rule text (2 players): "roll 3 of the dice one extra time" (the ghost roll, ``banking.ghost_roll_due``).

Each roll draws from its own generator, seeded by the game's seed and the roll's place (round, whose turn or the
ghost roll), so the rolls do not depend on the moves played (ruling: "Dice are drawn per roll").  A game may instead
be given its rolls in advance (``GivenRolls``: the solo daily puzzle, ruling "Solo daily puzzle (our own mode)")."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from solver.games.rolled_west.components.values import RESOURCES, Dice


def roll(rng: random.Random, dice: Dice, count: int) -> list[str]:
    """``count`` dice rolled: each a face of ``dice.face_list()`` (a resource), drawn from ``rng``."""
    faces = dice.face_list()
    return [rng.choice(faces) for _ in range(count)]


def roll_generator(seed: int | str, round_: int, seat: int | None) -> random.Random:
    """The generator of one roll: round ``round_`` (1-based), ``seat``'s turn or ``None`` for the ghost roll.  String
    seeding (``random.Random`` hashes it with SHA-512) gives the same dice on any machine."""
    who = "ghost" if seat is None else f"seat {seat}"
    return random.Random(f"rolled-west:{seed}:round {round_}:{who}")


@dataclass(frozen=True)
class GivenRolls:
    """Rolls given in advance, which a game draws from instead of its seeded generators: ``turns[r][s]`` the dice of
    seat ``s``'s turn of round ``r + 1``, ``ghosts[r]`` the ghost roll after round ``r + 1`` (one per round that has
    a ghost roll, from round 1 on).  Each die is a resource (``RESOURCES``)."""

    turns: tuple[tuple[tuple[str, ...], ...], ...]
    ghosts: tuple[tuple[str, ...], ...] = ()

    @classmethod
    def solo(cls, turns: Sequence[Sequence[str]], ghosts: Sequence[Sequence[str]]) -> GivenRolls:
        """One player's rolls: ``turns[r]`` its dice of round ``r + 1``, ``ghosts[r]`` the ghost roll after it."""
        return cls(tuple((tuple(t),) for t in turns), tuple(tuple(g) for g in ghosts))

    def turn(self, round_: int, seat: int) -> list[str]:
        """The dice of ``seat``'s turn of round ``round_`` (1-based)."""
        return list(self.turns[round_ - 1][seat])

    def ghost(self, round_: int) -> list[str]:
        """The ghost roll after round ``round_`` (1-based)."""
        return list(self.ghosts[round_ - 1])

    def problems(self, dice: Dice, players: int, rounds: int, ghost_rounds: int) -> list[str]:
        """What keeps these rolls from serving a game of ``players`` over ``rounds`` rounds with ``ghost_rounds``
        ghost rolls (``[]``: nothing): a roll missing or of the wrong number of dice, a die that is no resource."""
        found: list[str] = []
        if len(self.turns) < rounds or any(len(by_seat) < players for by_seat in self.turns[:rounds]):
            found.append(f"a roll of {dice.count} dice for each of {players} seat(s) in each of {rounds} rounds is needed")
        if len(self.ghosts) < ghost_rounds:
            found.append(f"{ghost_rounds} ghost roll(s) are needed, {len(self.ghosts)} given")
        rolls = [r for by_seat in self.turns for r in by_seat]
        if any(len(r) != dice.count for r in rolls) or any(len(g) != dice.ghost_dice for g in self.ghosts):
            found.append(f"a turn rolls {dice.count} dice and a ghost roll {dice.ghost_dice}")
        if any(d not in RESOURCES for r in (*rolls, *self.ghosts) for d in r):
            found.append(f"every die shows one of {', '.join(RESOURCES)}")
        return found

    def to_json(self) -> dict[str, Any]:
        """``{"turns": [[[dice] per seat] per round], "ghosts": [[dice] per round]}`` (``from_json`` reads it)."""
        return {"turns": [[list(r) for r in by_seat] for by_seat in self.turns], "ghosts": [list(g) for g in self.ghosts]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GivenRolls:
        """The rolls ``to_json`` wrote."""
        return cls(tuple(tuple(tuple(r) for r in by_seat) for by_seat in data["turns"]),
                   tuple(tuple(g) for g in data["ghosts"]))
