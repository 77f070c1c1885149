"""Storage: an answered move survives `kill -9` of gunicorn (master and workers), a game rebuilds from its
move log alone, a write made from a stale version changes nothing (also when several workers write from
the same version at once), and a write that waits too long for another's lock is a 503 that changes
nothing.  On SQLite files, or on PostgreSQL with TEST_DATABASE_URL (tests/service/databases.py)."""

from __future__ import annotations

import json
import random
import threading

import pytest
from sqlalchemy import create_engine, select, text, update
from sqlalchemy.pool import NullPool

from service.app import create_app
from service.games.store import Games
from service.models import GameRecord, MoveRecord
from service.storage import Storage
from solver.games.wild_tiled_west.engine.game import Game
from solver.games.wild_tiled_west.rules.setup import GameConfig
from tests.service.databases import fresh_database, serializable_by_default, server_url
from tests.service.event_clients import AppTable, Follower
from tests.service.service_http import PROBLEM, Server, comparable, local_view, together
from tests.service.store import fresh_storage

SEED = 4242424242


def _play(client, game_id: str, tokens: list[str], local: Game, rng: random.Random, moves: int | None) -> None:
    while not local.finished and moves != 0:
        seat = local.pending()["seat"]
        move = rng.choice(client.get(f"/games/{game_id}/legal-moves", token=tokens[seat]).json()["moves"])
        r = client.post(f"/games/{game_id}/moves", move, token=tokens[seat])  # posted back with its label
        assert r.status == 200, r.text
        local.apply({k: v for k, v in move.items() if k not in ("label", "squares")})
        moves = None if moves is None else moves - 1


def test_the_tests_use_the_database_asked_for(tmp_path):
    storage = Storage(fresh_database(tmp_path, "which"))
    assert storage.engine.dialect.name == ("postgresql" if server_url() else "sqlite")
    storage.engine.dispose()


def test_kill_9_loses_no_answered_move(tmp_path):
    url = fresh_database(tmp_path, "durable")
    server = Server(url).start()
    try:
        r = server.client.post("/games", {"players": 2, "seed": SEED})
        game_id, tokens = r.json()["id"], [t["token"] for t in r.json()["tokens"]]
        local, rng = Game(GameConfig(players=2, seed=SEED)), random.Random(7)
        _play(server.client, game_id, tokens, local, rng, moves=43)
        server.kill()  # right after the 43rd answer (the snapshot is of move 40: the restart replays 3 moves): no graceful shutdown, no flush
        assert server.proc.returncode == -9
        server = Server(url).start()
        state = server.client.get(f"/games/{game_id}", token=tokens[0]).json()
        assert state["moves_played"] == 43 == len(local.moves) and comparable(state) == local_view(local, 0)
        _play(server.client, game_id, tokens, local, rng, moves=None)
        uninterrupted = Game.replay(GameConfig(players=2, seed=SEED), local.moves)
        assert uninterrupted.finished
        for seat in (0, 1, None):
            served = server.client.get(f"/games/{game_id}", token=tokens[seat] if seat is not None else None).json()
            assert comparable(served) == local_view(uninterrupted, seat)
    finally:
        server.stop()
    storage = Storage(url)
    with storage.session() as s:
        logged = s.execute(select(MoveRecord.seat, MoveRecord.move).where(MoveRecord.game_id == game_id)
                           .order_by(MoveRecord.n)).all()
    assert [m for _, m in logged] == uninterrupted.moves and [s for s, _ in logged] == uninterrupted.move_seats
    storage.engine.dispose()


@pytest.fixture
def games(tmp_path):
    with fresh_storage(tmp_path, "unit") as storage:
        yield Games(storage)


def test_a_game_rebuilds_from_its_move_log(games):
    head, tokens = games.create(GameConfig(players=3, seed=SEED).to_json())
    game, rng = Game(GameConfig(players=3, seed=SEED)), random.Random(3)
    for _ in range(25):
        move = rng.choice(game.legal_moves())
        assert games.play(head.id, f"Bearer {tokens[game.pending()['seat']]}", move).status == 200
        game.apply(move)
    with games.storage.session() as s:  # lose the snapshot: the log alone must give the same game
        s.execute(update(GameRecord).where(GameRecord.id == head.id).values(snapshot={}, snapshot_moves=0))
        s.commit()
    fresh = Games(games.storage)
    head = fresh.head(head.id)
    version, body = fresh.state(head, 1)
    assert version == 25 and comparable(json.loads(body)) == local_view(game, 1)
    assert fresh.replay_log(head, game.config.to_json()).to_json() == game.to_json()


def test_a_write_from_a_stale_version_changes_nothing(games):
    head, tokens = games.create(GameConfig(players=1, seed=SEED).to_json())
    game = Game(GameConfig(players=1, seed=SEED))
    move = game.legal_moves()[0]
    game.apply(move)
    assert games.storage.commit_move(head, 0, move, game.to_json(), False)
    assert not games.storage.commit_move(head, 0, move, game.to_json(), False)  # head.version is now stale
    assert not games.storage.commit_undo(head, {})
    now = games.storage.head(head.id)
    assert (now.version, now.move_count) == (1, 1) and len(games.storage.moves(head.id)) == 1


def test_writers_from_one_version_at_once_one_wins(tmp_path):
    """Four workers (each its own connection pool) commit a move from the same version at the same moment:
    exactly one succeeds.  On PostgreSQL the database's default isolation is made SERIALIZABLE first: the
    service's connections keep READ COMMITTED, where the losers' UPDATE waits and then matches no row."""
    url = fresh_database(tmp_path, "race")
    serializable_by_default(url)
    first = Storage(url)
    first.create_tables()
    head, _ = Games(first).create(GameConfig(players=1, seed=SEED).to_json())
    game = Game(GameConfig(players=1, seed=SEED))
    workers = [first] + [Storage(url) for _ in range(3)]
    try:
        for round_ in range(3):
            move = game.legal_moves()[0]
            after = Game.replay(game.config, [*game.moves, move])
            won = together(4, lambda i: workers[i].commit_move(head, 0, move, after.to_json(), after.finished,
                                                               (f"key-{round_}-{i}", "f" * 64, 200, "{}")))
            assert won.count(True) == 1 and won.count(False) == 3, won  # None: that writer raised
            game = after
            head = first.head(head.id)
            assert (head.version, head.move_count) == (round_ + 1, round_ + 1)
        assert [m for _, m in first.moves(head.id)] == game.moves
    finally:
        for w in workers:
            w.engine.dispose()


def test_a_write_kept_waiting_by_a_lock_is_a_503_that_changes_nothing(tmp_path):
    url = fresh_database(tmp_path, "locked")
    app = create_app({"TESTING": True, "DATABASE_URL": url, "RATELIMIT_ENABLED": False, "DATABASE_LOCK_TIMEOUT": 0.3})
    client = app.test_client()
    created = client.post("/games", json={"players": 1, "seed": SEED}).get_json()
    game_id, auth = created["id"], {"Authorization": f"Bearer {created['tokens'][0]['token']}"}
    move = client.get(f"/games/{game_id}/legal-moves", headers=auth).get_json()["moves"][0]
    other, held, release = Storage(url), threading.Event(), threading.Event()

    def hold() -> None:  # another worker's transaction holds the game's row (SQLite: the write lock) a while
        with other.session() as s:
            s.execute(update(GameRecord).where(GameRecord.id == game_id).values(finished=False))
            held.set()
            release.wait(timeout=10)  # bounded: a write that waited forever would fail the test, not hang it
            s.rollback()

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert held.wait(timeout=10)
        r = client.post(f"/games/{game_id}/moves", json=move, headers={**auth, "Idempotency-Key": "k1"})
        assert r.status_code == 503 and r.mimetype == PROBLEM and int(r.headers["Retry-After"]) >= 1, r.get_data(as_text=True)
    finally:
        release.set()
        holder.join()
        other.engine.dispose()
    state = client.get(f"/games/{game_id}").get_json()
    assert state["version"] == 0 and state["moves_played"] == 0
    r = client.post(f"/games/{game_id}/moves", json=move, headers={**auth, "Idempotency-Key": "k1"})
    assert r.status_code == 200 and "Idempotent-Replayed" not in r.headers  # the key was not kept by the 503
    app.extensions["wtw_games"].storage.engine.dispose()


def test_keys_no_database_can_hold_find_nothing(tmp_path):
    """Ids with a NUL character (which PostgreSQL text cannot hold) or too long name no game or puzzle, and
    an Idempotency-Key with a control character is refused, on every database alike."""
    app = create_app({"TESTING": True, "DATABASE_URL": fresh_database(tmp_path, "keys"), "RATELIMIT_ENABLED": False})
    client = app.test_client()
    created = client.post("/games", json={"players": 1, "seed": SEED}).get_json()
    game_id, auth = created["id"], {"Authorization": f"Bearer {created['tokens'][0]['token']}"}
    for path in ("/games/%00", f"/games/{game_id}%00", "/games/" + "x" * 300, f"/games/{game_id}%00/events"):
        r = client.get(path)
        assert r.status_code == 404 and r.get_json()["rule"] == "unknown_game", (path, r.get_data(as_text=True))
    for path in ("/puzzles/%00", "/puzzles/" + "a" * 300):
        assert client.get(path).get_json()["rule"] == "unknown_puzzle"
    assert client.post("/puzzles/%00/solutions", json={"placements": []}).status_code == 404
    move = client.get(f"/games/{game_id}/legal-moves", headers=auth).get_json()["moves"][0]
    for key in ("a\x00b", "tab\there", "x" * 256):
        r = client.post(f"/games/{game_id}/moves", json=move, headers={**auth, "Idempotency-Key": key})
        assert r.status_code == 422 and "Idempotency-Key" in r.get_json()["errors"]["headers"], r.get_data(as_text=True)
    assert client.get(f"/games/{game_id}").get_json()["version"] == 0
    assert client.post(f"/games/{game_id}/moves", json=move, headers={**auth, "Idempotency-Key": "é" * 255}).status_code == 200
    app.extensions["wtw_games"].storage.engine.dispose()


def test_a_move_log_stored_before_the_event_ids_gets_them(tmp_path):
    """A database whose ``moves`` table predates the move marks (``version``, ``first_event``): the app adds the
    columns at start, the old rows' events get ids all the same (the version read as ``n + 1``, the first
    events found by a replay), and a client reconnecting across an undo of an old move is told of it."""
    url = fresh_database(tmp_path, "marks")
    old = create_app({"TESTING": True, "DATABASE_URL": url, "RATELIMIT_ENABLED": False})
    t = AppTable(old.test_client())
    t.play_until("draft")
    t.play(next(m for m in t.local.legal_moves() if m["type"] == "draft"))  # events 13 on: undoable
    old.extensions["wtw_games"].storage.engine.dispose()
    engine = create_engine(url, poolclass=NullPool)
    with engine.begin() as conn:  # the table as an earlier version of the service made it
        conn.execute(text("ALTER TABLE moves DROP COLUMN version"))
        conn.execute(text("ALTER TABLE moves DROP COLUMN first_event"))
    app = create_app({"TESTING": True, "DATABASE_URL": url, "RATELIMIT_ENABLED": False,
                      "SSE_MAX_SECONDS": 0.3, "SSE_POLL_SECONDS": 0.05})
    with engine.connect() as conn:
        rows = conn.execute(select(MoveRecord.n, MoveRecord.version, MoveRecord.first_event)).all()
    assert len(rows) == 3 and {(r.version, r.first_event) for r in rows} == {(None, None)}
    t.client = app.test_client()
    f = Follower(t.client, t.id, None)
    f.connect()
    assert f.log == f.server_log() and f.last_id == f"3-{f.log[-1]['n']}" and f.log[-1]["type"] == "drafted"
    assert t.undo()
    t.play(next(m for m in t.local.legal_moves() if m["type"] == "draft" and m["tile"] != f.log[-1]["tile"]))
    f.connect()
    assert f.messages[0]["event"] == "undo" and f.log == f.server_log() and f.last_id == f"5-{f.log[-1]['n']}"
    engine.dispose()
    app.extensions["wtw_games"].storage.engine.dispose()
