"""Marshmallow schemas of the daily puzzle resources (``/puzzles/...``, docs/api.md "Daily puzzles";
the puzzle JSON itself is described in docs/puzzles.md).  Coordinates are ``(row, col)``, 0-based, row
0 at the top."""

from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validates_schema
from marshmallow.validate import Length, OneOf, Range

from puzzles.archive import DIFFICULTIES
from service.games.schemas import OpenSchema
from service.games.store import registry_ids
from service.storage import DEFAULT_GAME

MAX_SOLUTION_PLACEMENTS = 16  #: hands hold at most 8 tiles; longer solutions are refused by the schema
#: a Rolled West solo game has at most 47 moves (6 turns of at most 7, 5 ghost banks); longer ones are refused
MAX_SOLUTION_MOVES = 64


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
    verifier (``puzzles.archive.DailyPuzzles``), one of: Wild Tiled West's ``placements``, the hand tiles placed,
    each at most once, in any order that can be played (the verdict gives a legal ``play_order``); Rolled West's
    ``moves``, the engine's moves of the solo seat in order (docs/puzzles.md, "Rolled West")."""

    placements = fields.List(fields.Nested(SolutionPlacementSchema), validate=Length(max=MAX_SOLUTION_PLACEMENTS),
                             metadata={"description": "Wild Tiled West: the hand tiles placed"})
    moves = fields.List(fields.Dict(), validate=Length(max=MAX_SOLUTION_MOVES), metadata={
        "description": "Rolled West: the solo seat's moves in order, e.g. {\"type\": \"terrain\", \"resource\": \"wood\"}"})

    @validates_schema
    def _one_shape(self, data: dict, **_kwargs: object) -> None:
        if ("placements" in data) == ("moves" in data):
            raise ValidationError("a solution holds either placements (Wild Tiled West) or moves (Rolled West)")


# --- answers ------------------------------------------------------------------------------------------


class PuzzleSchema(OpenSchema):
    """A published puzzle (docs/puzzles.md, "The puzzle JSON"; its game's shape) without its optimal ``solution`` and
    its ``breakdown``: ``id`` (derived from the whole stored puzzle's content), ``date``, ``difficulty``, the proven
    ``optimum`` (the score to reach), ``unique`` (one solution scores it), ``proof``, ``grading`` and ``generator``;
    Wild Tiled West's ``position`` (board side with tiles placed, year, gold, bullets, mining, contracts, ...) and
    ``hand`` to place; Rolled West's ``mode`` (the solo mode is the project's own), ``rounds``, ``rolls`` (the dice
    of each round) and ``ghost_rolls`` (the ghost roll after each round but the last)."""

    id = fields.String(required=True)
    format = fields.Integer(required=True)
    date = fields.String(required=True, metadata={"example": "2026-11-22"})
    difficulty = fields.String(required=True, validate=OneOf(DIFFICULTIES))
    position = fields.Dict(metadata={"description": "Wild Tiled West: the player's board and state"})
    hand = fields.List(fields.Dict(), metadata={"description": "Wild Tiled West: [{tile, shape, building}]"})
    mode = fields.String(metadata={"description": "Rolled West: the solo mode, the project's own"})
    rounds = fields.Integer(metadata={"description": "Rolled West: the rounds played"})
    rolls = fields.List(fields.List(fields.String()), metadata={"description": "Rolled West: each round's dice"})
    ghost_rolls = fields.List(fields.List(fields.String()), metadata={
        "description": "Rolled West: the ghost roll after each round but the last"})
    optimum = fields.Integer(required=True)
    unique = fields.Boolean(required=True)
    proof = fields.Dict()
    grading = fields.Dict()
    generator = fields.Dict()


class VerdictSchema(OpenSchema):
    """The verdict on a solution of ``puzzle`` (its id).

    Legal: ``legal`` true, ``score``, ``optimum``, ``optimal`` (score == optimum), ``breakdown`` (points by
    term); Wild Tiled West's ``play_order`` (placement indexes in a legal order) and ``wrangles``; Rolled West's
    ``finished`` (the moves reach the game's end), ``moves`` (played) and ``share`` (a spoiler-free line).  Illegal:
    ``legal`` false, ``score`` and ``breakdown`` null, ``optimum``, ``rule`` (the rule broken: Wild Tiled West's
    placement rule, e.g. ``overlap``, ``covers_cow``, ``not_connected``; Rolled West's engine rule, e.g.
    ``claim_wood``, ``once_per_turn``), Wild Tiled West's ``placement`` (the index of the first illegal placement) and
    ``cell`` (its first offending ``[row, col]`` or null), Rolled West's ``move`` (the index of the first refused
    move), and ``reason``."""

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
    finished = fields.Boolean()
    moves = fields.Integer()
    move = fields.Integer()
    share = fields.String()


class PuzzleBoardSchema(Schema):
    """``POST /puzzles/{puzzle_id}/board``: Wild Tiled West's settlement after the placements posted (``placed`` of
    them), as an SVG picture (``svg``, text), and ``options``: for each hand tile not placed yet, its legal placements
    now, ``place`` moves ``{type, tile, orientation, row, col, squares, label}`` (``squares``: the ``[row, col]``
    covered).  Rolled West's: the solo sheet after the moves posted (``placed``, ``svg``), ``options`` the legal moves
    now with their labels by move type, and ``sheet``, ``score``, ``decision``, ``round``, ``dice``, ``terrain_die``,
    ``rolled``, ``ghost_dice``, ``majority_places``, ``finished``."""

    puzzle = fields.String(required=True)
    placed = fields.Integer(required=True)
    svg = fields.String(required=True, metadata={"description": "the settlement board's picture, image/svg+xml text"})
    options = fields.Dict(keys=fields.String(), values=fields.List(fields.Dict()), required=True)
    sheet = fields.Dict(metadata={"description": "Rolled West: the solo sheet as JSON"})
    score = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "Rolled West: points by category and total, as the sheet stands"})
    decision = fields.Dict(allow_none=True, metadata={"description": "Rolled West: what is decided now (null at the end)"})
    round = fields.Integer(metadata={"description": "Rolled West: the round"})
    dice = fields.List(fields.String(), metadata={"description": "Rolled West: the turn's dice"})
    terrain_die = fields.Integer(allow_none=True, metadata={
        "description": "Rolled West: the index in dice of the die set aside as the terrain, null before it is"})
    rolled = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "Rolled West: resource -> how many dice of the roll are left to spend (the others are spent)"})
    ghost_dice = fields.List(fields.String(), metadata={"description": "Rolled West: the ghost roll's dice, when one is"})
    majority_places = fields.List(fields.Dict(keys=fields.String(), values=fields.Integer()), metadata={
        "description": "Rolled West: per seat (the one), terrain -> the majority place held as the sheet stands"})
    finished = fields.Boolean(metadata={"description": "Rolled West: the game is over"})


class OptimalSchema(Schema):
    """``POST /puzzles/{puzzle_id}/optimal``: the stored optimal ``solution`` of ``puzzle`` (its game's shape: Rolled
    West's ``{"moves": [...]}``, Wild Tiled West's ``{"placements": [...]}``), its ``optimum`` (points) and
    ``breakdown`` (its points by term)."""

    puzzle = fields.String(required=True)
    optimum = fields.Integer(required=True)
    solution = fields.Dict(required=True, metadata={"description": "the optimal solution, the puzzle's game's shape"})
    breakdown = fields.Dict(keys=fields.String(), values=fields.Integer(), allow_none=True,
                            metadata={"description": "the optimal solution's points by term"})
