"""The lobby (issue 27): seats left open at creation, display names, the list of open games and claiming a seat.

In-process (the Flask app on an SQLite file, or PostgreSQL with ``TEST_DATABASE_URL``): what the creator gets,
the names every viewer sees, the list's pages, a game waiting at an open seat's decision, every bad input
answered with a problem+json that changes nothing, claim races between threads and between workers' connection
pools, and a database made before the lobby.  Over gunicorn (2 workers, as ``make serve``): a lobby game found,
claimed by one of several simultaneous claimants, and played."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import create_engine, select, text
from sqlalchemy.pool import NullPool

from service.app import create_app
from service.models import GameRecord
from service.storage import Storage
from solver.games.wild_tiled_west.engine.game import Game
from solver.games.wild_tiled_west.rules.setup import GameConfig
from tests.service.databases import fresh_database, serializable_by_default
from tests.service.service_http import PROBLEM, Server, assert_nothing_hidden, assert_problem, together

SEED = 7_123_456_789


class Answer:
    """A Flask test client's answer with the attributes ``assert_problem`` reads."""

    def __init__(self, r):
        self.status = r.status_code
        self.headers = {k.lower(): v for k, v in r.headers.items()}
        self.body = r.get_data()
        self.text = r.get_data(as_text=True)

    def json(self):
        return json.loads(self.body)


@pytest.fixture
def app(tmp_path):
    app = create_app({"TESTING": True, "DATABASE_URL": fresh_database(tmp_path, "lobby"), "RATELIMIT_ENABLED": False})
    yield app
    app.extensions["wtw_games"].storage.engine.dispose()


def call(app, method: str, path: str, body=None, token: str | None = None, raw: str | None = None) -> Answer:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    if raw is not None:
        return Answer(app.test_client().open(path, method=method, data=raw, content_type="application/json", headers=headers))
    return Answer(app.test_client().open(path, method=method, json=body, headers=headers))


def first_seat(players: int, seed: int = SEED) -> int:
    """The seat whose decision the game awaits first."""
    return Game(GameConfig(players=players, seed=seed)).pending()["seat"]


def stored(app, game_id: str) -> tuple:
    """The game's row as the lobby changes it: version, token digests, names, open seats."""
    with app.extensions["wtw_games"].storage.session() as s:
        rec = s.get(GameRecord, game_id)
        return rec.version, rec.token_digests, rec.seat_names, rec.open_seats


def test_open_seats_get_no_token_and_every_viewer_sees_the_names(app):
    r = call(app, "POST", "/games", {"players": 3, "seed": SEED, "seats": [
        {"name": "  Calamity Jane "}, {"open": True, "side": "wild"}, {"board": None}]})
    assert r.status == 201, r.text
    created = r.json()
    assert [t["seat"] for t in created["tokens"]] == [0, 2]
    seats = [{"seat": 0, "name": "Calamity Jane", "open": False, "bot": None}, {"seat": 1, "name": None, "open": True, "bot": None},
             {"seat": 2, "name": "Seat 3", "open": False, "bot": None}]
    assert created["state"]["seats"] == seats
    for token in (None, created["tokens"][0]["token"], created["tokens"][1]["token"]):
        assert call(app, "GET", f"/games/{created['id']}", token=token).json()["seats"] == seats
    version, digests, names, open_seats = stored(app, created["id"])
    assert digests[1] == "" and names == ["Calamity Jane", None, "Seat 3"] and open_seats == 1 and version == 0


def test_without_open_the_creator_takes_every_seat_as_before(app):
    created = call(app, "POST", "/games", {"players": 2, "seed": SEED}).json()
    assert [t["seat"] for t in created["tokens"]] == [0, 1]
    assert created["state"]["seats"] == [{"seat": 0, "name": "Seat 1", "open": False, "bot": None},
                                         {"seat": 1, "name": "Seat 2", "open": False, "bot": None}]
    assert call(app, "GET", "/games?status=open").json() == {"games": [], "next": None}
    assert_problem(call(app, "POST", f"/games/{created['id']}/seats/1/claim", {"name": "Bob"}), 409, "seat_taken")


def test_the_lobby_lists_open_games_newest_first_by_pages(app):
    made = []
    for i in range(5):
        seats = [{}, {"open": True}] if i != 2 else [{}, {}]  # the third game has no open seat
        made.append(call(app, "POST", "/games", {"players": 2, "seed": SEED + i, "seats": seats}).json())
    open_ids = [g["id"] for g in reversed(made) if g["id"] != made[2]["id"]]
    page = call(app, "GET", "/games?status=open&limit=3")
    assert page.status == 200 and page.headers["content-type"] == "application/json"
    first = page.json()
    assert [g["id"] for g in first["games"]] == open_ids[:3] and first["next"] == open_ids[2]
    second = call(app, "GET", f"/games?status=open&limit=3&before={first['next']}").json()
    assert [g["id"] for g in second["games"]] == open_ids[3:] and second["next"] is None
    assert [g["id"] for g in call(app, "GET", "/games").json()["games"]] == open_ids  # status=open by default
    entry = first["games"][0]
    assert set(entry) == {"id", "game", "players", "seats", "sides", "created"} and entry["players"] == 2
    assert entry["game"] == "wild-tiled-west"
    assert entry["seats"] == [{"seat": 0, "name": "Seat 1", "open": False, "bot": None}, {"seat": 1, "name": None, "open": True, "bot": None}]
    local = Game(GameConfig(players=2, seed=SEED + 4))
    assert entry["sides"] == [p.settlement.side.id for p in local.players] and entry["created"].endswith("+00:00")
    for text_ in (page.text, json.dumps(second)):  # nothing secret: no token, seed or hidden card
        assert "token" not in text_
        for i, g in enumerate(made):
            assert_nothing_hidden(text_, Game(GameConfig(players=2, seed=SEED + i)), None, SEED + i)
            for t in g["tokens"]:
                assert t["token"] not in text_
    # a claimed game leaves the list
    assert call(app, "POST", f"/games/{open_ids[0]}/seats/1/claim", {"name": "Doc"}).status == 200
    assert [g["id"] for g in call(app, "GET", "/games?limit=100").json()["games"]] == open_ids[1:]


@pytest.mark.parametrize("query, field", [("status=all", "status"), ("limit=0", "limit"), ("limit=101", "limit"),
                                          ("before=", "before")])
def test_the_lobby_refuses_bad_queries(app, query, field):
    body = assert_problem(call(app, "GET", f"/games?{query}"), 422)
    assert field in body["errors"]["query"]


def test_the_lobby_refuses_an_unknown_cursor(app):
    assert_problem(call(app, "GET", "/games?before=nosuchgame"), 422, "invalid_cursor")


def test_a_game_waits_at_an_open_seats_decision_until_it_is_claimed(app):
    waiting = first_seat(2)
    host = 1 - waiting
    created = call(app, "POST", "/games", {"players": 2, "seed": SEED, "seats": [
        {"open": seat == waiting} for seat in range(2)]}).json()
    game_id, creator = created["id"], created["tokens"][0]["token"]
    local = Game(GameConfig(players=2, seed=SEED))
    move = local.legal_moves(waiting)[0]  # the open seat's partner choice (Setup E: both seats choose at once)
    assert_problem(call(app, "POST", f"/games/{game_id}/moves", move, token=creator), 422, "not_an_option")
    assert stored(app, game_id)[0] == 0
    own = local.legal_moves(host)[0]  # the creator keeps its own partner at once, then the game waits for the seat
    assert call(app, "POST", f"/games/{game_id}/moves", own, token=creator).status == 200
    local.play(host, own)
    state = call(app, "GET", f"/games/{game_id}", token=creator).json()
    assert state["pending_seats"] == [waiting] and state["pending"] == {"type": "keep_partner", "seat": host, "decided": True}
    assert_problem(call(app, "POST", f"/games/{game_id}/moves", move, token=creator), 422, "not_an_option")
    assert stored(app, game_id)[0] == 1
    claimed = call(app, "POST", f"/games/{game_id}/seats/{waiting}/claim", {"name": "Wyatt"})
    assert claimed.status == 200 and claimed.headers["cache-control"] == "no-store", claimed.text
    body = claimed.json()
    assert body["id"] == game_id and body["seat"] == {"seat": waiting, "name": "Wyatt", "open": False, "bot": None}
    assert body["state"]["seat"] == waiting and body["state"]["version"] == 2 == int(claimed.headers["etag"].strip('"'))
    assert body["state"]["seats"][waiting] == body["seat"] and body["state"]["moves_played"] == 1
    token = body["token"]
    assert token != creator and len(token) >= 43
    played = call(app, "POST", f"/games/{game_id}/moves", move, token=token)
    assert played.status == 200, played.text
    assert played.json()["state"]["moves_played"] == 2 and played.json()["state"]["seats"][waiting]["name"] == "Wyatt"
    local.play(waiting, move)
    seen = [m["move"] for m in call(app, "GET", f"/games/{game_id}/moves", token=token).json()["moves"]]
    assert seen == local.view(waiting)["moves"] and seen[0] == {"type": "keep_partner", "partner": None}  # the host's
    drafter = local.pending()["seat"]  # past the partners, one seat decides at a time: the other is refused
    assert_problem(call(app, "GET", f"/games/{game_id}/hint", token=creator if drafter == waiting else token), 403,
                   "not_your_decision")


def lobby_game(app) -> tuple[str, str]:
    """A 3-player game with seat 0 taken and seats 1 and 2 open: its id and the creator's token."""
    created = call(app, "POST", "/games", {"players": 3, "seed": SEED, "seats": [{}, {"open": True}, {"open": True}]}).json()
    return created["id"], created["tokens"][0]["token"]


@pytest.mark.parametrize("path, body, raw, status, rule", [
    ("/seats/1/claim", {"name": "Ann", "seat": 1}, None, 422, None),  # unknown field
    ("/seats/1/claim", {"name": "x" * 41}, None, 422, None),  # too long
    ("/seats/1/claim", {"name": "   "}, None, 422, None),  # empty once trimmed
    ("/seats/1/claim", {"name": "Ann\x00"}, None, 422, None),  # control characters
    ("/seats/1/claim", {"name": "Ann\nBob"}, None, 422, None),
    ("/seats/1/claim", {"name": "Ann\u202eboB"}, None, 422, None),  # a bidi override
    ("/seats/1/claim", {"name": 7}, None, 422, None),
    ("/seats/1/claim", {}, None, 422, None),  # no name
    ("/seats/1/claim", None, '{"name": "Ann"', 400, None),  # malformed JSON
    ("/seats/0/claim", {"name": "Ann"}, None, 409, "seat_taken"),  # the creator's seat
    ("/seats/3/claim", {"name": "Ann"}, None, 404, "unknown_seat"),
    ("/seats/-1/claim", {"name": "Ann"}, None, 404, None),
    ("/seats/one/claim", {"name": "Ann"}, None, 404, None),
    ("-nosuchgame/seats/1/claim", {"name": "Ann"}, None, 404, "unknown_game"),
])
def test_a_bad_claim_is_a_problem_and_changes_nothing(app, path, body, raw, status, rule):
    game_id, creator = lobby_game(app)
    before = (stored(app, game_id), call(app, "GET", f"/games/{game_id}").body, call(app, "GET", "/games").body)
    r = assert_problem(call(app, "POST", f"/games/{game_id}{path}", body, raw=raw), status, rule)
    if status == 422:
        assert "name" in json.dumps(r["errors"]) or "seat" in json.dumps(r["errors"])
    assert (stored(app, game_id), call(app, "GET", f"/games/{game_id}").body, call(app, "GET", "/games").body) == before


@pytest.mark.parametrize("seats, field", [
    ([{"open": True, "name": "Ann"}, {}], "name"),  # an open seat is named by its claimer
    ([{"name": "x" * 41}, {}], "name"),
    ([{"name": "tab\there"}, {}], "name"),
    ([{"name": ""}, {}], "name"),
    ([{"open": "yes please"}, {}], "open"),
    ([{"bot": "smart"}, {}], "bot"),  # no such bot
])
def test_a_bad_seat_at_creation_is_a_problem_and_creates_nothing(app, seats, field):
    r = assert_problem(call(app, "POST", "/games", {"players": 2, "seed": SEED, "seats": seats}), 422)
    assert field in json.dumps(r["errors"])
    with app.extensions["wtw_games"].storage.session() as s:
        assert s.scalars(select(GameRecord.id)).all() == []


def test_two_claims_at_once_one_wins(app):
    game_id, _ = lobby_game(app)
    answers = together(6, lambda i: call(app, "POST", f"/games/{game_id}/seats/2/claim", {"name": f"Player {i}"}))
    won = [a for a in answers if a.status == 200]
    assert len(won) == 1 and sorted(a.status for a in answers) == [200] + [409] * 5, [a.text for a in answers]
    for a in answers:
        if a.status == 409:
            assert_problem(a, 409, "seat_taken")
    winner = won[0].json()
    version, digests, names, open_seats = stored(app, game_id)
    assert version == 1 and open_seats == 1 and names[2] == winner["seat"]["name"] and names[1] is None
    assert call(app, "GET", f"/games/{game_id}/legal-moves", token=winner["token"]).json()["seat"] == 2


def test_claims_from_several_workers_at_once_one_wins(tmp_path):
    """Four workers (each its own connection pool) claim the same seat from the same version at the same moment:
    exactly one succeeds; on PostgreSQL with the database's default isolation SERIALIZABLE (the service's
    connections keep READ COMMITTED)."""
    url = fresh_database(tmp_path, "claims")
    serializable_by_default(url)
    app = create_app({"TESTING": True, "DATABASE_URL": url, "RATELIMIT_ENABLED": False})
    game_id, _ = lobby_game(app)
    workers = [Storage(url) for _ in range(4)]
    try:
        head = workers[0].head(game_id)
        won = together(4, lambda i: workers[i].claim_seat(head, 1, f"P{i}", f"{i}" * 64))
        assert won.count(True) == 1 and won.count(False) == 3, won
        now = workers[0].head(game_id)
        winner = won.index(True)
        assert now.version == 1 and now.names[1] == f"P{winner}" and now.token_digests[1] == f"{winner}" * 64
        assert not workers[1].claim_seat(head, 2, "late", "f" * 64)  # the version moved: nothing written
        assert workers[0].head(game_id) == now
    finally:
        for w in workers:
            w.engine.dispose()
        app.extensions["wtw_games"].storage.engine.dispose()


def test_a_database_made_before_the_lobby_gets_its_columns(tmp_path):
    """A ``games`` table without ``seat_names``, ``open_seats`` and ``sides`` (nor the lobby's index): the app adds
    them at start; its games show their seats taken, named ``Seat <n>``, are not listed and cannot be claimed."""
    url = fresh_database(tmp_path, "prelobby")
    old = create_app({"TESTING": True, "DATABASE_URL": url, "RATELIMIT_ENABLED": False})
    game_id = call(old, "POST", "/games", {"players": 2, "seed": SEED}).json()["id"]
    old.extensions["wtw_games"].storage.engine.dispose()
    engine = create_engine(url, poolclass=NullPool)
    with engine.begin() as conn:  # the table as an earlier version of the service made it
        conn.execute(text("DROP INDEX ix_games_lobby"))
        for column in ("seat_names", "open_seats", "sides"):
            conn.execute(text(f"ALTER TABLE games DROP COLUMN {column}"))
    app = create_app({"TESTING": True, "DATABASE_URL": url, "RATELIMIT_ENABLED": False})
    try:
        with engine.connect() as conn:
            assert conn.execute(select(GameRecord.seat_names, GameRecord.open_seats, GameRecord.sides)).all() == [
                (None, None, None)]
        assert call(app, "GET", f"/games/{game_id}").json()["seats"] == [
            {"seat": 0, "name": "Seat 1", "open": False, "bot": None}, {"seat": 1, "name": "Seat 2", "open": False, "bot": None}]
        assert call(app, "GET", "/games").json() == {"games": [], "next": None}
        assert_problem(call(app, "POST", f"/games/{game_id}/seats/1/claim", {"name": "Ann"}), 409, "seat_taken")
        new_id = call(app, "POST", "/games", {"players": 2, "seed": SEED, "seats": [{}, {"open": True}]}).json()["id"]
        assert [g["id"] for g in call(app, "GET", "/games").json()["games"]] == [new_id]
    finally:
        engine.dispose()
        app.extensions["wtw_games"].storage.engine.dispose()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(fresh_database(tmp_path_factory.mktemp("lobby"), "lobby")).start()
    yield s
    s.end()


def test_over_gunicorn_a_lobby_game_is_found_claimed_once_and_played(server):
    client = server.client
    waiting = first_seat(2)
    r = client.post("/games", {"players": 2, "seed": SEED, "seats": [{"open": True} if s == waiting else {"name": "Host"}
                                                                      for s in range(2)]})
    assert r.status == 201, r.text
    game_id, creator = r.json()["id"], r.json()["tokens"][0]["token"]
    listed = client.get("/games?status=open&limit=100").json()["games"]
    assert game_id in [g["id"] for g in listed]
    answers = together(8, lambda i: client.post(f"/games/{game_id}/seats/{waiting}/claim", {"name": f"Claimant {i}"}))
    assert sorted(a.status for a in answers) == [200] + [409] * 7, [a.text for a in answers]
    assert all(a.headers["content-type"] == PROBLEM for a in answers if a.status == 409)
    winner = next(a.json() for a in answers if a.status == 200)
    assert game_id not in [g["id"] for g in client.get("/games?status=open&limit=100").json()["games"]]
    state = client.get(f"/games/{game_id}").json()
    assert state["version"] == 1 and [s["name"] for s in state["seats"]] == (
        ["Host", winner["seat"]["name"]] if waiting == 1 else [winner["seat"]["name"], "Host"])
    local = Game(GameConfig(players=2, seed=SEED))
    for _ in range(6):  # both seats play: the claimed seat's token acts for it, the creator's only for its own
        seat = local.pending()["seat"]
        token = winner["token"] if seat == waiting else creator
        other = creator if seat == waiting else winner["token"]
        move = local.legal_moves()[0]
        refused = client.post(f"/games/{game_id}/moves", move, token=other)
        # another seat's decision: 403, or, while both keep a partner at once (Setup E), not one of its own options
        other_seat = 1 - seat
        assert (refused.status, refused.json()["rule"]) == ((403, "not_your_decision") if local.decision(other_seat) is None
                                                            else (422, "not_an_option")), refused.text
        r = client.post(f"/games/{game_id}/moves", move, token=token)
        assert r.status == 200, r.text
        local.apply(move)
