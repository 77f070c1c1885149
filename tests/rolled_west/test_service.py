"""Rolled West through the service's generic store (``service.games.store.Games``), by registration alone: a game is
created by its id; a neighbour's bank is sealed from the other seat, its state and its logs, until the turn resolves;
an undo never crosses a roll; bot seats play it."""

from __future__ import annotations

import json

import pytest

from service.games.bots import play_bot_turns
from service.games.store import Games
from service.problems import Refused
from tests.service.store import bearer, fresh_storage, served_state

GAME = "rolled-west"


@pytest.fixture
def games(tmp_path):
    with fresh_storage(tmp_path, "rolled_west") as storage:
        yield Games(storage)


def _play(games, game_id, token, move):
    return json.loads(games.play(game_id, bearer(token), move, None).body)


def test_a_two_player_game_seals_a_neighbours_bank_and_undo_stops_at_a_roll(games):
    head, tokens = games.create({"players": 2, "seed": 5}, game=GAME)
    state = served_state(games, head.id, tokens[0])
    assert state["game"] == GAME and state["pending_seats"] == [0]
    terrain = next(r for r in ("wood", "copper", "silver", "gold") if r in state["dice"])
    _play(games, head.id, tokens[0], {"type": "terrain", "resource": terrain})
    offered = [m for m in served_state(games, head.id, tokens[1])["dice"]]
    offered.remove(terrain)
    mine = _play(games, head.id, tokens[1], {"type": "bank_between", "resource": offered[0]})
    assert mine["state"]["my_bank"] == {"resource": offered[0]} and mine["state"]["decided"] == [1]
    for viewer in (tokens[0], None):
        seen = served_state(games, head.id, viewer)
        assert seen["my_bank"] is None and seen["decided"] == [1]
        log = games.log(games.head(head.id), games.seat(games.head(head.id), bearer(viewer), required=False))
        assert "bank_between" not in "".join(text for _, text in log.moves) and '"sealed"' in log.moves[-1][1]
        assert offered[0] not in log.events[-1][1]
    assert served_state(games, head.id, tokens[1])["undo"]["allowed"]  # its sealed move, still unresolved
    ended = _play(games, head.id, tokens[0], {"type": "end_turn"})
    assert any(e["type"] == "banks_revealed" for e in ended["events"])
    assert served_state(games, head.id, tokens[1])["sheets"][1]["dark"][0]["resource"] == offered[0]
    with pytest.raises(Refused) as refused:
        games.undo(head.id, bearer(tokens[0]))
    assert refused.value.rule == "hidden_revealed"


def test_bot_seats_play_rolled_west(games):
    bots = [{"bot": "greedy", "budget_ms": 20}, {"bot": "random", "budget_ms": 20}, {"bot": "search", "budget_ms": 20},
            {"bot": "hint", "budget_ms": 20}]
    head, _tokens = games.create({"players": 4, "seed": 2}, bots=bots, game=GAME)
    while play_bot_turns(games, head.id):
        pass
    assert served_state(games, head.id)["finished"]
