"""Marshmallow schemas of the move review resources (docs/api.md, "Move review")."""

from __future__ import annotations

from marshmallow import Schema, fields
from marshmallow.validate import OneOf, Range

from service.games.schemas import OpenSchema
from service.hints import MAX_ASKED_BUDGET_MS, seed_field, simulations_field


class ReviewRequestSchema(Schema):
    """``POST /games/{game_id}/reviews``: the search of each decision: ``budget_ms`` (default
    ``REVIEW_DEFAULT_BUDGET_MS``, 300; lowered to ``REVIEW_MAX_BUDGET_MS``, 3000), ``simulations`` and ``search_seed``."""

    budget_ms = fields.Integer(load_default=None, allow_none=True, strict=True, validate=Range(1, MAX_ASKED_BUDGET_MS),
                               metadata={"description": "search time per decision in milliseconds (default 300; capped "
                                                        "by the server, 3000 by default)"})
    simulations = simulations_field()
    search_seed = seed_field()


class ReviewedDecisionSchema(OpenSchema):
    """One reviewed decision: ``index`` (its first move's number in the log, 0-based), ``seat``, ``decision`` (the
    pending decision's type), ``played`` and ``best`` (labels; null when the viewer may not see them whole),
    ``played_moves`` and ``best_moves`` (as the move log shows them to the viewer), ``loss`` (points the played option
    lost against the best one, on the same sampled worlds; 0 when it was the best) and ``loss_stderr``, ``options``
    weighed, ``simulations`` and ``partial``; ``moment``, when the game says when the decision was made in its own
    terms (Wild Tiled West: ``year``, ``round_in_year`` and the ``dice`` as they lay), so that a page says it in its
    words rather than by move number."""

    index = fields.Integer(required=True)
    seat = fields.Integer(required=True)
    decision = fields.String(required=True)
    played = fields.String(required=True, allow_none=True)
    played_moves = fields.List(fields.Dict(), required=True)
    best = fields.String(required=True, allow_none=True)
    best_moves = fields.List(fields.Dict(), required=True)
    loss = fields.Float(required=True)
    loss_stderr = fields.Float(required=True, allow_none=True)
    options = fields.Integer(required=True)
    simulations = fields.Integer(required=True)
    partial = fields.Boolean(required=True)  # type: ignore[assignment]  # the answer's member, not Schema.partial
    moment = fields.Dict(required=False)


class ReviewSeatSchema(OpenSchema):
    """One seat's figures: ``decisions`` reviewed, ``with_choice`` (more than one option), ``loss`` (total points
    lost), ``mean_loss`` and ``max_loss`` over the decisions with a choice, ``best_share`` (of those, where the played
    option was the best)."""

    decisions = fields.Integer(required=True)
    with_choice = fields.Integer(required=True)
    loss = fields.Float(required=True)
    mean_loss = fields.Float(required=True)
    max_loss = fields.Float(required=True)
    best_share = fields.Float(required=True)


class ProgressSchema(Schema):
    """Decisions reviewed so far (``done``) of ``total`` (null until the first slice counted them)."""

    done = fields.Integer(required=True)
    total = fields.Integer(required=True, allow_none=True)


class ReviewSchema(OpenSchema):
    """A move review: ``id``, ``game``, ``status`` (``queued``, ``running``, ``done`` or ``failed``, then with its
    ``reason``), the search's ``budget_ms``, ``simulations`` and ``search_seed``, ``progress``, ``seats`` (by seat number,
    as a string) and the ``decisions`` reviewed so far, in play order."""

    id = fields.String(required=True)
    game = fields.String(required=True)
    status = fields.String(required=True, validate=OneOf(["queued", "running", "done", "failed"]))
    reason = fields.String()
    budget_ms = fields.Integer(required=True)
    simulations = fields.Integer(required=True, allow_none=True)
    search_seed = fields.Integer(required=True)
    progress = fields.Nested(ProgressSchema, required=True)
    seats = fields.Dict(keys=fields.String(), values=fields.Nested(ReviewSeatSchema), required=True)
    decisions = fields.List(fields.Nested(ReviewedDecisionSchema), required=True)
