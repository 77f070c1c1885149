"""Decisions by several seats at once, in the service's store (issue 36), with the tests' Sealed Bids
(``tests/core/sealed_bids``: every seat bids in secret each round, may change its bid until the last seat bids, then
the bids are revealed):

- a seat's move is accepted at once and kept secret from the other seats and spectators (their states, event logs and
  move logs say only that it decided) until the game reveals it; it may change it meanwhile;
- two seats moving at the same instant, from two workers, both succeed: no lost write and no 412 for a move that does
  not conflict (``If-Match`` keeps its meaning per seat: a tag that lost to the seat's own move, to an undo or to a
  revelation is still 412);
- a seat takes back its own move while the decision is unresolved, even when others moved after it, and not after;
- bot seats among those pending are all played, each exactly once, with people deciding beside them.
"""

from __future__ import annotations

import json
import threading

import pytest
from werkzeug.datastructures import ETags

from service.games.bots import play_bot_turns
from service.games.store import Games
from service.problems import Refused
from tests.core import sealed_bids
from tests.service.store import bearer, fresh_storage, served_state

GAME = "sealed-bids"


@pytest.fixture
def storage(tmp_path):
    sealed_bids.register()
    with fresh_storage(tmp_path, "simultaneous") as storage:
        yield storage
    sealed_bids.unregister()


def _bid(games: Games, game_id: str, token: str, amount: int, if_match: int | None = None) -> dict:
    answer = games.play(game_id, bearer(token), {"type": "bid", "amount": amount},
                        ETags([str(if_match)]) if if_match is not None else None)
    return json.loads(answer.body)


def _new(games: Games, players: int = 3, bots=None) -> tuple[str, list[str | None]]:
    head, tokens = games.create({"players": players, "seed": 5}, bots=bots, game=GAME)
    return head.id, tokens


def test_a_sealed_move_is_secret_until_revealed_and_may_be_changed(storage):
    games = Games(storage)
    game_id, tokens = _new(games)
    assert served_state(games, game_id)["game"] == GAME and served_state(games, game_id)["pending_seats"] == [0, 1, 2]
    mine = _bid(games, game_id, tokens[1], 2)
    assert mine["state"]["my_bid"] == 2 and mine["state"]["decided"] == [1]
    for viewer in (tokens[0], tokens[2], None):
        seen = served_state(games, game_id, viewer)
        assert seen["decided"] == [1] and seen["my_bid"] is None and seen["pending_seats"] == [0, 2]
        assert seen["pending"]["seat"] == (0 if viewer is None else tokens.index(viewer))  # its own decision
        head = games.head(game_id)
        seat = games.seat(head, bearer(viewer), required=False)
        log = games.log(head, seat)
        assert all("amount" not in json.loads(text) for _, text in log.moves), log.moves  # the move log withholds it
        assert all('"amount"' not in text and '"bids"' not in text for _, text in log.events)
    assert served_state(games, game_id, tokens[1])["pending"] == {"type": "bid", "seat": 1, "round": 1, "decided": True}
    changed = _bid(games, game_id, tokens[1], 0)  # changed while the others decide
    assert changed["state"]["my_bid"] == 0 and changed["state"]["pending_seats"] == [0, 2]
    _bid(games, game_id, tokens[0], 1)
    last = _bid(games, game_id, tokens[2], 3)
    revealed = [e for e in last["events"] if e["type"] == "bids_revealed"]
    assert revealed and revealed[0]["bids"] == [1, 0, 3]  # the changed bid is the one that counts
    assert served_state(games, game_id, tokens[0])["round"] == 2
    moves = games.moves_page(games.head(game_id), 0, -1, 100)["moves"]
    assert [json.loads(m)["move"] for m in moves] == [{"type": "bid", "amount": a} for a in (2, 0, 1, 3)]


def test_a_seat_without_a_decision_is_refused_and_nothing_changes(storage):
    games = Games(storage)
    game_id, tokens = _new(games, players=2)
    _bid(games, game_id, tokens[0], 1)
    before = served_state(games, game_id)
    with pytest.raises(Refused) as refused:
        _bid(games, game_id, tokens[0], 9)
    assert (refused.value.status, refused.value.rule) == (422, "bid_too_high")
    assert served_state(games, game_id) == before


def test_two_seats_moving_at_once_from_two_workers_both_succeed(storage):
    """Each seat sends its bid with ``If-Match`` of the version it read; the second write loses the optimistic check
    to the first, and the service plays it on the new state instead of answering 412."""
    for attempt in range(4):
        workers = [Games(storage), Games(storage)]
        game_id, tokens = _new(workers[0], players=3)
        version = workers[0].head(game_id).version
        start = threading.Barrier(2)
        answers: list[object] = [None, None]

        def bid(n: int) -> None:
            start.wait()
            try:
                answers[n] = _bid(workers[n], game_id, tokens[n], n + 1, if_match=version)
            except Refused as exc:
                answers[n] = exc

        threads = [threading.Thread(target=bid, args=(n,)) for n in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert all(isinstance(a, dict) for a in answers), [getattr(a, "rule", a) for a in answers]
        head = workers[0].head(game_id)
        assert head.version == version + 2 and head.move_count == 2, attempt
        assert served_state(workers[1], game_id, tokens[2])["decided"] == [0, 1]
        assert [s for s, _ in storage.moves(game_id)] in ([0, 1], [1, 0])


def test_if_match_still_refuses_what_the_seat_did_not_see(storage):
    games = Games(storage)
    game_id, tokens = _new(games, players=2)
    v0 = games.head(game_id).version
    _bid(games, game_id, tokens[0], 1, if_match=v0)
    with pytest.raises(Refused) as own:  # its own move since: the seat's view changed
        _bid(games, game_id, tokens[0], 2, if_match=v0)
    assert own.value.status == 412
    v1 = games.head(game_id).version
    _bid(games, game_id, tokens[1], 2, if_match=v0)  # lost only to seat 0's move of the same decision: played
    with pytest.raises(Refused) as revealed:  # the round was revealed since: the bid was chosen for the last round
        _bid(games, game_id, tokens[0], 0, if_match=v1)
    assert revealed.value.status == 412
    assert served_state(games, game_id)["round"] == 2 and served_state(games, game_id)["decided"] == []


def test_a_seat_takes_back_its_own_move_while_the_decision_is_unresolved(storage):
    games = Games(storage)
    game_id, tokens = _new(games, players=3)
    _bid(games, game_id, tokens[0], 3)
    _bid(games, game_id, tokens[1], 1)  # after seat 0's
    assert served_state(games, game_id, tokens[0])["undo"] == {"allowed": True, "rule": None, "detail": None}
    assert served_state(games, game_id, tokens[2])["undo"]["rule"] == "not_your_move"  # it has not moved
    head = games.head(game_id)
    undone = json.loads(games.undo(game_id, bearer(tokens[0])).body)
    assert undone["undone"] == {"type": "bid", "amount": 3}
    assert undone["state"]["decided"] == [1] and undone["state"]["my_bid"] is None
    new = games.head(game_id)
    assert (new.version, new.move_count) == (head.version + 2, 1)  # the undo, and seat 1's move stored again
    assert storage.moves(game_id) == [(1, {"type": "bid", "amount": 1})]
    assert [m.version for m in storage.marks(game_id)] == [new.version]
    assert served_state(games, game_id, tokens[1])["my_bid"] == 1
    with pytest.raises(Refused) as nothing:
        games.undo(game_id, bearer(tokens[2]))
    assert (nothing.value.status, nothing.value.rule) == (403, "not_your_move")
    _bid(games, game_id, tokens[0], 2)
    _bid(games, game_id, tokens[2], 0)  # the last bid: revealed
    for seat, status, rule in ((2, 409, "hidden_revealed"), (0, 403, "not_your_move")):  # resolved: as the game says
        assert served_state(games, game_id, tokens[seat])["undo"]["rule"] == rule
        with pytest.raises(Refused) as late:
            games.undo(game_id, bearer(tokens[seat]))
        assert (late.value.status, late.value.rule) == (status, rule)
    assert served_state(games, game_id)["round"] == 2
    fresh = Games(storage)  # the log alone rebuilds the game the snapshot and the moves after it give
    assert fresh.replay_log(games.head(game_id), {"players": 3, "seed": 5}).to_json() == fresh._load(game_id)[1].to_json()


def test_bot_seats_pending_beside_a_person_are_each_played_once(storage):
    games = Games(storage)
    bot = {"bot": "greedy", "budget_ms": 50}
    game_id, tokens = _new(games, players=4, bots=[None, bot, bot, {"bot": "random", "budget_ms": 50}])
    assert tokens[0] is not None and tokens[1:] == [None, None, None]
    played = play_bot_turns(games, game_id)
    assert played == 3
    assert sorted(s for s, _ in storage.moves(game_id)) == [1, 2, 3]
    assert play_bot_turns(games, game_id) == 0  # nothing more until the person decides
    assert served_state(games, game_id, tokens[0])["pending_seats"] == [0]
    _bid(games, game_id, tokens[0], 1)
    assert served_state(games, game_id)["round"] == 2
    assert play_bot_turns(games, game_id) == 3
    seats = [s for s, _ in storage.moves(game_id)]
    assert sorted(seats[4:]) == [1, 2, 3] and len(seats) == 7


def test_a_finished_game_of_another_game_is_reviewed_through_its_game_object(storage):
    from service.reviews.store import Reviews

    games = Games(storage)
    game_id, tokens = _new(games, players=2)
    while not served_state(games, game_id)["finished"]:
        for seat, token in enumerate(tokens):
            assert token is not None
            if seat in served_state(games, game_id, token)["pending_seats"]:
                _bid(games, game_id, token, 0 if seat else 1)
    reviews = Reviews(storage, games.rules)
    review, new = reviews.request(games.head(game_id), 20, 8, 0)
    assert new
    while reviews.work(review.id, 60):
        pass
    done = reviews.get(game_id, review.id)
    assert done.finished and done.failed is None and done.done == done.total == len(storage.moves(game_id))
    view = reviews.view(done, GAME, 1)
    assert {d["seat"] for d in view["decisions"]} == {0, 1} and set(view["seats"]) == {"0", "1"}
    assert all(d["decision"] == "bid" and d["played_moves"][0]["type"] == "bid" for d in view["decisions"])
    # seat 0 always bid 1 coin; the game over, its bids are open to seat 1 too (Sealed Bids' move_view)
    assert all(d["played"] == "bid 1 coin" for d in view["decisions"] if d["seat"] == 0)
