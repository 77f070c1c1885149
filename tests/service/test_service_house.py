"""The service as a house of several games (issue 36): the catalog of games, ``"game"`` at creation (default Wild Tiled
West), every state and lobby entry naming its game, the lobby filtered by game, and a database made before the
``game`` column (its games are Wild Tiled West's and still read and play)."""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine, select, text
from sqlalchemy.pool import NullPool

import solver.games  # noqa: F401 (registers the games)
from service.app import create_app
from service.models import GameRecord
from solver.core import protocol, registry
from tests.service.databases import fresh_database
from tests.service.service_http import assert_problem
from tests.service.test_service_lobby import call

SEED = 4_242_424


@pytest.fixture
def app(tmp_path):
    app = create_app({"TESTING": True, "DATABASE_URL": fresh_database(tmp_path, "house"), "RATELIMIT_ENABLED": False})
    yield app
    app.extensions["wtw_games"].storage.engine.dispose()


def test_the_catalog_of_games_lists_every_registered_game(app):
    r = call(app, "GET", "/games/catalog")
    assert r.status == 200 and r.headers["content-type"] == "application/json"
    assert "public" in r.headers["cache-control"]
    listed = r.json()["games"]
    assert [g["id"] for g in listed] == [e.id for e in registry.entries()]
    wtw = next(g for g in listed if g["id"] == "wild-tiled-west")
    assert (wtw["title"], wtw["players"], wtw["rules"]) == ("Wild Tiled West", [1, 2, 3, 4, 5], "wild-tiled-west-rulebook-en.md")
    assert "reconstructed" in wtw["reconstructed"] and "docs/components.md" in wtw["reconstructed"]
    assert set(wtw["bots"]) == {"random", "greedy", "hint", "search"} and all(wtw["bots"].values())
    assert wtw["config"] == protocol.load("wild-tiled-west").config_schema()
    assert wtw["config"]["properties"]["players"] == {"type": "integer", "minimum": 1, "maximum": 5}


def test_a_game_is_created_of_the_named_game_and_every_state_names_it(app):
    plain = call(app, "POST", "/games", {"players": 2, "seed": SEED})
    named = call(app, "POST", "/games", {"game": "wild-tiled-west", "players": 2, "seed": SEED})
    assert plain.status == named.status == 201
    assert plain.json()["state"]["game"] == named.json()["state"]["game"] == "wild-tiled-west"
    strip = ("id",)
    assert {k: v for k, v in plain.json()["state"].items() if k not in strip} == \
        {k: v for k, v in named.json()["state"].items() if k not in strip}  # the default is that game
    token = named.json()["tokens"][0]["token"]
    game_id = named.json()["id"]
    assert call(app, "GET", f"/games/{game_id}").json()["game"] == "wild-tiled-west"
    assert call(app, "GET", f"/games/{game_id}", token=token).json()["game"] == "wild-tiled-west"
    with app.extensions["wtw_games"].storage.sessions() as s:
        assert s.execute(select(GameRecord.game).where(GameRecord.id == game_id)).scalar() == "wild-tiled-west"


def test_an_unknown_game_is_refused_and_nothing_is_stored(app):
    r = call(app, "POST", "/games", {"game": "no-such-game", "players": 2})
    assert_problem(r, 422)
    assert "game" in r.json()["errors"]["json"]
    for bad in ("", "Wild-Tiled-West", 7):
        assert call(app, "POST", "/games", {"game": bad, "players": 2}).status == 422
    with app.extensions["wtw_games"].storage.sessions() as s:
        assert s.execute(select(GameRecord.id)).all() == []
    assert_problem(call(app, "GET", "/games?game=no-such-game"), 422)


def test_the_lobby_lists_the_games_of_one_game_or_of_all(app):
    open_game = call(app, "POST", "/games", {"players": 2, "seed": SEED, "seats": [{}, {"open": True}]}).json()["id"]
    every = call(app, "GET", "/games").json()["games"]
    assert [(g["id"], g["game"]) for g in every] == [(open_game, "wild-tiled-west")]
    assert call(app, "GET", "/games?game=wild-tiled-west").json()["games"] == every
    assert call(app, "GET", "/games?game=wild-tiled-west&status=open&limit=5").json()["games"] == every


def test_a_database_made_before_the_game_column_reads_and_plays_its_games(tmp_path):
    """A ``games`` table without ``game``: the app adds the column at start; the old rows (null) are Wild Tiled West's
    games: they are listed under that game, their state names it, and they play on."""
    url = fresh_database(tmp_path, "pregame")
    old = create_app({"TESTING": True, "DATABASE_URL": url, "RATELIMIT_ENABLED": False})
    created = call(old, "POST", "/games", {"players": 2, "seed": SEED, "seats": [{}, {"open": True}]}).json()
    game_id, token = created["id"], created["tokens"][0]["token"]
    old.extensions["wtw_games"].storage.engine.dispose()
    engine = create_engine(url, poolclass=NullPool)
    with engine.begin() as conn:  # the table as the service made it before the house had several games
        conn.execute(text("ALTER TABLE games DROP COLUMN game"))
    app = create_app({"TESTING": True, "DATABASE_URL": url, "RATELIMIT_ENABLED": False})
    try:
        with engine.connect() as conn:
            assert conn.execute(select(GameRecord.game)).all() == [(None,)]
        assert call(app, "GET", f"/games/{game_id}").json()["game"] == "wild-tiled-west"
        assert [g["game"] for g in call(app, "GET", "/games?game=wild-tiled-west").json()["games"]] == ["wild-tiled-west"]
        state = call(app, "GET", f"/games/{game_id}", token=token).json()
        seat = state["pending"]["seat"]
        claimed = call(app, "POST", f"/games/{game_id}/seats/1/claim", {"name": "Bo"}).json()["token"]
        mover = token if seat == 0 else claimed
        move = call(app, "GET", f"/games/{game_id}/legal-moves", token=mover).json()["moves"][0]
        played = call(app, "POST", f"/games/{game_id}/moves", move, token=mover)
        assert played.status == 200, played.text
        assert played.json()["state"]["game"] == "wild-tiled-west" and played.json()["state"]["moves_played"] == 1
    finally:
        engine.dispose()
        app.extensions["wtw_games"].storage.engine.dispose()


def test_the_daily_puzzle_is_asked_by_game(tmp_path, monkeypatch):
    from service.puzzles import routes
    from tests.service.test_service_puzzles import _app, _hard_eight

    app = _app(fresh_database(tmp_path, "house-puzzles"), _hard_eight)
    try:
        plain = call(app, "GET", "/puzzles/daily?date=2026-03-04&difficulty=hard")
        named = call(app, "GET", "/puzzles/daily?game=wild-tiled-west&date=2026-03-04&difficulty=hard")
        assert plain.status == named.status == 200 and plain.body == named.body  # the default is that game
        assert plain.headers["etag"] == named.headers["etag"]
        assert_problem(call(app, "GET", "/puzzles/daily?game=no-such-game&date=2026-03-04"), 422)
        monkeypatch.setattr(routes, "DAILY_GAMES", ())  # a registered game without a daily puzzle
        assert_problem(call(app, "GET", "/puzzles/daily?game=wild-tiled-west&date=2026-03-04"), 404, "no_daily_puzzle")
    finally:
        app.extensions["wtw_puzzles"].storage.engine.dispose()
