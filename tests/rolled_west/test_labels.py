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
