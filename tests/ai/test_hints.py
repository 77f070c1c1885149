"""Hints, position sampling, evaluation, bots and self-play (issue 6)."""

from __future__ import annotations

import json
import random

import pytest

from solver.__main__ import main as cli_main
from solver.games.wild_tiled_west.ai import hints
from solver.games.wild_tiled_west.ai.bots import GreedyBot, HintBot, RandomBot, make_bot, play_game
from solver.games.wild_tiled_west.ai.determinize import PositionError, sample_game
from solver.games.wild_tiled_west.ai.evaluation import TERMS, position_value, potential_share, remaining
from solver.games.wild_tiled_west.ai.hints import LOOKAHEAD_OPTIONS, HintError, _Search, hint, rank_options
from solver.games.wild_tiled_west.engine.game import Game
from solver.games.wild_tiled_west.planning.cpsat.solve import solve_plan
from solver.games.wild_tiled_west.planning.plans import PlanPosition, evaluate_plan, pink_building_gain
from solver.games.wild_tiled_west.rules.endgame import pink_building_points
from solver.games.wild_tiled_west.rules.settlement import Placement
from solver.games.wild_tiled_west.rules.setup import GameConfig, SeatConfig
from tests.rules.test_buildings import RANCH, settle
from tests.rules.test_buildings import new as new_building_game


def advance(players: int, seed: int, moves: int) -> Game:
    """A game after ``moves`` random moves (stops early at the end)."""
    game = Game(GameConfig(players=players, seed=seed))
    bot = RandomBot(seed)
    for _ in range(moves):
        if game.finished:
            break
        game.apply(bot.choose(game, game.pending()["seat"]))
    return game


def until(game: Game, decision: str, bot=None, limit: int = 400) -> Game:
    """Play random moves until ``decision`` is pending."""
    bot = bot or RandomBot(1)
    for _ in range(limit):
        if game.finished or game.pending()["type"] == decision:
            return game
        game.apply(bot.choose(game, game.pending()["seat"]))
    return game


# --- positions and sampling ------------------------------------------------------------------------

@pytest.mark.parametrize("players", [1, 2, 4])
def test_sampled_game_agrees_with_the_seat_knowledge(players):
    game = advance(players, 11, 12 * players)
    seat = game.pending()["seat"]
    position = game.position(seat)
    json.dumps(position)  # plain data
    for sample_seed in (0, 1):
        sampled = sample_game(position, sample_seed)
        assert sampled.legal_moves() == game.legal_moves()
        assert sampled.view(seat)["players"] == game.view(seat)["players"]
        assert sampled.position(seat)["agenda"] == position["agenda"]


def test_position_hides_other_seats_partners_and_the_seed():
    game = advance(3, 5, 20)
    seat = game.pending()["seat"]
    text = json.dumps(game.position(seat))
    hidden = [c["id"] for p in game.players if p.seat != seat for c in p.partners if c["face_down"]]
    assert hidden, "the other seats keep their setup partner face down"
    for card in hidden + game.partner_deck:
        if card not in game.face_up_partners and all(c["id"] != card for c in game.players[seat].partners):
            assert f'"{card}"' not in text
    assert '"chance"' not in text and '"seed"' not in text


def test_hidden_values_do_not_change_the_hint():
    """Two games that differ only in what the seat cannot see give the same hint."""
    game = until(advance(2, 3, 10), "draft")
    seat = game.pending()["seat"]
    data = game.to_json()
    other = dict(data, config=dict(data["config"], seed=999), partner_deck=list(reversed(data["partner_deck"])))
    twin = Game.from_json(other)
    assert twin.position(seat) == game.position(seat)
    first = hint(game.position(seat), top=2, budget_ms=10_000)
    second = hint(twin.position(seat), top=2, budget_ms=10_000)
    assert [o["moves"] for o in first["options"]] == [o["moves"] for o in second["options"]]


def test_malformed_position_is_refused():
    with pytest.raises(PositionError):
        sample_game({"seat": 0, "config": {}}, 1)


# --- hints -------------------------------------------------------------------------------------------

def play_option(game: Game, moves: list[dict]) -> None:
    """Every move of an option is accepted by the real game, in order."""
    for move in moves:
        assert move in game.legal_moves(), move
        game.apply(move)


@pytest.mark.parametrize("players,seed", [(1, 2), (2, 4), (3, 6)])
def test_hint_options_are_complete_and_playable_at_every_kind_of_decision(players, seed):
    game = Game(GameConfig(players=players, seed=seed))
    bot = RandomBot(seed)
    kinds = set()
    rng = random.Random(seed)
    while not game.finished:
        pending = game.pending()
        seat = pending["seat"]
        if pending["type"] not in kinds or rng.random() < 0.1:
            kinds.add(pending["type"])
            answer = hint(game.position(seat), top=3, budget_ms=10_000)
            assert answer["version"] == game.version and answer["seat"] == seat
            assert answer["decision"]["type"] == pending["type"]
            options = answer["options"]
            assert 1 <= len(options) <= 3
            gains = [o["gain"] for o in options]
            assert gains == sorted(gains, reverse=True)
            for option in options:
                assert option["label"] and option["complete"]
                assert abs(sum(option["terms"].values()) - option["gain"]) < 0.05
                assert set(option["terms"]) == set(TERMS)
            trial = Game.from_json(game.to_json())
            play_option(trial, options[0]["moves"])
            after = trial.pending()
            assert after is None or after["seat"] != seat or after["type"] not in ("wrangle", "place_tile") \
                or trial.chance != game.chance
        game.apply(bot.choose(game, seat))
    assert {"draft", "place_tile", "keep_partner"} <= kinds


def test_draft_hint_is_a_whole_turn_with_a_label():
    game = until(advance(2, 8, 6), "draft")
    seat = game.pending()["seat"]
    answer = hint(game.position(seat), top=3, budget_ms=10_000)
    best = answer["options"][0]
    assert best["moves"][0]["type"] in ("draft", "free_alleys", "sawmill", "signpost", "pass")
    if best["moves"][0]["type"] == "draft":
        assert best["moves"][1]["type"] == "place"
        assert "die" in best["label"] and " at row " in best["label"]
    trial = Game.from_json(game.to_json())
    before = position_value(trial, seat)
    play_option(trial, best["moves"])
    after = position_value(trial, seat)
    assert round(sum(after.values()) - sum(before.values()), 2) == pytest.approx(best["gain"], abs=0.01)


def test_a_tiny_budget_gives_a_partial_answer_in_time():
    game = until(advance(2, 8, 6), "draft")
    seat = game.pending()["seat"]
    answer = hint(game.position(seat), top=3, budget_ms=1)
    assert answer["partial"] is True
    assert answer["options"] and answer["options"][0]["moves"][0] in game.legal_moves()


def test_hint_for_another_seat_or_a_finished_game_is_refused():
    game = until(advance(2, 8, 6), "draft")
    seat = game.pending()["seat"]
    with pytest.raises(HintError, match="seat"):
        hint(game.position(1 - seat))
    with pytest.raises(HintError, match="top"):
        hint(game.position(seat), top=0)
    done = play_game(Game(GameConfig(players=1, seed=1)), RandomBot(1))
    with pytest.raises(HintError, match="over"):
        hint(done.position(0))


def test_placement_candidates_reach_the_solvers_proven_optimum(monkeypatch):
    """The hint values every legal placement exactly: its best equals CP-SAT's proven best fit (without
    the pink-building credit, which the solver leaves out)."""
    monkeypatch.setattr(hints, "PINK_SHORTLIST", False)
    checked = 0
    for seed in range(3):
        game = until(advance(2, seed, 10), "place_tile")
        if game.finished:
            continue
        seat = game.pending()["seat"]
        tile = game.catalog.tile(game.pending()["tile"])
        search = _Search(game, seat, float("inf"))
        best_value = search.placements(game, tile, game.legal_moves())[0][0]
        result = solve_plan(PlanPosition.from_game(game, seat, [tile]), required=True)
        assert result.status == "OPTIMAL"
        assert best_value == result.objective
        checked += 1
    assert checked >= 2


def test_pink_building_gain_is_the_endgame_points_the_plan_adds():
    """A Ranch House scores the cows of the pastures beside it, a Chapel 1 per tombstone (Building guide):
    the shortlist credit is the change in those Endgame points, and evaluate_plan leaves it out."""
    game = new_building_game(RANCH)
    settle(game, "st", 0, 0)
    settle(game, "st", 0, 1)
    house = game.catalog.tile("ranch")
    position = PlanPosition.from_game(game, 0, [house])
    for (row, col), cows in {(1, 1): 2 + 1, (0, 2): 2, (1, 0): 0}.items():
        plan = [Placement("ranch", 0, row, col)]
        assert pink_building_gain(position, plan) == cows
        assert "pink" not in evaluate_plan(position, plan).terms
        trial = Game.from_json(game.to_json(), game.catalog)
        before = pink_building_points(trial.catalog, trial.players[0])
        settle(trial, "ranch", row, col)
        assert pink_building_points(trial.catalog, trial.players[0]) - before == cows
    # cows added to a pasture beside a Ranch House count too
    settle(game, "ranch", 1, 1)
    cow = game.catalog.tile("cowtile")
    assert pink_building_gain(PlanPosition.from_game(game, 0, [cow]), [Placement("cowtile", 0, 2, 2)]) == 1


def test_pink_building_gain_counts_a_chapels_tombstones_and_the_plans_shots():
    game = new_building_game()
    player = game.players[0]
    player.bullets = 2
    settle(game, "shoot2", 0, 0)  # two tombstones
    chapel = game.catalog.tile("chapel")
    assert pink_building_gain(PlanPosition.from_game(game, 0, [chapel]), [Placement("chapel", 0, 1, 0)]) == 2
    settle(game, "chapel", 1, 0)
    player.bullets = 2
    shooter = game.catalog.tile("shoot2")
    # Chapel already placed: each shot of the plan is one more tombstone, 1 more point
    assert pink_building_gain(PlanPosition.from_game(game, 0, [shooter]), [Placement("shoot2", 0, 2, 0)]) == 2


def test_shortlist_puts_the_ranch_house_beside_the_most_cows_first(monkeypatch):
    game = new_building_game(RANCH)
    settle(game, "st", 0, 0)
    settle(game, "st", 0, 1)
    house = game.catalog.tile("ranch")
    best_value, best = _Search(game, 0, float("inf")).placements(game, house)[0]
    assert (best["row"], best["col"], best_value) == (1, 1, 3)
    monkeypatch.setattr(hints, "PINK_SHORTLIST", False)
    assert _Search(game, 0, float("inf")).placements(game, house)[0][0] == 0  # evaluate_plan alone: 0


def test_shortlist_adds_the_placement_with_the_largest_pink_gain(monkeypatch):
    """Beyond the best placements by value, the one adding the most pink-building points is kept."""
    game = new_building_game(RANCH)
    settle(game, "st", 0, 0)
    settle(game, "st", 0, 1)
    house = game.catalog.tile("ranch")
    monkeypatch.setattr(hints, "PLACEMENTS_PER_TILE", 0)
    shortlist = _Search(game, 0, float("inf")).shortlist(game, house)
    assert [(v, m["row"], m["col"]) for v, m in shortlist] == [(3, 1, 1)][:hints.PINK_EXTRA]
    monkeypatch.setattr(hints, "PLACEMENTS_PER_TILE", 3)
    shortlist = _Search(game, 0, float("inf")).shortlist(game, house)
    assert len(shortlist) == 3  # already among the best three: not twice


# --- evaluation ----------------------------------------------------------------------------------------

def test_finished_game_value_is_the_final_score():
    game = play_game(Game(GameConfig(players=2, seed=4)), RandomBot(4))
    for seat in range(2):
        terms = position_value(game, seat)
        assert terms["resources"] == terms["town_progress"] == terms["pastures"] == terms["bandits"] == 0
        assert terms["aces"] == terms["buildings"] == 0
        assert terms["points"] + terms["partners"] + terms["mining"] == game.players[seat].points


def test_stables_are_credited_by_the_share_of_horseshoes_covered():
    """Building guide / Stables: 8 points at the Endgame once every horseshoe is covered; before that the
    evaluation credits STABLES_PROGRESS_SHARE of them per share of the horseshoes covered."""
    from solver.games.wild_tiled_west.planning.weights import STABLES_PROGRESS_SHARE
    from tests.fixtures import fixture_game, place, resolve

    rows = ["u...X", ".....", "...u."]  # two horseshoes
    game = fixture_game(rows, tiles={"stables": ("#", "Stables"), "st": "."}, seed=1)
    stables_points = game.catalog.building("Stables").amount("points")  # 8 (Building guide)
    assert position_value(game, 0)["buildings"] == 0  # no Stables
    place(game, "stables", 1, 1)
    resolve(game)
    assert position_value(game, 0)["buildings"] == 0  # no horseshoe covered yet
    place(game, "st", 0, 0)
    resolve(game)
    half = position_value(game, 0)
    assert half["buildings"] == pytest.approx(STABLES_PROGRESS_SHARE * stables_points / 2)
    place(game, "st", 2, 3)
    resolve(game)
    done = position_value(game, 0)
    assert done["buildings"] == 0  # every horseshoe covered: the 8 points are in the score
    assert done["points"] - half["points"] == stables_points + 1  # + the Stables, + a horseshoe (Trailblazing)


def test_potentials_fade_with_the_square_root_of_the_game_left():
    """Gold, bullets, open pastures and ace progress keep remaining ** POTENTIAL_EXPONENT of their worth."""
    from solver.games.wild_tiled_west.planning.weights import BULLET_VALUE, GOLD_VALUE, POTENTIAL_EXPONENT

    game = until(advance(1, 3, 40), "draft")
    rest = remaining(game)
    assert 0 < rest < 1
    assert potential_share(game) == pytest.approx(rest ** POTENTIAL_EXPONENT)
    assert potential_share(game) > rest  # 0.5: slower than linear
    player = game.players[0]
    assert player.gold + player.bullets > 0
    expected = (player.gold * GOLD_VALUE + player.bullets * BULLET_VALUE) * potential_share(game)
    assert position_value(game, 0)["resources"] == pytest.approx(expected)
    assert potential_share(Game(GameConfig(players=1, seed=3))) == 1.0
    finished = play_game(Game(GameConfig(players=1, seed=3)), RandomBot(3))
    assert potential_share(finished) == 0.0


# --- bots and self-play ------------------------------------------------------------------------------

def test_every_bot_plays_a_whole_game_legally():
    game = Game(GameConfig(players=3, seed=9))
    bots = {0: make_bot("random", 1), 1: make_bot("greedy", 2), 2: make_bot("hint", 3)}
    assert isinstance(bots[1], GreedyBot) and isinstance(bots[2], HintBot)
    play_game(game, bots)
    assert game.finished and len(game.standings()) == 3
    replayed = Game.replay(game.config, game.moves)
    assert replayed.to_json() == game.to_json()


def test_greedy_and_hint_bots_outscore_random_solo():
    scores = {}
    for name in ("random", "greedy", "hint"):
        game = play_game(Game(GameConfig(players=1, seed=21)), make_bot(name, 5))
        scores[name] = game.players[0].points
    assert scores["greedy"] > scores["random"] and scores["hint"] > scores["random"]


def test_unknown_bot_is_refused():
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("oracle")


def test_selfplay_command_prints_and_writes_the_summary(tmp_path, capsys):
    out = tmp_path / "summary.json"
    assert cli_main(["selfplay", "--players", "1", "--games", "2", "--bot", "greedy", "--seed", "3", "--quiet",
                          "--json", str(out)]) == 0
    summary = json.loads(out.read_text())
    row = summary["bots"]["greedy"]
    assert row["games"] == 2 and row["min"] <= row["median"] <= row["max"]
    assert sum(summary["solo_ranks"].values()) == 2
    assert "greedy" in capsys.readouterr().out


def test_selfplay_on_the_wild_sides(tmp_path):
    # Seeds 7-10 seat the hint bot on House in Danger (whose first placement is its building's, rooted on its
    # site) and Signpost among the other wild sides.
    out = tmp_path / "wild.json"
    assert cli_main(["selfplay", "--players", "2", "--games", "4", "--bot", "hint", "--seed", "7", "--side", "wild",
                          "--quiet", "--json", str(out)]) == 0
    assert json.loads(out.read_text())["bots"]["hint"]["games"] == 8


def test_rank_options_does_not_change_the_game():
    game = until(advance(2, 8, 6), "draft")
    before = json.dumps(game.to_json(), sort_keys=True)
    rank_options(game, game.pending()["seat"], 3, 10_000)
    assert json.dumps(game.to_json(), sort_keys=True) == before


def test_solo_look_ahead_reranks_the_best_options_without_changing_the_game():
    game = until(advance(1, 5, 8), "draft")
    before = json.dumps(game.to_json(), sort_keys=True)
    plain, _ = rank_options(game, 0, 100, 10_000)
    ahead, partial = rank_options(game, 0, 100, 10_000, look_ahead=True)
    assert json.dumps(game.to_json(), sort_keys=True) == before and not partial
    # the same options, re-ranked, and the other wrangle choice of those meeting a wrangle decision
    assert sorted(o.label for o in ahead if not o.other_wrangle) == sorted(o.label for o in plain)
    assert ahead[0].label in {o.label for o in plain[:LOOKAHEAD_OPTIONS]}
    trial = Game.from_json(game.to_json())
    play_option(trial, ahead[0].moves)


def _house_in_danger() -> Game:
    """A solo game on House in Danger (coyote-canyon's wild side) at its first decision that places a tile:
    the set-aside building on its site, which the board (no X) needs before any other tile."""
    game = Game(GameConfig(players=1, seed=5, seats=(SeatConfig(board="coyote-canyon", side="wild"),)))
    bot = RandomBot(5)
    while not game.pending().get("rooted_on"):
        game.apply(bot.choose(game, 0))
    return game


def _signpost() -> Game:
    """A Signpost board with signposts 1 and 2 covered and the set-aside General Store chosen."""
    from tests.rules.test_wild_sides import SIGNPOST, new, settle

    game = new(SIGNPOST, "signpost")
    settle(game, "st", 0, 2)
    settle(game, "st", 0, 4)
    game.apply({"type": "signpost", "tile": game.players[0].set_aside})
    return game


@pytest.mark.parametrize("setup, source", [(_house_in_danger, "house"), (_signpost, "signpost")])
def test_hints_place_a_building_rooted_on_its_space(setup, source):
    # Wild sides / House in Danger (the board has no X: the set-aside building goes on its site first) and
    # Signpost ("it only needs to cover the third signpost; it does not need to connect"): the hint search
    # values these placements rooted on their space, as the engine plays them (it once refused them all).
    game = setup()
    pending = game.pending()
    assert pending["source"] == source
    options, partial = rank_options(game, 0, 3, 10_000)  # the search itself (a fixture board cannot be sampled)
    assert options and not partial
    for option in options:
        trial = Game.from_json(game.to_json(), game.catalog)
        before = len(trial.players[0].settlement.tiles)
        play_option(trial, option.moves)
        placed = trial.players[0].settlement.tiles[before].squares
        assert tuple(pending["rooted_on"]) in [rc for rc, _ in placed]


def test_options_stay_legal_when_two_plays_cover_the_same_squares():
    """Regression: two candidates (a tile, then a Wheelwright alley pair) covering the same squares once
    shared cached alley options, and the second alley was not adjacent to the first."""
    from pathlib import Path

    data = json.loads((Path(__file__).parents[1] / "data" / "hint_alley_pair.json").read_text())
    game = Game.replay(GameConfig.from_json(data["config"]), data["moves"])
    seat = game.pending()["seat"]
    options, partial = rank_options(game, seat, 50, 60_000)
    assert not partial and len(options) > 3
    for option in options:
        trial = Game.from_json(game.to_json())
        play_option(trial, option.moves)


def test_labels_name_partners_and_choices():
    from solver.games.wild_tiled_west.ai.hints import label

    game = Game(GameConfig(players=2, seed=1))
    assert game.pending()["type"] == "keep_partner"
    move = game.legal_moves()[0]
    name = next(p.name for p in game.catalog.partners if p.id == move["partner"])
    text = label(game, [move], [], 1.5)
    assert text == f"keep {name} +1.5" and move["partner"] not in text  # the partner by its name, not its id
    assert label(game, [{"type": "mining", "choice": "pickaxes"}], [], 0) == "Year 4 mining: 1 gold and 2 pickaxes +0.0"
    assert "partner partner" not in text


def test_options_are_distinct_turns():
    """Two dice showing the same face give the same turn: the answer lists it once."""
    for seed in range(12):
        game = until(advance(1, seed, 3), "draft")
        answer = hint(game.position(0), top=5, budget_ms=10_000)
        labels = [(o["label"], o["gain"]) for o in answer["options"]]
        assert len(labels) == len(set(labels))


def test_partner_priors_cover_every_partner_card():
    from solver.games.wild_tiled_west.ai.partner_priors import PRIORS_FILE, partner_priors
    from solver.games.wild_tiled_west.components.catalog import load_catalog

    priors = partner_priors()
    assert set(priors) == {c.id for c in load_catalog().partners}
    assert all(points >= 0 for points in priors.values())
    assert 'source = "derived:' in PRIORS_FILE.read_text(encoding="utf-8")


def test_keep_partner_hint_prefers_the_card_expected_to_score_more():
    from solver.games.wild_tiled_west.ai.partner_priors import partner_priors

    priors = partner_priors()
    checked = 0
    for seed in range(30):
        game = Game(GameConfig(players=1, seed=seed))
        options = game.legal_moves()
        values = {m["partner"]: priors[m["partner"]] for m in options}
        if abs(max(values.values()) - min(values.values())) < 1:
            continue
        best = hint(game.position(0), top=2, budget_ms=10_000)["options"][0]["moves"][0]["partner"]
        assert values[best] == max(values.values())
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def _wrangle_kinds(moves: list[dict]) -> list[bool]:
    return [bool(m["cows"]) for m in moves if m["type"] == "wrangle"]


def test_solo_look_ahead_weighs_both_wrangle_choices():
    """A solo draft option that meets a wrangle decision is also played with the other choice (wait
    instead of wrangling, or wrangle instead of waiting), and the look-ahead ranks both."""
    from solver.games.wild_tiled_west.ai.hints import _candidates

    found = None
    for seed in range(40):
        game = until(advance(1, seed, 10), "draft")
        if game.finished:
            continue
        search = _Search(game, 0, float("inf"))
        for _, first in _candidates(search):
            moves, _, _ = search.play(first)
            if search.met_wrangle:
                found = (game, search, first, moves)
                break
        if found:
            break
    assert found, "no solo draft with a wrangle decision among the seeds tried"
    game, search, first, moves = found
    other, _, _ = search.play(first, other_wrangle=True)
    assert search.met_wrangle and other[:len(first)] == moves[:len(first)]
    assert _wrangle_kinds(other)[0] != _wrangle_kinds(moves)[0]
    ahead, partial = rank_options(game, 0, 100, 60_000, look_ahead=True)
    assert not partial
    branched = [o for o in ahead if o.other_wrangle]
    assert branched
    for option in branched:
        twin = [o for o in ahead if not o.other_wrangle and o.moves[:2] == option.moves[:2]]
        assert twin and _wrangle_kinds(twin[0].moves)[0] != _wrangle_kinds(option.moves)[0]
        trial = Game.from_json(game.to_json())
        play_option(trial, option.moves)
    plain, _ = rank_options(game, 0, 100, 60_000)
    assert not any(o.other_wrangle for o in plain)  # hints (no look-ahead) keep one choice per option


def test_a_hint_at_a_draft_offering_the_signpost_building():
    # Issue 27: at a draft decision that offers Signpost's set-aside building, the hint valued that building's
    # ordinary placements instead of those covering signpost 3 (Wild sides / Signpost), and playing the option
    # raised IllegalMove ("the tile must cover its space"). 3 players, seed 30, the first seat on Signpost (seed 11 before the trays held 40 tile types).
    game = Game(GameConfig(players=3, seed=30, seats=(SeatConfig(side="wild"), SeatConfig(), SeatConfig())))
    assert game.players[0].settlement.side.rule == "signpost"
    bot = RandomBot(0)
    while not any(m["type"] == "signpost" for m in game.legal_moves()):
        game.apply(bot.choose(game, game.pending()["seat"]))
    seat = game.pending()["seat"]
    answer = hint(game.position(seat), top=10, budget_ms=60_000, sample_seed=0)
    signposts = [o for o in answer["options"] if o["moves"][0]["type"] == "signpost"]
    assert signposts and not answer["partial"]
    for option in answer["options"]:  # every option is accepted move by move by the real game
        trial = Game.from_json(game.to_json(), game.catalog)
        for move in option["moves"]:
            trial.apply(move)
