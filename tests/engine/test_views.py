"""Seat views and positions built by allow-list (solver/games/wild_tiled_west/engine/views.py): a field the game state gains stays out
of every seat's and the spectator's view and position until it is named there; an event, move or agenda step of
an unknown type keeps only its envelope; and the allow-list names everything the engine shows today."""

from __future__ import annotations

import json

import pytest

import solver.games.wild_tiled_west.engine.game as game_module
from solver.games.wild_tiled_west.engine import views
from solver.games.wild_tiled_west.engine.game import Game
from solver.games.wild_tiled_west.rules.dice import Die
from solver.games.wild_tiled_west.rules.player import PlayerState
from solver.games.wild_tiled_west.rules.settlement import Settlement
from solver.games.wild_tiled_west.rules.setup import GameConfig, SeatConfig
from solver.games.wild_tiled_west.rules.solo import SoloState
from solver.games.wild_tiled_west.rules.trays import TrayState
from solver.games.wild_tiled_west.rules.wrangling import Contract
from tests.game_checks import play_random

KEY, VALUE = "zz_secret", "zz-424242"


def _add(d: dict) -> dict:
    d[KEY] = VALUE
    return d


def _wrap(monkeypatch, owner, name: str, change) -> None:
    """Replace ``owner.name`` by a function that passes its result through ``change``."""
    original = getattr(owner, name)
    monkeypatch.setattr(owner, name, lambda *a, **kw: change(original(*a, **kw)))


def _in_game_json(change):
    """A change of ``Game.to_json`` data, in place."""
    def patched(data: dict) -> dict:
        change(data)
        return data
    return patched


def _nested_dicts(value):
    if isinstance(value, dict):
        yield value
        for v in value.values():
            yield from _nested_dicts(v)
    elif isinstance(value, list):
        for v in value:
            yield from _nested_dicts(v)


def _event_parts(data: dict) -> None:
    for event in data["events"]:
        for v in event.values():
            for d in _nested_dicts(v):  # tussle results, rolled dice, standings, score breakdowns, setup contracts
                _add(d)


def _steps_with_the_field(advance):
    """``Game._advance`` leaving the new field on every agenda step (a step the engine would make with it)."""
    def patched(game: Game) -> None:
        advance(game)
        for step in game.agenda:
            step.setdefault(KEY, VALUE)
    return patched


def _breakdown(b: dict) -> dict:
    for part in (b, b["in_game"], b["endgame"]):
        _add(part)
    return b


#: Where a new field lands -> (how to add it, the player count).  Each is added the way a later change would:
#: in a component's ``to_json``, in ``Game.to_json`` data, in an emitted event, in ``pending`` or the breakdown.
PLACES = {
    "game": (lambda mp: _wrap(mp, Game, "to_json", _add), 3),
    "config": (lambda mp: _wrap(mp, GameConfig, "to_json", _add), 3),
    "trays": (lambda mp: _wrap(mp, TrayState, "to_json", _add), 3),
    "supply": (lambda mp: _wrap(mp, Game, "to_json", _in_game_json(lambda d: _add(d["supply"]))), 3),
    "die": (lambda mp: _wrap(mp, Die, "to_json", _add), 3),
    "contract": (lambda mp: _wrap(mp, Contract, "to_json", _add), 3),
    "player": (lambda mp: _wrap(mp, PlayerState, "to_json", _add), 3),
    "ledger": (lambda mp: _wrap(mp, PlayerState, "to_json", lambda d: {**d, "ledger": _add(d["ledger"])}), 3),
    "partner card": (lambda mp: _wrap(mp, Game, "to_json", _in_game_json(
        lambda d: [_add(c) for p in d["players"] for c in p["partners"]])), 3),
    "settlement": (lambda mp: _wrap(mp, Settlement, "to_json", _add), 3),
    "placed tile": (lambda mp: _wrap(mp, Settlement, "to_json", lambda d: {**d, "tiles": [_add(t) for t in d["tiles"]]}), 3),
    "solo": (lambda mp: _wrap(mp, SoloState, "to_json", _add), 1),
    "event": (lambda mp: mp.setattr(Game, "emit", lambda self, e, emit=Game.emit: emit(self, _add(dict(e)))), 3),
    "solo event": (lambda mp: mp.setattr(Game, "emit", lambda self, e, emit=Game.emit: emit(self, _add(dict(e)))), 1),
    "event part": (lambda mp: _wrap(mp, Game, "to_json", _in_game_json(_event_parts)), 3),
    "move": (lambda mp: _wrap(mp, Game, "to_json", _in_game_json(lambda d: [_add(m) for m in d["moves"]])), 3),
    "agenda step": (lambda mp: mp.setattr(Game, "_advance", _steps_with_the_field(Game._advance)), 3),
    "pending": (lambda mp: _wrap(mp, Game, "pending", lambda p: p and _add(p)), 3),
    "score breakdown": (lambda mp: _wrap(mp, game_module, "score_breakdown", _breakdown), 3),
}


def _full_state(game: Game) -> str:
    """Everything the game holds, where the new field must be (or the test proves nothing)."""
    return json.dumps([game.to_json(), game.pending(), [game.score_breakdown(p.seat) for p in game.players]])


def _shown(game: Game) -> dict[str, str]:
    out = {f"view({s})": json.dumps(game.view(s)) for s in [*range(game.config.players), None]}
    out.update({f"position({s})": json.dumps(game.position(s)) for s in range(game.config.players)})
    return out


@pytest.mark.parametrize("place", list(PLACES))
def test_a_field_added_to_the_state_appears_in_no_view_nor_position(monkeypatch, place):
    add_field, players = PLACES[place]
    add_field(monkeypatch)
    sides = tuple(SeatConfig(side=s) for s in ("wild", "normal", "random")[:players])
    game = Game(GameConfig(players=players, seed=41, seats=sides))
    checked = []

    def check(game: Game) -> None:
        if game.version % 12 and not game.finished:
            return
        if KEY not in _full_state(game):
            return  # not there yet (an empty agenda, no face-up partner yet, ...)
        for name, text in _shown(game).items():
            assert KEY not in text and VALUE not in text, f"{place}: the new field shows in {name}"
        checked.append(game.version)

    check(game)
    play_random(game, seed=3, each_move=check)
    assert checked, f"{place}: the new field never reached the game state"


def test_an_event_of_an_unknown_type_keeps_only_its_envelope():
    game = Game(GameConfig(players=3, seed=42))
    game.emit({"type": "bounty_posted", "seat": 1, "wanted": VALUE, KEY: 1})
    game.emit({"type": "bounty_drawn", "seat": 1, "card": VALUE, "private_to": 1})
    envelope = {"n": len(game.events) - 2, "version": 0, "type": "bounty_posted", "seat": 1}
    private = {"n": len(game.events) - 1, "version": 0, "type": "bounty_drawn", "seat": 1}
    for seat in (0, 1, 2, None):
        events = game.view(seat)["events"]
        assert envelope in events
        assert (private in events) == (seat == 1)
        assert VALUE not in json.dumps(game.view(seat)) and KEY not in json.dumps(game.position(seat or 0))


def test_a_move_or_agenda_step_of_an_unknown_type_keeps_only_its_envelope():
    game = Game(GameConfig(players=2, seed=43))
    game.moves.append({"type": "bribe", "sheriff": VALUE})
    game.move_seats.append(0)
    game.agenda.insert(1, {"step": "bribe", "seat": 0, "sheriff": VALUE})
    for seat in (0, 1):
        position = game.position(seat)
        assert position["moves"][-1] == {"type": "bribe"}
        assert {"step": "bribe", "seat": 0} in position["agenda"]
        assert VALUE not in json.dumps(position) and VALUE not in json.dumps(game.view(seat))


def test_an_object_where_the_view_expects_a_plain_value_is_refused(monkeypatch):
    # a field that becomes an object could carry new fields: the view refuses it rather than pass them on
    _wrap(monkeypatch, PlayerState, "to_json", lambda d: {**d, "gold": {"amount": d["gold"], KEY: VALUE}})
    game = Game(GameConfig(players=2, seed=44))
    for seat in (0, 1, None):
        with pytest.raises(TypeError, match="plain value"):
            game.view(seat)


def test_the_allow_list_names_everything_the_engine_shows_today():
    # Every event, move and agenda step the engine makes in random games keeps all its fields in the view of a
    # seat allowed to see it: a new field or type must be named in solver/games/wild_tiled_west/engine/views.py to be shown.
    for players in range(1, 6):
        sides = tuple(SeatConfig(side=("wild", "random")[s % 2]) for s in range(players))
        game = Game(GameConfig(players=players, seed=50 + players, seats=sides))

        def check(game: Game) -> None:
            seat = (game.pending() or {"seat": 0})["seat"]
            shown = [{**step, "kept": [k is not None for k in step["kept"]]} if "kept" in step else step
                     for step in game.agenda]  # Setup E: which seats have kept a partner, never which (a secret)
            assert game.position(seat)["agenda"] == shown, "an agenda step's field is not named in views.STEPS"
            assert game.view(seat)["pending"] == game.pending()

        play_random(game, seed=players, each_move=check)
        for event in game.events:
            assert event["type"] in views.EVENTS, f"event type {event['type']!r} not named in views.EVENTS"
            shown = views.event_view(event, event.get("private_to"))
            assert shown == event, f"{event['type']} event: {sorted(set(event) - set(shown))} not named in views.EVENTS"
        for move, mover in zip(game.moves, game.move_seats):
            assert move["type"] in views.MOVES, f"move type {move['type']!r} not named in views.MOVES"
            shown = views.move_view(move, mover, mover)
            assert shown == move, f"{move['type']} move: {sorted(set(move) - set(shown))} not named in views.MOVES"
        for p in game.players:
            assert game.view(p.seat)["players"][p.seat] == p.to_json()
            assert game.view(None)["players"][p.seat] == {**p.to_json(), "dealt": 0}  # all face up at the end
