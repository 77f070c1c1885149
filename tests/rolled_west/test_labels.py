"""Rolled West's move labels in English and French (issues 37 and 38, "French"): over whole random games of 2-4
players every legal move's label is unique within its decision in both languages, names no seat by its index, and
the French ones hold no English word of the labels; the names of the resources and terrains cover the data's."""

from __future__ import annotations

import random
import re

import pytest

from solver.core.language import speaking
from solver.games.rolled_west.components.catalog import load_components
from solver.games.rolled_west.components.texts import RESOURCE_NAMES, TERRAIN_NAMES
from solver.games.rolled_west.protocol import GAME

#: the words of the English labels, found as whole words in a French one only by mistake
ENGLISH = ("the", "a", "set", "die", "aside", "build", "camp", "settlement", "in", "from", "space", "wood", "fulfil",
           "contract", "buy", "office", "ship", "copper", "silver", "gold", "bank", "round's", "white", "box", "end",
           "turn", "pass", "dice", "ghost", "roll", "active", "player's", "dark", "nothing", "this", "time", "woods",
           "valley", "hills", "mountains")


def test_the_names_cover_every_resource_and_terrain_of_the_data():
    c = load_components()
    assert set(RESOURCE_NAMES) == {resource for resource, _count in c.dice.faces}
    assert set(TERRAIN_NAMES) == {row.terrain for row in c.claim_rows}


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3)])
def test_every_label_of_a_whole_game_is_unique_in_english_and_french_with_no_english_in_french(players, seed):
    state, rng, decisions = GAME.new_state({"players": players, "seed": seed}), random.Random(seed), 0
    kinds = set()
    while not state.finished:
        for seat in state.pending_seats():
            labels = {}
            for language in ("en", "fr"):
                with speaking(language):
                    labels[language] = [m["label"] for m in GAME.labelled_moves(state, seat)]
            decisions += 1
            for words in labels.values():
                assert len(set(words)) == len(words), words
                assert not any(re.search(r"\bseat \d", w) for w in words), words
            for english, french in zip(labels["en"], labels["fr"], strict=True):
                assert english != french
                found = [w for w in ENGLISH if re.search(rf"(?<![\w'’-]){re.escape(w)}(?![\w'’-])", french)]
                assert found == [], (french, found)
        seat = rng.choice(state.pending_seats())
        move = rng.choice(state.legal_moves(seat))
        kinds.add(move["type"])
        state.play(seat, move)
    assert decisions > 50 and {"terrain", "end_turn", "bank_between"} <= kinds


def test_the_engines_refusals_are_said_in_french_too_and_name_no_seat_by_its_index():
    """The reasons an illegal move is refused for (the web client shows them) in the caller's language: each French
    reason differs from its English one, with the rule's code the same."""
    state = GAME.new_state({"players": 2, "seed": 5})
    state.play(0, {"type": "terrain", "resource": state.legal_moves(0)[0]["resource"]})
    tries = [{"type": "contract", "contract": c.id} for c in load_components().contracts]
    tries += [{"type": "office", "office": o.id} for o in load_components().offices]
    tries += [{"type": "claim", "kind": "settlement"}, {"type": "ship", "copper": 5, "silver": 5, "gold": 5},
              {"type": "ship", "copper": 0, "silver": 0, "gold": 0}, {"type": "bank", "resource": "gold"},
              {"type": "pass"}, {"type": "nope"}]
    said = 0
    for move in tries:
        reasons = {}
        for language in ("en", "fr"):
            with speaking(language):
                try:
                    state.clone().play(0, move)
                except Exception as refused:  # IllegalMove: its rule and reason
                    reasons[language] = (getattr(refused, "rule", None), str(refused))
        if not reasons:
            continue  # a legal move here
        said += 1
        assert reasons["en"][0] == reasons["fr"][0] and reasons["en"][1] != reasons["fr"][1], reasons
        assert not re.search(r"\bseat \d|\bplace \d", reasons["fr"][1] + reasons["en"][1]), reasons
    assert said >= 10
