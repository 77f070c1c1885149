"""The core's information-set search (``solver.core.search``) over Rolled West's whole turns.

A complete option is everything a seat does at one decision before something is revealed: the active player's whole
turn (the terrain die, then its spends and bank, then ``end_turn``), or a between-turns bank (one move).  The turn's
actions may come in any order in play, but their order changes nothing (ruling "Move granularity"), so the options
list each turn once, its actions in the order of ``rules.turn.ACTIONS``, and a turn's option key is the set of its
moves.  The playout policy is one-step greedy move by move (``ai.value``), which is cheap."""

from __future__ import annotations

import json
import math
import time
from collections.abc import Hashable
from typing import Any

from solver.core.protocol import JSON, Game
from solver.core.search import GameSearch
from solver.games.rolled_west.ai.value import value
from solver.games.rolled_west.rules.turn import ACTIONS

#: Each move type's place in a whole-turn option (``end_turn`` last).
RANK = {"terrain": -1, **{a: i for i, a in enumerate(ACTIONS)}, "end_turn": len(ACTIONS)}


class RolledWestSearch(GameSearch):
    """``GameSearch`` on Rolled West's game object with whole-turn options (module docstring)."""

    def __init__(self, game: Game):
        super().__init__(game)

    def mark(self, state: Any) -> Hashable:
        """The rolls and revelations so far."""
        return (state.rolls, state.resolved)

    def continues(self, state: Any, seat: int, mark: Hashable) -> bool:
        """The seat's turn goes on (it is the active player, deciding) and nothing was revealed since ``mark``."""
        return (not state.finished and self.mark(state) == mark and state.active == seat
                and state.phase in ("terrain", "spend") and seat in state.pending_seats())

    def _sequences(self, state: Any, seat: int, mark: Hashable, deadline: float,
                   floor: int = -2) -> list[tuple[list[JSON], Any, list[str]]]:
        """Every whole-turn option, each turn's actions once in ``RANK`` order (``floor``: the last action's rank)."""
        out: list[tuple[list[JSON], Any, list[str]]] = []
        for move in state.legal_moves(seat):
            rank = RANK.get(move["type"], 0)
            if rank <= floor and move["type"] != "end_turn":
                continue
            if out and time.perf_counter() >= deadline:
                break
            after = self._copy(state)
            after.play(seat, move)
            label = self._label(state, seat, move)
            rest = (self._sequences(after, seat, mark, deadline, rank)
                    if not after.finished and self.continues(after, seat, mark) else [])
            # cut short by the deadline, an option holds its first moves only (the playouts complete it)
            out += [([move, *more], end, [label, *labels]) for more, end, labels in rest] or [([move], after, [label])]
        return out

    def _copy(self, state: Any) -> Any:
        """``RolledWest.clone`` (cheaper than a JSON round trip)."""
        return state.clone()

    def option_key(self, state: Any, moves: list[JSON]) -> Hashable:
        """The set of the option's moves (their order changes nothing)."""
        return tuple(sorted(json.dumps(m, sort_keys=True) for m in moves))

    def value(self, state: Any, seat: int) -> float:
        """``ai.value.value``."""
        return value(state, seat)

    def policy(self, state: Any, seat: int, budget_ms: float, memory: dict[Any, Any]) -> list[JSON] | None:
        """One-step greedy, move by move, until the seat's decision is complete."""
        deadline = math.inf if budget_ms >= 1e11 else time.perf_counter() + budget_ms / 1000.0
        copy, mark, moves = self._copy(state), self.mark(state), []
        while True:
            if time.perf_counter() >= deadline:
                return None
            best, best_value = None, -math.inf
            for move in copy.legal_moves(seat):
                after = self._copy(copy)
                after.play(seat, move)
                worth = value(after, seat)
                if worth > best_value:
                    best, best_value = move, worth
            assert best is not None
            copy.play(seat, best)
            moves.append(best)
            if copy.finished or not self.continues(copy, seat, mark):
                return moves
