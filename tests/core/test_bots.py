"""The core's bots (solver.core.bots), self-play (solver.core.selfplay) and move review (solver.core.review) on
Hunch (tests/core/hunch.py): a game that is not Wild Tiled West, with a decision every seat makes at once."""

from __future__ import annotations

import json
from typing import Any

import pytest

from solver.core import review, selfplay
from solver.core.bots import GreedyBot, RandomBot, SearchBot, parse_bot, play_game
from solver.core.protocol import JSON, Bot
from tests.core.hunch import HUNCH, HunchSearch
from tests.core.test_search import at_pile, dealt

SEARCH = HunchSearch(HUNCH)


class HunchSelfPlay:
    """Hunch's plug-in to the core's self-play; its search bot searches 40 simulations a decision (the same seed
    plays the same game)."""

    bot_names = HUNCH.bots()
    simultaneous = True

    def config(self, players: int, seed: int) -> JSON:
        return {"players": players, "seed": seed}

    def new_state(self, config: JSON) -> Any:
        return HUNCH.new_state(config)

    def config_of(self, state: Any) -> JSON:
        return HUNCH.config_of(state)

    def make_bot(self, spec: str, seed: int, budget_ms: float) -> Bot:
        if parse_bot(spec, self.bot_names)[0] == "search":
            return SearchBot(SEARCH, seed, simulations=40)
        return HUNCH.make_bot(spec, seed, budget_ms)

    def rank(self, state: Any) -> str | None:
        return "perfect guess" if state.points[0] >= 3 else None


# --- bots ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3])
def test_every_core_bot_finishes_games_where_several_seats_decide_at_once(players):
    for n, bots in enumerate(({s: RandomBot(s) for s in range(players)}, GreedyBot(HUNCH, 3),
                              {s: SearchBot(SEARCH, s, simulations=10) for s in range(players)})):
        state = HUNCH.new_state({"players": players, "seed": 20 + n})
        seen: list[list[int]] = []
        play_game(state, bots, lambda s: seen.append(s.pending_seats()))
        assert state.finished and state.move_seats[:players] == list(range(players))  # the guess: every seat in turn
        assert [len(p) for p in seen[:players - 1]] == list(range(players - 1, 0, -1))


def test_the_search_bot_plays_the_same_game_for_the_same_seeds_and_its_two_move_turns():
    def game(seed: int) -> list[tuple[int, JSON]]:
        state = HUNCH.new_state({"players": 2, "seed": 4})
        play_game(state, {s: SearchBot(SEARCH, seed + s, simulations=20) for s in range(2)})
        return list(zip(state.move_seats, state.moves))

    assert game(1) == game(1)
    state = at_pile()
    bot = SearchBot(SEARCH, 0, simulations=20)
    assert bot.choose(state, 0) == {"type": "take"} and bot.queue == [{"type": "more"}]
    state.play(0, {"type": "take"})
    assert bot.choose(state, 0) == {"type": "more"} and len(bot.searches) == 1  # the option's second move, kept
    assert RandomBot(1).choose(dealt(2, 1), 1)["type"] == "guess"


def test_the_greedy_bot_takes_the_last_stone():
    state = at_pile()
    for seat, move in ((0, "take"), (0, "more"), (1, "take"), (1, "stop"), (0, "take")):
        state.play(seat, {"type": move})
    assert GreedyBot(HUNCH, 0).choose(state, 0) == {"type": "more"}


def test_parse_bot_reads_a_name_and_its_own_budget():
    assert parse_bot("search:300", HUNCH.bots()) == ("search", 300.0) and parse_bot("random", ["random"]) == ("random", None)
    for bad in ("oracle", "search:fast", "search:0", "search:-1"):
        with pytest.raises(ValueError):
            parse_bot(bad, HUNCH.bots())


# --- self-play ----------------------------------------------------------------------------------------------

def test_selfplay_pairs_margins_saves_with_seats_and_resumes(tmp_path, capsys):
    plug = HunchSelfPlay()
    saved = tmp_path / "games"
    result = selfplay.run(plug, 2, 6, ["search", "random"], seed=1, budget_ms=50, progress=False, save=saved)
    bots = result.summary()["bots"]
    assert bots["search"]["games"] == bots["random"]["games"] == 6
    assert bots["search"]["margin"] == -bots["random"]["margin"] > 0  # two seats: one's margin is the other's, negated
    assert bots["search"]["margin_ci95"] == bots["random"]["margin_ci95"] > 0
    record = json.loads((saved / "game-1.json").read_text())
    assert list(record) == ["config", "moves", "seats", "bots", "decision_ms"] and record["bots"] == ["search", "random"]
    replayed = selfplay.replay_log(plug, record["config"], record["moves"], record["seats"])
    assert replayed.finished and replayed.moves == record["moves"]
    with pytest.raises(ValueError, match="pending at once"):
        selfplay.replay_log(plug, record["config"], record["moves"])  # the guess: two seats pending, no seats given
    (saved / "game-6.json").unlink()
    again = selfplay.run(plug, 2, 6, ["search", "random"], seed=1, budget_ms=50, progress=False, save=saved, resume=True)
    for name in ("search", "random"):
        for key in ("games", "mean", "win_rate", "margin", "margin_ci95"):
            assert again.summary()["bots"][name][key] == bots[name][key]
    paired = selfplay.run(plug, 2, 6, ["random"], seed=1, budget_ms=50, progress=False, against=saved)
    row = paired.summary()["bots"]["random"]
    assert row["games"] == 12 and row["paired"] < 0 and row["paired_ahead"] + row["paired_behind"] <= 12
    selfplay.print_summary(paired.summary())
    assert "less the baseline on the same deals and seats" in capsys.readouterr().out
    with pytest.raises(ValueError, match="another game"):
        selfplay.run(plug, 3, 1, ["random"], seed=1, budget_ms=50, progress=False, against=saved)


# --- move review ----------------------------------------------------------------------------------------------

def test_the_review_cuts_a_log_with_its_seats_and_finds_the_bad_guess():
    config = {"players": 2, "seed": next(seed for seed in range(100)
                                         if HUNCH.new_state({"players": 2, "seed": seed}).hands[0] == 3)}
    log = [(1, {"type": "guess", "total": 4}), (0, {"type": "guess", "total": 2}), (0, {"type": "take"}),
           (0, {"type": "stop"}), (1, {"type": "take"}), (1, {"type": "more"})]
    moves, seats = [m for _, m in log], [s for s, _ in log]
    cut = review.decisions(SEARCH, HUNCH.new_state(config), moves, seats)
    assert [(d.index, d.seat, d.kind, len(d.moves)) for d in cut] == [(0, 1, "guess", 1), (1, 0, "guess", 1),
                                                                     (2, 0, "take", 2), (4, 1, "take", 2)]
    assert cut[1].choices == 5 and cut[1].position["hand"] == 3 and "guesses" not in cut[1].position
    with pytest.raises(ValueError, match="pending at once"):
        review.decisions(SEARCH, HUNCH.new_state(config), moves)
    found = review.review(SEARCH, cut, simulations=60, seed=1)
    rows = found["decisions"]
    assert rows[1]["played"] == "guess 2" and rows[1]["best"] == "guess 5" and rows[1]["loss"] > 1.0
    assert rows[2]["played"] == "take a stone, stop" and rows[2]["loss"] == pytest.approx(2.0)  # leaves 4: lost
    assert rows[3]["loss"] == pytest.approx(2.0) and rows[3]["best_moves"] == [{"type": "take"}, {"type": "stop"}]  # 3 left
    seat0 = found["seats"]["0"]
    assert seat0["decisions"] == seat0["with_choice"] == 2 and seat0["best_share"] == 0.0
    assert seat0["loss"] == pytest.approx(rows[1]["loss"] + rows[2]["loss"])
