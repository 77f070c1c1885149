"""Marshmallow schemas of the game resources (``/games/...``): request bodies, query strings and
headers are validated with them; the answers are documented with them in ``/openapi.json``.

Answer schemas accept members they do not list (``unknown = INCLUDE``: the engine may add state
fields); request schemas refuse them.  Coordinates are ``[row, col]``, 0-based, row 0 at the top.
"""

from __future__ import annotations

import re
from typing import Any

from flask import current_app
from marshmallow import EXCLUDE, INCLUDE, Schema, ValidationError, fields, validates, validates_schema
from marshmallow.validate import Length, OneOf, Range, Regexp, Validator

from service.games.history import POINT_PATTERN, EventPoint
from service.games.names import MAX_MARKS, MarkRuns, NotABotsName, VisibleName, nfc
from service.games.store import house_bot_names, registry_ids
from service.language import N_, _
from service.parsing import StrictBoolean
from service.storage import DEFAULT_GAME
from solver.core import registry

SEED_RANGE = Range(-(2**63), 2**63 - 1)
SMALL = Range(0, 999)


def _text(description: str) -> fields.String:
    return fields.String(validate=Length(max=64), metadata={"description": description})


def _number(description: str) -> fields.Integer:
    return fields.Integer(strict=True, validate=SMALL, metadata={"description": description})


class OpenSchema(Schema):
    """An answer schema: members it does not list are allowed."""

    class Meta:
        unknown = INCLUDE


# --- requests -----------------------------------------------------------------------------------------


#: What a display name may not hold: control characters (C0, DEL, C1), line and paragraph separators and the
#: bidirectional embedding, override and isolate characters (which would turn the text around them).
NAME_FORBIDDEN = r"\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069"
NAME_MAX = 40
#: the white space trimmed from either end of a name: any but control characters (refused, even at an end)
NAME_SPACES = re.compile(r"^[^\S\x00-\x1f\x7f-\x9f]+|[^\S\x00-\x1f\x7f-\x9f]+$")


class NoneOfCharacters(Validator):
    """A marshmallow validator: the text holds none of the characters of the regular-expression class body
    ``chars`` (``[...]`` without its brackets).  Unlike ``Regexp("^[^...]*$")`` it also refuses a forbidden character
    at the very end (Python's ``$`` matches before a final newline)."""

    def __init__(self, chars: str, error: str):
        self.found = re.compile(f"[{chars}]")
        self.message = error

    def __call__(self, value: str) -> str:
        if self.found.search(value):
            raise ValidationError(_(self.message))
        return value


#: what the OpenAPI document says of every display name, beyond its pattern and lengths
NAME_RULES = (f"Stored composed (Unicode NFC) and trimmed of spaces at either end; at least one visible character; at "
              f"most {MAX_MARKS} combining marks on one character; a player's name may not end in the word `bot` (a "
              "bot seat's may).")


class NameField(fields.String):
    """A seat's display name: composed (``nfc``) and trimmed of surrounding white space (``NAME_SPACES``), then 1 to
    ``NAME_MAX`` characters, none of ``NAME_FORBIDDEN``, at least one of them visible (``VisibleName``) and no
    character with more than ``MAX_MARKS`` combining marks (``MarkRuns``); ``validate`` adds rules to those (the
    OpenAPI document gives the pattern and lengths, which it checks after trimming, and ``NAME_RULES``)."""

    def __init__(self, **kwargs: Any):
        kwargs["validate"] = [
            Length(1, NAME_MAX, error=N_("a name has 1 to {max} characters, not counting spaces at either end")),
            NoneOfCharacters(NAME_FORBIDDEN, N_("a name may not hold control, line-separator or bidi-control characters")),
            VisibleName(), MarkRuns(), *_validators(kwargs.get("validate"))]
        metadata = kwargs.get("metadata", {})
        description = f"{metadata['description']}. {NAME_RULES}" if "description" in metadata else NAME_RULES
        kwargs["metadata"] = {"example": "Calamity Jane", "pattern": f"^[^{NAME_FORBIDDEN}]*$", **metadata,
                              "description": description}
        super().__init__(**kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        return NAME_SPACES.sub("", nfc(super()._deserialize(value, attr, data, **kwargs)))


def _validators(validate: Any) -> list[Any]:
    """A field's ``validate`` argument as a list: none, one or several validators."""
    return [] if validate is None else [validate] if callable(validate) else list(validate)


class SeatConfigSchema(Schema):
    """One seat, as every game takes it: ``open`` (default false: the creator takes the seat and gets its token) and
    ``name``, the display name of a taken seat (default ``"Seat <n>"``; not with ``open``; a person's may not read like a
    bot's, ``NotABotsName``); or ``bot``, the server's bot that plays the seat (one of the game's bots; no token; default
    name ``"<Bot> bot"``) with its ``budget_ms`` per decision (default ``HINT_DEFAULT_BUDGET_MS``, at most
    ``BOT_MAX_BUDGET_MS``).  A game adds its own members (``GameExtras.seat_schema``: Wild Tiled West's ``board`` and
    ``side``); this schema passes them on (``unknown = INCLUDE``) for the game's composed schema
    (``service.games.game_bodies``) to check."""

    class Meta:
        unknown = INCLUDE

    open = StrictBoolean(load_default=False, metadata={
        "description": "true: the seat is left for someone to claim (POST /games/{game_id}/seats/{seat}/claim); the "
                       "creator gets no token for it, and the game waits at its decisions until it is claimed"})
    name = NameField(load_default=None, metadata={"description": "display name of a seat the creator takes (default "
                                                                 "`Seat <n>`); the claimer names an open seat"})
    bot = fields.String(load_default=None, allow_none=True, validate=OneOf(list(house_bot_names())), metadata={
        "description": "the server plays this seat with this bot, promptly after each of its decisions becomes "
                       "pending (docs/api.md, Bot seats)"})
    budget_ms = fields.Integer(load_default=None, allow_none=True, strict=True, validate=Range(1, None), metadata={
        "description": "a bot seat's thinking time per decision, in milliseconds (default 800; at most the server's "
                       "BOT_MAX_BUDGET_MS, 3000)"})

    @validates("budget_ms")
    def _budget_within_the_cap(self, value: int | None, **_kwargs: object) -> None:
        cap = int(current_app.config["BOT_MAX_BUDGET_MS"])
        if value is not None and value > cap:
            raise ValidationError(_("a bot's budget is at most {cap} ms a decision on this server (BOT_MAX_BUDGET_MS)").format(
                cap=cap))

    @validates_schema
    def _name_of_a_taken_seat(self, data: dict[str, Any], **_kwargs: object) -> None:
        if data.get("open") and data.get("name") is not None:
            raise ValidationError(_("an open seat is named by the player who claims it"), "name")
        if data.get("bot") is None and data.get("name") is not None:
            try:
                NotABotsName()(data["name"])
            except ValidationError as exc:
                raise ValidationError(exc.messages, "name") from None
        if data.get("open") and data.get("bot") is not None:
            raise ValidationError(_("a seat is either open for a player or played by a bot"), "bot")
        if data.get("budget_ms") is not None and data.get("bot") is None:
            raise ValidationError(_("only a bot seat has a budget"), "budget_ms")


#: the player counts of every registered game: one game's own range is its ``new_state``'s to check
_PLAYERS = Range(min(e.players.start for e in registry.entries()), max(e.players.stop - 1 for e in registry.entries()))


class GameCreateSchema(Schema):
    """``POST /games``, as every game takes it: ``game`` (a registered game's id, ``GET /games/catalog``; default
    ``wild-tiled-west``), ``players`` (1 = solo; the game's own counts, ``GET /games/catalog``), optional ``seed`` (the
    server draws one when absent; it is never shown again) and ``seats`` (one per player, ``SeatConfigSchema``; default
    every seat the default).  A game adds its own members (``GameExtras.config_schema``: Wild Tiled West's
    ``first_game_contracts``); this schema passes them on (``unknown = INCLUDE``) for the game's composed schema
    (``service.games.game_bodies``, documented as ``<Game>GameCreate``) to check."""

    class Meta:
        unknown = INCLUDE

    game = fields.String(load_default=DEFAULT_GAME, validate=OneOf(list(registry_ids())), metadata={
        "description": "the game to play: an id of GET /games/catalog", "example": DEFAULT_GAME})

    players = fields.Integer(required=True, strict=True, validate=_PLAYERS, metadata={"example": 2})
    seed = fields.Integer(load_default=None, allow_none=True, strict=True, validate=SEED_RANGE,
                          metadata={"description": "whole number driving every chance step; secret"})
    seats = fields.List(fields.Nested(SeatConfigSchema), validate=Length(max=_PLAYERS.max), load_default=list,
                        metadata={"description": "one per player (or none: every seat the default): the game's own "
                                                 "choices of the seat, and whether it is left open for the lobby, or its "
                                                 "name, or the bot that plays it"})


def game_component(game_id: str, kind: str) -> str:
    """The name of the OpenAPI component of the game ``game_id``'s own ``kind`` of body: its id in title case and
    ``kind`` (``wild-tiled-west``, ``Move`` -> ``WildTiledWestMove``)."""
    return "".join(word.title() for word in game_id.split("-")) + kind


def game_body_doc(kind: str, description: str) -> dict[str, Any]:
    """The OpenAPI request body that is one of the registered games' ``kind`` of body (each game's
    ``game_component(id, kind)``, registered by the app: ``service.games.game_bodies``)."""
    return {"description": description, "content": {"application/json": {"schema": {
        "oneOf": [{"$ref": f"#/components/schemas/{game_component(g, kind)}"} for g in registry_ids()]}}}}


class MoveSchema(Schema):
    """One move of any game: a JSON object with its ``type`` (the game's own move kinds) and the members that kind
    carries; an element of ``GET /games/{game_id}/legal-moves`` posted back unchanged (its ``label`` ignored).  A game's
    own move schema (``service.extras.GameExtras.move_schema``, documented as ``<Game>Move``: ``game_component``)
    checks the members' types; the engine checks the move against the pending decision."""

    class Meta:
        unknown = INCLUDE

    type = fields.String(required=True, validate=Length(1, 64), metadata={"example": "draft"})
    label = fields.String(validate=Length(max=500), metadata={
        "description": "legal-moves: the move in one line. Ignored when posted back"})


#: The members of a legal move that describe it rather than choose it, for every game: dropped before the engine
#: (a game's extras may add its own: ``GameExtras.descriptive_move_fields``).
DESCRIPTIVE_MOVE_FIELDS = ("label",)


class MoveHeadersSchema(Schema):
    """Headers of a move or undo: ``If-Match`` (the state version it was chosen from: an answer
    ``ETag``; 412 when the game has moved on) and ``Idempotency-Key`` (a retried request with the
    same key is applied once and answered the same)."""

    class Meta:
        unknown = EXCLUDE

    if_match = fields.String(data_key="If-Match", validate=Length(max=256),
                             metadata={"description": 'ETag of the state the move was chosen from, e.g. "12"'})
    idempotency_key = fields.String(data_key="Idempotency-Key", validate=[Length(1, 255), Regexp(r"^[^\x00-\x1f\x7f]*$")],
                                    metadata={"description": "any unique string chosen by the client, without control characters"})


class EventPointField(fields.String):
    """Where a client's event log ends: an event id ``<v>-<n>`` as the stream and the log give them, or a
    bare event number ``n`` (-1: no event), loaded as an ``EventPoint`` (the OpenAPI document gives its
    pattern)."""

    def __init__(self, **kwargs: Any):
        kwargs["metadata"] = {"pattern": POINT_PATTERN, **kwargs.get("metadata", {})}
        super().__init__(**kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        text = super()._deserialize(value, attr, data, **kwargs)
        try:
            return EventPoint.parse(text)
        except ValueError:
            raise ValidationError(_("not an event id (<version>-<n>) or event number (-1 for none)")) from None

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> str | None:
        return None if value is None else str(value)


_AFTER_DOC = ("the last event the client holds: its id `<v>-<n>` (`last_id`, or the stream's `id`), checked "
              "against the log (events withdrawn by an undo since are announced in `undo`), or a bare event "
              "number `n`, taken on trust; -1 (default): the whole log")


class EventsQuerySchema(Schema):
    """``after``: the client's last event, by id ``<v>-<n>`` or bare number ``n``; -1 (default) for the whole log."""

    after = EventPointField(load_default=EventPoint(-1), metadata={"description": _AFTER_DOC, "example": "12-34"})


class StreamHeadersSchema(Schema):
    """``Last-Event-ID``: the id of the last message the client had (``EventSource`` sends it when it
    reconnects); it takes precedence over ``after``."""

    class Meta:
        unknown = EXCLUDE

    last_event_id = EventPointField(data_key="Last-Event-ID", metadata={
        "description": "the `id` of the last message the client had (`EventSource` sends it when it reconnects): "
                       "checked against the log like `after`, which it overrides"})


class MovesQuerySchema(Schema):
    """``after``: only moves numbered above it (0-based); -1 (default) from the first.  ``limit``: at most
    this many moves (1-500, default 100)."""

    after = fields.Integer(load_default=-1, validate=Range(-1, 10**9))
    limit = fields.Integer(load_default=100, validate=Range(1, 500))


class PositionQuerySchema(Schema):
    """``seat``: the seat asked for; only the bearer's own seat is allowed (default: the bearer's)."""

    seat = fields.Integer(validate=Range(0, 4))


class ClaimSchema(Schema):
    """``POST /games/{game_id}/seats/{seat}/claim``: the claiming player's display ``name`` (a person's: it may not
    read like a bot's, ``NotABotsName``)."""

    name = NameField(required=True, validate=NotABotsName())


class LobbyQuerySchema(Schema):
    """``GET /games``: ``game`` (a registered game's id: its games alone; absent: every game), ``status`` (only
    ``open``: games with an open seat), ``limit`` (1-100, default 20) and ``before`` (the previous page's ``next``: the
    id of its last game; absent: from the newest)."""

    game = fields.String(load_default=None, validate=OneOf(list(registry_ids())), metadata={
        "description": "only the games of this game (an id of GET /games/catalog); absent: every game"})

    status = fields.String(load_default="open", validate=OneOf(["open"]),
                           metadata={"description": "`open`: the unfinished games with at least one open seat"})
    limit = fields.Integer(load_default=20, validate=Range(1, 100))
    before = fields.String(load_default=None, validate=Length(1, 64), metadata={
        "description": "the games created before this one (its id): the previous page's `next`"})


# --- answers ------------------------------------------------------------------------------------------


class PendingSchema(OpenSchema):
    """The pending decision: its ``type`` (docs/engine.md), whose ``seat`` it is and, for some
    decisions, the ``tile`` to place, its ``source``, ``adjacent_to``, ``pair`` or ``rooted_on``."""

    type = fields.String(required=True, metadata={"example": "draft"})
    seat = fields.Integer(required=True)
    tile = fields.String()
    source = fields.String(allow_none=True)
    adjacent_to = fields.List(fields.Integer())
    pair = fields.Boolean()
    rooted_on = fields.List(fields.Integer())


class EventSchema(OpenSchema):
    """One event of the log: its number ``n`` (0-based; numbers of events private to other seats
    are skipped), ``version`` (moves played when it happened) and ``type``; other members depend on
    the type."""

    n = fields.Integer(required=True)
    version = fields.Integer(required=True)
    type = fields.String(required=True, metadata={"example": "drafted"})


class PartnerCardViewSchema(OpenSchema):
    """A kept partner card: ``id`` is null while it is face down and not the viewer's."""

    id = fields.String(allow_none=True)
    face_down = fields.Boolean()


class PlayerViewSchema(OpenSchema):
    """One seat as the viewer sees it: settlement, gold, bullets, points by category, partners and
    ``dealt`` (the viewer's own dealt partner ids, or only how many another seat holds)."""

    seat = fields.Integer(required=True)
    settlement = fields.Dict(metadata={"description": "side id, placed tiles, tokens"})
    gold = fields.Integer()
    bullets = fields.Integer()
    points = fields.Integer()
    ledger = fields.Dict(keys=fields.String(), values=fields.Integer())
    mining = fields.Integer()
    partners = fields.List(fields.Nested(PartnerCardViewSchema))
    dealt = fields.Raw(metadata={"description": "list of partner ids (own seat) or a count"})


class SeatViewSchema(Schema):
    """A seat as everybody sees it: its number, display ``name`` (null while open), whether it is ``open``
    (left for someone to claim) and ``bot``, the server's bot that plays it (null: a person)."""

    seat = fields.Integer(required=True)
    name = fields.String(required=True, allow_none=True, metadata={"example": "Seat 1"})
    open = fields.Boolean(required=True)
    bot = fields.String(required=True, allow_none=True, metadata={
        "description": "random, greedy or hint: the server plays the seat (created so, or its player left); null: a "
                       "person", "example": None})


class UndoViewSchema(Schema):
    """Whether the viewing seat may take back its last move now (``POST /games/{game_id}/undo``) and, when not, the
    refusal that request would answer: the state and the undo are judged by the same function."""

    allowed = fields.Boolean(required=True)
    rule = fields.String(required=True, allow_none=True, metadata={
        "description": "null when allowed; else the undo's refusal: nothing_to_undo, game_over, not_your_move, "
                       "hidden_revealed or seat_left", "example": "hidden_revealed"})
    detail = fields.String(required=True, allow_none=True, metadata={
        "example": "cannot undo: dice were rolled or cards shuffled since that move"})


class GameStateSchema(OpenSchema):
    """A game (``game``: the registered game it is) as one seat (``seat``) or a spectator (``seat`` null) may see it:
    never the seed, the
    generator state, deck orders (sizes only) or another seat's face-down or dealt partners.

    ``seats`` gives each seat's display name and whether it is open (the lobby; public); ``undo`` whether the viewing
    seat may take back its last move now, and if not the refusal ``POST /games/{game_id}/undo`` would answer.
    ``version`` counts the accepted changes (moves, undos, claims of open seats) and is the ``ETag``; ``moves_played``
    the moves in the log; ``pending`` the decision awaited (null once the game is over).  The logs are
    not part of it: the events are at ``GET /games/{game_id}/events`` (and its stream), the moves at
    ``GET /games/{game_id}/moves``."""

    id = fields.String(required=True)
    game = fields.String(required=True, metadata={"description": "the registered game it is (GET /games/catalog)",
                                                   "example": DEFAULT_GAME})
    seat = fields.Integer(required=True, allow_none=True)
    pending_seats = fields.List(fields.Integer(), required=True, metadata={
        "description": "every seat that must decide now (several when they decide at once; empty once over)"})
    version = fields.Integer(required=True)
    moves_played = fields.Integer(required=True)
    seats = fields.List(fields.Nested(SeatViewSchema), required=True, metadata={
        "description": "each seat's display name and whether it is open (public: the same for every viewer)"})
    undo = fields.Nested(UndoViewSchema, required=True, allow_none=True, metadata={
        "description": "whether the viewing seat may undo its last move now, and why not; null for a spectator"})
    finished = fields.Boolean(required=True)
    pending = fields.Nested(PendingSchema, required=True, allow_none=True)
    config = fields.Dict(metadata={"description": "players, seats (board, side), first_game_contracts; no seed"})
    year = fields.Integer()
    round = fields.Integer()
    round_in_year = fields.Integer()
    first_player = fields.Integer()
    trays = fields.Dict()
    dice = fields.List(fields.Dict())
    contracts = fields.List(fields.Dict())
    partner_deck = fields.Integer(metadata={"description": "cards left in the partner deck"})
    face_up_partners = fields.List(fields.String())
    supply = fields.Dict(keys=fields.String(), values=fields.Integer())
    ace_cards = fields.List(fields.String())
    players = fields.List(fields.Nested(PlayerViewSchema))
    solo = fields.Dict(allow_none=True, metadata={"description": "solo state (bandit deck: its size only)"})
    bandits = fields.List(fields.Integer())
    scores = fields.List(fields.Dict(), metadata={"description": "each seat's score breakdown"})


class SeatTokenSchema(Schema):
    """A seat's secret token: send it as ``Authorization: Bearer <token>``; shown only once."""

    seat = fields.Integer(required=True)
    token = fields.String(required=True)


class GameCreatedSchema(Schema):
    """``POST /games``: the game id, one secret token per seat the creator took (none for open seats) and the
    spectator's state."""

    id = fields.String(required=True)
    tokens = fields.List(fields.Nested(SeatTokenSchema), required=True)
    state = fields.Nested(GameStateSchema, required=True)


class SeatClaimedSchema(Schema):
    """``POST /games/{game_id}/seats/{seat}/claim``: the game id, the seat claimed (number, name, ``open`` false),
    its secret ``token`` (shown only here) and the state as that seat sees it."""

    id = fields.String(required=True)
    seat = fields.Nested(SeatViewSchema, required=True)
    token = fields.String(required=True, metadata={"description": "the seat's token: Authorization: Bearer <token>"})
    state = fields.Nested(GameStateSchema, required=True)


class LobbyGameSchema(Schema):
    """A game of the lobby: ``id``, ``game`` (the registered game it is), ``players``, ``seats`` (name or null, open),
    ``sides`` (each seat's setup: in Wild Tiled West its board side id, ``<board>/<normal|wild>``) and ``created``
    (ISO 8601, UTC).  Nothing secret: no token, no seed."""

    id = fields.String(required=True)
    game = fields.String(required=True, metadata={"example": DEFAULT_GAME})
    players = fields.Integer(required=True)
    seats = fields.List(fields.Nested(SeatViewSchema), required=True)
    sides = fields.List(fields.String(), required=True, metadata={"example": ["rattlesnake-ridge/normal"]})
    created = fields.String(required=True, metadata={"example": "2026-03-01T12:00:00.123456+00:00"})


class LobbyPageSchema(Schema):
    """A page of the lobby, newest first: ``games`` and ``next`` (ask with ``before=<next>`` for the next page;
    null on the last page)."""

    games = fields.List(fields.Nested(LobbyGameSchema), required=True)
    next = fields.String(required=True, allow_none=True)


class LegalMovesSchema(Schema):
    """The pending decision and, when it is the bearer's, its options (else ``moves`` is empty)."""

    version = fields.Integer(required=True)
    seat = fields.Integer(required=True, metadata={"description": "the bearer's seat"})
    pending = fields.Nested(PendingSchema, required=True, allow_none=True)
    moves = fields.List(fields.Nested(MoveSchema), required=True)


class MoveResultSchema(Schema):
    """The state after a move (the mover's view) and the events the move caused that the mover may see."""

    state = fields.Nested(GameStateSchema, required=True)
    events = fields.List(fields.Nested(EventSchema), required=True)


class LeftSchema(Schema):
    """``POST /games/{game_id}/leave``: the seat left (now played by a bot) and the state as it sees it."""

    seat = fields.Nested(SeatViewSchema, required=True)
    state = fields.Nested(GameStateSchema, required=True)


class UndoResultSchema(Schema):
    """The state after an undo (the bearer's view) and the move taken back."""

    state = fields.Nested(GameStateSchema, required=True)
    undone = fields.Nested(MoveSchema, required=True)


class UndoNoticeSchema(Schema):
    """Events the client holds were withdrawn by an undo: it drops those numbered above ``last``."""

    last = fields.Integer(required=True)


class EventsPageSchema(Schema):
    """The event log from the client's ``after``, as the bearer may see it: ``undo`` (null, or ``{last}``
    when events the client holds were withdrawn: drop those above ``last`` first), then ``events``, the
    events above what it keeps; ``last`` is the highest number the bearer may see in the whole log and
    ``last_id`` its id (ask with ``after=<last_id>`` next, or open the stream there); ``version`` the
    game version."""

    version = fields.Integer(required=True)
    last = fields.Integer(required=True)
    last_id = fields.String(required=True, allow_none=True, metadata={"example": "12-34"})
    undo = fields.Nested(UndoNoticeSchema, required=True, allow_none=True)
    events = fields.List(fields.Nested(EventSchema), required=True)


class LoggedMoveSchema(Schema):
    """One move of the log: its number ``n`` (0-based), the ``seat`` that made it, the game ``version`` it
    made (no other move ever has it: after an undo, the move that replaces number ``n`` has a new one), the number of
    the first event it caused (``first_event``: a replay tells which events each move caused) and
    the ``move`` as the bearer may see it (another seat's kept partner is null)."""

    n = fields.Integer(required=True)
    seat = fields.Integer(required=True)
    version = fields.Integer(required=True)
    first_event = fields.Integer(required=True, metadata={
        "description": "the number of the first event the move caused: its events are numbered from here up to the next "
                       "move's first_event (or the log's end)"})
    move = fields.Dict(required=True, metadata={"description": "the move (docs/engine.md), as posted to /moves"})


class MovesPageSchema(Schema):
    """Up to ``limit`` moves of the log above ``after``; ``last`` is the highest move number (-1: none yet;
    ask with ``after`` = the last ``n`` received while it is below ``last``), ``moves_played`` the moves
    in the log and ``version`` the game version."""

    version = fields.Integer(required=True)
    moves_played = fields.Integer(required=True)
    last = fields.Integer(required=True)
    moves = fields.List(fields.Nested(LoggedMoveSchema), required=True)


class PositionSchema(OpenSchema):
    """``Game.position(seat)``: the seat's view plus the ``agenda`` (the steps still to come: open
    information), as the stateless analysis endpoints take it.  Its ``version`` is the engine's
    (moves played); the answer's ``ETag`` is the game version."""

    seat = fields.Integer(required=True)
    agenda = fields.List(fields.Dict(), required=True)
    pending = fields.Nested(PendingSchema, required=True, allow_none=True)


class HouseGameSchema(Schema):
    """A game of the house (``GET /games/catalog``): its ``id`` (``POST /games``'s ``game``), ``title`` (as its rule
    text prints it), ``players`` (the player counts it is played with), ``rules`` (its rule text's file name under
    the project's rule texts), ``reconstructed`` (what of its components is reconstructed rather than sourced), ``bots``
    (name -> how it plays) and ``config`` (the JSON Schema of its configuration)."""

    id = fields.String(required=True, metadata={"example": DEFAULT_GAME})
    title = fields.String(required=True, metadata={"example": "Wild Tiled West"})
    players = fields.List(fields.Integer(), required=True, metadata={"example": [1, 2, 3, 4, 5]})
    rules = fields.String(required=True, metadata={"example": "wild-tiled-west-rulebook-en.md"})
    reconstructed = fields.String(required=True)
    bots = fields.Dict(keys=fields.String(), values=fields.String(), required=True)
    config = fields.Dict(required=True, metadata={"description": "JSON Schema of the game's configuration"})


class HouseCatalogSchema(Schema):
    """``GET /games/catalog``: the games this server plays, in the order they were registered."""

    games = fields.List(fields.Nested(HouseGameSchema), required=True)
