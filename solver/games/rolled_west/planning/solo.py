"""A solo daily puzzle's game as the planners see it: the components (possibly cut to fewer rounds), the rolls, the
engine's game made of them, its whole turns, and the plans (every move of the game, in order) played through the
engine.

Our design (docs/puzzles.md, "Rolled West"), on the solo mode of ``rules.solo``.  A plan's turns are listed with their
actions in one order, that of ``rules.turn.ACTIONS`` (claim, contract, office, ship, bank), after the terrain and
before ``end_turn``: the order of a turn's actions changes nothing (ruling "Move granularity"; banking before
spending the same resource is banking nothing: ``docs/puzzles.md``), so every outcome of a turn is some whole turn
in that order."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from solver.core.protocol import JSON
from solver.games.rolled_west.components.values import Components
from solver.games.rolled_west.engine.game import RolledWest
from solver.games.rolled_west.rules import banking
from solver.games.rolled_west.rules.rolling import GivenRolls
from solver.games.rolled_west.rules.turn import ACTIONS

#: Each move type's place in a whole turn (``end_turn`` last).
RANK = {"terrain": -1, **{a: i for i, a in enumerate(ACTIONS)}, "end_turn": len(ACTIONS)}
#: The only seat of the solo game.
SEAT = 0


@dataclass(frozen=True)
class SoloPuzzle:
    """The solo game of ``components`` (its number of rounds: the puzzle's) with the rolls ``turns`` (one roll of the
    dice per round) and ``ghosts`` (one ghost roll after each round but the last)."""

    components: Components
    turns: tuple[tuple[str, ...], ...]
    ghosts: tuple[tuple[str, ...], ...]

    @classmethod
    def of(cls, components: Components, turns: Sequence[Sequence[str]], ghosts: Sequence[Sequence[str]]) -> SoloPuzzle:
        """The puzzle of these rolls; ``ValueError`` when they do not fit ``components``' rounds and dice."""
        puzzle = cls(components, tuple(tuple(t) for t in turns), tuple(tuple(g) for g in ghosts))
        puzzle.game()  # checks the rolls (ConfigError, a ValueError)
        if len(puzzle.turns) != puzzle.rounds or len(puzzle.ghosts) != puzzle.rounds - 1:
            raise ValueError(f"{puzzle.rounds} rolls and {puzzle.rounds - 1} ghost rolls expected, got "
                             f"{len(puzzle.turns)} and {len(puzzle.ghosts)}")
        return puzzle

    @property
    def rounds(self) -> int:
        """The puzzle's rounds (its components')."""
        return self.components.numbers.rounds

    def given(self) -> GivenRolls:
        """The rolls as the engine takes them."""
        return GivenRolls.solo(self.turns, self.ghosts)

    def game(self) -> RolledWest:
        """A new solo game of these rolls (``RolledWest.solo``)."""
        return RolledWest.solo(self.components, self.given())

    def cut(self, rounds: int) -> SoloPuzzle:
        """The puzzle of the first ``rounds`` rounds only (the components' rounds changed, the rolls cut): a smaller
        game for the exhaustive search (the oracle)."""
        if not 1 <= rounds <= self.rounds:
            raise ValueError(f"a puzzle of {self.rounds} rounds is cut to 1 to {self.rounds} rounds, not {rounds}")
        numbers = dataclasses.replace(self.components.numbers, rounds=rounds)
        return SoloPuzzle(dataclasses.replace(self.components, numbers=numbers), self.turns[:rounds],
                          self.ghosts[:rounds - 1])

    def replay(self, moves: Sequence[JSON]) -> RolledWest:
        """The game after ``moves`` (the solo seat's, in order), each played by the engine (``IllegalMove`` for one
        it refuses)."""
        state = self.game()
        for move in moves:
            state.play(SEAT, move)
        return state


def whole_turns(state: RolledWest) -> Iterator[tuple[list[JSON], RolledWest]]:
    """Every whole turn of the solo player from ``state`` (at its terrain decision): ``(moves, the state after them)``,
    the moves the terrain, the actions in ``RANK`` order, each once at most, and ``end_turn`` (the state after it waits
    for the ghost roll's bank, or is the next round's or the end).  Each turn once; ``state`` is not changed."""
    yield from _continue(state, [], -2)


def _continue(state: RolledWest, done: list[JSON], floor: int) -> Iterator[tuple[list[JSON], RolledWest]]:
    for move in state.legal_moves(SEAT):
        rank = RANK[move["type"]]
        if rank <= floor:
            continue
        after = state.clone()
        after.play(SEAT, move)
        if move["type"] == "end_turn":
            yield [*done, move], after
        else:
            yield from _continue(after, [*done, move], rank)


def ghost_banks(state: RolledWest) -> list[JSON]:
    """The solo player's choices at a ghost roll: each resource it shows, then ``pass`` (``[]`` when there is no such
    decision now)."""
    decision = state.decision(SEAT)
    return state.legal_moves(SEAT) if decision is not None and decision["type"] == "bank_between" else []


def round_key(state: RolledWest) -> tuple[Any, ...]:
    """What the rest of a solo game depends on, at the start of a turn: the round, the sheet's scoring marks (claims,
    shipping, contracts, offices) and the banked resources not yet spent."""
    sheet = state.sheets[SEAT]
    return (state.round, state.finished, tuple(tuple(m) for m in sheet.claims.values()),
            tuple(tuple(p) for p in sheet.shipping.values()), tuple(sorted(sheet.contracts)), tuple(sorted(sheet.offices)),
            tuple(banking.banked(sheet).values()))


def total(state: RolledWest) -> int:
    """The solo player's score as the game stands (``rules.scoring.breakdown``'s total)."""
    return int(state.score_breakdown(SEAT)["total"])
