"""The game resources' protocol over real HTTP (gunicorn as `make serve` starts it): seat tokens, hidden
information, undo, If-Match, Idempotency-Key, concurrent submissions, Server-Sent Events, and every error
status as application/problem+json leaving the game unchanged."""

from __future__ import annotations

import json
import re
import threading
import time

import pytest

from service.app import create_app
from solver.games.wild_tiled_west.engine.game import Game
from solver.games.wild_tiled_west.rules.placement import check_placement
from solver.games.wild_tiled_west.rules.setup import GameConfig
from tests.service.databases import fresh_database
from tests.service.event_clients import Follower, Poller
from tests.service.service_http import (
    PROBLEM,
    Server,
    assert_nothing_hidden,
    assert_problem,
    comparable,
    hidden_ids,
    local_events,
    local_view,
    together,
)

SEED = 5550123987


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(fresh_database(tmp_path_factory.mktemp("protocol"), "protocol"),
               env={"FLASK_SSE_MAX_SECONDS": "3", "FLASK_SSE_POLL_SECONDS": "0.1"}).start()
    yield s
    s.end()


class Table:
    """A game on the server and the same game played locally."""

    def __init__(self, server: Server, players: int = 2, seed: int = SEED):
        self.client = server.client
        r = self.client.post("/games", {"players": players, "seed": seed})
        assert r.status == 201
        self.id = r.json()["id"]
        self.tokens = [t["token"] for t in r.json()["tokens"]]
        self.local = Game(GameConfig(players=players, seed=seed))
        self.seed = seed

    @property
    def seat(self) -> int:
        return self.local.pending()["seat"]

    def state(self, seat: int | None = None) -> dict:
        return self.client.get(f"/games/{self.id}", token=self.tokens[seat] if seat is not None else None).json()

    def play(self, move: dict | None = None) -> dict:
        seat = self.seat
        move = move or self.local.legal_moves()[0]
        r = self.client.post(f"/games/{self.id}/moves", move, token=self.tokens[seat])
        assert r.status == 200, r.text
        self.local.apply(move)
        return r.json()

    def play_until(self, decision: str) -> None:
        while self.local.pending()["type"] != decision:
            self.play()


def test_the_hidden_information_check_finds_a_leak():
    game = Game(GameConfig(players=2, seed=SEED))
    game.apply(game.legal_moves()[0])
    assert hidden_ids(game, 0) and hidden_ids(game, None) >= hidden_ids(game, 0)
    with pytest.raises(AssertionError):
        assert_nothing_hidden(json.dumps(game.to_json()), game, 0, SEED)
    assert_nothing_hidden(json.dumps(game.view(0)), game, 0, SEED)


def test_a_seat_token_acts_only_for_its_seat(server):
    t = Table(server)
    mover, other = t.seat, 1 - t.seat
    move = t.local.legal_moves()[0]
    path = f"/games/{t.id}/moves"
    # both seats choose their partners at once (Setup E): the other seat's token cannot keep the mover's partner
    assert_problem(t.client.post(path, move, token=t.tokens[other]), 422, "not_an_option")
    r = assert_problem(t.client.post(path, move), 401, "missing_token")
    r = t.client.post(path, move)
    assert r.headers["www-authenticate"].startswith("Bearer")
    assert_problem(t.client.post(path, move, headers={"Authorization": "Basic Zm9vOmJhcg=="}), 401, "invalid_token")
    stranger = Table(server)
    assert_problem(t.client.post(path, move, token=stranger.tokens[mover]), 401, "invalid_token")
    assert_problem(t.client.post(f"/games/{t.id}/undo", token=stranger.tokens[0]), 401)
    assert t.state()["version"] == 0  # nothing changed
    legal = t.client.get(f"/games/{t.id}/legal-moves", token=t.tokens[other]).json()
    assert [{k: v for k, v in m.items() if k != "label"} for m in legal["moves"]] == t.local.legal_moves(other)
    assert not {m["partner"] for m in legal["moves"]} & {m["partner"] for m in t.local.legal_moves(mover)}
    assert legal["seat"] == other and legal["pending"] == {"type": "keep_partner", "seat": mover}
    assert_problem(t.client.get(f"/games/{t.id}/legal-moves"), 401, "missing_token")
    assert_problem(t.client.get(f"/games/{t.id}/position?seat={mover}", token=t.tokens[other]), 403, "not_your_seat")
    position = t.client.get(f"/games/{t.id}/position", token=t.tokens[other])
    assert position.status == 200 and position.json() == json.loads(json.dumps(t.local.position(other)))
    assert_nothing_hidden(position.text, t.local, other, SEED)
    t.play()  # the mover keeps a partner: face down, seen only by the mover
    kept = t.local.players[mover].partners[0]["id"]
    assert kept in t.client.get(f"/games/{t.id}", token=t.tokens[mover]).text
    for viewer in (other, None):
        text = t.client.get(f"/games/{t.id}", token=t.tokens[viewer] if viewer is not None else None).text
        assert f'"{kept}"' not in text
        text = t.client.get(f"/games/{t.id}/events", token=t.tokens[viewer] if viewer is not None else None).text
        assert f'"{kept}"' not in text and "partner_kept_card" not in text
    assert_problem(t.client.post(f"/games/{t.id}/undo", token=t.tokens[other]), 403, "not_your_move")
    t.play_until("draft")  # past the partners one seat decides at a time: the other seat's token is refused
    drafter = t.seat
    waiter = 1 - drafter
    draft = t.local.legal_moves()[0]
    assert_problem(t.client.post(path, draft, token=t.tokens[waiter]), 403, "not_your_decision")
    legal = t.client.get(f"/games/{t.id}/legal-moves", token=t.tokens[waiter]).json()
    assert legal["moves"] == [] and legal["pending"] == {"type": "draft", "seat": drafter} and legal["seat"] == waiter


def test_undo_takes_back_only_what_revealed_nothing(server):
    t = Table(server)
    first = t.seat
    assert_problem(t.client.post(f"/games/{t.id}/undo", token=t.tokens[first]), 409, "nothing_to_undo")
    before = t.state(first)
    move = t.local.legal_moves()[1]
    t.play(move)
    r = t.client.post(f"/games/{t.id}/undo", token=t.tokens[first])
    assert r.status == 200 and r.json()["undone"] == move
    t.local = Game.replay(t.local.config, t.local.moves[:-1])
    after = r.json()["state"]
    assert comparable(after) == comparable(before) and after["version"] == 2 and after["moves_played"] == 0
    assert t.client.get(f"/games/{t.id}/events").json()["last"] == local_events(t.local, None)[-1]["n"]
    t.play()
    t.play()  # the second keep: the partners are then shuffled and revealed (a chance step)
    assert_problem(t.client.post(f"/games/{t.id}/undo", token=t.tokens[t.local.move_seats[-1]]), 409, "hidden_revealed")
    t.play_until("draft")
    drafter, chance = t.seat, t.local.chance
    draft = next(m for m in t.local.legal_moves() if m["type"] == "draft")
    t.play(draft)
    assert t.local.chance == chance  # a draft rolls nothing: it may be taken back
    version = t.state()["version"]
    assert_problem(t.client.post(f"/games/{t.id}/undo", token=t.tokens[drafter], headers={"If-Match": '"1"'}), 412,
                   "stale_version")
    r = t.client.post(f"/games/{t.id}/undo", token=t.tokens[drafter], headers={"If-Match": f'"{version}"'})
    assert r.status == 200 and r.json()["undone"] == draft
    t.local = Game.replay(t.local.config, t.local.moves[:-1])
    assert comparable(r.json()["state"]) == local_view(t.local, drafter)
    t.play(draft)  # and played again, the game goes on as if the undo never happened
    assert comparable(t.state(None)) == local_view(t.local, None)


def test_if_match_and_if_none_match(server):
    t = Table(server)
    t.play_until("draft")  # past the partners, which both seats choose at once (If-Match per seat there:
    v = t.state()["version"]  # tests/service/test_service_simultaneous.py)
    t.play()  # the draft; the same seat places its tile next
    path, seat = f"/games/{t.id}/moves", t.seat
    move = t.local.legal_moves()[0]
    body = assert_problem(t.client.post(path, move, token=t.tokens[seat], headers={"If-Match": f'"{v}"'}), 412,
                          "stale_version")
    assert f"version {v + 1}" in body["detail"]
    assert t.state()["version"] == v + 1
    r = t.client.get(f"/games/{t.id}", headers={"If-None-Match": f'"{v + 1}"'})
    assert r.status == 304 and r.body == b"" and r.headers["etag"] == f'"{v + 1}"'
    assert t.client.get(f"/games/{t.id}", headers={"If-None-Match": f'"{v}"'}).status == 200
    r = t.client.post(path, move, token=t.tokens[seat], headers={"If-Match": "*"})
    assert r.status == 200 and r.headers["etag"] == f'"{v + 2}"'


def test_idempotency_key_applies_once_and_answers_the_same(server):
    t = Table(server)
    seat, move = t.seat, t.local.legal_moves()[0]
    path, key = f"/games/{t.id}/moves", {"Idempotency-Key": "move-1"}
    first = t.client.post(path, move, token=t.tokens[seat], headers=key)
    again = t.client.post(path, move, token=t.tokens[seat], headers=key)
    assert first.status == again.status == 200 and first.body == again.body
    assert again.headers["idempotent-replayed"] == "true" and "idempotent-replayed" not in first.headers
    assert t.state()["moves_played"] == 1
    other = t.local.legal_moves()[1]
    assert_problem(t.client.post(path, other, token=t.tokens[seat], headers=key), 422, "idempotency_key_reused")
    assert t.state()["moves_played"] == 1


def test_concurrent_submissions_never_both_apply(server):
    t = Table(server)
    t.play_until("draft")
    path, seat = f"/games/{t.id}/moves", t.seat
    version = t.state()["version"]
    drafts = [m for m in t.local.legal_moves() if m["type"] == "draft"]
    answers = together(8, lambda i: t.client.post(path, drafts[i % len(drafts)], token=t.tokens[seat],
                                                   headers={"If-Match": f'"{version}"'}))
    assert sorted(a.status for a in answers) == [200] + [412] * 7
    won = next(a for a in answers if a.status == 200).json()["state"]
    assert won["version"] == version + 1 and t.state()["moves_played"] == won["moves_played"]
    t.local.apply(t.client.get(f"/games/{t.id}/moves?after={won['moves_played'] - 2}").json()["moves"][-1]["move"])
    # Without If-Match: the same placement sent 6 times applies once, the others are refused (422 or 403).
    place = t.local.legal_moves()[0]
    answers = together(6, lambda i: t.client.post(path, place, token=t.tokens[seat]))
    assert [a.status for a in answers].count(200) == 1 and all(a.status in (200, 403, 422) for a in answers)
    t.local.apply(place)
    assert comparable(t.state(None)) == local_view(t.local, None)
    # The same Idempotency-Key from 6 threads: applied once, the same answer for all.
    seat, move = t.seat, t.local.legal_moves()[0]
    answers = together(6, lambda i: t.client.post(path, move, token=t.tokens[seat], headers={"Idempotency-Key": "k"}))
    assert {a.status for a in answers} == {200} and len({a.body for a in answers}) == 1, [a.body[:300] for a in answers if a.status != 200]
    t.local.apply(move)
    assert comparable(t.state(None)) == local_view(t.local, None)


def test_every_error_is_problem_json_and_changes_nothing(server):
    t = Table(server)
    t.play()
    seat, c = t.seat, t.client
    path = f"/games/{t.id}/moves"
    assert_problem(c.request("POST", path, token=t.tokens[seat], raw=b'{"type": "keep_',
                             headers={"Content-Type": "application/json"}), 400)
    assert_problem(c.get("/games/no-such-game"), 404, "unknown_game")
    assert_problem(c.post("/games/no-such-game/moves", {"type": "pass"}, token=t.tokens[0]), 404, "unknown_game")
    assert_problem(c.get("/no/such/resource"), 404)
    assert_problem(c.request("DELETE", f"/games/{t.id}"), 405)
    assert_problem(c.request("POST", path, token=t.tokens[seat], raw=b"[" + b"1," * 200_000 + b"1]",
                             headers={"Content-Type": "application/json"}), 413)
    body = assert_problem(c.post(path, {"type": "keep_partner", "partner": 3}, token=t.tokens[seat]), 422)
    assert "partner" in body["errors"]["json"]
    assert_problem(c.post(path, {"type": "teleport"}, token=t.tokens[seat]), 422)
    assert_problem(c.post(path, {"type": "pass", "extra": 1}, token=t.tokens[seat]), 422)
    assert_problem(c.post(path, [1, 2], token=t.tokens[seat]), 422)
    body = assert_problem(c.post(path, {"type": "keep_partner", "partner": "p99"}, token=t.tokens[seat]), 422, "not_an_option")
    assert "p99" in body["detail"]
    assert_problem(c.post(path, {"type": "draft", "die": 0}, token=t.tokens[seat]), 422, "wrong_decision")
    assert_problem(c.post("/games", {"players": 2, "seats": [{"board": "silver-mesa"}, {"board": "silver-mesa"}]}),
                   422, "invalid_config")
    assert_problem(c.post("/games", {"players": 6}), 422)
    assert_problem(c.get(f"/games/{t.id}/events?after=x"), 422)
    assert_problem(c.get(f"/games/{t.id}/players/7/board.svg"), 404, "unknown_seat")
    assert t.state()["moves_played"] == 1 and t.state()["version"] == 1
    t.play_until("draft")  # an illegal placement is refused with the engine's placement rule
    t.play(next(m for m in t.local.legal_moves() if m["type"] == "draft"))
    tile = t.local.pending()["tile"]
    check = check_placement(t.local.players[t.seat].settlement, t.local.catalog.tile(tile), 0, 0, 0)
    assert not check.legal
    body = assert_problem(c.post(path, {"type": "place", "tile": tile, "orientation": 0, "row": 0, "col": 0},
                                 token=t.tokens[t.seat]), 422, check.rule.value)
    assert body["detail"] == check.message
    assert comparable(t.state(None)) == local_view(t.local, None)


def test_rate_limit_is_a_429_problem(tmp_path):
    app = create_app({"TESTING": True, "DATABASE_URL": fresh_database(tmp_path, "rate"),
                      "RATELIMIT_CREATE_GAMES": "2 per minute"})
    client = app.test_client()
    assert [client.post("/games", json={"players": 1}).status_code for _ in range(2)] == [201, 201]
    r = client.post("/games", json={"players": 1})
    assert r.status_code == 429 and r.mimetype == PROBLEM and r.get_json()["status"] == 429
    assert int(r.headers["Retry-After"]) > 0
    assert client.get("/health").status_code == 200
    app.extensions["wtw_games"].storage.engine.dispose()


def test_retry_after_is_never_below_one_second(tmp_path):
    # Issue 27: a limiter window resetting within the second answered ``Retry-After: 0`` ("retry at once"); the
    # limiter's header passes through the app's after-request hook, which keeps it at 1 second or more.
    app = create_app({"TESTING": True, "DATABASE_URL": fresh_database(tmp_path, "retry"), "RATELIMIT_ENABLED": False})
    app.add_url_rule("/probe/<int:wait>", "probe", lambda wait: ("", 429, {"Retry-After": str(wait)}))
    client = app.test_client()
    assert client.get("/probe/0").headers["Retry-After"] == "1"
    assert client.get("/probe/7").headers["Retry-After"] == "7"
    app.extensions["wtw_games"].storage.engine.dispose()


def _sse(text: str) -> list[dict]:
    out = []
    for block in text.strip().split("\n\n"):
        msg = {}
        for line in block.split("\n"):
            name, _, value = line.partition(": ")
            if name in ("id", "event", "data", "retry"):
                msg[name] = value
        if "data" in msg:
            msg["data"] = json.loads(msg["data"])
            out.append(msg)
    return out


def test_server_sent_events_stream_the_new_events(server):
    t = Table(server)
    t.play()
    after = len(t.local.events) - 1
    box = {}
    reader = threading.Thread(target=lambda: box.update(
        r=t.client.get(f"/games/{t.id}/events/stream", headers={"Last-Event-ID": str(after)})))
    reader.start()
    t.play()
    t.play()  # the partners are revealed
    reader.join(timeout=20)
    r = box["r"]
    assert r.status == 200 and r.headers["content-type"].startswith("text/event-stream")
    messages = _sse(r.text)
    sent = [m["data"] for m in messages if "event" not in m]
    expected = [e for e in local_events(t.local, None) if e["n"] > after]
    assert sent == expected and [int(m["id"].split("-")[1]) for m in messages if "event" not in m] == [e["n"] for e in expected]
    versions = [m["data"]["version"] for m in messages if m.get("event") == "version"]
    assert versions[-1] == 3 and versions == sorted(versions)
    assert_nothing_hidden(r.text, t.local, None, SEED)
    assert "partner_kept_card" not in r.text


def test_a_reconnection_after_an_undo_ends_with_the_server_log(server):
    # Issue 27: draft A (event 13), undo, draft B (a new event 13) while the client is disconnected; it
    # reconnects with Last-Event-ID and is told to drop event 13, then gets B's.
    t = Table(server)
    t.play_until("draft")
    follower = Follower(t.client, t.id, None)
    poller = Poller(t.client, t.id, None)
    poller.poll()
    follower.log, follower.last_id = list(poller.log), poller.last_id  # synced from the JSON log's last_id
    drafter = t.seat
    a, b = [m for m in t.local.legal_moves() if m["type"] == "draft"][:2]
    t.play(a)
    follower.connect()
    assert [(e["n"], e["tile"]) for e in follower.log[-1:]] == [(13, a["tile"])]
    r = t.client.post(f"/games/{t.id}/undo", token=t.tokens[drafter])
    assert r.status == 200
    t.local = Game.replay(t.local.config, t.local.moves[:-1])
    t.play(b)
    follower.connect()
    assert [m.get("event") for m in follower.messages] == ["undo", None, "version"]
    assert follower.messages[0]["data"]["last"] == 12 and follower.log[-1]["tile"] == b["tile"]
    assert follower.log == follower.server_log() == local_events(t.local, None)
    poller.poll()
    assert poller.log == follower.log


def test_an_undo_while_connected_is_streamed(server):
    t = Table(server)
    t.play_until("draft")
    follower = Follower(t.client, t.id, t.tokens[1])
    drafter = t.seat
    a, b = [m for m in t.local.legal_moves() if m["type"] == "draft"][:2]
    reader = threading.Thread(target=follower.connect)
    reader.start()
    t.play(a)
    time.sleep(0.5)  # the stream polls every 0.1 s: it most likely sends A's event before the undo
    assert t.client.post(f"/games/{t.id}/undo", token=t.tokens[drafter]).status == 200
    t.local = Game.replay(t.local.config, t.local.moves[:-1])
    time.sleep(0.5)
    t.play(b)
    reader.join(timeout=20)
    assert follower.log == follower.server_log() == local_events(t.local, 1)
    ids = [m["id"] for m in follower.messages if "event" not in m]
    assert len(ids) == len(set(ids))  # an event id is never given to another event, even event 13 after the undo


def test_events_stream_of_a_finished_game_ends(server):
    t = Table(server, players=1, seed=12)
    while not t.local.finished:
        t.play()
    last = t.client.get(f"/games/{t.id}/events").json()["last"]
    assert t.client.get(f"/games/{t.id}/events/stream?after={last}").status == 204
    r = t.client.get(f"/games/{t.id}/events/stream?after={last - 1}")
    assert r.status == 200 and [m["data"]["type"] for m in _sse(r.text) if "event" not in m] == ["game_end"]


def test_pages_on_other_origins_may_call_the_api(tmp_path):
    # Issue 27: CORS (flask-cors): a preflight from another origin is answered, and the headers a client reads
    # (ETag, Location, Idempotent-Replayed) are exposed; CORS_ORIGINS narrows the origins.
    app = create_app({"TESTING": True, "DATABASE_URL": fresh_database(tmp_path, "cors"), "RATELIMIT_ENABLED": False})
    client = app.test_client()
    origin = {"Origin": "https://play.example.org"}
    r = client.options("/games", headers={**origin, "Access-Control-Request-Method": "POST",
                                          "Access-Control-Request-Headers": "Authorization, Content-Type, Idempotency-Key"})
    assert r.status_code == 200 and r.headers["Access-Control-Allow-Origin"] in ("*", origin["Origin"])
    assert {"authorization", "content-type", "idempotency-key"} <= {
        h.strip().lower() for h in r.headers["Access-Control-Allow-Headers"].split(",")}
    created = client.post("/games", json={"players": 1}, headers=origin)
    exposed = {h.strip() for h in created.headers["Access-Control-Expose-Headers"].split(",")}
    assert created.status_code == 201 and {"ETag", "Location", "Idempotent-Replayed"} <= exposed
    app.extensions["wtw_games"].storage.engine.dispose()
    narrow = create_app({"TESTING": True, "DATABASE_URL": fresh_database(tmp_path, "cors2"), "RATELIMIT_ENABLED": False,
                         "CORS_ORIGINS": ["https://play.example.org"]})
    assert narrow.test_client().get("/health", headers={"Origin": "https://evil.example"}).headers.get(
        "Access-Control-Allow-Origin") is None
    narrow.extensions["wtw_games"].storage.engine.dispose()


def test_the_docs_page_needs_no_other_host(tmp_path):
    # Issue 27: /docs loads swagger-ui from the service itself (the swagger-ui-bundle package), not from a CDN.
    app = create_app({"TESTING": True, "DATABASE_URL": fresh_database(tmp_path, "docs"), "RATELIMIT_ENABLED": False})
    client = app.test_client()
    page = client.get("/docs")
    assert page.status_code == 200
    refs = re.findall(r'(?:src|href)="([^"]+)"', page.get_data(as_text=True))
    assert refs and not [r for r in refs if "//" in r], refs
    assert all(client.get(r).status_code == 200 for r in refs)
    app.extensions["wtw_games"].storage.engine.dispose()


def test_the_openapi_document_is_markdown(tmp_path):
    # Issue 27: summaries and descriptions render as Markdown in /docs: the docstrings' ``code`` becomes `code`.
    app = create_app({"TESTING": True, "DATABASE_URL": fresh_database(tmp_path, "md"), "RATELIMIT_ENABLED": False})
    spec = app.test_client().get("/openapi.json").get_json()
    assert spec["paths"]["/health"]["get"]["summary"] == "Is the service up? Answers 200 with status `ok` once the catalog has loaded."
    assert "``" not in json.dumps(spec)
    app.extensions["wtw_games"].storage.engine.dispose()
