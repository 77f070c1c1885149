"""Rolled West's moves as plain JSON objects, their shapes, and every legal move of a decision.

ruling "Move granularity" (docs/rolled-west-rulings.md): the active player's turn is a sequence of small moves --
``terrain`` (choose the terrain die), then in any order, each at most once: ``claim``, ``contract``, ``office``,
``ship`` (every metal of the turn's one shipment at once), ``bank`` (the white box), and ``end_turn``; a player who may
bank between turns plays one ``bank_between`` or ``pass``."""

from __future__ import annotations

from typing import Any

from solver.core.protocol import JSON, IllegalMove
from solver.games.rolled_west.components.texts import _
from solver.games.rolled_west.components.values import METALS, RESOURCES

#: Each move type's fields and their kinds (``str`` or ``int``): a move has exactly these.
SHAPES: dict[str, dict[str, type]] = {
    "terrain": {"resource": str},
    "claim": {"kind": str},
    "contract": {"contract": str},
    "office": {"office": str},
    "ship": {m: int for m in METALS},
    "bank": {"resource": str},
    "end_turn": {},
    "bank_between": {"resource": str},
    "pass": {},
}
#: The moves of each decision type.
DECISION_MOVES = {"terrain": ("terrain",), "spend": ("claim", "contract", "office", "ship", "bank", "end_turn"),
                  "bank_between": ("bank_between", "pass")}
#: The moves chosen in secret (the between-turns bank), withheld from other seats until their decision resolves.
SEALED = ("bank_between", "pass")


def check_shape(move: Any, decision: str) -> JSON:
    """``move`` if it is a move of the ``decision`` type with exactly its fields, each of its kind (whole numbers not
    negative, resources among ``RESOURCES`` where a resource is named); raises ``IllegalMove("malformed_move")`` or
    ``IllegalMove("wrong_decision")``."""
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise IllegalMove("malformed_move", _("a move is a JSON object with a 'type'"))
    kind = move["type"]
    if kind not in SHAPES:
        raise IllegalMove("malformed_move", _("no move {kind!r}: the moves are {moves}").format(
            kind=kind, moves=", ".join(SHAPES)))
    if kind not in DECISION_MOVES[decision]:
        raise IllegalMove("wrong_decision", _("the decision is {decision!r}: its moves are {moves}, not {kind!r}").format(
            decision=decision, moves=", ".join(DECISION_MOVES[decision]), kind=kind))
    shape = SHAPES[kind]
    if set(move) != {"type", *shape}:
        raise IllegalMove("malformed_move", _("a {kind} move has the fields {fields} besides its type").format(
            kind=kind, fields=sorted(shape) or _("none")))
    for name, want in shape.items():
        value = move[name]
        if want is int and (not isinstance(value, int) or isinstance(value, bool) or value < 0):
            raise IllegalMove("malformed_move", _("{kind}: {name} is a whole number, not {value!r}").format(
                kind=kind, name=name, value=value))
        if want is str and not isinstance(value, str):
            raise IllegalMove("malformed_move", _("{kind}: {name} is a string, not {value!r}").format(
                kind=kind, name=name, value=value))
    if "resource" in shape and move["resource"] not in RESOURCES:
        raise IllegalMove("malformed_move", _("{kind}: the resource is one of {resources}, not {value!r}").format(
            kind=kind, resources=", ".join(RESOURCES), value=move["resource"]))
    return move


def distinct(dice: list[str]) -> list[str]:
    """The resources among ``dice``, each once, in the order of ``RESOURCES`` (dice of one resource are alike, so a
    move names the resource)."""
    return [r for r in RESOURCES if r in dice]
