"""Move reviews of finished games over the API (issue 29; docs/api.md, "Move review"): asked for with the search's
settings, made on the heavy-work queue a slice at a time (here the queue runs tasks at once, in the request),
the same settings name the same review, each seat sees its own decisions whole and another seat's as the move log
shows them, a game still being played and bad settings are refused with nothing made."""

from __future__ import annotations

import json
import random

import pytest
from sqlalchemy import func, select

from service.app import create_app
from service.models import ReviewRecord
from service.reviews.store import REVIEW_STALL_SECONDS, Reviews, review_id
from service.reviews.tasks import review_slice, sweep_stalled_reviews
from solver.games.wild_tiled_west.engine.game import Game
from solver.games.wild_tiled_west.rules.setup import GameConfig
from tests.service.databases import fresh_database
from tests.service.service_http import PROBLEM, assert_nothing_hidden

SEED = 5_151
SETTINGS = {"simulations": 3, "budget_ms": 3000}  # a search cut by count: the same review every time


QUICK = {"budget_ms": 2}  # a review whose searches are cut at once (partial): for what does not need its figures


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    app = create_app({"TESTING": True, "DATABASE_URL": fresh_database(tmp_path_factory.mktemp("reviews"), "reviews"),
                      "RATELIMIT_ENABLED": False,
                      "REVIEW_SLICE_SECONDS": 0})  # one decision per task: the review goes through many slices
    yield app
    app.extensions["wtw_games"].storage.engine.dispose()


@pytest.fixture(scope="module")
def game(app) -> tuple[str, str, Game]:
    return finished_game(app, app.test_client())


def count_reviews(app) -> int:
    with app.extensions["wtw_games"].storage.session() as s:
        return s.scalar(select(func.count()).select_from(ReviewRecord))


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def finished_game(app, client) -> tuple[str, str, Game]:
    """A 2-player game, seat 0 a person playing random legal moves, seat 1 the random bot, played to its end: its id,
    seat 0's token and the same game played locally (the server's full state)."""
    created = client.post("/games", json={"players": 2, "seed": SEED, "seats": [{}, {"bot": "random"}]}).get_json()
    game_id, token = created["id"], created["tokens"][0]["token"]
    rng = random.Random(1)
    while (legal := client.get(f"/games/{game_id}/legal-moves", headers=auth(token)).get_json())["pending"]:
        assert client.post(f"/games/{game_id}/moves", json=rng.choice(legal["moves"]), headers=auth(token)).status_code == 200
    log = [move for _, move in app.extensions["wtw_games"].storage.moves(game_id)]  # the server's, nothing withheld
    return game_id, token, Game.replay(GameConfig(players=2, seed=SEED), log)


def test_a_finished_games_review_is_made_in_slices_and_shown_per_viewer(app, game):
    client = app.test_client()
    game_id, token, local = game
    r = client.post(f"/games/{game_id}/reviews", json=SETTINGS, headers=auth(token))
    assert r.status_code == 200, r.get_json()  # the queue ran every slice at once
    mine = r.get_json()
    assert r.headers["Location"] == f"/games/{game_id}/reviews/{mine['id']}"
    assert mine["status"] == "done" and mine["game"] == game_id and mine["simulations"] == 3
    total = mine["progress"]["total"]
    assert total and mine["progress"]["done"] == total == len(mine["decisions"]) > 10
    # the decisions cover the whole log, in play order, each seat's moves as that viewer's log shows them
    rows = mine["decisions"]
    assert [r["index"] for r in rows] == sorted(r["index"] for r in rows) and rows[0]["index"] == 0
    seat0_log = [m["move"] for m in client.get(f"/games/{game_id}/moves?limit=500", headers=auth(token)).get_json()["moves"]]
    assert [m for r in rows for m in r["played_moves"]] == seat0_log  # as seat 0's log shows them
    assert len(seat0_log) == len(local.moves)
    # each says when it was decided (year, round of the year, the dice as they lay), for the page's words (issue 37)
    moments = [(r["moment"]["year"], r["moment"]["round_in_year"]) for r in rows]
    assert moments == sorted(moments) and moments[0][0] == 1 and moments[-1][0] == 4
    assert all({"id", "kind", "value"} <= set(d) for r in rows for d in r["moment"]["dice"])
    assert {r["seat"] for r in rows} == {0, 1} and set(mine["seats"]) == {"0", "1"}
    for seat, figures in mine["seats"].items():
        chosen = [r["loss"] for r in rows if r["seat"] == int(seat) and r["options"] > 1]
        assert figures["with_choice"] == len(chosen) and figures["loss"] == pytest.approx(sum(chosen), abs=0.05)
        assert all(loss >= 0 for loss in chosen)
    assert all(r["loss"] == 0 for r in rows if r["options"] == 1)
    # a random player loses points: some of its decisions were not the best
    assert mine["seats"]["0"]["loss"] > 0 and mine["seats"]["0"]["best_share"] < 1
    # a spectator sees no kept partner, and no label that would tell it
    spectator = client.get(r.headers["Location"])
    assert spectator.status_code == 200  # what a cache keeps depends on the token and the language asked for
    assert {v.strip() for v in spectator.headers["Vary"].split(",")} == {"Authorization", "Accept-Language"}
    seen = spectator.get_json()
    assert seen["seats"] == mine["seats"]
    partners = [(mine_row, row) for mine_row, row in zip(rows, seen["decisions"], strict=True)
                if row["decision"] == "keep_partner"]
    assert partners
    for mine_row, row in partners:
        assert row["played"] is None and row["best"] is None
        assert [m.get("partner") for m in row["played_moves"] + row["best_moves"]] == [None] * (
            len(row["played_moves"]) + len(row["best_moves"]))
        if mine_row["seat"] == 0:  # the seat's own token shows them
            assert mine_row["played"] and mine_row["played_moves"][0]["partner"]
    assert_nothing_hidden(spectator.get_data(as_text=True), local, None, SEED)
    # seat 0's answer adds only its own decisions, made from its own position (the partners it was dealt, say): the
    # other seat's rows are the spectator's, which hold nothing hidden
    assert [row for row in rows if row["seat"] != 0] == [row for row in seen["decisions"] if row["seat"] != 0]


def test_the_same_settings_name_the_same_review_and_others_another(app, game):
    client = app.test_client()
    game_id = game[0]
    first = client.post(f"/games/{game_id}/reviews", json=SETTINGS)
    made = count_reviews(app)
    again = client.post(f"/games/{game_id}/reviews", json=SETTINGS)
    assert first.status_code == again.status_code == 200 and first.get_json() == again.get_json()
    assert count_reviews(app) == made and first.get_json()["id"] == review_id(game_id, 3000, 3, 0)
    other = client.post(f"/games/{game_id}/reviews", json={**QUICK, "search_seed": 9}).get_json()
    assert other["id"] != first.get_json()["id"] and other["search_seed"] == 9 and count_reviews(app) == made + 1
    assert other["status"] == "done" and all(row["partial"] for row in other["decisions"] if row["options"] > 1)
    assert app.config["REVIEW_MAX_BUDGET_MS"] == 3000  # the default cap
    app.config["REVIEW_MAX_BUDGET_MS"] = 3
    try:
        capped = client.post(f"/games/{game_id}/reviews", json={"budget_ms": 10**6}).get_json()
    finally:
        app.config["REVIEW_MAX_BUDGET_MS"] = 3000
    assert capped["budget_ms"] == 3 and capped["id"] == review_id(game_id, 3, None, 0)


def test_reviews_refuse_games_in_play_bad_settings_and_unknown_ids(app, game):
    client = app.test_client()
    made = count_reviews(app)
    created = client.post("/games", json={"players": 2, "seats": [{}, {"bot": "random"}]}).get_json()
    r = client.post(f"/games/{created['id']}/reviews", json=SETTINGS)
    assert r.status_code == 409 and r.mimetype == PROBLEM and r.get_json()["rule"] == "game_not_over"
    assert client.post("/games/nope/reviews", json=SETTINGS).status_code == 404
    game_id = game[0]
    for body in ({"budget_ms": 0}, {"simulations": 0}, {"simulations": "3"}, {"search_seed": -1}, {"budget_ms": 1.5},
                 {"depth": 2}):
        r = client.post(f"/games/{game_id}/reviews", json=body)
        assert r.status_code == 422 and r.mimetype == PROBLEM, body
    assert count_reviews(app) == made  # nothing made
    done = client.post(f"/games/{game_id}/reviews", json=QUICK).get_json()
    assert client.get(f"/games/{game_id}/reviews/{done['id']}x").get_json()["rule"] == "unknown_review"
    assert client.get(f"/games/{created['id']}/reviews/{done['id']}").status_code == 404  # another game's review
    assert client.get(f"/games/{game_id}/reviews/{done['id']}", headers=auth("wrong")).status_code == 401


def test_a_review_left_unfinished_is_taken_up_by_the_sweep_and_written_once(app, game):
    game_id = game[0]
    reviews: Reviews = app.extensions["wtw_reviews"]
    games = app.extensions["wtw_games"]
    with app.app_context():
        review, new = reviews.request(games.head(game_id), 2, None, 7)  # stored, its first slice never queued
        assert new and reviews.request(games.head(game_id), 2, None, 7) == (review, False)
        assert reviews.stalled(seconds=0) == [review.id]
        stale = reviews.get(game_id, review.id)
        assert reviews.work(review.id, 0) and reviews.get(game_id, review.id).done == 1
        # a task that read the review before that slice was written cannot write over it
        assert not reviews.storage.advance_review(stale, [{"index": 0}], 99)
        app.config["REVIEW_STALL_SECONDS"] = 0
        try:
            sweep_stalled_reviews.call_local()
        finally:
            app.config["REVIEW_STALL_SECONDS"] = REVIEW_STALL_SECONDS
        finished = reviews.get(game_id, review.id)
    assert finished.finished and finished.done == finished.total and finished.failed is None
    assert [r["index"] for r in finished.rows] == sorted({r["index"] for r in finished.rows})
    assert not reviews.stalled(seconds=0)
    with app.app_context():
        review_slice.call_local(review.id)  # a late duplicate task changes nothing
    assert reviews.get(game_id, review.id) == finished
    assert json.loads(json.dumps(reviews.view(finished, "wild-tiled-west", None)))["status"] == "done"


def test_a_review_whose_search_fails_says_so_and_is_not_taken_up_again(app, game, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("no search today")

    monkeypatch.setattr(type(app.extensions["wtw_reviews"].games["wild-tiled-west"]), "review_decision", broken)
    client = app.test_client()
    r = client.post(f"/games/{game[0]}/reviews", json={**QUICK, "search_seed": 404})
    assert r.status_code == 200 and r.get_json()["status"] == "failed", r.get_json()
    assert r.get_json()["reason"] == "the search failed on the decision at move 0 (RuntimeError)"
    assert r.get_json()["progress"]["done"] == 0 and r.get_json()["decisions"] == []
    with app.app_context():
        assert r.get_json()["id"] not in app.extensions["wtw_reviews"].stalled(seconds=0)


def test_new_reviews_have_their_own_rate_limit_and_asking_again_is_free(tmp_path):
    app = create_app({"TESTING": True, "DATABASE_URL": fresh_database(tmp_path, "review_limit"),
                      "RATELIMIT_REVIEWS": "2 per hour"})
    try:
        client = app.test_client()
        game_id = client.post("/games", json={"players": 2, "seats": [{"bot": "random"}, {"bot": "random"}]}).get_json()["id"]
        for seed in (1, 2):
            assert client.post(f"/games/{game_id}/reviews", json={**QUICK, "search_seed": seed}).status_code == 200
        assert client.post(f"/games/{game_id}/reviews", json={**QUICK, "search_seed": 1}).status_code == 200  # made
        made = count_reviews(app)
        r = client.post(f"/games/{game_id}/reviews", json={**QUICK, "search_seed": 3})
        assert r.status_code == 429 and r.mimetype == PROBLEM and r.get_json()["rule"] == "rate_limited"
        assert int(r.headers["Retry-After"]) >= 1 and count_reviews(app) == made  # nothing made
    finally:
        app.extensions["wtw_games"].storage.engine.dispose()
