"""Bot seats and leaving (issue 27): the server plays the seats of its bots.

In-process (tasks run at once in the request, ``tests/conftest.py``): bot seats in the state and the lobby, an
all-bot game that plays itself, a person against a bot, every bad input refused with nothing changed, leaving (the
bot plays on; the token can no longer move; leaving twice or a finished game refused), the seat timeout, and a bot
turn stored exactly once when two processes play it at the same time.  Over gunicorn (2 workers and the queue's
consumer, as ``make serve``): a 3-player game with one person, one seat that leaves and a hint bot, played to the end
by the person alone; an all-bot 5-player game that finishes by itself; a bot turn pending when the server stopped,
played after a restart even though the queue was lost."""

from __future__ import annotations

import random
import threading
import time

import pytest

from service.app import create_app
from service.games.bots import play_bot_turns, seat_timeout
from service.heavy import huey
from solver.games.wild_tiled_west.engine.game import Game
from solver.games.wild_tiled_west.rules.setup import GameConfig
from tests.service.databases import fresh_database
from tests.service.service_http import PROBLEM, Server

SEED = 4_242


@pytest.fixture
def app(tmp_path):
    app = create_app({"TESTING": True, "DATABASE_URL": fresh_database(tmp_path, "bots"), "RATELIMIT_ENABLED": False,
                      "LEAVE_BOT": "random", "SEAT_TIMEOUT_BOT": "random"})
    yield app
    app.extensions["wtw_games"].storage.engine.dispose()


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def all_moves(get, game_id: str) -> list[dict]:
    """The whole move log, page by page (``get(path)`` answers the JSON)."""
    moves: list[dict] = []
    while True:
        page = get(f"/games/{game_id}/moves?limit=500&after={len(moves) - 1}")
        moves += page["moves"]
        if len(moves) > page["last"]:
            return moves


def play_person(client, game_id: str, token: str, seed: int = 1, limit: int = 2000) -> dict:
    """Play the bearer's decisions (random legal moves) until the game is over; the bots play the others.  Returns
    the final state."""
    rng = random.Random(seed)
    for _ in range(limit):
        legal = client.get(f"/games/{game_id}/legal-moves", headers=auth(token)).get_json()
        if legal["pending"] is None:
            return client.get(f"/games/{game_id}").get_json()
        assert legal["moves"], f"the game waits for seat {legal['pending']['seat']}, not for the person"
        r = client.post(f"/games/{game_id}/moves", json=rng.choice(legal["moves"]), headers=auth(token))
        assert r.status_code == 200, r.get_json()
    raise AssertionError("the game did not end")


def test_an_all_bot_game_plays_itself_and_shows_its_bots(app):
    client = app.test_client()
    r = client.post("/games", json={"players": 2, "seed": SEED, "seats": [{"bot": "random"}, {"bot": "greedy", "budget_ms": 50}]})
    assert r.status_code == 201
    created = r.get_json()
    assert created["tokens"] == []  # nobody may act for a bot
    state = client.get(f"/games/{created['id']}").get_json()
    assert state["finished"] and state["pending"] is None
    assert [(s["name"], s["open"], s["bot"]) for s in state["seats"]] == [("Random bot", False, "random"),
                                                                          ("Greedy bot", False, "greedy")]
    moves = all_moves(lambda path: client.get(path).get_json(), created["id"])
    assert {m["seat"] for m in moves} == {0, 1}
    # the stored log replays to the same final game
    stored = app.extensions["wtw_games"].storage.moves(created["id"])
    replayed = Game.replay(GameConfig(players=2, seed=SEED), [move for _, move in stored])
    assert replayed.finished and [p["total"] for p in state["scores"]] == [replayed.score_breakdown(s)["total"] for s in (0, 1)]


def test_a_search_bot_seat_plays_the_searchs_best_option_to_the_end(app):
    client = app.test_client()
    r = client.post("/games", json={"players": 2, "seed": SEED, "seats": [{"bot": "search", "budget_ms": 5},
                                                                         {"bot": "random"}]})
    assert r.status_code == 201, r.get_json()
    state = client.get(f"/games/{r.get_json()['id']}").get_json()
    assert state["finished"] and [(s["name"], s["bot"]) for s in state["seats"]] == [("Search bot", "search"),
                                                                                    ("Random bot", "random")]
    stored = app.extensions["wtw_games"].storage.moves(r.get_json()["id"])
    assert Game.replay(GameConfig(players=2, seed=SEED), [move for _, move in stored]).finished


def test_a_person_plays_against_a_bot_which_answers_at_once(app):
    client = app.test_client()
    created = client.post("/games", json={"players": 2, "seed": SEED, "seats": [{"name": "Ann"}, {"bot": "random"}]}).get_json()
    assert [t["seat"] for t in created["tokens"]] == [0]
    final = play_person(client, created["id"], created["tokens"][0]["token"])
    assert final["finished"] and final["seats"][1]["bot"] == "random" and final["seats"][0]["bot"] is None
    moves = all_moves(lambda path: client.get(path).get_json(), created["id"])
    assert {m["seat"] for m in moves} == {0, 1}


def test_a_lobby_entry_shows_its_bot_seats(app):
    client = app.test_client()
    created = client.post("/games", json={"players": 3, "seats": [{"open": True}, {"bot": "hint"}, {"open": True}]}).get_json()
    listed = client.get("/games?status=open").get_json()["games"]
    assert [g["id"] for g in listed] == [created["id"]]
    assert [(s["open"], s["bot"]) for s in listed[0]["seats"]] == [(True, None), (False, "hint"), (True, None)]


@pytest.mark.parametrize("seat, field", [
    ({"bot": "smart"}, "bot"),
    ({"bot": "hint", "budget_ms": 0}, "budget_ms"),
    ({"bot": "hint", "budget_ms": 10_001}, "budget_ms"),  # above HINT_MAX_BUDGET_MS (10,000 by default)
    ({"bot": "hint", "budget_ms": "800"}, "budget_ms"),
    ({"budget_ms": 500}, "budget_ms"),
    ({"bot": "random", "open": True}, "bot"),
])
def test_a_bad_bot_seat_is_422_and_makes_no_game(app, seat, field):
    client = app.test_client()
    r = client.post("/games", json={"players": 2, "seats": [seat, {}]})
    assert r.status_code == 422 and r.mimetype == PROBLEM
    assert field in str(r.get_json()["errors"])
    assert client.get("/games?status=open").get_json()["games"] == []
    with app.extensions["wtw_games"].storage.engine.connect() as conn:
        assert conn.exec_driver_sql("SELECT count(*) FROM games").scalar() == 0


def test_leaving_hands_the_seat_to_a_bot_and_the_others_play_on(app):
    client = app.test_client()
    created = client.post("/games", json={"players": 2, "seed": SEED}).get_json()
    game_id = created["id"]
    tokens = {t["seat"]: t["token"] for t in created["tokens"]}
    r = client.post(f"/games/{game_id}/leave", headers=auth(tokens[1]))
    assert r.status_code == 200
    left = r.get_json()
    assert left["seat"] == {"seat": 1, "name": "Seat 2", "open": False, "bot": "random"}
    assert left["state"]["seat"] == 1 and r.headers["ETag"] == f'"{left["state"]["version"]}"'
    # the leaver's token no longer moves, and cannot leave twice: nothing changes
    version = client.get(f"/games/{game_id}").get_json()["version"]
    legal = client.get(f"/games/{game_id}/legal-moves", headers=auth(tokens[1])).get_json()
    r = client.post(f"/games/{game_id}/moves", json={"type": "pass"}, headers=auth(tokens[1]))
    assert r.status_code == 409 and r.get_json()["rule"] == "seat_left", legal
    r = client.post(f"/games/{game_id}/leave", headers=auth(tokens[1]))
    assert r.status_code == 409 and r.get_json()["rule"] == "already_left"
    assert client.get(f"/games/{game_id}").get_json()["version"] == version
    final = play_person(client, game_id, tokens[0])
    assert final["finished"]
    r = client.post(f"/games/{game_id}/leave", headers=auth(tokens[0]))
    assert r.status_code == 409 and r.get_json()["rule"] == "game_over"
    assert client.post(f"/games/{game_id}/leave").status_code == 401
    assert client.post("/games/nosuchgame/leave", headers=auth(tokens[0])).status_code == 404


def test_a_seat_that_times_out_is_handed_to_a_bot(tmp_path):
    app = create_app({"TESTING": True, "DATABASE_URL": fresh_database(tmp_path, "timeout"), "RATELIMIT_ENABLED": False,
                      "SEAT_TIMEOUT_S": 60, "SEAT_TIMEOUT_BOT": "random"})
    client = app.test_client()
    huey.storage.flush_schedule()
    created = client.post("/games", json={"players": 2, "seed": SEED}).get_json()
    game_id = created["id"]
    first = client.get(f"/games/{game_id}").get_json()
    waiting = first["pending"]["seat"]
    scheduled = huey.scheduled()
    assert [(t.name, t.args) for t in scheduled] == [("seat_timeout", (game_id, 0))]
    assert scheduled[0].eta is not None
    with app.app_context():  # as the consumer runs it, when its time comes
        seat_timeout.call_local(game_id, 99)  # a timeout of another version: the seat moved since, nothing happens
        assert client.get(f"/games/{game_id}").get_json()["version"] == 0
        seat_timeout.call_local(game_id, 0)
    state = client.get(f"/games/{game_id}").get_json()
    assert state["seats"][waiting]["bot"] == "random"
    assert state["moves_played"] >= 1 and (state["finished"] or state["pending"]["seat"] != waiting)
    huey.storage.flush_schedule()


def test_a_bot_turn_is_stored_once_when_two_processes_play_it(app):
    """Two consumers playing the same game's bot turns at once (here two threads with their own ``Games``, as two
    processes have): every decision is stored once, by one of them, and the log replays to the same game."""
    huey.immediate = False  # the bots' turns are played by the two players below, not at creation
    try:
        client = app.test_client()
        created = client.post("/games", json={"players": 3, "seed": SEED, "seats": [{"bot": "random"}] * 3}).get_json()
    finally:
        huey.immediate = True
    huey.storage.flush_queue()
    game_id = created["id"]
    playing = [create_app({"TESTING": True, "DATABASE_URL": app.config["DATABASE_URL"]}) for _ in range(2)]
    played: list[int] = []

    def run(other) -> None:
        played.append(play_bot_turns(other.extensions["wtw_games"], game_id))

    threads = [threading.Thread(target=run, args=(other,)) for other in playing]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    state = client.get(f"/games/{game_id}").get_json()
    moves = all_moves(lambda path: client.get(path).get_json(), game_id)
    assert state["finished"] and sum(played) == state["moves_played"] == len(moves)
    assert sorted(m["version"] for m in moves) == list(range(1, len(moves) + 1))
    stored = app.extensions["wtw_games"].storage.moves(game_id)
    assert Game.replay(GameConfig(players=3, seed=SEED), [move for _, move in stored]).finished
    games = app.extensions["wtw_games"]
    head = games.head(game_id)
    assert not games.bot_move(game_id, head.version - 1, 0, stored[-1][1])  # a stale turn changes nothing
    assert games.head(game_id).version == head.version
    for other in playing:
        other.extensions["wtw_games"].storage.engine.dispose()


# --- over gunicorn, with the queue's consumer ---------------------------------------------------------------------

def wait_for(check, seconds: float, what: str):
    deadline = time.monotonic() + seconds
    while True:
        found = check()
        if found:
            return found
        assert time.monotonic() < deadline, what
        time.sleep(0.1)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One gunicorn for the two games played over HTTP (each its own game, one after the other)."""
    s = Server(fresh_database(tmp_path_factory.mktemp("bots_http"), "bots_http")).start()
    yield s
    s.end()


def test_over_gunicorn_a_person_finishes_a_game_against_bots_and_a_seat_that_left(server):
    c = server.client
    r = c.post("/games", {"players": 3, "seed": SEED, "seats": [{"name": "Ann"}, {"name": "Bob"}, {"bot": "hint"}]})
    assert r.status == 201
    created = r.json()
    tokens = {t["seat"]: t["token"] for t in created["tokens"]}
    assert set(tokens) == {0, 1}
    assert c.post(f"/games/{created['id']}/leave", token=tokens[1]).json()["seat"]["bot"] == "hint"

    def my_turn_or_over():
        state = c.get(f"/games/{created['id']}").json()
        return state["finished"] or state["pending"]["seat"] == 0

    for _ in range(2000):
        wait_for(my_turn_or_over, 60, "the bots did not answer")
        if c.get(f"/games/{created['id']}").json()["finished"]:
            break
        legal = c.get(f"/games/{created['id']}/legal-moves", token=tokens[0]).json()
        r = c.post(f"/games/{created['id']}/moves", random.Random(len(legal["moves"])).choice(legal["moves"]), token=tokens[0])
        assert r.status == 200, r.text
    final = c.get(f"/games/{created['id']}").json()
    assert final["finished"] and [s["bot"] for s in final["seats"]] == [None, "hint", "hint"]
    moves = all_moves(lambda path: c.get(path).json(), created["id"])
    assert {m["seat"] for m in moves} == {0, 1, 2}
    assert sorted(m["version"] for m in moves) == sorted({m["version"] for m in moves})  # no turn stored twice


def test_over_gunicorn_an_all_bot_five_player_game_finishes_by_itself(server):
    c = server.client
    created = c.post("/games", {"players": 5, "seed": SEED, "seats": [{"bot": "random"}] * 5}).json()
    final = wait_for(lambda: (s := c.get(f"/games/{created['id']}").json())["finished"] and s, 120,
                     "the all-bot game did not finish")
    assert final["pending"] is None and len(final["scores"]) == 5


def test_a_bot_turn_pending_when_the_server_stopped_is_played_after_a_restart(tmp_path):
    url = fresh_database(tmp_path, "bots_restart")
    first = Server(url, env={"TASK_WORKERS": "0"}).start()  # no consumer: the bot's turn stays pending
    try:
        created = first.client.post("/games", {"players": 2, "seed": SEED, "seats": [{"bot": "random"}, {"bot": "random"}]}).json()
        time.sleep(1)
        assert first.client.get(f"/games/{created['id']}").json()["moves_played"] == 0
    finally:
        first.kill()
    # the queue is lost too (another file): the consumer's start finds the pending bot turn in the games table
    second = Server(url, env={"FLASK_TASK_QUEUE": "sqlite:///" + str(tmp_path / "other-queue.sqlite3")}).start()
    try:
        final = wait_for(lambda: (s := second.client.get(f"/games/{created['id']}").json())["finished"] and s, 60,
                         "the pending bot turn was not played after the restart")
        assert final["moves_played"] > 0
    finally:
        second.stop()
