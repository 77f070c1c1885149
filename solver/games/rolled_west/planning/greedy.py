"""The greedy player of a solo puzzle: the measure of how much a puzzle hides (its grade: the points the greedy player
misses, docs/puzzles.md, "Rolled West").

Our design, deterministic: each turn it plays the whole turn (``planning.solo.whole_turns``) after which its score is
highest, then, among those, the one that keeps the most resources banked (the first such in ``whole_turns``' order);
at a ghost roll it banks the die whose resource has the fewest faces on a die (the scarcest: data/dice.toml), the
first in the order of ``components.values.RESOURCES`` on a tie.  It never looks further than the turn."""

from __future__ import annotations

from solver.core.protocol import JSON
from solver.games.rolled_west.planning.solo import SEAT, SoloPuzzle, ghost_banks, total, whole_turns
from solver.games.rolled_west.rules import banking


def greedy_play(puzzle: SoloPuzzle) -> tuple[int, list[JSON]]:
    """The greedy player's score on ``puzzle`` and its moves (every move of the game, in order)."""
    state = puzzle.game()
    faces = dict(puzzle.components.dice.faces)
    moves: list[JSON] = []
    while not state.finished:
        best = None
        for turn, after in whole_turns(state):
            worth = (total(after), sum(banking.banked(after.sheets[SEAT]).values()))
            if best is None or worth > best[0]:
                best = (worth, turn, after)
        assert best is not None  # a turn may always be ended
        _worth, turn, state = best
        moves += turn
        choices = ghost_banks(state)
        if choices:
            banks = [m for m in choices if m["type"] == "bank_between"]
            move = min(banks, key=lambda m: faces[m["resource"]]) if banks else choices[-1]
            state.play(SEAT, move)
            moves.append(move)
    return total(state), moves
