"""The game state machine: setup for 1-5 players, the flow of years and rounds, random full games with
invariants after every move, replay, JSON round trips, per-seat views and illegal moves."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from solver.games.wild_tiled_west.engine.game import Game, GameOver, IllegalMove
from solver.games.wild_tiled_west.rules.placement import legal_placements
from solver.games.wild_tiled_west.rules.setup import ConfigError, GameConfig, SeatConfig
from solver.games.wild_tiled_west.rules.trays import parse_slot_key
from tests.game_checks import check_invariants, play_random

ROOT = Path(__file__).resolve().parents[2]


def new_game(players: int, seed: int = 1, **kw) -> Game:
    return Game(GameConfig(players=players, seed=seed, **kw))


def keep_partners(game: Game) -> None:
    while game.pending()["type"] == "keep_partner":
        game.apply(game.legal_moves()[0])


# --- setup -------------------------------------------------------------------------------------


@pytest.mark.parametrize("players, removed, prairie, river", [(1, 40, 2, 1), (2, 28, 2, 1), (3, 20, 3, 1), (4, 0, 3, 2), (5, 0, 4, 2)])
def test_setup_removes_tiles_and_uses_dice_by_player_count(players, removed, prairie, river):
    # Setup F (2 players: 28 tiles, 3 players: 20) and Solo play / Setup (40 tiles; 2 prairie + 1 river).
    game = new_game(players)
    assert len(game.trays.removed) == removed
    assert game.trays.tile_count() == 96 - removed - sum(1 for p in game.players if p.set_aside)
    assert sum(d.kind == "prairie" for d in game.dice) == prairie and sum(d.kind == "river" for d in game.dice) == river
    assert all(p.points == 5 and p.mining == 0 for p in game.players)  # Setup D4
    assert len({p.settlement.side.board_id for p in game.players}) == players


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("side", ["normal", "wild"])
def test_setup_removes_one_copy_of_a_type_never_a_whole_type(players, side):
    # Setup F and Solo play / Setup ("one of each tile"): a removal takes one copy from a stack; every stack holds
    # the copies of one type (2 or 3), so every type stays in the trays and a solo game deals every building type
    # (issue 26). Wild sides set aside a building (House in Danger, Signpost): still one copy of its type.
    for seed in range(1, 4):
        game = new_game(players, seed=seed, seats=tuple(SeatConfig(side=side) for _ in range(players)))
        catalog = game.catalog
        aside = [p.set_aside for p in game.players if p.set_aside]
        left = {catalog.tile(t).type_id for stack in game.trays.stacks.values() for t in stack + aside}
        assert left == {t.id for t in catalog.tile_types}
        removed = [catalog.tile(t).type_id for t in game.trays.removed]
        assert len(removed) == len(set(removed))  # one copy of a type at most
        for key, stack in game.trays.stacks.items():
            slot = catalog.trays.slot(*parse_slot_key(key))
            assert all(catalog.tile(t).type_id == catalog.tile(slot.stack[0]).type_id for t in stack)
        buildings = {catalog.tile(t).building for stack in game.trays.stacks.values() for t in stack + aside}
        assert buildings >= {b.name for b in catalog.buildings}


def test_setup_partners_two_dealt_one_kept_face_down_three_face_up():
    game = new_game(4)
    assert game.pending()["type"] == "keep_partner"
    assert all(len(p.dealt) == 2 for p in game.players)
    keep_partners(game)
    assert all(len(p.partners) == 1 and p.partners[0]["face_down"] for p in game.players)
    assert len(game.face_up_partners) == 3
    assert len(game.partner_deck) == 16 - 4 - 3
    ids = [p.partners[0]["id"] for p in game.players] + game.face_up_partners + game.partner_deck
    assert sorted(ids) == sorted(p.id for p in game.catalog.partners)


def test_three_players_last_seat_takes_1_gold():
    # Setup F: "the player who will go last in the first round takes 1 gold from the supply."
    game = new_game(3, seed=5)
    keep_partners(game)
    last = (game.first_player + 2) % 3
    others = [p.gold for p in game.players if p.seat != last]
    assert game.players[last].gold == others[0] + 1 == others[1] + 1


def test_five_players_skip_a_round_of_year_1_but_take_income():
    # Setup F, 5 players: the round marker starts one space right; Year 1 mining income still happens.
    game = new_game(5)
    assert game.rounds_this_year(1) == game.scoreboard_side.rounds_per_year[0] - 1
    keep_partners(game)
    assert all(p.gold == 2 for p in game.players)


def test_first_game_contracts_are_in_the_rulebooks_order():
    # Setup B: "alleys, gold, bullets, and points" from left to right, larger rewards face up.
    game = new_game(2, first_game_contracts=True)
    assert [(c.kind, c.size, c.flipped) for c in game.contracts] == [
        ("alleys", 4, False), ("gold", 5, False), ("bullets", 6, False), ("points", 7, False)]
    kinds = {tuple(c.kind for c in new_game(2, seed=s).contracts) for s in range(12)}
    assert len(kinds) > 1  # otherwise at random


def test_chosen_boards_and_sides():
    game = new_game(2, seats=(SeatConfig("silver-mesa", "wild"), SeatConfig("lone-star-flats", "normal")))
    assert [p.settlement.side.id for p in game.players] == ["silver-mesa/wild", "lone-star-flats/normal"]


@pytest.mark.parametrize("kwargs, message", [
    ({"players": 6}, "players must be 1 to 5"),
    ({"players": 2, "seats": (SeatConfig(),)}, "one board per player"),
    ({"players": 2, "seats": (SeatConfig("silver-mesa"), SeatConfig("silver-mesa"))}, "same settlement board"),
    ({"players": 1, "seats": (SeatConfig(side="sideways"),)}, "side must be"),
])
def test_bad_configurations_are_refused(kwargs, message):
    with pytest.raises(ConfigError, match=message):
        GameConfig(**kwargs)


def test_year_1_mining_income_is_2_gold():
    game = new_game(2)
    keep_partners(game)
    assert [p.gold for p in game.players] == [2, 2]
    assert game.pending()["type"] == "draft" and game.pending()["seat"] == game.first_player


# --- the flow ----------------------------------------------------------------------------------------


def test_a_draft_then_a_placement_pays_the_cost_and_sets_the_die_aside():
    game = new_game(2, seed=3)
    keep_partners(game)
    seat = game.pending()["seat"]
    option = max((m for m in game.legal_moves() if m["type"] == "draft"), key=lambda m: m["cost"])
    gold, supply = game.players[seat].gold, game.supply["gold"]
    game.apply(option)
    assert game.players[seat].gold == gold - option["cost"] and game.supply["gold"] == supply + option["cost"]
    assert next(d for d in game.dice if d.id == option["die"]).used
    pending = game.pending()
    assert pending == {"type": "place_tile", "seat": seat, "tile": option["tile"], "source": "draft"}
    placement = game.legal_moves()[0]
    game.apply(placement)
    assert game.players[seat].settlement.tiles[-1].tile.id == option["tile"]


def test_round_end_passes_the_first_player_clockwise():
    game = new_game(3, seed=2)
    keep_partners(game)
    first = game.first_player
    round_before = game.round
    while game.round == round_before:
        game.apply(game.legal_moves()[-1])
    assert game.first_player == (first + 1) % 3


def test_year_4_offers_income_or_1_gold_and_2_pickaxes():
    # Mining income: "Year 4 works differently. You may choose to take Mining Income as usual, or you
    # may take only 1 gold but also get 2 pickaxe icons."
    game = new_game(2, seed=4)
    while not (game.pending() and game.pending()["type"] == "year4_mining"):
        game.apply(game.legal_moves()[-1])
    assert game.year == 4 and game.legal_moves() == [{"type": "mining", "choice": "income"}, {"type": "mining", "choice": "pickaxes"}]
    seat = game.pending()["seat"]
    player = game.players[seat]
    gold, mining = player.gold, player.mining
    game.apply({"type": "mining", "choice": "pickaxes"})
    assert player.gold == gold + 1 and player.mining == min(mining + 2, len(game.catalog.mining_track) - 1)


def test_free_alleys_two_must_be_adjacent():
    # Drafting a tile / Free alleys: "If you build two alleys, they must be adjacent to each other!"
    game = new_game(2, seed=6)
    keep_partners(game)
    seat = game.pending()["seat"]
    game.apply({"type": "free_alleys", "count": 2})
    assert game.pending()["type"] == "place_alley"
    first = game.legal_moves()[0]
    game.apply(first)
    pending = game.pending()
    assert pending["type"] == "place_alley" and pending["adjacent_to"] == [first["row"], first["col"]]
    options = game.legal_moves()
    assert options and all(abs(m["row"] - first["row"]) + abs(m["col"] - first["col"]) == 1 for m in options)
    far = next(({"type": "place", "tile": "alley", "orientation": 0, "row": r, "col": c}
                for r in range(10) for c in range(10) if abs(r - first["row"]) + abs(c - first["col"]) > 2), None)
    before = game.to_json()
    with pytest.raises(IllegalMove):
        game.apply(far)
    assert game.to_json() == before
    game.apply(options[0])
    assert sum(t.tile.is_alley for t in game.players[seat].settlement.tiles) == 2
    assert game.supply["alleys"] == 23


def test_game_runs_16_rounds_and_four_tussles():
    game = play_random(new_game(2, seed=9), seed=9)
    assert game.finished and game.round == 16
    tussles = [e for e in game.events if e["type"] == "tussle"]
    assert [t["year"] for t in tussles] == [1, 2, 3, 4]
    end = game.events[-1]
    assert end["type"] == "game_end" and [r["seat"] for r in end["standings"]] == [r["seat"] for r in game.standings()]


def test_solo_game_reveals_bandit_cards_on_paw_spaces_and_gets_a_rank():
    game = play_random(new_game(1, seed=11), seed=11)
    revealed = [e for e in game.events if e["type"] == "bandit_card_revealed"]
    assert len(revealed) == len(game.scoreboard_side.paw_rounds)
    assert len([e for e in game.events if e["type"] == "solo_tussle"]) == 4
    assert "rank" in game.events[-1]
    assert len([e for e in game.events if e["type"] == "drafted" or e["type"] == "free_alleys" or e["type"] == "passed"
                or e["type"] == "sawmill_flipped" or e["type"] == "signpost_building"]) == 16  # one draft per round


# --- random full games, replay, JSON ---------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_random_full_games_keep_every_invariant_and_replay_exactly(players, seed):
    sides = tuple(SeatConfig(side="random") for _ in range(players))
    game = play_random(new_game(players, seed=seed * 100 + players, seats=sides), seed=seed, each_move=check_invariants)
    assert game.finished
    again = Game.replay(game.config, game.moves)
    assert again.to_json() == game.to_json()


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_json_round_trip_at_every_step_changes_nothing(players):
    game = new_game(players, seed=77, seats=tuple(SeatConfig(side="random") for _ in range(players)))

    def round_trip(g: Game) -> None:
        data = g.to_json()
        again = Game.from_json(json.loads(json.dumps(data)))
        assert again.to_json() == data
        assert again.legal_moves() == g.legal_moves()

    round_trip(game)
    play_random(game, seed=5, each_move=round_trip)


def test_same_seed_same_game_under_any_hash_seed():
    script = ("import json,random;from solver.games.wild_tiled_west.engine.game import Game;from solver.games.wild_tiled_west.rules.setup import GameConfig;"
              "from tests.game_checks import play_random;"
              "g=play_random(Game(GameConfig(players=3, seed=42)), seed=3);"
              "print(json.dumps(g.to_json(), sort_keys=True))")
    outs = set()
    for hash_seed in ("0", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        outs.add(subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, check=True).stdout)
    assert len(outs) == 1


# --- illegal moves and views ----------------------------------------------------------------------------


@pytest.mark.parametrize("move, rule", [
    ("draft", "malformed_move"),
    ({"kind": "draft"}, "malformed_move"),
    ({"type": "hill_bandit", "row": 0, "col": 0}, "wrong_decision"),
    ({"type": "draft", "die": 99, "slot": "left:0,0"}, "not_an_option"),
    ({"type": "free_alleys", "count": 3}, "not_an_option"),
])
def test_illegal_moves_are_refused_and_change_nothing(move, rule):
    game = new_game(2, seed=8)
    keep_partners(game)
    before = game.to_json()
    with pytest.raises(IllegalMove) as err:
        game.apply(move)
    assert err.value.rule == rule and str(err.value)
    assert game.to_json() == before


def test_an_illegal_placement_names_the_placement_rule():
    game = new_game(2, seed=8)
    keep_partners(game)
    game.apply(next(m for m in game.legal_moves() if m["type"] == "draft"))
    tile = game.pending()["tile"]
    before = game.to_json()
    with pytest.raises(IllegalMove) as err:
        game.apply({"type": "place", "tile": tile, "orientation": 0, "row": 0, "col": 0})
    assert err.value.rule in ("first_tile_off_x", "covers_hill", "covers_mine", "covers_field", "covers_cow", "off_board")
    with pytest.raises(IllegalMove) as err:
        game.apply({"type": "place", "tile": "t00", "orientation": 0, "row": 4, "col": 4})
    assert err.value.rule == "wrong_tile"
    assert game.to_json() == before


def test_moves_after_the_end_are_refused():
    game = play_random(new_game(2, seed=12), seed=1)
    with pytest.raises(GameOver):
        game.apply({"type": "pass"})


def test_a_seats_view_hides_what_it_may_not_know():
    game = new_game(3, seed=21)
    keep_partners(game)
    secret = {p.seat: p.partners[0]["id"] for p in game.players}
    for seat in (0, 1, 2, None):
        view = game.view(seat)
        text = json.dumps(view)
        assert "seed" not in view["config"] and "chance" not in view and "agenda" not in view
        assert isinstance(view["partner_deck"], int)
        for other, card in secret.items():
            shown = view["players"][other]["partners"][0]["id"]
            assert shown == (card if other == seat else None)
            if other != seat:
                assert f'"{card}"' not in text or card in game.face_up_partners
        assert view["pending"] == game.pending()
        for other, score in enumerate(view["scores"]):
            assert ("partners" in score["endgame"]) == (other == seat)


def test_face_down_partners_are_revealed_and_scored_at_the_endgame():
    game = play_random(new_game(3, seed=31), seed=2)
    view = game.view(None)
    assert all(not c["face_down"] and c["id"] for p in view["players"] for c in p["partners"])
    assert all("partners" in s["endgame"] for s in view["scores"])
    assert [s["total"] for s in view["scores"]] == [p.points for p in game.players]


def test_solo_view_hides_the_bandit_deck_order():
    game = new_game(1, seed=2)
    view = game.view(0)
    assert view["solo"]["deck"] == len(game.solo.deck) == 12


# --- the Sawmill and the wild sides' set-aside buildings ------------------------------------------------


def test_sawmill_flip_takes_any_top_tile_but_a_sawmill_and_pays_its_cost():
    # Building guide / Sawmill: "One time on a future turn, instead of Drafting a Tile, you may flip the
    # Sawmill over to take any tile from the tile trays (except another Sawmill) ... If it has a gold
    # cost, you must still pay it."
    game = new_game(1, seed=3)
    keep_partners(game)
    player = game.players[0]
    assert not any(m["type"] == "sawmill" for m in game.legal_moves())
    sawmill = next(t for t in game.catalog.tiles if t.building == "Sawmill")
    spot = legal_placements(player.settlement, sawmill)[0]
    player.settlement.place(sawmill, spot.orientation, spot.row, spot.col)
    game._options_cache = None
    options = [m for m in game.legal_moves() if m["type"] == "sawmill"]
    assert options and all(game.catalog.tile(m["tile"]).building != "Sawmill" for m in options)
    assert all(m["cost"] == game.trays.costs[m["slot"]] <= player.gold for m in options)
    tops = {k: s[0] for k, s in game.trays.stacks.items() if s and game.catalog.tile(s[0]).building != "Sawmill"
            and game.trays.costs[k] <= player.gold}
    assert {m["slot"] for m in options} <= set(tops)
    choice = max(options, key=lambda m: m["cost"])
    gold = player.gold
    game.apply(choice)
    assert player.gold == gold - choice["cost"] and player.sawmills_used == [sawmill.id]
    assert game.pending() == {"type": "place_tile", "seat": 0, "tile": choice["tile"], "source": "sawmill"}
    game.apply(game.legal_moves()[0])
    while game.pending()["type"] != "draft":
        game.apply(game.legal_moves()[0])
    assert not any(m["type"] == "sawmill" for m in game.legal_moves())  # one time only


def test_house_in_danger_places_its_building_on_the_house_site_at_setup():
    # Wild sides / House in Danger: the building comes from the tile trays; the first tile must connect to it.
    board = next(b for b in new_game(1).catalog.boards if b.wild.rule == "house_in_danger")
    game = new_game(1, seed=4, seats=(SeatConfig(board.id, "wild"),))
    keep_partners(game)
    pending = game.pending()
    assert pending["type"] == "house_site" and pending["rooted_on"] == list(board.wild.squares(
        next(k for k in type(board.wild.space(0, 0).kind) if k.value == "house_site"))[0])
    tile = game.catalog.tile(pending["tile"])
    assert tile.building == "Ranch House" and tile.id not in game.trays.removed
    options = game.legal_moves()
    site = tuple(pending["rooted_on"])
    assert options and all(site in tile.orientations[m["orientation"]].squares_at(m["row"], m["col"]) for m in options)
    game.apply(options[0])
    placed = game.players[0].settlement.tiles[0]
    assert placed.root and placed.tile.id == tile.id
    assert game.pending()["type"] == "draft"


def test_signpost_sets_aside_a_general_store_from_the_trays():
    board = next(b for b in new_game(1).catalog.boards if b.wild.rule == "signpost")
    game = new_game(2, seed=4, seats=(SeatConfig(board.id, "wild"), SeatConfig()))
    store = game.players[0].set_aside
    assert store and game.catalog.tile(store).building == "General Store"
    assert store not in game.trays.removed and all(store not in s for s in game.trays.stacks.values())
    keep_partners(game)
    assert not any(m["type"] == "signpost" for m in game.legal_moves() if game.pending()["seat"] == 0)


def test_a_finished_solo_games_breakdown_carries_its_rank():
    # Issue 27: the solo rank is part of the final state, not only of the game_end event (rulebook: Solo play).
    from solver.games.wild_tiled_west.ai.bots import RandomBot, play_game
    from solver.games.wild_tiled_west.rules.solo import solo_rank

    game = play_game(Game(GameConfig(players=1, seed=5)), RandomBot(5))
    rank = solo_rank(game.catalog, game.players[0].points)
    assert game.score_breakdown(0)["rank"] == rank == game.events[-1]["rank"]
    assert game.view(0)["scores"][0]["rank"] == rank and game.view(None)["scores"][0]["rank"] == rank
    duo = play_game(Game(GameConfig(players=2, seed=5)), RandomBot(5))
    assert "rank" not in duo.score_breakdown(0) and "rank" not in duo.view(0)["scores"][0]
