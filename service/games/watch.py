"""Waiting for games to change: one shared poll of the database per worker process (docs/api.md, "Serving").

The event streams (``service.games.events``) do not read the database while they wait.  Each stream watches its
game (``GameWatcher.watch``) and waits there (``Watch.wait``); one poller per process, started on first use, reads
the heads of every game with a watching stream in one query (``Storage.heads``) every ``poll_seconds`` and wakes
the streams of each game whose version grew.  So an idle stream costs a waiting greenlet (a thread under a threaded
server) and no query, and the database sees one query per poll whatever the number of streams.  A change committed
by this process (a move posted to this worker) wakes its game's streams here at once (``GameWatcher.changed``, from
``Games.on_change``); the poll brings the changes made elsewhere.

The poller is a ``threading.Thread``, which is a greenlet under gunicorn's gevent worker (its monkey patching),
and the waits are ``threading.Condition`` waits; both work the same under a threaded server or Flask's test
client.  ``close_watchers()`` ends every wait at once (registered with ``service.stopping``: the gunicorn worker
calls it when told to stop, so the streams end and their clients reconnect to a worker that goes on).
"""

from __future__ import annotations

import logging
import os
import threading
import time
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from service.stopping import when_stopping
from service.storage import GameHead, Storage

log = logging.getLogger(__name__)
_watchers: weakref.WeakSet[GameWatcher] = weakref.WeakSet()


@dataclass
class _Watched:
    """A game with waiting streams: the newest head the poller read (``None``: the game is gone), how many streams
    watch it, and the condition they wait on (sharing the watcher's lock)."""

    head: GameHead | None
    changed: threading.Condition
    streams: int = 0


@dataclass
class Watch:
    """One stream's watch of one game (``GameWatcher.watch``)."""

    watcher: GameWatcher
    game_id: str
    ended: bool = field(default=False)  #: the game is gone or the worker is stopping: the stream should end

    def wait(self, version: int, timeout: float) -> GameHead | None:
        """The game's head once the poller read a version above ``version``, waiting up to ``timeout`` seconds for
        it; ``None`` when none came in time or the watch ``ended``."""
        return self.watcher._wait(self, version, timeout)


class GameWatcher:
    """The games watched in one worker process: their heads, read from ``storage`` every ``poll_seconds``."""

    def __init__(self, storage: Storage, poll_seconds: float = 0.25):
        self.storage = storage
        self.poll_seconds = max(0.01, float(poll_seconds))
        self.closing = False  #: set by ``close``: every wait ends and new ones end at once
        self._lock = threading.Lock()
        self._watched: dict[str, _Watched] = {}
        self._poller: threading.Thread | None = None
        self._poller_pid: int | None = None
        _watchers.add(self)

    @contextmanager
    def watch(self, head: GameHead) -> Iterator[Watch]:
        """Watch ``head``'s game for the ``with`` block (``head``: the newest one the caller read)."""
        with self._lock:
            watched = self._watched.get(head.id)
            if watched is None:
                watched = self._watched[head.id] = _Watched(head, threading.Condition(self._lock))
            elif watched.head is not None and watched.head.version < head.version:
                watched.head = head
            watched.streams += 1
            self._start_poller()
        try:
            yield Watch(self, head.id)
        finally:
            with self._lock:
                watched.streams -= 1
                if watched.streams == 0:
                    del self._watched[head.id]

    def watched(self) -> int:
        """How many games are watched now."""
        return len(self._watched)

    def close(self) -> None:
        """End every wait, now and to come (the worker is stopping)."""
        with self._lock:
            self.closing = True
            for watched in self._watched.values():
                watched.changed.notify_all()

    def changed(self, head: GameHead) -> None:
        """A change this process committed (``Games.on_change``): wake the streams of ``head``'s game in this process
        at once, instead of at the next poll (streams in other processes learn of it from their own poll)."""
        with self._lock:
            watched = self._watched.get(head.id)
            if watched is not None and watched.head is not None and head.version > watched.head.version:
                watched.head = head
                watched.changed.notify_all()

    def poll(self) -> None:
        """Read the heads of the watched games once and wake the streams of those that changed (the poller calls
        it every ``poll_seconds``)."""
        with self._lock:
            ids = list(self._watched)
        if not ids:
            return
        heads = self.storage.heads(ids)
        with self._lock:
            for game_id in ids:
                watched = self._watched.get(game_id)
                if watched is None or watched.head is None:
                    continue
                new = heads.get(game_id)
                if new is None or new.version > watched.head.version:
                    watched.head = new
                    watched.changed.notify_all()

    def _wait(self, watch: Watch, version: int, timeout: float) -> GameHead | None:
        deadline = time.monotonic() + timeout
        with self._lock:
            watched = self._watched[watch.game_id]
            while True:
                if self.closing or watched.head is None:
                    watch.ended = True
                    return None
                if watched.head.version > version:
                    return watched.head
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return None
                watched.changed.wait(remaining)

    def _start_poller(self) -> None:
        """Start the poller unless it runs in this process (a forked worker starts its own); under ``_lock``."""
        if self._poller is not None and self._poller_pid == os.getpid() and self._poller.is_alive():
            return
        self._poller = threading.Thread(target=self._poll_forever, name="wtw-game-watcher", daemon=True)
        self._poller_pid = os.getpid()
        self._poller.start()

    def _poll_forever(self) -> None:
        while not self.closing:
            time.sleep(self.poll_seconds)
            try:
                self.poll()
            except Exception as exc:  # the database is away: the streams keep waiting (and sending keep-alives)
                log.warning("the event streams' poll failed: %s", type(exc).__name__)


def close_watchers() -> None:
    """``close`` every ``GameWatcher`` of this process."""
    for watcher in list(_watchers):
        watcher.close()


when_stopping(close_watchers)
