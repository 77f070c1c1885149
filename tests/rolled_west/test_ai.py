"""Rolled West's bots, hints and search (issue 38): the bots the game offers; the hint bot plays the hint's top
option; a neighbour deciding a bank between turns gets a hint from its own position only (another seat's sealed choice
never used); the value counts the seat's own sealed bank, never another's, and is the score once no turn is left; the
office outlook counts per-office terms for the offices still to come; ``lead`` is the value less the best other
seat's, the final margin at the end; the search's leaves are valued by a rollout to the end (the final margin), its
options' gains one step ahead, and it may keep only its best options; a sheet's copy is independent; random plays keep every
invariant (``tests/rolled_west/invariants.py``, which the 5,000-game benchmark runs), and the checks catch a broken
sheet."""

from __future__ import annotations

import random

import pytest

from solver.core.search import search
from solver.games.rolled_west.ai.bots import GreedyBot, HintBot
from solver.games.rolled_west.ai.rollout import play_out
from solver.games.rolled_west.ai.search import KEEP, ROLLOUT_ROUNDS, RolledWestSearch
from solver.games.rolled_west.ai.value import BANKED, OFFICE_PACE, held, immediate, lead, office_outlook, turns_left, value
from solver.games.rolled_west.protocol import GAME
from tests.rolled_west.helpers import C, game, set_dice
from tests.rolled_west.invariants import broken, exclusive_once, resources_conserved


def _neighbours_deciding(sealed: str | None) -> object:
    """A 3-player game where seat 0 set its terrain aside and seat 2 decided its bank in secret (``sealed``: a
    resource, or ``None`` for a pass); seat 1 still deciding."""
    state = set_dice(game(3, seed=4), ["copper", "silver", "gold", "wood"])
    state.play(0, {"type": "terrain", "resource": "wood"})
    state.play(2, {"type": "pass"} if sealed is None else {"type": "bank_between", "resource": sealed})
    assert state.pending_seats() == [0, 1]
    return state


def test_the_game_offers_random_greedy_hint_and_search_bots():
    assert list(GAME.bots()) == ["random", "greedy", "hint", "search"]
    assert isinstance(GAME.make_bot("hint", 1), HintBot) and isinstance(GAME.make_bot("greedy", 1), GreedyBot)
    with pytest.raises(KeyError):
        GAME.make_bot("oracle")


def test_the_hint_bot_plays_the_hints_top_option_move_by_move():
    state = game(2, seed=7)
    bot = HintBot(GAME, seed=3)
    options, _partial = RolledWestSearch(GAME).options(state, 0, 1e12)
    top = options[0].moves
    played = []
    while state.active == 0 and not state.finished and 0 in state.pending_seats():
        move = bot.choose(state, 0)
        played.append(move)
        state.play(0, move)
    assert played == top and top[0]["type"] == "terrain" and top[-1] == {"type": "end_turn"}
    assert options[0].gain == max(o.gain for o in options)


def test_a_neighbours_bank_hint_is_from_its_own_position_only():
    answers = []
    for sealed in (None, "silver", "gold"):
        state = _neighbours_deciding(sealed)
        position = state.position(1)
        assert "sealed" not in position and position["decided"] == [2]
        answers.append(GAME.hint(position, top=4, simulations=6, seed=2))
    for answer in answers:
        answer.pop("wall_ms")
    assert answers[0] == answers[1] == answers[2]
    moves = [o["moves"] for o in answers[0]["options"]]
    assert all(len(m) == 1 and m[0]["type"] in ("bank_between", "pass") for m in moves)
    assert {"type": "bank_between", "resource": "wood"} not in [m[0] for m in moves]  # the terrain die is never offered


def test_the_value_counts_the_seats_own_sealed_bank_and_never_anothers():
    state = _neighbours_deciding("gold")
    assert held(state, 2)["gold"] == 1 and sum(held(state, 1).values()) == 0
    before = value(state, 1)
    state.play(1, {"type": "bank_between", "resource": "gold"})
    assert value(state, 1) > before and immediate(state, 1) == immediate(_neighbours_deciding(None), 1) + BANKED


def test_with_no_turn_left_the_value_is_the_score():
    state = play_out(game(2, seed=5), immediate)
    assert state.finished
    for seat in range(2):
        assert value(state, seat) == state.totals()[seat]


def test_the_search_values_a_leaf_by_a_rollout_and_its_options_one_step():
    state = game(2, seed=9)
    plug = RolledWestSearch(GAME)
    end = play_out(state.clone(), lead)
    assert plug.value(state, 0) == end.totals()[0] - end.totals()[1]  # the final margin
    options, _partial = plug.options(state, 0, 1e12)
    after = state.clone()
    for move in options[0].moves:
        after.play(0, move)
    assert options[0].gain == pytest.approx(lead(after, 0) - lead(state, 0))
    found = search(plug, state.position(0), simulations=8, seed=1)
    assert found.simulations == 8 and found.best.option.moves[0]["type"] == "terrain"


def test_a_simulations_root_is_valued_one_step_and_its_leaf_by_a_rollout():
    plug = RolledWestSearch(GAME)
    root = plug.sample(game(2, seed=9).position(0), seed=4)
    assert plug.value(root, 0) == lead(root, 0)  # the same for every option on it: no rollout
    root.play(0, root.legal_moves(0)[0])
    end = play_out(root.clone(), lead)
    assert plug.value(root, 0) == end.totals()[0] - end.totals()[1] != lead(root, 0)


def test_a_rollout_cut_after_some_rounds_is_valued_by_lead_where_it_stops():
    plug = RolledWestSearch(GAME, rounds=1)
    leaf = game(2, seed=9)
    leaf.play(0, leaf.legal_moves(0)[0])
    stop = play_out(leaf.clone(), lead, last_round=leaf.round + 1)
    assert not stop.finished and stop.round == leaf.round + 2 and plug.value(leaf, 0) == lead(stop, 0)
    assert GAME.search_game().keep == KEEP and GAME.search_game().rounds == ROLLOUT_ROUNDS


def _with_offices(offices: list[str], seed: int = 3) -> object:
    """A 2-player game at its start where seat 0 has circled ``offices`` (marks only: the outlook reads the sheet)."""
    state = game(2, seed=seed)
    state.sheets[0].offices.extend(offices)
    return state


def test_the_office_outlook_counts_per_office_terms_for_the_offices_still_to_come():
    per_office = {o.id: sum(p for per, p in o.terms if per == "office") for o in C.offices}
    growing = next(o for o, p in per_office.items() if p > 0)
    flat = next(o for o, p in per_office.items() if p == 0)
    state = _with_offices([growing, flat])
    left = len(C.offices) - 2
    expected = per_office[growing] * min(OFFICE_PACE * turns_left(state, 0), left)
    assert office_outlook(state, 0) == pytest.approx(expected) and expected > 0
    assert office_outlook(_with_offices([flat]), 0) == 0.0 and office_outlook(state, 1) == 0.0
    assert value(state, 0) == pytest.approx(state.score_breakdown(0)["total"] + expected)  # nothing banked yet
    state.sheets[1].offices.extend(o.id for o in C.offices if o.id not in (growing, flat))  # none left to buy
    assert office_outlook(state, 0) == 0.0


def test_lead_is_the_seats_value_less_the_best_others_and_the_margin_at_the_end():
    state = _with_offices([C.offices[0].id])
    assert lead(state, 0) == pytest.approx(value(state, 0) - value(state, 1))
    assert lead(state, 0) == pytest.approx(-lead(state, 1))
    end = play_out(game(3, seed=6), lead)
    totals = end.totals()
    assert [lead(end, s) for s in range(3)] == [totals[s] - max(t for o, t in enumerate(totals) if o != s)
                                                 for s in range(3)]


def test_the_search_keeps_its_best_options_by_one_step_gain():
    state = game(2, seed=9)
    every, _partial = RolledWestSearch(GAME).options(state, 0, 1e12)
    kept, _partial = RolledWestSearch(GAME, keep=3).options(state, 0, 1e12)
    assert len(every) > 3 and [o.moves for o in kept] == [o.moves for o in every[:3]]


def test_a_sheets_copy_is_equal_and_independent():
    state = game(2, seed=2)
    state.sheets[0].offices.append(C.offices[0].id)
    copy = state.sheets[0].copy()
    assert copy.to_json() == state.sheets[0].to_json()
    copy.offices.append(C.offices[1].id)
    copy.claims[next(iter(copy.claims))][0] = "triangle"
    assert copy.to_json() != state.sheets[0].to_json() and state.sheets[0].offices == [C.offices[0].id]


def test_random_plays_keep_every_invariant():
    for seed in range(30):
        state, rng = GAME.new_state({"players": 2 + seed % 3, "seed": seed}), random.Random(seed)
        while not state.finished:
            seat = rng.choice(state.pending_seats())
            state.play(seat, rng.choice(state.legal_moves(seat)))
            assert broken(state) == [], (seed, len(state.moves))


def test_the_invariant_checks_catch_a_broken_sheet():
    state = game(2, seed=3)
    state.sheets[1].shipping["gold"].append(C.shipping_row("gold").boxes[0][0])
    assert resources_conserved(state) == ["seat 1: 0 gold came in, 1 spent, held or lost"]
    state.sheets[0].contracts.append("gold-5")
    state.sheets[1].contracts.append("gold-5")
    assert "contract gold-5 circled by 2 players" in exclusive_once(state)
