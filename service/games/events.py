"""Server-Sent Events of a game's event log (``GET /games/{id}/events/stream``).

The stream first brings the client at ``after`` (the ``after`` query or the ``Last-Event-ID`` header: an
event id ``<v>-<n>`` or a bare number, ``service.games.history``) up to the server's log, then polls the
database (every ``SSE_POLL_SECONDS``) and sends each change, made by any worker of any machine.  Messages:

- an event of the log: ``id: <v>-<n>`` (never given to another event, even after an undo) and ``data:
  <event JSON>`` (default message type);
- ``event: undo``, ``id`` the id of event ``last``, ``data: {"version", "last"}``: drop the events numbered
  above ``last`` (they were withdrawn; the events that follow replace them).  Sent when moves whose events
  the client holds were undone, while it is connected or before it reconnected with ``Last-Event-ID``;
- ``event: version``, ``data: {"version", "moves_played", "pending", "finished"}`` after each change;
- ``: keep-alive`` comments every ``SSE_HEARTBEAT_SECONDS`` while nothing happens.

So a client that applies the messages in order holds exactly ``GET /games/{id}/events`` after each
``version`` message, whatever moves and undos happened while it was connected or not.

A stream is bounded: it ends after ``SSE_MAX_SECONDS`` (default 25 s; a browser's ``EventSource``
reconnects by itself after the ``retry`` delay, sending ``Last-Event-ID``), and at once when the game
is over and everything was sent.  So a stream holds one thread of a worker for at most that long.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

from service.games.history import EventPoint
from service.games.store import Games
from service.storage import GameHead

RETRY_MS = 1000


def _message(data: dict | str, event: str | None = None, event_id: str | None = None) -> str:
    """One message: ``data`` (JSON text, or data to write as JSON), its ``event`` type and ``id``."""
    lines = []
    if event:
        lines.append(f"event: {event}")
    if event_id is not None:
        lines.append(f"id: {event_id}")
    text = data if isinstance(data, str) else json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    lines.append("data: " + text)
    return "\n".join(lines) + "\n\n"


def event_stream(games: Games, head: GameHead, seat: int | None, after: EventPoint, max_seconds: float,
                 poll_seconds: float = 0.5, heartbeat_seconds: float = 10.0) -> Iterator[str]:
    """The text of the stream for ``seat`` (``None``: a spectator), for a client holding the log up to
    ``after``; ends after ``max_seconds`` or once the game is over and sent."""
    start = time.monotonic()
    last_write = start
    yield f"retry: {RETRY_MS}\n\n"
    point, version = after, None  # the client's point in the log, once it has this stream's messages
    while True:
        current = games.storage.head(head.id)
        if current is None:
            return
        if current.version != version:
            log = games.log(current, seat)
            version = log.version
            kept = log.history.kept(point)
            if kept < point.n:
                point = log.history.point(kept)
                yield _message({"version": version, "last": kept}, event="undo", event_id=str(point) if kept >= 0 else None)
            for n, text in log.events:
                if n > point.n:
                    point = log.history.point(n)
                    yield _message(text, event_id=str(point))
            yield _message({"version": version, "moves_played": log.moves_played, "pending": log.pending,
                            "finished": log.finished}, event="version")
            last_write = time.monotonic()
            if log.finished:
                return
        now = time.monotonic()
        if now - start >= max_seconds:
            return
        if now - last_write >= heartbeat_seconds:
            yield ": keep-alive\n\n"
            last_write = now
        time.sleep(min(poll_seconds, max(0.0, max_seconds - (now - start))))
