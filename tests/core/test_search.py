"""The core's information-set search (solver.core.search) on a game that is not Wild Tiled West: Hunch
(tests/core/hunch.py), whose guess is made by every seat at once, with a hidden hand each, and whose turns take one
or two moves."""

from __future__ import annotations

import json

import pytest

from solver.core import protocol
from solver.core.bots import RandomBot, play_game
from solver.core.search import (
    GameSearch,
    InformationSetSearch,
    NoDecision,
    SearchResult,
    root_options,
    search,
)
from tests.core.hunch import HUNCH, HunchSearch, HunchState

SEARCH = HunchSearch(HUNCH)


def fingerprint(found: SearchResult) -> list[tuple]:
    """Everything a search answers, in order: each option's moves, visits and returns."""
    return [(json.dumps(o.option.moves, sort_keys=True), o.visits, o.returns) for o in found.options]


def dealt(players: int, hand: int, seat: int = 0) -> HunchState:
    """A new game in which ``seat`` holds ``hand``."""
    return next(s for seed in range(100) if (s := HUNCH.new_state({"players": players, "seed": seed})).hands[seat] == hand)


def at_pile(players: int = 2) -> HunchState:
    """A game after every seat guessed 4: seat 0 takes from the pile of 5."""
    state = HUNCH.new_state({"players": players, "seed": 3})
    for seat in range(players):
        state.play(seat, {"type": "guess", "total": 4})
    return state


def test_hunch_is_a_game_of_the_core_protocol_with_several_seats_pending():
    state = HUNCH.new_state({"players": 3, "seed": 1})
    assert isinstance(HUNCH, protocol.Game) and isinstance(state, protocol.State)
    assert state.pending_seats() == [0, 1, 2]
    state.play(1, {"type": "guess", "total": 6})
    assert state.pending_seats() == [0, 2] and state.view(0)["guessed"] == [False, True, False]
    assert "guesses" not in state.view(0)  # secret until every seat has guessed
    play_game(state, RandomBot(2))
    assert state.finished and sum(r["points"] for r in state.standings()) >= 2


@pytest.mark.parametrize(("hand", "best"), [(1, 3), (2, 4), (3, 5)])
def test_the_search_guesses_the_expected_total_from_its_own_hand(hand, best):
    """Two seats decide at once: the search decides its own seat's guess; the other seat's is the playout policy's,
    inside each determinization of the hidden hand."""
    state = dealt(2, hand)
    assert state.pending_seats() == [0, 1]
    found = search(SEARCH, state.position(0), simulations=120, seed=1)
    assert found.best.option.moves == [{"type": "guess", "total": best}]
    assert found.simulations == 120 and not found.partial
    assert {json.dumps(o.option.moves) for o in found.options} == {json.dumps([m]) for m in state.legal_moves(0)}


def test_the_search_never_reads_hidden_values():
    """Two games that differ only in what seat 0 cannot see (seat 1's hand and its secret guess) get the same
    answer for a seed and a count."""
    first, second = dealt(2, 2), dealt(2, 2)
    first.hands[1], second.hands[1] = 1, 3
    first.play(1, {"type": "guess", "total": 2})
    second.play(1, {"type": "guess", "total": 6})
    assert first.position(0) == second.position(0) and first.to_json() != second.to_json()
    assert first.pending_seats() == [0]
    a, b = (search(SEARCH, s.position(0), simulations=40, seed=7) for s in (first, second))
    assert fingerprint(a) == fingerprint(b)
    assert a.best.option.moves == [{"type": "guess", "total": 4}]


def test_a_turn_of_two_moves_is_one_option_and_the_search_wins_the_pile():
    state = at_pile()
    found = search(SEARCH, state.position(0), simulations=30, seed=2)
    assert sorted(json.dumps(o.option.moves) for o in found.options) == sorted(
        json.dumps(m) for m in ([{"type": "take"}, {"type": "more"}], [{"type": "take"}, {"type": "stop"}]))
    assert found.best.option.moves == [{"type": "take"}, {"type": "more"}]  # leaves 3: the pile is won
    assert found.estimate(found.best).gain == pytest.approx(2.0)
    assert found.best.option.label == "take a stone, take another"
    loser = found.options[1]
    assert found.estimate(loser).loss == pytest.approx(2.0)


def test_the_same_seed_and_count_give_the_same_answer_over_worker_processes():
    position = dealt(2, 3).position(0)
    first = search(SEARCH, position, simulations=24, seed=5, workers=2)
    assert first.simulations == 24 and first.workers == 2 and all(len(o.returns) == 2 for o in first.options)
    assert fingerprint(first) == fingerprint(search(SEARCH, position, simulations=24, seed=5, workers=2))
    assert fingerprint(search(SEARCH, position, simulations=24, seed=5)) == fingerprint(
        search(SEARCH, position, simulations=24, seed=5))


def test_the_search_is_anytime_and_weighs_an_option_it_is_asked_for():
    state = dealt(2, 3)
    position = state.position(0)
    options, partial = root_options(SEARCH, state, 0, 1e12)
    assert not partial and len(options) == 5
    tree = InformationSetSearch(SEARCH, position, options, seed=1)
    assert tree.seat == 0 and tree.run(simulations=4) and tree.result().simulations == 4
    assert tree.run(simulations=3) and tree.result().simulations == 7
    worst = [{"type": "guess", "total": 2}]
    found = search(SEARCH, position, simulations=40, seed=3, include=[worst])
    forced = next(o for o in found.options if o.forced)
    assert forced.option.moves == worst and forced.visits >= 4 and found.estimate(forced).loss > 1.0


def test_a_seat_without_a_decision_or_a_search_without_a_limit_is_refused():
    state = at_pile()
    with pytest.raises(NoDecision):
        search(SEARCH, state.position(1), simulations=1)
    with pytest.raises(ValueError, match="budget"):
        search(SEARCH, state.position(0))
    with pytest.raises(protocol.IllegalMove):
        search(SEARCH, state.position(0), simulations=1, include=[[{"type": "guess", "total": 4}]])


def test_a_plain_game_search_takes_every_move_as_a_decision_of_its_own():
    """``GameSearch`` without ``continues``: a turn's two moves are two decisions; a budget still answers."""
    plain = GameSearch(HUNCH)
    found = search(plain, at_pile().position(0), budget_ms=200, seed=0)
    assert [o.option.moves for o in found.options] == [[{"type": "take"}]] and found.simulations == 0
    state = at_pile()
    for seat, move in ((0, "take"), (0, "more"), (1, "take"), (1, "stop"), (0, "take")):
        state.play(seat, {"type": move})
    assert state.pile == 1 and state.pending_seats() == [0]
    found = search(plain, state.position(0), simulations=12, seed=0)
    assert [o.option.moves for o in found.options] == [[{"type": "more"}], [{"type": "stop"}]]
    assert found.best.option.gain == 2.0 and found.estimate(found.options[1]).loss == 2.0
