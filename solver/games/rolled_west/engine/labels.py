"""One-line labels of Rolled West's moves, unique within a decision (each move names a different thing), in the
rule text's words."""

from __future__ import annotations

from typing import Any

from solver.core.protocol import JSON
from solver.games.rolled_west.components.values import METALS
from solver.games.rolled_west.rules import claims, terrain


def _amounts(counts: dict[str, int]) -> str:
    return " + ".join(f"{n} {r}" for r, n in counts.items() if n)


def label(state: Any, seat: int, move: JSON) -> str:
    """The label of ``seat``'s legal ``move`` in ``state``."""
    c = state.components
    kind = move["type"]
    if kind == "terrain":
        return f"set the {move['resource']} die aside (terrain: the {terrain.terrain_row(c, move['resource'])} row)"
    if kind == "claim":
        row = terrain.terrain_row(c, state.dice[state.terrain_die])
        space = state.sheets[seat].claims[row].index("")
        wood = claims.wood_cost(c, move["kind"])["wood"]
        return f"build a {move['kind']} in the {row} row from space {space + 1} ({wood} wood)"
    if kind == "contract":
        contract = c.contract(move["contract"])
        return f"fulfil the {contract.points}-point contract ({_amounts(contract.cost())})"
    if kind == "office":
        office = c.office(move["office"])
        return f"buy the {office.row}/{office.column} Boomtown office ({_amounts(office.cost())})"
    if kind == "ship":
        return "ship " + ", ".join(f"{move[m]} {m}" for m in METALS if move[m])
    if kind == "bank":
        return f"bank a {move['resource']} (this round's white box)"
    if kind == "end_turn":
        return "end the turn: pass the dice"
    if kind == "bank_between":
        roll = "the ghost roll" if state.phase == "ghost" else f"seat {state.active}'s roll"
        return f"bank a {move['resource']} from {roll} (dark box)"
    return "pass: bank nothing this time"


def labelled(state: Any, seat: int) -> list[JSON]:
    """``seat``'s legal moves, each with its ``label``."""
    return [{**m, "label": label(state, seat, m)} for m in state.legal_moves(seat)]
