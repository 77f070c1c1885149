"""The registry of the games (solver.core.registry): what it holds after ``solver.games`` is imported, and how it
refuses a second game of one id or answers an unknown id."""

from __future__ import annotations

import dataclasses
import importlib
from pathlib import Path

import pytest

import solver.games  # registers every game
from solver.core import registry
from solver.core.registry import GameEntry

SEEDS = Path(__file__).resolve().parents[2].parent / "shared" / "seeds"


@pytest.fixture
def empty(monkeypatch):
    """A registry of its own for the test, so the games registered by ``solver.games`` stay as they are."""
    monkeypatch.setattr(registry, "_ENTRIES", {})


def _entry(game_id: str = "some-game", **kw) -> GameEntry:
    return GameEntry(**{"id": game_id, "title": "Some Game", "players": range(1, 5), "rules": "some-game-rules-en.txt",
                        "package": "solver.games.some_game", **kw})


def test_wild_tiled_west_is_registered():
    entry = registry.get("wild-tiled-west")
    assert entry == solver.games.wild_tiled_west.ENTRY
    assert (entry.title, entry.players, entry.rules) == ("Wild Tiled West", range(1, 6), "wild-tiled-west-rulebook-en.md")
    assert list(entry.players) == [1, 2, 3, 4, 5]
    assert importlib.import_module(entry.package) is solver.games.wild_tiled_west
    assert entry in registry.entries()
    assert [e.id for e in registry.entries()].count("wild-tiled-west") == 1


@pytest.mark.skipif(not SEEDS.is_dir(), reason="no shared/seeds beside the checkout")
def test_every_entry_names_a_rule_text_that_exists():
    for entry in registry.entries():
        assert (SEEDS / entry.rules).is_file(), entry


def test_register_and_get(empty):
    first, second = _entry("b-game"), _entry("a-game")
    assert registry.register(first) is first
    registry.register(second)
    assert registry.get("b-game") is first and registry.get("a-game") is second
    assert registry.entries() == (first, second)  # in the order registered


def test_a_second_game_of_one_id_is_refused(empty):
    registry.register(_entry())
    with pytest.raises(ValueError, match="some-game"):
        registry.register(_entry(title="Another Game"))
    assert registry.get("some-game").title == "Some Game"
    assert len(registry.entries()) == 1


def test_an_unknown_id_names_the_known_ones(empty):
    with pytest.raises(KeyError, match="known: none"):
        registry.get("wild-tiled-west")
    registry.register(_entry("b-game"))
    registry.register(_entry("a-game"))
    with pytest.raises(KeyError, match=r"'no-such-game'.*known: a-game, b-game"):
        registry.get("no-such-game")


def test_an_entry_is_frozen_and_checked():
    entry = _entry()
    with pytest.raises(dataclasses.FrozenInstanceError):
        entry.id = "other"
    for bad in ({"players": range(1, 1)}, {"players": range(0, 3)}, {"players": range(1, 6, 2)}, {"id": ""},
                {"rules": ""}, {"package": ""}):
        with pytest.raises(ValueError):
            _entry(**bad)
