"""The logs apart from the state (issue 27), through the Flask test client: a client of the event stream that
disconnects and reconnects around moves and undos ends with exactly the server's event log (`GET .../events`),
and so does one that polls `GET .../events?after=<last_id>`; the move log by pages; and a finished 4-player
game's state, without its logs, stays under 15 KB.  The same reconnection over gunicorn is in
test_service_protocol.py."""

from __future__ import annotations

import json
import random

import pytest

from service.app import create_app
from service.games.history import EventPoint, History
from solver.games.wild_tiled_west.ai.bots import make_bot
from solver.games.wild_tiled_west.engine.game import Game
from solver.games.wild_tiled_west.rules.setup import GameConfig
from tests.service.databases import fresh_database
from tests.service.event_clients import AppTable as Table
from tests.service.event_clients import Follower, Poller, sse
from tests.service.service_http import comparable, local_events, local_view


@pytest.fixture
def app(tmp_path):
    app = create_app({"TESTING": True, "DATABASE_URL": fresh_database(tmp_path, "eventlog"), "RATELIMIT_ENABLED": False,
                      "SSE_MAX_SECONDS": 0.3, "SSE_POLL_SECONDS": 0.05})
    yield app
    app.extensions["wtw_games"].storage.engine.dispose()


def test_event_ids_name_a_point_of_the_history():
    assert EventPoint.parse("12-34") == EventPoint(34, 12) and str(EventPoint(34, 12)) == "12-34"
    assert EventPoint.parse("7") == EventPoint(7) and EventPoint.parse("-1") == EventPoint(-1)
    for bad in ("", "x", "1-", "-2", "1-2-3", "1--1", " 1"):
        with pytest.raises(ValueError):
            EventPoint.parse(bad)
    # Setup events 0-12; the move that made version 3 caused events 13-14, version 4's 15-17, version 9's 18.
    history = History(versions=(3, 4, 9), first_events=(13, 15, 18), events=22)
    assert [history.event_id(n) for n in (0, 12, 13, 14, 15, 17, 18, 30)] == [
        "0-0", "0-12", "3-13", "3-14", "4-15", "4-17", "9-18", "9-30"]
    assert history.kept(EventPoint(17, 4)) == 17  # every move the client saw is still there
    assert history.kept(EventPoint(14, 3)) == 14
    assert history.kept(EventPoint(19, 5)) == 17  # version 5 (events 18-19) was undone: version 9 replaced it
    assert history.kept(EventPoint(20, 7)) == 17  # the client's moves after version 4 were undone
    assert history.kept(EventPoint(12, 0)) == 12 and history.kept(EventPoint(16, 2)) == 12
    assert history.kept(EventPoint(16)) == 16  # a bare number is taken on trust
    assert history.kept(EventPoint(21, 9)) == 21
    assert history.kept(EventPoint(23, 11)) == 21  # version 11 (events 22-23) was undone, nothing in its place


def test_reconnecting_after_moves_only(app):
    t = Table(app.test_client())
    f = Follower(t.client, t.id, None)
    f.connect()
    assert f.log == f.server_log() == local_events(t.local, None) and f.last_id == f"0-{f.log[-1]['n']}"
    for _ in range(6):
        t.play()
    f.connect()
    assert not [m for m in f.messages if m.get("event") == "undo"]
    assert f.log == f.server_log() == local_events(t.local, None)
    assert len({m["id"] for m in f.messages if "id" in m}) == len([m for m in f.messages if "id" in m])
    versions = [m["data"]["version"] for m in f.messages if m.get("event") == "version"]
    assert versions[-1] == 6


def test_reconnecting_after_an_undo_of_what_came_after_the_last_received_event(app):
    t = Table(app.test_client())
    t.play_until("draft")
    f = Follower(t.client, t.id, t.tokens[0])
    f.connect()
    held = list(f.log)
    a, b = t.drafts()[:2]
    t.play(a)
    assert t.undo()  # the draft's events (13) were never sent to the client
    f.connect()
    assert not [m for m in f.messages if m.get("event") == "undo"] and f.log == held == f.server_log()
    t.play(b)
    f.connect()
    assert not [m for m in f.messages if m.get("event") == "undo"]
    assert f.log == f.server_log() == local_events(t.local, 0) and f.log[-1]["tile"] == b["tile"]


def test_reconnecting_after_an_undo_of_a_received_event_and_a_move_replacing_it(app):
    # Issue 27: draft A (event 13), undo, draft B (a new event 13) while the client was away: it used to
    # reconnect with Last-Event-ID 13 and keep the withdrawn event.
    t = Table(app.test_client())
    t.play_until("draft")
    followers = [Follower(t.client, t.id, token) for token in (None, *t.tokens)]
    poller = Poller(t.client, t.id, None)
    a, b = t.drafts()[:2]
    assert a["tile"] != b["tile"]
    assert [e["n"] for e in t.play(a)] == [13]
    for f in followers:
        f.connect()
        assert f.log[-1]["type"] == "drafted" and f.log[-1]["tile"] == a["tile"]
    poller.poll()
    withdrawn_id = followers[0].last_id
    assert t.undo()
    assert [e["n"] for e in t.play(b)] == [13]
    for seat, f in zip((None, 0, 1), followers, strict=True):
        f.connect()
        undo = [m for m in f.messages if m.get("event") == "undo"]
        assert len(undo) == 1 and undo[0]["data"]["last"] == 12 and f.messages[0] == undo[0]
        assert [m["data"]["tile"] for m in f.messages if "event" not in m] == [b["tile"]]
        assert f.log == f.server_log() == local_events(t.local, seat)
        assert f.last_id != withdrawn_id and f.last_id.endswith("-13")  # event 13 again, under a new id
    page = poller.poll()
    assert page["undo"] == {"last": 12} and poller.log == followers[0].log
    # Taken back with nothing in its place: the reconnection withdraws event 13 and sends nothing else.
    assert t.undo()
    for f in followers:
        f.connect()
        assert [m.get("event") for m in f.messages] == ["undo", "version"] and f.messages[0]["data"]["last"] == 12
        assert f.log == f.server_log() and f.log[-1]["n"] == 12
    assert poller.poll()["undo"] == {"last": 12} and poller.log == followers[0].log


def test_reconnecting_after_several_undos_and_moves(app):
    t = Table(app.test_client())
    followers = {seat: Follower(t.client, t.id, t.tokens[seat] if seat is not None else None) for seat in (None, 0, 1)}
    pollers = {seat: Poller(t.client, t.id, t.tokens[seat] if seat is not None else None) for seat in (None, 0, 1)}
    rng, undos, reconnections = random.Random(27), 0, 0
    t.play_until("draft")
    for step in range(60):
        roll = rng.random()
        if roll < 0.45:
            t.play(rng.choice(t.local.legal_moves()))
        elif roll < 0.8:
            for _ in range(rng.randint(1, 3)):  # a draft and its placement: two undos in a row
                undos += t.undo()
        seat = rng.choice((None, 0, 1))
        if step % 3 == 0:
            followers[seat].connect()
            reconnections += 1
            assert followers[seat].log == followers[seat].server_log() == local_events(t.local, seat), step
        else:
            pollers[seat].poll()
            assert pollers[seat].log == local_events(t.local, seat), step
    assert undos >= 10 and reconnections >= 20
    for seat in (None, 0, 1):
        followers[seat].connect()
        pollers[seat].poll()
        assert followers[seat].log == pollers[seat].log == followers[seat].server_log() == local_events(t.local, seat)


def test_a_client_on_a_finished_game_is_brought_up_to_date_then_told_to_stop(app):
    t = Table(app.test_client(), players=1, seed=12)
    t.play_until("draft")
    f = Follower(t.client, t.id, None)
    t.play(t.drafts()[0])
    f.connect()
    assert t.undo()
    while not t.local.finished:
        t.play()
    f.connect()
    assert f.messages[0]["event"] == "undo" and f.messages[-1]["data"]["finished"] is True
    assert f.log == f.server_log() == local_events(t.local, None) and f.log[-1]["type"] == "game_end"
    assert f.connect() == [] and f.log == f.server_log()  # 204: nothing more, ever
    r = t.client.get(f"/games/{t.id}/events/stream?after=-1")
    assert r.status_code == 200 and [m["data"] for m in sse(r.get_data(as_text=True)) if "event" not in m] == f.log


def test_bad_event_ids_are_422(app):
    t = Table(app.test_client())
    for query in ("after=x", "after=1-", "after=-2", "after=1-2-3", "after=99999999999-1"):
        r = t.client.get(f"/games/{t.id}/events?{query}")
        assert r.status_code == 422 and r.mimetype == "application/problem+json", query
        assert "after" in r.get_json()["errors"]["query"]
        assert t.client.get(f"/games/{t.id}/events/stream?{query}").status_code == 422
    r = t.client.get(f"/games/{t.id}/events/stream", headers={"Last-Event-ID": "abc"})
    assert r.status_code == 422 and r.mimetype == "application/problem+json"
    for query in ("after=-2", "limit=0", "limit=501", "limit=x"):
        r = t.client.get(f"/games/{t.id}/moves?{query}")
        assert r.status_code == 422 and r.mimetype == "application/problem+json", query


def test_the_move_log_by_pages(app):
    t = Table(app.test_client())
    t.play_until("draft")
    draft = t.drafts()[0]
    t.play(draft)
    moves = t.client.get(f"/games/{t.id}/moves?limit=2").get_json()
    assert moves["last"] == 2 and moves["moves_played"] == 3 and moves["version"] == 3
    assert [(m["n"], m["seat"], m["version"]) for m in moves["moves"]] == [(0, t.local.move_seats[0], 1),
                                                                          (1, t.local.move_seats[1], 2)]
    assert all(m["move"] == {"type": "keep_partner", "partner": None} for m in moves["moves"])  # face down
    own = t.client.get(f"/games/{t.id}/moves", headers=t.auth(t.local.move_seats[0])).get_json()["moves"][0]["move"]
    assert own == t.local.moves[0]
    assert t.undo()
    t.play(draft)
    rest = t.client.get(f"/games/{t.id}/moves?after=1").get_json()
    first = len(Game.replay(t.local.config, t.local.moves[:2]).events)  # the events before the draft
    assert rest["moves"] == [{"n": 2, "seat": t.local.move_seats[2], "version": 5, "first_event": first,
                              "move": draft}]  # a new version
    assert t.client.get(f"/games/{t.id}/moves?after=2").get_json()["moves"] == []


def test_a_finished_four_player_game_state_is_light(app):
    client = app.test_client()
    created = client.post("/games", json={"players": 4, "seed": 7}).get_json()
    game_id, tokens = created["id"], [t["token"] for t in created["tokens"]]
    local = Game(GameConfig(players=4, seed=7))
    bots = [make_bot("greedy", seed=s) for s in range(4)]
    while not local.finished:
        seat = local.pending()["seat"]
        move = bots[seat].choose(local, seat)
        r = client.post(f"/games/{game_id}/moves", json=move, headers={"Authorization": f"Bearer {tokens[seat]}"})
        assert r.status_code == 200, r.get_data(as_text=True)
        local.apply(move)
    assert len(local.moves) > 150
    for seat in (None, 0, 1, 2, 3):
        headers = {"Authorization": f"Bearer {tokens[seat]}"} if seat is not None else {}
        r = client.get(f"/games/{game_id}", headers=headers)
        state = r.get_json()
        assert r.status_code == 200 and len(r.data) < 15_000, len(r.data)
        assert not {"events", "moves", "move_seats"} & set(state)
        assert comparable(state) == local_view(local, seat)  # all else a client needs: scores, players, trays, ...
        assert state["finished"] and state["pending"] is None and len(state["scores"]) == len(state["players"]) == 4
        events = client.get(f"/games/{game_id}/events", headers=headers).get_json()["events"]
        assert events == local_events(local, seat) and events[-1]["type"] == "game_end"
        page = client.get(f"/games/{game_id}/moves?limit=500", headers=headers).get_json()
        assert [m["move"] for m in page["moves"]] == json.loads(json.dumps(local.view(seat)["moves"]))
