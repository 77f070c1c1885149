"""What every game's hint resources share: the server's cap on a search's budget (``capped``) and the hint's query
and answer schemas (docs/api.md, "Hints and analysis").

``GET /games/{game_id}/hint`` (any registered game, ``service.games.routes``), the move reviews
(``service.reviews``) and a game's own analysis resources (Wild Tiled West's ``POST /analysis/hint``:
``service.wild_tiled_west.analysis``) read their budgets, simulation counts and seeds with these fields and answer
with ``HintSchema``.  Budgets above the server's cap are lowered to it (the answer says which budget was used);
below 1 ms, or not whole numbers, they are 422.  This module imports no game.
"""

from __future__ import annotations

from flask import current_app
from marshmallow import Schema, fields
from marshmallow.validate import Range

from service.games.schemas import MoveSchema, OpenSchema, PendingSchema

MAX_TOP = 10  #: a hint ranks at most this many options
#: budgets asked above this are refused (422) rather than lowered: such a number is a client's mistake
MAX_ASKED_BUDGET_MS = 3_600_000
MAX_SIMULATIONS = 100_000  #: a search cut by count asks at most this many simulations
MAX_SEED = 2**31 - 1  #: seeds of the determinizations: 0 to this


def capped(asked: int | None, kind: str) -> int:
    """The budget to use, in milliseconds: ``asked`` (``None``: the server's ``<kind>_DEFAULT_BUDGET_MS``)
    lowered to ``<kind>_MAX_BUDGET_MS``, and at least 1 (``kind``: ``HINT``, ``REVIEW``, or a game's own, such as Wild
    Tiled West's ``PLACEMENTS``).  Reads the current app's settings: call it inside a request (``KeyError`` for a
    ``kind`` the app has no settings of)."""
    config = current_app.config
    budget = config[f"{kind}_DEFAULT_BUDGET_MS"] if asked is None else asked
    return max(1, min(int(budget), int(config[f"{kind}_MAX_BUDGET_MS"])))


def budget_field(description: str, strict: bool = True) -> fields.Integer:
    """A budget in milliseconds, 1 to ``MAX_ASKED_BUDGET_MS`` or null (the server's default) (``strict``: a JSON
    number; else a query string's digits); ``description`` documents it."""
    return fields.Integer(load_default=None, allow_none=True, strict=strict, validate=Range(1, MAX_ASKED_BUDGET_MS),
                          metadata={"description": description})


def top_field() -> fields.Integer:
    """How many options a hint ranks: 1 to ``MAX_TOP``, default 3."""
    return fields.Integer(load_default=3, validate=Range(1, MAX_TOP),
                          metadata={"description": f"how many options to rank, best first (1-{MAX_TOP})"})


def simulations_field(strict: bool = True) -> fields.Integer:
    """A search's simulation count, 1 to ``MAX_SIMULATIONS`` or null (the budget alone) (``strict``: a JSON number;
    else a query string's digits)."""
    return fields.Integer(load_default=None, allow_none=True, strict=strict, validate=Range(1, MAX_SIMULATIONS),
                          metadata={"description": "stop the search after this many simulations (or at the budget, "
                                                   "whichever comes first): the same count and seed give the same "
                                                   "answer"})


def seed_field(strict: bool = True) -> fields.Integer:
    """The seed of a search's determinizations: 0 to ``MAX_SEED``, default 0 (``strict``: a JSON number; else a query
    string's digits)."""
    return fields.Integer(load_default=0, strict=strict, validate=Range(0, MAX_SEED),
                          metadata={"description": "seed of the sampled hidden cards and future dice (default 0)"})


# --- requests -----------------------------------------------------------------------------------------


class HintQuerySchema(Schema):
    """``top``: options to rank (default 3); ``budget_ms``: the search's time budget in milliseconds
    (default ``HINT_DEFAULT_BUDGET_MS``, 800; lowered to the server's ``HINT_MAX_BUDGET_MS``, 10000);
    ``simulations``: stop at this many simulations instead (within the budget); ``search_seed``: the
    determinizations' (not the game's seed, which no answer shows)."""

    top = top_field()
    budget_ms = budget_field("search time in milliseconds (default 800; capped by the server, 10000 by default)",
                             strict=False)
    simulations = simulations_field(strict=False)
    search_seed = seed_field(strict=False)


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
