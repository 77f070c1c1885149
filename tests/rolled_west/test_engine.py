"""Rolled West's state machine (solver/games/rolled_west/engine): the turn's steps, the decisions made by several
seats at once (the active player spends while each neighbour who may bank chooses, sealed until it resolves), the
2-player ghost roll, the end of the game, refusals that change nothing, views, undo and the whole-turn options."""

from __future__ import annotations

import json
import random

import pytest

from solver.core.protocol import GameOver, IllegalMove
from solver.games.rolled_west.ai.search import RolledWestSearch
from solver.games.rolled_west.protocol import GAME
from tests.rolled_west.helpers import give_bank, pass_bankers, set_dice, turn


def _snapshot(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def _refused(state, seat, move, rule: str) -> IllegalMove:
    before = _snapshot(state)
    with pytest.raises(IllegalMove) as refused:
        state.play(seat, move)
    assert refused.value.rule == rule, (refused.value.rule, str(refused.value))
    assert _snapshot(state) == before, "a refused move changed the state"
    return refused.value


def test_a_turn_rolls_then_asks_the_terrain_then_spends():
    """"On your turn, do the following, in order: 1. Roll All 4 Resource Dice 2. Choose 1 die to represent the terrain
    3. Spend or bank resources 4. Pass the dice to the next player"."""
    state = GAME.new_state({"players": 3, "seed": 4})
    assert state.events[0]["type"] == "rolled" and len(state.events[0]["dice"]) == 4
    assert state.pending_seats() == [0] and state.decision(0)["type"] == "terrain"
    assert {m["type"] for m in state.legal_moves(0)} == {"terrain"}
    _refused(state, 0, {"type": "end_turn"}, "wrong_decision")
    _refused(state, 1, {"type": "pass"}, "not_your_decision")
    set_dice(state, ["wood", "copper", "wood", "gold"])
    assert state.legal_moves(0) == [{"type": "terrain", "resource": r} for r in ("wood", "copper", "gold")]
    state.play(0, {"type": "terrain", "resource": "gold"})
    assert state.decision(0) == {"type": "spend", "seat": 0, "round": 1, "terrain": "mountains"}
    assert state.rolled == {"wood": 2, "copper": 1, "silver": 0, "gold": 0}
    state.play(0, {"type": "claim", "kind": "settlement"})
    assert state.sheets[0].claims["mountains"][:2] == ["triangle", "circle"]
    _refused(state, 0, {"type": "claim", "kind": "camp"}, "once_per_turn")
    pass_bankers(state)
    state.play(0, {"type": "end_turn"})
    assert state.active == 1 and state.phase == "terrain" and state.events[-1]["type"] == "rolled"
    assert state.rolled == {} and state.turns_taken == [1, 0, 0]


def test_neighbours_decide_at_once_with_the_active_player_in_secret():
    """While the active player spends, each neighbour who may bank chooses one die of that roll or passes, sealed: the
    other seats see only that it decided, until the decision resolves; it may replace its choice meanwhile."""
    state = GAME.new_state({"players": 4, "seed": 2})
    turn(state, ["gold", "gold", "wood", "copper"], "gold", end=False)
    assert state.bankers == [1, 3] and state.pending_seats() == [0, 1, 3]
    assert state.decision(2) is None and state.legal_moves(2) == []
    assert state.legal_moves(1) == [{"type": "bank_between", "resource": r} for r in ("wood", "copper", "gold")] + [{"type": "pass"}]
    events = state.play(1, {"type": "bank_between", "resource": "gold"})  # the other gold die: not the terrain die
    assert events == [{"type": "bank_sealed", "seat": 1, "changed": False}]
    assert state.pending_seats() == [0, 3] and state.decision(1)["decided"] and state.legal_moves(1)
    for viewer in (0, 2, 3, None):
        seen = state.view(viewer)
        assert seen["moves"][-1] == {"type": "sealed"} and seen["decided"] == [1] and seen["my_bank"] is None
        assert "gold" not in json.dumps(seen["events"][-1])
    assert state.view(1)["moves"][-1] == {"type": "bank_between", "resource": "gold"}
    assert state.view(1)["my_bank"] == {"resource": "gold"}
    state.play(1, {"type": "bank_between", "resource": "copper"})  # replaced
    assert state.events[-1] == {"type": "bank_sealed", "seat": 1, "changed": True}
    assert state.sheets[1].dark == [None] * 6  # nothing written before the decision resolves
    state.play(0, {"type": "end_turn"})
    assert state.pending_seats() == [3] and state.decision(0) is None and state.active == 0
    events = state.play(3, {"type": "pass"})
    assert events[0] == {"type": "bank_sealed", "seat": 3, "changed": False}
    assert events[1] == {"type": "banks_revealed", "roll": 0, "banks": {"1": "copper", "3": None}}
    assert events[2]["type"] == "rolled" and events[2]["seat"] == 1
    assert state.sheets[1].dark[0] == {"resource": "copper", "spent": False} and state.sheets[3].dark == [None] * 6
    assert state.view(0)["moves"][-3:] == [{"type": "bank_between", "resource": "copper"}, {"type": "end_turn"},
                                           {"type": "pass"}]


def test_the_terrain_die_is_never_banked_by_a_neighbour():
    """"Remember: You can only bank RESOURCES, you can never bank the die set aside to indicate the terrain"."""
    state = GAME.new_state({"players": 3, "seed": 2})
    turn(state, ["gold", "wood", "wood", "copper"], "gold", end=False)
    assert {m.get("resource") for m in state.legal_moves(1)} == {"wood", "copper", None}
    error = _refused(state, 1, {"type": "bank_between", "resource": "gold"}, "bank_between")
    assert "never the die set aside" in str(error)


def test_one_bank_between_your_turns_from_either_neighbour():
    """"You may only bank one resource in between each of your turns": having banked from its left neighbour's roll,
    a player does not bank from its right neighbour's before its own turn."""
    state = GAME.new_state({"players": 3, "seed": 8})
    turn(state, ["wood", "silver", "copper", "gold"], "wood", end=False)
    state.play(2, {"type": "bank_between", "resource": "silver"})
    state.play(1, {"type": "pass"})
    state.play(0, {"type": "end_turn"})
    assert state.sheets[2].dark[0]["resource"] == "silver"
    turn(state, ["wood", "silver", "copper", "gold"], "wood", end=False)  # seat 1's turn: neighbours 0 and 2
    assert state.bankers == [0] and state.pending_seats() == [0, 1]
    state.play(1, {"type": "end_turn"})
    state.play(0, {"type": "bank_between", "resource": "gold"})
    assert state.sheets[0].dark[1]["resource"] == "gold" and state.active == 2
    turn(state, ["wood", "silver", "copper", "gold"], "wood", end=False)  # seat 2's turn: its window is new
    assert state.bankers == [1]  # seat 0 banked since its turn; seat 1 may


def test_the_two_player_ghost_roll_and_never_both():
    """"In a 2-player game only, after both players have taken a turn each round, perform a "ghost roll" - roll 3 of
    the dice one extra time, and allow both players to bank one ... You may only bank 1 resource in between your
    turns, either from your opponent's roll, or the ghost roll, never both!"."""
    state = GAME.new_state({"players": 2, "seed": 5})
    turn(state, ["wood", "silver", "copper", "gold"], "wood", end=False)
    state.play(1, {"type": "pass"})  # seat 1, before its first turn, passes on seat 0's roll
    state.play(0, {"type": "end_turn"})
    turn(state, ["wood", "silver", "copper", "gold"], "wood", end=False)
    state.play(0, {"type": "bank_between", "resource": "copper"})  # seat 0 banks from seat 1's roll
    events = state.play(1, {"type": "end_turn"})
    ghost = next(e for e in events if e["type"] == "ghost_rolled")
    assert len(ghost["dice"]) == 3 and ghost["may_bank"] == [1]  # seat 0 banked already: never both
    assert state.phase == "ghost" and state.pending_seats() == [1] and state.decision(1)["roll"] == "ghost"
    resource = ghost["dice"][0]
    assert state.legal_moves(0) == []
    events = state.play(1, {"type": "bank_between", "resource": resource})
    assert events[1] == {"type": "banks_revealed", "roll": "ghost", "banks": {"1": resource}}
    assert state.round == 2 and state.active == 0 and state.sheets[1].dark[1]["resource"] == resource
    turn(state, ["wood", "silver", "copper", "gold"], "wood", end=False)
    assert state.bankers == []  # seat 1 banked from the ghost roll: not from seat 0's roll too


def test_round_six_has_no_ghost_roll_and_the_last_turn_no_banker_then_the_game_ends():
    """ruling "The ghost roll in rounds 1-5" and "Round 6: only players with a turn left bank"; "After the last
    player's turn in the 6th round, award majority bonuses ... The player with the highest score wins"."""
    state = GAME.new_state({"players": 2, "seed": 9})
    rng = random.Random(1)
    while state.round < 6:
        seat = state.pending_seats()[0]
        state.play(seat, rng.choice(state.legal_moves(seat)))
    assert state.active == 0 and state.phase == "terrain"
    turn(state, ["wood", "silver", "copper", "gold"], "wood", end=False)
    assert state.bankers == [1]  # seat 1 still has its 6th turn
    state.play(1, {"type": "pass"})
    state.play(0, {"type": "end_turn"})
    events = turn(state, ["wood", "silver", "copper", "gold"], "wood", {"type": "claim", "kind": "camp"})
    assert not any(e["type"] in ("ghost_rolled", "banks_revealed") for e in events)
    end = events[-1]
    assert end["type"] == "game_end" and state.finished and state.pending_seats() == []
    assert [s["total"] for s in end["scores"]] == [r for r in state.totals()]
    assert end["winners"] == [r["seat"] for r in state.standings() if r["place"] == 1]
    assert set(end["scores"][0]) == {"claims", "majorities", "contracts", "shipping", "offices", "total"}
    with pytest.raises(GameOver):
        state.play(0, {"type": "end_turn"})


def test_spending_on_the_sheet_crosses_off_for_opponents_and_banked_resources_spend_as_rolled():
    """A contract and an office circled are crossed off for the opponent; banked resources pay "just as if they were
    rolled", the rolled ones first (ruling "Rolled dice are spent before banked ones"); unspent dice are not kept."""
    state = GAME.new_state({"players": 2, "seed": 3})
    give_bank(state, 0, ["gold", "gold", "silver"])
    turn(state, ["wood", "gold", "gold", "silver"], "wood", end=False)
    labels = [m["label"] for m in GAME.labelled_moves(state, 0)]
    assert "fulfil the 12-point contract (4 gold)" in labels and len(set(labels)) == len(labels)
    events = state.play(0, {"type": "contract", "contract": "gold-4"})
    assert events[0]["crossed_off_for"] == [1] and events[0]["from_bank"] == {"gold": 2}
    assert state.rolled["gold"] == 0 and "gold-4" not in state.view(1)["contracts_left"]
    events = state.play(0, {"type": "ship", "copper": 0, "silver": 2, "gold": 0})
    assert events[0]["type"] == "shipped" and [b["points"] for b in events[0]["boxes"]] == [0, 2]
    _refused(state, 0, {"type": "office", "office": "gold-gold"}, "office_metals")
    _refused(state, 0, {"type": "contract", "contract": "gold-5"}, "once_per_turn")
    # the rolled silver went into the shipment before the banked one: no rolled silver is left to bank
    _refused(state, 0, {"type": "bank", "resource": "silver"}, "bank_own")
    pass_bankers(state)
    events = state.play(0, {"type": "end_turn"})
    assert events[0]["unspent"] == {"wood": 0, "copper": 0, "silver": 0, "gold": 0}
    turn(state, ["gold", "gold", "copper", "copper"], "copper", end=False)
    assert {"type": "contract", "contract": "gold-4"} not in state.legal_moves(1)
    state.play(1, {"type": "office", "office": "gold-copper"})
    state.play(1, {"type": "bank", "resource": "gold"})
    assert state.sheets[1].white[0] == {"resource": "gold", "spent": False}
    _refused(state, 1, {"type": "bank", "resource": "copper"}, "once_per_turn")


def test_malformed_and_unknown_moves_are_refused():
    state = GAME.new_state({"players": 2, "seed": 3})
    for move in ({"type": "terrain"}, {"type": "terrain", "resource": "mud"}, {"type": "terrain", "resource": 3},
                 {"kind": "camp"}, "terrain", {"type": "fly"}):
        _refused(state, 0, move, "malformed_move")
    _refused(state, 5, {"type": "pass"}, "not_your_decision")
    turn(state, ["wood", "wood", "silver", "gold"], "silver", end=False)
    _refused(state, 0, {"type": "ship", "copper": -1, "silver": 0, "gold": 1}, "malformed_move")
    _refused(state, 0, {"type": "ship", "copper": True, "silver": 0, "gold": 1}, "malformed_move")
    _refused(state, 0, {"type": "ship", "copper": 0, "silver": 0, "gold": 0}, "empty_shipment")
    _refused(state, 0, {"type": "ship", "copper": 1, "silver": 0, "gold": 0}, "shipment_metals")
    _refused(state, 0, {"type": "contract", "contract": "nope"}, "no_such_contract")
    _refused(state, 0, {"type": "office", "office": "wood-gold"}, "no_such_office")
    _refused(state, 0, {"type": "claim", "kind": "city"}, "claim_kind")


def test_undo_never_crosses_a_roll_or_a_revelation():
    """ruling "Undo": ``revealed`` names a roll or the banks' revelation between two states, nothing else."""
    state = GAME.new_state({"players": 3, "seed": 1})
    start = GAME.spent(state)
    turn(state, ["wood", "silver", "copper", "gold"], "wood", end=False)
    state.play(1, {"type": "pass"})
    assert GAME.revealed(start, GAME.spent(state)) is None
    state.play(2, {"type": "pass"})
    state.play(0, {"type": "end_turn"})
    assert GAME.revealed(start, GAME.spent(state)) == "dice were rolled"
    assert GAME.revealed({"rolls": 2, "resolved": 0}, {"rolls": 2, "resolved": 1}) == "the banks chosen at once were revealed"


def test_rolls_do_not_depend_on_the_moves_played():
    """ruling "Dice are drawn per roll": two plays of one seed see the same dice turn by turn."""
    def rolls(seed: int, choice: int) -> list[list[str]]:
        state, rng = GAME.new_state({"players": 3, "seed": seed}), random.Random(choice)
        while not state.finished:
            seat = rng.choice(state.pending_seats())
            state.play(seat, rng.choice(state.legal_moves(seat)))
        return [e["dice"] for e in state.events if e["type"] == "rolled"]
    assert rolls(6, 1) == rolls(6, 2) and rolls(6, 1) != rolls(7, 1)


def test_a_sampled_state_keeps_the_seats_view_and_draws_the_others_sealed_choices():
    state = GAME.new_state({"players": 3, "seed": 1})
    turn(state, ["wood", "silver", "copper", "gold"], "wood", end=False)
    state.play(1, {"type": "bank_between", "resource": "silver"})
    state.play(2, {"type": "bank_between", "resource": "gold"})
    drawn = set()
    for seed in range(12):
        sampled = GAME.sample(state.position(2), seed)
        assert sampled.view(2) == state.view(2) and sampled.view(None) == state.view(None)
        assert sampled.sealed[2] == "gold"
        drawn.add(sampled.sealed[1])
    assert len(drawn) > 1


def _claim_turn(state, kind: str) -> None:
    """The active player sets a gold die aside (the mountains), claims ``kind`` there, the neighbours pass, it ends."""
    turn(state, ["gold", "wood", "wood", "silver"], "gold", {"type": "claim", "kind": kind}, end=False)
    pass_bankers(state)
    state.play(state.active, {"type": "end_turn"})


def test_the_view_shows_the_majority_place_each_seat_holds_as_the_sheets_stand():
    """Issue 38: every viewer sees, per seat and terrain, the majority place it holds now (the bonus it circles if the
    game ends now: rules.majority), a tie for 1st still awarding 2nd; at the end, the places the bonuses were paid by."""
    state = GAME.new_state({"players": 3, "seed": 4})
    _claim_turn(state, "settlement")
    _claim_turn(state, "camp")
    assert [state.view(v)["majority_places"] for v in (None, 0, 1, 2)] == [[{"mountains": 1}, {"mountains": 2}, {}]] * 4
    _claim_turn(state, "settlement")  # seat 2 ties seat 0 (claims and settlements): both 1st, seat 1 still 2nd
    assert state.view(None)["majority_places"] == [{"mountains": 1}, {"mountains": 2}, {"mountains": 1}]
    rng = random.Random(5)
    while not state.finished:
        seat = rng.choice(state.pending_seats())
        state.play(seat, rng.choice(state.legal_moves(seat)))
    seen = state.view(1)
    bonus = {row.terrain: row.majority for row in state.components.claim_rows}
    for held, score in zip(seen["majority_places"], seen["scores"], strict=True):
        assert sum(bonus[terrain][place - 1] for terrain, place in held.items()) == score["majorities"]
    assert any(seen["majority_places"]) and seen["finished"]


def test_whole_turn_options_list_each_turn_once_in_order():
    """ruling "Move granularity": the search weighs whole turns, each once (terrain first, end_turn last)."""
    state = GAME.new_state({"players": 2, "seed": 3})
    set_dice(state, ["wood", "wood", "silver", "copper"])
    plug = RolledWestSearch(GAME)
    options, partial = plug.options(state, 0, 1e12)
    assert not partial and options
    keys = [plug.option_key(state, o.moves) for o in options]
    assert len(set(keys)) == len(keys)
    for option in options:
        assert option.moves[0]["type"] == "terrain" and option.moves[-1]["type"] == "end_turn"
        copy = state.clone()
        for move in option.moves:
            copy.play(0, move)
    best = options[0]
    assert best.gain == max(o.gain for o in options)
    hint = GAME.hint(state.position(0), top=2, simulations=6, seed=1)
    assert 1 <= len(hint["options"]) <= 2 and hint["options"][0]["moves"][0]["type"] == "terrain"


def test_a_claim_takes_wood_and_is_drawn_in_the_terrain_dies_row():
    """"Wood is a building material for making claims"; the claim goes in "the claim row corresponding to the terrain
    die you set aside"."""
    state = GAME.new_state({"players": 2, "seed": 3})
    turn(state, ["silver", "copper", "gold", "copper"], "silver", end=False)
    assert not any(m["type"] == "claim" for m in state.legal_moves(0))
    _refused(state, 0, {"type": "claim", "kind": "camp"}, "claim_wood")
    give_bank(state, 0, ["wood"])
    assert {"type": "claim", "kind": "camp"} in state.legal_moves(0)
    assert {"type": "claim", "kind": "settlement"} not in state.legal_moves(0)
    events = state.play(0, {"type": "claim", "kind": "camp"})
    assert events[0] == {"type": "claim", "seat": 0, "terrain": "hills", "kind": "camp", "spaces": [0], "from_bank": {"wood": 1}}


def test_a_ghost_roll_nobody_may_bank_from_is_shown_and_play_goes_on():
    state = GAME.new_state({"players": 2, "seed": 5})
    turn(state, ["wood", "silver", "copper", "gold"], "wood", end=False)
    state.play(1, {"type": "pass"})
    state.play(0, {"type": "end_turn"})
    state.sheets[0].dark[1] = {"resource": "gold", "spent": False}  # both have banked for their next turn already
    state.sheets[1].dark[1] = {"resource": "gold", "spent": False}
    turn(state, ["wood", "silver", "copper", "gold"], "wood", end=False)
    assert state.bankers == []
    events = state.play(1, {"type": "end_turn"})
    ghost = next(e for e in events if e["type"] == "ghost_rolled")
    assert ghost["may_bank"] == [] and not any(e["type"] == "banks_revealed" for e in events)
    assert (state.round, state.active, state.phase) == (2, 0, "terrain")


def test_every_decisions_labels_are_unique_lines():
    state = GAME.new_state({"players": 3, "seed": 12})
    rng = random.Random(3)
    give_bank(state, 0, ["wood", "gold", "silver", "copper", "gold", "silver"])
    while not state.finished:
        for seat in range(3):
            labels = [m["label"] for m in GAME.labelled_moves(state, seat)]
            assert len(set(labels)) == len(labels) and all(x and "\n" not in x for x in labels)
        seat = rng.choice(state.pending_seats())
        state.play(seat, rng.choice(state.legal_moves(seat)))
