"""Event streams that cost almost nothing while idle (issue 30), in one process with threads (the same code runs as
greenlets under gunicorn's gevent worker): the streams of a worker wait on one shared poll of the database, never
read it themselves, and the messages of a change are made once for all the streams at the same point.  Over
gunicorn, with 1,000 streams: test_service_crowd.py."""

from __future__ import annotations

import threading
import time
from collections import Counter

import pytest

from service.app import create_app
from service.cache import LRUCache
from service.games.events import EventStreams
from service.games.history import EventPoint
from tests.service.databases import fresh_database
from tests.service.event_clients import AppTable

POLL = 0.05
STREAMS = 30


@pytest.fixture
def app(tmp_path):
    app = create_app({"TESTING": True, "DATABASE_URL": fresh_database(tmp_path, "streams"), "RATELIMIT_ENABLED": False,
                      "SSE_MAX_SECONDS": 20, "SSE_POLL_SECONDS": POLL})
    yield app
    app.extensions["wtw_streams"].watcher.close()
    app.extensions["wtw_games"].storage.engine.dispose()


class Spy:
    """Counts the calls of some methods of objects (wrapping them in place)."""

    def __init__(self):
        self.calls: Counter[str] = Counter()
        self._lock = threading.Lock()

    def wrap(self, obj, name: str) -> None:
        original = getattr(obj, name)

        def counted(*args, **kwargs):
            with self._lock:
                self.calls[name] += 1
            return original(*args, **kwargs)
        setattr(obj, name, counted)


class Reader(threading.Thread):
    """A thread reading a stream (``EventStreams.stream``) until its text holds ``until`` or the stream ends."""

    def __init__(self, streams: EventStreams, head, seat: int | None):
        super().__init__(daemon=True)
        self.stream = streams.stream(head, seat, EventPoint(-1))
        self.text = ""
        self.until = "\0"
        self.started_up = threading.Event()

    def run(self) -> None:
        for piece in self.stream:
            self.text += piece
            if "event: version" in self.text:
                self.started_up.set()
            if self.until in self.text:
                break
        self.stream.close()
        self.started_up.set()


def _readers(app, table: AppTable) -> list[Reader]:
    games = app.extensions["wtw_games"]
    head = games.head(table.id)
    viewers = [None, 0, 1]  # a spectator and both seats
    readers = [Reader(app.extensions["wtw_streams"], head, viewers[i % 3]) for i in range(STREAMS)]
    for r in readers:
        r.start()
    for r in readers:
        assert r.started_up.wait(10)
    return readers


def test_idle_streams_share_one_poll_and_a_change_is_built_once(app):
    table = AppTable(app.test_client())
    games = app.extensions["wtw_games"]
    spy = Spy()
    for name in ("head", "heads", "marks"):
        spy.wrap(games.storage, name)
    spy.wrap(games, "log")
    readers = _readers(app, table)
    spy.calls.clear()
    time.sleep(20 * POLL)  # 30 idle streams, about 20 polls
    idle = dict(spy.calls)
    assert idle.get("head", 0) == 0 and idle.get("log", 0) == 0  # no stream reads the database itself
    assert 5 <= idle["heads"] <= 25  # one query per poll for all of them (30 streams polling alone: ~600)

    for r in readers:
        r.until = "event: version\ndata: {\"version\":1,"
    spy.calls.clear()
    table.play()
    for r in readers:
        r.join(10)
    assert all('\nid: 1-' in r.text and r.until in r.text for r in readers)
    # one log per seat that follows (a spectator and two seats), not one per stream
    assert spy.calls["log"] <= 3 and spy.calls["marks"] <= 3, spy.calls


def test_a_move_made_in_the_streams_process_wakes_them_before_any_poll(tmp_path):
    app = create_app({"TESTING": True, "DATABASE_URL": fresh_database(tmp_path, "wake"), "RATELIMIT_ENABLED": False,
                      "SSE_MAX_SECONDS": 20, "SSE_POLL_SECONDS": 60})  # no poll within the test
    try:
        table = AppTable(app.test_client())
        readers = _readers(app, table)
        for r in readers:
            r.until = "event: version\ndata: {\"version\":1,"
        table.play()  # through this app: Games.on_change wakes its streams
        for r in readers:
            r.join(5)
        assert all(r.until in r.text and "\nid: 1-" in r.text for r in readers)
    finally:
        app.extensions["wtw_streams"].watcher.close()
        app.extensions["wtw_games"].storage.engine.dispose()


def test_streams_at_the_same_point_share_their_messages(app):
    table = AppTable(app.test_client())
    streams: EventStreams = app.extensions["wtw_streams"]
    head = app.extensions["wtw_games"].head(table.id)
    first = streams.batch(head, None, EventPoint(-1))
    assert streams.batch(head, None, EventPoint(-1)) is first  # the same text object, made once
    assert streams.batch(head, 0, EventPoint(-1)) is not first
    assert first.text.count("\nid: 0-") + first.text.startswith("id: 0-") == first.point.n + 1


def test_streams_end_when_the_worker_stops(app):
    table = AppTable(app.test_client())
    readers = _readers(app, table)
    app.extensions["wtw_streams"].watcher.close()  # what the gunicorn worker does when told to stop
    for r in readers:
        r.join(5)
        assert not r.is_alive()


def test_a_value_asked_for_at_once_is_made_once():
    cache: LRUCache[str] = LRUCache(8)
    made = []

    def make():
        made.append(1)
        time.sleep(0.2)
        return "value"
    got = []
    threads = [threading.Thread(target=lambda: got.append(cache.get_or_make("k", make))) for _ in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert made == [1] and got == ["value"] * 20
