"""Wild Tiled West's move body (``POST /games/{game_id}/moves``), built from the engine's one definition of the moves
(``solver.games.wild_tiled_west.rules.moves``): its ``type`` is one of ``MOVES`` and every field any move carries is
listed with its type; the engine checks the move against the pending decision.  Registered as this game's
``GameExtras.move_schema``, documented as the OpenAPI component ``WildTiledWestMove``.
"""

from __future__ import annotations

from typing import get_args, get_type_hints

from marshmallow import Schema, fields
from marshmallow.validate import Length, OneOf, Range

from service.parsing import StrictBoolean
from solver.games.wild_tiled_west.rules.moves import FIELD_DOCS, MOVES, move_fields

SMALL = Range(0, 999)  #: a die, a stack's index, a count, a coordinate


def _move_field(name: str, kind: type, nullable: bool) -> fields.Field:
    """The schema field of a move's field, from its type in ``solver.games.wild_tiled_west.rules.moves``."""
    doc = {"description": FIELD_DOCS[name]}
    if kind is int:
        return fields.Integer(strict=True, validate=SMALL, metadata=doc)
    if kind is bool:
        return StrictBoolean(metadata=doc)
    return fields.String(validate=Length(max=64), allow_none=nullable, metadata=doc)


def _nullable(name: str) -> bool:
    return any(type(None) in get_args(get_type_hints(cls).get(name)) for cls in MOVES.values())


WildTiledWestMoveSchema = type("WildTiledWestMoveSchema", (Schema,), {
    "__doc__": """One move of Wild Tiled West: an element of ``GET /games/{game_id}/legal-moves`` posted back
    unchanged, or its key fields (docs/engine.md lists each decision's moves).  The engine checks it against the
    pending decision; this schema only checks the members' types.""",
    "type": fields.String(required=True, validate=OneOf(list(MOVES)), metadata={"example": "draft"}),
    **{name: _move_field(name, kind, _nullable(name)) for name, kind in move_fields().items()},
    # what legal-moves adds for people and drawing (solver.games.wild_tiled_west.engine.labels); accepted back and ignored
    "label": fields.String(validate=Length(max=500), metadata={
        "description": "legal-moves: the move in one line (which die, stack and tile; where a tile goes and how it "
                       "is turned). Ignored when posted back"}),
    "squares": fields.List(fields.List(fields.Integer(strict=True, validate=SMALL), validate=Length(equal=2)),
                           validate=Length(max=16), metadata={
        "description": "legal-moves, `place` moves: the board squares `[row, col]` the placement covers. Ignored when "
                       "posted back"}),
})
#: The members of a legal move that describe it rather than choose it: dropped before the engine.
DESCRIPTIVE_MOVE_FIELDS = ("label", "squares")
#: An example body (a draft).
MOVE_EXAMPLE = {"type": "draft", "die": 0, "slot": "left:2,1", "tile": "t10#1", "jumps": 0, "cost": 0}
