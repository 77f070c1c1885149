"""Rolled West's components as the service serves them: ``GET /rolled-west/components``, the printed score sheet and
dice the games of this app are played with (its game object's, ``service.games.store.Games.game_object``), so that a
client draws the sheet from the server's numbers and never from its own copy."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any, cast

from flask import current_app
from marshmallow import Schema, fields

from service.parsing import Blueprint
from service.problems import problem_responses
from solver.games.rolled_west import ENTRY
from solver.games.rolled_west.components.values import METALS, RESOURCES, Components
from solver.games.rolled_west.protocol import RolledWestGame
from solver.games.rolled_west.rules.scoring import CATEGORIES

blp = Blueprint("rolled_west", __name__, url_prefix="/rolled-west", description="Rolled West's components, read-only")



def _counts(description: str) -> fields.Dict:
    """A field of counts by name (``{"copper": 2}``)."""
    return fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={"description": description})


class DiceSchema(Schema):
    """The resource dice."""

    count = fields.Integer(metadata={"description": "the dice rolled each turn"})
    faces = _counts("faces of one die by resource (every die is alike)")
    terrain = fields.Dict(keys=fields.String(), values=fields.String(),
                          metadata={"description": "the claim row (terrain) a die of each resource names when set aside"})
    ghost_dice = fields.Integer(metadata={"description": "the dice of the 2-player ghost roll"})
    ghost_players = fields.Integer(metadata={"description": "the player count that has a ghost roll"})


class ClaimRowSchema(Schema):
    """One terrain's claim row."""

    terrain = fields.String()
    numbers = fields.List(fields.Integer(), metadata={"description": "each space's printed points (0: no number)"})
    stars = fields.List(fields.Boolean(), metadata={"description": "whether each space is starred"})
    majority = fields.List(fields.Integer(), metadata={"description": "the majority bonuses, 1st and 2nd, points"})


class ShippingRowSchema(Schema):
    """One metal's shipping row."""

    metal = fields.String()
    boxes = fields.List(fields.List(fields.Integer()), metadata={
        "description": "each box's numbers: one, or two (the first shipper's, the later shippers'), points"})
    stars = fields.List(fields.Boolean(), metadata={"description": "whether each box is starred"})


class ContractSchema(Schema):
    """A contract."""

    id = fields.String()
    points = fields.Integer()
    metals = _counts("the metals it takes, all at once")


class OfficeTermSchema(Schema):
    """One term of an office's end-game bonus: ``points`` for each one of ``per``."""

    per = fields.String(metadata={"description": "office, contract, majority, shipping_row, settlement, copper_shipped, "
                                                 "copper_in_contracts, shipping_star, claim_star or fixed (once)"})
    points = fields.Integer()


class OfficeSchema(Schema):
    """A Boomtown office of the 3 x 3 grid."""

    id = fields.String(metadata={"description": "'<row metal>-<column metal>'"})
    row = fields.String()
    column = fields.String()
    cost = _counts("its row's metal plus its column's")
    terms = fields.List(fields.Nested(OfficeTermSchema))


class NumbersSchema(Schema):
    """The rule text's numbers."""

    players_min = fields.Integer()
    players_max = fields.Integer()
    rounds = fields.Integer()
    camp_wood = fields.Integer()
    settlement_wood = fields.Integer()
    office_metals = fields.Integer()


class SourceSchema(Schema):
    """Where a data section comes from."""

    section = fields.String()
    source = fields.String()


class ComponentsSchema(Schema):
    """Rolled West's score sheet and dice, every number as the data files give it (docs/rolled-west-rulings.md,
    "Components")."""

    game = fields.String()
    resources = fields.List(fields.String(), metadata={"description": "wood, then the metals"})
    metals = fields.List(fields.String(), metadata={"description": "in the sheet's order of its rows and columns"})
    dice = fields.Nested(DiceSchema)
    claim_rows = fields.List(fields.Nested(ClaimRowSchema))
    shipping_rows = fields.List(fields.Nested(ShippingRowSchema))
    contracts = fields.List(fields.Nested(ContractSchema))
    offices = fields.List(fields.Nested(OfficeSchema))
    numbers = fields.Nested(NumbersSchema)
    score_categories = fields.List(fields.String(), metadata={"description": "the score's categories, in order"})
    sources = fields.List(fields.Nested(SourceSchema))


def components_json(c: Components) -> dict[str, Any]:
    """The components ``c`` as ``ComponentsSchema`` lays them out."""
    d = c.dice
    return {
        "game": ENTRY.id, "resources": list(RESOURCES), "metals": list(METALS),
        "dice": {"count": d.count, "faces": dict(d.faces), "terrain": dict(d.terrain), "ghost_dice": d.ghost_dice,
                 "ghost_players": d.ghost_players},
        "claim_rows": [{"terrain": r.terrain, "numbers": list(r.numbers), "stars": list(r.stars),
                        "majority": list(r.majority)} for r in c.claim_rows],
        "shipping_rows": [{"metal": r.metal, "boxes": [list(b) for b in r.boxes], "stars": list(r.stars)}
                          for r in c.shipping_rows],
        "contracts": [{"id": x.id, "points": x.points, "metals": x.cost()} for x in c.contracts],
        "offices": [{"id": o.id, "row": o.row, "column": o.column, "cost": o.cost(),
                     "terms": [{"per": per, "points": p} for per, p in o.terms]} for o in c.offices],
        "numbers": asdict(c.numbers),
        "score_categories": list(CATEGORIES),
        "sources": [{"section": s, "source": text} for s, text in c.sources],
    }


def app_components() -> Components:
    """The components the running app plays Rolled West with (its game object's)."""
    return cast(RolledWestGame, current_app.extensions["wtw_games"].game_object(ENTRY.id)).components


@blp.route("/components")
@blp.response(200, ComponentsSchema)
@problem_responses(blp, 429)
def components():
    """Rolled West's score sheet and dice: the claim rows (numbers, stars, majority bonuses), the shipping rows (one-
    and two-number boxes, stars), the 9 contracts, the 3 x 3 Boomtown offices (cost and end-game bonus), the dice
    (faces, the terrain each resource names, the ghost roll) and the rule text's numbers, each section with its
    source.  A client draws the score sheet from these."""
    return components_json(app_components())
