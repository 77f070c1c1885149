"""Server-Sent Events of a game's event log (``GET /games/{id}/events/stream``).

The stream first sends the events numbered above ``after`` (or the ``Last-Event-ID`` header) that the
bearer may see, then polls the database (every ``SSE_POLL_SECONDS``) and sends new ones as moves are
made, by any worker of any machine.  Messages:

- an event of the log: ``id: <n>`` and ``data: <event JSON>`` (default message type);
- ``event: version``, ``data: {"version", "moves_played", "pending", "finished"}`` after each change;
- ``event: undo``, ``data: {"version", "last"}`` when a move was undone: drop the events numbered
  above ``last`` (they were withdrawn; the events that follow replace them);
- ``: keep-alive`` comments every ``SSE_HEARTBEAT_SECONDS`` while nothing happens.

A stream is bounded: it ends after ``SSE_MAX_SECONDS`` (default 25 s; a browser's ``EventSource``
reconnects by itself after the ``retry`` delay, sending ``Last-Event-ID``), and at once when the game
is over and everything was sent.  So a stream holds one thread of a worker for at most that long.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

from service.games.store import Games
from service.storage import GameHead

RETRY_MS = 1000


def _message(data: dict, event: str | None = None, event_id: int | None = None) -> str:
    lines = []
    if event:
        lines.append(f"event: {event}")
    if event_id is not None:
        lines.append(f"id: {event_id}")
    lines.append("data: " + json.dumps(data, separators=(",", ":"), ensure_ascii=False))
    return "\n".join(lines) + "\n\n"


def event_stream(games: Games, head: GameHead, seat: int | None, after: int, max_seconds: float,
                 poll_seconds: float = 0.5, heartbeat_seconds: float = 10.0) -> Iterator[str]:
    """The text of the stream for ``seat`` (``None``: a spectator), from the events above ``after``;
    ends after ``max_seconds`` or once the game is over and sent."""
    start = time.monotonic()
    last_write = start
    yield f"retry: {RETRY_MS}\n\n"
    sent: dict[int, str] = {}  # event number -> the JSON text sent, to notice an undo
    last, version = after, None
    while True:
        current = games.storage.head(head.id)
        if current is None:
            return
        if current.version != version:
            version, body = games.state(current, seat)
            state = json.loads(body)
            texts = {e["n"]: json.dumps(e, sort_keys=True) for e in state["events"]}
            withdrawn = [n for n, text in sent.items() if texts.get(n) != text]
            if withdrawn:
                last = min(withdrawn) - 1
                sent = {n: t for n, t in sent.items() if n <= last}
                yield _message({"version": version, "last": last}, event="undo")
            for e in state["events"]:
                if e["n"] > last:
                    yield _message(e, event_id=e["n"])
                    sent[e["n"]], last = texts[e["n"]], e["n"]
            yield _message({"version": version, "moves_played": state["moves_played"], "pending": state["pending"],
                            "finished": state["finished"]}, event="version")
            last_write = time.monotonic()
            if state["finished"]:
                return
        now = time.monotonic()
        if now - start >= max_seconds:
            return
        if now - last_write >= heartbeat_seconds:
            yield ": keep-alive\n\n"
            last_write = now
        time.sleep(min(poll_seconds, max(0.0, max_seconds - (now - start))))
