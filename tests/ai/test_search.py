"""The information-set search, its hints, its bot and the move review (issue 29)."""

from __future__ import annotations

import itertools
import json
import time

import pytest

from solver.__main__ import main as cli_main
from solver.games.wild_tiled_west.ai import search as search_module
from solver.games.wild_tiled_west.ai.bots import RandomBot, SearchBot, make_bot, parse_bot
from solver.games.wild_tiled_west.ai.determinize import sample_game
from solver.games.wild_tiled_west.ai.hints import HintError
from solver.games.wild_tiled_west.ai.review import decisions, review_game
from solver.games.wild_tiled_west.ai.search import InformationSetSearch, SearchResult, root_options, search, search_hint
from solver.games.wild_tiled_west.engine.game import Game
from solver.games.wild_tiled_west.rules.setup import GameConfig
from tests.ai.test_hints import advance, play_option, until


def fingerprint(found: SearchResult) -> list[tuple]:
    """Everything a search answers, in order: each option's moves, visits and returns."""
    return [(json.dumps(o.option.moves, sort_keys=True), o.visits, o.returns) for o in found.options]


def hidden_twin(game: Game, seat: int) -> Game:
    """``game`` with what ``seat`` cannot see changed: the seed (future dice and draws), the partner deck's order and
    another seat's face-down partner (swapped with a card of the deck)."""
    data = game.to_json()
    other = next(p for p in data["players"] if p["seat"] != seat)
    deck = list(reversed(data["partner_deck"]))
    hidden = next(c for c in other["partners"] if c["face_down"])
    hidden["id"], deck[0] = deck[0], hidden["id"]
    twin = Game.from_json(dict(data, config=dict(data["config"], seed=data["config"]["seed"] + 991), partner_deck=deck))
    assert twin.to_json() != game.to_json()
    assert twin.position(seat) == game.position(seat)
    return twin


@pytest.fixture(scope="module")
def draft_2p() -> tuple[Game, int]:
    game = until(advance(2, 3, 10), "draft")
    return game, game.pending()["seat"]


# --- the search --------------------------------------------------------------------------------------------

def test_the_search_never_reads_hidden_values(draft_2p):
    """Two games that differ only in what the seat cannot see get the same answer for a seed and a count, and the
    search bot (which is handed the whole game) plays the same move in both."""
    game, seat = draft_2p
    twin = hidden_twin(game, seat)
    first = search(game.position(seat), simulations=10, seed=4)
    assert fingerprint(first) == fingerprint(search(twin.position(seat), simulations=10, seed=4))
    assert SearchBot(3, simulations=6).choose(game, seat) == SearchBot(3, simulations=6).choose(twin, seat)


def test_the_same_seed_and_count_give_the_same_answer_over_worker_processes(draft_2p):
    game, seat = draft_2p
    position = game.position(seat)
    first = search(position, simulations=8, seed=2, workers=2)
    assert first.simulations == 8 and first.workers == 2 and not first.partial
    assert all(len(o.returns) == 2 for o in first.options)  # one stream of determinizations per worker, merged
    assert fingerprint(first) == fingerprint(search(position, simulations=8, seed=2, workers=2))


def test_a_simulation_count_is_honoured_and_the_search_is_anytime(draft_2p):
    game, seat = draft_2p
    found = search(game.position(seat), simulations=7, seed=1)
    assert found.simulations == 7 == sum(o.visits for o in found.options) and not found.partial
    # anytime: a search stepped by hand answers between any two simulations, its leader first
    root = sample_game(game.position(seat), 0, game.catalog)
    options, _ = root_options(root, seat, search_module.NO_BUDGET)
    tree = InformationSetSearch(game.position(seat), options, seed=1)
    assert tree.run(simulations=3) and tree.result().simulations == 3
    assert not tree.run(deadline=time.perf_counter() - 1.0)  # a deadline already past: nothing more
    assert tree.run(simulations=2) and tree.result().simulations == 5
    assert tree.result().best.visits == max(o.visits for o in options)


def test_a_budget_is_honoured_on_a_counted_clock(monkeypatch, draft_2p):
    """The clock read by the search advances 1 ms per reading: the budget stops it after a bounded number of
    readings, whatever the machine's speed (counted, not timed)."""
    game, seat = draft_2p
    position = game.position(seat)
    ticks = itertools.count()
    monkeypatch.setattr(time, "perf_counter", lambda: next(ticks) / 1000.0)
    start = next(ticks)
    found = search(position, budget_ms=600, seed=1)
    used = next(ticks) - start
    assert found.simulations >= 1
    assert 600 <= used <= 600 + 60
    short = search(position, budget_ms=1, seed=1)  # the root's options are cut: first moves only, partial
    assert short.partial and short.simulations == 0
    for searched in short.options:
        assert searched.option.moves[0] in game.legal_moves()


@pytest.mark.parametrize("players,seed", [(1, 2), (2, 4)])
def test_every_option_is_accepted_move_by_move_by_the_real_game(players, seed):
    game = Game(GameConfig(players=players, seed=seed))
    bot = RandomBot(seed)
    kinds = set()
    while not game.finished:
        pending = game.pending()
        seat = pending["seat"]
        if pending["type"] not in kinds:
            kinds.add(pending["type"])
            found = search(game.position(seat), simulations=4, seed=seed)
            assert found.options and found.simulations == (4 if len(found.options) > 1 else 0)
            for searched in found.options:
                play_option(Game.from_json(game.to_json(), game.catalog), searched.option.moves)
        game.apply(bot.choose(game, seat))
    assert {"draft", "keep_partner"} <= kinds


def test_a_decision_with_one_option_is_not_simulated():
    game = Game(GameConfig(players=1, seed=1))
    bot = RandomBot(1)
    while len(game.legal_moves()) != 1:
        game.apply(bot.choose(game, 0))
    assert game.pending()["type"] == "place_alley"  # seed 1: the free alley of the first draft has one square
    found = search(game.position(0), budget_ms=5_000, seed=0)
    assert len(found.options) == 1 and found.simulations == 0 and not found.partial


def test_search_hint_gives_the_hints_answer_with_the_search_figures(draft_2p):
    game, seat = draft_2p
    answer = search_hint(game.position(seat), top=3, budget_ms=None, simulations=12, seed=0)
    assert answer["version"] == game.version and answer["seat"] == seat and answer["decision"]["type"] == "draft"
    assert answer["simulations"] == 12 and not answer["partial"] and answer["workers"] == 1
    options = answer["options"]
    assert 1 <= len(options) <= 3
    figures = [o["search"] for o in options]
    assert figures[0]["loss"] == 0 and all(f["loss"] is None or f["loss"] >= 0 for f in figures)
    assert [f["visits"] for f in figures] == sorted((f["visits"] for f in figures), reverse=True)
    assert sum(f["share"] for f in figures) <= 1.0 + 1e-9
    for option in options:
        assert set(option["search"]) == {"gain", "stderr", "loss", "loss_stderr", "visits", "share", "prior"}
        play_option(Game.from_json(game.to_json()), option["moves"])
    with pytest.raises(HintError, match="seat"):
        search_hint(game.position(1 - seat), simulations=1)
    with pytest.raises(ValueError, match="budget"):
        search(game.position(seat))


# --- the bot -----------------------------------------------------------------------------------------------

def test_the_search_bot_by_name_and_budget():
    assert isinstance(make_bot("search", 1, budget_ms=250), SearchBot)
    bot = make_bot("search:1500", 1, budget_ms=250)
    assert isinstance(bot, SearchBot) and bot.budget_ms == 1500
    assert parse_bot("hint") == ("hint", None) and parse_bot("search:300") == ("search", 300.0)
    for bad in ("oracle", "search:fast", "search:0", "search:-5"):
        with pytest.raises(ValueError):
            parse_bot(bad)


def test_the_search_bot_plays_a_game_and_selfplay_saves_it(tmp_path):
    summary, saved = tmp_path / "summary.json", tmp_path / "games"
    assert cli_main(["selfplay", "--players", "1", "--games", "1", "--bot", "search:20", "--seed", "3", "--quiet",
                     "--json", str(summary), "--save", str(saved)]) == 0
    assert json.loads(summary.read_text())["bots"]["search:20"]["games"] == 1
    record = json.loads((saved / "game-3.json").read_text())
    assert record["bots"] == ["search:20"]
    assert Game.replay(GameConfig.from_json(record["config"]), record["moves"]).finished


# --- the move review ---------------------------------------------------------------------------------------

def _opening(bot, seed: int, moves: int = 10) -> Game:
    """A solo game's first ``moves`` moves played by ``bot``."""
    game = Game(GameConfig(players=1, seed=seed))
    while len(game.moves) < moves:
        game.apply(bot.choose(game, 0))
    return game


def test_decisions_cut_a_move_log_into_complete_options():
    game = advance(2, 6, 30)
    found = decisions(game.config, game.moves)
    assert [m for d in found for m in d.moves] == game.moves
    assert [d.index for d in found] == sorted({d.index for d in found})
    drafts = [d for d in found if d.kind == "draft" and d.moves[0]["type"] == "draft"]
    assert drafts and all(d.moves[1]["type"] == "place" for d in drafts if len(d.moves) > 1)


def test_the_review_of_search_play_shows_small_losses_and_of_random_play_large_ones():
    # a search of 32 simulations reviewed by another of 32 (other determinizations): deterministic, a few seconds
    searched = _opening(SearchBot(4, simulations=32), 4)
    random_play = _opening(RandomBot(4), 4)
    small = review_game(searched.config, searched.moves, simulations=32, seed=1)
    large = review_game(random_play.config, random_play.moves, simulations=32, seed=1)
    mine, theirs = small["seats"]["0"], large["seats"]["0"]
    assert mine["with_choice"] >= 4 and theirs["with_choice"] >= 4
    assert mine["mean_loss"] < 0.5 and mine["loss"] < 2
    assert theirs["mean_loss"] > 2 and theirs["loss"] > 10 * max(mine["loss"], 1)
    row = large["decisions"][0]
    assert set(row) == {"index", "seat", "decision", "played", "played_moves", "best", "best_moves", "loss",
                        "loss_stderr", "options", "simulations", "partial", "words"}
    assert set(row["words"]) == {"fr"} and row["words"]["fr"]["played"] and row["words"]["fr"]["best"]  # issue 37


def test_the_review_command_writes_json(tmp_path):
    game = _opening(RandomBot(2), 2, moves=6)
    log = tmp_path / "game.json"
    log.write_text(json.dumps({"config": game.config.to_json(), "moves": game.moves}))
    out = tmp_path / "review.json"
    assert cli_main(["review", str(log), "--simulations", "3", "--sample", "2", "--out", str(out), "--quiet"]) == 0
    result = json.loads(out.read_text())
    assert result["simulations"] == 3 and len(result["decisions"]) == 2 and result["games"] == [str(log)]
    assert result["seats"]["0"]["with_choice"] == 2
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    assert cli_main(["review", str(bad), "--simulations", "1", "--quiet"]) == 2


def test_selfplay_reports_margins_with_intervals(tmp_path, capsys):
    out = tmp_path / "duel.json"
    assert cli_main(["selfplay", "--players", "2", "--games", "2", "--bot", "greedy", "--bot", "random", "--seed", "5",
                     "--quiet", "--json", str(out)]) == 0
    bots = json.loads(out.read_text())["bots"]
    # two seats: one bot's margin over the other is the other's, negated, game by game
    assert bots["greedy"]["margin"] == -bots["random"]["margin"] > 0
    assert bots["greedy"]["margin_ci95"] == bots["random"]["margin_ci95"] >= 0
    assert 0 <= bots["greedy"]["win_rate_ci95"] <= 0.5
    assert "±" in capsys.readouterr().out


def test_selfplay_resumes_a_measurement_from_its_saved_games(tmp_path):
    saved = tmp_path / "games"
    args = ["selfplay", "--players", "2", "--bot", "greedy", "--bot", "random", "--seed", "5", "--quiet", "--save",
            str(saved)]
    whole, part, resumed = (tmp_path / name for name in ("whole.json", "part.json", "resumed.json"))
    assert cli_main(args[:1] + ["--games", "3", "--json", str(whole)] + args[1:]) == 0
    (saved / "game-7.json").unlink()  # the run was stopped before its third game
    assert cli_main(args[:1] + ["--games", "3", "--resume", "--json", str(resumed)] + args[1:]) == 0
    assert (saved / "game-7.json").exists()
    figures, again = json.loads(whole.read_text())["bots"], json.loads(resumed.read_text())["bots"]
    for name in ("greedy", "random"):  # the same games, counted once each (decision times aside)
        for key in ("games", "median", "mean", "win_rate", "margin", "margin_ci95"):
            assert again[name][key] == figures[name][key], (name, key)
    assert again["greedy"]["decision_ms_mean"] > 0  # the saved games' decision times are counted too
    # a saved game of another run is refused, not counted
    assert cli_main(args[:1] + ["--games", "1", "--resume", "--json", str(part)] + args[1:]) == 0
    with pytest.raises(ValueError, match="another game"):
        cli_main(["selfplay", "--players", "2", "--bot", "random", "--bot", "greedy", "--seed", "5", "--quiet",
                  "--games", "1", "--resume", "--save", str(saved)])
    with pytest.raises(SystemExit):
        cli_main(["selfplay", "--games", "1", "--resume", "--quiet"])


def test_selfplay_pairs_each_game_with_a_baseline_runs_game_of_the_same_deal(tmp_path, capsys):
    # the greedy bot's solo games against the random bot's on the same three deals: its points less the random
    # bot's, deal by deal, are what a solo comparison needs (a solo bot has no margin)
    base, runs = tmp_path / "random", tmp_path / "greedy"
    solo = ["selfplay", "--players", "1", "--games", "3", "--seed", "5", "--quiet"]
    assert cli_main(solo + ["--bot", "random", "--save", str(base)]) == 0
    out = tmp_path / "paired.json"
    assert cli_main(solo + ["--bot", "greedy", "--save", str(runs), "--against", str(base), "--json", str(out)]) == 0
    differences = []
    for seed in (5, 6, 7):
        greedy, random_play = (json.loads((folder / f"game-{seed}.json").read_text()) for folder in (runs, base))
        assert greedy["config"] == random_play["config"]  # the same deal
        points = [Game.replay(GameConfig.from_json(g["config"]), g["moves"]).players[0].points
                  for g in (greedy, random_play)]
        differences.append(points[0] - points[1])
    row = json.loads(out.read_text())["bots"]["greedy"]
    assert row["paired"] == round(sum(differences) / 3, 2) > 0
    assert row["paired_ahead"] == sum(d > 0 for d in differences) and row["paired_behind"] == sum(d < 0 for d in differences)
    assert row["paired_ci95"] > 0
    assert "less the baseline on the same deals" in capsys.readouterr().out
    # a baseline without the game of a seed, or of another deal, is refused before anything is played
    with pytest.raises(ValueError, match="no game of this seed"):
        cli_main(["selfplay", "--players", "1", "--games", "1", "--seed", "9", "--quiet", "--against", str(base)])
    with pytest.raises(ValueError, match="another game"):
        cli_main(["selfplay", "--players", "1", "--games", "1", "--seed", "5", "--side", "wild", "--quiet",
                  "--against", str(base)])
