"""The daily archive every game uses (``puzzles.archive``): a game's daily puzzle is found through the registry by its
package's name (``puzzles.<leaf>``), a game without one has none, and what a game's package offers is checked."""

from __future__ import annotations

import datetime
import importlib.machinery
import sys
import types

import pytest

import puzzles.wild_tiled_west
from puzzles import archive
from puzzles.__main__ import main
from puzzles.archive import (
    DIFFICULTIES,
    DailyPuzzles,
    PuzzleError,
    daily_games,
    daily_of,
    daily_puzzle,
    package_of,
    seed_text,
)
from solver.core import protocol, registry
from solver.core.registry import GameEntry


def _entry(game_id: str, package: str) -> GameEntry:
    return GameEntry(id=game_id, title=game_id.title(), players=range(1, 3), rules="none.md", package=package)


@pytest.fixture
def register(monkeypatch):
    """Register a throwaway game for the test alone: ``register(game_id, package)``."""
    def add(game_id: str, package: str) -> GameEntry:
        entry = _entry(game_id, package)
        monkeypatch.setitem(registry._ENTRIES, game_id, entry)
        return entry
    return add


def _puzzle_package(monkeypatch, name: str, daily: object) -> None:
    """A module ``name`` with ``DAILY = daily``, importable for the test alone."""
    module = types.ModuleType(name)
    module.__spec__ = importlib.machinery.ModuleSpec(name, None)
    module.DAILY = daily  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, name, module)


class ToyDaily:
    """A second game's daily puzzle: one difficulty, a puzzle naming its date."""

    seed_prefix = "toy-game/daily-puzzle/v1"
    difficulties = ("easy",)

    def puzzle(self, date, difficulty, game):
        return {"id": "toy", "date": date.isoformat(), "difficulty": difficulty, "game": game.entry.id}

    def verify(self, puzzle, solution, game):
        return {"legal": True, "score": 0, "optimum": 0}

    def board(self, puzzle, solution, game):
        return {"placed": 0, "svg": "<svg/>", "options": {}}


def test_wild_tiled_west_has_its_daily_puzzle_found_through_the_registry():
    assert package_of("wild-tiled-west") == "puzzles.wild_tiled_west"
    daily = daily_of("wild-tiled-west")
    assert daily is puzzles.wild_tiled_west.DAILY and isinstance(daily, DailyPuzzles)
    assert daily.difficulties == DIFFICULTIES and daily.seed_prefix == "wild-tiled-west/daily-puzzle/v2"
    assert daily_games() == ("wild-tiled-west", "rolled-west")  # Rolled West's: tests/rolled_west/test_puzzles.py
    with pytest.raises(KeyError, match="no-such-game"):
        daily_of("no-such-game")


def test_a_game_without_a_puzzle_package_has_no_daily_puzzle(register):
    register("no-puzzles", "solver.games.no_puzzles_here")
    assert package_of("no-puzzles") == "puzzles.no_puzzles_here"
    assert daily_of("no-puzzles") is None
    assert daily_games() == ("wild-tiled-west", "rolled-west")
    with pytest.raises(PuzzleError, match="has no daily puzzle"):
        daily_puzzle(types.SimpleNamespace(entry=registry.get("no-puzzles")), datetime.date(2026, 1, 2))  # type: ignore[arg-type]


def test_another_game_finds_its_own_package_by_the_same_convention(register, monkeypatch):
    entry = register("toy-game", "somewhere.games.toy_game")
    _puzzle_package(monkeypatch, "puzzles.toy_game", ToyDaily())
    assert isinstance(daily_of("toy-game"), ToyDaily)
    assert daily_games() == ("wild-tiled-west", "rolled-west", "toy-game")
    game = types.SimpleNamespace(entry=entry)
    made = daily_puzzle(game, datetime.datetime(2026, 1, 2, 13, 0), "easy")  # type: ignore[arg-type]
    assert made == {"id": "toy", "date": "2026-01-02", "difficulty": "easy", "game": "toy-game"}
    with pytest.raises(PuzzleError, match="unknown difficulty 'hard'"):
        daily_puzzle(game, datetime.date(2026, 1, 2), "hard")  # type: ignore[arg-type]


def test_a_puzzle_package_that_breaks_the_interface_is_refused(register, monkeypatch):
    register("bad-game", "x.bad_game")
    _puzzle_package(monkeypatch, "puzzles.bad_game", object())
    with pytest.raises(TypeError, match="not the daily puzzle"):
        daily_of("bad-game")
    register("thief-game", "x.thief_game")  # a seed prefix naming another game: its ids could meet that game's
    thief = ToyDaily()
    thief.seed_prefix = "wild-tiled-west/daily-puzzle/v9"
    _puzzle_package(monkeypatch, "puzzles.thief_game", thief)
    with pytest.raises(TypeError, match="must begin with 'thief-game/'"):
        daily_of("thief-game")


def test_the_seed_text_of_a_candidate():
    assert seed_text("wild-tiled-west/daily-puzzle/v2", datetime.date(2026, 1, 2), "hard", 7) == \
        "wild-tiled-west/daily-puzzle/v2/2026-01-02/hard/7"
    with pytest.raises(PuzzleError):
        archive.as_date("2026-01-02")


def test_the_wild_tiled_west_puzzle_refuses_another_games_object():
    toy = types.SimpleNamespace(entry=_entry("toy-game", "x.toy_game"))
    with pytest.raises(TypeError, match="own game object"):
        puzzles.wild_tiled_west.DAILY.verify({}, {"placements": []}, toy)  # type: ignore[arg-type]
    assert protocol.load("wild-tiled-west").entry.id == "wild-tiled-west"


def test_the_command_line_names_the_game(register, capsys):
    register("no-puzzles", "solver.games.no_puzzles_here")
    for args in (["daily", "--date", "2026-01-02", "--game", "no-puzzles"],
                 ["daily", "--date", "2026-01-02", "--game", "no-such-game"],
                 ["verify", "p.json", "s.json", "--game", "no-puzzles"]):
        with pytest.raises(SystemExit) as exit_info:
            main(args)
        assert exit_info.value.code == 2
        assert "has no daily puzzle" in capsys.readouterr().err
