"""The checks every registered game passes, through the core protocol alone (``solver.core.protocol``): a game gets
them by registering.  Parametrised over the registry, for every player count the game allows:

- random playouts reach the end; each step's state survives the JSON round trip, and replay from (configuration,
  moves with their seats) gives the same state;
- every legal move of a decision is accepted, and wrong moves (another seat's, an unknown kind, a wrong field) are
  refused with a rule code, the state unchanged;
- the labels of one decision's moves are unique, non-empty single lines;
- views leak nothing: a state sampled from a seat's position (its hidden values drawn anew) gives that seat and a
  spectator the same view as the true state;
- every bot finishes a game, and the hint's options are legal moves from the true state.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import solver.games  # noqa: F401 (registers the games)
from solver.core import protocol, registry
from tests.core.sealed_bids import protocol as sealed_bids

#: Every registered game, and the tests' own Sealed Bids (every seat decides at once: ``tests/core/sealed_bids``)
GAMES: dict[str, protocol.Game] = {**{e.id: protocol.load(e.id) for e in registry.entries()},
                                   sealed_bids.GAME.entry.id: sealed_bids.GAME}
CASES = [(game_id, players) for game_id, game in GAMES.items() for players in game.entry.players]
#: every this many steps of a playout, the costlier checks run (every move accepted, views, a replay)
EVERY = 7


def _game(game_id: str) -> protocol.Game:
    return GAMES[game_id]


def _snapshot(state: protocol.State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def _config(game: protocol.Game, players: int, seed: int) -> dict[str, Any]:
    return {"players": players, "seed": seed}


def _random_step(state: protocol.State, rng: random.Random) -> tuple[int, dict[str, Any]]:
    seat = rng.choice(state.pending_seats())
    return seat, rng.choice(state.legal_moves(seat))


def test_every_registered_game_is_loaded_and_implements_the_protocol():
    assert CASES, "no game is registered"
    for game_id, game in GAMES.items():
        entry = game.entry
        assert isinstance(game, protocol.Game) and entry.id == game_id
        schema = game.config_schema()
        assert {"players", "seed"} <= set(schema["properties"]), entry.id
        state = game.new_state(_config(game, entry.players.start, 1))
        assert isinstance(state, protocol.State)
        assert set(game.bots()) >= {"random"} and all(isinstance(line, str) and line for line in game.bots().values())
    with pytest.raises(KeyError, match="no-such-game"):
        protocol.load("no-such-game")


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_a_random_playout_round_trips_replays_and_refuses_wrong_moves(game_id, players):
    game = _game(game_id)
    config = _config(game, players, 11 + players)
    state = game.new_state(config)
    rng = random.Random(f"{game_id}:{players}")
    log: list[tuple[int, dict[str, Any]]] = []
    step = 0
    while not state.finished:
        pending = state.pending_seats()
        assert pending and pending == sorted(set(pending)), pending
        assert all(0 <= s < players for s in pending)
        for seat in range(players):  # a pending seat must decide; a seat that decided may change its move meanwhile
            moves = state.legal_moves(seat)
            assert bool(moves) == (state.decision(seat) is not None) and (seat not in pending or moves), (seat, pending)
        before = _snapshot(state)
        assert _snapshot(game.from_json(json.loads(before))) == before  # the JSON round trip
        _refusals(game, state, pending, before)
        if step % EVERY == 0:
            _every_move_accepted(game, state, pending, before)
            assert _snapshot(game.replay(config, log)) == before
        seat, move = _random_step(state, rng)
        events = state.play(seat, move)
        assert isinstance(events, list) and all(isinstance(e, dict) and isinstance(e.get("type"), str) for e in events)
        log.append((seat, move))
        step += 1
        assert step < 5000, "the playout does not end"
    assert state.pending_seats() == [] and all(state.legal_moves(s) == [] for s in range(players))
    assert list(zip(state.move_seats, state.moves, strict=True)) == log
    assert _snapshot(game.replay(config, log)) == _snapshot(state)
    standings = state.standings()
    assert sorted(r["seat"] for r in standings) == list(range(players))
    assert [r["points"] for r in standings] == sorted((r["points"] for r in standings), reverse=True)
    assert all(state.score_breakdown(r["seat"])["total"] == r["points"] for r in standings)
    with pytest.raises(protocol.GameOver):
        state.play(0, {"type": "pass"})


def _refusals(game: protocol.Game, state: protocol.State, pending: list[int], before: str) -> None:
    """Wrong moves are refused with a rule code, and change nothing."""
    seat = pending[0]
    legal = state.legal_moves(seat)
    wrong = [(seat, {"type": "no_such_move"}), (seat, {"no_type": 1}), (seat, {**legal[0], "type": legal[0]["type"] + "_"})]
    wrong += [(s, legal[0]) for s in range(len(state.view(None)["players"])) if not state.legal_moves(s)][:1]
    wrong.append((len(state.view(None)["players"]), legal[0]))  # no such seat
    for field in [k for k in legal[0] if k != "type"][:1]:
        wrong.append((seat, {**legal[0], field: ["not", "a", "value"]}))
    for s, move in wrong:
        if move in state.legal_moves(s):
            continue
        with pytest.raises(protocol.IllegalMove) as refused:
            state.play(s, move)
        assert refused.value.rule and str(refused.value), move
        assert _snapshot(state) == before, f"a refused move changed the state: {move}"


def _every_move_accepted(game: protocol.Game, state: protocol.State, pending: list[int], before: str) -> None:
    """Each legal move of each seat that may move plays on a copy (a seat that decided already changes its move);
    labels are unique lines; views leak nothing."""
    for seat in [s for s in range(len(state.view(None)["players"])) if state.legal_moves(s)]:
        labelled = game.labelled_moves(state, seat)
        labels = [m["label"] for m in labelled]
        assert all(isinstance(x, str) and x.strip() and "\n" not in x for x in labels), labels
        assert len(set(labels)) == len(labels), f"labels repeat in one decision: {labels}"
        assert [{k: v for k, v in m.items() if k in move} for m, move in zip(labelled, state.legal_moves(seat), strict=True)] \
            == state.legal_moves(seat)
        for move in state.legal_moves(seat):
            copy = game.from_json(json.loads(before))
            copy.play(seat, move)
            assert copy.version == state.version + 1
        for n in range(2):  # the hidden values drawn anew: neither this seat nor a spectator sees a difference
            sampled = game.sample(state.position(seat), 1000 + n)
            assert sampled.view(seat) == state.view(seat)
            assert sampled.view(None) == state.view(None)
    assert _snapshot(state) == before


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_bot_finishes_a_game_and_hints_are_legal(game_id):
    game = _game(game_id)
    entry = game.entry
    players = min(entry.players.stop - 1, max(entry.players.start, 2))
    for n, name in enumerate(game.bots()):
        state = game.new_state(_config(game, players, 40 + n))
        bots = {seat: game.make_bot(name, seed=seat, budget_ms=20) for seat in range(players)}
        hinted = 0
        while not state.finished:
            seat = state.pending_seats()[0]
            if name == "random" and hinted < 6 and state.version % 9 == 0:
                _hint_is_legal(game, state, seat)
                hinted += 1
            state.play(seat, bots[seat].choose(state, seat))
        assert state.standings(), name
        for bot in bots.values():
            getattr(bot, "close", lambda: None)()
    with pytest.raises(KeyError):
        game.make_bot("no-such-bot")


def _hint_is_legal(game: protocol.Game, state: protocol.State, seat: int) -> None:
    found = game.hint(state.position(seat), top=2, budget_ms=30, seed=5)
    assert found["options"], found
    for option in found["options"]:
        copy = game.from_json(state.to_json())
        for move in option["moves"]:
            assert _accepted(copy, seat, move), (option, copy.legal_moves(seat)[:3])
            if copy.finished or seat not in copy.pending_seats():
                break


def _accepted(state: protocol.State, seat: int, move: dict[str, Any]) -> bool:
    try:
        state.play(seat, move)
    except protocol.IllegalMove:
        return False
    return True


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_finished_log_is_cut_into_decisions_and_reviewed(game_id):
    """``Game.review_decisions`` covers the whole log, each decision a run of one seat's moves starting where that
    seat had a decision; ``review_decision`` answers a legal best option and a loss that is not negative; a finished
    game's ``move_view`` shows a seat its own moves whole."""
    game = _game(game_id)
    players = min(game.entry.players.stop - 1, max(game.entry.players.start, 2))
    config = _config(game, players, 77)
    state, rng, log = game.new_state(config), random.Random(77), []
    while not state.finished:
        seat, move = _random_step(state, rng)
        state.play(seat, move)
        log.append((seat, move))
    found = game.review_decisions(config, log)
    assert [d.index for d in found] == sorted({d.index for d in found}) and found[0].index == 0
    assert sum(len(d.moves) for d in found) == len(log)
    for d in found:
        assert [(d.seat, m) for m in d.moves] == log[d.index:d.index + len(d.moves)]
    chosen = max(found, key=lambda d: d.choices)
    row = game.review_decision(chosen, budget_ms=None, simulations=8, seed=3)
    assert row["seat"] == chosen.seat and row["played_moves"] == chosen.moves and row["loss"] >= 0
    replayed = game.replay(config, log[:chosen.index])
    for move in row["best_moves"]:
        assert _accepted(replayed, chosen.seat, move)
        if replayed.finished or chosen.seat not in replayed.pending_seats():
            break
    assert all(game.move_view(m, s, s) == m for s, m in log)
