"""Server-Sent Events of a game's event log (``GET /games/{id}/events/stream``).

The stream first brings the client at ``after`` (the ``after`` query or the ``Last-Event-ID`` header: an
event id ``<v>-<n>`` or a bare number, ``service.games.history``) up to the server's log, then waits for the game
to change (``service.games.watch``: one shared poll of the database per worker process, every ``SSE_POLL_SECONDS``)
and sends each change, made by any worker of any machine.  Messages:

- an event of the log: ``id: <v>-<n>`` (never given to another event, even after an undo) and ``data:
  <event JSON>`` (default message type);
- ``event: undo``, ``id`` the id of event ``last``, ``data: {"version", "last"}``: drop the events numbered
  above ``last`` (they were withdrawn; the events that follow replace them).  Sent when moves whose events
  the client holds were undone, while it is connected or before it reconnected with ``Last-Event-ID``;
- ``event: version``, ``data: {"version", "moves_played", "pending", "finished"}`` after each change;
- ``: keep-alive`` comments every ``heartbeat_seconds`` (10) while nothing happens.

So a client that applies the messages in order holds exactly ``GET /games/{id}/events`` after each
``version`` message, whatever moves and undos happened while it was connected or not.

The messages that bring a client from one point of the log to a version (``Batch``) are made once per (game,
version, seat, point) and shared: the streams of one game that were up to date before a change are all at the
same point, so 1,000 of them cost one log build and one text per seat when it changes.

A stream is bounded: it ends after ``SSE_MAX_SECONDS`` (a browser's ``EventSource`` reconnects by itself after the
``retry`` delay, sending ``Last-Event-ID``), at once when the game is over and everything was sent, and when the
worker stops (``service.games.watch.close_watchers``).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass

from service.cache import LRUCache
from service.games.history import EventPoint
from service.games.store import Games, json_text
from service.games.watch import GameWatcher
from service.storage import GameHead

RETRY_MS = 1000
HEARTBEAT_SECONDS = 10.0
KEEP_ALIVE = ": keep-alive\n\n"


def _message(data: dict | str, event: str | None = None, event_id: str | None = None) -> str:
    """One message: ``data`` (JSON text, or data to write as JSON), its ``event`` type and ``id``."""
    lines = []
    if event:
        lines.append(f"event: {event}")
    if event_id is not None:
        lines.append(f"id: {event_id}")
    text = data if isinstance(data, str) else json_text(data)
    lines.append("data: " + text)
    return "\n".join(lines) + "\n\n"


@dataclass(frozen=True)
class Batch:
    """The messages (``text``) that bring a client up to ``version`` of the log, and what it holds then: the
    ``point`` it reached, and whether the game is ``finished``."""

    text: str
    point: EventPoint
    version: int
    finished: bool


class EventStreams:
    """The event streams of one worker process: ``games``, the ``watcher`` they wait with, ``max_seconds`` (a
    stream's longest life, seconds) and the shared ``Batch`` cache (``batches_cached`` entries)."""

    def __init__(self, games: Games, watcher: GameWatcher, max_seconds: float, heartbeat_seconds: float = HEARTBEAT_SECONDS,
                 batches_cached: int = 4096):
        self.games = games
        self.watcher = watcher
        self.max_seconds = float(max_seconds)
        self.heartbeat_seconds = float(heartbeat_seconds)
        self._batches: LRUCache[Batch] = LRUCache(batches_cached)

    def batch(self, head: GameHead, seat: int | None, point: EventPoint) -> Batch:
        """The messages that bring a client at ``point`` up to the log as ``seat`` (``None``: a spectator) sees it
        at ``head.version`` or later: an ``undo`` when events it holds were withdrawn, the events it lacks, then a
        ``version`` message.  Made once per (game, version, seat, point) and shared."""
        return self._batches.get_or_make((head.id, head.version, seat, point), lambda: self._make_batch(head, seat, point))

    def _make_batch(self, head: GameHead, seat: int | None, point: EventPoint) -> Batch:
        log = self.games.log(head, seat)
        parts = []
        kept = log.history.kept(point)
        if kept < point.n:
            point = log.history.point(kept)
            parts.append(_message({"version": log.version, "last": kept}, event="undo",
                                  event_id=str(point) if kept >= 0 else None))
        for n, text in log.events:
            if n > point.n:
                point = log.history.point(n)
                parts.append(_message(text, event_id=str(point)))
        parts.append(_message({"version": log.version, "moves_played": log.moves_played, "pending": log.pending,
                               "finished": log.finished}, event="version"))
        return Batch("".join(parts), point, log.version, log.finished)

    def stream(self, head: GameHead, seat: int | None, after: EventPoint) -> Iterator[str]:
        """The text of the stream for ``seat`` (``None``: a spectator), for a client holding the log up to
        ``after`` (``head``: the game's head as the request read it), piece by piece; ends after ``max_seconds``,
        once the game is over and sent, or when the worker stops."""
        start = time.monotonic()
        deadline = start + self.max_seconds
        yield f"retry: {RETRY_MS}\n\n"
        with self.watcher.watch(head) as watch:
            point, version, last_write = after, -1, start
            current: GameHead | None = head
            while True:
                if current is not None:
                    batch = self.batch(current, seat, point)
                    point, version = batch.point, batch.version
                    yield batch.text
                    last_write = time.monotonic()
                    if batch.finished:
                        return
                now = time.monotonic()
                if now >= deadline:
                    return
                if now - last_write >= self.heartbeat_seconds:
                    yield KEEP_ALIVE
                    last_write = now
                current = watch.wait(version, min(deadline - now, self.heartbeat_seconds - (now - last_write)))
                if watch.ended:
                    return
