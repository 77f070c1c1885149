"""Rolled West's daily puzzle through the service, in-process (Flask's test client): ``GET /puzzles/daily?game=
rolled-west`` answers the stored puzzle without its solution, ``POST /puzzles/{id}/solutions`` the engine's verdict
and ``POST /puzzles/{id}/board`` the sheet of a solution in progress.  The generator is a stand-in answering the
session's real puzzle (``tests.rolled_west.puzzle_data``), so nothing is generated here."""

from __future__ import annotations

import pytest

from service.app import create_app
from tests.rolled_west.puzzle_data import PUZZLE_DATE, PUZZLE_DIFFICULTY, session_puzzle
from tests.service.databases import fresh_database

GAME = "rolled-west"
DAILY = f"/puzzles/daily?game={GAME}&date={PUZZLE_DATE.isoformat()}&difficulty={PUZZLE_DIFFICULTY}"


@pytest.fixture
def client(tmp_path):
    app = create_app({"TESTING": True, "DATABASE_URL": fresh_database(tmp_path, "rolled-west-puzzles"),
                      "RATELIMIT_ENABLED": False})
    store = app.extensions["wtw_puzzles"]
    calls = []
    store.generators[GAME] = lambda date, difficulty: calls.append((date, difficulty)) or session_puzzle()
    app.generator_calls = calls
    yield app.test_client()
    store.storage.engine.dispose()


def test_the_daily_puzzle_is_served_without_its_solution(client):
    first = client.get(DAILY)
    assert first.status_code == 200, first.get_json()
    served = first.get_json()
    puzzle = session_puzzle()
    assert served["id"] == puzzle["id"] and first.headers["ETag"] == f'"{puzzle["id"]}"'
    assert "solution" not in served and "breakdown" not in served
    assert served["rolls"] == puzzle["rolls"] and served["optimum"] == puzzle["optimum"] and "own mode" in served["mode"]
    again = client.get(DAILY)
    assert again.data == first.data and client.get(f"/puzzles/{served['id']}").data == first.data
    assert client.application.generator_calls == [(PUZZLE_DATE, PUZZLE_DIFFICULTY)]  # stored once


def test_solutions_get_the_engines_verdict(client):
    puzzle_id = client.get(DAILY).get_json()["id"]
    path = f"/puzzles/{puzzle_id}/solutions"
    puzzle = session_puzzle()
    best = client.post(path, json=puzzle["solution"])
    assert best.status_code == 200 and best.headers["Cache-Control"] == "no-store"
    verdict = best.get_json()
    assert verdict["puzzle"] == puzzle_id and verdict["legal"] and verdict["optimal"] and verdict["finished"]
    assert verdict["score"] == puzzle["optimum"] and verdict["breakdown"] == puzzle["breakdown"]
    assert verdict["share"].endswith(f"{puzzle['optimum']}/{puzzle['optimum']} ★ optimal")
    illegal = client.post(path, json={"moves": [{"type": "end_turn"}]}).get_json()
    assert (illegal["legal"], illegal["rule"], illegal["move"], illegal["score"]) == (False, "wrong_decision", 0, None)
    for body in ({"moves": [1]}, {"placements": []}, {}, {"moves": [], "placements": []}, {"moves": [{}] * 65}):
        refused = client.post(path, json=body)
        assert refused.status_code == 422, (body, refused.get_json())


def test_the_board_of_a_solution_in_progress(client):
    puzzle_id = client.get(DAILY).get_json()["id"]
    moves = session_puzzle()["solution"]["moves"]
    board = client.post(f"/puzzles/{puzzle_id}/board", json={"moves": moves[:1]})
    assert board.status_code == 200
    seen = board.get_json()
    assert seen["puzzle"] == puzzle_id and seen["placed"] == 1 and seen["svg"].startswith("<svg")
    assert seen["decision"]["type"] == "spend" and "end_turn" in seen["options"]
    refused = client.post(f"/puzzles/{puzzle_id}/board", json={"moves": [moves[0], moves[0]]})
    assert refused.status_code == 422 and refused.get_json()["rule"] == "wrong_decision"


def test_the_board_says_which_die_is_set_aside_which_are_spent_and_the_majorities_held(client):
    """Issue 38: what the web client dims the spent dice and circles the majority bonuses with, as a game's table."""
    puzzle_id = client.get(DAILY).get_json()["id"]
    moves = session_puzzle()["solution"]["moves"]
    terrain, spend = moves[0], moves[1]
    assert terrain["type"] == "terrain" and spend["type"] == "office"  # the golden plan's first turn
    board = lambda n: client.post(f"/puzzles/{puzzle_id}/board", json={"moves": moves[:n]}).get_json()
    start, aside, spent = board(0), board(1), board(2)
    assert (start["terrain_die"], start["rolled"], start["majority_places"]) == (None, {}, [{}])
    assert aside["terrain_die"] == aside["dice"].index(terrain["resource"]) and sum(aside["rolled"].values()) == 3
    assert sum(spent["rolled"].values()) == 1  # the office took two metals of the roll
    claimed = next(n for n, m in enumerate(moves) if m["type"] == "claim") + 1
    after = board(claimed)  # the solo player's first claim wins its terrain's 1st bonus (as things stand)
    assert after["majority_places"] == [{after["decision"]["terrain"]: 1}]
