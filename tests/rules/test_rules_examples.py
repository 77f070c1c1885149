"""The rulebook's worked examples for effects and scoring, each rebuilt as a fixture: the sheriffs,
Becca's wrangle, Lone Star, Devin's aces, Johnny's Pocket Aces, and ace scoring against brute force."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.games.wild_tiled_west.components.catalog import load_catalog
from solver.games.wild_tiled_west.components.values import SpaceKind
from solver.games.wild_tiled_west.rules.aces import SUITS, ace_points, ace_points_brute_force
from solver.games.wild_tiled_west.rules.endgame import endgame_points
from solver.games.wild_tiled_west.rules.sheriffs_and_bandits import in_sight_of, targets_in_sight
from solver.games.wild_tiled_west.rules.tussle import count_bandits
from solver.games.wild_tiled_west.rules.wrangling import Contract
from tests.fixtures import fixture_game, place, resolve

# --- Sheriffs and bandits -------------------------------------------------------------------------

SHERIFF_MAP = [
    "X........",
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
    "....^....",
    ".........",
    ".........",
]
SHERIFF_TILES = {"sheriff": "s", "gold": "$", "bandit": "b", "house": "h", "field": "f", "street": ".", "cow": "c"}
A, B, C, D, E, F, G, H = (2, 4), (4, 3), (4, 1), (6, 4), (7, 4), (8, 8), (4, 6), (6, 6)
SHERIFF_1, SHERIFF_2 = (4, 4), (8, 6)

ACES = load_catalog().rule_numbers.ace_set_points  #: set size -> points (rules.toml; rulebook: Aces)


def sheriff_example():
    """Sheriffs and bandits, the example: sheriff 1 with gold between him and bandit A; bandit B in
    front of the Saloon; bandit C across a field behind B; hill bandit D; bandit E behind D's hill;
    bandit G across an untiled space; F and H out of his lines.  Sheriff 2 sees F behind a building and
    G and H behind a cow."""
    game = fixture_game(SHERIFF_MAP, SHERIFF_TILES)
    layout = [("sheriff", SHERIFF_1), ("gold", (3, 4)), ("bandit", A), ("bandit", B), ("house", (5, 3)),
              ("field", (4, 2)), ("bandit", C), ("street", (5, 4)), ("bandit", E), ("bandit", G), ("bandit", H),
              ("cow", (7, 6)), ("sheriff", SHERIFF_2), ("house", (8, 7)), ("bandit", F)]
    for tile, (r, c) in layout:
        place(game, tile, r, c)
        resolve(game)
    settlement = game.players[0].settlement
    settlement.add_hill_bandit(*D)
    return game, settlement


def test_sheriff_1_shoots_a_b_c_d_g_but_not_e_f_h():
    game, s = sheriff_example()
    assert game.players[0].bullets == 0  # nothing was shot while setting up
    assert in_sight_of(s, SHERIFF_1) == sorted([A, B, C, D, G])


def test_sheriff_2_shoots_nobody():
    _, s = sheriff_example()
    assert in_sight_of(s, SHERIFF_2) == []
    assert targets_in_sight(s) == sorted([A, B, C, D, G])


def test_sheriffs_shoot_as_soon_as_bullets_arrive_and_shot_bandits_are_tombstones():
    # "Sheriffs always immediately take their shots if they can." "Mark a fallen bandit by covering it
    # with the bullet you used—it's now a tombstone ... no longer counted during a Tussle."
    game, s = sheriff_example()
    before = count_bandits(s)
    player = game.players[0]
    player.bullets, game.supply["bullets"] = 5, game.supply["bullets"] - 5
    game.agenda.insert(0, {"step": "sheriffs", "seat": 0})
    game._advance()
    assert s.tombstones == {A, B, C, D, G} and player.bullets == 0
    assert count_bandits(s) == before - 5 and count_bandits(s) == 3  # E, F, H remain


def test_more_bandits_than_bullets_the_player_chooses():
    # "If a sheriff can shoot more bandits than you have bullets, you choose which to shoot."
    game, s = sheriff_example()
    player = game.players[0]
    player.bullets, game.supply["bullets"] = 2, game.supply["bullets"] - 2
    game.agenda.insert(0, {"step": "sheriffs", "seat": 0})
    game._advance()
    assert game.pending()["type"] == "shoot"
    assert {(m["row"], m["col"]) for m in game.legal_moves()} == {A, B, C, D, G}
    game.apply({"type": "shoot", "row": G[0], "col": G[1]})
    game.apply({"type": "shoot", "row": D[0], "col": D[1]})
    assert s.tombstones == {G, D} and player.bullets == 0 and game.pending()["type"] != "shoot"


def test_printed_bandit_counts_until_covered():
    # docs/rulings.md R8: a printed bandit counts while uncovered; a tile covering it chases it off.
    game = fixture_game(["X..b.", ".....", "....^"], {"street": "."})
    s = game.players[0].settlement
    assert count_bandits(s) == 1
    place(game, "street", 0, 3)
    resolve(game)
    assert count_bandits(s) == 0


# --- Wrangling ---------------------------------------------------------------------------------------

WRANGLE_MAP = [
    "X.......",
    "........",
    "........",
    "........",
    "........",
    ".....cc.",
    "........",
    "^.......",
]


def becca_game():
    game = fixture_game(WRANGLE_MAP, {"A": "fc", "B": "cf", "D": "ccc\n c.", "E": "c"})
    # the 4-cow contract space holds the gold contract, large side up
    game.contracts = [Contract("gold", 4), Contract("alleys", 5), Contract("bullets", 6), Contract("points", 7)]
    return game


def test_beccas_wrangle_scores_6_points_and_the_gold_contracts_large_side():
    # Wrangling: "she drafted tile B and placed it to connect directly with the two cows printed on her
    # settlement board (C). She decides to wrangle ... scoring 6 points and a cattle contract bonus of 2
    # gold. This is the first time this cattle contract has been collected this game, so she flips it."
    game = becca_game()
    player = game.players[0]
    place(game, "A", 3, 5)  # field (3,5), cow (3,6): one cow, no wrangle possible
    assert game.pending()["type"] != "wrangle"
    gold = player.gold
    place(game, "B", 4, 5)  # cow (4,5), field (4,6): joins A to the printed cows (5,5) (5,6)
    assert game.pending()["type"] == "wrangle"
    assert {m["cows"] for m in game.legal_moves()} == {0, 3, 4}  # 4 cows: wrangle 3 or 4, or wait
    events = game.apply({"type": "wrangle", "cows": 4, "row": 5, "col": 5})
    assert player.ledger["wrangles"] == 6
    assert player.gold == gold + 2
    assert game.contracts[0].flipped
    assert (5, 5) in player.settlement.cowpokes
    assert any(e["type"] == "cattle_contract" and e["side"] == "large" and e["amount"] == 2 for e in events)


def test_a_pasture_joined_to_a_wrangled_one_offers_no_wrangle():
    # "If you connect one pasture directly to another that's already been wrangled ... the cowpoke
    # already there means you won't be able to wrangle it."
    game = becca_game()
    place(game, "A", 3, 5)
    place(game, "B", 4, 5)
    game.apply({"type": "wrangle", "cows": 4, "row": 5, "col": 5})
    resolve(game)
    place(game, "D", 6, 4)  # cows (6,4) (6,5) (6,6) (7,5): joined to the printed cows above
    assert game.pending()["type"] != "wrangle"


def test_the_next_wrangle_of_that_size_takes_the_small_side():
    # "from then on, players receive a smaller bonus for wrangling a pasture of that size."
    game = becca_game()
    player = game.players[0]
    place(game, "A", 3, 5)
    place(game, "B", 4, 5)
    game.apply({"type": "wrangle", "cows": 4, "row": 5, "col": 5})
    resolve(game)
    place(game, "D", 0, 2)  # a new pasture of 4 cows, apart from the first: (0,2) (0,3) (0,4) (1,3)
    assert game.pending()["type"] == "wrangle"
    gold = player.gold
    game.apply({"type": "wrangle", "cows": 4, "row": 0, "col": 2})
    assert player.gold == gold + load_catalog().scoreboard.contracts[1].small == gold + 1
    assert player.ledger["wrangles"] == 12


def test_wrangle_for_fewer_cows_and_the_cowpoke_anywhere_in_the_pasture():
    # "You may wrangle a pasture for fewer cows than are actually in it."
    game = becca_game()
    player = game.players[0]
    place(game, "A", 3, 5)
    place(game, "B", 4, 5)
    game.apply({"type": "wrangle", "cows": 3, "row": 3, "col": 6})
    assert player.ledger["wrangles"] == load_catalog().scoreboard.multiplayer.wrangle_points[3]
    assert (3, 6) in player.settlement.cowpokes
    assert not any(c.flipped for c in game.contracts)  # 3 cows pay no contract


def test_waiting_keeps_the_pasture_open_for_a_later_wrangle():
    # "You might want to wait to wrangle until a later turn, adding more cows to increase your score."
    game = becca_game()
    place(game, "A", 3, 5)
    place(game, "B", 4, 5)
    game.apply({"type": "wrangle", "cows": 0})
    resolve(game)
    place(game, "E", 4, 7)  # one more cow, joined through (4,6) (5,6)
    assert game.pending()["type"] == "wrangle"
    assert max(m["cows"] for m in game.legal_moves()) == 5


def test_a_cowpoke_outside_the_pasture_is_refused():
    game = becca_game()
    place(game, "A", 3, 5)
    place(game, "B", 4, 5)
    before = game.to_json()
    with pytest.raises(Exception) as err:
        game.apply({"type": "wrangle", "cows": 4, "row": 0, "col": 0})
    assert "option" in str(err.value)
    assert game.to_json() == before


# --- Completing a town --------------------------------------------------------------------------------


def test_lone_star_scores_its_sign_plus_the_years_bonus_once():
    # Completing a town: "When the last space of the town is covered by a tile, score 6 points, plus a
    # completion bonus determined by the year."
    catalog = load_catalog()
    board = next(b for b in catalog.boards if any(t.name == "Lone Star" for t in b.normal.towns))
    town = next(t for t in board.normal.towns if t.name == "Lone Star")
    game = fixture_game(board=board, tiles={"street": "."})
    player = game.players[0]
    for r, c in town.squares[:-1]:
        place(game, "street", r, c)
        resolve(game)
    assert player.ledger.get("towns", 0) == 0
    events = place(game, "street", *town.squares[-1])
    bonus = catalog.scoreboard.multiplayer.town_bonus[0]
    assert player.ledger["towns"] == 6 + bonus
    assert [e for e in events if e["type"] == "town_completed"] == [
        {**[e for e in events if e["type"] == "town_completed"][0], "town": "Lone Star", "sign": 6, "bonus": bonus}]
    resolve(game)
    free = next((r, c) for r in range(10) for c in range(10) if player.settlement.open & player.settlement.grid.bit(r, c))
    place(game, "street", *free)
    assert player.ledger["towns"] == 6 + bonus  # once


def test_no_completion_bonus_in_year_4():
    catalog = load_catalog()
    board = next(b for b in catalog.boards if any(t.name == "Lone Star" for t in b.normal.towns))
    town = next(t for t in board.normal.towns if t.name == "Lone Star")
    game = fixture_game(board=board, tiles={"street": "."})
    game.year = 4
    for r, c in town.squares:
        place(game, "street", r, c)
        resolve(game)
    assert game.players[0].ledger["towns"] == 6


# --- Aces ----------------------------------------------------------------------------------------------


def test_devins_aces_score_18():
    # Scoring points / Aces: "3 aces of spades, 2 aces of hearts, and 1 ace of clubs. She also has the
    # ace of diamonds card ... one set of four different aces and one set of three matching aces
    # (spades), for a total of 18 points. She is unable to use her extra ace of hearts."
    assert ace_points({"spades": 3, "hearts": 2, "clubs": 1, "diamonds": 1}, ACES) == 18


def test_devins_aces_through_the_engine():
    game = fixture_game(["X...", "....", "...^"], {"S": "♠", "H": "♥", "C": "♣"})
    player = game.players[0]
    for tile, square in [("S", (0, 1)), ("S", (0, 2)), ("S", (0, 3)), ("H", (1, 0)), ("H", (1, 1)), ("C", (1, 2))]:
        place(game, tile, *square)
        resolve(game)
    player.ace_cards.append("diamonds")
    game.ace_cards.remove("diamonds")
    assert endgame_points(game.catalog, player)["aces"] == 18


@given(st.fixed_dictionaries({s: st.integers(0, 10) for s in SUITS}))
def test_ace_scoring_equals_brute_force(counts):
    assert ace_points(counts, ACES) == ace_points_brute_force(counts, ACES)


def test_johnnys_pocket_aces_score_18_on_top_of_normal_ace_scoring():
    # Wild sides / Pocket Aces: "Johnny connects to the ace of clubs and the ace of hearts. By the end of
    # the game, his aces include two aces of clubs and four aces of hearts ... for a total of 18 bonus
    # points—in addition to the normal Endgame ace scoring."
    catalog = load_catalog()
    board = next(b for b in catalog.boards if b.wild.rule == "pocket_aces")
    side = board.wild
    game = fixture_game(board=board, tiles={"club": "♣", "heart": "♥"}, side="wild")
    s = game.players[0].settlement
    assert s.side is side
    pockets = {side.space(r, c).suit.value: (r, c) for r, c in side.squares(SpaceKind.POCKET_ACE)}

    def open_beside(square):
        return next(n for n in s.grid.squares(s.grid.neighbours(s.grid.bit(*square))) if s.open & s.grid.bit(*n))

    place(game, "club", *open_beside(pockets["clubs"]))
    place(game, "heart", *open_beside(pockets["hearts"]))
    resolve(game)
    free = [rc for rc in s.open_spaces() if side.space(*rc).kind is SpaceKind.EMPTY]
    for tile, square in zip(["club", "heart", "heart", "heart"], free):
        place(game, tile, *square)
        resolve(game)
    points = endgame_points(game.catalog, game.players[0])
    assert points["pocket_aces"] == 2 * 3 + 4 * 3 == 18
    assert points["aces"] == ace_points({"clubs": 2, "hearts": 4}, ACES) == 12


def test_a_tile_over_a_tombstone_brings_its_own_bandit():
    # docs/rulings.md R38: the buried tombstone still scores; the tile's bandit on that square is unshot.
    game = fixture_game(["X..b.", ".....", "....^"], {"sheriff": "s", "bandit": "b"})
    player = game.players[0]
    player.bullets, game.supply["bullets"] = 1, game.supply["bullets"] - 1
    place(game, "sheriff", 0, 1)
    resolve(game)
    s = player.settlement
    assert s.tombstones == {(0, 3)} and count_bandits(s) == 0
    place(game, "bandit", 0, 3)
    resolve(game)
    assert s.tombstones == set() and s.buried_tombstones == [(0, 3)]
    assert count_bandits(s) == 1 and s.tombstone_count == 1
    assert endgame_points(game.catalog, player)["tombstones"] == 2
