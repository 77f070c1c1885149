"""The core's information-set search (``solver.core.search``) over Rolled West's whole turns.

A complete option is everything a seat does at one decision before something is revealed: the active player's whole
turn (the terrain die, then its spends and bank, then ``end_turn``), or a between-turns bank (one move).  The turn's
actions may come in any order in play, but their order changes nothing (ruling "Move granularity"), so the options
list each turn once, its actions in the order of ``rules.turn.ACTIONS``, and a turn's option key is the set of its
moves.  Each option's one-step gain (the prior, and the hint bot's ranking) is by ``worth`` (``ai.value.lead``); the
playout policy is ``ai.rollout.policy_move`` move by move on ``worth``; a leaf is valued by a **rollout**: the game
played on by that policy for every seat on the simulation's determinization, ``worth`` where it stops (with ``lead``,
at the end of the game, the seat's final margin: races for contracts, offices and first shipments, majorities and
office bonuses are all counted where they end).  The game's search (``RolledWestGame.search_game``) stops a rollout
``ROLLOUT_ROUNDS`` rounds past the leaf's and weighs only the root's ``KEEP`` options best by one-step gain: more
simulations on fewer options.  A simulation's root is valued one step (``worth``): that value is the same for every
option on one determinization and cancels in the paired differences the search compares options by.  Source: our
design (docs/hints.md, "Rolled West")."""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Hashable
from typing import Any

from solver.core.protocol import JSON, Game
from solver.core.search import CACHE_LIMIT, NO_BUDGET, GameSearch
from solver.games.rolled_west.ai.rollout import play_out, policy_move
from solver.games.rolled_west.ai.value import lead
from solver.games.rolled_west.engine.labels import label
from solver.games.rolled_west.rules.turn import ACTIONS

#: The search at its budget (``RolledWestGame.search_game``: the search bot, the hints, the move review) weighs the root's
#: KEEP options best by one-step gain, and a leaf's rollout stops once ROLLOUT_ROUNDS rounds after the leaf's are over
#: (valued there by ``lead``): more simulations on fewer options (docs/hints.md, "Rolled West").
KEEP = 3
ROLLOUT_ROUNDS = 2
#: Each move type's place in a whole-turn option (``end_turn`` last).
RANK = {"terrain": -1, **{a: i for i, a in enumerate(ACTIONS)}, "end_turn": len(ACTIONS)}


class RolledWestSearch(GameSearch):
    """``GameSearch`` on Rolled West's game object with whole-turn options (module docstring), valued by ``worth``
    (``(state, seat) -> points``, a module-level function so that the plug-in pickles; default ``ai.value.lead``):
    the options' one-step gains, the playout policy and the leaves; ``keep``: the root keeps only that many options,
    the best by one-step gain (``None``: all); ``rounds``: a leaf's rollout stops once that many rounds after the
    leaf's are over, valued there by ``worth`` (default: at the end of the game)."""

    def __init__(self, game: Game, worth: Callable[[Any, int], float] = lead, rollouts: bool = True,
                 keep: int | None = None, rounds: float = math.inf):
        super().__init__(game)
        self.worth, self.rollouts, self.keep, self.rounds = worth, rollouts, keep, rounds
        self._one_step = False
        self._finals: dict[Hashable, float] = {}
        self._deadline = math.inf
        self._root: tuple[int, int] | None = None

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

    def _label(self, state: Any, seat: int, move: JSON) -> str:
        """``engine.labels.label`` of the one move (the core's labels every legal move to find it)."""
        return label(state, seat, move)

    def option_key(self, state: Any, moves: list[JSON]) -> Hashable:
        """The set of the option's moves (their order changes nothing)."""
        return tuple(sorted(json.dumps(m, sort_keys=True) for m in moves))

    def options(self, state: Any, seat: int, budget_ms: float) -> tuple[list[Any], bool]:
        """``GameSearch.options``, each option's one-step gain by ``worth`` (not the leaf's rollout), the best
        ``keep`` of them."""
        self._one_step = True
        try:
            found, partial = super().options(state, seat, budget_ms)
            return (found if self.keep is None else found[:self.keep]), partial
        finally:
            self._one_step = False

    def option(self, state: Any, seat: int, moves: list[JSON]) -> Any:
        """``GameSearch.option``, its one-step gain by ``worth``."""
        self._one_step = True
        try:
            return super().option(state, seat, moves)
        finally:
            self._one_step = False

    def sample(self, position: JSON, seed: int) -> Any:
        """``GameSearch.sample``; the determinization is remembered as a simulation's root until a move is played on
        it (``value``)."""
        state = super().sample(position, seed)
        self._root = (id(state), len(state.moves))
        return state

    def value(self, state: Any, seat: int) -> float:
        """The leaf value, points: ``worth`` at the end (with ``lead``, the final margin) after every seat plays the
        rest of the game by the playout policy on this determinization (``ai.rollout.play_out``; with ``rollouts``
        off, inside ``options``, or at a simulation's root, ``worth``: the root's value is the same for every option
        on one determinization, so it cancels in the paired differences the search compares options by, and a
        rollout there would only cost time; a return is then the final margin less the margin estimated now).  Kept
        per state for the search's life, at most ``CACHE_LIMIT`` of them.  A rollout stops at the simulation's
        deadline (the last ``policy`` call's), and is then valued by ``worth`` where it stopped (and not kept): the
        search ends within its budget."""
        if self._one_step or not self.rollouts or state.finished or self._root == (id(state), len(state.moves)):
            return self.worth(state, seat)
        key = (state.seed, seat, json.dumps(state.moves))
        if key not in self._finals:
            end = play_out(state.clone(), self.worth, self._deadline, state.round + self.rounds)
            if not end.finished and time.perf_counter() >= self._deadline:
                return self.worth(end, seat)
            if len(self._finals) >= CACHE_LIMIT:
                self._finals.clear()
            self._finals[key] = self.worth(end, seat)
        return self._finals[key]

    def policy(self, state: Any, seat: int, budget_ms: float, memory: dict[Any, Any]) -> list[JSON] | None:
        """``ai.rollout.policy_move``, move by move, until the seat's decision is complete; ``None`` when
        ``budget_ms`` ran out first (its deadline is also the leaf's rollout's, ``value``)."""
        deadline = self._deadline = math.inf if budget_ms >= NO_BUDGET else time.perf_counter() + budget_ms / 1000.0
        copy, mark, moves = self._copy(state), self.mark(state), []
        while True:
            if time.perf_counter() >= deadline:
                return None
            move = policy_move(copy, seat, self.worth)
            copy.play(seat, move)
            moves.append(move)
            if copy.finished or not self.continues(copy, seat, mark):
                return moves
