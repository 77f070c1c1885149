"""Daily puzzles over HTTP: a day's puzzle is generated once, stored and then always answered byte for byte
(even when the generator changes), without its solution; solutions get a verdict.  Over real HTTP against
gunicorn (which generates one real puzzle), and in-process with a stand-in generator for what needs one
(a changed generator, concurrent first requests, a failing generator, the pre-generating command)."""

from __future__ import annotations

import datetime
import json
import time

import pytest
from sqlalchemy import func, select

from puzzles.archive import DIFFICULTIES, GenerationTimeout
from service.app import create_app
from service.heavy import huey
from service.models import PuzzleRecord
from service.puzzles.tasks import queue_puzzles_ahead
from service.storage import Storage, StoredPuzzle
from tests.rolled_west.puzzle_data import redated_puzzle as rolled_west_stand_in
from tests.service.databases import fresh_database
from tests.service.service_http import PUZZLE_DATE, Server, assert_problem, redated_puzzle, session_puzzle, together

DAILY = f"/puzzles/daily?date={PUZZLE_DATE.isoformat()}&difficulty=easy"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(fresh_database(tmp_path_factory.mktemp("puzzles"), "puzzles")).start()
    yield s
    s.end()


@pytest.fixture(scope="module")
def published(server):
    """The easy puzzle of PUZZLE_DATE as the server first answers it, and its bytes: the first request starts its
    generation on the queue and, as the next ones while it lasts, is 503 ``generating`` with ``Retry-After``."""
    deadline = time.monotonic() + 120
    while True:
        r = server.client.get(DAILY, timeout=10)
        if r.status != 503:
            break
        assert r.json()["rule"] == "generating" and int(r.headers["retry-after"]) >= 1, r.text
        assert time.monotonic() < deadline, "the puzzle was not generated in 2 minutes"
        time.sleep(1)
    assert r.status == 200 and r.headers["content-type"] == "application/json", r.text
    return r.json(), r.body


def test_the_daily_puzzle_is_stored_once_and_answered_identically(server, published):
    puzzle, body = published
    full = session_puzzle()  # generated here too: the generator is deterministic
    assert puzzle["id"] == full["id"] and puzzle["date"] == PUZZLE_DATE.isoformat() and puzzle["difficulty"] == "easy"
    assert "solution" not in puzzle and "breakdown" not in puzzle  # spoilers
    assert puzzle["optimum"] == full["optimum"] and puzzle["hand"] == full["hand"] and puzzle["position"] == full["position"]
    again = server.client.get(DAILY)
    assert again.body == body and again.headers["etag"] == f'"{puzzle["id"]}"'
    assert again.headers["content-location"] == f"/puzzles/{puzzle['id']}"
    by_id = server.client.get(f"/puzzles/{puzzle['id']}")
    assert by_id.status == 200 and by_id.body == body and "max-age" in by_id.headers["cache-control"]
    assert server.client.get(DAILY, headers={"If-None-Match": f'"{puzzle["id"]}"'}).status == 304
    for solution in full["solution"]["placements"]:  # the optimal placements appear nowhere in the answer
        assert json.dumps(solution, sort_keys=True, separators=(",", ":")) not in body.decode()


def test_solutions_get_a_verdict(server, published):
    puzzle, _ = published
    path = f"/puzzles/{puzzle['id']}/solutions"
    best = server.client.post(path, session_puzzle()["solution"])
    assert best.status == 200 and best.headers["cache-control"] == "no-store", best.text
    verdict = best.json()
    assert verdict["puzzle"] == puzzle["id"] and verdict["legal"] is True and verdict["optimal"] is True
    assert verdict["score"] == verdict["optimum"] == puzzle["optimum"] == sum(verdict["breakdown"].values())
    placements = session_puzzle()["solution"]["placements"]
    partial = server.client.post(path, {"placements": placements[:1]}).json()
    assert partial["legal"] is True and partial["score"] < puzzle["optimum"] and partial["optimal"] is False
    overlapping = [placements[0], {**placements[1], "row": placements[0]["row"], "col": placements[0]["col"]}]
    illegal = server.client.post(path, {"placements": overlapping}).json()
    assert illegal["legal"] is False and illegal["score"] is None and illegal["placement"] == 1
    assert illegal["rule"] and illegal["reason"].startswith("placement 1")
    not_in_hand = next(f"t{i:02}" for i in range(1, 97) if f"t{i:02}" not in {h["tile"] for h in puzzle["hand"]})
    assert_problem(server.client.post(path, {"placements": [{**placements[0], "tile": not_in_hand}]}), 422, "invalid_solution")
    assert_problem(server.client.post(path, {"placements": [placements[0], placements[0]]}), 422, "invalid_solution")
    assert_problem(server.client.post(path, {"placements": [{"tile": "t01", "orientation": "0", "row": 0, "col": 0}]}), 422)
    assert_problem(server.client.post(path, {"moves": []}), 422)
    assert_problem(server.client.request("POST", path, raw=b"{", headers={"Content-Type": "application/json"}), 400)
    assert_problem(server.client.post("/puzzles/0123456789abcdef/solutions", session_puzzle()["solution"]), 404,
                   "unknown_puzzle")
    assert_problem(server.client.get("/puzzles/0123456789abcdef"), 404, "unknown_puzzle")


def test_daily_puzzles_only_for_the_served_dates(server):
    today = datetime.datetime.now(datetime.UTC).date()
    for date in ("2025-12-31", (today + datetime.timedelta(days=2)).isoformat(), "9999-12-31"):
        assert_problem(server.client.get(f"/puzzles/daily?date={date}"), 422, "date_out_of_range")
    for query in ("date=2026-02-30", "date=yesterday", "difficulty=extreme"):
        assert assert_problem(server.client.get(f"/puzzles/daily?{query}"), 422)["errors"]["query"]


# --- in-process, with a stand-in generator --------------------------------------------------------------


def _app(url: str, generator):
    app = create_app({"TESTING": True, "DATABASE_URL": url, "RATELIMIT_ENABLED": False})
    app.extensions["wtw_puzzles"].generator = generator
    app.extensions["wtw_puzzles"].generators["rolled-west"] = rolled_west_stand_in  # its own tests: tests/rolled_west/
    return app


@pytest.fixture
def app(tmp_path):
    """An app (a worker) whose generator is a stand-in that counts its calls (``app.generator_calls``)."""
    calls = []

    def generate(date, difficulty):
        calls.append((date, difficulty))
        return redated_puzzle(date, difficulty)

    app = _app(fresh_database(tmp_path, "daily"), generate)
    app.generator_calls = calls
    yield app
    app.extensions["wtw_puzzles"].storage.engine.dispose()


def _rows(app) -> int:
    with app.extensions["wtw_puzzles"].storage.session() as s:
        return s.scalar(select(func.count()).select_from(PuzzleRecord))


def test_a_changed_generator_cannot_rewrite_a_stored_day(app):
    client = app.test_client()
    first = client.get("/puzzles/daily?date=2026-03-04&difficulty=hard")
    assert first.status_code == 200 and first.get_json()["date"] == "2026-03-04"

    def changed(date, difficulty):
        return {**redated_puzzle(date, difficulty), "optimum": 999, "id": f"feedface{date.day:08}"}

    app.extensions["wtw_puzzles"].generator = changed
    assert client.get("/puzzles/daily?date=2026-03-04&difficulty=hard").data == first.data
    restarted = _app(app.config["DATABASE_URL"], changed)  # a new worker, nothing in its memory
    again = restarted.test_client().get("/puzzles/daily?date=2026-03-04&difficulty=hard")
    assert again.data == first.data and again.get_json()["optimum"] != 999
    assert _rows(app) == 1
    other_day = restarted.test_client().get("/puzzles/daily?date=2026-03-05&difficulty=hard")
    assert other_day.get_json()["optimum"] == 999 and _rows(app) == 2  # a new day gets the new generator's puzzle


def test_the_default_is_todays_medium_puzzle(app):
    r = app.test_client().get("/puzzles/daily")
    today = datetime.datetime.now(datetime.UTC).date()
    assert r.status_code == 200 and r.get_json()["date"] == today.isoformat() and r.get_json()["difficulty"] == "medium"
    assert app.generator_calls == [(today, "medium")] and r.headers["Cache-Control"] == "public, max-age=60"


def test_concurrent_first_requests_generate_once(app):
    calls = []

    def slow(date, difficulty):
        calls.append(date)
        time.sleep(0.3)
        return redated_puzzle(date, difficulty)

    app.extensions["wtw_puzzles"].generator = slow
    answers = together(6, lambda i: app.test_client().get("/puzzles/daily?date=2026-04-01"))
    assert [a.status_code for a in answers] == [200] * 6 and len({a.data for a in answers}) == 1
    assert calls == [datetime.date(2026, 4, 1)] and _rows(app) == 1


def test_a_worker_losing_the_insert_race_answers_the_winners_puzzle(app):
    url = app.config["DATABASE_URL"]
    one, two = Storage(url), Storage(url)  # two workers' connections to one database
    mine = StoredPuzzle("aaaaaaaaaaaaaaaa", "2026-05-06", "easy", '{"id":"aaaaaaaaaaaaaaaa"}')
    theirs = StoredPuzzle("bbbbbbbbbbbbbbbb", "2026-05-06", "easy", '{"id":"bbbbbbbbbbbbbbbb"}')
    assert one.insert_puzzle(mine) == mine
    assert two.insert_puzzle(theirs) == mine and two.daily_puzzle("2026-05-06", "easy") == mine
    assert two.puzzle("bbbbbbbbbbbbbbbb") is None
    one.engine.dispose()
    two.engine.dispose()


def test_workers_inserting_one_day_at_once_all_answer_one_row(app):
    """Four workers (each its own connection pool, as on several machines) store a day at the same moment:
    one insert wins, the others' unique violations (on PostgreSQL, after waiting for the winner's
    transaction) become the winner's row, for other content (a changed generator) and for the same."""
    url = app.config["DATABASE_URL"]
    workers = [Storage(url) for _ in range(4)]
    try:
        for date, ids in (("2026-05-07", [f"{i:x}" * 16 for i in range(10, 14)]), ("2026-05-08", ["f" * 16] * 4)):
            made = [StoredPuzzle(pid, date, "hard", json.dumps({"id": pid, "n": i})) for i, pid in enumerate(ids)]
            answers = together(4, lambda i: workers[i].insert_puzzle(made[i]))
            assert len(set(answers)) == 1 and answers[0] in made
            assert all(w.daily_puzzle(date, "hard") == answers[0] for w in workers)
        assert _rows(app) == 2
    finally:
        for w in workers:
            w.engine.dispose()


def test_a_failing_generator_is_a_503_and_stores_nothing(app):
    def timeout(date, difficulty):
        raise GenerationTimeout("safety limit")

    app.extensions["wtw_puzzles"].generator = timeout
    r = app.test_client().get("/puzzles/daily?date=2026-06-01")
    assert r.status_code == 503 and r.mimetype == "application/problem+json" and r.get_json()["rule"] == "generation_failed"
    assert int(r.headers["Retry-After"]) > 0 and _rows(app) == 0


def test_the_command_generates_days_ahead_once(app):
    runner = app.test_cli_runner()
    result = runner.invoke(args=["puzzles", "generate", "--from", "2026-07-01", "--days", "2", "--difficulty", "easy"])
    assert result.exit_code == 0, result.output
    lines = result.output.split()
    assert lines[0::3] == ["2026-07-01", "2026-07-02"] and len(app.generator_calls) == 2
    again = runner.invoke(args=["puzzles", "generate", "--from", "2026-07-01", "--days", "2", "--difficulty", "easy"])
    assert again.output == result.output and len(app.generator_calls) == 2  # stored: not generated again
    served = app.test_client().get("/puzzles/daily?date=2026-07-02&difficulty=easy").get_json()
    assert served["id"] == lines[5]


# --- puzzles in analysis (issue 27): a published puzzle's hand, up to 8 tiles, planned and proven -----------------


def _hard_eight(date, difficulty):
    """A stand-in generator: the January 2026 golden hard puzzle with 8 tiles in hand, re-dated."""
    from pathlib import Path

    from puzzles.format import content_id
    golden = json.loads((Path(__file__).parents[1] / "golden_puzzles" / "2026-01-03-hard.json").read_text())
    puzzle = {**golden, "date": date.isoformat(), "difficulty": difficulty}
    puzzle["id"] = content_id(puzzle)
    return puzzle


def test_analysis_plans_a_published_puzzles_hand_by_id_or_as_served(tmp_path):
    from pathlib import Path

    app = _app(fresh_database(tmp_path, "analysis"), _hard_eight)
    # CP-SAT stops once the optimum is proven (a fraction of a second idle); a budget far above it keeps a loaded
    # machine's proof from being cut to FEASIBLE: what this test asserts is the plan, not its speed (bench/ times it)
    app.config["PLACEMENTS_MAX_BUDGET_MS"] = roomy = 60_000
    client = app.test_client()
    served = client.get("/puzzles/daily?date=2026-03-04&difficulty=hard").get_json()
    assert len(served["hand"]) == 8
    by_id = client.post("/analysis/placements", json={"puzzle": served["id"], "budget_ms": roomy})
    assert by_id.status_code == 200, by_id.get_json()
    plan = by_id.get_json()
    assert plan["puzzle"] == served["id"] and plan["tiles"] == [h["tile"] for h in served["hand"]]
    assert plan["status"] == "OPTIMAL" and plan["objective"] == plan["value"] == served["optimum"] == plan["optimum"]
    as_served = client.post("/analysis/placements", json={"puzzle": served, "budget_ms": roomy}).get_json()
    assert as_served["status"] == "OPTIMAL" and as_served["objective"] == served["optimum"]
    two = [h["tile"] for h in served["hand"][:2]]
    part = client.post("/analysis/placements", json={"puzzle": served["id"], "tiles": two, "required": True}).get_json()
    assert part["tiles"] == two and sorted(p["tile"] for p in part["placements"]) == sorted(two)
    assert part["objective"] <= served["optimum"]
    # a puzzle of generator v1 (its own tile designs) as served: planned with them, to its stored optimum
    v1 = json.loads((Path(__file__).parents[1] / "data" / "puzzle-v1-2026-01-02-hard.json").read_text())
    old = client.post("/analysis/placements", json={"puzzle": {k: v for k, v in v1.items() if k != "solution"},
                                                     "budget_ms": roomy}).get_json()
    assert old["status"] == "OPTIMAL" and old["objective"] == v1["optimum"]
    app.extensions["wtw_puzzles"].storage.engine.dispose()


def test_analysis_of_a_puzzle_refuses_bad_requests(tmp_path):
    app = _app(fresh_database(tmp_path, "analysis-bad"), _hard_eight)
    client = app.test_client()
    served = client.get("/puzzles/daily?date=2026-03-04&difficulty=hard").get_json()
    hand = {h["tile"] for h in served["hand"]}
    outside = next(t for t in ("t01#1", "t02#1", "t03#1", "t04#1", "t05#1") if t not in hand)
    for body, status, rule in (
            ({"puzzle": served["id"], "tiles": [outside]}, 422, "not_in_hand"),
            ({"puzzle": "feedface" * 4}, 404, "unknown_puzzle"),
            ({"puzzle": {"hand": []}}, 422, "malformed_puzzle"),
            ({"puzzle": 12}, 422, None),
            ({"puzzle": served["id"], "position": {"seat": 0}}, 422, None),
            ({}, 422, None),
            ({"puzzle": served["id"], "tiles": sorted(hand) + ["alley"]}, 422, None)):  # 9 tiles: above 8
        r = client.post("/analysis/placements", json=body)
        assert r.status_code == status and r.mimetype == "application/problem+json", (body, r.get_json())
        if rule:
            assert r.get_json()["rule"] == rule
    app.extensions["wtw_puzzles"].storage.engine.dispose()


# --- generation on the heavy-work queue (issue 30): ahead of time, limited, never blocking a request -------------

def test_a_date_not_stored_is_503_generating_while_the_queue_makes_it(tmp_path):
    """With no consumer at work, a request for a date not stored waits PUZZLES_WAIT_SECONDS, then is 503 generating
    with Retry-After; more requests for that date queue no second generation; once the queued task ran, it is 200."""
    app = create_app({"TESTING": True, "DATABASE_URL": fresh_database(tmp_path, "generating"), "RATELIMIT_ENABLED": False,
                      "PUZZLES_WAIT_SECONDS": 0})
    app.extensions["wtw_puzzles"].generator = redated_puzzle
    client = app.test_client()
    huey.immediate = False  # a queue nobody consumes (in memory)
    try:
        huey.flush()
        for _ in range(3):
            r = client.get("/puzzles/daily?date=2026-08-09&difficulty=easy")
            assert r.status_code == 503 and r.mimetype == "application/problem+json"
            assert r.get_json()["rule"] == "generating" and int(r.headers["Retry-After"]) >= 1
        queued = huey.pending()
        assert [(t.name, t.args) for t in queued] == [("generate_puzzle", ("2026-08-09", "easy"))]
        with app.app_context():  # the consumer runs it
            huey.execute(huey.dequeue())
        assert _rows(app) == 1
    finally:
        huey.immediate = True
    r = client.get("/puzzles/daily?date=2026-08-09&difficulty=easy")
    assert r.status_code == 200 and r.get_json()["date"] == "2026-08-09"


def test_requests_that_start_generations_have_their_own_rate_limit(tmp_path):
    app = create_app({"TESTING": True, "DATABASE_URL": fresh_database(tmp_path, "generation_limit"),
                      "RATELIMIT_PUZZLE_GENERATION": "1 per minute"})
    app.extensions["wtw_puzzles"].generator = redated_puzzle
    client = app.test_client()
    assert client.get("/puzzles/daily?date=2026-08-10&difficulty=easy").status_code == 200
    r = client.get("/puzzles/daily?date=2026-08-11&difficulty=easy")
    assert r.status_code == 429 and r.mimetype == "application/problem+json" and int(r.headers["Retry-After"]) >= 1
    assert _rows(app) == 1  # nothing generated
    for _ in range(3):  # a stored puzzle is not limited by it
        assert client.get("/puzzles/daily?date=2026-08-10&difficulty=easy").status_code == 200


def test_the_coming_days_are_generated_ahead(app):
    with app.app_context():
        started = queue_puzzles_ahead(app.extensions["wtw_puzzles"])
        assert queue_puzzles_ahead(app.extensions["wtw_puzzles"]) == 0  # all stored now
    today = datetime.datetime.now(datetime.UTC).date()
    days = [today, today + datetime.timedelta(days=1)]  # PUZZLES_DAYS_AHEAD = 1
    games = len(app.extensions["wtw_puzzles"].dailies)  # Wild Tiled West's and Rolled West's
    assert games == 2 and started == 6 * games
    assert sorted(app.generator_calls) == sorted((d, k) for d in days for k in DIFFICULTIES)
    assert _rows(app) == 6 * games


def test_the_optimal_solution_is_answered_only_to_a_legal_solution_played_to_the_end(app):
    client = app.test_client()
    puzzle = client.get("/puzzles/daily?game=rolled-west&date=2026-03-04&difficulty=easy").get_json()
    stored = rolled_west_stand_in(datetime.date(2026, 3, 4), "easy")
    assert puzzle["id"] == stored["id"] and "solution" not in puzzle
    moves = stored["solution"]["moves"]
    for unfinished in ({"moves": moves[:5]}, {"moves": [{"type": "end_turn"}]}):
        refused = client.post(f"/puzzles/{puzzle['id']}/optimal", json=unfinished)
        assert refused.status_code == 409 and refused.get_json()["rule"] == "not_finished"
    r = client.post(f"/puzzles/{puzzle['id']}/optimal", json={"moves": moves})
    assert r.status_code == 200 and r.headers["Cache-Control"] == "no-store"
    assert r.get_json() == {"puzzle": puzzle["id"], "optimum": stored["optimum"], "solution": stored["solution"],
                            "breakdown": stored["breakdown"]}
    unknown = client.post("/puzzles/0123456789abcdef/optimal", json={"moves": moves})
    assert unknown.status_code == 404 and unknown.get_json()["rule"] == "unknown_puzzle"
