"""The database tables of the service (SQLAlchemy 2.x ORM).

A game is stored as the registered game it is (``game``: its id, ``solver.core.registry``; null in rows written
before the house had several games, which are Wild Tiled West's), its configuration and seed, its move log (one row per accepted move, with the
seat that made it) and a cached snapshot: ``Game.to_json()`` after ``snapshot_moves`` moves.  The
snapshot makes loading fast; the log alone rebuilds the game (``Game.replay``), so a lost or
outdated snapshot is never fatal.  ``version`` counts every accepted change (a move or an undo): it
only grows, and the optimistic check of a write is ``UPDATE ... WHERE version = <read version>``.

Secret seat tokens are kept only as SHA-256 digests (``service.tokens``); an open seat (the lobby: left for
someone to claim) has the empty digest, which no token matches, until it is claimed.  ``seat_names`` holds each
seat's display name (null: the seat is open), ``open_seats`` how many are open (the lobby lists the games with
some) and ``sides`` the settlement board side each seat plays; the three are null in rows written before the
lobby existed (every seat taken, named "Seat <n>").  ``seat_bots`` says which seats the server's bots play (created
so, or handed to a bot when their player left) and ``pending_bot`` whether the pending decision is a bot's (the
bot seats' sweep finds the games whose bot turn is due: ``service.games.bots``); both null in older rows (no bots).
Idempotency keys keep
the exact answer of the request that used them.

The daily puzzles are kept in ``puzzles``: each (game, date, difficulty) once, as the canonical JSON it was
published with (its ``id`` derived from that content), so a later generator cannot rewrite a past day; ``game`` is
null in rows written before the house had several games (Wild Tiled West's, and filled in at start-up:
``service.storage``).
A finished game's move reviews are kept in ``reviews`` (``service.reviews``): one row per (game, budget, simulation
count, seed), its reviewed decisions filled in by the heavy-work queue a slice at a time.
The heavy requests in flight (hints and plans waiting for the heavy-work queue) are counted in ``heavy_work``, a row
each while the request waits (``service.fairness``).
``Base.metadata.create_all`` creates any missing table at start-up.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, DateTime, Float, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def utcnow() -> datetime:
    """The current time, timezone-aware UTC."""
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """Declarative base of every table of the service."""


class GameRecord(Base):
    """One game: configuration (without the seed), seed, seat token digests, seat names, counters and snapshot."""

    __tablename__ = "games"
    #: the lobby's query: open games, newest first (``Storage.open_games``), of any game or one
    __table_args__ = (Index("ix_games_lobby", "open_seats", "created_at"),
                      Index("ix_games_bot_turns", "pending_bot", "updated_at"))

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str | None] = mapped_column(String(64), nullable=True,
                                             doc="the registered game's id; null in rows written before (Wild Tiled West)")
    players: Mapped[int] = mapped_column(Integer)
    config: Mapped[dict[str, Any]] = mapped_column(JSON, doc="the game's configuration without the seed")
    seed: Mapped[int] = mapped_column(BigInteger, doc="never shown to any client")
    token_digests: Mapped[list[str]] = mapped_column(JSON, doc="hex SHA-256 of each seat's token, by seat ('' while open)")
    seat_names: Mapped[list[str | None] | None] = mapped_column(JSON, nullable=True,
                                                                doc="each seat's display name, null while open")
    open_seats: Mapped[int | None] = mapped_column(Integer, nullable=True, doc="seats open in the lobby")
    sides: Mapped[list[str] | None] = mapped_column(JSON, nullable=True, doc="each seat's board side id, e.g. 'x/normal'")
    seat_bots: Mapped[list[dict[str, Any] | None] | None] = mapped_column(
        JSON, nullable=True, doc="per seat: null (a person plays it) or the bot playing it, {bot, budget_ms}")
    pending_bot: Mapped[bool | None] = mapped_column(nullable=True, doc="the pending decision is a bot seat's")
    version: Mapped[int] = mapped_column(Integer, default=0, doc="accepted changes (moves and undos)")
    move_count: Mapped[int] = mapped_column(Integer, default=0, doc="moves in the log")
    finished: Mapped[bool] = mapped_column(default=False)
    snapshot: Mapped[dict[str, Any]] = mapped_column(JSON, doc="Game.to_json() after snapshot_moves moves")
    snapshot_moves: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class MoveRecord(Base):
    """The ``n``-th accepted move of a game (0-based), the seat that made it, the game ``version`` it made
    (the ``ETag`` after it: every row a game ever had has its own, so a row's version names it across undos)
    and ``first_event``, the number of the first event it caused (the events before it).  The event stream's
    ids are built from these two (``service.games.events``).  Both are null in rows written before they
    existed: read as ``n + 1`` and found by a replay of the log."""

    __tablename__ = "moves"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    move: Mapped[dict[str, Any]] = mapped_column(JSON)
    version: Mapped[int | None] = mapped_column(Integer, nullable=True, doc="the game version this move made")
    first_event: Mapped[int | None] = mapped_column(Integer, nullable=True, doc="events in the log before this move")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class IdempotencyRecord(Base):
    """The answer given to a request with an ``Idempotency-Key``, per (game, seat, key).

    ``fingerprint`` is a digest of the request (path and body): the same key with another request
    is refused.  ``body`` is the exact JSON text answered, ``status`` its status code and
    ``version`` the game version it answered with (the ``ETag``)."""

    __tablename__ = "idempotency_keys"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    key: Mapped[str] = mapped_column(String(255), primary_key=True)
    fingerprint: Mapped[str] = mapped_column(String(64))
    status: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer)
    body: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class PuzzleRecord(Base):
    """A published daily puzzle: ``id`` (``puzzles.format.content_id`` of its content, which names its game: unique
    across games), the registered ``game`` and the ``date`` (YYYY-MM-DD) and ``difficulty`` it is the puzzle of (unique
    together: a game's day's puzzle is stored once) and ``canonical``, the exact canonical JSON text generated (with its
    optimal solution, which the service never answers)."""

    __tablename__ = "puzzles"
    __table_args__ = (UniqueConstraint("game", "date", "difficulty", name="uq_puzzles_game_date_difficulty"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str | None] = mapped_column(String(64), nullable=True,
                                             doc="the registered game's id; null in rows written before (Wild Tiled West)")
    date: Mapped[str] = mapped_column(String(10))
    difficulty: Mapped[str] = mapped_column(String(16))
    canonical: Mapped[str] = mapped_column(Text, doc="puzzles.format.canonical_json of the whole puzzle")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ReviewRecord(Base):
    """A move review of a finished game (``service.reviews``): ``id`` (derived from the game and the search's
    settings, so asking twice finds the same review), the search's ``budget_ms`` per decision, ``simulations``
    (null: the budget alone) and ``search_seed``; ``total`` decisions to review (null until the first slice counted them), ``done`` of them reviewed so far (the
    optimistic check of each slice written: ``UPDATE ... WHERE done = :read``), ``rows`` the reviewed decisions
    (``solver.games.wild_tiled_west.ai.review.review_decision``, every seat's, unfiltered: answers filter them per viewer), ``finished``,
    and ``failed`` (the reason, when the review could not be made)."""

    __tablename__ = "reviews"
    __table_args__ = (Index("ix_reviews_unfinished", "finished", "updated_at"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    budget_ms: Mapped[int] = mapped_column(Integer)
    simulations: Mapped[int | None] = mapped_column(Integer, nullable=True)
    search_seed: Mapped[int] = mapped_column(BigInteger, doc="seed of the searches' determinizations (not the game's)")
    total: Mapped[int | None] = mapped_column(Integer, nullable=True, doc="decisions to review (null: not counted yet)")
    done: Mapped[int] = mapped_column(Integer, default=0)
    rows: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    finished: Mapped[bool] = mapped_column(default=False)
    failed: Mapped[str | None] = mapped_column(Text, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class HeavyWorkRecord(Base):
    """A request waiting for its heavy task (``service.fairness.HeavyWork``): the ``client`` (its address) that asked,
    the task's queue ``priority``, its ``budget_ms`` and when it ``started`` (seconds since the epoch)."""

    __tablename__ = "heavy_work"
    __table_args__ = (Index("ix_heavy_work_client", "client", "started"),)

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    client: Mapped[str] = mapped_column(String(64))
    priority: Mapped[float] = mapped_column(Float)
    budget_ms: Mapped[int] = mapped_column(Integer)
    started: Mapped[float] = mapped_column(Float)
