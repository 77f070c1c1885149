"""Rolled West's move body (``POST /games/{game_id}/moves``), derived from the engine's one definition of the moves
(``solver.games.rolled_west.engine.moves.SHAPES``): its ``type`` is one of the shapes' and every member any move
carries is listed with its kind (a resource among the dice's, a claim among the rule text's, a whole number of metals);
the engine checks the move against the pending decision (docs/rolled-west-rulings.md, "Move granularity").
Registered as this game's ``GameExtras.move_schema``, documented as the OpenAPI component ``RolledWestMove``."""

from __future__ import annotations

from marshmallow import Schema, fields
from marshmallow.validate import Length, OneOf, Range

from solver.games.rolled_west.components.values import METALS, RESOURCES
from solver.games.rolled_west.engine.moves import SHAPES
from solver.games.rolled_west.rules.claims import KINDS

#: What each member of a move says (the rule text's words); a member the shapes gain without a line here is refused
#: at import (``_member``), so that the document never lacks one.
MEMBER_DOCS = {
    "resource": "terrain: the resource of the die set aside as the terrain; bank: the rolled resource written in this "
                "round's white box; bank_between: the resource banked from the roll (dark box)",
    "kind": "claim: a camp (a triangle) or a settlement (a triangle and a circle)",
    "contract": "contract: the id of a remaining contract (GET /rolled-west/components lists them)",
    "office": "office: the id of a remaining Boomtown office, '<row metal>-<column metal>'",
    **{m: f"ship: how many {m} to ship (its row's leftmost boxes are checked)" for m in METALS},
}
#: The choices of the members that name a thing of the game.
CHOICES = {"resource": RESOURCES, "kind": KINDS}
#: The most of one metal a shipment may name (more is refused here; what the sheet allows is the engine's).
MOST = 99


def _member(name: str, kind: type) -> fields.Field:
    """The schema field of a move member, from its kind in ``SHAPES``."""
    doc = {"description": MEMBER_DOCS[name]}
    if kind is int:
        return fields.Integer(strict=True, validate=Range(0, MOST), metadata=doc)
    if name in CHOICES:
        return fields.String(validate=OneOf(CHOICES[name]), metadata=doc)
    return fields.String(validate=Length(min=1, max=64), metadata=doc)


def move_members() -> dict[str, type]:
    """Every member of any move in ``SHAPES`` with its kind (a member shared by several moves has one kind)."""
    members: dict[str, type] = {}
    for shape in SHAPES.values():
        for name, kind in shape.items():
            if members.setdefault(name, kind) is not kind:
                raise TypeError(f"the move member {name!r} has two kinds")
    return members


RolledWestMoveSchema = type("RolledWestMoveSchema", (Schema,), {
    "__doc__": """One move of Rolled West: an element of ``GET /games/{game_id}/legal-moves`` posted back unchanged,
    or its members alone (docs/rolled-west-rulings.md, "Move granularity").  The engine checks it against the pending
    decision; this schema checks the members' types.""",
    "type": fields.String(required=True, validate=OneOf(list(SHAPES)), metadata={"example": "terrain"}),
    **{name: _member(name, kind) for name, kind in move_members().items()},
    "label": fields.String(validate=Length(max=500), metadata={
        "description": "legal-moves: the move in one line. Ignored when posted back"}),
})
#: An example body (the terrain die set aside).
MOVE_EXAMPLE = {"type": "terrain", "resource": "wood"}
