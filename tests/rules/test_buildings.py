"""The 14 buildings of the Building guide, each with a positive and a negative case.

Sources: rulebook, Scoring points / Buildings (white sign: when placed; red: when surrounded, "when
there is no space anywhere adjacent to it where a tile could be placed (not counting spaces diagonal to
the building). Hills, fields, mines, and cows printed on your settlement board—and even the edge of the
board itself—count for surrounding"; pink: at the Endgame; yellow: ongoing) and the Building guide.
Positions are hand-made (tests/fixtures.py); ``place`` roots a tile on its first square, so tiles
need no connection.  Tile shapes are written in orientation 0 (as drawn).
"""

from __future__ import annotations

import pytest

from solver.games.wild_tiled_west.rules.endgame import endgame_points
from solver.games.wild_tiled_west.rules.partners import partner_counts
from tests.fixtures import fixture_game, place, resolve

OPEN = [
    ".....",
    ".....",
    ".....",
    ".....",
    "....X",
]

TILES = {
    "st": ".",  # a plain street square
    "alley_bonus": "=",  # a street with an alley bonus icon
    "bullet_bonus": "*",
    "bank": ("#", "Bank"),
    "bank2": ("#", "Bank"),
    "bank3": ("###", "Bank"),
    "hall": ("#", "Town Hall"),
    "store": ("#", "General Store"),
    "hotel": ("#", "Hotel"),
    "hotel2": ("#", "Hotel"),
    "barn": ("#", "Barn"),
    "barn2": ("#", "Barn"),
    "ranch": ("#", "Ranch House"),
    "ranch_own": ("#c", "Ranch House"),
    "cache": ("#", "Cache"),
    "sawmill": ("#", "Sawmill"),
    "chapel": ("#", "Chapel"),
    "office": ("#", "Sheriff's Office"),
    "saloon": ("#", "Fancy Saloon"),
    "saloon2": ("#", "Fancy Saloon"),
    "stables": ("#", "Stables"),
    "hideout": ("#", "Hideout"),
    "wheel": ("#", "Wheelwright"),
    "house": "h",  # a plain house: no name, no effect
    "field": "f",
    "cowtile": "c",
    "sheriff": "s",
    "bandit": "b",
    "shoot2": "sbb",  # a sheriff and two bandits in his row
    "hearts2": "♥♥",
}


def new(rows=OPEN, **kw):
    game = fixture_game(rows, tiles=TILES, seed=1, **kw)
    assert game.pending() == {"type": "draft", "seat": 0}  # seed 1: seat 0 plays first
    return game


def settle(game, tile, row, col, answers=None):
    """Place a tile for seat 0 and answer its effect decisions; returns the events."""
    events = place(game, tile, row, col)
    return events + resolve(game, answers)


def of_type(events, kind):
    return [e for e in events if e["type"] == kind]


# --- red signs: Bank, Town Hall, General Store (when surrounded) -------------------------------------------


def test_bank_surrounded_by_tiles_gains_3_gold_exactly_once():
    # Building guide / Bank: "When surrounded, gain 3 gold."
    game = new()
    p = game.players[0]
    gold, supply = p.gold, game.supply["gold"]
    settle(game, "bank", 2, 2)
    for r, c in [(1, 2), (3, 2), (2, 1)]:
        settle(game, "st", r, c)
    assert p.gold == gold  # (2, 3) is still open: not surrounded
    events = settle(game, "st", 2, 3)  # the last open side; the diagonals stay open
    assert p.gold == gold + 3 and game.supply["gold"] == supply - 3
    assert [(e["building"], e["tile"]) for e in of_type(events, "surrounded")] == [("Bank", "bank")]
    later = settle(game, "st", 0, 0) + settle(game, "st", 1, 1)  # more placements, even beside it
    assert p.gold == gold + 3 and not of_type(later, "surrounded")


def test_bank_not_surrounded_gives_nothing():
    game = new()
    p = game.players[0]
    gold = p.gold
    settle(game, "bank", 2, 2)
    for r, c in [(1, 2), (3, 2), (2, 1), (1, 1), (1, 3), (3, 1), (3, 3)]:  # all but (2, 3), diagonals too
        settle(game, "st", r, c)
    assert p.gold == gold and not of_type(game.events, "surrounded")


EDGE_TERRAIN = [
    "...Mp",
    "fc^..",
    "....X",
]


def test_bank_surrounded_by_the_board_edge_and_printed_terrain():
    # Scoring points / Buildings: "Hills, fields, mines, and cows printed on your settlement board—and
    # even the edge of the board itself—count for surrounding." The Bank on (0,0)-(0,2) has the edge
    # above and left, field, cow and hill below, a mine to the right.
    game = new(EDGE_TERRAIN)
    p = game.players[0]
    gold = p.gold
    events = settle(game, "bank3", 0, 0)
    assert p.gold == gold + 3 and len(of_type(events, "surrounded")) == 1


def test_bank_beside_the_edge_with_one_open_neighbour_is_not_surrounded():
    game = new(["....X", "fc^..", "....."])  # the same corner, but (0,3) is an empty space, not a mine
    p = game.players[0]
    gold = p.gold
    settle(game, "bank3", 0, 0)
    assert p.gold == gold
    settle(game, "st", 0, 3)
    assert p.gold == gold + 3


def test_town_hall_surrounded_scores_10_points():
    # Building guide / Town Hall: "When surrounded, score 10 points."
    game = new(EDGE_TERRAIN)
    p = game.players[0]
    points = p.points
    settle(game, "hall", 0, 0)  # edge above and left, field below, (0,1) open
    assert p.ledger.get("buildings", 0) == 0 and p.points == points
    settle(game, "st", 0, 1)
    assert p.ledger["buildings"] == 10 and p.points == points + 10
    settle(game, "st", 0, 2)
    assert p.ledger["buildings"] == 10


def test_general_store_surrounded_offers_bullets_pickaxes_or_alleys():
    # Building guide / General Store: "When surrounded, choose: gain 2 bullets, 2 pickaxes (advancing your
    # mining marker twice), or 2 alleys (placed immediately)."
    game = new([".f...", "f....", "....X"])
    place(game, "store", 0, 0)  # edge above and left, printed fields right and below
    assert game.pending() == {"type": "general_store", "seat": 0}
    assert game.legal_moves() == [{"type": "general_store", "choice": c} for c in ("bullets", "pickaxes", "alleys")]


def test_general_store_not_surrounded_offers_nothing():
    game = new([".....", "f....", "....X"])
    events = settle(game, "store", 0, 0)  # (0,1) open
    assert not of_type(events, "general_store") and game.pending()["type"] == "draft"
    assert game.players[0].bullets == 0 and game.players[0].mining == 0


@pytest.mark.parametrize("choice", ["bullets", "pickaxes", "alleys"])
def test_general_store_each_choice(choice):
    game = new([".f...", "f....", "....X"])
    p = game.players[0]
    alleys = game.supply["alleys"]
    place(game, "store", 0, 0)
    game.apply({"type": "general_store", "choice": choice})
    if choice == "alleys":
        for _ in range(2):  # two alleys, placed at once
            assert game.pending()["type"] == "place_alley"
            game.apply(game.legal_moves()[0])
    resolve(game)
    on_board = sum(t.tile.is_alley for t in p.settlement.tiles)
    assert (p.bullets, p.mining, on_board, game.supply["alleys"]) == {
        "bullets": (2, 0, 0, alleys),
        "pickaxes": (0, 2, 0, alleys),
        "alleys": (0, 0, 2, alleys - 2),
    }[choice]


def test_red_buildings_are_checked_after_every_placement_once_each():
    # Scoring points / Buildings (red sign): the reward comes when the building is surrounded, whatever
    # placement closes its last open side (here an alley from a bonus), and only once per building.
    game = new()
    p = game.players[0]
    gold = p.gold
    settle(game, "bank", 2, 2)
    settle(game, "hall", 0, 0)
    for r, c in [(1, 2), (3, 2), (2, 1)]:
        settle(game, "st", r, c)
    place(game, "alley_bonus", 4, 0)
    assert game.pending()["type"] == "place_alley"
    game.apply({"type": "place", "tile": "alley", "orientation": 0, "row": 2, "col": 3})
    resolve(game)
    assert p.gold == gold + 3 and p.ledger.get("buildings", 0) == 0
    settle(game, "st", 0, 1)
    assert p.ledger.get("buildings", 0) == 0  # Town Hall still open below
    settle(game, "st", 1, 0)
    assert p.gold == gold + 3 and p.ledger["buildings"] == 10  # the Bank did not pay again
    assert [e["building"] for e in of_type(game.events, "surrounded")] == ["Bank", "Town Hall"]


def test_two_banks_each_pay_when_each_is_surrounded():
    game = new(EDGE_TERRAIN)
    p = game.players[0]
    gold = p.gold
    settle(game, "bank", 0, 0)  # open to the right
    settle(game, "bank2", 0, 1)  # closes the first Bank; itself open on (0,2)
    assert p.gold == gold + 3
    settle(game, "st", 0, 2)
    assert p.gold == gold + 6


# --- yellow signs: Hotel, Barn (ongoing) ---------------------------------------------------------------


def test_hotel_winning_a_tussle_scores_2_more_points_per_hotel():
    # Building guide / Hotel: "Whenever you win a Tussle, score 2 additional points."  Year 1 Tussle: 2 points.
    game = new()
    settle(game, "hotel", 0, 0)
    settle(game, "hotel2", 0, 2)
    p = game.players[0]
    assert game.bandits(0) == 0 < game.bandits(1)
    game._step_tussle({"step": "tussle"})
    assert p.ledger["tussles"] == 2 and p.ledger["buildings"] == 4
    assert of_type(game.events, "hotel")[-1]["points"] == 4


def test_hotel_losing_a_tussle_gives_nothing():
    game = new(["bbb..", ".....", "....X"])  # three printed bandits: more than seat 1's
    settle(game, "hotel", 2, 0)
    p = game.players[0]
    assert game.bandits(0) == 3 > game.bandits(1)
    game._step_tussle({"step": "tussle"})
    assert p.ledger["tussles"] == -2 and p.ledger.get("buildings", 0) == 0
    assert not of_type(game.events, "hotel")


def test_winning_a_tussle_without_a_hotel_scores_only_the_tussle():
    game = new()
    settle(game, "house", 0, 0)
    game._step_tussle({"step": "tussle"})
    assert game.players[0].ledger["tussles"] == 2 and game.players[0].ledger.get("buildings", 0) == 0


PASTURE = [
    "X....",
    ".....",
    "ccc..",
    ".....",
]


@pytest.mark.parametrize("barns, gold", [(0, 0), (1, 1), (2, 2)])
def test_barn_a_wrangle_gains_1_gold_per_barn(barns, gold):
    # Building guide / Barn: "Whenever you wrangle cows, gain 1 gold."
    game = new(PASTURE)
    p = game.players[0]
    for i in range(barns):
        settle(game, ["barn", "barn2"][i], 0, 2 + i)
    before = p.gold
    place(game, "field", 3, 0)  # expands the printed pasture of 3 cows
    assert game.pending()["type"] == "wrangle"
    game.apply({"type": "wrangle", "cows": 3, "row": 2, "col": 0})
    resolve(game)
    assert p.ledger["wrangles"] == 3  # scoreboard: 3 cows
    assert p.gold == before + gold


def test_barn_declined_wrangle_gains_nothing():
    game = new(PASTURE)
    p = game.players[0]
    settle(game, "barn", 0, 2)
    before = p.gold
    place(game, "field", 3, 0)
    game.apply({"type": "wrangle", "cows": 0})
    resolve(game)
    assert p.gold == before and p.ledger.get("wrangles", 0) == 0


# --- pink signs: Ranch House, Chapel, Stables (Endgame) -------------------------------------------------

RANCH = [
    "X.........",
    "..cc......",  # pasture A: (1,2) (1,3) two cows, beside (1,1)
    ".c.f......",  # pasture B: (2,1) one cow, beside (1,1); (2,3) is pasture A's field
    "..........",
    ".......ccc",  # pasture C: three cows, far away
]


def test_ranch_house_scores_the_cows_of_each_pasture_beside_it():
    # Building guide / Ranch House: "At the Endgame, for each pasture with at least one square connected
    # to the Ranch House, score 1 point for each cow in that pasture."
    game = new(RANCH)
    settle(game, "ranch", 1, 1)
    assert endgame_points(game.catalog, game.players[0])["pink_buildings"] == 2 + 1


def test_ranch_house_ignores_pastures_not_beside_it():
    game = new(RANCH)
    settle(game, "ranch", 3, 3)  # beside (2,3): pasture A's field, not pasture C
    assert endgame_points(game.catalog, game.players[0])["pink_buildings"] == 2
    game = new(RANCH)
    settle(game, "ranch", 0, 6)  # no pasture beside it
    assert endgame_points(game.catalog, game.players[0])["pink_buildings"] == 0


@pytest.mark.parametrize("tile, cows", [("ranch_own", 1), ("t31", 2)])
def test_ranch_house_counts_the_pasture_on_its_own_tile(tile, cows):
    # A cow square on the Ranch House's own tile is a pasture square edge-adjacent to the building: that
    # pasture has "at least one square connected to the Ranch House".  ranch_own is "#c" (1 cow); the tray
    # tile type t31 is "#f / #c / .c" (a Ranch House with a pasture of 2 cows on it).
    game = new()
    settle(game, tile, 0, 0)
    assert endgame_points(game.catalog, game.players[0])["pink_buildings"] == cows


def test_chapel_scores_1_more_per_tombstone():
    # Building guide / Chapel: "At the Endgame, score 1 additional point for each tombstone";
    # Endgame / Tombstones: 2 points each.
    game = new()
    p = game.players[0]
    p.bullets = 2
    settle(game, "shoot2", 0, 0)  # the sheriff shoots both bandits in his row
    assert len(p.settlement.tombstones) == 2 and p.bullets == 0
    assert endgame_points(game.catalog, p)["pink_buildings"] == 0  # no Chapel: only the 2 each
    assert endgame_points(game.catalog, p)["tombstones"] == 4
    settle(game, "chapel", 2, 2)
    points = endgame_points(game.catalog, p)
    assert points["pink_buildings"] == 2 and points["tombstones"] == 4


def test_chapel_without_tombstones_scores_nothing():
    game = new()
    settle(game, "chapel", 2, 2)
    assert endgame_points(game.catalog, game.players[0])["pink_buildings"] == 0


HORSESHOES = [
    "u...X",
    ".....",
    "...u.",
]


def test_stables_all_horseshoes_covered_scores_8():
    # Building guide / Stables: "if you've covered all horseshoes on your settlement board, score 8 points."
    game = new(HORSESHOES)
    settle(game, "stables", 1, 1)
    settle(game, "st", 0, 0)
    settle(game, "st", 2, 3)
    points = endgame_points(game.catalog, game.players[0])
    assert points["pink_buildings"] == 8 and points["trailblazing"] == 0


def test_stables_one_horseshoe_uncovered_scores_0():
    game = new(HORSESHOES)
    settle(game, "stables", 1, 1)
    settle(game, "st", 0, 0)
    points = endgame_points(game.catalog, game.players[0])
    assert points["pink_buildings"] == 0 and points["trailblazing"] == -1


# --- white signs: Cache, Sheriff's Office, Fancy Saloon, Hideout, Wheelwright (when placed) ---------------


def test_cache_placed_gains_2_bullets():
    # Building guide / Cache: "When placed, gain 2 bullets."
    game = new()
    supply = game.supply["bullets"]
    settle(game, "cache", 0, 0)
    assert game.players[0].bullets == 2 and game.supply["bullets"] == supply - 2


def test_a_tile_without_a_building_gains_no_bullets():
    game = new()
    settle(game, "house", 0, 0)
    assert game.players[0].bullets == 0


OUTLAWS = [
    "X.^b.",
    ".....",
    "b^...",
]


def test_sheriffs_office_takes_a_bullet_and_shoots_bandits_anywhere():
    # Building guide / Sheriff's Office: "When placed, take a bullet from the supply. Immediately use as many
    # of your bullets as possible to shoot bandits anywhere on your settlement board (whether or not you
    # have a sheriff on the board)."  Both bandits are behind hills, and there is no sheriff.
    game = new(OUTLAWS)
    p = game.players[0]
    p.bullets = 1
    supply = game.supply["bullets"]
    events = settle(game, "office", 1, 2)
    assert game.supply["bullets"] == supply - 1
    assert p.bullets == 0 and p.settlement.tombstones == {(0, 3), (2, 0)} and game.bandits(0) == 0
    assert sorted((e["row"], e["col"]) for e in of_type(events, "shot")) == [(0, 3), (2, 0)]


def test_bullets_without_a_sheriff_or_office_shoot_nothing():
    game = new(OUTLAWS)
    p = game.players[0]
    p.bullets = 1
    settle(game, "bullet_bonus", 1, 2)
    assert p.bullets == 2 and not p.settlement.tombstones and game.bandits(0) == 2


def test_sheriffs_office_with_fewer_bullets_than_bandits_lets_the_player_choose():
    # Sheriffs and bandits: "If a sheriff can shoot more bandits than you have bullets, you choose which to shoot."
    game = new(["X.^b.", "....b", "b^..."])
    p = game.players[0]
    place(game, "office", 1, 2)
    assert game.pending() == {"type": "shoot", "seat": 0}
    assert sorted((m["row"], m["col"]) for m in game.legal_moves()) == [(0, 3), (1, 4), (2, 0)]
    game.apply({"type": "shoot", "row": 1, "col": 4})
    resolve(game)
    assert p.bullets == 0 and p.settlement.tombstones == {(1, 4)} and game.bandits(0) == 2


def test_fancy_saloon_takes_an_ace_card_that_counts_at_the_endgame():
    # Building guide / Fancy Saloon: "choose an ace card from the supply ... the card counts like the aces on
    # your settlement board."  Two hearts on tiles plus the hearts card: a matching set of three (6 points).
    game = new()
    p = game.players[0]
    settle(game, "hearts2", 0, 0)
    assert endgame_points(game.catalog, p)["aces"] == 0
    place(game, "saloon", 2, 2)
    assert game.pending() == {"type": "ace_card", "seat": 0, "source": "Fancy Saloon"}
    assert game.legal_moves() == [{"type": "ace_card", "suit": s} for s in ("spades", "hearts", "clubs", "diamonds")]
    game.apply({"type": "ace_card", "suit": "hearts"})
    resolve(game)
    assert p.ace_cards == ["hearts"] and game.ace_cards == ["spades", "clubs", "diamonds"]
    assert endgame_points(game.catalog, p)["aces"] == 6
    assert partner_counts(p)["aces"] == 3


def test_a_taken_ace_card_is_no_longer_offered():
    game = new()
    settle(game, "saloon", 2, 2, {"ace_card": {"type": "ace_card", "suit": "hearts"}})
    place(game, "saloon2", 0, 0)
    assert [m["suit"] for m in game.legal_moves()] == ["spades", "clubs", "diamonds"]


SHERIFFS = [
    "X....",
    ".....",
    ".....",
    ".....",
    ".....",
]


def hideout_game():
    """Sheriffs A (1,0), B (3,0), C (4,2); a bandit (1,4) in A's row only; no bullets yet."""
    game = new(SHERIFFS)
    for r, c in [(1, 0), (3, 0), (4, 2)]:
        settle(game, "sheriff", r, c)
    settle(game, "bandit", 1, 4)
    assert game.bandits(0) == 1 and game.players[0].bullets == 0
    return game


def test_hideout_covers_up_to_two_sheriffs_with_bullets_from_the_supply():
    # Building guide / Hideout: "Cover up to two sheriffs on your settlement board with bullets from the
    # supply. These are now tombstones. These sheriffs can no longer shoot bandits."
    game = hideout_game()
    p = game.players[0]
    p.bullets = 1
    supply = game.supply["bullets"]
    place(game, "hideout", 2, 2)
    assert game.pending()["type"] == "hideout"
    assert game.legal_moves() == [{"type": "hideout", "row": 1, "col": 0}, {"type": "hideout", "row": 3, "col": 0},
                                  {"type": "hideout", "row": 4, "col": 2}, {"type": "hideout", "done": True}]
    game.apply({"type": "hideout", "row": 1, "col": 0})
    assert game.pending()["type"] == "hideout" and {"type": "hideout", "row": 1, "col": 0} not in game.legal_moves()
    game.apply({"type": "hideout", "row": 3, "col": 0})
    assert game.pending()["type"] != "hideout"  # two at most: C stays
    resolve(game)
    assert p.settlement.tombstones == {(1, 0), (3, 0)}
    assert game.supply["bullets"] == supply - 2 and p.bullets == 1  # the player's bullet is not used...
    assert game.bandits(0) == 1  # ...because sheriff A, the only one in line with the bandit, is a tombstone
    counts = partner_counts(p)
    assert counts["sheriffs"] == 1 and counts["tombstones"] == 2
    assert endgame_points(game.catalog, p)["tombstones"] == 4


def test_hideout_done_at_once_covers_no_sheriff_and_the_sheriff_shoots():
    game = hideout_game()
    p = game.players[0]
    p.bullets = 1
    supply = game.supply["bullets"]
    place(game, "hideout", 2, 2)
    game.apply({"type": "hideout", "done": True})
    resolve(game)
    assert game.supply["bullets"] == supply and p.bullets == 0
    assert p.settlement.tombstones == {(1, 4)} and game.bandits(0) == 0  # sheriff A shot the bandit


def test_wheelwright_alleys_side_places_two_alleys_at_once():
    # Building guide / Wheelwright: "immediately take two alleys from the supply and place them, OR for the
    # rest of the game, whenever you would place a single alley, you may place two adjacent alleys instead."
    game = new()
    p = game.players[0]
    alleys = game.supply["alleys"]
    place(game, "wheel", 2, 2)
    assert game.pending()["type"] == "wheelwright"
    assert game.legal_moves() == [{"type": "wheelwright", "side": "alleys"}, {"type": "wheelwright", "side": "ongoing"}]
    game.apply({"type": "wheelwright", "side": "alleys"})
    for _ in range(2):
        assert game.pending()["type"] == "place_alley"
        game.apply(game.legal_moves()[0])
    resolve(game)
    assert sum(t.tile.is_alley for t in p.settlement.tiles) == 2 and game.supply["alleys"] == alleys - 2
    assert not p.wheelwright_ongoing


def test_wheelwright_ongoing_side_lets_a_single_alley_be_two_adjacent():
    game = new()
    p = game.players[0]
    settle(game, "wheel", 2, 2, {"wheelwright": {"type": "wheelwright", "side": "ongoing"}})
    assert p.wheelwright_ongoing and not any(t.tile.is_alley for t in p.settlement.tiles)
    alleys = game.supply["alleys"]
    place(game, "alley_bonus", 2, 3)  # a single bonus alley
    assert game.pending()["type"] == "place_alley"
    assert {"type": "alley_pair"} in game.legal_moves()
    game.apply({"type": "alley_pair"})
    first = game.legal_moves()[0]
    game.apply(first)
    assert game.pending()["type"] == "place_alley"
    second = game.legal_moves()
    assert second and all(abs(m["row"] - first["row"]) + abs(m["col"] - first["col"]) == 1 for m in second)
    game.apply(second[0])
    resolve(game)
    assert sum(t.tile.is_alley for t in p.settlement.tiles) == 2 and game.supply["alleys"] == alleys - 2


@pytest.mark.parametrize("wheelwright", [None, "alleys"])
def test_without_the_ongoing_wheelwright_a_single_alley_stays_single(wheelwright):
    game = new()
    if wheelwright:
        settle(game, "wheel", 2, 2, {"wheelwright": {"type": "wheelwright", "side": wheelwright}})
    place(game, "alley_bonus", 2, 3)
    assert game.pending()["type"] == "place_alley"
    moves = game.legal_moves()
    assert moves and all(m["type"] == "place" for m in moves)


# --- Sawmill (the positive case is in tests/engine/test_game.py) ----------------------------------------------------


def test_sawmill_never_offers_another_sawmill():
    # Building guide / Sawmill: "take any tile from the tile trays (except another Sawmill)".
    game = new()
    settle(game, "sawmill", 0, 0)
    other = next(t.id for t in game.catalog.tiles if t.building == "Sawmill" and t.stack)
    for stack in game.trays.stacks.values():
        if other in stack:
            stack.remove(other)
    free = next(k for k, s in game.trays.stacks.items() if s and game.trays.costs[k] == 0)
    game.trays.stacks[free].insert(0, other)  # another Sawmill on top of a free stack
    game._options_cache = None
    options = [m for m in game.legal_moves() if m["type"] == "sawmill"]
    assert options and all(m["slot"] != free and m["tile"] != other for m in options)


def test_white_sign_comes_before_the_tiles_bonus_icons():
    """docs/rulings.md R24: the placed building's white sign is resolved before the bonus icons on its
    tile, so a Sheriff's Office with a bullet icon shoots with its own bullet only; the icon's bullet
    arrives afterwards (and no sheriff is on the board to use it)."""
    game = fixture_game(["X....", "b.b.b", "....^"], {"office_bullet": ("#*", "Sheriff's Office")})
    player = game.players[0]
    assert player.bullets == 0
    place(game, "office_bullet", 0, 0)
    assert game.pending()["type"] == "shoot"  # 1 bullet, 3 bandits: the player chooses one
    assert player.bullets == 1
    game.apply({"type": "shoot", "row": 1, "col": 2})
    resolve(game)
    s = player.settlement
    assert s.tombstones == {(1, 2)}
    assert player.bullets == 1  # the tile's bullet, unused
