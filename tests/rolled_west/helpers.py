"""Shared set-ups of Rolled West's tests: the components, blank sheets, a game with chosen dice."""

from __future__ import annotations

from typing import Any

from solver.games.rolled_west.components.catalog import load_components
from solver.games.rolled_west.engine.game import RolledWest
from solver.games.rolled_west.protocol import GAME
from solver.games.rolled_west.rules.sheet import Sheet, new_sheet

C = load_components()


def sheets(n: int) -> list[Sheet]:
    """``n`` blank sheets."""
    return [new_sheet(C) for _ in range(n)]


def game(players: int = 2, seed: int = 1) -> RolledWest:
    """A new game."""
    return GAME.new_state({"players": players, "seed": seed})


def set_dice(state: RolledWest, dice: list[str]) -> RolledWest:
    """The active player's roll replaced by ``dice`` (before its terrain is chosen): a test's chosen roll."""
    assert state.phase == "terrain"
    state.dice = list(dice)
    return state


def give_bank(state: RolledWest, seat: int, resources: list[str]) -> None:
    """Fill ``seat``'s empty white boxes with ``resources`` (banked earlier), oldest round first."""
    boxes = [i for i, b in enumerate(state.sheets[seat].white) if b is None]
    for i, r in zip(boxes, resources, strict=False):
        state.sheets[seat].white[i] = {"resource": r, "spent": False}


def turn(state: RolledWest, dice: list[str], terrain: str, *moves: dict[str, Any], end: bool = True) -> list[dict[str, Any]]:
    """The active player's turn on ``dice``: the terrain, ``moves``, then ``end_turn`` (``end``); the events."""
    seat = state.active
    set_dice(state, dice)
    events = state.play(seat, {"type": "terrain", "resource": terrain})
    for move in moves:
        events += state.play(seat, move)
    if end:
        events += state.play(seat, {"type": "end_turn"})
    return events


def pass_bankers(state: RolledWest) -> None:
    """Every seat deciding a bank now passes."""
    for seat in list(state.bankers):
        if seat not in state.sealed:
            state.play(seat, {"type": "pass"})
