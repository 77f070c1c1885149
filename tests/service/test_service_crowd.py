"""Issue 30: 1,000 event streams open at once on one machine, over gunicorn as `make serve` starts it (2 gevent
workers): spectators and seats of two games.  While they are open, `/health` and a move answer within 1 s (request
timeouts), and every stream of the game gets the move's event and its `version` message within 1 s of the move's
answer.  (Under the former gthread workers, 16 streams were enough to stall `/health`.)"""

from __future__ import annotations

import pytest

from service.gunicorn_worker import raise_open_files_limit
from solver.games.wild_tiled_west.engine.game import Game
from solver.games.wild_tiled_west.rules.setup import GameConfig
from tests.service.databases import fresh_database
from tests.service.service_http import Server
from tests.service.stream_crowd import CrowdStream, StreamCrowd

STREAMS = 1000


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    raise_open_files_limit(STREAMS + 256)
    s = Server(fresh_database(tmp_path_factory.mktemp("crowd"), "crowd")).start()
    yield s
    s.end()


class Game_:
    """A game on the server, its seat tokens and the same game played locally (to choose its moves)."""

    def __init__(self, server: Server, players: int, seed: int):
        self.client = server.client
        created = self.client.post("/games", {"players": players, "seed": seed}).json()
        self.id, self.tokens = created["id"], [t["token"] for t in created["tokens"]]
        self.local = Game(GameConfig(players=players, seed=seed))
        self.viewers: list[int | None] = [*range(players), None]  # every seat, and spectators

    def play(self, timeout: float) -> int:
        """Play the first legal move (the request times out after ``timeout`` seconds); the new version."""
        seat, move = self.local.pending()["seat"], self.local.legal_moves()[0]
        r = self.client.post(f"/games/{self.id}/moves", move, token=self.tokens[seat], timeout=timeout)
        assert r.status == 200, r.text
        self.local.apply(move)
        return r.json()["state"]["version"]


def test_a_thousand_streams_leave_the_service_answering_and_each_gets_the_move_within_a_second(server):
    games = [Game_(server, players=3, seed=30), Game_(server, players=2, seed=31)]
    crowd = StreamCrowd(server.port)
    try:
        for i in range(STREAMS):
            game = games[i % 2]
            viewer = game.viewers[i // 2 % len(game.viewers)]
            crowd.open(f"/games/{game.id}/events/stream", game.tokens[viewer] if viewer is not None else None,
                       label=f"{game.id}:{viewer}")
        # every stream is brought up to date first: the log so far, then a version message
        assert not crowd.waiting(lambda s: b"event: version" in s.data, 120)
        assert {s.status for s in crowd.streams} == {200}
        assert {s.label.split(":")[1] for s in crowd.streams} == {"0", "1", "2", "None"}

        for game in games:
            assert server.client.get("/health", timeout=1).status == 200
            version = game.play(timeout=1)
            mark, message = b"\nid: %d-" % version, b'event: version\ndata: {"version":%d,' % version

            def got_it(s: CrowdStream, game_id=game.id) -> bool:
                return not s.label.startswith(game_id + ":") or (mark in s.data and message in s.data)
            late = crowd.waiting(got_it, 1.0)
            assert not late, f"{len(late)} streams of {STREAMS} did not get version {version} within 1 s"
            assert server.client.get("/health", timeout=1).status == 200
        assert not any(s.closed for s in crowd.streams)
    finally:
        crowd.close()
