"""Playing stored games: create, authenticate a seat, views, moves, undo and the event log.

``Games`` sits between the HTTP resources (``service.games.routes``) and the database
(``service.storage``).  Every refusal raises ``service.problems.Refused`` with the HTTP status, a
reason and a rule code, before anything is written: a refused request changes nothing.

Each worker process keeps the games it used last (``State`` objects, so the next move needs no
rebuild), the JSON text of states per (game, version, seat) and the logs (``GameLog``: events and moves
as JSON texts, with the history that names each event) per (game, version, seat); entries are keyed by
version, so a worker never answers from a state older than the database's.  A view is built only by
``State.view(seat)`` / ``State.position(seat)`` (``solver.core.protocol``): the game alone decides what a seat may see.  The state
is that view without its logs (the moves, their seats and the events): those are served by page
(``events``, ``moves_page``) and by the event stream (``service.games.events``).

A seat may be played by one of the server's bots (created so, or handed to one when its player leaves): its moves
come through ``bot_move``, with the same optimistic version check as a person's.  After every committed change,
``on_change(head, pending_seats)`` is told (``service.games.bots`` queues the bots' turns, or the seats' timeout).

Several seats may have to decide at once (``State.pending_seats``): each moves as soon as it chooses, its move kept
secret from the others by the game's views until the game reveals it, and may change it meanwhile.  Two such moves
at the same instant both stand: ``If-Match`` means "nothing changed that this seat's move depends on", so a move whose
tag lost only to other seats' moves while this seat was deciding is played on the new state (``_unchanged_for``);
a seat takes back its own move of an unresolved decision even when others moved after it (``undo``).
"""

from __future__ import annotations

import hashlib
import json
import logging
import secrets
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from functools import cache, partial
from typing import Any, Literal, TypeVar, overload

from werkzeug.datastructures import ETags

import solver.games  # noqa: F401 (registers every game)
from service.cache import LRUCache
from service.games.history import EventPoint, History
from service.language import _
from service.problems import Refused
from service.storage import DEFAULT_GAME, GameHead, MoveMark, Storage, default_name
from service.tokens import bearer_token, digest, new_token, seat_of
from solver.core import protocol, registry
from solver.core.language import current_language
from solver.core.protocol import ConfigError, IllegalMove, State

log = logging.getLogger(__name__)
T = TypeVar("T")
WRITE_ATTEMPTS = 5  #: a write that lost the optimistic check re-reads the game and tries again
#: the snapshot is rewritten every this many moves (and at the end); loading replays the moves after it
SNAPSHOT_EVERY = 8
#: the members of ``State.view`` that the state leaves out: the logs, served by ``/events`` and ``/moves``
LOGS = ("moves", "move_seats", "events")


def utf8(text: str) -> bytes:
    """``text`` (JSON) in UTF-8, a lone UTF-16 surrogate written as its JSON escape (``\\ud800``): text stored before
    the service refused such characters (issue 39) still answers, and the answer is valid UTF-8."""
    return text.encode("utf-8", "backslashreplace")


def json_text(data: Any) -> str:
    """Compact JSON text of ``data``, non-ASCII characters as they are, lone surrogates escaped (``utf8``)."""
    return utf8(json.dumps(data, separators=(",", ":"), ensure_ascii=False)).decode()


def dumps(data: Any) -> bytes:
    """Compact UTF-8 JSON (``json_text``)."""
    return json_text(data).encode()


def dumps_page(page: dict[str, Any], member: str) -> bytes:
    """``dumps(page)`` where ``page[member]`` is a list of JSON texts, put in as they are."""
    rest = {k: v for k, v in page.items() if k != member}
    return dumps(rest)[:-1] + b',"' + member.encode() + b'":[' + utf8(",".join(page[member])) + b"]}"


def _iso(at: datetime) -> str:
    """``at`` in ISO 8601 with its UTC offset (SQLite gives back a naive time: it is UTC)."""
    return (at if at.tzinfo else at.replace(tzinfo=UTC)).astimezone(UTC).isoformat()


def fingerprint(method: str, path: str, body: Any) -> str:
    """A digest of a request, to tell a retry (same key, same request) from a key reused."""
    return hashlib.sha256(utf8(json.dumps([method, path, body], sort_keys=True))).hexdigest()


@dataclass(frozen=True)
class Answer:
    """An answer body (JSON text), its status code and the game version it shows (the ``ETag``);
    ``replayed``: the stored answer of an earlier request with the same ``Idempotency-Key``."""

    status: int
    body: bytes
    version: int
    replayed: bool = False


@dataclass(frozen=True)
class GameLog:
    """A game's logs as one seat sees them at one ``version``: ``events`` (number, JSON text) and ``moves``
    (seat, JSON text of the move as the seat sees it) in order, the ``history`` that gives each event its
    id, and what a stream's ``version`` message says (``moves_played``, ``pending``, ``finished``)."""

    version: int
    moves_played: int
    pending: dict[str, Any] | None
    finished: bool
    events: tuple[tuple[int, str], ...]
    moves: tuple[tuple[int, str], ...]
    history: History

    @property
    def last(self) -> int:
        """The highest event number the seat may see (-1: none)."""
        return self.events[-1][0] if self.events else -1


@dataclass
class _Cached:
    """A game a worker holds, with the head it was read at.  Readers use it under ``lock``; a writer
    takes it (``taken``, under the lock) before changing it, so a move never changes it under a reader
    and a reader never sees it changed."""

    head: GameHead
    game: State
    lock: threading.Lock = field(default_factory=threading.Lock)
    taken: bool = False  #: a writer owns the game now: readers must not use it


def first_decision(game: State) -> dict[str, Any] | None:
    """The decision of ``game``'s first pending seat (a one-seat-at-a-time game's only one), or ``None`` when over."""
    seats = game.pending_seats()
    return game.decision(seats[0]) if seats else None


def registry_ids() -> tuple[str, ...]:
    """The ids of the registered games, in the order they were registered."""
    return tuple(entry.id for entry in registry.entries())


def house_bot_names() -> tuple[str, ...]:
    """The names of the bots of every registered game, each once, in the order the games offer them."""
    names: dict[str, None] = {}
    for entry in registry.entries():
        names.update(dict.fromkeys(protocol.load(entry.id).bots()))
    return tuple(names)


def house_games(components: Mapping[str, Any] | None = None) -> dict[str, protocol.Game]:
    """Every registered game's game object by id (``solver.core.protocol.load``), in the order the games were
    registered; a game with components in ``components`` (game id -> what its ``Game.with_components`` takes: a
    corrected copy of its data, read by its extras from the app's settings, ``service.extras.GameExtras.components``)
    plays with them, every other (or one whose value is ``None``) with its own data.  Raises ``KeyError`` for an id of
    ``components`` that no registered game has, and whatever the game's ``with_components`` raises (``TypeError``
    for components of the wrong kind)."""
    found = {entry.id: protocol.load(entry.id) for entry in registry.entries()}
    for game_id, data in (components or {}).items():
        if game_id not in found:
            raise KeyError(f"components for {game_id!r}, which is not a registered game ({', '.join(found)})")
        if data is not None:
            found[game_id] = found[game_id].with_components(data)
    return found


def decided(game: State, seat: int) -> bool:
    """Whether ``seat`` has made its move of a decision still being made by several seats at once (it may change it:
    it has a decision, but is not among the seats that must decide)."""
    return game.decision(seat) is not None and seat not in game.pending_seats()


def keeps_later_moves(game: State, seat: int) -> bool:
    """Whether the moves made after ``seat``'s last one may be kept when it takes that move back: the seat's move is one
    of a decision still being made by several seats (``decided``), or the seat still decides now and every seat that
    moved since its last move is ``decided`` (their moves belong to a decision not yet resolved, which they may still
    change: Rolled West's active player takes back a spend of its turn after a neighbour sealed its bank)."""
    if decided(game, seat):
        return True
    seats = list(game.move_seats)
    if game.decision(seat) is None or seat not in seats:
        return False
    last = len(seats) - 1 - seats[::-1].index(seat)
    return all(decided(game, s) for s in set(seats[last + 1:]))


def seat_name(head: GameHead, seat: int) -> str:
    """``seat``'s name as a player reads it in the request's language: its display name (``"Ann"``), ``"Seat 2"``
    (``"Place 2"`` in French) for a seat taken without a name, ``"Open seat"`` for one nobody holds (issue 37: names a
    player reads, never a seat's index)."""
    name = head.seats()[seat]["name"] or _("Open seat")
    if name == default_name(seat):
        return _("Seat {number}").format(number=seat + 1)
    return name


def undo_refusal(head: GameHead, seat: int, last_seat: int | None, in_decision: bool,
                 before: Callable[[], dict[str, Any] | None], after: dict[str, Any], rules: protocol.Game) -> Refused | None:
    """Why ``seat`` may not take back its last move in the game at ``head`` (``last_seat``: who made the log's last move,
    ``None`` before the first; ``in_decision``: whether the moves made after the seat's last one may be kept
    (``keeps_later_moves``); ``after``: the game's ``Game.spent`` now, ``before()`` the one without
    the seat's last move (``None`` when the moves made after it no longer apply without it), asked only when needed),
    or None when it may.  ``POST /games/{id}/undo`` raises this refusal and the state's ``undo`` member shows it
    (``Games._undo_member``): the two answer from this one function and never disagree."""
    if head.bot(seat) is not None:
        return Refused(409, _("seat {seat} left the game: the {bot} bot plays it now").format(seat=seat, bot=head.bot_name(seat)),
                       rule="seat_left")
    if head.move_count == 0:
        return Refused(409, _("no move has been played yet"), rule="nothing_to_undo")
    if head.finished:
        return Refused(409, _("the game is over: its final scores stand"), rule="game_over")
    who = seat_name(head, last_seat) if last_seat is not None else ""
    not_yours = Refused(403, _("the last move is {name}'s: a seat may undo only its own last move").format(name=who),
                        rule="not_your_move")
    if last_seat != seat and not in_decision:
        return not_yours
    spent = before()
    if spent is None:
        return not_yours
    reason = rules.revealed(spent, after)
    if reason:
        return Refused(409, _("cannot undo: {reason} since that move").format(reason=reason), rule="hidden_revealed")
    return None


def without_move(rules: protocol.Game, config: dict[str, Any], moves: Sequence[tuple[int, dict[str, Any]]],
                 seat: int) -> tuple[State, list[tuple[int, dict[str, Any], int]], dict[str, Any]] | None:
    """The game of ``config`` after ``moves`` (``(seat, move)``) without ``seat``'s last one: ``(state, again, move)``,
    ``again`` the moves made after it (``(seat, move, first event)``: other seats' moves of a decision still being made,
    played again on it) and ``move`` the one taken out; ``None`` when the seat has no move, or when a move made after it
    no longer applies without it (the turn had passed)."""
    at = max((n for n, (mover, _move) in enumerate(moves) if mover == seat), default=None)
    if at is None:
        return None
    state, again = rules.replay(config, moves[:at]), []
    try:
        for mover, move in moves[at + 1:]:
            again.append((mover, move, len(state.events)))
            state.play(mover, move)
    except IllegalMove:
        return None
    return state, again, moves[at][1]


#: what ``Games`` tells after each committed change: the game's new head and the seats that must decide (none: over)
OnChange = Callable[[GameHead, tuple[int, ...]], None]


class Games:
    """The stored games of one worker process: ``storage`` (the database), ``rules`` (every game played, its game
    object by id, with its components: ``house_games(components)``; ``None``: ``house_games()``, every registered game
    with its own data) and ``on_change`` (``OnChange``, called after each committed change; ``None``: nothing to tell).
    Every game is reached through its game object (``game_object``)."""

    def __init__(self, storage: Storage, rules: Mapping[str, protocol.Game] | None = None, games_cached: int = 64,
                 views_cached: int = 512, logs_cached: int = 128, on_change: OnChange | None = None):
        self.storage = storage
        self.on_change = on_change
        self.rules: dict[str, protocol.Game] = dict(rules) if rules is not None else house_games()
        self._games: LRUCache[_Cached] = LRUCache(games_cached)
        self._views: LRUCache[bytes] = LRUCache(views_cached)
        self._logs: LRUCache[GameLog] = LRUCache(logs_cached)
        self._past: LRUCache[State] = LRUCache(games_cached)  #: replayed states, by (game id, version, moves played)

    # --- creating --------------------------------------------------------------------------------

    def game_object(self, game: str) -> protocol.Game:
        """The game object of the registered game ``game``; 422 ``unknown_game_kind`` naming the games for another."""
        try:
            return self.rules[game]
        except KeyError:
            raise Refused(422, _("no game {game!r} is played here: GET /games/catalog lists them ({games})").format(
                game=game, games=", ".join(self.rules)),
                          rule="unknown_game_kind") from None

    def create(self, config: dict[str, Any], names: Sequence[str | None] | None = None,
               bots: Sequence[dict[str, Any] | None] | None = None, game: str = DEFAULT_GAME) -> tuple[GameHead, list[str | None]]:
        """Start and store a new game of ``game`` (a registered game's id) from ``config`` (its configuration, with the
        ``"seed"``); returns its head and, per seat, a new token (never stored), or ``None``
        for an open seat or a bot's.  422 ``unknown_game_kind`` for an unknown game, ``invalid_config`` (the game's
        reason) for a configuration it cannot be set up with.  ``names``: each seat's display name, ``None`` for a seat left open (the lobby:
        no token until it is claimed, ``claim``); default every seat taken, named ``"Seat <n>"``.  ``bots``: per
        seat, the server's bot that plays it (``{"bot": name, "budget_ms": ms}``, named) or ``None``."""
        try:
            state = self.game_object(game).new_state(config)
        except ConfigError as exc:
            raise Refused(422, str(exc), rule="invalid_config") from None
        players = len(state.view(None)["players"])
        chosen: list[str | None] = list(names) if names is not None else [default_name(n) for n in range(players)]
        played = list(bots) if bots is not None and any(bots) else []
        tokens = [None if name is None or (played and played[n]) else new_token() for n, name in enumerate(chosen)]
        digests = ["" if t is None else digest(t) for t in tokens]
        game_id = secrets.token_urlsafe(12)
        sides = self.game_object(game).seat_summaries(state)
        head = GameHead(game_id, players, 0, 0, state.finished, tuple(digests), tuple(chosen), tuple(played), game)
        self.storage.insert_game(game_id, self.game_object(game).config_of(state), digests, state.to_json(), chosen, sides,
                                 played or None, self._bot_pending(head, state), game=game)
        self._games.put(game_id, _Cached(head, state))
        self._changed(head, state)
        return head, tokens

    @staticmethod
    def _pending_seats(game: State) -> tuple[int, ...]:
        return tuple(game.pending_seats())

    def _bot_pending(self, head: GameHead, game: State) -> bool:
        """Whether a seat a bot plays (by ``head``) must decide in ``game``."""
        return any(head.bot(seat) is not None for seat in game.pending_seats())

    def _changed(self, head: GameHead, game: State) -> None:
        """Tell ``on_change`` about a committed change that made ``game`` (call it holding no lock, and after the
        last use of ``game``: an ``immediate`` bot turn plays on the worker's copy at once)."""
        self._tell(head, self._pending_seats(game))

    def _tell(self, head: GameHead, pending: tuple[int, ...]) -> None:
        """``on_change(head, pending)``; a failure there is logged: the change stands."""
        if self.on_change is not None:
            try:
                self.on_change(head, pending)
            except Exception:
                log.exception("after a change of game %s", head.id)

    def claim(self, game_id: str, seat: int, name: str) -> tuple[GameHead, str]:
        """Give the open ``seat`` of the game to the player ``name``: returns the game's new head and the seat's
        new token (shown once, never stored).  The claim bumps the game version (the state shows the seat's name).

        Refusals: 404 ``unknown_game``, ``unknown_seat``; 409 ``seat_taken`` (the seat is not open, or another
        claim won it first: ``Storage.claim_seat``), 409 ``busy`` when moves kept winning the race."""
        for _attempt in range(WRITE_ATTEMPTS):
            head = self.head(game_id)
            if not 0 <= seat < head.players:
                raise Refused(404, _("the game has seats 0 to {last}, not {seat}").format(last=head.players - 1, seat=seat),
                              rule="unknown_seat")
            if not head.is_open(seat):
                raise Refused(409, _("seat {seat} is taken: GET /games?status=open lists the open seats").format(seat=seat),
                              rule="seat_taken")
            token = new_token()
            if self.storage.claim_seat(head, seat, name, digest(token)):
                new = head.claimed(seat, name, digest(token))
                self._reheaded(head, new)
                return new, token
        raise Refused(409, _("the game kept changing while the seat was being claimed: retry"), rule="busy")

    def _reheaded(self, head: GameHead, new: GameHead, pending: tuple[int, ...] | None = None) -> None:
        """After a change of the game row alone (a claim, a seat handed to a bot), keep the worker's copy of the game
        (unchanged) under the ``new`` head, when it was at ``head``; then tell ``on_change``, with the seats that must
        decide (``pending``: when the caller read them at ``head``, else they are read)."""
        entry = self._games.pop(head.id)
        if entry is not None and entry.head.version == head.version:
            with entry.lock:
                if not entry.taken:  # the game itself did not change: keep it under the new head
                    entry.taken = True
                    self._games.put(head.id, _Cached(new, entry.game))
        if self.on_change is not None:
            self._tell(new, pending if pending is not None else self.pending_seats(new)[1])

    # --- bots ------------------------------------------------------------------------------------

    def leave(self, game_id: str, authorization: str | None, bot: dict[str, Any]) -> tuple[GameHead, int]:
        """The bearer's seat leaves the game: ``bot`` (``{"bot": name, "budget_ms": ms}``) plays it to the end (Board
        Game Arena's zombie mode), and its token can no longer move.  Returns the new head (one version more) and the
        seat.

        Refusals: 404, 401 as for moves; 409 ``game_over``; 409 ``already_left`` when a bot plays the seat already;
        409 ``busy`` when moves kept winning the race."""
        for _attempt in range(WRITE_ATTEMPTS):
            head = self.head(game_id)
            seat = self.seat(head, authorization, required=True)
            if head.finished:
                raise Refused(409, _("the game is over: there is nothing to leave"), rule="game_over")
            if head.bot(seat) is not None:
                raise Refused(409, _("seat {seat} left already: the {bot} bot plays it").format(seat=seat, bot=head.bot_name(seat)),
                              rule="already_left")
            new = self.hand_to_bot(head, seat, bot)
            if new is not None:
                return new, seat
        raise Refused(409, _("the game kept changing while the seat was being handed to a bot: retry"), rule="busy")

    def hand_to_bot(self, head: GameHead, seat: int, bot: dict[str, Any]) -> GameHead | None:
        """Let ``bot`` play ``seat`` from now on, if the game is still at ``head.version``: the new head, or ``None``
        (nothing changed) when another change came first."""
        version, pending = self._read(head, lambda h, game: (h.version, self._pending_seats(game)))
        if version != head.version:
            return None
        new = head.handed_to_bot(seat, bot)
        if not self.storage.hand_to_bot(head, seat, bot, any(new.bot(s) is not None for s in pending)):
            return None
        self._reheaded(head, new, pending)  # read at head.version: the game itself did not change
        return new

    def pending_seats(self, head: GameHead) -> tuple[GameHead, tuple[int, ...]]:
        """The head the game was read at (``head.version`` or later) and the seats that must decide there (none: the
        game is over)."""
        return self._read(head, lambda h, game: (h, self._pending_seats(game)))

    def bot_decision(self, head: GameHead, choose: Callable[[State, int], dict[str, Any]]) -> tuple[int, int, dict[str, Any]] | None:
        """``choose(game, seat)`` for the first seat a bot plays among those that must decide: ``(version, seat, move)``
        at the version the game was read at, or ``None`` (over, or only people must decide).  ``choose`` must not
        change the game."""
        def read(h: GameHead, game: State) -> tuple[int, int, dict[str, Any]] | None:
            seat = next((s for s in game.pending_seats() if h.bot(s) is not None), None)
            if seat is None:
                return None
            return h.version, seat, choose(game, seat)
        return self._read(head, read)

    def bot_move(self, game_id: str, version: int, seat: int, move: dict[str, Any]) -> bool:
        """Play ``move`` for the bot seat ``seat`` if the game is still at ``version`` (the same optimistic check as a
        person's move with ``If-Match``: of two workers that computed the same turn, one move is stored).  Returns
        False, changing nothing, when the game moved on or the seat's decision is not pending; raises ``Refused``
        (422) for a move the engine refuses."""
        try:
            self._apply(game_id, lambda head: self._bot_seat(head, seat), move, ETags([str(version)]))
        except Refused as exc:
            if exc.status in (403, 409, 412):
                return False
            raise
        return True

    @staticmethod
    def _bot_seat(head: GameHead, seat: int) -> int:
        if head.bot(seat) is None:
            raise Refused(409, _("seat {seat} is a person's").format(seat=seat), rule="not_a_bot")
        return seat

    def _person(self, head: GameHead, authorization: str | None) -> int:
        """The bearer's seat (``seat``, required), refused with 409 ``seat_left`` when a bot plays it."""
        seat = self.seat(head, authorization, required=True)
        if head.bot(seat) is not None:
            raise Refused(409, _("seat {seat} left the game: the {bot} bot plays it now").format(seat=seat, bot=head.bot_name(seat)),
                       rule="seat_left")
        return seat

    def lobby(self, limit: int, before: str | None, game: str | None = None) -> dict[str, Any]:
        """The page of open games (``Storage.open_games``) of ``game`` (a registered game's id; ``None``: every game)
        created before the game ``before`` (its id, the previous
        page's ``next``; ``None``: from the newest): ``{"games": [{id, game, players, seats, sides, created}],
        "next": id | null}`` (``next``: where the next page starts, null on the last).  422 ``invalid_cursor``
        for a ``before`` that names no game."""
        cursor = None
        if before is not None:
            at = self.storage.created_at(before)
            if at is None:
                raise Refused(422, _("before={before!r} names no game: give the previous page's next").format(before=before),
                              rule="invalid_cursor")
            cursor = (at, before)
        found = self.storage.open_games(limit + 1, cursor, game)
        games = [{"id": g.head.id, "game": g.head.game, "players": g.head.players, "seats": g.head.seats(), "sides": list(g.sides),
                  "created": _iso(g.created_at)} for g in found[:limit]]
        return {"games": games, "next": found[limit - 1].head.id if len(found) > limit else None}

    # --- reading ---------------------------------------------------------------------------------

    def kind(self, game_id: str) -> str:
        """The registered id of the game ``game_id`` plays (it never changes): from the worker's cached copy when it has
        one, else read with its head; 404 when there is no such game."""
        cached = self._games.get(game_id)
        return cached.head.game if cached is not None else self.head(game_id).game

    def head(self, game_id: str) -> GameHead:
        """The game's head; 404 when there is no such game."""
        head = self.storage.head(game_id)
        if head is None:
            raise Refused(404, _("no game with id {game_id!r}").format(game_id=game_id), rule="unknown_game")
        return head

    @overload
    @staticmethod
    def seat(head: GameHead, authorization: str | None, required: Literal[True]) -> int: ...

    @overload
    @staticmethod
    def seat(head: GameHead, authorization: str | None, required: bool) -> int | None: ...

    @staticmethod
    def seat(head: GameHead, authorization: str | None, required: bool) -> int | None:
        """The seat named by an ``Authorization`` header value: ``None`` for no header (a spectator)
        unless ``required``; 401 when required and missing, or when the token is no seat's."""
        challenge = {"WWW-Authenticate": 'Bearer realm="seats"'}
        try:
            token = bearer_token(authorization)
        except ValueError as exc:
            raise Refused(401, str(exc), rule="invalid_token", headers=challenge) from None
        if token is None:
            if required:
                raise Refused(401, _("this request needs a seat token: Authorization: Bearer <token>"),
                              rule="missing_token", headers=challenge)
            return None
        seat = seat_of(token, head.token_digests)
        if seat is None:
            raise Refused(401, _("the token is not a seat token of this game"), rule="invalid_token",
                          headers={"WWW-Authenticate": 'Bearer realm="seats", error="invalid_token"'})
        return seat

    @staticmethod
    def check_version(head: GameHead, if_match: ETags | None) -> None:
        """412 unless ``if_match`` (parsed ``If-Match``; ``None``: no condition) names the game's version, compared
        strongly as RFC 9110 (13.1.1) requires: a weak tag (``W/"3"``) matches nothing."""
        if if_match is None or if_match.star_tag or if_match.contains(str(head.version)):
            return
        raise Refused(412, _("the game is at version {version}, not the one in If-Match: fetch the state and choose "
                             "again").format(version=head.version), rule="stale_version", headers={"ETag": f'"{head.version}"'})

    def _check_version_for(self, head: GameHead, seat: int, if_match: ETags | None) -> None:
        """``check_version`` as ``seat`` means it: a tag that lost only to other seats' moves while ``seat`` was
        deciding (``_unchanged_for``) still matches."""
        try:
            self.check_version(head, if_match)
        except Refused:
            if if_match is None or not any(self._unchanged_for(head, seat, int(tag)) for tag in if_match.as_set()
                                           if tag.isdigit() and int(tag) < head.version):
                raise

    def _unchanged_for(self, head: GameHead, seat: int, version: int) -> bool:
        """Whether nothing ``seat``'s move depends on changed since ``version``: every change since was another seat's
        move (no undo, claim or seat handed to a bot), ``seat`` had a decision then, and nothing hidden was revealed
        since (the game's undo rule: ``Game.revealed``), so those moves were of the same unresolved decision."""
        since = self.storage.moves_since(head.id, version)
        if not since or len(since) != head.version - version or any(s == seat or v is None for s, v in since):
            return False
        row = self.storage.row(head.id)
        if row is None or row.head.version != head.version:
            return False
        rules = self.game_object(head.game)
        moves = self.storage.moves(head.id, stop=row.head.move_count)
        then = rules.replay(row.config, moves[:len(moves) - len(since)])
        if then.decision(seat) is None:
            return False
        spent = rules.spent(then)
        return self._read(head, lambda h, game: h.version == head.version and rules.revealed(spent, rules.spent(game)) is None)

    def _load(self, game_id: str) -> tuple[GameHead, State]:
        """The game as stored: from its snapshot, or replayed from its move log when the snapshot
        is missing or behind the log."""
        row = self.storage.row(game_id)
        if row is None:
            raise Refused(404, _("no game with id {game_id!r}").format(game_id=game_id), rule="unknown_game")
        count = row.head.move_count  # moves committed after the row was read are not this version's
        rules = self.game_object(row.head.game)
        if not row.snapshot or row.snapshot_moves > count:
            return row.head, self.replay_log(row.head, row.config, count)
        game = rules.from_json(row.snapshot)
        for seat, move in self.storage.moves(game_id, start=row.snapshot_moves, stop=count):
            game.play(seat, move)
        return row.head, game

    def replay_log(self, head: GameHead, config: dict[str, Any], moves: int | None = None) -> State:
        """The game of ``head`` rebuilt from its configuration and move log alone (its game object's ``replay``), with
        its first ``moves`` moves (default: all)."""
        return self.game_object(head.game).replay(config, self.storage.moves(head.id, stop=moves))

    def _read(self, head: GameHead, read: Callable[[GameHead, State], T]) -> T:
        """``read(head, game)`` on the worker's copy of the game at ``head.version`` or later, under
        its lock (``read`` must not change the game)."""
        for _attempt in range(3):
            entry = self._games.get(head.id)
            if entry is None or entry.head.version < head.version:
                entry = _Cached(*self._load(head.id))
                self._games.put(head.id, entry)
            with entry.lock:
                if not entry.taken:
                    return read(entry.head, entry.game)
        return read(*self._load(head.id))  # writers keep taking it: read a private copy

    def _owned(self, head: GameHead) -> tuple[GameHead, State]:
        """A copy of the game that no one else uses, to change: the worker's cached one (taken out of
        the cache) when it is at ``head.version``, else loaded (possibly at a later version)."""
        entry = self._games.pop(head.id)
        if entry is not None and entry.head.version == head.version:
            with entry.lock:  # waits for views being built from it
                if not entry.taken:
                    entry.taken = True
                    return entry.head, entry.game
        return self._load(head.id)

    def replayed(self, head: GameHead, moves_played: int) -> tuple[GameHead, State]:
        """The game of ``head`` (read at ``head.version`` or later) after its first ``moves_played`` moves, replayed from
        its configuration by its game object (``Game.replay``: the same seed, so the same chance steps), with the head
        the log was read at.  404 ``unknown_state`` when the game has fewer moves.  The state is kept for the next
        reader (per game, version and moves played): the caller must not change it."""
        def log_of(h: GameHead, game: State) -> tuple[GameHead, dict[str, Any], list[tuple[int, dict[str, Any]]]]:
            rules = self.game_object(h.game)
            return h, rules.config_of(game), list(zip(game.move_seats, game.moves, strict=True))

        found = self._past.get((head.id, head.version, moves_played))
        if found is not None:
            return head, found
        read, config, log_ = self._read(head, log_of)
        if not 0 <= moves_played <= len(log_):
            raise Refused(404, _("the game has {count} moves: its states are those after 0 to {count} moves, not "
                                 "{moves_played}").format(count=len(log_), moves_played=moves_played), rule="unknown_state")
        past = self.game_object(read.game).replay(config, log_[:moves_played])
        self._past.put((read.id, read.version, moves_played), past)
        return read, past

    def state_at(self, head: GameHead, moves_played: int, seat: int | None) -> tuple[int, bytes]:
        """The game version now and the JSON text of the game after its first ``moves_played`` moves as ``seat``
        (``None``: a spectator) saw it then: the state's members (``_state_data``), ``moves_played`` being that
        point and ``undo`` null (nothing can be taken back in the past).  Built by the game's own views from the
        replayed state (``replayed``): a seat sees only what it could see then, whether or not the game is over.
        404 ``unknown_state`` when the game has fewer moves."""
        read, past = self.replayed(head, moves_played)
        key = (read.id, read.version, seat, "after", moves_played)
        body = self._views.get(key)
        if body is None:
            body = dumps(self._state_data(read, past, seat, None)[1])
            self._views.put(key, body)
        return read.version, body

    def _state_data(self, head: GameHead, game: State, seat: int | None,
                    undo: dict[str, Any] | None) -> tuple[dict[str, Any], dict[str, Any]]:
        """``State.view(seat)`` (with its logs) and the state as ``seat`` sees it (``_view``), with ``undo`` as given."""
        view = game.view(seat)
        view.pop("version")
        data = {"id": head.id, "game": head.game, "seat": seat, "version": head.version, "moves_played": game.version,
                "seats": head.seats(), "undo": undo,
                "pending_seats": game.pending_seats(), **{k: v for k, v in view.items() if k not in LOGS}}
        own = game.decision(seat) if seat is not None else None
        data["pending"] = own if own is not None else first_decision(game)
        return view, data

    def _view(self, head: GameHead, game: State, seat: int | None, keep: bool = True,
              before: dict[str, Any] | None = None) -> tuple[dict[str, Any], bytes]:
        """``State.view(seat)`` (with its logs) and the JSON text of the state as ``seat`` sees it: ``id``, ``game``,
        ``seat``, ``version``, ``moves_played``, ``seats`` (each seat's display name and whether it is open:
        ``GameHead.seats``), ``undo`` (``_undo_member``), ``pending_seats`` (every seat that must decide now) and the
        view without its ``LOGS``, its ``pending`` being the seat's own decision when it has one (several seats may
        decide at once), else the first pending seat's (``keep``: the text is kept for the next reader; only a
        committed version may be kept; ``before``: the ``Game.spent`` of the game before its last move, when the
        caller has it)."""
        view, data = self._state_data(head, game, seat, self._undo_member(head, game, seat, before))
        body = dumps(data)
        if keep:
            self._views.put((head.id, head.version, seat, current_language()), body)
        return view, body

    def _undo_member(self, head: GameHead, game: State, seat: int | None,
                     before: dict[str, Any] | None) -> dict[str, Any] | None:
        """The state's ``undo``: ``{allowed, rule, detail}``, whether ``seat`` may take back its last move now and,
        when not, the refusal ``POST /games/{id}/undo`` would answer (``undo_refusal``); None for a spectator.  The
        game without the seat's last move is replayed only when that move may be taken back at all (``before``: the
        ``Game.spent`` before the log's last move, when the seat made it and the caller knows it)."""
        if seat is None:
            return None
        rules = self.game_object(head.game)
        last_seat = game.move_seats[-1] if game.move_seats else None

        def replayed() -> dict[str, Any] | None:
            if before is not None and last_seat == seat:
                return before
            found = without_move(rules, rules.config_of(game), list(zip(game.move_seats, game.moves, strict=True)), seat)
            return None if found is None else rules.spent(found[0])

        refusal = undo_refusal(head, seat, last_seat, keeps_later_moves(game, seat), replayed, rules.spent(game), rules)
        if refusal is None:
            return {"allowed": True, "rule": None, "detail": None}
        return {"allowed": False, "rule": refusal.rule, "detail": refusal.detail}

    def state(self, head: GameHead, seat: int | None) -> tuple[int, bytes]:
        """The game version and the JSON text of the game as ``seat`` (``None``: a spectator) sees it,
        at ``head.version`` or later."""
        body = self._views.get((head.id, head.version, seat, current_language()))
        if body is not None:
            return head.version, body
        return self._read(head, lambda h, game: (h.version, self._view(h, game, seat)[1]))

    def decision(self, head: GameHead, seat: int) -> tuple[int, dict[str, Any] | None, dict[str, Any] | None]:
        """The game version, ``seat``'s decision (``None``: it has none now) and the first pending seat's decision
        (``None``: the game is over)."""
        return self._read(head, lambda h, game: (h.version, game.decision(seat), first_decision(game)))

    def position(self, head: GameHead, seat: int) -> tuple[int, dict[str, Any]]:
        """The game version and ``State.position(seat)``."""
        return self._read(head, lambda h, game: (h.version, game.position(seat)))

    def legal_moves(self, head: GameHead, seat: int) -> dict[str, Any]:
        """The pending decision and, when it is ``seat``'s, its options (else none), each with its ``label`` and, for
        a placement, its ``squares`` (``solver.games.wild_tiled_west.engine.labels.annotated``)."""
        def read(h: GameHead, game: State) -> dict[str, Any]:
            moves = self.game_object(h.game).labelled_moves(game, seat)
            return {"version": h.version, "seat": seat, "pending": first_decision(game), "moves": moves}
        return self._read(head, read)

    def read_seat(self, head: GameHead, seat: int, pick: Callable[[State], T],
                  moves_played: int | None = None) -> tuple[int, T]:
        """``(version, pick(state))`` on the game at ``head.version`` or later, for ``seat``'s open information (a game's
        extras read what they draw this way: Wild Tiled West's settlement boards); ``pick`` must copy what it keeps and
        change nothing.  ``moves_played``: on the game as it was after that many moves (``replayed``: 404
        ``unknown_state`` when it has fewer); ``None``: as it is now.  404 ``unknown_seat`` for a seat the game does not
        have."""
        if not 0 <= seat < head.players:
            raise Refused(404, _("the game has seats 0 to {last}, not {seat}").format(last=head.players - 1, seat=seat),
                              rule="unknown_seat")
        if moves_played is not None:
            read, past = self.replayed(head, moves_played)
            return read.version, pick(past)
        return self._read(head, lambda h, game: (h.version, pick(game)))

    def log(self, head: GameHead, seat: int | None) -> GameLog:
        """The logs as ``seat`` sees them at ``head.version`` or later, with their history: the move rows'
        marks are read between two reads of the game's head, and used only when both found the same version
        (a write in between would have changed it) and the game was read at that version too."""
        for _attempt in range(WRITE_ATTEMPTS):
            cached = self._logs.get((head.id, head.version, seat))
            if cached is not None:
                return cached
            marks = self.storage.marks(head.id)
            history = self._history(head, marks)
            now = self.head(head.id)
            if now.version != head.version or len(marks) != now.move_count:
                head = now
                continue
            found = self._read(head, partial(self._game_log, head.version, seat, history))
            if isinstance(found, GameHead):
                head = found
                continue
            self._logs.put((head.id, head.version, seat), found)
            return found
        raise Refused(503, _("the game kept changing while its log was being read: retry"), rule="busy",
                      headers={"Retry-After": "1"})

    @staticmethod
    def _game_log(version: int, seat: int | None, history: tuple[tuple[int, ...], tuple[int, ...]], head: GameHead,
                  game: State) -> GameLog | GameHead:
        """The ``GameLog`` of ``game`` read at ``head``, when that is ``version`` (``history``: the moves'
        versions and first events); else ``head``."""
        if head.version != version:
            return head
        view = game.view(seat)
        events = tuple((e["n"], dumps(e).decode()) for e in view["events"])
        moves = tuple((mover, dumps(m).decode()) for m, mover in zip(view["moves"], view["move_seats"], strict=True))
        own = game.decision(seat) if seat is not None else None
        return GameLog(version, game.version, own if own is not None else first_decision(game), game.finished, events, moves,
                       History(*history, events=len(game.events)))

    def _history(self, head: GameHead, marks: list[MoveMark]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The versions and first events of the moves (``History``) from their ``marks``; rows stored before
        the marks were kept have their version read as ``n + 1`` (below every version made since) and their
        first events found by a replay of the log."""
        versions = tuple(m.version if m.version is not None else n + 1 for n, m in enumerate(marks))
        if all(m.first_event is not None for m in marks):
            return versions, tuple(m.first_event for m in marks if m.first_event is not None)
        row = self.storage.row(head.id)
        if row is None:
            raise Refused(404, _("no game with id {game_id!r}").format(game_id=head.id), rule="unknown_game")
        game, first = self.game_object(head.game).new_state(row.config), []
        for seat, move in self.storage.moves(head.id, stop=len(marks)):
            first.append(len(game.events))
            game.play(seat, move)
        return versions, tuple(first)

    def events(self, head: GameHead, seat: int | None, after: EventPoint) -> dict[str, Any]:
        """The page of the event log for a client at ``after``: ``{"version", "last", "last_id", "undo",
        "events"}``: ``undo`` is ``{"last": n}`` when events the client holds were withdrawn (it drops those
        numbered above ``n``), else null; ``events`` the events ``seat`` may see above what the client keeps,
        as JSON texts (``dumps_page(page, "events")``); ``last`` the highest number ``seat`` may see and
        ``last_id`` that event's id (where to resume; null when it sees none)."""
        log_ = self.log(head, seat)
        kept = log_.history.kept(after)
        return {"version": log_.version, "last": log_.last,
                "last_id": log_.history.event_id(log_.last) if log_.events else None,
                "undo": {"last": kept} if kept < after.n else None,
                "events": [text for n, text in log_.events if n > kept]}

    def moves_page(self, head: GameHead, seat: int | None, after: int, limit: int) -> dict[str, Any]:
        """At most ``limit`` moves of the log numbered above ``after`` (0-based), as ``seat`` sees them (another
        seat's kept partner withheld): each ``{n, seat, version, move}`` (``version``: the game version the move
        made, which no later move has, so a client can tell a move replaced after an undo; ``first_event``: the number
        of the first event it caused, the events it caused being those numbered from there to the next move's), with the game
        ``version``, ``moves_played`` and ``last`` (the highest move number: -1 before the first move);
        ``moves`` holds JSON texts (``dumps_page(page, "moves")``)."""
        log_ = self.log(head, seat)
        start = max(0, after + 1)
        chosen = range(start, min(len(log_.moves), start + limit))
        texts = [f'{{"n":{n},"seat":{log_.moves[n][0]},"version":{log_.history.versions[n]},'
                 f'"first_event":{log_.history.first_events[n]},"move":{log_.moves[n][1]}}}' for n in chosen]
        return {"version": log_.version, "moves_played": log_.moves_played, "last": len(log_.moves) - 1,
                "moves": texts}

    # --- changing --------------------------------------------------------------------------------

    def play(self, game_id: str, authorization: str | None, move: dict[str, Any], if_match: ETags | None = None,
             key: str | None = None, request_digest: str = "") -> Answer:
        """Apply ``move`` for the bearer's seat and store it; the answer is the mover's new state and the
        events the move caused that the mover may see.

        Refusals: 404 unknown game, 401 token, 422 ``Idempotency-Key`` reused for another request,
        412 ``If-Match`` stale, 409 game over, 403 the pending decision is another seat's, 422 an
        illegal move (the engine's rule code and reason); 409 ``seat_left`` when the seat left the game."""
        return self._apply(game_id, lambda head: self._person(head, authorization), move, if_match, key, request_digest)

    def _apply(self, game_id: str, seat_of: Callable[[GameHead], int], move: dict[str, Any], if_match: ETags | None = None,
               key: str | None = None, request_digest: str = "") -> Answer:
        """``play`` for the seat ``seat_of(head)`` names (raising ``Refused`` when it may not move)."""
        for _attempt in range(WRITE_ATTEMPTS):
            head = self.head(game_id)
            seat = seat_of(head)
            if key is not None:
                stored = self.storage.stored_answer(game_id, seat, key)
                if stored is not None:
                    if stored.fingerprint != request_digest:
                        raise Refused(422, _("this Idempotency-Key was used for another request"), rule="idempotency_key_reused")
                    return Answer(stored.status, stored.body.encode(), stored.version, replayed=True)
            self._check_version_for(head, seat, if_match)
            if head.finished:
                raise Refused(409, _("the game is over: no more moves"), rule="game_over")
            loaded, game = self._owned(head)
            if loaded.version != head.version:  # the game moved on meanwhile: decide again on the new state
                self._games.put(game_id, _Cached(loaded, game))
                continue
            pending = first_decision(game)
            assert pending is not None  # the game is not over (checked above)
            if game.decision(seat) is None:
                self._games.put(game_id, _Cached(head, game))
                whose = ", ".join(str(s) for s in game.pending_seats())
                raise Refused(403, _("the pending decision ({decision}) is seat {whose}'s, not seat {seat}'s").format(
                    decision=pending["type"], whose=whose, seat=seat),
                              rule="not_your_decision")
            start, hidden = len(game.events), self.game_object(head.game).spent(game)
            try:
                game.play(seat, move)
            except IllegalMove as exc:  # the engine left the game unchanged
                self._games.put(game_id, _Cached(head, game))
                raise Refused(422, str(exc), rule=exc.rule) from None
            except Exception as exc:
                log.error("the engine failed on a move of game %s: %s", game_id, type(exc).__name__)
                raise Refused(422, _("the engine could not play this move"), rule="unplayable_move") from None
            new = replace(head, version=head.version + 1, move_count=head.move_count + 1, finished=game.finished)
            view, state = self._view(new, game, seat, keep=False, before=hidden)
            caused = [e for e in view["events"] if e["n"] >= start]
            body = b'{"state":' + state + b',"events":' + dumps(caused) + b"}"
            kept = (key, request_digest, 200, body.decode()) if key is not None else None
            snapshot = game.to_json() if game.finished or new.move_count % SNAPSHOT_EVERY == 0 else None
            if self.storage.commit_move(head, seat, game.moves[-1], snapshot, game.finished, kept, first_event=start,
                                        pending_bot=self._bot_pending(new, game)):
                self._games.put(game_id, _Cached(new, game))
                self._views.put((game_id, new.version, seat, current_language()), state)
                self._changed(new, game)
                return Answer(200, body, new.version)
            # Another change was committed first: this copy is ahead of the database; read it again.
        raise Refused(409, _("the game kept changing while this move was being played: fetch the state and retry"),
                      rule="busy")

    def _undone(self, head: GameHead, seat: int) -> tuple[State, list[tuple[int, dict[str, Any], int]], dict[str, Any]] | None:
        """``without_move`` of the game at ``head`` for ``seat`` (the state, the other seats' moves played again, the move
        taken back); None when the game changed meanwhile.  Raises ``undo_refusal``'s refusal when the seat may not
        undo."""
        moves = self.storage.moves(head.id)
        if len(moves) != head.move_count:
            return None
        rules = self.game_object(head.game)
        read = self._read(head, lambda h, g: (rules.config_of(g), rules.spent(g), keeps_later_moves(g, seat))
                          if h.version == head.version else None)
        if read is None:
            return None
        config, after, in_decision = read
        found = cache(partial(without_move, rules, config, moves, seat))
        refusal = undo_refusal(head, seat, moves[-1][0] if moves else None, in_decision,
                               lambda: None if found() is None else rules.spent(found()[0]), after, rules)  # type: ignore[index]
        if refusal is not None:
            raise refusal
        result = found()
        assert result is not None  # undo_refusal refuses when the move cannot be taken out
        return result

    def undo(self, game_id: str, authorization: str | None, if_match: ETags | None = None) -> Answer:
        """Take back the bearer's own last move, allowed while nothing hidden was revealed since (the game's rule,
        ``Game.revealed``: in Wild Tiled West no chance step (dice roll, shuffle), no card drawn from the partner or
        bandit deck).  Other seats' moves made after it are kept when they still apply without it (their moves of a
        decision being made by several seats at once, which is not yet resolved): they are stored again, each making a
        version of its own (``Storage.commit_undo``).

        Refusals: 404, 401, 412 as for moves; 409 ``nothing_to_undo``, ``game_over`` or
        ``hidden_revealed``; 403 ``not_your_move`` when the last move is another seat's (and the seat's own is not
        part of a decision still being made); 409 ``seat_left``."""
        for _attempt in range(WRITE_ATTEMPTS):
            head = self.head(game_id)
            seat = self._person(head, authorization)
            self.check_version(head, if_match)
            found = self._undone(head, seat)
            if found is None:
                continue  # changed meanwhile
            before, again, last_move = found
            new = replace(head, version=head.version + 1 + len(again), move_count=head.move_count - 1, finished=False)
            if self.storage.commit_undo(head, before.to_json(), self._bot_pending(new, before), at=head.move_count - 1 - len(again),
                                        again=again):
                self._games.put(game_id, _Cached(new, before))
                state = self._view(new, before, seat)[1]
                self._changed(new, before)
                return Answer(200, b'{"state":' + state + b',"undone":' + dumps(last_move) + b"}", new.version)
        raise Refused(409, _("the game kept changing while the undo was being made: fetch the state and retry"), rule="busy")
