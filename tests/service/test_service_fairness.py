"""Fair heavy work (issue 39; ``service.fairness``, docs/api.md "Fair heavy work"): the queue's priorities by kind of
work and by client, bots one decision per task, the bots' budget cap, the requests in flight measuring the queue, and
over gunicorn (the queue's consumer with 2 processes, as ``make serve``) a player's hint answered while one client
floods the queue with analysis hints, reviews and all-bot search games."""

from __future__ import annotations

import itertools
import threading
import time

import pytest

from service.app import create_app
from service.fairness import TIERS, Admission, HeavyWork, share
from service.games.bots import queue_bot_turn
from service.heavy import huey
from tests.service.databases import fresh_database
from tests.service.service_http import PROBLEM, Client, Server


@pytest.fixture
def app(tmp_path):
    app = create_app({"TESTING": True, "DATABASE_URL": fresh_database(tmp_path, "fairness"), "RATELIMIT_ENABLED": False})
    yield app
    app.extensions["wtw_games"].storage.engine.dispose()


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_a_clients_later_requests_go_behind_every_other_clients_earlier_ones_within_its_tier():
    """A client's n-th request at once loses n/(n+1) of its tier: its second waits behind every client's first, its
    third behind every second, and none falls to the tier below."""
    shares = [share(n) for n in range(50)]
    assert shares[0] == 0 and shares == sorted(shares) and len(set(shares)) == 50 and shares[-1] < 1
    ordered = sorted(TIERS, key=TIERS.get, reverse=True)
    assert ordered == ["HINT", "BOT_OPPONENT", "ANALYSIS", "REVIEW", "ALL_BOTS", "BACKGROUND"]
    assert all(TIERS[a] - share(1000) > TIERS[b] for a, b in itertools.pairwise(ordered))


def test_the_requests_in_flight_set_the_priority_and_measure_the_work_ahead(app):
    """``HeavyWork``: a client's priority falls with its requests in flight, another client's does not; the work
    ahead of a request is the budgets of the requests in flight at its priority or higher, shared by the queue's 2
    processes; a finished request no longer counts."""
    work = HeavyWork(app.extensions["wtw_games"].storage)
    first = work.admit("10.0.0.1", 100, 4000)
    assert first == Admission(100, 0.0)
    with work.in_flight("10.0.0.1", first, 4000):
        second = work.admit("10.0.0.1", 100, 4000)
        assert second.priority == 99.5 and second.ahead_s == 2.0 and second.retry_after() == 2
        with work.in_flight("10.0.0.1", second, 4000):
            other = work.admit("10.0.0.2", 100, 800)
            assert other.priority == 100 and other.ahead_s == 2.0  # behind the flooder's first only
            below = work.admit("10.0.0.2", 80, 800)
            assert below.ahead_s == 4.0  # an analysis request waits for both
    assert work.admit("10.0.0.1", 100, 4000) == Admission(100, 0.0)


def test_a_clients_requests_take_their_turns_within_its_share_of_work(app):
    """A client's request waits while its earlier requests in flight and its own budget make more than the client's
    share of work (``TASK_CLIENT_WORK_SECONDS``), unless it is the client's first: two 800-ms hints go at once, a
    second 10-s hint waits for the first; another client's does not wait; a turn that does not come by its deadline
    says so."""
    work = HeavyWork(app.extensions["wtw_games"].storage)
    admission = work.admit("10.0.0.1", 100, 10_000)
    most = int(app.config["TASK_CLIENT_WORK_SECONDS"] * 1000)
    assert most == 10_000
    with work.in_flight("10.0.0.1", admission, 10_000) as first:
        assert work.earlier("10.0.0.1", first) == (0, 0)
        assert work.wait_turn("10.0.0.1", first, 10_000, most, until=time.monotonic())  # the first goes, whatever it asks
        with work.in_flight("10.0.0.1", admission, 10_000) as second, work.in_flight("10.0.0.2", admission, 10_000) as other:
            assert work.earlier("10.0.0.1", second) == (1, 10_000) and work.earlier("10.0.0.2", other) == (0, 0)
            assert not work.wait_turn("10.0.0.1", second, 10_000, most, until=time.monotonic() + 0.2)
            assert work.wait_turn("10.0.0.2", other, 10_000, most, until=time.monotonic())
    with work.in_flight("10.0.0.1", admission, 800) as hint, work.in_flight("10.0.0.1", admission, 800) as again:
        assert work.wait_turn("10.0.0.1", hint, 800, most, until=time.monotonic())
        assert work.wait_turn("10.0.0.1", again, 800, most, until=time.monotonic())  # 1.6 s of work: both go


def test_a_request_facing_more_work_than_the_queue_allows_is_refused_at_once_with_the_measured_wait(app):
    """With more work in flight ahead of it than ``TASK_QUEUE_MAX_SECONDS``, a hint is 503 ``busy`` at once, with
    Retry-After the measured wait, and queues nothing."""
    client = app.test_client()
    created = client.post("/games", json={"players": 1, "seed": 3}).get_json()
    game_id, token = created["id"], created["tokens"][0]["token"]
    work: HeavyWork = app.extensions["wtw_heavy_work"]
    app.config["TASK_QUEUE_MAX_SECONDS"] = 10
    hog = work.admit("10.9.9.9", 100, 10_000)
    with work.in_flight("10.9.9.9", hog, 10_000), work.in_flight("10.9.9.9", hog, 10_000), \
            work.in_flight("10.9.9.9", hog, 10_000):  # 30 s of hints, over 2 processes: 15 s ahead
        huey.immediate = False
        try:
            r = client.get(f"/games/{game_id}/hint?budget_ms=800", headers=auth(token))
            assert r.status_code == 503 and r.mimetype == PROBLEM and r.get_json()["rule"] == "busy"
            assert r.headers["Retry-After"] == "15"
            assert len(huey.pending()) == 0
        finally:
            huey.immediate = True
    assert client.get(f"/games/{game_id}/hint?budget_ms=50&simulations=5", headers=auth(token)).status_code == 200


def test_a_bot_decision_is_one_task_at_its_games_priority(app):
    """On a real queue, an all-bot game queues one task at the ``ALL_BOTS`` priority, a game with a person at
    ``BOT_OPPONENT``; the task plays one decision and the move it stored queues the next one."""
    client = app.test_client()
    huey.immediate = False
    try:
        bots = client.post("/games", json={"players": 2, "seed": 5, "seats": [{"bot": "random"}] * 2}).get_json()
        [task] = huey.pending()
        assert task.args == (bots["id"],) and task.priority == TIERS["ALL_BOTS"]
        huey.storage.flush_queue()
        mixed = client.post("/games", json={"players": 2, "seed": 5, "seats": [{}, {"bot": "random"}]}).get_json()
        [task] = huey.pending()
        assert task.args == (mixed["id"],) and task.priority == TIERS["BOT_OPPONENT"]
        huey.storage.flush_queue()
        with app.app_context():  # the all-bot game's first decision, played as a consumer plays it
            queue_bot_turn(app.extensions["wtw_games"].head(bots["id"]))
            task = huey.dequeue()
            huey.execute(task)
        assert client.get(f"/games/{bots['id']}").get_json()["moves_played"] == 1
        [following] = huey.pending()
        assert following.args == (bots["id"],) and following.priority == TIERS["ALL_BOTS"]
    finally:
        huey.storage.flush_queue()
        huey.immediate = True


def test_a_bots_budget_is_capped_by_the_server(app):
    """A bot seat may think at most ``BOT_MAX_BUDGET_MS`` (3,000 by default) a decision: more is 422, nothing made."""
    client = app.test_client()
    assert app.config["BOT_MAX_BUDGET_MS"] == 3000
    r = client.post("/games", json={"players": 2, "seats": [{"bot": "search", "budget_ms": 3001}, {}]})
    assert r.status_code == 422 and "3000" in r.get_data(as_text=True)
    assert client.get("/games?status=open").get_json()["games"] == []
    r = client.post("/games", json={"players": 2, "seats": [{}, {"bot": "random", "budget_ms": 3000}]})
    assert r.status_code == 201


#: The flood's scale: the longest work of each kind, and the settings it is measured against, at half their defaults
#: (service/app.py), so that the flood lasts half as long with the same shape: the highest hint budget and one client's
#: share of work (10 s: one such hint), a bot's longest decision (3 s), a review's slice (2 s), the wait allowed beyond
#: a budget (12 s: one slice of other work) and the most work measured ahead (30 s).  A player's hint keeps its 800 ms.
HALF = {"HINT_MAX_BUDGET_MS": 5_000, "TASK_CLIENT_WORK_SECONDS": 5, "BOT_MAX_BUDGET_MS": 1_500, "REVIEW_SLICE_SECONDS": 1,
        "TASK_WAIT_SECONDS": 6, "TASK_QUEUE_MAX_SECONDS": 15}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    url = fresh_database(tmp_path_factory.mktemp("fair"), "fair")
    server = Server(url, {"TASK_WORKERS": "2", **{f"FLASK_{name}": str(value) for name, value in HALF.items()}}).start()
    yield server
    server.end()


def test_a_players_hint_is_answered_while_one_client_floods_the_queue(server):
    """Over gunicorn with the queue's 2 processes: one client keeps 3 analysis hints at the highest budget at once,
    two all-bot 4-player search games at the highest budget and move reviews going; a player's 800-ms hint in a solo
    game is answered (200, not 503), each time, within one slice of other work (the generous bound here: 30 s); the
    all-bot games, whose decisions are tasks of their own below the hints, go on when the flood ends.  (The flood and
    the settings it meets at half their defaults: ``HALF``.)"""
    c, player = Client(server.port, source="127.0.0.2"), server.client  # the flooder, and a player elsewhere
    solo = player.post("/games", {"players": 1, "seed": 11}).json()
    position = c.get(f"/games/{solo['id']}/position", token=solo["tokens"][0]["token"]).json()
    finished = c.post("/games", {"players": 1, "seed": 12, "seats": [{"bot": "random"}]}).json()
    stop = threading.Event()
    statuses: list[int] = []

    def flood() -> None:
        while not stop.is_set():
            statuses.append(c.post("/analysis/hint", {"position": position, "budget_ms": HALF["HINT_MAX_BUDGET_MS"]},
                                   timeout=120).status)

    deadline = time.monotonic() + 60
    while not c.get(f"/games/{finished['id']}").json()["finished"]:  # the random bot's solo game, to review
        assert time.monotonic() < deadline, "the random bot's game did not finish"
        time.sleep(0.5)
    # the all-bot games once that game is over (their decisions would hold its bot's up meanwhile)
    bots = [c.post("/games", {"players": 4, "seed": 20 + i,
                              "seats": [{"bot": "search", "budget_ms": HALF["BOT_MAX_BUDGET_MS"]}] * 4}).json()
            for i in range(2)]
    for budget in (150, 200, 250):  # three reviews (each slice a task below the hints)
        assert c.post(f"/games/{finished['id']}/reviews", {"budget_ms": budget}).status in (200, 202)
    flooders = [threading.Thread(target=flood) for _ in range(3)]
    for t in flooders:
        t.start()
    try:
        time.sleep(3)  # the flood under way
        moved_before = [c.get(f"/games/{g['id']}").json()["moves_played"] for g in bots]
        for _ in range(3):
            started = time.monotonic()
            r = player.get(f"/games/{solo['id']}/hint?budget_ms=800", token=solo["tokens"][0]["token"], timeout=60)
            waited = time.monotonic() - started
            assert r.status == 200 and waited < 30, (r.status, r.text, waited)
    finally:
        stop.set()
        for t in flooders:
            t.join()
    assert statuses and set(statuses) <= {200, 503}
    deadline = time.monotonic() + 60  # the all-bot games waited below the hints, and go on once they are answered
    while sum(c.get(f"/games/{g['id']}").json()["moves_played"] for g in bots) <= sum(moved_before):
        assert time.monotonic() < deadline, "the all-bot games did not go on after the flood"
        time.sleep(0.5)


def test_a_bot_is_kept_between_its_decision_tasks_and_forgotten_when_the_game_ends(app):
    """On a real queue, task by task as a consumer plays them: after each bot decision the bot is kept in the queue's
    store (whichever process plays its next decision goes on with it); once the game is over nothing of it is kept."""
    client = app.test_client()
    huey.immediate = False
    try:
        created = client.post("/games", json={"players": 1, "seed": 7, "seats": [{"bot": "random"}]}).get_json()
        key = f"bot:{created['id']}:0:random:{app.config['HINT_DEFAULT_BUDGET_MS']}"
        kept_midway = False
        with app.app_context():
            while (task := huey.dequeue()) is not None:
                huey.execute(task)
                finished = client.get(f"/games/{created['id']}").get_json()["finished"]
                kept_midway |= not finished and huey.get(key, peek=True) is not None
        assert finished and kept_midway
        assert huey.get(key, peek=True) is None
    finally:
        huey.storage.flush_queue()
        huey.immediate = True
