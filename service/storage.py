"""Reading and writing games in the database (SQLAlchemy 2.x).

``database_url(app)``: ``app.config["DATABASE_URL"]``, else the ``DATABASE_URL`` environment variable
(e.g. ``postgresql+psycopg://user:pw@host/db``), else an SQLite file ``wtw.sqlite3`` in the Flask
instance folder, made on first use, in WAL mode.

Every write is one short transaction that starts with its optimistic check (``UPDATE games ... WHERE
id = :id AND version = :read_version``) and commits before the service answers, so an answered move
survives ``kill -9``.  Two writers that read the same version never both succeed: the second UPDATE
matches no row (SQLite serialises writers; PostgreSQL re-checks the WHERE clause after the first
commit), and the move log's primary key (game, n) would refuse a second row anyway.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, create_engine, delete, event, select, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session, sessionmaker

from service.models import Base, GameRecord, IdempotencyRecord, MoveRecord, PuzzleRecord, utcnow

SQLITE_FILE = "wtw.sqlite3"
BUSY_TIMEOUT_S = 30


def database_url(config: dict[str, Any], instance_path: str) -> str:
    """The database URL for an app: its ``DATABASE_URL`` setting, the environment's, or the SQLite
    file in ``instance_path`` (created when missing)."""
    url = config.get("DATABASE_URL") or os.environ.get("DATABASE_URL")
    if not url:
        os.makedirs(instance_path, exist_ok=True)
        return "sqlite:///" + os.path.join(instance_path, SQLITE_FILE)
    if url.startswith("postgres://"):  # the old spelling some hosts still hand out
        url = "postgresql://" + url[len("postgres://"):]
    return url


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")  # a committed move survives even a power cut
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_S * 1000}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


@dataclass(frozen=True)
class GameHead:
    """A game row without its snapshot: what authentication and version checks need."""

    id: str
    players: int
    version: int
    move_count: int
    finished: bool
    token_digests: tuple[str, ...]


@dataclass(frozen=True)
class GameRow:
    """A whole game row: head, configuration (with the seed put back) and snapshot."""

    head: GameHead
    config: dict[str, Any]
    snapshot: dict[str, Any]
    snapshot_moves: int


@dataclass(frozen=True)
class StoredAnswer:
    """The answer kept for an ``Idempotency-Key``."""

    fingerprint: str
    status: int
    version: int
    body: str


@dataclass(frozen=True)
class StoredPuzzle:
    """A stored daily puzzle: id, date (YYYY-MM-DD), difficulty and its canonical JSON text."""

    id: str
    date: str
    difficulty: str
    canonical: str


class Storage:
    """The service's database: one SQLAlchemy engine (a connection pool) per worker process."""

    def __init__(self, url: str):
        kwargs: dict[str, Any] = {"future": True}
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"timeout": BUSY_TIMEOUT_S, "check_same_thread": False}
        else:
            kwargs["pool_pre_ping"] = True
        self.engine: Engine = create_engine(url, **kwargs)
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)

    def create_tables(self, attempts: int = 5) -> None:
        """Create the missing tables.  Several workers may start at once: a worker that loses the
        race to create a table retries and then finds it there."""
        for attempt in range(attempts):
            try:
                Base.metadata.create_all(self.engine)
                return
            except OperationalError:
                if attempt == attempts - 1:
                    raise
                time.sleep(0.2 * (attempt + 1))

    # --- reading ---------------------------------------------------------------------------------

    def head(self, game_id: str) -> GameHead | None:
        """The game's head (no snapshot), or ``None`` when there is no such game."""
        with self.engine.connect() as conn:  # Core, not a Session: this runs on every request
            row = conn.execute(select(GameRecord.id, GameRecord.players, GameRecord.version, GameRecord.move_count,
                                      GameRecord.finished, GameRecord.token_digests)
                               .where(GameRecord.id == game_id)).first()
        if row is None:
            return None
        return GameHead(row.id, row.players, row.version, row.move_count, row.finished, tuple(row.token_digests))

    def row(self, game_id: str) -> GameRow | None:
        """The whole game row, or ``None`` when there is no such game."""
        with self.sessions() as s:
            rec = s.get(GameRecord, game_id)
            if rec is None:
                return None
            head = GameHead(rec.id, rec.players, rec.version, rec.move_count, rec.finished, tuple(rec.token_digests))
            return GameRow(head, {**rec.config, "seed": rec.seed}, rec.snapshot, rec.snapshot_moves)

    def moves(self, game_id: str, start: int = 0, stop: int | None = None) -> list[tuple[int, dict[str, Any]]]:
        """The moves ``start`` to ``stop - 1`` (0-based; default: to the end) of the log: ``(seat, move)``."""
        where = [MoveRecord.game_id == game_id, MoveRecord.n >= start]
        if stop is not None:
            where.append(MoveRecord.n < stop)
        with self.sessions() as s:
            rows = s.execute(select(MoveRecord.seat, MoveRecord.move).where(*where).order_by(MoveRecord.n)).all()
        return [(r.seat, r.move) for r in rows]

    def stored_answer(self, game_id: str, seat: int, key: str) -> StoredAnswer | None:
        """The answer kept for ``key`` of this seat, or ``None``."""
        with self.sessions() as s:
            rec = s.get(IdempotencyRecord, (game_id, seat, key))
            return StoredAnswer(rec.fingerprint, rec.status, rec.version, rec.body) if rec else None

    # --- writing ---------------------------------------------------------------------------------

    def insert_game(self, game_id: str, config: dict[str, Any], digests: list[str], snapshot: dict[str, Any]) -> None:
        """Store a new game (version 0, no moves); ``config`` includes the seed."""
        rest = {k: v for k, v in config.items() if k != "seed"}
        with self.sessions.begin() as s:
            s.add(GameRecord(id=game_id, players=config["players"], config=rest, seed=config["seed"],
                             token_digests=digests, version=0, move_count=0, finished=False,
                             snapshot=snapshot, snapshot_moves=0))

    def commit_move(self, head: GameHead, seat: int, move: dict[str, Any], snapshot: dict[str, Any] | None,
                    finished: bool, answer: tuple[str, str, int, str] | None = None) -> bool:
        """Append ``move`` (by ``seat``) to the log, if the game is still at ``head.version``, with the new
        snapshot (``None``: keep the older one; the moves after it are replayed on loading);
        ``answer`` = (idempotency key, fingerprint, status, body) to keep.  Returns False, changing
        nothing, when another change came first (or the key was used meanwhile)."""
        now = utcnow()
        with self.sessions() as s:
            try:
                if not self._bump(s, head, head.move_count + 1, snapshot, finished, now):
                    return False
                s.add(MoveRecord(game_id=head.id, n=head.move_count, seat=seat, move=move, created_at=now))
                if answer is not None:
                    key, fingerprint, status, body = answer
                    s.add(IdempotencyRecord(game_id=head.id, seat=seat, key=key, fingerprint=fingerprint, status=status,
                                            version=head.version + 1, body=body, created_at=now))
                s.commit()
            except IntegrityError:
                s.rollback()
                return False
        return True

    @staticmethod
    def _bump(s: Session, head: GameHead, move_count: int, snapshot: dict[str, Any] | None, finished: bool, now) -> bool:
        """The optimistic check and the game row's new values, as the transaction's first statement."""
        values = {"version": head.version + 1, "move_count": move_count, "finished": finished, "updated_at": now}
        if snapshot is not None:
            values.update(snapshot=snapshot, snapshot_moves=move_count)
        changed = s.execute(
            update(GameRecord).where(GameRecord.id == head.id, GameRecord.version == head.version).values(**values)
            .execution_options(synchronize_session=False)).rowcount
        if changed != 1:
            s.rollback()
            return False
        return True

    def commit_undo(self, head: GameHead, snapshot: dict[str, Any]) -> bool:
        """Drop the last move of the log and store ``snapshot`` (the game without it), if the game is
        still at ``head.version``.  Returns False, changing nothing, when another change came first."""
        with self.sessions() as s:
            if not self._bump(s, head, head.move_count - 1, snapshot, False, utcnow()):
                return False
            s.execute(delete(MoveRecord).where(MoveRecord.game_id == head.id, MoveRecord.n == head.move_count - 1))
            s.commit()
        return True

    # --- daily puzzles -----------------------------------------------------------------------------

    def puzzle(self, puzzle_id: str) -> StoredPuzzle | None:
        """The stored puzzle with ``puzzle_id``, or ``None``."""
        with self.sessions() as s:
            rec = s.get(PuzzleRecord, puzzle_id)
            return StoredPuzzle(rec.id, rec.date, rec.difficulty, rec.canonical) if rec else None

    def daily_puzzle(self, date: str, difficulty: str) -> StoredPuzzle | None:
        """The stored puzzle of ``date`` (YYYY-MM-DD) at ``difficulty``, or ``None``."""
        with self.sessions() as s:
            rec = s.scalars(select(PuzzleRecord).where(PuzzleRecord.date == date,
                                                       PuzzleRecord.difficulty == difficulty)).first()
            return StoredPuzzle(rec.id, rec.date, rec.difficulty, rec.canonical) if rec else None

    def insert_puzzle(self, puzzle: StoredPuzzle) -> StoredPuzzle:
        """Store ``puzzle`` unless its (date, difficulty) is stored already; returns the stored one.

        Two workers that generated the same day at once both try: the unique constraint on (date,
        difficulty) lets one insert win, and the other reads and returns the winner's row."""
        try:
            with self.sessions.begin() as s:
                s.add(PuzzleRecord(id=puzzle.id, date=puzzle.date, difficulty=puzzle.difficulty,
                                   canonical=puzzle.canonical, created_at=utcnow()))
            return puzzle
        except IntegrityError:
            stored = self.daily_puzzle(puzzle.date, puzzle.difficulty) or self.puzzle(puzzle.id)
            if stored is None:  # pragma: no cover - a conflict on a row that is not there
                raise
            return stored

    def session(self) -> Session:
        """A new ORM session (for tests and tools)."""
        return self.sessions()
