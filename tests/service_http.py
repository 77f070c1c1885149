"""Helpers of the service tests: a gunicorn process started like ``make serve`` on a free loopback port
with its own database file, a small HTTP client, and what a seat may not see of a game."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solver.game import Game

ROOT = Path(__file__).resolve().parents[1]
APP_SPEC = "service.app:create_app()"


def serve_command() -> list[str]:
    """The gunicorn options of ``make serve`` (Makefile), without the bind address."""
    line = re.search(r"^serve:.*\n(?:#.*\n)*\t(.*)$", (ROOT / "Makefile").read_text(), re.M).group(1)
    args = line.split()
    out, skip = [], False
    for a in args[1:]:
        if skip:
            skip = False
            continue
        if a == "--bind":
            skip = True
            continue
        out.append(a.strip("'"))
    return out


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
    """A minimal HTTP/1.1 client for one server (a new connection per request, so it is thread-safe)."""

    def __init__(self, port: int):
        self.port = port

    def request(self, method: str, path: str, body: Any = None, token: str | None = None,
                headers: dict[str, str] | None = None, raw: bytes | None = None, timeout: float = 30) -> Response:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
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
    """gunicorn serving the app on a free port with the database ``db`` (SQLite file); ``env`` adds
    environment variables (e.g. ``FLASK_RATELIMIT_ENABLED``)."""

    def __init__(self, db: Path, env: dict[str, str] | None = None):
        self.db = db
        self.port = free_port()
        self.env = {**os.environ, "DATABASE_URL": f"sqlite:///{db}", "FLASK_RATELIMIT_ENABLED": "false", **(env or {})}
        self.proc: subprocess.Popen | None = None
        self.client = Client(self.port)

    def start(self, timeout: float = 60) -> Server:
        cmd = [sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{self.port}", *serve_command(), APP_SPEC]
        self.proc = subprocess.Popen(cmd, cwd=ROOT, env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
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
    """A served state without the service's own members, to compare with ``Game.view``."""
    return {k: v for k, v in state.items() if k not in ("id", "seat", "version", "moves_played")}


def local_view(game: Game, seat: int | None) -> dict:
    """``game.view(seat)`` as JSON data, without the engine's version."""
    view = json.loads(json.dumps(game.view(seat)))
    view.pop("version")
    return view
