"""The search's playout policy and its rollouts to the end of the game (Bertsekas' rollout algorithm: a base policy
played to the end from each option, the option whose continuation ends best chosen).

``policy_move``: the move after which ``worth`` (``ai.value``, points) is highest for the seat, one move ahead (ties:
the first legal move), but for the terrain die, weighed by the best claim it allows next (the terrain die scores
nothing itself: it names the claim row; weighing every spend it leaves would cost the rollouts several times more).  ``play_out``: every pending seat plays
``policy_move`` until the game is over, on a determinization (its future dice drawn, ``ai.determinize``).  Source: our
design (docs/hints.md, "Rolled West")."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from solver.core.protocol import JSON

Worth = Callable[[Any, int], float]  #: ``(state, seat) -> points``
#: The moves a terrain die is weighed by (the cheap part of the turn it decides: its claim row).
LOOK_AHEAD = ("claim", "end_turn")


def best_after(state: Any, seat: int, worth: Worth, kinds: tuple[str, ...] | None = None) -> tuple[JSON | None, float]:
    """The legal move of ``seat`` (of the types ``kinds``; ``None``: any) after which ``worth`` is highest (ties: the
    first) and that worth, a terrain die weighed by the best claim it allows next or by nothing (``end_turn``);
    ``(None, worth now)`` when ``seat`` has no such move.  ``state`` is not changed."""
    best, best_worth = None, -math.inf
    for move in state.legal_moves(seat):
        if kinds is not None and move["type"] not in kinds:
            continue
        after = state.clone()
        after.play(seat, move)
        found = worth(after, seat) if move["type"] != "terrain" else best_after(after, seat, worth, LOOK_AHEAD)[1]
        if found > best_worth:
            best, best_worth = move, found
    return (best, best_worth) if best is not None else (None, worth(state, seat))


def policy_move(state: Any, seat: int, worth: Worth) -> JSON:
    """``best_after``'s move (``seat`` must be pending)."""
    move, _worth = best_after(state, seat, worth)
    assert move is not None, f"seat {seat} has no legal move"
    return move


def play_out(state: Any, worth: Worth, deadline: float = math.inf, last_round: float = math.inf) -> Any:
    """``state`` played to the end by ``policy_move`` for every pending seat (the first pending first), or until
    ``deadline`` (``time.perf_counter()``) passes or round ``last_round`` is over; returns it."""
    while not state.finished and time.perf_counter() < deadline and state.round <= last_round:
        seat = state.pending_seats()[0]
        state.play(seat, policy_move(state, seat, worth))
    return state
