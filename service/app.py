"""The Flask application factory of the JSON API.

``create_app()`` builds the app served by gunicorn (``make serve``, ``Procfile``).  The OpenAPI 3
document is at ``/openapi.json`` and browsable at ``/docs`` (flask-smorest).  Every error answer is
``application/problem+json`` (RFC 9457): ``{"type", "title", "status", "detail"}``.

Settings (``create_app(config)``, or ``FLASK_<NAME>`` environment variables, JSON-decoded when they
parse): ``DATABASE_URL`` (also read from the plain ``DATABASE_URL`` variable; default an SQLite
file in the instance folder), ``DATABASE_LOCK_TIMEOUT`` (seconds a write waits for another's lock
before the answer is 503: 30), ``SSE_MAX_SECONDS`` (300: an event stream's longest life) and ``SSE_POLL_SECONDS``
(0.25: how often a worker reads the versions of the games its streams follow, ``service.games.watch``), the rate limits
of ``service.limits``, ``MAX_CONTENT_LENGTH`` (bytes of a request body; default 256 KiB, 413 above),
``BODY_TIMEOUT_SECONDS`` (10: the deadline of a whole request body, ``service.bodies``),
the hint budgets in milliseconds ``HINT_DEFAULT_BUDGET_MS`` (800) and ``HINT_MAX_BUDGET_MS``
(10000), the move reviews' search per
decision ``REVIEW_DEFAULT_BUDGET_MS`` (300) and ``REVIEW_MAX_BUDGET_MS`` (3000) and ``REVIEW_SLICE_SECONDS`` (2: a
review task's share of the queue before it queues the rest, ``service.reviews``) and ``REVIEW_STALL_SECONDS`` (120: an
unfinished review left unwritten this long is queued again), the heavy-work queue of
``service.heavy`` (``TASK_QUEUE``: read from ``FLASK_TASK_QUEUE`` at import; ``TASK_WAIT_SECONDS`` 12, how long a
request waits for its task beyond the task's budget and the work measured ahead of it) and its priorities and limits
of ``service.fairness`` (``PRIORITY_HINT`` 100, ``PRIORITY_BOT_OPPONENT`` 90, ``PRIORITY_ANALYSIS`` 80,
``PRIORITY_REVIEW`` 50, ``PRIORITY_ALL_BOTS`` 20, ``PRIORITY_BACKGROUND`` 0; ``TASK_QUEUE_MAX_SECONDS`` 30, the most
work measured ahead of a request before it is refused with 503; ``TASK_CLIENT_WORK_SECONDS`` 10, the most work of
one client's requests on the queue at once), the bot seats of ``service.games.bots``
(``BOT_MAX_BUDGET_MS``: 3000, a bot's longest thought per decision; ``SEAT_TIMEOUT_S``: off; ``SEAT_TIMEOUT_BOT`` and
``LEAVE_BOT``: "hint"), the daily puzzles (``PUZZLES_FIRST_DATE`` "2026-01-01",
``PUZZLES_DAYS_AHEAD`` 1, ``PUZZLES_AHEAD`` true: generated ahead by the queue, ``PUZZLES_WAIT_SECONDS`` 2, and the
``RATELIMIT_PUZZLE_GENERATION`` of ``service.limits``), ``CORS_ORIGINS`` (the origins whose pages may
call the API: ``"*"`` by default, or a list), and each game's own settings, read by its extras (``service.extras``;
Wild Tiled West's, ``service.wild_tiled_west``: ``CATALOG_DIR``, a corrected copy of its data files, and the plan
budgets of its analysis ``PLACEMENTS_DEFAULT_BUDGET_MS``, 1000, and ``PLACEMENTS_MAX_BUDGET_MS``, 2000).

The app imports no game: it builds the house from the registry (``service.games.store.house_games``: every registered
game's object, with the components its extras read from the settings) and registers every game's extras
(``service.extras.house_extras``: the resources only that game has) beside the generic resources.
"""

from __future__ import annotations

import datetime
import http
from typing import Any, cast

from flask import Flask, current_app, send_from_directory
from flask.json.provider import DefaultJSONProvider
from flask_cors import CORS
from flask_smorest import Api
from flask_smorest.utils import prepare_response
from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeoutError
from swagger_ui_bundle import swagger_ui_path

from service.bodies import DEFAULT_TIMEOUT_SECONDS, init_bodies
from service.extras import house_extras
from service.fairness import HeavyWork, init_fairness
from service.games.bots import DEFAULT_BOT_MAX_BUDGET_MS, after_change
from service.games.events import EventStreams
from service.games.game_bodies import register_bodies
from service.games.routes import blp as games_blp
from service.games.store import Games, house_games
from service.games.watch import GameWatcher
from service.health import blp as health_blp
from service.heavy import DEFAULT_WAIT_SECONDS, huey
from service.language import register_language
from service.limits import PUZZLE_GENERATION_LIMIT, REVIEWS_LIMIT, init_limits
from service.problems import PROBLEM_JSON, FrontLineResponses, ProblemSchema, problem, register_problem_handlers
from service.puzzles.routes import blp as puzzles_blp
from service.puzzles.routes import puzzles_command
from service.puzzles.store import PuzzleStore
from service.reviews.routes import blp as reviews_blp
from service.reviews.store import REVIEW_STALL_SECONDS, Reviews
from service.storage import BUSY_TIMEOUT_S, GameHead, Storage, database_url
from service.web import ENDPOINTS as WEB_ENDPOINTS
from service.web import blp as web_blp

API_TITLE = "Wild Tiled West engine"
SWAGGER_UI_ROUTE = "/docs/swagger-ui"  #: where /docs loads swagger-ui's files from (the swagger-ui-bundle package)
API_VERSION = "0.11.0"


class ProblemApi(Api):
    """flask-smorest's ``Api`` whose documented error answers are ``application/problem+json``."""

    ERROR_SCHEMA = ProblemSchema
    DEFAULT_ERROR_RESPONSE_NAME = None  # each operation lists its own error statuses, no catch-all "default"

    def _register_responses(self):
        for status in http.HTTPStatus:
            response: dict[str, Any] = {"description": status.phrase}
            if not (100 <= status < 200) and status not in (204, 304):
                response["schema"] = self.ERROR_SCHEMA
            prepare_response(response, self.spec, PROBLEM_JSON)
            self.spec.components.response(status.name, response, lazy=True)
        response = {"description": "Default error response", "schema": self.ERROR_SCHEMA}
        prepare_response(response, self.spec, PROBLEM_JSON)
        self.spec.components.response("DEFAULT_ERROR", response, lazy=True)

    def _openapi_json(self) -> Any:
        """The OpenAPI document, its summaries and descriptions in Markdown (the docstrings' ````code```` as
        ```code```), as /docs renders them."""
        return current_app.response_class(current_app.json.dumps(_markdown(self.spec.to_dict()), indent=2),
                                          mimetype="application/json")


def _markdown(node: Any) -> Any:
    """``node`` (OpenAPI data) with reStructuredText's double backticks as Markdown's single ones in every
    ``summary`` and ``description``."""
    if isinstance(node, dict):
        return {k: v.replace("``", "`") if k in ("summary", "description") and isinstance(v, str) else _markdown(v)
                for k, v in node.items()}
    if isinstance(node, list):
        return [_markdown(v) for v in node]
    return node


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the app.  ``config`` overrides Flask settings (tests pass ``{"TESTING": True}``).

    Every registered game's extras are found (``service.extras.house_extras``): their settings' defaults are applied
    below the environment's and ``config``'s, each game's components are read from the settings and its game object
    made with them (``house_games``), and each game's start runs, all before the first request: a game's broken data
    stops the service from starting instead of failing on a request (Wild Tiled West: ``CATALOG_DIR``, default
    ``$WTW_CATALOG``, else the packaged data; ``solver.games.wild_tiled_west.components.catalog.CatalogError``, naming
    each problem's file, entry and constraint).  The database tables are created when missing.
    """
    extras = house_extras()
    app = Flask(__name__)
    register_language(app)  # first: every answer, even a refusal by another before_request, in the asked language
    app.config.update(
        API_TITLE=API_TITLE,
        API_VERSION=API_VERSION,
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",
        OPENAPI_SWAGGER_UI_PATH="/docs",
        OPENAPI_SWAGGER_UI_URL=SWAGGER_UI_ROUTE + "/",  # served from the swagger-ui-bundle package: no CDN
        CORS_ORIGINS="*",
        JSON_SORT_KEYS=False,
        MAX_CONTENT_LENGTH=256 * 1024,
        SSE_MAX_SECONDS=300,
        SSE_POLL_SECONDS=0.25,
        BODY_TIMEOUT_SECONDS=DEFAULT_TIMEOUT_SECONDS,
        HINT_DEFAULT_BUDGET_MS=800,
        HINT_MAX_BUDGET_MS=10_000,
        REVIEW_DEFAULT_BUDGET_MS=300,
        REVIEW_MAX_BUDGET_MS=3000,
        REVIEW_SLICE_SECONDS=2,
        REVIEW_STALL_SECONDS=REVIEW_STALL_SECONDS,
        TASK_QUEUE=None,
        TASK_WAIT_SECONDS=DEFAULT_WAIT_SECONDS,
        BOT_MAX_BUDGET_MS=DEFAULT_BOT_MAX_BUDGET_MS,
        SEAT_TIMEOUT_S=None,
        SEAT_TIMEOUT_BOT="hint",
        LEAVE_BOT="hint",
        PUZZLES_FIRST_DATE="2026-01-01",
        PUZZLES_DAYS_AHEAD=1,
        PUZZLES_AHEAD=True,
        PUZZLES_WAIT_SECONDS=2,
        RATELIMIT_PUZZLE_GENERATION=PUZZLE_GENERATION_LIMIT,
        RATELIMIT_REVIEWS=REVIEWS_LIMIT,
        DATABASE_LOCK_TIMEOUT=BUSY_TIMEOUT_S,
    )
    for game_extras in extras.values():
        app.config.update(game_extras.settings)
    app.config.from_prefixed_env()
    if config:
        app.config.update(config)
    components = {game_id: game_extras.components(app.config) for game_id, game_extras in extras.items()}
    rules = house_games(components)
    for game_id, game_extras in extras.items():
        game_extras.start(app, rules[game_id])
    json_provider = cast(DefaultJSONProvider, app.json)
    json_provider.sort_keys = False
    json_provider.ensure_ascii = False
    storage = Storage(database_url(app.config, app.instance_path), float(app.config["DATABASE_LOCK_TIMEOUT"]))
    storage.create_tables()
    if app.config["TASK_QUEUE"] == "immediate":  # tasks run in the request's process (tests, tools)
        huey.immediate = True
    watcher = GameWatcher(storage, float(app.config["SSE_POLL_SECONDS"]))

    def on_change(head: GameHead, pending: tuple[int, ...]) -> None:
        """After each committed change: this worker's streams of the game at once, then the bots' turns (if theirs)."""
        watcher.changed(head)
        after_change(head, pending)

    games = Games(storage, rules, on_change=on_change)
    app.extensions["wtw_games"] = games
    app.extensions["wtw_streams"] = EventStreams(games, watcher, float(app.config["SSE_MAX_SECONDS"]))
    app.extensions["wtw_reviews"] = Reviews(storage, games.rules)
    app.extensions["wtw_heavy_work"] = HeavyWork(storage)
    init_fairness(app)
    app.extensions["wtw_puzzles"] = PuzzleStore(storage, _date(app.config["PUZZLES_FIRST_DATE"]),
                                                int(app.config["PUZZLES_DAYS_AHEAD"]), games.rules)
    api = ProblemApi(app, spec_kwargs={"info": {"description": "JSON API of the Wild Tiled West engine: see docs/api.md"},
                                       "extra_plugins": [FrontLineResponses()]})
    api.spec.components.security_scheme("seatToken", {
        "type": "http", "scheme": "bearer",
        "description": "a seat's secret token from POST /games: Authorization: Bearer <token>"})
    app.extensions["house_bodies"] = register_bodies(api.spec, rules, extras)
    api.register_blueprint(health_blp)
    api.register_blueprint(games_blp)
    api.register_blueprint(reviews_blp)
    api.register_blueprint(puzzles_blp)
    for game_extras in extras.values():  # each game's own resources, after the generic ones
        for blueprint in game_extras.blueprints:
            api.register_blueprint(blueprint)
    register_problem_handlers(app)
    app.register_blueprint(web_blp)  # the web client at / (not part of the API: no OpenAPI entry)
    app.add_url_rule(SWAGGER_UI_ROUTE + "/<path:filename>", "swagger_ui_files",
                     lambda filename: send_from_directory(swagger_ui_path, filename))
    # Browsers on other origins may call the API (tokens travel in the Authorization header, never in cookies).
    CORS(app, origins=app.config["CORS_ORIGINS"], supports_credentials=False,
         allow_headers=["Authorization", "Content-Type", "If-Match", "Idempotency-Key", "Last-Event-ID"],
         expose_headers=["ETag", "Location", "Idempotent-Replayed", "Retry-After"])

    @app.errorhandler(OperationalError)
    @app.errorhandler(InterfaceError)
    @app.errorhandler(PoolTimeoutError)
    def _database_busy(exc: Exception):
        # A lock still held by another transaction after DATABASE_LOCK_TIMEOUT (SQLite's busy timeout,
        # PostgreSQL's lock_timeout: nothing was written), no pooled connection free in time, or the
        # database server unreachable, restarting or gone mid-request.
        orig = getattr(exc, "orig", None)
        sqlstate = getattr(orig, "sqlstate", None)
        app.logger.warning("database unavailable: %s%s", type(orig or exc).__name__,
                           f" (SQLSTATE {sqlstate})" if sqlstate else "")
        return problem(503, "Service Unavailable", "the database is busy or unavailable: retry shortly",
                       headers={"Retry-After": "1"})

    init_limits(app, {"RATELIMIT_CREATE_GAMES": ("games.create_game",),
                      "RATELIMIT_ANALYSIS": ("games.get_hint", "reviews.post_review",
                                             *(e for g in extras.values() for e in g.analysis_endpoints))},
                exempt_endpoints=("health.health", *WEB_ENDPOINTS))
    init_bodies(app)  # after the rate limits: a refused client's body is not read
    app.cli.add_command(puzzles_command)
    return app


def _date(value: object) -> datetime.date:
    """A date setting: a ``datetime.date`` or YYYY-MM-DD text."""
    return value if isinstance(value, datetime.date) else datetime.date.fromisoformat(str(value))
