"""Daily puzzle resources: ``GET /puzzles/daily``, ``GET /puzzles/{puzzle_id}``, ``POST
/puzzles/{puzzle_id}/solutions`` and ``POST /puzzles/{puzzle_id}/board`` (docs/api.md, "Daily puzzles"; the puzzles themselves: docs/puzzles.md),
and the ``flask puzzles generate`` command that stores the coming days' puzzles ahead of time.  Every game with a daily
puzzle (``DAILY_GAMES``, found through the registry: ``puzzles.archive.daily_games``) is served; a puzzle's solutions
and board are its game's (``PuzzleStore.verify``, ``PuzzleStore.board``).

No token: puzzles are the same for everybody.  A puzzle never changes once published, so its answers
carry its id as ``ETag`` and may be cached; the optimal solution is never answered.
"""

from __future__ import annotations

import datetime

import click
from flask import Response, current_app, request, url_for
from flask.cli import with_appcontext

from puzzles.archive import DIFFICULTIES, daily_games
from service.games.store import dumps
from service.language import _
from service.parsing import Blueprint
from service.problems import Refused, problem_responses
from service.puzzles.schemas import (
    DailyQuerySchema,
    OptimalSchema,
    PuzzleBoardSchema,
    PuzzleSchema,
    SolutionSchema,
    VerdictSchema,
)
from service.puzzles.store import PuzzleStore
from service.puzzles.tasks import daily_puzzle
from service.storage import DEFAULT_GAME, StoredPuzzle

blp = Blueprint("puzzles", __name__, url_prefix="/puzzles", description="Daily solo puzzles: fetch one, submit a solution")

ETAG_HEADER = {"ETag": {"description": "the puzzle id, quoted", "schema": {"type": "string"}}}
#: Cache lifetimes, in seconds: a dated or identified puzzle never changes; "today's" changes at midnight UTC.
TODAY_MAX_AGE = 60
#: The registered games that have a daily puzzle (each game's generator and verifier: ``puzzles.<its package's leaf>``)
DAILY_GAMES = daily_games()
PUBLISHED_MAX_AGE = 86400


def store() -> PuzzleStore:
    """This app's ``PuzzleStore``."""
    return current_app.extensions["wtw_puzzles"]


def _puzzle_answer(stored: StoredPuzzle, max_age: int) -> Response:
    if request.if_none_match.contains(stored.id):
        response = Response(status=304)
    else:
        response = Response(store().public(stored), mimetype="application/json")
    response.headers["ETag"] = f'"{stored.id}"'
    response.headers["Cache-Control"] = f"public, max-age={max_age}"
    response.headers["Content-Location"] = url_for("puzzles.get_puzzle", puzzle_id=stored.id)
    return response


@blp.route("/daily", methods=["GET"])
@blp.arguments(DailyQuerySchema, location="query")
@blp.response(200, PuzzleSchema, headers={**ETAG_HEADER, "Content-Location": {
    "description": "the puzzle's own resource, /puzzles/{puzzle_id}", "schema": {"type": "string"}}})
@blp.alt_response(304, description="Not Modified: If-None-Match names this puzzle")
@problem_responses(blp, 404, 422, 429, 503)
def get_daily(args):
    """The puzzle of ``game`` (default ``wild-tiled-west``) for ``date`` (default today, UTC) at ``difficulty`` (default
    medium), without its optimal solution; 404 ``no_daily_puzzle`` for a game that has none yet.

    The coming days' puzzles are generated ahead of time and stored; every request, on any worker, answers the
    stored puzzle byte for byte.  A date not stored yet is generated on the server's heavy-work queue: the request
    waits up to ``PUZZLES_WAIT_SECONDS`` (2 s), then answers 503 ``generating`` with ``Retry-After``.  422
    ``date_out_of_range`` for a date before ``PUZZLES_FIRST_DATE`` or more than ``PUZZLES_DAYS_AHEAD`` days after
    today (UTC); 429 when this client asked for too many puzzles not generated yet
    (``RATELIMIT_PUZZLE_GENERATION``); 503 ``generating`` or ``generation_failed`` (retry after ``Retry-After``)."""
    game = args["game"]
    if game not in DAILY_GAMES:
        raise Refused(404, _("{game} has no daily puzzle yet: the games with one are {games}").format(
            game=game, games=", ".join(DAILY_GAMES)),
                      rule="no_daily_puzzle")
    store().check_difficulty(game, args["difficulty"])
    date = args["date"]
    max_age = PUBLISHED_MAX_AGE
    if date is None:
        date, max_age = datetime.datetime.now(datetime.UTC).date(), TODAY_MAX_AGE
    store().check_date(date)
    return _puzzle_answer(daily_puzzle(store(), date, args["difficulty"], game), max_age)


@blp.route("/<puzzle_id>", methods=["GET"])
@blp.response(200, PuzzleSchema, headers=ETAG_HEADER)
@blp.alt_response(304, description="Not Modified: If-None-Match names this puzzle")
@problem_responses(blp, 404, 429)
def get_puzzle(puzzle_id: str):
    """A published puzzle (of any game) by its id, without its optimal solution; 404 ``unknown_puzzle``."""
    return _puzzle_answer(store().get(puzzle_id), PUBLISHED_MAX_AGE)


#: An example body of the resources that take placements of a puzzle's hand.
SOLUTION_EXAMPLE = {"placements": [{"tile": "t12#1", "orientation": 0, "row": 3, "col": 4}]}


def _not_stored(body: object) -> Response:
    """A JSON answer computed for this request only (nothing is stored; it must not be cached)."""
    response = Response(dumps(body), mimetype="application/json")
    response.headers["Cache-Control"] = "no-store"
    return response


@blp.route("/<puzzle_id>/solutions", methods=["POST"])
@blp.arguments(SolutionSchema, example=SOLUTION_EXAMPLE)
@blp.response(200, VerdictSchema)
@problem_responses(blp, 400, 404, 413, 422, 429)
def post_solution(solution, puzzle_id: str):
    """The verdict of the puzzle's game on a solution: legal or not (the rule broken, the placement's index and the
    reason), its score by term and the puzzle's optimum.  An illegal solution is still a verdict (200).

    404 ``unknown_puzzle``; 422 ``invalid_solution`` for a tile that is not in the puzzle's hand or is
    placed twice (or a body that breaks the schema).  Nothing is stored."""
    return _not_stored(store().verify(puzzle_id, solution))


@blp.route("/<puzzle_id>/board", methods=["POST"])
@blp.arguments(SolutionSchema, example=SOLUTION_EXAMPLE)
@blp.response(200, PuzzleBoardSchema)
@problem_responses(blp, 400, 404, 413, 422, 429)
def post_board(solution, puzzle_id: str):
    """The puzzle's settlement after the hand tiles placed so far (``placements``, played in the order given, each
    under every placement rule), as a picture (``svg``, drawn like ``board.svg``), and every legal placement of each
    hand tile not placed yet (``options``: tile id -> ``place`` moves with their ``squares`` and ``label``): what a
    client shows while a player solves the puzzle one tile at a time.  Nothing is stored; the score is the verdict's
    (``POST /puzzles/{puzzle_id}/solutions``).

    404 ``unknown_puzzle``; 422 with the placement rule broken (``not_connected``, ``overlap``, ...) and the reason
    when a placement is illegal where it stands in the order, ``invalid_solution`` for a tile that is not in the hand
    or is placed twice (or a body that breaks the schema)."""
    return _not_stored(store().board(puzzle_id, solution))


@blp.route("/<puzzle_id>/optimal", methods=["POST"])
@blp.arguments(SolutionSchema, example={"moves": [{"type": "terrain", "resource": "wood"}]})
@blp.response(200, OptimalSchema)
@problem_responses(blp, 400, 404, 409, 413, 422, 429)
def post_optimal(solution, puzzle_id: str):
    """The puzzle's optimal solution (the stored one, proven) and its points by term: a spoiler, answered only to the
    player's own legal solution played to the puzzle's end (what a client shows after a submission, when the player
    asks).  404 ``unknown_puzzle``; 409 ``not_finished`` for a solution illegal or not finished; 422 as
    ``/solutions``.  Nothing is stored."""
    return _not_stored(store().optimal(puzzle_id, solution))


@click.group("puzzles")
def puzzles_command() -> None:
    """The daily puzzles the service publishes (``flask --app 'service.app:create_app()' puzzles ...``)."""


@puzzles_command.command("generate")
@click.option("--from", "start", default=None, type=click.DateTime(formats=["%Y-%m-%d"]),
              help="first date, YYYY-MM-DD (default: today, UTC)")
@click.option("--days", default=2, show_default=True, type=click.IntRange(1, 366), help="how many dates")
@click.option("--difficulty", "difficulties", multiple=True, type=click.Choice(DIFFICULTIES),
              help="default: all the game offers")
@click.option("--game", default=DEFAULT_GAME, show_default=True, type=click.Choice(DAILY_GAMES),
              help="the game whose puzzles to generate")
@with_appcontext
def generate_puzzles(start: datetime.datetime | None, days: int, difficulties: tuple[str, ...], game: str) -> None:
    """Generate and store the puzzles of DAYS dates from --from, so that no request has to generate one
    (e.g. daily from cron: ``flask --app 'service.app:create_app()' puzzles generate``).  A date
    already stored is left as it is; dates outside the served range are generated all the same."""
    first = start.date() if start else datetime.datetime.now(datetime.UTC).date()
    offered = store().difficulties(game)
    unknown = [d for d in difficulties if d not in offered]
    if unknown:
        raise click.BadParameter(f"{game} offers {', '.join(offered)}, not {', '.join(unknown)}", param_hint="--difficulty")
    for n in range(days):
        date = first + datetime.timedelta(days=n)
        for difficulty in difficulties or offered:
            try:
                stored = store().make(date, difficulty, game)
            except Refused as exc:
                raise click.ClickException(f"{date.isoformat()} {difficulty}: {exc.detail}") from None
            click.echo(f"{stored.date} {stored.difficulty} {stored.id}")
