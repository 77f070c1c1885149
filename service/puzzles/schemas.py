"""Marshmallow schemas of the daily puzzle resources (``/puzzles/...``, docs/api.md "Daily puzzles";
the puzzle JSON itself is described in docs/puzzles.md).  Coordinates are ``(row, col)``, 0-based, row
0 at the top."""

from __future__ import annotations

from marshmallow import Schema, fields
from marshmallow.validate import Length, OneOf, Range

from puzzles.archive import DIFFICULTIES
from service.games.schemas import OpenSchema
from service.games.store import registry_ids
from service.storage import DEFAULT_GAME

MAX_SOLUTION_PLACEMENTS = 16  #: hands hold at most 8 tiles; longer solutions are refused by the schema


# --- requests -----------------------------------------------------------------------------------------


class DailyQuerySchema(Schema):
    """``game`` (a registered game's id, ``GET /games/catalog``; default ``wild-tiled-west``), ``date`` (YYYY-MM-DD;
    default today, UTC) and ``difficulty`` (default ``medium``)."""

    game = fields.String(load_default=DEFAULT_GAME, validate=OneOf(list(registry_ids())), metadata={
        "description": "the game whose daily puzzle to give (an id of GET /games/catalog)"})

    date = fields.Date(load_default=None, metadata={"description": "YYYY-MM-DD (default: today, UTC)"})
    difficulty = fields.String(load_default="medium", validate=OneOf(DIFFICULTIES))


class SolutionPlacementSchema(Schema):
    """One placement of a hand tile: the engine's ``place`` move (``type`` may be left out)."""

    type = fields.String(validate=OneOf(["place"]))
    tile = fields.String(required=True, validate=Length(1, 16), metadata={"example": "t12#1"})
    orientation = fields.Integer(required=True, strict=True, validate=Range(0, 99),
                                 metadata={"description": "index of the tile's orientations"})
    row = fields.Integer(required=True, strict=True, validate=Range(0, 99), metadata={"description": "0 = top"})
    col = fields.Integer(required=True, strict=True, validate=Range(0, 99), metadata={"description": "0 = left"})


class SolutionSchema(Schema):
    """``POST /puzzles/{puzzle_id}/solutions`` and ``/board``: the solution of the puzzle's game, checked by that game's
    verifier (``puzzles.archive.DailyPuzzles``).  Documented here is Wild Tiled West's, the one game with daily
    puzzles yet: the hand tiles placed, each at most once, in any order that can be played (the verdict gives a legal
    ``play_order``)."""

    placements = fields.List(fields.Nested(SolutionPlacementSchema), required=True,
                             validate=Length(max=MAX_SOLUTION_PLACEMENTS))


# --- answers ------------------------------------------------------------------------------------------


class PuzzleSchema(OpenSchema):
    """A published puzzle (docs/puzzles.md, "The puzzle JSON"; its game's shape, Wild Tiled West's documented here)
    without its optimal ``solution`` and its ``breakdown``: ``id`` (derived from the whole stored puzzle's content), ``date``, ``difficulty``, the
    ``position`` (board side with tiles placed, year, gold, bullets, mining, contracts, ...), the ``hand``
    to place, the proven ``optimum`` (the score to reach), ``unique`` (one placement set scores it),
    ``proof``, ``grading`` and ``generator``."""

    id = fields.String(required=True)
    format = fields.Integer(required=True)
    date = fields.String(required=True, metadata={"example": "2026-11-22"})
    difficulty = fields.String(required=True, validate=OneOf(DIFFICULTIES))
    position = fields.Dict(required=True)
    hand = fields.List(fields.Dict(), required=True, metadata={"description": "[{tile, shape, building}]"})
    optimum = fields.Integer(required=True)
    unique = fields.Boolean(required=True)
    proof = fields.Dict()
    grading = fields.Dict()
    generator = fields.Dict()


class VerdictSchema(OpenSchema):
    """The verdict on a solution of ``puzzle`` (its id).

    Legal: ``legal`` true, ``score``, ``optimum``, ``optimal`` (score == optimum), ``breakdown`` (points by
    term), ``play_order`` (placement indexes in a legal order) and ``wrangles``.  Illegal: ``legal`` false,
    ``score`` and ``breakdown`` null, ``optimum``, ``rule`` (the placement rule broken, e.g. ``overlap``,
    ``covers_cow``, ``not_connected``), ``placement`` (the index of the first illegal placement), ``cell``
    (its first offending ``[row, col]`` or null) and ``reason``."""

    puzzle = fields.String(required=True)
    legal = fields.Boolean(required=True)
    score = fields.Integer(required=True, allow_none=True)
    optimum = fields.Integer(required=True)
    breakdown = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True, allow_none=True)
    optimal = fields.Boolean()
    play_order = fields.List(fields.Integer())
    wrangles = fields.List(fields.Dict())
    rule = fields.String()
    placement = fields.Integer()
    cell = fields.List(fields.Integer(), allow_none=True)
    reason = fields.String()


class PuzzleBoardSchema(Schema):
    """``POST /puzzles/{puzzle_id}/board``: the puzzle's settlement after the placements posted (``placed`` of them),
    as an SVG picture (``svg``, text), and ``options``: for each hand tile not placed yet, its legal placements now,
    ``place`` moves ``{type, tile, orientation, row, col, squares, label}`` (``squares``: the ``[row, col]`` covered)."""

    puzzle = fields.String(required=True)
    placed = fields.Integer(required=True)
    svg = fields.String(required=True, metadata={"description": "the settlement board's picture, image/svg+xml text"})
    options = fields.Dict(keys=fields.String(), values=fields.List(fields.Dict()), required=True)
