"""A game's past states over the API (issue 37, replay): ``GET /games/{id}/states/{moves_played}`` is the game after its
first moves as the asking seat saw it then (a spectator's view without a token), equal to the engine's own replay to
that point; a seat never sees there what it could not see then (another seat's face-down partner, the decks), in a
finished game or one still being played; a point the game has not reached is 404 problem+json and changes nothing;
the move log says which events each move caused (``first_event``); a settlement board can be drawn as it was."""

from __future__ import annotations

import json
import random

import pytest

from service.app import create_app
from solver.games.wild_tiled_west.engine.game import Game
from solver.games.wild_tiled_west.render.board_data import board_data
from solver.games.wild_tiled_west.rules.setup import GameConfig
from tests.service.databases import fresh_database
from tests.service.service_http import PROBLEM, assert_nothing_hidden, comparable, local_view

SEED = 7_310_529_881  # distinctive: no answer may show it


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    app = create_app({"TESTING": True, "DATABASE_URL": fresh_database(tmp_path_factory.mktemp("replay"), "replay"),
                      "RATELIMIT_ENABLED": False})
    yield app
    app.extensions["wtw_games"].storage.engine.dispose()


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def played(app, moves: int | None) -> tuple[str, list[str], Game]:
    """A 2-player game (both seats taken, seed ``SEED``) played at random for ``moves`` moves (``None``: to its end):
    its id, the seats' tokens and the server's full game (from its stored log, nothing withheld)."""
    client = app.test_client()
    created = client.post("/games", json={"players": 2, "seed": SEED}).get_json()
    game_id, tokens = created["id"], [t["token"] for t in created["tokens"]]
    rng, count = random.Random(4), 0
    while moves is None or count < moves:
        state = client.get(f"/games/{game_id}").get_json()
        if state["finished"]:
            break
        seat = state["pending_seats"][0]
        legal = client.get(f"/games/{game_id}/legal-moves", headers=auth(tokens[seat])).get_json()["moves"]
        r = client.post(f"/games/{game_id}/moves", json=rng.choice(legal), headers=auth(tokens[seat]))
        assert r.status_code == 200, r.get_json()
        count += 1
    log = [move for _, move in app.extensions["wtw_games"].storage.moves(game_id)]
    return game_id, tokens, Game.replay(GameConfig(players=2, seed=SEED), log)


@pytest.fixture(scope="module")
def finished(app):
    return played(app, None)


def test_a_finished_games_state_after_n_moves_is_its_replay_to_n(app, finished):
    client = app.test_client()
    game_id, tokens, local = finished
    assert local.finished and len(local.moves) > 40
    now = client.get(f"/games/{game_id}").get_json()
    for n in (0, 1, 10, len(local.moves) // 2, len(local.moves)):
        then = Game.replay(GameConfig(players=2, seed=SEED), local.moves[:n])
        for seat in (None, 0, 1):
            r = client.get(f"/games/{game_id}/states/{n}", headers=auth(tokens[seat]) if seat is not None else {})
            assert r.status_code == 200 and r.headers["ETag"] == f'"{now["version"]}"', r.get_json()
            state = r.get_json()
            assert state["moves_played"] == n and state["seat"] == seat and state["undo"] is None
            assert state["version"] == now["version"] and state["seats"] == now["seats"] and state["id"] == game_id
            assert comparable(state) == local_view(then, seat)  # the engine's own view of its replay to n
            assert_nothing_hidden(r.get_data(as_text=True), then, seat, SEED)
    # the last point is the game as it ended; the tenth is another board than the end's
    end = client.get(f"/games/{game_id}/states/{len(local.moves)}").get_json()
    assert comparable(end) == comparable(now)
    tenth = client.get(f"/games/{game_id}/states/10").get_json()
    assert tenth["players"][0]["settlement"] != end["players"][0]["settlement"]


def test_an_unfinished_games_past_shows_a_seat_only_what_it_could_see_then(app):
    client = app.test_client()
    game_id, tokens, local = played(app, 30)
    assert not local.finished
    for n in (1, 2, 12, 30):
        then = Game.replay(GameConfig(players=2, seed=SEED), local.moves[:n])
        for seat in (None, 0, 1):
            r = client.get(f"/games/{game_id}/states/{n}", headers=auth(tokens[seat]) if seat is not None else {})
            assert r.status_code == 200
            assert comparable(r.get_json()) == local_view(then, seat)
            assert_nothing_hidden(r.get_data(as_text=True), then, seat, SEED)
    # the seats' kept partners were dealt by then: each seat's own is there, the other's not
    mine = client.get(f"/games/{game_id}/states/12", headers=auth(tokens[0])).get_json()["players"]
    assert mine[0]["partners"][0]["id"] and mine[1]["partners"][0]["id"] is None


def test_a_point_the_game_has_not_reached_is_a_problem_and_changes_nothing(app, finished):
    client = app.test_client()
    game_id, tokens, local = finished
    before = client.get(f"/games/{game_id}").get_data()
    total = len(local.moves)
    for path, status, rule in ((f"/games/{game_id}/states/{total + 1}", 404, "unknown_state"),
                               (f"/games/{game_id}/states/{10 ** 12}", 404, "unknown_state"),
                               (f"/games/{game_id}/states/-1", 404, None), (f"/games/{game_id}/states/ten", 404, None),
                               ("/games/nope/states/0", 404, "unknown_game"),
                               (f"/games/{game_id}/players/0/board.svg?moves_played={total + 1}", 404, "unknown_state"),
                               (f"/games/{game_id}/players/0/board?moves_played=-1", 422, None),
                               (f"/games/{game_id}/players/7/board?moves_played=3", 404, "unknown_seat")):
        r = client.get(path)
        assert r.status_code == status and r.headers["Content-Type"] == PROBLEM, (path, r.get_data(as_text=True))
        problem = r.get_json()
        assert problem["status"] == status and problem["detail"]
        if rule:
            assert problem["rule"] == rule, (path, problem)
    r = client.get(f"/games/{game_id}/states/3", headers=auth("not-a-token"))
    assert r.status_code == 401 and r.headers["Content-Type"] == PROBLEM
    assert client.get(f"/games/{game_id}").get_data() == before


def test_the_move_log_says_which_events_each_move_caused(app, finished):
    client = app.test_client()
    game_id, tokens, local = finished
    moves = client.get(f"/games/{game_id}/moves?limit=500").get_json()["moves"]
    assert len(moves) == len(local.moves)
    for n in (0, 1, 10, len(moves) - 1):
        before = Game.replay(GameConfig(players=2, seed=SEED), local.moves[:n])
        assert moves[n]["first_event"] == len(before.events)


def test_a_board_as_it_was(app, finished):
    client = app.test_client()
    game_id, tokens, local = finished
    then = Game.replay(GameConfig(players=2, seed=SEED), local.moves[:10])
    data = client.get(f"/games/{game_id}/players/1/board?moves_played=10").get_json()
    assert json.loads(json.dumps(board_data(then.players[1].settlement))) == {
        k: v for k, v in data.items() if k not in ("version", "seat")}
    assert data["tiles"] != client.get(f"/games/{game_id}/players/1/board").get_json()["tiles"]
    svg = client.get(f"/games/{game_id}/players/1/board.svg?moves_played=10")
    assert svg.status_code == 200 and svg.headers["Content-Type"].startswith("image/svg+xml")
    assert svg.get_data(as_text=True).count('data-feature="tile:') == sum(
        1 for row in data["squares"] for square in row if square["tile"] is not None)
