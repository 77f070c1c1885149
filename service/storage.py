"""Reading and writing games, daily puzzles and move reviews in the database (SQLAlchemy 2.x): the database layer shared by
``service.games.store`` and ``service.puzzles.store``.

``database_url(app)``: ``app.config["DATABASE_URL"]``, else the ``DATABASE_URL`` environment variable
(e.g. ``postgresql+psycopg://user:pw@host/db``), else an SQLite file ``wtw.sqlite3`` in the Flask
instance folder, made on first use, in WAL mode.

Every write is one short transaction that starts with its optimistic check (``UPDATE games ... WHERE
id = :id AND version = :read_version``) and commits before the service answers, so an answered move
survives ``kill -9``.  Two writers that read the same version never both succeed: the second UPDATE
matches no row (SQLite serialises writers; PostgreSQL, whose connections are always READ COMMITTED here
whatever the server's default, makes the second UPDATE wait for the first transaction and then re-checks
its WHERE clause on the new row), and the move log's primary key (game, n) would refuse a second row
anyway.  Should PostgreSQL still answer a serialization failure or a deadlock, the write counts as lost
to the other one, like a unique violation, and the caller reads the game again.

A write waits at most ``lock_timeout`` seconds (default 30) for another transaction's lock (SQLite's
busy timeout, PostgreSQL's ``lock_timeout``); then ``OperationalError`` is raised, nothing was written,
and the app answers 503 with ``Retry-After`` (``service.app``).  PostgreSQL sessions use UTC, and the
database must be UTF-8 (answers are stored as text with any Unicode character).  A key that no stored row
can have (a NUL character, which PostgreSQL text cannot hold, or longer than its column) finds nothing,
as it would on SQLite, instead of failing.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeVar, cast

from sqlalchemy import (
    Connection,
    Engine,
    UniqueConstraint,
    and_,
    create_engine,
    delete,
    event,
    inspect,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError, ProgrammingError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.schema import AddConstraint

if TYPE_CHECKING:
    from sqlalchemy import CursorResult

from service.models import Base, GameRecord, IdempotencyRecord, MoveRecord, PuzzleRecord, ReviewRecord, utcnow

SQLITE_FILE = "wtw.sqlite3"
BUSY_TIMEOUT_S = 30  #: the default ``lock_timeout``, in seconds
CONNECT_TIMEOUT_S = 10  #: PostgreSQL: give up connecting after this long (then 503)
#: PostgreSQL SQLSTATEs of a transaction that lost to a concurrent one: serialization failure, deadlock
LOST_RACE_SQLSTATES = frozenset({"40001", "40P01"})
#: the PostgreSQL advisory lock (any fixed 64-bit number) held while a worker creates the missing tables
SCHEMA_LOCK_KEY = 0x5754_5753_4348_454D
T = TypeVar("T")
#: game ids per query of ``Storage.heads`` (well below SQLite's and PostgreSQL's limits on bound parameters)
HEADS_PER_QUERY = 500


def database_url(config: dict[str, Any], instance_path: str) -> str:
    """The database URL for an app: its ``DATABASE_URL`` setting, the environment's, or the SQLite
    file in ``instance_path`` (created when missing)."""
    url = config.get("DATABASE_URL") or os.environ.get("DATABASE_URL")
    if not url:
        os.makedirs(instance_path, exist_ok=True)
        return "sqlite:///" + os.path.join(instance_path, SQLITE_FILE)
    return normalise_url(url)


def normalise_url(url: str) -> str:
    """``url`` with PostgreSQL's driver made explicit: ``postgres://`` (the old spelling some hosts still
    hand out) and ``postgresql://`` become ``postgresql+psycopg://`` (psycopg 3, the driver installed
    with ``pip install '.[postgresql]'``); any other URL is returned as it is."""
    for scheme in ("postgres://", "postgresql://"):
        if url.startswith(scheme):
            return "postgresql+psycopg://" + url[len(scheme):]
    return url


def _sqlite_pragmas(lock_timeout_ms: int):
    def on_connect(dbapi_connection, _record) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")  # a committed move survives even a power cut
        cursor.execute(f"PRAGMA busy_timeout={lock_timeout_ms}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()
    return on_connect


def _postgresql_settings(lock_timeout_ms: int):
    # SET, not the connection's "options": a pooler such as PgBouncer refuses unknown startup parameters
    def on_connect(dbapi_connection, _record) -> None:
        with dbapi_connection.cursor() as cursor:
            cursor.execute(f"SET lock_timeout = {lock_timeout_ms}")
            cursor.execute("SET TIME ZONE 'UTC'")
        dbapi_connection.commit()
    return on_connect


def _storable(*keys: str, length: int = 255) -> bool:
    """Whether text keys could be stored at all: no NUL (PostgreSQL text cannot hold one) and no longer
    than ``length``.  A lookup with another key finds nothing, on every database."""
    return all(len(k) <= length and "\x00" not in k for k in keys)


def lost_race(exc: DBAPIError) -> bool:
    """Whether ``exc`` says the transaction lost to a concurrent one (PostgreSQL: serialization failure,
    deadlock) and may simply be tried again on fresh data."""
    return getattr(exc.orig, "sqlstate", None) in LOST_RACE_SQLSTATES


def _add_missing_columns(conn: Connection) -> None:
    """``ALTER TABLE ... ADD COLUMN`` for each nullable column of the models that a table made by an earlier
    version of the service lacks (the move log's ``version`` and ``first_event``; the games' ``seat_names``,
    ``open_seats``, ``sides``, ``seat_bots`` and ``pending_bot``); their rows read null.  Then the models' missing
    indexes are made (the lobby's, the bot turns')."""
    inspector = inspect(conn)
    for table in Base.metadata.sorted_tables:
        present = {c["name"] for c in inspector.get_columns(table.name)}
        for column in table.columns:
            if column.name not in present and column.nullable:
                kind = column.type.compile(dialect=conn.dialect)
                conn.execute(text(f"ALTER TABLE {table.name} ADD COLUMN {column.name} {kind}"))
        for index in table.indexes:
            index.create(conn, checkfirst=True)


#: the game of a row written before the ``game`` column existed (and of a request that names none)
DEFAULT_GAME = "wild-tiled-west"
#: the columns the puzzles table was unique on before it held several games' puzzles
PUZZLES_UNIQUE_BEFORE_GAMES = ["date", "difficulty"]


def _old_puzzles_unique(conn: Connection) -> str | None:
    """The name of the puzzles table's unique constraint on (date, difficulty) alone, which a table made before the
    house had several games has (``uq_puzzles_date_difficulty``); ``None`` when there is none."""
    found = inspect(conn).get_unique_constraints(PuzzleRecord.__tablename__)
    return next((c["name"] or "" for c in found if list(c["column_names"]) == PUZZLES_UNIQUE_BEFORE_GAMES), None)


def _puzzles_per_game(conn: Connection) -> None:
    """Make a puzzles table made before the house had several games unique per (game, date, difficulty), its rows
    Wild Tiled West's (``game`` filled in; the column itself was added by ``_add_missing_columns``), so that another
    game's puzzle of the same day can be stored.  SQLite cannot drop a constraint: the table is copied into a new one
    and replaced, in one transaction holding the database's write lock (``BEGIN IMMEDIATE``; a worker that waited for
    it finds the work done); PostgreSQL drops the old constraint and adds the new one under the schema's advisory lock
    (``Storage.create_tables``).  A table already unique per game is left as it is."""
    if _old_puzzles_unique(conn) is None:
        return
    table = PuzzleRecord.__tablename__
    if conn.dialect.name == "sqlite":
        conn.exec_driver_sql("BEGIN IMMEDIATE")  # pysqlite opens no transaction for DDL: this one holds them all
        if _old_puzzles_unique(conn) is None:
            return  # another worker did it while this one waited for the lock
        before = f"{table}_before_games"
        conn.exec_driver_sql(f"ALTER TABLE {table} RENAME TO {before}")
        Base.metadata.tables[table].create(conn)
        conn.execute(text(f"INSERT INTO {table} (id, game, date, difficulty, canonical, created_at) SELECT id, "
                          f"COALESCE(game, :game), date, difficulty, canonical, created_at FROM {before}"),
                     {"game": DEFAULT_GAME})
        conn.exec_driver_sql(f"DROP TABLE {before}")
        return
    name = _old_puzzles_unique(conn)
    conn.execute(update(PuzzleRecord).where(PuzzleRecord.game.is_(None)).values(game=DEFAULT_GAME))
    conn.exec_driver_sql(f'ALTER TABLE {table} DROP CONSTRAINT "{name}"')
    for constraint in Base.metadata.tables[table].constraints:
        if isinstance(constraint, UniqueConstraint):
            conn.execute(AddConstraint(constraint))


def default_name(seat: int) -> str:
    """The display name of a seat taken without a name: ``"Seat <n>"``, counted from 1 as players count seats (the API
    numbers seats from 0: seat 0 is "Seat 1"; issue 37, names a player reads)."""
    return f"Seat {seat + 1}"


@dataclass(frozen=True)
class GameHead:
    """A game row without its snapshot: what authentication and version checks need, the seats' display
    ``names`` (``None``: the seat is open; empty in rows written before the lobby: every seat taken) and ``bots``
    (per seat: ``None``, a person plays it, or the bot playing it, ``{"bot": name, "budget_ms": ms}``; empty: no
    bot seat) and ``game``, the registered game's id."""

    id: str
    players: int
    version: int
    move_count: int
    finished: bool
    token_digests: tuple[str, ...]
    names: tuple[str | None, ...] = ()
    bots: tuple[dict[str, Any] | None, ...] = ()
    game: str = DEFAULT_GAME  #: the registered game's id

    def seats(self) -> list[dict[str, Any]]:
        """Each seat as the state and the lobby show it: ``[{"seat": n, "name": str | None, "open": bool, "bot": str |
        None}]`` (an open seat's name is null; ``bot``: the name of the bot playing the seat, null for a person)."""
        names = self.names or tuple(default_name(n) for n in range(self.players))
        return [{"seat": n, "name": name, "open": name is None, "bot": self.bot_name(n)} for n, name in enumerate(names)]

    def bot(self, seat: int) -> dict[str, Any] | None:
        """The bot playing ``seat`` (``{"bot": name, "budget_ms": ms}``), or ``None`` when a person plays it."""
        return self.bots[seat] if self.bots else None

    def bot_name(self, seat: int) -> str | None:
        """The name of the bot playing ``seat`` (``random``, ``greedy``, ``hint``), or ``None``."""
        bot = self.bot(seat)
        return None if bot is None else str(bot["bot"])

    def is_open(self, seat: int) -> bool:
        """Whether ``seat`` is open (left for someone to claim)."""
        return bool(self.names) and self.names[seat] is None

    def claimed(self, seat: int, name: str, token_digest: str) -> GameHead:
        """This head once the open ``seat`` is claimed by ``name`` with ``token_digest``: one version more."""
        digests, names = list(self.token_digests), list(self.names)
        digests[seat], names[seat] = token_digest, name
        return replace(self, version=self.version + 1, token_digests=tuple(digests), names=tuple(names))

    def handed_to_bot(self, seat: int, bot: dict[str, Any]) -> GameHead:
        """This head once ``seat`` is played by ``bot`` (``{"bot", "budget_ms"}``): one version more."""
        bots = list(self.bots or (None,) * self.players)
        bots[seat] = bot
        return replace(self, version=self.version + 1, bots=tuple(bots))


@dataclass(frozen=True)
class LobbyGame:
    """A game of the lobby's list: its head, its seats' board sides and when it was created."""

    head: GameHead
    sides: tuple[str, ...]
    created_at: datetime


@dataclass(frozen=True)
class GameRow:
    """A whole game row: head, configuration (with the seed put back) and snapshot."""

    head: GameHead
    config: dict[str, Any]
    snapshot: dict[str, Any]
    snapshot_moves: int


@dataclass(frozen=True)
class MoveMark:
    """Where a move of the log stands in the game's history: the game ``version`` it made (the ``ETag``
    after it, never given to another move, even after an undo) and ``first_event``, the number of the
    first event it caused; each ``None`` in rows stored before the service kept them."""

    version: int | None
    first_event: int | None


@dataclass(frozen=True)
class StoredAnswer:
    """The answer kept for an ``Idempotency-Key``."""

    fingerprint: str
    status: int
    version: int
    body: str


@dataclass(frozen=True)
class StoredPuzzle:
    """A stored daily puzzle: id, date (YYYY-MM-DD), difficulty, its canonical JSON text and the registered game's id
    (rows written before the house had several games: Wild Tiled West)."""

    id: str
    date: str
    difficulty: str
    canonical: str
    game: str = DEFAULT_GAME


def _puzzle(rec: PuzzleRecord) -> StoredPuzzle:
    return StoredPuzzle(rec.id, rec.date, rec.difficulty, rec.canonical, rec.game or DEFAULT_GAME)


def _of_game(game: str) -> Any:
    """The puzzles of ``game`` (null, written before the ``game`` column, is Wild Tiled West)."""
    same = PuzzleRecord.game == game
    return or_(same, PuzzleRecord.game.is_(None)) if game == DEFAULT_GAME else same


@dataclass(frozen=True)
class StoredReview:
    """A stored move review: ``ReviewRecord``'s columns but its times (kept for the sweep's query alone)."""

    id: str
    game_id: str
    budget_ms: int
    simulations: int | None
    search_seed: int
    total: int | None
    done: int
    rows: list[dict[str, Any]]
    finished: bool
    failed: str | None


def _review(rec: ReviewRecord) -> StoredReview:
    return StoredReview(rec.id, rec.game_id, rec.budget_ms, rec.simulations, rec.search_seed, rec.total, rec.done,
                        list(rec.rows), rec.finished, rec.failed)


#: the columns of a ``GameHead``
HEAD_COLUMNS = (GameRecord.id, GameRecord.players, GameRecord.version, GameRecord.move_count, GameRecord.finished,
                GameRecord.token_digests, GameRecord.seat_names, GameRecord.seat_bots, GameRecord.game)


def _head(row: Any) -> GameHead:
    """The ``GameHead`` of a row holding ``HEAD_COLUMNS`` (or a ``GameRecord``)."""
    return GameHead(row.id, row.players, row.version, row.move_count, row.finished, tuple(row.token_digests),
                    tuple(row.seat_names or ()), tuple(row.seat_bots or ()), row.game or DEFAULT_GAME)


class Storage:
    """The service's database: one SQLAlchemy engine (a connection pool) per worker process."""

    def __init__(self, url: str, lock_timeout: float = BUSY_TIMEOUT_S):
        url = normalise_url(url)
        lock_timeout_ms = max(1, int(lock_timeout * 1000))
        kwargs: dict[str, Any] = {"future": True}
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"timeout": lock_timeout, "check_same_thread": False}
        else:
            kwargs["pool_pre_ping"] = True
        if url.startswith("postgresql"):
            # The optimistic check relies on READ COMMITTED (see the module's text): never the server's default.
            kwargs["isolation_level"] = "READ COMMITTED"
            kwargs["connect_args"] = {"connect_timeout": CONNECT_TIMEOUT_S}
        self.engine: Engine = create_engine(url, **kwargs)
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas(lock_timeout_ms))
        elif url.startswith("postgresql"):
            event.listen(self.engine, "connect", _postgresql_settings(lock_timeout_ms))
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)

    def create_tables(self, attempts: int = 5) -> None:
        """Create the missing tables.  Several workers (and machines) may start at once.  On PostgreSQL
        they take turns: a transaction-scoped advisory lock is held while a worker looks for the tables
        and creates the missing ones (DDL is transactional there), so the next worker finds them made.
        Elsewhere, and should a creator outside the service race us, a worker that loses the race to
        create a table (SQLite: "table already exists" or "database is locked"; PostgreSQL: a unique
        violation in its catalog, or "relation already exists") retries and then finds it there.  A table made
        by an earlier version of the service gets the nullable columns it lacks (``_add_missing_columns``), and a puzzles
        table unique per (date, difficulty) becomes unique per (game, date, difficulty) (``_puzzles_per_game``)."""
        for attempt in range(attempts):
            try:
                with self.engine.begin() as conn:
                    if conn.dialect.name == "postgresql":
                        encoding = conn.execute(text("SHOW server_encoding")).scalar()
                        if encoding != "UTF8":
                            raise RuntimeError(f"the PostgreSQL database must be UTF8, not {encoding}: "
                                               "CREATE DATABASE ... ENCODING 'UTF8'")
                        conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK_KEY})
                    Base.metadata.create_all(conn)
                    _add_missing_columns(conn)
                    _puzzles_per_game(conn)
                return
            except (OperationalError, IntegrityError, ProgrammingError):
                if attempt == attempts - 1:
                    raise
                time.sleep(0.2 * (attempt + 1))

    # --- reading ---------------------------------------------------------------------------------

    def head(self, game_id: str) -> GameHead | None:
        """The game's head (no snapshot), or ``None`` when there is no such game."""
        if not _storable(game_id, length=32):
            return None
        with self.engine.connect() as conn:  # Core, not a Session: this runs on every request
            row = conn.execute(select(*HEAD_COLUMNS).where(GameRecord.id == game_id)).first()
        return None if row is None else _head(row)

    def heads(self, game_ids: Collection[str]) -> dict[str, GameHead]:
        """The heads of the games ``game_ids`` that exist, by id: one query per ``HEADS_PER_QUERY`` ids (the event
        streams' shared poll, ``service.games.streams``)."""
        ids = sorted(i for i in set(game_ids) if _storable(i, length=32))
        found: dict[str, GameHead] = {}
        with self.engine.connect() as conn:
            for start in range(0, len(ids), HEADS_PER_QUERY):
                chunk = ids[start:start + HEADS_PER_QUERY]
                found.update((row.id, _head(row)) for row in conn.execute(
                    select(*HEAD_COLUMNS).where(GameRecord.id.in_(chunk))))
        return found

    def row(self, game_id: str) -> GameRow | None:
        """The whole game row, or ``None`` when there is no such game."""
        if not _storable(game_id, length=32):
            return None
        with self.sessions() as s:
            rec = s.get(GameRecord, game_id)
            if rec is None:
                return None
            head = _head(rec)
            return GameRow(head, {**rec.config, "seed": rec.seed}, rec.snapshot, rec.snapshot_moves)

    def moves(self, game_id: str, start: int = 0, stop: int | None = None) -> list[tuple[int, dict[str, Any]]]:
        """The moves ``start`` to ``stop - 1`` (0-based; default: to the end) of the log: ``(seat, move)``."""
        if not _storable(game_id, length=32):
            return []
        where = [MoveRecord.game_id == game_id, MoveRecord.n >= start]
        if stop is not None:
            where.append(MoveRecord.n < stop)
        with self.sessions() as s:
            rows = s.execute(select(MoveRecord.seat, MoveRecord.move).where(*where).order_by(MoveRecord.n)).all()
        return [(r.seat, r.move) for r in rows]

    def marks(self, game_id: str) -> list[MoveMark]:
        """Each move's ``MoveMark``, in the log's order (move 0 first)."""
        if not _storable(game_id, length=32):
            return []
        with self.engine.connect() as conn:
            rows = conn.execute(select(MoveRecord.version, MoveRecord.first_event)
                                .where(MoveRecord.game_id == game_id).order_by(MoveRecord.n)).all()
        return [MoveMark(r.version, r.first_event) for r in rows]

    def stored_answer(self, game_id: str, seat: int, key: str) -> StoredAnswer | None:
        """The answer kept for ``key`` of this seat, or ``None``."""
        if not _storable(game_id, length=32) or not _storable(key):
            return None
        with self.sessions() as s:
            rec = s.get(IdempotencyRecord, (game_id, seat, key))
            return StoredAnswer(rec.fingerprint, rec.status, rec.version, rec.body) if rec else None

    # --- writing ---------------------------------------------------------------------------------

    def insert_game(self, game_id: str, config: dict[str, Any], digests: list[str], snapshot: dict[str, Any],
                    names: list[str | None] | None = None, sides: list[str] | None = None,
                    bots: list[dict[str, Any] | None] | None = None, pending_bot: bool = False,
                    game: str = DEFAULT_GAME) -> None:
        """Store a new game of ``game`` (a registered game's id; version 0, no moves); ``config`` includes the seed; ``names``: each seat's display
        name, ``None`` for an open seat (whose digest is ``""``); ``sides``: each seat's board side id; ``bots``:
        per seat, the bot playing it or ``None``; ``pending_bot``: whether the first decision is a bot's."""
        rest = {k: v for k, v in config.items() if k != "seed"}
        with self.sessions.begin() as s:
            s.add(GameRecord(id=game_id, game=game, players=config["players"], config=rest, seed=config["seed"],
                             token_digests=digests, version=0, move_count=0, finished=False,
                             snapshot=snapshot, snapshot_moves=0, seat_names=names,
                             open_seats=sum(n is None for n in names) if names is not None else None, sides=sides,
                             seat_bots=bots if bots and any(bots) else None, pending_bot=pending_bot))

    def claim_seat(self, head: GameHead, seat: int, name: str, token_digest: str) -> bool:
        """Give the open ``seat`` to a player: its ``name`` and token digest, one open seat fewer, the game version
        one more, in one conditional ``UPDATE games ... WHERE id = :id AND version = :read_version AND open_seats >
        0``, if the game is still at ``head.version`` (read with the seat open).  Of two claims that read the same
        version exactly one matches the row (as for moves: the module's text).  Returns False, changing nothing,
        when another change came first: the caller reads the game again (and finds the seat taken, or retries)."""
        new = head.claimed(seat, name, token_digest)
        return self._write(head, {"token_digests": list(new.token_digests), "seat_names": list(new.names),
                                  "open_seats": GameRecord.open_seats - 1}, utcnow(), where=(GameRecord.open_seats > 0,))

    def hand_to_bot(self, head: GameHead, seat: int, bot: dict[str, Any], pending_bot: bool) -> bool:
        """Let ``bot`` (``{"bot", "budget_ms"}``) play ``seat`` from now on, if the game is still at ``head.version``
        (one optimistic write, the version one more); ``pending_bot``: whether the pending decision is then a bot's.
        Returns False, changing nothing, when another change came first."""
        new = head.handed_to_bot(seat, bot)
        return self._write(head, {"seat_bots": list(new.bots), "pending_bot": pending_bot}, utcnow())

    def bot_turns_due(self, before: datetime | None, limit: int = 1000) -> list[str]:
        """The ids of up to ``limit`` unfinished games whose pending decision is a bot seat's, last changed before
        ``before`` (``None``: any time), least recently changed first."""
        where: list[Any] = [GameRecord.pending_bot.is_(True), GameRecord.finished.is_(False)]
        if before is not None:
            where.append(GameRecord.updated_at < before)
        with self.engine.connect() as conn:
            return list(conn.execute(select(GameRecord.id).where(*where).order_by(GameRecord.updated_at).limit(limit))
                        .scalars())

    def open_games(self, limit: int, before: tuple[datetime, str] | None = None, game: str | None = None) -> list[LobbyGame]:
        """Up to ``limit`` unfinished games with an open seat, newest first (by creation time, then id), created
        before ``before`` (the ``(created_at, id)`` of the last game of the previous page; ``None``: from the newest),
        of the game ``game`` alone (a registered game's id; ``None``: every game)."""
        where = [GameRecord.open_seats > 0, GameRecord.finished.is_(False)]
        if game is not None:
            same = GameRecord.game == game
            where.append(or_(same, GameRecord.game.is_(None)) if game == DEFAULT_GAME else same)
        if before is not None:
            at, game_id = before
            where.append(or_(GameRecord.created_at < at, and_(GameRecord.created_at == at, GameRecord.id < game_id)))
        with self.engine.connect() as conn:
            rows = conn.execute(select(*HEAD_COLUMNS, GameRecord.sides, GameRecord.created_at).where(*where)
                                .order_by(GameRecord.created_at.desc(), GameRecord.id.desc()).limit(limit)).all()
        return [LobbyGame(_head(r), tuple(r.sides or ()), r.created_at) for r in rows]

    def created_at(self, game_id: str) -> datetime | None:
        """When the game was created (as stored), or ``None`` when there is no such game."""
        if not _storable(game_id, length=32):
            return None
        with self.engine.connect() as conn:
            return conn.execute(select(GameRecord.created_at).where(GameRecord.id == game_id)).scalar()

    def commit_move(self, head: GameHead, seat: int, move: dict[str, Any], snapshot: dict[str, Any] | None,
                    finished: bool, answer: tuple[str, str, int, str] | None = None, first_event: int | None = None,
                    pending_bot: bool = False) -> bool:
        """Append ``move`` (by ``seat``) to the log, if the game is still at ``head.version``, with the new
        snapshot (``None``: keep the older one; the moves after it are replayed on loading);
        ``answer`` = (idempotency key, fingerprint, status, body) to keep; ``first_event``: the number of
        the first event the move caused (the row's ``version`` is the game's new one); ``pending_bot``: whether
        the decision pending after the move is a bot seat's.  Returns False,
        changing nothing, when another change came first (or the key was used meanwhile)."""
        now = utcnow()

        def write(s: Session) -> None:
            s.add(MoveRecord(game_id=head.id, n=head.move_count, seat=seat, move=move, version=head.version + 1,
                             first_event=first_event, created_at=now))
            if answer is not None:
                key, fingerprint, status, body = answer
                s.add(IdempotencyRecord(game_id=head.id, seat=seat, key=key, fingerprint=fingerprint, status=status,
                                        version=head.version + 1, body=body, created_at=now))

        return self._write(head, self._log_values(head.move_count + 1, snapshot, finished, pending_bot), now, write)

    def _write(self, head: GameHead, values: dict[str, Any], now, write: Callable[[Session], None] | None = None,
               where: tuple[Any, ...] = ()) -> bool:
        """One optimistic write: bump the game row if still at ``head.version`` (and ``where`` holds), setting
        ``values`` (``_bump``), then ``write(session)``, then commit.  Returns False, changing nothing, when another
        writer came first: the version moved, a unique key was taken (IntegrityError) or PostgreSQL reports a lost
        race.  A lock timeout or a lost connection is raised (503), nothing written."""
        with self.sessions() as s:
            try:
                if not self._bump(s, head, values, now, where):
                    return False
                if write is not None:
                    write(s)
                s.commit()
            except IntegrityError:  # the move's row or the key was written by the other writer
                s.rollback()
                return False
            except OperationalError as exc:
                if not lost_race(exc):
                    raise
                s.rollback()
                return False
        return True

    @staticmethod
    def _log_values(move_count: int, snapshot: dict[str, Any] | None, finished: bool, pending_bot: bool) -> dict[str, Any]:
        """The game row's values after a move or an undo: the log's length, whether finished, whether a bot's decision
        is pending, the snapshot if kept."""
        values: dict[str, Any] = {"move_count": move_count, "finished": finished, "pending_bot": pending_bot}
        if snapshot is not None:
            values.update(snapshot=snapshot, snapshot_moves=move_count)
        return values

    @staticmethod
    def _bump(s: Session, head: GameHead, values: dict[str, Any], now, where: tuple[Any, ...] = ()) -> bool:
        """The optimistic check (the row still at ``head.version``, and ``where``) and the game row's new ``values``
        with the version one more, as the transaction's first statement."""
        version = values.pop("version", head.version + 1)
        result = s.execute(
            update(GameRecord).where(GameRecord.id == head.id, GameRecord.version == head.version, *where)
            .values(version=version, updated_at=now, **values)
            .execution_options(synchronize_session=False))
        changed = cast("CursorResult[Any]", result).rowcount  # an UPDATE's result is a CursorResult
        if changed != 1:
            s.rollback()
            return False
        return True

    def commit_undo(self, head: GameHead, snapshot: dict[str, Any], pending_bot: bool = False, at: int | None = None,
                    again: Sequence[tuple[int, dict[str, Any], int]] = ()) -> bool:
        """Drop the move ``at`` of the log (default the last) and store ``snapshot`` (the game without it), if the game
        is still at ``head.version`` (``pending_bot``: whether a bot seat must decide then).  The moves after ``at``
        (other seats' moves of a decision still unresolved) are dropped with it and stored ``again`` (``(seat, move,
        first_event)`` each, in order): every row a game ever had keeps its version, so each of them makes a version of
        its own, and the game's version grows by 1 + ``len(again)``.  Returns False, changing nothing, when another
        change came first."""
        at = head.move_count - 1 if at is None else at
        now = utcnow()

        def write(s: Session) -> None:
            s.execute(delete(MoveRecord).where(MoveRecord.game_id == head.id, MoveRecord.n >= at))
            for i, (seat, move, first_event) in enumerate(again):
                s.add(MoveRecord(game_id=head.id, n=at + i, seat=seat, move=move, version=head.version + 2 + i,
                                 first_event=first_event, created_at=now))

        values = self._log_values(head.move_count - 1, snapshot, False, pending_bot)
        return self._write(head, {**values, "version": head.version + 1 + len(again)}, now, write)

    def moves_since(self, game_id: str, version: int) -> list[tuple[int, int | None]]:
        """``(seat, version)`` of each move of the log made after the game's ``version`` (rows stored before the
        versions were kept have ``None``), in order."""
        if not _storable(game_id, length=32):
            return []
        with self.engine.connect() as conn:
            rows = conn.execute(select(MoveRecord.seat, MoveRecord.version).where(
                MoveRecord.game_id == game_id, or_(MoveRecord.version > version, MoveRecord.version.is_(None)))
                .order_by(MoveRecord.n)).all()
        return [(r.seat, r.version) for r in rows]

    # --- daily puzzles -----------------------------------------------------------------------------

    def puzzle(self, puzzle_id: str) -> StoredPuzzle | None:
        """The stored puzzle with ``puzzle_id`` (of any game), or ``None``."""
        if not _storable(puzzle_id, length=32):
            return None
        with self.sessions() as s:
            rec = s.get(PuzzleRecord, puzzle_id)
            return _puzzle(rec) if rec else None

    def daily_puzzle(self, date: str, difficulty: str, game: str = DEFAULT_GAME) -> StoredPuzzle | None:
        """The stored puzzle of the registered game ``game`` for ``date`` (YYYY-MM-DD) at ``difficulty``, or ``None``."""
        if not _storable(date, difficulty, length=16) or not _storable(game, length=64):
            return None
        with self.sessions() as s:
            rec = s.scalars(select(PuzzleRecord).where(PuzzleRecord.date == date, PuzzleRecord.difficulty == difficulty,
                                                       _of_game(game))).first()
            return _puzzle(rec) if rec else None

    def insert_puzzle(self, puzzle: StoredPuzzle) -> StoredPuzzle:
        """Store ``puzzle`` unless its game's (date, difficulty) is stored already; returns the stored one.

        Two workers that generated the same day at once both try: the unique constraint on (game, date,
        difficulty) lets one insert win, and the other reads and returns the winner's row (on PostgreSQL
        the second insert waits for the first transaction, then fails with a unique violation).  Another game's
        puzzle is never returned: should ``puzzle.id`` be taken by another game's puzzle (ids are content hashes and
        each game's content names the game, so only a 64-bit hash collision could), the ``IntegrityError`` is
        raised."""
        record = PuzzleRecord(id=puzzle.id, game=puzzle.game, date=puzzle.date, difficulty=puzzle.difficulty,
                              canonical=puzzle.canonical, created_at=utcnow())

        def winner() -> StoredPuzzle | None:
            found = self.daily_puzzle(puzzle.date, puzzle.difficulty, puzzle.game) or self.puzzle(puzzle.id)
            return found if found is not None and found.game == puzzle.game else None

        stored, _ = self._insert_once(record, puzzle, winner)
        return stored

    def _insert_once(self, record: Base, inserted: T, winner: Callable[[], T | None]) -> tuple[T, bool]:
        """Insert ``record``; ``(inserted, True)`` when it went in, or ``(winner(), False)`` when a unique key kept
        it out (another insert won the race: a unique violation, or on PostgreSQL a transaction that lost to a
        concurrent one, ``lost_race``).  Any other failure is raised."""
        try:
            with self.sessions.begin() as s:
                s.add(record)
            return inserted, True
        except (IntegrityError, OperationalError) as exc:
            if isinstance(exc, OperationalError) and not lost_race(exc):
                raise
            stored = winner()
            if stored is None:  # a conflict on a row that is not there, or on another game's puzzle's id
                raise
            return stored, False

    # --- move reviews --------------------------------------------------------------------------------

    def review(self, review_id: str) -> StoredReview | None:
        """The stored review with ``review_id``, or ``None``."""
        if not _storable(review_id, length=32):
            return None
        with self.sessions() as s:
            rec = s.get(ReviewRecord, review_id)
            return None if rec is None else _review(rec)

    def insert_review(self, review: StoredReview) -> tuple[StoredReview, bool]:
        """Store ``review`` unless a review with its id is stored already; returns the stored one and whether it is
        the one just inserted (two requests at once: one insert wins, the other reads the winner's row)."""
        now = utcnow()
        record = ReviewRecord(id=review.id, game_id=review.game_id, budget_ms=review.budget_ms,
                              simulations=review.simulations, search_seed=review.search_seed, total=review.total,
                              done=review.done, rows=review.rows, finished=review.finished, failed=review.failed,
                              created_at=now, updated_at=now)
        return self._insert_once(record, review, lambda: self.review(review.id))

    def advance_review(self, review: StoredReview, rows: list[dict[str, Any]], total: int | None,
                       failed: str | None = None) -> bool:
        """Write ``review`` with its reviewed decisions now ``rows`` of ``total`` (finished when they are all
        reviewed, or when it ``failed``: the reason), if no one wrote it since it was read (``done`` unchanged and not
        finished); returns whether it was written."""
        finished = failed is not None or (total is not None and len(rows) >= total)
        with self.sessions.begin() as s:
            result = cast("CursorResult[Any]", s.execute(
                update(ReviewRecord).where(ReviewRecord.id == review.id, ReviewRecord.done == review.done,
                                           ReviewRecord.finished.is_(False))
                .values(rows=rows, done=len(rows), total=total, finished=finished, failed=failed,
                        updated_at=utcnow())))
            return result.rowcount == 1

    def stalled_reviews(self, before: datetime, limit: int = 100) -> list[str]:
        """The ids of the unfinished reviews last written before ``before`` (oldest first)."""
        with self.sessions() as s:
            return list(s.scalars(select(ReviewRecord.id).where(ReviewRecord.finished.is_(False),
                                                                ReviewRecord.updated_at < before)
                                  .order_by(ReviewRecord.updated_at).limit(limit)))

    def session(self) -> Session:
        """A new ORM session (for tests and tools)."""
        return self.sessions()
