"""Daily puzzles of several games in one house: the puzzles table keeps each game's day apart, a puzzle's solutions
and board are its own game's, ids never lead to another game's puzzle, and a database made before the table knew
games opens, migrated, and serves its puzzles as before."""

from __future__ import annotations

import datetime
import importlib.machinery
import json
import sys
import types

import pytest
from sqlalchemy import Column, DateTime, MetaData, String, Table, Text, UniqueConstraint, create_engine, inspect, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.pool import NullPool

from puzzles.format import canonical_json, content_id
from service.app import create_app
from service.models import PuzzleRecord, utcnow
from service.puzzles.store import PuzzleStore
from service.storage import DEFAULT_GAME, Storage, StoredPuzzle
from solver.core import protocol, registry
from solver.core.registry import GameEntry
from tests.service.databases import fresh_database
from tests.service.service_http import redated_puzzle, session_puzzle

TOY = "toy-game"
DAY = datetime.date(2026, 3, 4)


class ToyDaily:
    """A second game's daily puzzle (``puzzles.archive.DailyPuzzles``): its puzzle names its date and a target."""

    seed_prefix = f"{TOY}/daily-puzzle/v1"
    difficulties = ("easy", "hard")

    def puzzle(self, date, difficulty, game):
        puzzle = {"date": date.isoformat(), "difficulty": difficulty, "target": 7, "generator": {"seed": self.seed_prefix},
                  "solution": {"answer": 7}}
        return {**puzzle, "id": content_id(puzzle)}

    def verify(self, puzzle, solution, game):
        assert game.entry.id == TOY  # its own game's object
        score = solution.get("answer") if isinstance(solution, dict) else None
        return {"legal": True, "score": score, "optimum": puzzle["target"], "optimal": score == puzzle["target"]}

    def board(self, puzzle, solution, game):
        return {"placed": 0, "svg": f"<svg>{game.entry.id}</svg>", "options": {}}


@pytest.fixture
def toy_game(monkeypatch):
    """A throwaway registered game whose daily puzzle package, ``puzzles.toy_game``, is ``ToyDaily``: its game object."""
    entry = GameEntry(id=TOY, title="Toy Game", players=range(1, 2), rules="none.md", package="somewhere.toy_game")
    monkeypatch.setitem(registry._ENTRIES, TOY, entry)
    module = types.ModuleType("puzzles.toy_game")
    module.__spec__ = importlib.machinery.ModuleSpec("puzzles.toy_game", None)
    module.DAILY = ToyDaily()  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "puzzles.toy_game", module)
    return types.SimpleNamespace(entry=entry)


@pytest.fixture
def storage(tmp_path):
    s = Storage(fresh_database(tmp_path, "two-games"))
    s.create_tables()
    yield s
    s.engine.dispose()


def test_the_table_keeps_two_games_puzzles_of_one_day_apart(storage):
    wtw = StoredPuzzle("a" * 16, "2026-03-04", "easy", '{"id":"aaaaaaaaaaaaaaaa"}')
    toy = StoredPuzzle("b" * 16, "2026-03-04", "easy", '{"id":"bbbbbbbbbbbbbbbb"}', TOY)
    assert storage.insert_puzzle(wtw) == wtw and storage.insert_puzzle(toy) == toy  # same day and difficulty
    assert storage.daily_puzzle("2026-03-04", "easy") == wtw == storage.daily_puzzle("2026-03-04", "easy", DEFAULT_GAME)
    assert storage.daily_puzzle("2026-03-04", "easy", TOY) == toy and storage.puzzle("b" * 16) == toy
    again = StoredPuzzle("c" * 16, "2026-03-04", "easy", '{"id":"cccccccccccccccc"}', TOY)
    assert storage.insert_puzzle(again) == toy  # still once per game, date and difficulty
    assert storage.daily_puzzle("2026-03-04", "hard", TOY) is None


def test_an_id_taken_by_another_games_puzzle_is_never_answered_for_it(storage):
    wtw = StoredPuzzle("d" * 16, "2026-03-04", "easy", '{"id":"dddddddddddddddd"}')
    storage.insert_puzzle(wtw)
    with pytest.raises(IntegrityError):  # a 64-bit collision of content ids: refused, not the other game's puzzle
        storage.insert_puzzle(StoredPuzzle("d" * 16, "2026-03-05", "easy", '{"id":"dddddddddddddddd"}', TOY))
    assert storage.daily_puzzle("2026-03-05", "easy", TOY) is None


def test_each_puzzle_is_made_verified_and_drawn_by_its_own_game(tmp_path, toy_game):
    games = {DEFAULT_GAME: protocol.load(DEFAULT_GAME), TOY: toy_game}  # as house_games gives them
    storage = Storage(fresh_database(tmp_path, "store"))
    storage.create_tables()
    try:
        store = PuzzleStore(storage, datetime.date(2026, 1, 1), 1, games)
        assert list(store.dailies) == [DEFAULT_GAME, TOY] and store.difficulties(TOY) == ("easy", "hard")
        store.generator = redated_puzzle  # Wild Tiled West's, a stand-in
        wtw, toy = store.make(DAY, "easy"), store.make(DAY, "easy", TOY)
        assert (wtw.game, toy.game) == (DEFAULT_GAME, TOY) and wtw.id != toy.id
        assert store.make(DAY, "easy", TOY) == toy and store.stored(DAY, "easy") == wtw
        assert json.loads(toy.canonical)["generator"]["seed"].startswith(f"{TOY}/")
        assert store.verify(toy.id, {"answer": 7}) == {"puzzle": toy.id, "legal": True, "score": 7, "optimum": 7,
                                                       "optimal": True}
        assert store.board(toy.id, {}) == {"puzzle": toy.id, "placed": 0, "svg": f"<svg>{TOY}</svg>", "options": {}}
        verdict = store.verify(wtw.id, session_puzzle()["solution"])
        assert verdict["legal"] and verdict["score"] == verdict["optimum"]  # Wild Tiled West's verifier
        assert store.board(wtw.id, {"placements": []})["svg"].startswith("<svg")
        with pytest.raises(Exception, match="no daily puzzle"):
            store.make(DAY, "easy", "no-such-game")
    finally:
        storage.engine.dispose()


#: The puzzles table as the service made it before it held several games' puzzles (unique per date and difficulty).
OLD_PUZZLES = Table("puzzles", MetaData(),
                    Column("id", String(32), primary_key=True), Column("date", String(10), nullable=False),
                    Column("difficulty", String(16), nullable=False), Column("canonical", Text, nullable=False),
                    Column("created_at", DateTime(timezone=True), nullable=False),
                    UniqueConstraint("date", "difficulty", name="uq_puzzles_date_difficulty"))


def test_a_database_made_before_puzzles_had_games_opens_and_serves_them(tmp_path):
    url = fresh_database(tmp_path, "pregame-puzzles")
    engine = create_engine(url, poolclass=NullPool)
    old = redated_puzzle(DAY, "hard")
    with engine.begin() as conn:
        OLD_PUZZLES.create(conn)
        conn.execute(OLD_PUZZLES.insert().values(id=old["id"], date=old["date"], difficulty="hard",
                                                 canonical=canonical_json(old), created_at=utcnow()))
    app = create_app({"TESTING": True, "DATABASE_URL": url, "RATELIMIT_ENABLED": False})
    store = app.extensions["wtw_puzzles"]

    def refuse(date, difficulty):
        raise AssertionError("a stored puzzle is never generated again")

    store.generator = refuse
    try:
        client = app.test_client()
        daily = client.get(f"/puzzles/daily?date={DAY.isoformat()}&difficulty=hard")
        assert daily.status_code == 200 and daily.get_json()["id"] == old["id"] and daily.headers["ETag"] == f'"{old["id"]}"'
        assert client.get(f"/puzzles/{old['id']}").data == daily.data
        verdict = client.post(f"/puzzles/{old['id']}/solutions", json=old["solution"]).get_json()
        assert verdict["legal"] and verdict["score"] == old["optimum"]
        with engine.connect() as conn:  # the rows are Wild Tiled West's; the table is unique per game now
            assert conn.execute(select(PuzzleRecord.id, PuzzleRecord.game)).all() == [(old["id"], DEFAULT_GAME)]
            uniques = [sorted(c["column_names"]) for c in inspect(conn).get_unique_constraints("puzzles")]
            assert uniques == [["date", "difficulty", "game"]]
        toy = StoredPuzzle("e" * 16, old["date"], "hard", '{"id":"eeeeeeeeeeeeeeee"}', TOY)
        assert store.storage.insert_puzzle(toy) == toy  # another game's puzzle of that day fits beside it
        again = create_app({"TESTING": True, "DATABASE_URL": url, "RATELIMIT_ENABLED": False})  # a second start: as is
        assert again.extensions["wtw_puzzles"].storage.daily_puzzle(old["date"], "hard").id == old["id"]
        again.extensions["wtw_puzzles"].storage.engine.dispose()
    finally:
        engine.dispose()
        store.storage.engine.dispose()
