"""Game resources: ``/games`` and ``/games/{game_id}/...`` (docs/api.md).

A seat acts with ``Authorization: Bearer <seat token>`` (the tokens are answered once: by ``POST /games`` for
the seats its creator takes, by ``POST /games/{id}/seats/{seat}/claim`` for a seat left open, which ``GET
/games?status=open`` lists); without a token a request sees what a spectator sees.  Answers carrying a state have an
``ETag`` (the game version, for ``If-Match``/``If-None-Match``) and ``Vary: Authorization``.
Every refusal is ``application/problem+json`` with a ``rule`` code.  Every resource here serves any registered game
through its game object; what only one game has lives in that game's extras (``service.extras``: Wild Tiled West's
settlement boards, ``GET /games/{game_id}/players/{seat}/board``, are ``service.wild_tiled_west.boards``).
"""

from __future__ import annotations

import secrets

from flask import Response, current_app, request, url_for

from service.fairness import run_for_request
from service.games.bots import bot_setting
from service.games.events import EventStreams
from service.games.game_bodies import game_bodies
from service.games.hints import game_hint_task
from service.games.schemas import (
    ClaimSchema,
    EventsPageSchema,
    EventsQuerySchema,
    GameCreatedSchema,
    GameCreateSchema,
    GameStateSchema,
    HouseCatalogSchema,
    LeftSchema,
    LegalMovesSchema,
    LobbyPageSchema,
    LobbyQuerySchema,
    MoveHeadersSchema,
    MoveResultSchema,
    MoveSchema,
    MovesPageSchema,
    MovesQuerySchema,
    PositionQuerySchema,
    PositionSchema,
    SeatClaimedSchema,
    StreamHeadersSchema,
    UndoResultSchema,
    game_body_doc,
)
from service.games.store import Games, dumps, dumps_page, fingerprint
from service.hints import HintQuerySchema, HintSchema, capped
from service.language import _
from service.parsing import Blueprint
from service.problems import Refused, problem_responses
from service.storage import default_name

blp = Blueprint("games", __name__, url_prefix="/games", description="Full games: create, view, move, undo, events")

SEAT: list[dict[str, list[str]]] = [{"seatToken": []}]
SEAT_OR_SPECTATOR: list[dict[str, list[str]]] = [{}, {"seatToken": []}]
ETAG_HEADER = {"ETag": {"description": "the game version, quoted", "schema": {"type": "string"}}}


def problems(*codes: int):
    """Document the problem+json answers ``codes`` of a view."""
    return problem_responses(blp, *codes)


def games() -> Games:
    """This app's ``Games``."""
    return current_app.extensions["wtw_games"]


def _answer(body: bytes, status: int, version: int, **headers: str) -> Response:
    response = Response(body, status=status, mimetype="application/json")
    response.headers["ETag"] = f'"{version}"'
    response.headers["Vary"] = "Authorization"
    response.headers["Cache-Control"] = "private, no-cache"
    response.headers.update(headers)
    return response


def _if_match():
    return request.if_match if "If-Match" in request.headers else None


@blp.route("", methods=["POST"])
@blp.arguments(GameCreateSchema, example={"players": 2, "seats": [{"board": None, "side": "normal", "name": "Ann"},
                                                                    {"open": True}]})
@blp.doc(requestBody=game_body_doc("GameCreate", "a new game of one of the games (`game`, default wild-tiled-west): "
                                                 "the members every game takes and that game's own"))
@blp.response(201, GameCreatedSchema, headers={**ETAG_HEADER, "Location": {"schema": {"type": "string"}}})
@problems(400, 413, 422, 429)
def create_game(args):
    """Create a game for 1-5 players.

    Answers the game id, one secret token per seat the creator takes (shown only here: hand each to its
    player) and the spectator's state.  A seat with ``"open": true`` gets no token: it is listed by ``GET
    /games?status=open`` until someone claims it, and the game waits at its decisions meanwhile.  Without
    ``seed`` the server draws one; the seed is never shown again.  422 when the configuration is invalid
    (e.g. seats do not match players, a board twice, a name on an open seat)."""
    config, args = game_bodies(current_app.extensions["house_bodies"], args["game"]).config(request.get_json())
    seed = args["seed"] if args["seed"] is not None else secrets.randbits(63)
    config = {"players": config.pop("players"), "seed": seed, **config}
    names = [None if s["open"] else s["name"] or (f"{s['bot'].title()} bot" if s["bot"] else default_name(n))
             for n, s in enumerate(args["seats"])] or None
    bots = [bot_setting(current_app, s["bot"], s["budget_ms"]) if s["bot"] else None for s in args["seats"]]
    head, tokens = games().create(config, names, bots, game=args["game"])
    version, state = games().state(head, None)
    taken = [{"seat": s, "token": t} for s, t in enumerate(tokens) if t is not None]
    body = b'{"id":' + dumps(head.id) + b',"tokens":' + dumps(taken) + b',"state":' + state + b"}"
    response = _answer(body, 201, version, Location=url_for("games.get_game", game_id=head.id))
    response.headers["Cache-Control"] = "no-store"  # the answer holds the secret tokens
    return response


@blp.route("", methods=["GET"])
@blp.arguments(LobbyQuerySchema, location="query")
@blp.response(200, LobbyPageSchema)
@problems(422, 429)
def list_games(args):
    """The lobby: the unfinished games with at least one open seat (``status=open``), newest first, by pages of
    ``limit`` (1-100, default 20); ``before=<next>`` (the ``next`` of the previous page) gives the next page.

    ``game=<id>``: the games of that game alone (``GET /games/catalog`` lists the ids).
    Each game: ``id``, ``game``, ``players``, ``seats`` (``{seat, name, open}``: an open seat's name is null), ``sides``
    (each seat's board side) and ``created``.  Nothing secret (no token, no seed).  422 for another ``status``
    or a ``before`` that names no game (``invalid_cursor``)."""
    page = games().lobby(args["limit"], args["before"], args["game"])
    response = Response(dumps(page), status=200, mimetype="application/json")
    response.headers["Cache-Control"] = "no-cache"
    return response


@blp.route("/catalog", methods=["GET"])
@blp.response(200, HouseCatalogSchema)
@problems(429)
def game_catalog():
    """The games this server plays: each game's ``id`` (what ``POST /games`` takes as ``game`` and ``GET
    /games?game=`` filters by), ``title``, ``players`` (the player counts), ``rules`` (its rule text), ``reconstructed``
    (what of its components is reconstructed rather than sourced), ``bots`` and ``config`` (its configuration's JSON
    Schema).  The same for everyone: cacheable."""
    rows = []
    for game_id, rules in games().rules.items():
        entry = rules.entry
        rows.append({"id": game_id, "title": entry.title, "players": list(entry.players), "rules": entry.rules,
                     "reconstructed": entry.reconstructed, "bots": dict(rules.bots()), "config": rules.config_schema()})
    response = Response(dumps({"games": rows}), status=200, mimetype="application/json")
    response.headers["Cache-Control"] = "public, max-age=300"
    return response


@blp.route("/<game_id>/seats/<int:seat>/claim", methods=["POST"])
@blp.arguments(ClaimSchema, example={"name": "Calamity Jane"})
@blp.response(200, SeatClaimedSchema, headers=ETAG_HEADER)
@problems(400, 404, 409, 413, 422, 429)
def claim_seat(args, game_id: str, seat: int):
    """Claim an open seat (``GET /games?status=open`` lists them) under the display ``name``: answers the seat,
    its secret token (shown only here: send it as ``Authorization: Bearer <token>``) and the state as the seat
    sees it.  Of two claims of one seat at once exactly one wins.

    404 ``unknown_game`` or ``unknown_seat``; 409 ``seat_taken`` when the seat is not open (taken at creation, or
    claimed already); 422 when the name is empty, longer than 40 characters or holds control characters."""
    g = games()
    head, token = g.claim(game_id, seat, args["name"])
    version, state = g.state(head, seat)
    body = (b'{"id":' + dumps(head.id) + b',"seat":' + dumps(head.seats()[seat]) + b',"token":' + dumps(token)
            + b',"state":' + state + b"}")
    response = _answer(body, 200, version)
    response.headers["Cache-Control"] = "no-store"  # the answer holds the secret token
    return response


@blp.route("/<game_id>/leave", methods=["POST"])
@blp.response(200, LeftSchema, headers=ETAG_HEADER)
@problems(401, 404, 409, 429)
@blp.doc(security=SEAT)
def leave_game(game_id: str):
    """The bearer's seat leaves the game: from now on the server's bot (``LEAVE_BOT``, the hint bot by default) plays
    it to the end and the others play on (Board Game Arena's zombie mode).  The token then shows the seat's view
    but can no longer move (409 ``seat_left``).  409 ``already_left`` when a bot plays the seat already, 409
    ``game_over`` for a finished game."""
    g = games()
    head, seat = g.leave(game_id, request.headers.get("Authorization"),
                         bot_setting(current_app, current_app.config["LEAVE_BOT"], None))
    version, state = g.state(head, seat)
    return _answer(b'{"seat":' + dumps(head.seats()[seat]) + b',"state":' + state + b"}", 200, version)


@blp.route("/<game_id>", methods=["GET"])
@blp.response(200, GameStateSchema, headers=ETAG_HEADER)
@blp.alt_response(304, description="Not Modified: the game is still at the If-None-Match version")
@problems(401, 404, 429)
@blp.doc(security=SEAT_OR_SPECTATOR)
def get_game(game_id: str):
    """The game as the bearer's seat sees it (no token: as a spectator sees it).

    ``If-None-Match`` with the last ``ETag`` answers 304 while nothing changed."""
    g = games()
    head = g.head(game_id)
    seat = g.seat(head, request.headers.get("Authorization"), required=False)
    if request.if_none_match.contains_weak(str(head.version)):
        return _answer(b"", 304, head.version)
    version, body = g.state(head, seat)
    return _answer(body, 200, version)


@blp.route("/<game_id>/legal-moves", methods=["GET"])
@blp.response(200, LegalMovesSchema, headers=ETAG_HEADER)
@problems(401, 404, 429)
@blp.doc(security=SEAT)
def get_legal_moves(game_id: str):
    """The pending decision and, when it is the bearer's, its options: each can be posted to
    ``/moves`` unchanged.  When the decision is another seat's (or the game is over), ``moves`` is
    empty and ``pending`` says whose it is."""
    g = games()
    head = g.head(game_id)
    seat = g.seat(head, request.headers.get("Authorization"), required=True)
    data = g.legal_moves(head, seat)
    return _answer(dumps(data), 200, data["version"])


@blp.route("/<game_id>/moves", methods=["POST"])
@blp.arguments(MoveHeadersSchema, location="headers")
@blp.arguments(MoveSchema, example={"type": "draft", "die": 0, "slot": "left:2,1", "tile": "t10#1", "jumps": 0, "cost": 0})
@blp.doc(requestBody=game_body_doc("Move", "one move of the game `game_id` plays: the schema of that game's moves"))
@blp.response(200, MoveResultSchema, headers={**ETAG_HEADER, "Idempotent-Replayed": {
    "description": "true when this is the kept answer of an earlier request with the same Idempotency-Key",
    "schema": {"type": "string"}}})
@problems(400, 401, 403, 404, 409, 412, 413, 422, 429)
@blp.doc(security=SEAT)
def post_move(headers, move, game_id: str):
    """Play one move for the bearer's seat; answers its new state and the events the move caused.

    ``If-Match: "<version>"``: refused with 412 when the game is no longer at that version.
    ``Idempotency-Key``: a retry with the same key and body is applied once and answered the same
    (422 when the key was used with another body).  403 ``not_your_decision``: the pending decision
    is another seat's.  409 ``game_over``.  422 with the engine's rule code (e.g. ``not_an_option``,
    ``not_connected``) and reason when the move is illegal; 422 with ``errors`` when a member is not of its type in
    the game's moves (``<Game>Move`` in the document: ``service.games.moves``)."""
    key = headers.get("idempotency_key")
    move = game_bodies(current_app.extensions["house_bodies"], games().kind(game_id)).move(move)
    answer = games().play(game_id, request.headers.get("Authorization"), move, _if_match(), key,
                          fingerprint("POST", request.path, move))
    extra = {"Idempotent-Replayed": "true"} if answer.replayed else {}
    return _answer(answer.body, answer.status, answer.version, **extra)


@blp.route("/<game_id>/undo", methods=["POST"])
@blp.arguments(MoveHeadersSchema, location="headers")
@blp.response(200, UndoResultSchema, headers=ETAG_HEADER)
@problems(401, 403, 404, 409, 412, 422, 429)
@blp.doc(security=SEAT)
def post_undo(headers, game_id: str):
    """Take back the bearer's own last move, while nothing hidden was revealed since (no dice roll,
    shuffle or card drawn).  Send ``If-Match`` so that a retried undo cannot take back a second move.

    403 ``not_your_move``: the last move is another seat's.  409 ``hidden_revealed``,
    ``nothing_to_undo`` or ``game_over``."""
    answer = games().undo(game_id, request.headers.get("Authorization"), _if_match())
    return _answer(answer.body, answer.status, answer.version)


@blp.route("/<game_id>/moves", methods=["GET"])
@blp.arguments(MovesQuerySchema, location="query")
@blp.response(200, MovesPageSchema, headers=ETAG_HEADER)
@problems(401, 404, 422, 429)
@blp.doc(security=SEAT_OR_SPECTATOR)
def get_moves(args, game_id: str):
    """The move log as the bearer's seat sees it (another seat's kept partner withheld), by pages: up to
    ``limit`` moves numbered above ``after``.  Each move carries the game ``version`` it made: after an
    undo, the move that takes number ``n`` has a new one."""
    g = games()
    head = g.head(game_id)
    seat = g.seat(head, request.headers.get("Authorization"), required=False)
    page = g.moves_page(head, seat, args["after"], args["limit"])
    return _answer(dumps_page(page, "moves"), 200, page["version"])


@blp.route("/<game_id>/states/<int:moves_played>", methods=["GET"])
@blp.response(200, GameStateSchema, headers=ETAG_HEADER)
@problems(401, 404, 429)
@blp.doc(security=SEAT_OR_SPECTATOR)
def get_past_state(game_id: str, moves_played: int):
    """The game as it was after its first ``moves_played`` moves, as the bearer's seat saw it then (no token: as a
    spectator saw it): the steps of a replay.

    ``moves_played`` 0 is the game as set up, before any move.  The state is rebuilt from the game's configuration and
    its move log (the game object's replay: the same seed, the same dice and cards) and shown by the game's own views,
    so a seat sees only what it could see at that point, finished game or not (another seat's face-down partners
    stay hidden).  The members are those of ``GET /games/{game_id}``, with ``moves_played`` the point asked for and
    ``undo`` null; ``version`` (and the ``ETag``) is the game's version now.  404 ``unknown_state`` when the game has fewer moves than ``moves_played`` (``GET /games/{game_id}`` says how
    many: ``moves_played``), ``unknown_game``; 401 for a token that is no seat's."""
    g = games()
    head = g.head(game_id)
    seat = g.seat(head, request.headers.get("Authorization"), required=False)
    version, body = g.state_at(head, moves_played, seat)
    return _answer(body, 200, version)


@blp.route("/<game_id>/events", methods=["GET"])
@blp.arguments(EventsQuerySchema, location="query")
@blp.response(200, EventsPageSchema, headers=ETAG_HEADER)
@problems(401, 404, 422, 429)
@blp.doc(security=SEAT_OR_SPECTATOR)
def get_events(args, game_id: str):
    """The event log as the bearer's seat sees it (events private to other seats left out), from the
    client's last event ``after``: by id (``<v>-<n>``, e.g. the last answer's ``last_id``) the answer
    says in ``undo`` which of the client's events an undo withdrew since; ``-1`` (default): the whole log."""
    g = games()
    head = g.head(game_id)
    seat = g.seat(head, request.headers.get("Authorization"), required=False)
    page = g.events(head, seat, args["after"])
    return _answer(dumps_page(page, "events"), 200, page["version"])


@blp.route("/<game_id>/events/stream", methods=["GET"])
@blp.arguments(StreamHeadersSchema, location="headers")
@blp.arguments(EventsQuerySchema, location="query")
@blp.response(200, content_type="text/event-stream",
              description="Server-Sent Events (docs/api.md): log events (id `<v>-<n>`), `undo` and `version` messages")
@blp.alt_response(204, description="No Content: the game is over and the client has every event (stop reconnecting)")
@problems(401, 404, 422, 429)
@blp.doc(security=SEAT_OR_SPECTATOR)
def get_event_stream(headers, args, game_id: str):
    """A Server-Sent Events stream of the events the bearer may see, for a client whose log ends at
    ``after`` (or the ``Last-Event-ID`` header, which wins), for at most ``SSE_MAX_SECONDS``: first an
    ``undo`` when events the client holds were withdrawn since, then the events it lacks, then each
    change as it happens."""
    g = games()
    head = g.head(game_id)
    seat = g.seat(head, request.headers.get("Authorization"), required=False)
    after = headers.get("last_event_id") or args["after"]
    if head.finished:
        page = g.events(head, seat, after)
        if page["undo"] is None and not page["events"]:
            return Response(status=204)
    streams: EventStreams = current_app.extensions["wtw_streams"]
    return Response(streams.stream(head, seat, after), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


@blp.route("/<game_id>/position", methods=["GET"])
@blp.arguments(PositionQuerySchema, location="query")
@blp.response(200, PositionSchema, headers=ETAG_HEADER)
@problems(401, 403, 404, 422, 429)
@blp.doc(security=SEAT)
def get_position(args, game_id: str):
    """``Game.position(seat)`` for the bearer's seat: its view plus the agenda, the input of the
    stateless analysis endpoints.  403 when ``seat`` names another seat."""
    g = games()
    head = g.head(game_id)
    seat = g.seat(head, request.headers.get("Authorization"), required=True)
    if args.get("seat", seat) != seat:
        raise Refused(403, _("a seat token shows only its own seat's position (seat {seat})").format(seat=seat),
                      rule="not_your_seat")
    version, position = g.position(head, seat)
    return _answer(dumps(position), 200, version)


@blp.route("/<game_id>/hint", methods=["GET"])
@blp.arguments(HintQuerySchema, location="query")
@blp.response(200, HintSchema, headers=ETAG_HEADER)
@problems(401, 403, 404, 409, 422, 429, 503)
@blp.doc(security=SEAT)
def get_hint(args, game_id: str):
    """The ``top`` best options of the pending decision for the bearer's seat, found by the information-set
    search from that seat's position only (``Game.position(seat)``: hidden cards and future dice are sampled, never
    read), within ``budget_ms`` (lowered to the server's cap, 10 s by default) or ``simulations``, whichever ends
    first; each option with its estimated gain, standard error and share of the simulations.

    The answer's ``version`` (and ``ETag``) is the game version it was computed for.  403
    ``not_your_decision``: the pending decision is another seat's; 409 ``game_over``; 503 ``busy``
    (with ``Retry-After``) when the people's requests ahead of it fill the heavy-work queue (docs/api.md, "Fair heavy
    work")."""
    g = games()
    head = g.head(game_id)
    seat = g.seat(head, request.headers.get("Authorization"), required=True)
    _version, own, first = g.decision(head, seat)
    if first is None:
        raise Refused(409, _("the game is over: there is nothing to decide"), rule="game_over")
    if own is None:
        raise Refused(403, _("the pending decision ({decision}) is seat {whose}'s, not seat {seat}'s: a hint is only for a "
                             "seat that must decide").format(decision=first["type"], whose=first["seat"], seat=seat),
                      rule="not_your_decision")
    version, position = g.position(head, seat)
    budget = capped(args["budget_ms"], "HINT")
    answer = run_for_request("HINT", game_hint_task, head.game, position, args["top"], budget, args["simulations"],
                             args["search_seed"], budget_ms=budget)
    answer = {"version": version, "moves_played": answer.pop("version"), **answer}
    response = _answer(dumps(answer), 200, version)
    response.headers["Cache-Control"] = "no-store"
    return response
