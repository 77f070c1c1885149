"""Helpers of the service tests: a gunicorn process started like ``make serve`` on a free loopback port
with its own database (``tests.service.databases.fresh_database``: an SQLite file, or a PostgreSQL database with
``TEST_DATABASE_URL``), a small HTTP client, what a seat may not see of a game, and a daily puzzle
generated once per test session (with a stand-in generator that re-dates it)."""

from __future__ import annotations

import datetime
import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from puzzles.format import content_id
from solver.games.wild_tiled_west.engine.game import Game
from tests.shared import daily_puzzle_text

ROOT = Path(__file__).resolve().parents[2]
PROBLEM = "application/problem+json"
APP_SPEC = "service.app:create_app()"


def json_operations(client, filled: dict[str, str]) -> list[tuple[str, str, dict]]:
    """``(method, path, operation)`` of every operation of the app's OpenAPI document (``client``: a Flask test
    client) that takes a JSON body: the method in capitals, the path with its parameters replaced as ``filled``
    says (``{"{game_id}": id}``), the operation's object of the document."""
    out = []
    for path, item in client.get("/openapi.json").get_json()["paths"].items():
        for method, operation in item.items():
            if isinstance(operation, dict) and "application/json" in operation.get("requestBody", {}).get("content", {}):
                for key, value in filled.items():
                    path = path.replace(key, value)
                out.append((method.upper(), path, operation))
    return out


def serve_command() -> list[str]:
    """The gunicorn options of ``make serve`` (Makefile): the words between ``gunicorn`` and the app (the address
    comes from the ``HOST`` and ``PORT`` environment variables, as there)."""
    line = re.search(r"^serve:.*\n(?:#.*\n)*\t(.*)$", (ROOT / "Makefile").read_text(), re.MULTILINE).group(1)
    words = [w.strip("'") for w in line.split()]
    start = next(i for i, w in enumerate(words) if w.endswith("/gunicorn")) + 1
    return words[start:words.index(APP_SPEC)]


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Response:
    """An HTTP answer: status, headers (lower-case names) and body."""

    status: int
    headers: dict[str, str]
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode()

    def json(self) -> Any:
        return json.loads(self.body)


class Client:
    """A minimal HTTP/1.1 client for one server (a new connection per request, so it is thread-safe), from the
    loopback address ``source`` (127.0.0.2...: another client for the server's limits and fairness) or the default."""

    def __init__(self, port: int, source: str | None = None):
        self.port = port
        self.source = source  #: the loopback address to connect from (another client for the server), or the default

    def request(self, method: str, path: str, body: Any = None, token: str | None = None,
                headers: dict[str, str] | None = None, raw: bytes | None = None, timeout: float = 30) -> Response:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout,
                                          source_address=(self.source, 0) if self.source else None)
        try:
            h = dict(headers or {})
            if token:
                h["Authorization"] = f"Bearer {token}"
            data = raw
            if body is not None:
                data = json.dumps(body).encode()
                h.setdefault("Content-Type", "application/json")
            conn.request(method, path, body=data, headers=h)
            r = conn.getresponse()
            return Response(r.status, {k.lower(): v for k, v in r.getheaders()}, r.read())
        finally:
            conn.close()

    def get(self, path: str, **kw) -> Response:
        return self.request("GET", path, **kw)

    def post(self, path: str, body: Any = None, **kw) -> Response:
        return self.request("POST", path, body, **kw)


class Server:
    """gunicorn serving the app on a free port with the database ``url`` (``tests.service.databases.fresh_database``);
    ``env`` adds environment variables (e.g. ``FLASK_RATELIMIT_ENABLED``)."""

    def __init__(self, url: str, env: dict[str, str] | None = None):
        self.url = url
        self.port = free_port()
        # its own heavy-work queue beside the test's files (a PostgreSQL URL has no file: a fresh temporary one)
        queue = url + ".tasks" if url.startswith("sqlite:///") else "sqlite:///" + tempfile.mkdtemp() + "/tasks.sqlite3"
        self.env = {**os.environ, "DATABASE_URL": url, "FLASK_RATELIMIT_ENABLED": "false", "FLASK_TASK_QUEUE": queue,
                    "FLASK_PUZZLES_AHEAD": "false", **(env or {})}
        self.proc: subprocess.Popen | None = None
        self.client = Client(self.port)

    def start(self, timeout: float = 60) -> Server:
        cmd = [sys.executable, "-m", "gunicorn", *serve_command(), APP_SPEC]
        self.proc = subprocess.Popen(cmd, cwd=ROOT, env={**self.env, "HOST": "127.0.0.1", "PORT": str(self.port)}, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                     start_new_session=True)
        deadline = time.monotonic() + timeout
        while True:
            try:
                if self.client.get("/health", timeout=5).status == 200:
                    return self
            except OSError:
                pass
            assert self.proc.poll() is None, self.proc.stderr.read().decode()
            assert time.monotonic() < deadline, "gunicorn did not start"
            time.sleep(0.2)

    def kill(self) -> None:
        """``kill -9`` the master and its workers (the whole process group)."""
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)

    def end(self) -> None:
        """A module fixture's teardown: ``kill`` at once when it still runs.  A graceful stop waits for the queue's
        running tasks (up to 8 s) and the open connections, which no test of such a module looks at (the graceful stop
        is tested in test_service_consumer.py and test_service_serving.py); the queue's consumer ends with the master
        however it ends (``service.consumer``)."""
        if self.proc and self.proc.poll() is None:
            self.kill()

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()


def hidden_ids(game: Game, seat: int | None) -> set[str]:
    """Card ids ``seat`` (``None``: a spectator) may not see in ``game`` (the full, server-side state):
    other seats' face-down and dealt partners, the partner deck and the solo bandit deck."""
    out = set(game.partner_deck)
    for p in game.players:
        if p.seat != seat:
            out.update(c["id"] for c in p.partners if c["face_down"])
            out.update(p.dealt)
    if game.solo is not None:
        out.update(game.solo.deck)
    return out


def assert_nothing_hidden(text: str, game: Game, seat: int | None, seed: int) -> None:
    """No hidden card id, no seed and no generator state in an answer's text."""
    for card in hidden_ids(game, seat):
        assert f'"{card}"' not in text, f"hidden card {card} shown to seat {seat}"
    assert '"seed"' not in text and str(seed) not in text and '"chance"' not in text


def comparable(state: dict) -> dict:
    """A served state without the service's own members (``game``: the game's id; ``seats``: the lobby's names;
    ``undo``: whether the seat may undo; ``pending_seats``: the seats that must decide), to compare with ``Game.view``."""
    return {k: v for k, v in state.items() if k not in ("id", "game", "seat", "version", "moves_played", "seats", "undo",
                                                  "pending_seats")}


#: ``Game.view``'s logs, which the served state leaves out (``GET /games/{id}/events`` and ``/moves`` serve them)
LOGS = ("moves", "move_seats", "events")


def local_view(game: Game, seat: int | None) -> dict:
    """``game.view(seat)`` as JSON data, without the engine's version and without the logs: what the
    service's state holds besides its own members (``comparable``)."""
    view = json.loads(json.dumps(game.view(seat)))
    view.pop("version")
    return {k: v for k, v in view.items() if k not in LOGS}


def local_events(game: Game, seat: int | None) -> list[dict]:
    """The event log as ``seat`` sees it in ``game.view``, as JSON data."""
    return json.loads(json.dumps(game.view(seat)["events"]))


def assert_problem(r, status: int, rule: str | None = None) -> dict:
    """``r`` is an RFC 9457 problem with ``status`` (and ``rule`` when given); its body."""
    assert r.status == status, r.text
    assert r.headers["content-type"] == PROBLEM
    body = r.json()
    assert body["status"] == status and body["type"] == "about:blank" and body["title"] and body["detail"]
    if rule:
        assert body["rule"] == rule, body
    return body


def together(n: int, request) -> list:
    """Run ``request(i)`` in ``n`` threads released at the same moment; their answers."""
    barrier, out = threading.Barrier(n), [None] * n

    def run(i):
        barrier.wait()
        out[i] = request(i)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    return out


PUZZLE_DATE = datetime.date(2026, 1, 2)  #: its easy puzzle generates in about a second (tests/puzzles/test_puzzles.py)


def session_puzzle() -> dict:
    """The real easy puzzle of ``PUZZLE_DATE`` (``daily_puzzle``'s answer), generated once per test run for every test
    process (``tests.shared``)."""
    return json.loads(daily_puzzle_text(PUZZLE_DATE, "easy"))


def redated_puzzle(date: datetime.date, difficulty: str = "medium") -> dict:
    """A stand-in for ``daily_puzzle`` that takes no time: the session's puzzle under another date and
    difficulty, with its content id recomputed."""
    puzzle = {**session_puzzle(), "date": date.isoformat(), "difficulty": difficulty}
    puzzle["id"] = content_id(puzzle)
    return puzzle
