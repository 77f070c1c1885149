"""What a seat may see of a play, by allow-list: every field named here, so a field the state gains stays hidden
until it is named.

Every sheet is open information (rule text: the scoreboards are marked in view of all; "Each opponent must cross
that contract off"), so are the dice rolled.  Hidden: the future dice (the seed) and another seat's sealed bank
choice until its decision resolves (in the view, the events and the move log: that seat is only ``decided``).
The majority place each seat holds per terrain (``majority_places``) is read off the open sheets: the bonus it would
circle if the game ended now, the one it circles once it is over."""

from __future__ import annotations

from typing import Any

from solver.core.protocol import JSON
from solver.games.rolled_west.rules import boomtown_offices, contracts, majority

#: What a sealed move of another seat looks like in a view's move log until its decision resolves.
WITHHELD: JSON = {"type": "sealed"}
#: The state's public fields, copied as they are.
PUBLIC = ("round", "rounds", "active", "phase", "dice", "terrain_die", "rolled", "done", "ghost_dice", "bankers",
          "turns_taken", "finished", "version")


def move_open(state: Any, n: int, viewer: int | None) -> bool:
    """Whether move ``n`` of the log is shown whole to ``viewer``: a public move, its own, or one whose sealed
    decision has resolved (or the game is over)."""
    sealed = state.move_sealed[n]
    return sealed is None or state.move_seats[n] == viewer or sealed < state.resolved or state.finished


def view(state: Any, seat: int | None) -> JSON:
    """The state as ``seat`` (``None``: a spectator) may see it: the ``PUBLIC`` fields, every ``sheets`` (JSON), the
    ``contracts_left`` and ``offices_left`` (ids), the ``scores`` (points by category, as the game would end now), the
    ``majority_places`` (per seat, terrain -> 1 or 2, the majority place it holds: ``rules.majority.seat_places``), the
    decision (``pending_seats``, ``pending``, ``decided``, its own sealed bank ``my_bank``) and the logs."""
    out: JSON = {k: _copy(getattr(state, k)) for k in PUBLIC}
    out.update({
        "config": {"players": state.players},
        "players": [{"seat": s} for s in range(state.players)],
        "sheets": [s.to_json() for s in state.sheets],
        "contracts_left": [c.id for c in contracts.remaining(state.components, state.sheets)],
        "offices_left": [o.id for o in boomtown_offices.remaining(state.components, state.sheets)],
        "scores": [dict(b) for b in state.score_breakdowns()],
        "majority_places": majority.seat_places(state.sheets, state.components),
        "pending_seats": state.pending_seats(),
        "pending": state.decision(state.pending_seats()[0]) if state.pending_seats() else None,
        "decided": sorted(state.sealed),
        "my_bank": {"resource": state.sealed[seat]} if seat in state.sealed else None,
        "events": [{**e, "n": n} for n, e in enumerate(state.events)],
        "moves": [dict(m) if move_open(state, n, seat) else dict(WITHHELD) for n, m in enumerate(state.moves)],
        "move_seats": list(state.move_seats),
    })
    return out


def position(state: Any, seat: int) -> JSON:
    """What ``seat`` knows, for a planner: its view, its ``seat``, which moves were sealed (``move_sealed``, public)
    and the counts of rolls and revelations."""
    return {**view(state, seat), "seat": seat, "move_sealed": list(state.move_sealed), "rolls": state.rolls,
            "resolved": state.resolved}


def move_view(move: JSON, mover: int, viewer: int | None) -> JSON:
    """A move of a finished game as ``viewer`` sees it: whole (nothing stays hidden after the end)."""
    return dict(move)


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value
