"""Marshmallow schemas of the analysis resources: ``POST /analysis/hint`` and ``POST /analysis/placements``
(docs/api.md, "Hints and analysis"); the hint's budget, simulation and seed fields and its answer, ``HintSchema``,
are every game's (``service.hints``).

A posted position is checked here for its top-level shape only (the members every ``Game.position``
has, with their types); its content is the engine's to judge (``solver.games.wild_tiled_west.ai.determinize.sample_game``), and a
position the engine cannot play from is a 422 ``malformed_position``.  Budgets above the server's cap are
lowered to it (the answer says which budget was used); below 1 ms, or not whole numbers, they are 422.
"""

from __future__ import annotations

from marshmallow import INCLUDE, Schema, ValidationError, fields, validates_schema
from marshmallow.validate import Length, OneOf, Range

from service.games.schemas import OpenSchema
from service.hints import budget_field, seed_field, simulations_field, top_field
from service.language import _
from service.parsing import StrictBoolean
from service.wild_tiled_west.components import app_catalog
from solver.games.wild_tiled_west import ENTRY

#: a plan places at most this many tiles: every daily puzzle's hand (5-8 tiles); CP-SAT proves 6-tile plans of games
#: in seconds at most and the published hard puzzles' 7- and 8-tile hands in under one (docs/solver.md)
MAX_PLAN_TILES = 8


def _distinct(items: list[str]) -> None:
    if len(set(items)) != len(items):
        raise ValidationError(_("each tile at most once"))


# --- requests -----------------------------------------------------------------------------------------


def _known_tile(tile_id: str) -> None:
    """A tile of the app's catalog: a tray tile (``t07#2``), a tile type (``t07``), or ``alley``."""
    try:
        app_catalog().tile(tile_id)
    except KeyError:
        raise ValidationError(_("no tile {tile!r}: GET /catalog/tiles lists the types and their copies' ids").format(
            tile=tile_id)) from None


class PositionInputSchema(Schema):
    """A seat's position as ``GET /games/{game_id}/position`` answers it (``Game.position(seat)``): the
    seat's view plus the agenda.  Only its top-level members are checked here; the engine checks the rest."""

    class Meta:
        unknown = INCLUDE

    seat = fields.Integer(required=True, strict=True, validate=Range(0, ENTRY.players[-1] - 1),
                          metadata={"description": "whose position"})
    version = fields.Integer(required=True, strict=True, validate=Range(0, 10**6),
                             metadata={"description": "moves played (echoed by the answer)"})
    pending = fields.Dict(required=True, allow_none=True, metadata={"description": "the pending decision"})
    agenda = fields.List(fields.Dict(), required=True, metadata={"description": "the steps to come"})
    config = fields.Dict(required=True, metadata={"description": "players, seats, first_game_contracts (no seed)"})
    players = fields.List(fields.Dict(), required=True, validate=Length(ENTRY.players[0], ENTRY.players[-1]))


class AnalysisHintSchema(Schema):
    """``POST /analysis/hint``: a seat's ``position`` (its pending decision must be that seat's), ``top``,
    ``budget_ms``, ``simulations`` and ``search_seed`` as for ``GET /games/{game_id}/hint``."""

    position = fields.Nested(PositionInputSchema, required=True)
    top = top_field()
    budget_ms = budget_field("search time in milliseconds (default 800; capped by the server)")
    simulations = simulations_field()
    search_seed = seed_field()


def _puzzle_reference(value: object) -> None:
    """A published puzzle's id (a string) or a puzzle object as ``GET /puzzles/...`` serves it."""
    if isinstance(value, str):
        if not 1 <= len(value) <= 64:
            raise ValidationError(_("a puzzle id has 1 to 64 characters"))
    elif not isinstance(value, dict):
        raise ValidationError(_("a published puzzle's id, or the puzzle as GET /puzzles/{puzzle_id} serves it"))


class PlacementsRequestSchema(Schema):
    """``POST /analysis/placements``: the best plan for ``tiles`` (1-8 distinct tile ids: ``t07#2``, a type ``t07``,
    or ``alley``) on the settlement of ``position``'s seat, or for a daily puzzle: ``puzzle`` (a published puzzle's
    id, or the puzzle as served), whose hand is the default ``tiles`` (any given must be in it); exactly one of
    ``position`` and ``puzzle``.  ``required``: every tile must be placed (a drafted tile) rather than any subset;
    ``budget_ms``: CP-SAT's time limit (default ``PLACEMENTS_DEFAULT_BUDGET_MS``, 1000; lowered to
    ``PLACEMENTS_MAX_BUDGET_MS``, 2000)."""

    position = fields.Nested(PositionInputSchema, load_default=None)
    puzzle = fields.Raw(load_default=None, validate=_puzzle_reference, metadata={
        "description": "a published puzzle's id, or the puzzle as GET /puzzles/{puzzle_id} serves it"})
    tiles = fields.List(fields.String(validate=[Length(max=64), _known_tile]), load_default=None,
                        validate=[Length(1, MAX_PLAN_TILES), _distinct], metadata={"example": ["t12#1", "t40#2"]})
    required = StrictBoolean(load_default=False)
    budget_ms = budget_field("solver time in milliseconds (default 1000; capped by the server)")

    @validates_schema
    def _one_subject(self, data: dict, **_kwargs: object) -> None:
        if (data.get("position") is None) == (data.get("puzzle") is None):
            raise ValidationError(_("give exactly one of position (a game's) and puzzle (a daily puzzle's)"), "position")
        if data.get("position") is not None and data.get("tiles") is None:
            raise ValidationError(_("the tiles to plan are needed with a position"), "tiles")


# --- answers ------------------------------------------------------------------------------------------


class PlannedPlacementSchema(Schema):
    """A tile placement: the engine's ``place`` move without its ``type`` (coordinates 0-based, row 0 at
    the top; ``orientation`` indexes the tile's orientations)."""

    tile = fields.String(required=True)
    orientation = fields.Integer(required=True)
    row = fields.Integer(required=True)
    col = fields.Integer(required=True)


class PlanSchema(OpenSchema):
    """The best plan CP-SAT found within the budget: ``placements`` in a legal play order, its ``value``
    (points, by ``terms``), ``objective`` and ``bound`` (CP-SAT's; ``gap`` = (bound - objective) /
    max(1, |objective|)), ``status`` (OPTIMAL: proven best; FEASIBLE: the best found in time; INFEASIBLE:
    the tiles cannot all be placed; UNKNOWN: nothing found in time), ``wall_ms``, ``candidates`` (placements
    in the model) and ``wrangles`` (for each pasture the plan touches: cows to wrangle once placed, 0 to
    keep it growing).  For a game's position: its ``version`` and ``seat``; for a puzzle: its ``puzzle`` id and
    ``optimum`` (the proven best score of its whole hand)."""

    version = fields.Integer(metadata={"description": "the posted position's version"})
    seat = fields.Integer()
    puzzle = fields.String(allow_none=True, metadata={"description": "the puzzle's id"})
    optimum = fields.Integer(allow_none=True, metadata={"description": "the puzzle's proven best score (whole hand)"})
    tiles = fields.List(fields.String(), required=True)
    required = fields.Boolean(required=True)
    budget_ms = fields.Integer(required=True, metadata={"description": "the time limit used (after the server's cap)"})
    placements = fields.List(fields.Nested(PlannedPlacementSchema), required=True)
    value = fields.Integer(required=True)
    terms = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    objective = fields.Integer(required=True)
    bound = fields.Float(required=True, allow_none=True)
    gap = fields.Float(required=True, allow_none=True)
    status = fields.String(required=True, validate=OneOf(["OPTIMAL", "FEASIBLE", "INFEASIBLE", "UNKNOWN", "MODEL_INVALID"]))
    wall_ms = fields.Float(required=True)
    candidates = fields.Integer(required=True)
    wrangles = fields.List(fields.Dict(), required=True)
