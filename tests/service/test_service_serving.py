"""The web tier over gunicorn as `make serve` starts it (service/gunicorn_conf.py: gevent workers): whole request
bodies before any view (issue 27's slow clients, issue 30's strict protocol: a body shorter than its
Content-Length is never applied, 64 clients trickling bodies leave `/health` answering), gunicorn's own front-line
errors as problem+json (issue 30) and documented in the OpenAPI document, and event streams that end at once when
the server stops."""

from __future__ import annotations

import json
import runpy
import socket
import threading
import time

import pytest
from gunicorn.workers.ggevent import GeventWorker

from service.app import create_app
from service.gunicorn_worker import ProblemGeventWorker, allow_every_origin
from solver.games.wild_tiled_west.engine.game import Game
from solver.games.wild_tiled_west.rules.setup import GameConfig
from tests.service.databases import fresh_database
from tests.service.service_http import PROBLEM, ROOT, Server

BODY_TIMEOUT = 3  #: seconds (the default is 10): the tricklers' test waits for it
TRICKLERS = 64


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(fresh_database(tmp_path_factory.mktemp("serving"), "serving"),
               env={"FLASK_BODY_TIMEOUT_SECONDS": str(BODY_TIMEOUT)}).start()
    yield s
    s.end()


class Raw:
    """An HTTP exchange over a raw socket: what a client that breaks the protocol sends."""

    def __init__(self, port: int):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)

    def send(self, data: bytes) -> Raw:
        self.sock.sendall(data)
        return self

    def done_sending(self) -> Raw:
        self.sock.shutdown(socket.SHUT_WR)
        return self

    def answer(self) -> tuple[int, dict[str, str], dict]:
        """Status, headers (lower-case names) and JSON body of the answer, read to the end of the connection."""
        data = b""
        try:
            while chunk := self.sock.recv(65536):
                data += chunk
        except ConnectionResetError:  # after the answer: the server closed while this client was still sending
            assert data
        self.sock.close()
        head, _, body = data.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        headers = dict((k.lower(), v.strip()) for k, _, v in (line.partition(":") for line in lines[1:]))
        return int(lines[0].split()[1]), headers, json.loads(body)


class Table:
    """A game on the server whose pending move is known (to post it, whole or not)."""

    def __init__(self, server: Server, seed: int = 5):
        self.server = server
        created = server.client.post("/games", {"players": 2, "seed": seed}).json()
        self.id, self.tokens = created["id"], [t["token"] for t in created["tokens"]]
        local = Game(GameConfig(players=2, seed=seed))
        self.seat, self.move = local.pending()["seat"], local.legal_moves()[0]
        self.body = json.dumps(self.move).encode()

    def head(self, length: int | None = None, chunked: bool = False) -> bytes:
        """The request line and headers of posting the move, announcing ``length`` bytes (default the body's)."""
        framing = "Transfer-Encoding: chunked" if chunked else f"Content-Length: {len(self.body) if length is None else length}"
        return (f"POST /games/{self.id}/moves HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {self.tokens[self.seat]}\r\n"
                f"Content-Type: application/json\r\n{framing}\r\n\r\n").encode()

    def version(self) -> int:
        return self.server.client.get(f"/games/{self.id}").json()["version"]


def _problem(status: int, headers: dict[str, str], body: dict, expected: int, rule: str | None = None) -> dict:
    assert status == expected and headers["content-type"] == PROBLEM, (status, headers, body)
    assert body["status"] == expected and body["type"] == "about:blank" and body["title"] and body["detail"]
    if rule:
        assert body["rule"] == rule, body
    return body


def test_a_body_shorter_than_its_content_length_is_never_applied(server):
    # issue 30: it waited until the client gave up, then was applied (RFC 9112 calls such a message incomplete)
    t = Table(server)
    answer = Raw(server.port).send(t.head(len(t.body) + 10) + t.body).done_sending().answer()
    body = _problem(*answer, 400, "incomplete_body")
    assert f"ended after {len(t.body)} of the {len(t.body) + 10} bytes" in body["detail"]
    chunk = b"%x\r\n" % len(t.body) + t.body[:-3]  # a chunk cut short, then the end of the connection
    _problem(*Raw(server.port).send(t.head(chunked=True) + chunk).done_sending().answer(), 400, "incomplete_body")
    assert t.version() == 0  # nothing was applied


def test_a_whole_chunked_body_is_applied(server):
    t = Table(server)
    raw = Raw(server.port).send(t.head(chunked=True).replace(b"\r\n\r\n", b"\r\nConnection: close\r\n\r\n")
                                + b"%x\r\n" % len(t.body) + t.body + b"\r\n0\r\n\r\n")
    status, headers, body = raw.answer()
    assert status == 200 and body["state"]["version"] == 1 and t.version() == 1


def test_a_body_over_the_limit_is_refused_before_it_is_read(server):
    t = Table(server)
    answer = Raw(server.port).send(t.head(10 * 1024 * 1024) + t.body).done_sending().answer()
    _problem(*answer, 413)
    assert t.version() == 0


LIMIT = 256 * 1024  #: MAX_CONTENT_LENGTH


def _chunked(t: Table, body: bytes) -> tuple[int, dict[str, str], dict]:
    """The answer to posting ``body`` chunked (chunks of 64 KiB, then the last chunk) for ``t``'s move."""
    parts = [body[i:i + 65536] for i in range(0, len(body), 65536)]
    chunks = b"".join(b"%x\r\n%s\r\n" % (len(part), part) for part in parts) + b"0\r\n\r\n"
    head = t.head(chunked=True).replace(b"\r\n\r\n", b"\r\nConnection: close\r\n\r\n")
    return Raw(t.server.port).send(head + chunks).answer()


def test_a_chunked_body_over_the_limit_is_refused_and_never_applied(server):
    # issue 39: werkzeug read a chunked body up to MAX_CONTENT_LENGTH and stopped there without a word, so the move
    # before 300 KiB of spaces and GARBAGE was applied (200); with a Content-Length the same body was 413
    t = Table(server)
    _problem(*_chunked(t, t.body + b" " * 300 * 1024 + b"GARBAGE"), 413)
    _problem(*_chunked(t, t.body.ljust(LIMIT + 1)), 413)  # one byte over: still valid JSON, still refused
    assert t.version() == 0
    status, _, body = _chunked(t, t.body.ljust(LIMIT))  # exactly at the limit: applied
    assert status == 200 and body["state"]["version"] == 1 and t.version() == 1


def test_slow_bodies_leave_health_answering_and_are_refused_at_their_deadline(server):
    # issue 27: 64 connections sending their bodies a byte now and then left /health unanswered for the whole minute
    t = Table(server)
    answers: list = [None] * TRICKLERS

    def trickle(i: int) -> None:
        raw = Raw(server.port).send(t.head())
        raw.sock.settimeout(0.25)
        for byte in t.body:  # ~70 bytes at 4 per second: the whole body would take ~18 s
            try:
                raw.sock.sendall(bytes([byte]))
                if raw.sock.recv(1, socket.MSG_PEEK):
                    break  # the answer came
            except TimeoutError:
                continue
            except OSError:
                break
        raw.sock.settimeout(10)
        answers[i] = raw.answer()

    tricklers = [threading.Thread(target=trickle, args=(i,)) for i in range(TRICKLERS)]
    for th in tricklers:
        th.start()
    time.sleep(0.5)
    for _ in range(8):  # while all 64 trickle
        assert server.client.get("/health", timeout=1).status == 200
        time.sleep(0.25)
    for th in tricklers:
        th.join(30)
    for answer in answers:
        _problem(*answer, 408, "body_timeout")
    assert t.version() == 0 and server.client.get("/health", timeout=1).status == 200


@pytest.mark.parametrize("request_bytes, status", [
    (b"GET /health?" + b"x" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),  # request line over 4094 bytes
    (b"GET /health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"x" * 9000 + b"\r\n\r\n", 431),  # a header over 8190 bytes
    (b"GET /health HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(120)) + b"\r\n", 431),
    (b"NOT HTTP AT ALL\r\n\r\n", 400),
    (b"GET /health HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab", 400),
])
def test_gunicorns_own_errors_are_problem_json(server, request_bytes, status):
    answer = Raw(server.port).send(request_bytes).answer()
    _problem(*answer, status)
    assert answer[1]["access-control-allow-origin"] == "*"  # a page of another origin reads it (CORS_ORIGINS "*")


def test_front_line_answers_allow_every_origin_only_when_the_service_does():
    assert allow_every_origin(None) and allow_every_origin('"*"') and allow_every_origin("*")
    assert not allow_every_origin('["https://play.example"]') and not allow_every_origin("https://play.example")


def test_the_openapi_document_lists_the_front_line_answers(tmp_path):
    app = create_app({"TESTING": True, "DATABASE_URL": fresh_database(tmp_path, "frontline")})
    spec = app.test_client().get("/openapi.json").get_json()
    with_body = 0
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if method == "parameters":
                continue
            responses = operation["responses"]
            assert {"414", "431"} <= set(responses), (method, path)
            if "requestBody" in operation:
                with_body += 1
                assert {"400", "408", "413"} <= set(responses), (method, path)
    assert with_body >= 6
    for name in ("REQUEST_URI_TOO_LONG", "REQUEST_HEADER_FIELDS_TOO_LARGE", "REQUEST_TIMEOUT"):
        assert list(spec["components"]["responses"][name]["content"]) == [PROBLEM]


def test_event_streams_end_at_once_when_the_server_stops(tmp_path):
    # A stream lasts up to SSE_MAX_SECONDS (300 s); a stopping worker ends it at once, so that its client reconnects
    # elsewhere, rather than holding the worker for gunicorn's whole graceful_timeout (30 s).
    s = Server(fresh_database(tmp_path, "stopping")).start()
    try:
        game = s.client.post("/games", {"players": 2, "seed": 5}).json()["id"]
        raw = Raw(s.port).send(f"GET /games/{game}/events/stream HTTP/1.0\r\nHost: x\r\n\r\n".encode())
        received = b""
        while b"event: version" not in received:
            received += raw.sock.recv(65536)
        s.proc.terminate()
        deadline = time.monotonic() + 10  # the stream ends with the connection, long before 30 s
        while True:
            raw.sock.settimeout(max(0.01, deadline - time.monotonic()))  # keep-alives come every 10 s
            if not raw.sock.recv(65536):
                break
        assert s.proc.wait(timeout=15) == 0
    finally:
        s.stop()



def test_the_gunicorn_settings_follow_the_environment(monkeypatch):
    monkeypatch.delenv("WORKER_CONNECTIONS", raising=False)
    for name, value in {"HOST": "0.0.0.0", "PORT": "5001", "WEB_CONCURRENCY": "3"}.items():
        monkeypatch.setenv(name, value)
    conf = runpy.run_path(str(ROOT / "service/gunicorn_conf.py"))
    assert conf["bind"] == "0.0.0.0:5001" and conf["workers"] == 3
    assert conf["worker_class"] == "service.gunicorn_worker.ProblemGeventWorker" and issubclass(ProblemGeventWorker, GeventWorker)
    assert conf["worker_connections"] >= 4000  # thousands of streams per worker
