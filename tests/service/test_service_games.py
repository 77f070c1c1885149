"""End to end over real HTTP, against gunicorn started as `make serve` starts it: whole 1-, 2- and 4-player
games played to the final scores by choosing at random from the legal moves (and one 2-player game where a
seat plays the top hint each time it decides), every answer compared with the engine's own view of a local
replay, and searched for the card ids the viewer may not see."""

from __future__ import annotations

import json
import random

import pytest

from solver.games.wild_tiled_west.engine.game import Game
from solver.games.wild_tiled_west.engine.labels import annotated, placement_squares
from solver.games.wild_tiled_west.render.board_data import board_data
from solver.games.wild_tiled_west.rules.setup import GameConfig
from tests.service.databases import fresh_database
from tests.service.service_http import Server, assert_nothing_hidden, comparable, local_events, local_view

SEED = 8675309123  # distinctive: it must appear in no answer
HINT_BUDGET_MS = 40  # small: the hints of a whole game must stay quick


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(fresh_database(tmp_path_factory.mktemp("games"), "games")).start()
    yield s
    s.end()


def hinted_moves(client, game_id: str, tokens: list[str], seat: int, local: Game, version: int) -> list[dict]:
    """The moves of the top option of ``GET /hint`` for ``seat`` (whose decision is pending), after
    checking the answer: for this version and decision, nothing hidden from the seat, and every other
    seat refused (403) a hint on a decision that is not theirs."""
    r = client.get(f"/games/{game_id}/hint?top=2&budget_ms={HINT_BUDGET_MS}", token=tokens[seat])
    assert r.status == 200 and r.headers["content-type"] == "application/json", r.text
    hint = r.json()
    assert hint["version"] == version == int(r.headers["etag"].strip('"')) and hint["moves_played"] == len(local.moves)
    assert hint["seat"] == seat and hint["decision"] == local.pending() and hint["budget_ms"] == HINT_BUDGET_MS
    assert 1 <= len(hint["options"]) <= 2 and hint["options"][0]["moves"]
    for option in hint["options"]:  # each option shows where its placements go (issue 27)
        assert option["label"] and option["squares"] == [list(rc) for m in option["moves"] if m["type"] == "place"
                                                         for rc in placement_squares(local, m)]
    assert_nothing_hidden(r.text, local, seat, SEED)
    for other in range(len(tokens)):
        if other != seat:  # another seat gets a hint only while it decides too (Setup E's partners), from its position
            answer = client.get(f"/games/{game_id}/hint?top=1&budget_ms=50", token=tokens[other])
            if local.decision(other) is None:
                assert answer.status == 403 and answer.json()["rule"] == "not_your_decision"
            else:
                assert answer.status == 200 and answer.json()["seat"] == other, answer.text
                assert all(m in local.legal_moves(other) for m in answer.json()["options"][0]["moves"])
            assert_nothing_hidden(answer.text, local, other, SEED)
    return list(hint["options"][0]["moves"])


def play_over_http(server: Server, players: int, choose_seed: int, check_every: int, hint_seats: tuple[int, ...] = (),
                   **options) -> tuple[str, list[str], Game]:
    """Create a game, then play every decision with the pending seat's token, choosing at random
    among its legal moves (seats in ``hint_seats``: playing the top hint's moves, one after another);
    check each answer against a local game fed the same moves."""
    client = server.client
    r = client.post("/games", {"players": players, "seed": SEED, **options})
    assert r.status == 201 and r.headers["content-type"] == "application/json"
    created = r.json()
    game_id, tokens = created["id"], [t["token"] for t in created["tokens"]]
    assert r.headers["location"] == f"/games/{game_id}" and len(set(tokens)) == players
    config = GameConfig.from_json({"players": players, "seed": SEED, **options})
    local = Game(config)
    assert comparable(created["state"]) == local_view(local, None) and created["state"]["seat"] is None
    assert_nothing_hidden(json.dumps(created["state"]), local, None, SEED)
    rng = random.Random(choose_seed)
    version, step, hinted = 0, 0, []
    while local.pending() is not None:
        seat = local.pending()["seat"]
        legal = client.get(f"/games/{game_id}/legal-moves", token=tokens[seat])
        assert legal.status == 200 and legal.json()["pending"] == local.pending()
        # each option with its label and, for a placement, its squares (issue 27); posted back unchanged below
        assert legal.json()["moves"] == [annotated(local, m) for m in local.legal_moves()] != []
        assert_nothing_hidden(legal.text, local, seat, SEED)
        if seat in hint_seats:
            hinted = hinted or hinted_moves(client, game_id, tokens, seat, local, version)
            move = hinted.pop(0)  # the option's moves are played in turn, up to something new revealed
        else:
            move, hinted = rng.choice(legal.json()["moves"]), []
        r = client.post(f"/games/{game_id}/moves", move, token=tokens[seat], headers={"If-Match": f'"{version}"'})
        assert r.status == 200, r.text
        move = {k: v for k, v in move.items() if k not in ("label", "squares")}
        events = json.loads(json.dumps(local.apply(move)))
        body = r.json()
        version += 1
        assert body["state"]["version"] == version == int(r.headers["etag"].strip('"'))
        assert comparable(body["state"]) == local_view(local, seat) and body["state"]["seat"] == seat
        assert body["events"] == [e for e in events if e.get("private_to", seat) == seat]
        assert_nothing_hidden(r.text, local, seat, SEED)
        if step % check_every == 0 or local.finished:
            for other in [None, *range(players)]:
                if other == seat:
                    continue
                seen = client.get(f"/games/{game_id}", token=tokens[other] if other is not None else None)
                assert seen.status == 200 and seen.json()["version"] == version
                assert comparable(seen.json()) == local_view(local, other)
                assert_nothing_hidden(seen.text, local, other, SEED)
                if other is not None:
                    board = client.get(f"/games/{game_id}/players/{other}/board")  # open information: no token
                    assert board.status == 200 and board.json() == json.loads(json.dumps(
                        {"version": version, "seat": other, **board_data(local.players[other].settlement)}))
                    page = client.get(f"/games/{game_id}/events?after={max(0, len(local.events) - 20)}", token=tokens[other])
                    assert_nothing_hidden(page.text, local, other, SEED)
                    assert page.json()["events"] == [e for e in local_events(local, other)
                                                     if e["n"] > max(0, len(local.events) - 20)]
        step += 1
    return game_id, tokens, local


@pytest.fixture(scope="module")
def solo_game(server):
    return play_over_http(server, 1, choose_seed=1, check_every=1)


def _assert_final(server: Server, game_id: str, tokens: list[str], local: Game) -> None:
    final = server.client.get(f"/games/{game_id}").json()
    assert final["finished"] is True and final["pending"] is None
    assert final["moves_played"] == len(local.moves) > 0
    assert "events" not in final and "moves" not in final  # the logs are served apart
    events = server.client.get(f"/games/{game_id}/events").json()["events"]
    assert events == local_events(local, None)
    end = [e for e in events if e["type"] == "game_end"]
    assert len(end) == 1 and end[0]["standings"] == local.standings()
    for seat, token in enumerate(tokens):  # the move log, by pages of 50, as each seat sees it
        logged, after = [], -1
        while True:
            page = server.client.get(f"/games/{game_id}/moves?after={after}&limit=50", token=token).json()
            logged += page["moves"]
            if not page["moves"]:
                break
            after = page["moves"][-1]["n"]
        assert page["last"] == len(local.moves) - 1 and [m["n"] for m in logged] == list(range(len(local.moves)))
        assert [m["seat"] for m in logged] == local.move_seats
        assert [m["move"] for m in logged] == json.loads(json.dumps(local.view(seat)["moves"]))
    assert [s["total"] for s in final["scores"]] == [local.score_breakdown(p.seat)["total"] for p in local.players]
    replayed = Game.replay(local.config, local.moves)
    assert replayed.to_json() == local.to_json()  # the engine agrees with itself; the server agreed with it above
    legal = server.client.get(f"/games/{game_id}/legal-moves", token=tokens[0]).json()
    assert legal["pending"] is None and legal["moves"] == []


def test_solo_game_to_the_final_score(server, solo_game):
    game_id, tokens, local = solo_game
    _assert_final(server, game_id, tokens, local)
    assert any(e["type"] == "game_end" and "rank" in e for e in local.events)


def test_two_player_game_to_the_final_scores(server):
    game_id, tokens, local = play_over_http(server, 2, choose_seed=2, check_every=1,
                                            seats=[{"board": None, "side": "wild"}, {"board": None, "side": "normal"}])
    _assert_final(server, game_id, tokens, local)


def test_two_player_game_with_a_seat_playing_by_hints(server):
    game_id, tokens, local = play_over_http(server, 2, choose_seed=3, check_every=4, hint_seats=(0,))
    _assert_final(server, game_id, tokens, local)
    assert sum(seat == 0 for seat in local.move_seats) > 20  # seat 0 played a whole game's worth of hinted moves
    over = server.client.get(f"/games/{game_id}/hint", token=tokens[0])
    assert over.status == 409 and over.json()["rule"] == "game_over"


def test_four_player_game_to_the_final_scores(server):
    game_id, tokens, local = play_over_http(server, 4, choose_seed=4, check_every=5, first_game_contracts=True)
    _assert_final(server, game_id, tokens, local)
    svg = server.client.get(f"/games/{game_id}/players/3/board.svg")
    assert svg.status == 200 and svg.headers["content-type"].startswith("image/svg+xml")
    placed = local.players[3].settlement.tiles
    assert svg.text.startswith("<svg") and svg.text.count(f"{placed[0].tile.id}:") >= placed[0].tile.size
    # titled as a player reads it: the seat's name (counted from 1) and the board's printed name, no id or version
    board = local.catalog.board(local.players[3].settlement.side.board_id)
    assert f">Seat 4: {board.name}" in svg.text and game_id not in svg.text and "version" not in svg.text


def test_a_finished_game_takes_no_move(server, solo_game):
    game_id, tokens, local = solo_game
    r = server.client.post(f"/games/{game_id}/moves", {"type": "pass"}, token=tokens[0])
    assert r.status == 409 and r.headers["content-type"] == "application/problem+json"
    assert r.json()["rule"] == "game_over" and r.json()["status"] == 409
    r = server.client.post(f"/games/{game_id}/undo", token=tokens[0])
    assert r.status == 409 and r.json()["rule"] == "game_over"
    assert server.client.get(f"/games/{game_id}").json()["moves_played"] == len(local.moves)


def test_a_board_as_data_of_a_finished_game_and_of_a_seat_it_has_not(server, solo_game):
    game_id, _, local = solo_game
    board = server.client.get(f"/games/{game_id}/players/0/board")
    assert board.status == 200 and board.headers["etag"] == f'"{board.json()["version"]}"'
    data = board.json()
    settlement = local.players[0].settlement
    covered = sum(1 for row in data["squares"] for square in row if square["tile"] is not None)
    assert covered == settlement.covered.bit_count() and len(data["tiles"]) == len(settlement.tiles)
    assert sorted(data["tokens"]["cowpokes"]) == sorted(list(rc) for rc in settlement.cowpokes)
    assert all(t["type"] == t["tile"].partition("#")[0] for t in data["tiles"])
    r = server.client.get(f"/games/{game_id}/players/1/board")  # a solo game has seat 0 only
    assert r.status == 404 and r.headers["content-type"] == "application/problem+json" and r.json()["rule"] == "unknown_seat"


def test_the_server_log_names_no_card_token_or_seed(server, solo_game):
    game_id, tokens, local = solo_game
    assert server.client.post(f"/games/{game_id}/moves", {"type": "keep_partner", "partner": "p01"},
                              token=tokens[0]).status == 409
    server.stop()
    log = server.proc.stderr.read().decode()
    assert "Booting worker" in log  # the log was captured
    cards = [p.id for p in local.catalog.partners] + [c.id for c in local.catalog.bandit_cards]
    assert not any(card in log for card in cards) and str(SEED) not in log
    assert not any(token in log for token in tokens)
