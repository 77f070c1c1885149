"""Marshmallow schemas of the hint and analysis resources: ``GET /games/{id}/hint``, ``POST
/analysis/hint`` and ``POST /analysis/placements`` (docs/api.md, "Hints and analysis").

A posted position is checked here for its top-level shape only (the members every ``Game.position``
has, with their types); its content is the engine's to judge (``solver.games.wild_tiled_west.ai.determinize.sample_game``), and a
position the engine cannot play from is a 422 ``malformed_position``.  Budgets above the server's cap are
lowered to it (the answer says which budget was used); below 1 ms, or not whole numbers, they are 422.
"""

from __future__ import annotations

from marshmallow import INCLUDE, Schema, ValidationError, fields, validates_schema
from marshmallow.validate import Length, OneOf, Range

from service.catalog import app_catalog
from service.games.schemas import MoveSchema, OpenSchema, PendingSchema
from service.parsing import StrictBoolean

MAX_TOP = 10  #: a hint ranks at most this many options
#: a plan places at most this many tiles: every daily puzzle's hand (5-8 tiles); CP-SAT proves 6-tile plans of games
#: in seconds at most and the published hard puzzles' 7- and 8-tile hands in under one (docs/solver.md)
MAX_PLAN_TILES = 8
#: budgets asked above this are refused (422) rather than lowered: such a number is a client's mistake
MAX_ASKED_BUDGET_MS = 3_600_000
MAX_SIMULATIONS = 100_000  #: a search cut by count asks at most this many simulations
MAX_SEED = 2**31 - 1  #: seeds of the determinizations: 0 to this


def _budget(description: str, strict: bool = True) -> fields.Integer:
    """A budget in milliseconds (``strict``: a JSON number; else a query string's digits)."""
    return fields.Integer(load_default=None, allow_none=True, strict=strict, validate=Range(1, MAX_ASKED_BUDGET_MS),
                          metadata={"description": description})


def _top() -> fields.Integer:
    return fields.Integer(load_default=3, validate=Range(1, MAX_TOP),
                          metadata={"description": f"how many options to rank, best first (1-{MAX_TOP})"})


def _distinct(items: list[str]) -> None:
    if len(set(items)) != len(items):
        raise ValidationError("each tile at most once")


# --- requests -----------------------------------------------------------------------------------------


def _known_tile(tile_id: str) -> None:
    """A tile of the app's catalog: a tray tile (``t07#2``), a tile type (``t07``), or ``alley``."""
    try:
        app_catalog().tile(tile_id)
    except KeyError:
        raise ValidationError(f"no tile {tile_id!r}: GET /catalog/tiles lists the types and their copies' ids") from None


def simulations_field(strict: bool = True) -> fields.Integer:
    """A search's simulation count (``strict``: a JSON number; else a query string's digits)."""
    return fields.Integer(load_default=None, allow_none=True, strict=strict, validate=Range(1, MAX_SIMULATIONS),
                          metadata={"description": "stop the search after this many simulations (or at the budget, "
                                                   "whichever comes first): the same count and seed give the same "
                                                   "answer"})


def seed_field(strict: bool = True) -> fields.Integer:
    """The seed of a search's determinizations."""
    return fields.Integer(load_default=0, strict=strict, validate=Range(0, MAX_SEED),
                          metadata={"description": "seed of the sampled hidden cards and future dice (default 0)"})


class HintQuerySchema(Schema):
    """``top``: options to rank (default 3); ``budget_ms``: the search's time budget in milliseconds
    (default ``HINT_DEFAULT_BUDGET_MS``, 800; lowered to the server's ``HINT_MAX_BUDGET_MS``, 10000);
    ``simulations``: stop at this many simulations instead (within the budget); ``search_seed``: the
    determinizations' (not the game's seed, which no answer shows)."""

    top = _top()
    budget_ms = _budget("search time in milliseconds (default 800; capped by the server, 10000 by default)",
                        strict=False)
    simulations = simulations_field(strict=False)
    search_seed = seed_field(strict=False)


class PositionInputSchema(Schema):
    """A seat's position as ``GET /games/{game_id}/position`` answers it (``Game.position(seat)``): the
    seat's view plus the agenda.  Only its top-level members are checked here; the engine checks the rest."""

    class Meta:
        unknown = INCLUDE

    seat = fields.Integer(required=True, strict=True, validate=Range(0, 4), metadata={"description": "whose position"})
    version = fields.Integer(required=True, strict=True, validate=Range(0, 10**6),
                             metadata={"description": "moves played (echoed by the answer)"})
    pending = fields.Dict(required=True, allow_none=True, metadata={"description": "the pending decision"})
    agenda = fields.List(fields.Dict(), required=True, metadata={"description": "the steps to come"})
    config = fields.Dict(required=True, metadata={"description": "players, seats, first_game_contracts (no seed)"})
    players = fields.List(fields.Dict(), required=True, validate=Length(1, 5))


class AnalysisHintSchema(Schema):
    """``POST /analysis/hint``: a seat's ``position`` (its pending decision must be that seat's), ``top``,
    ``budget_ms``, ``simulations`` and ``search_seed`` as for ``GET /games/{game_id}/hint``."""

    position = fields.Nested(PositionInputSchema, required=True)
    top = _top()
    budget_ms = _budget("search time in milliseconds (default 800; capped by the server)")
    simulations = simulations_field()
    search_seed = seed_field()


def _puzzle_reference(value: object) -> None:
    """A published puzzle's id (a string) or a puzzle object as ``GET /puzzles/...`` serves it."""
    if isinstance(value, str):
        if not 1 <= len(value) <= 64:
            raise ValidationError("a puzzle id has 1 to 64 characters")
    elif not isinstance(value, dict):
        raise ValidationError("a published puzzle's id, or the puzzle as GET /puzzles/{puzzle_id} serves it")


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
    budget_ms = _budget("solver time in milliseconds (default 1000; capped by the server)")

    @validates_schema
    def _one_subject(self, data: dict, **_: object) -> None:
        if (data.get("position") is None) == (data.get("puzzle") is None):
            raise ValidationError("give exactly one of position (a game's) and puzzle (a daily puzzle's)", "position")
        if data.get("position") is not None and data.get("tiles") is None:
            raise ValidationError("the tiles to plan are needed with a position", "tiles")


# --- answers ------------------------------------------------------------------------------------------


class SearchFiguresSchema(Schema):
    """What the search found for one option: ``gain`` (its mean return: the change of the seat's position value over
    the search's horizon, points) and its ``stderr``; ``loss`` (how far its return falls short of the best option's,
    on the same sampled worlds, clipped at 0) and ``loss_stderr``; ``visits`` (simulations of it), ``share`` (of all
    simulations) and ``prior`` (its rank by one-step gain, 0 first).  A figure the search could not estimate (too
    few visits) is null."""

    gain = fields.Float(required=True, allow_none=True)
    stderr = fields.Float(required=True, allow_none=True)
    loss = fields.Float(required=True, allow_none=True)
    loss_stderr = fields.Float(required=True, allow_none=True)
    visits = fields.Integer(required=True)
    share = fields.Float(required=True)
    prior = fields.Integer(required=True)


class HintOptionSchema(OpenSchema):
    """One ranked option: its ``moves`` (post them to ``/moves`` in order), ``gain`` (the one-step estimate of its
    final-score change, points) by ``terms``, a readable ``label``, ``complete`` (false when the budget ran out
    before the option was played through: then ``moves`` holds its first move only) and ``search``, the search's
    figures for it (``SearchFiguresSchema``)."""

    moves = fields.List(fields.Nested(MoveSchema), required=True)
    gain = fields.Float(required=True)
    terms = fields.Dict(keys=fields.String(), values=fields.Float(), required=True)
    label = fields.String(required=True)
    complete = fields.Boolean(required=True)
    search = fields.Nested(SearchFiguresSchema, required=True)


class HintSchema(OpenSchema):
    """The best options of the pending decision for ``seat``, computed from that seat's position only by the
    information-set search: ``options`` best first (the most simulated), each with the search's figures.

    ``version``: the state version it was computed for (``GET /games/{id}/hint``: the game version, also
    the ``ETag``; ``POST /analysis/hint``: the posted position's); ``moves_played`` (game hints): the
    moves in the log; ``partial``: the budget cut the search short (options not played through, or fewer
    simulations than asked); ``budget_ms``: the budget used (after the server's cap); ``simulations``: how many
    the search ran, on ``workers`` processes, its determinizations seeded by ``search_seed``; ``wall_ms``: the time
    taken."""

    version = fields.Integer(required=True)
    moves_played = fields.Integer()
    seat = fields.Integer(required=True)
    decision = fields.Nested(PendingSchema, required=True)
    options = fields.List(fields.Nested(HintOptionSchema), required=True)
    partial = fields.Boolean(required=True)  # type: ignore[assignment]  # the answer's member, not Schema.partial
    budget_ms = fields.Float(required=True)
    simulations = fields.Integer(required=True)
    workers = fields.Integer(required=True)
    search_seed = fields.Integer(required=True)
    wall_ms = fields.Float(required=True)


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
