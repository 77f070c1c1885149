"""Storage: an answered move survives `kill -9` of gunicorn (master and workers), a game rebuilds from its
move log alone, and a write made from a stale version changes nothing."""

from __future__ import annotations

import json
import random

import pytest
from sqlalchemy import select, update

from service.games import Games
from service.models import GameRecord, MoveRecord
from service.storage import Storage
from solver.config import GameConfig
from solver.game import Game
from tests.service_http import Server, comparable, local_view

SEED = 4242424242


def _play(client, game_id: str, tokens: list[str], local: Game, rng: random.Random, moves: int | None) -> None:
    while not local.finished and moves != 0:
        seat = local.pending()["seat"]
        move = rng.choice(client.get(f"/games/{game_id}/legal-moves", token=tokens[seat]).json()["moves"])
        r = client.post(f"/games/{game_id}/moves", move, token=tokens[seat])
        assert r.status == 200, r.text
        local.apply(move)
        moves = None if moves is None else moves - 1


def test_kill_9_loses_no_answered_move(tmp_path):
    db = tmp_path / "durable.sqlite3"
    server = Server(db).start()
    try:
        r = server.client.post("/games", {"players": 2, "seed": SEED})
        game_id, tokens = r.json()["id"], [t["token"] for t in r.json()["tokens"]]
        local, rng = Game(GameConfig(players=2, seed=SEED)), random.Random(7)
        _play(server.client, game_id, tokens, local, rng, moves=43)
        server.kill()  # right after the 43rd answer (the snapshot is of move 40: the restart replays 3 moves): no graceful shutdown, no flush
        assert server.proc.returncode == -9
        server = Server(db).start()
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
    storage = Storage(f"sqlite:///{db}")
    with storage.session() as s:
        logged = s.execute(select(MoveRecord.seat, MoveRecord.move).where(MoveRecord.game_id == game_id)
                           .order_by(MoveRecord.n)).all()
    assert [m for _, m in logged] == uninterrupted.moves and [s for s, _ in logged] == uninterrupted.move_seats
    storage.engine.dispose()


@pytest.fixture
def games(tmp_path):
    storage = Storage(f"sqlite:///{tmp_path / 'unit.sqlite3'}")
    storage.create_tables()
    yield Games(storage)
    storage.engine.dispose()


def test_a_game_rebuilds_from_its_move_log(games):
    head, tokens = games.create(GameConfig(players=3, seed=SEED))
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
    assert fresh.replay_log(head.id, game.config).to_json() == game.to_json()


def test_a_write_from_a_stale_version_changes_nothing(games):
    head, tokens = games.create(GameConfig(players=1, seed=SEED))
    game = Game(GameConfig(players=1, seed=SEED))
    move = game.legal_moves()[0]
    game.apply(move)
    assert games.storage.commit_move(head, 0, move, game.to_json(), False)
    assert not games.storage.commit_move(head, 0, move, game.to_json(), False)  # head.version is now stale
    assert not games.storage.commit_undo(head, {})
    now = games.storage.head(head.id)
    assert (now.version, now.move_count) == (1, 1) and len(games.storage.moves(head.id)) == 1
