"""Move review resources: ``POST /games/{game_id}/reviews`` and ``GET /games/{game_id}/reviews/{review_id}``
(docs/api.md, "Move review"; ``service.reviews.store``).

No token is needed to ask for the review of a finished game or to read it; with a seat's token, that seat's own
decisions are shown whole (another seat's as the move log shows them).
"""

from __future__ import annotations

from flask import Response, current_app, request, url_for

from service.games.store import Games, dumps
from service.hints import capped
from service.language import N_
from service.limits import limit_started_work
from service.parsing import Blueprint
from service.problems import problem_responses
from service.reviews.schemas import ReviewRequestSchema, ReviewSchema
from service.reviews.store import Reviews
from service.reviews.tasks import queue_review_slice
from service.storage import GameHead, StoredReview

blp = Blueprint("reviews", __name__, url_prefix="/games",
                description="Move reviews of finished games: the points each move lost against the search's best")

LOCATION = {"Location": {"description": "the review's resource, /games/{game_id}/reviews/{review_id}",
                         "schema": {"type": "string"}}}
#: Seconds a finished review may be kept by the client's cache (it never changes; the answer depends on the token).
DONE_MAX_AGE = 3600


def reviews() -> Reviews:
    """This app's ``Reviews``."""
    return current_app.extensions["wtw_reviews"]


def _answer(review: StoredReview, head: GameHead, status: int, viewer: int | None) -> Response:
    response = Response(dumps(reviews().view(review, head.game, viewer)), status=status, mimetype="application/json")
    response.headers["Location"] = url_for("reviews.get_review", game_id=review.game_id, review_id=review.id)
    response.headers["Cache-Control"] = f"private, max-age={DONE_MAX_AGE}" if review.finished else "no-store"
    response.headers["Vary"] = "Authorization"
    return response


def _game_and_viewer(game_id: str) -> tuple[GameHead, int | None]:
    """The game's head and the bearer's seat (``None``: no token, a spectator); 404 for no such game, 401 for a token
    of no seat."""
    games: Games = current_app.extensions["wtw_games"]
    head = games.head(game_id)
    return head, games.seat(head, request.headers.get("Authorization"), required=False)


@blp.route("/<game_id>/reviews", methods=["POST"])
@blp.arguments(ReviewRequestSchema)
@blp.response(202, ReviewSchema, headers=LOCATION)
@blp.alt_response(200, schema=ReviewSchema, description="the review with these settings exists and is done")
@problem_responses(blp, 400, 401, 404, 409, 413, 422, 429)
def post_review(args, game_id: str):
    """Ask for the move review of a finished game: each seat's decisions searched from that seat's position (with
    ``budget_ms`` per decision, lowered to ``REVIEW_MAX_BUDGET_MS``, or ``simulations``), the points each move lost
    against the best option found, per decision and per seat.

    The review is made on the server's heavy-work queue, after interactive work: the answer is 202 with its
    ``Location`` and its progress (poll it there), or 200 when the review with these settings is done already (the
    same settings always name the same review).  409 ``game_not_over`` for a game still being played; 429 when this
    client asked for more new reviews than ``RATELIMIT_REVIEWS`` allows (20 an hour; asking again for a review made
    or being made does not count)."""
    head, viewer = _game_and_viewer(game_id)
    budget = capped(args["budget_ms"], "REVIEW")
    review, new = reviews().request(head, budget, args["simulations"], args["search_seed"], before_new=lambda: (
        limit_started_work("RATELIMIT_REVIEWS", "reviews", N_("move reviews asked for"))))
    if new:
        queue_review_slice(review.id)
        review = reviews().get(game_id, review.id)  # done already when the queue runs tasks at once (tests)
    return _answer(review, head, 200 if review.finished else 202, viewer)


@blp.route("/<game_id>/reviews/<review_id>", methods=["GET"])
@blp.response(200, ReviewSchema)
@problem_responses(blp, 401, 404, 429)
def get_review(game_id: str, review_id: str):
    """A move review: its status and progress, the decisions reviewed so far and each seat's figures (points
    lost).  With a seat's token, that seat's decisions are shown whole; another seat's moves as the move log shows
    them (a kept partner withheld, its label null).  404 ``unknown_review``."""
    head, viewer = _game_and_viewer(game_id)
    return _answer(reviews().get(game_id, review_id), head, 200, viewer)
