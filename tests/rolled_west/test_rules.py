"""Every rule of Rolled West's rule text (../shared/seeds/rolled-west-rules-en.txt), one test or more each, on the
rules' functions over plain sheets; the rulings' choices are tested by name (docs/rolled-west-rulings.md)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from solver.core.protocol import IllegalMove
from solver.games.rolled_west.rules import (
    banking,
    boomtown_offices,
    claims,
    contracts,
    majority,
    rolling,
    scoring,
    shipments,
    terrain,
    turn,
)
from solver.games.rolled_west.rules.sheet import CIRCLE, EMPTY, TRIANGLE
from tests.rolled_west.helpers import C, sheets

# --- 1. Rolling, 2. Choosing terrain -----------------------------------------------------------------------


def test_all_four_dice_are_rolled_each_a_face_of_the_die():
    """"Take all 4 resource dice and roll them": 4 resources, drawn over the faces 4 copper, 3 wood, 3 silver, 2 gold."""
    rng = random.Random(5)
    rolls = [rolling.roll(rng, C.dice, C.dice.count) for _ in range(3000)]
    assert all(len(r) == 4 for r in rolls)
    counts = Counter(face for r in rolls for face in r)
    assert abs(counts["copper"] / 12000 - 4 / 12) < 0.02 and abs(counts["gold"] / 12000 - 2 / 12) < 0.02


def test_a_roll_depends_on_the_seed_round_and_seat_only():
    """ruling "Dice are drawn per roll": the same (seed, round, seat) gives the same dice on any machine."""
    first = rolling.roll(rolling.roll_generator(7, 2, 1), C.dice, 4)
    assert first == rolling.roll(rolling.roll_generator(7, 2, 1), C.dice, 4)
    others = {tuple(rolling.roll(rolling.roll_generator(7, r, s), C.dice, 4)) for r in range(1, 7) for s in (0, 1, None)}
    assert len(others) > 10


def test_the_terrain_die_is_set_aside_and_names_its_row():
    """"Set the chosen die aside. That die cannot be used or banked as a resource, it indicates the terrain track"."""
    dice = ["copper", "wood", "copper", "gold"]
    index = terrain.terrain_die(dice, "copper")
    assert index == 0 and terrain.terrain_row(C, "copper") == "valley"
    assert terrain.resources_left(dice, index) == {"wood": 1, "copper": 1, "silver": 0, "gold": 1}
    with pytest.raises(IllegalMove) as refused:
        terrain.terrain_die(dice, "silver")
    assert refused.value.rule == "terrain_not_rolled"


def test_each_action_is_once_per_turn_and_the_dice_pass_clockwise():
    """"You may make up to 1 claim per turn, and buy up to 1 Boomtown office and up to 1 contract per turn";
    "Once per turn, you may ship any number of metals"; "pass the dice clockwise to the next player"."""
    for action in turn.ACTIONS:
        turn.check_once([], action)
        with pytest.raises(IllegalMove, match="already done this turn") as refused:
            turn.check_once([action], action)
        assert refused.value.rule == "once_per_turn"
    assert [turn.next_seat(s, 3) for s in range(3)] == [1, 2, 0]


# --- 3A. Claims ----------------------------------------------------------------------------------------------


def test_a_camp_is_a_triangle_in_the_leftmost_empty_space():
    """"spend a single wood resource to build a camp ... draw a triangle in the leftmost empty space"."""
    sheet = sheets(1)[0]
    assert claims.wood_cost(C, "camp") == {"wood": 1}
    assert claims.claim(sheet, "woods", "camp") == [0]
    assert claims.claim(sheet, "woods", "camp") == [1]
    assert sheet.claims["woods"][:3] == [TRIANGLE, TRIANGLE, EMPTY]
    assert claims.claim_points(sheet, C) == 1 + 2


def test_a_settlement_is_a_triangle_and_a_circle_in_the_next_space():
    """"two wood resources to build a settlement ... draw a triangle as you would for a camp, and then also draw a
    circle in the next empty space"; both numbers score ("the numbers in your camps and settlements")."""
    sheet = sheets(1)[0]
    assert claims.wood_cost(C, "settlement") == {"wood": 2}
    claims.claim(sheet, "mountains", "camp")
    assert claims.claim(sheet, "mountains", "settlement") == [1, 2]
    assert sheet.claims["mountains"][:4] == [TRIANGLE, TRIANGLE, CIRCLE, EMPTY]
    assert (claims.claims_in(sheet, "mountains"), claims.settlements_in(sheet, "mountains")) == (2, 1)
    assert claims.claim_points(sheet, C) == 0 + 2 + 2
    assert claims.claim_stars(sheet, C) == 2


def test_a_settlement_needs_two_empty_spaces():
    """ruling "A settlement needs two empty spaces": with one space left only a camp fits; a full row takes none."""
    sheet = sheets(1)[0]
    sheet.claims["hills"] = [TRIANGLE] * 7 + [EMPTY]
    with pytest.raises(IllegalMove) as refused:
        claims.claim(sheet, "hills", "settlement")
    assert refused.value.rule == "claim_row_full" and sheet.claims["hills"][-1] == EMPTY
    claims.claim(sheet, "hills", "camp")
    with pytest.raises(IllegalMove, match="0 empty space"):
        claims.claim(sheet, "hills", "camp")


# --- 3A. Contracts and Boomtown offices --------------------------------------------------------------------


def test_a_contract_is_circled_and_crossed_off_for_every_opponent():
    """"spend the indicated metals (all at once) for one of the remaining contracts, and then circle that contract
    ... Each opponent must cross that contract off on their board, it is no longer available"."""
    table = sheets(3)
    contract = contracts.check_remaining(C, table, "silver-4")
    contracts.fulfil(table[1], contract)
    assert "silver-4" not in [x.id for x in contracts.remaining(C, table)] and len(contracts.remaining(C, table)) == 8
    with pytest.raises(IllegalMove, match="this contract is circled already") as refused:
        contracts.check_remaining(C, table, "silver-4")
    assert refused.value.rule == "contract_taken"
    assert contracts.contract_points(table[1], C) == 10 and contracts.contract_points(table[0], C) == 0
    with pytest.raises(IllegalMove, match="no contract"):
        contracts.check_remaining(C, table, "wood-9")


def test_an_office_costs_its_row_and_column_metal_and_is_crossed_off_for_every_opponent():
    """"the cost for each is the combination of the metal pictured at the left of its row and the top of its column
    ... circle it on your score board. Each opponent must cross that office off on their board"."""
    table = sheets(2)
    assert {o.id: o.cost() for o in C.offices}["silver-gold"] == {"silver": 1, "gold": 1}
    assert all(sum(o.cost().values()) == C.numbers.office_metals for o in C.offices)
    office = boomtown_offices.check_remaining(C, table, "gold-gold")
    boomtown_offices.buy(table[0], office)
    with pytest.raises(IllegalMove) as refused:
        boomtown_offices.check_remaining(C, table, "gold-gold")
    assert refused.value.rule == "office_taken" and len(boomtown_offices.remaining(C, table)) == 8


def test_each_office_bonus_counts_what_its_data_says():
    """"add the game end bonuses from any Boomtown offices you have circled"; ruling "Office bonuses"."""
    table = sheets(2)
    me = table[0]
    me.offices = [o.id for o in C.offices]  # every office, to read each bonus (a test's sheet)
    me.contracts = ["copper-4", "copper-2-gold-2"]
    me.shipping = {"copper": [0, 2, 6, 0, 6], "silver": [0, 2], "gold": []}
    me.claims["valley"][:3] = [TRIANGLE, TRIANGLE, CIRCLE]
    table[1].claims["valley"][0] = TRIANGLE
    counted = boomtown_offices.counts(table, C, 0)
    assert counted == {"office": 9, "contract": 2, "majority": 1, "shipping_row": 1, "settlement": 1,
                       "copper_shipped": 5, "copper_in_contracts": 6, "shipping_star": 2, "claim_star": 2, "fixed": 1}
    bonus = {o.id: boomtown_offices.bonus(o, counted) for o in C.offices}
    assert bonus == {"copper-copper": 9 + 2, "copper-silver": 9 + 1, "copper-gold": 3, "silver-copper": 2,
                     "silver-silver": 6, "silver-gold": 5 + 6, "gold-copper": 2 + 2, "gold-silver": 18 + 2,
                     "gold-gold": 6}
    assert boomtown_offices.office_points(table, C, 0) == sum(bonus.values())


# --- 3A. Shipments ---------------------------------------------------------------------------------------------


def test_each_metal_shipped_checks_the_leftmost_box_and_circles_its_number():
    """"For each metal shipped, check off the leftmost remaining box ... When checking off a box with a single number
    in it, circle the number"."""
    table = sheets(2)
    checked = shipments.ship(table[0], table, C, {"copper": 2, "gold": 1})
    assert [(b["metal"], b["box"], b["points"]) for b in checked] == [("copper", 0, 0), ("copper", 1, 2), ("gold", 0, 0)]
    assert table[0].shipping == {"copper": [0, 2], "silver": [], "gold": [0]} and shipments.shipping_points(table[0]) == 2


def test_the_first_shipper_circles_the_higher_number_and_opponents_cross_it_off():
    """"If a box has two numbers in it, circle the highest number remaining. If you circle the higher number in a box,
    each opponent must cross the corresponding number off ... the first player to ship three or five metals of each
    type will score the higher value, but all other players may still score the lower value"."""
    table = sheets(3)
    first = shipments.ship(table[1], table, C, {"silver": 3})[-1]
    assert (first["points"], first["first"]) == (7, True) and shipments.higher_taken(table, C, "silver", 2)
    later = shipments.ship(table[0], table, C, {"silver": 3})[-1]
    assert (later["points"], later["first"]) == (4, False)
    assert shipments.ship(table[2], table, C, {"silver": 3})[-1]["points"] == 4
    assert not shipments.higher_taken(table, C, "silver", 4) and not shipments.higher_taken(table, C, "copper", 2)


def test_the_fifth_space_circles_the_star_and_ends_the_row():
    """"When reaching the 5th space on a shipping row, circle the star icon at the end of that row. After reaching
    the 5th space on a shipping row, you may not ship any more of that resource"."""
    table = sheets(2)
    checked = shipments.ship(table[0], table, C, {"gold": 5})
    assert checked[-1]["row_complete"] and not any(b["row_complete"] for b in checked[:-1])
    assert table[0].shipping["gold"] == [0, 2, 8, 0, 8] and shipments.rows_complete(table[0], C) == 1
    assert shipments.stars_checked(table[0], C) == 2 and shipments.boxes_left(table[0], C, "gold") == 0
    with pytest.raises(IllegalMove) as refused:
        shipments.ship(table[0], table, C, {"gold": 1})
    assert refused.value.rule == "shipping_row_complete"
    with pytest.raises(IllegalMove, match=r"5 copper box\(es\) left, not 6"):
        shipments.check_shipment(table[1], C, {"copper": 6})
    with pytest.raises(IllegalMove) as empty:
        shipments.check_shipment(table[1], C, {"copper": 0})
    assert empty.value.rule == "empty_shipment"


# --- 3B. Banking ---------------------------------------------------------------------------------------------------


def test_own_turn_bank_goes_in_the_rounds_white_box_once():
    """"Once on your turn, instead of spending it, you may bank one of your resources ... in the white box at the top
    of your score board for the current round"; "you can never bank the die set aside"."""
    sheet = sheets(1)[0]
    rolled = {"wood": 1, "copper": 0, "silver": 2, "gold": 0}
    banking.bank_own(sheet, 3, rolled, "silver")
    assert sheet.white[2] == {"resource": "silver", "spent": False} and rolled["silver"] == 1
    with pytest.raises(IllegalMove, match="white box is used"):
        banking.bank_own(sheet, 3, rolled, "wood")
    with pytest.raises(IllegalMove, match="never the die set aside"):
        banking.bank_own(sheet, 4, rolled, "copper")


def test_banked_resources_are_spent_as_if_rolled_rolled_dice_first_oldest_bank_first():
    """"You may spend any number of your banked resources on your turn, just as if they were rolled on the dice. Cross
    them off on your score board as you use them."  ruling "Rolled dice are spent before banked ones"."""
    sheet = sheets(1)[0]
    sheet.dark[0] = {"resource": "gold", "spent": False}
    sheet.white[0] = {"resource": "gold", "spent": False}
    sheet.white[1] = {"resource": "copper", "spent": False}
    rolled = {"wood": 0, "copper": 0, "silver": 0, "gold": 1}
    assert banking.available(rolled, sheet)["gold"] == 3
    assert banking.pay({"gold": 2}, rolled, sheet, "contract_metals", "x") == {"wood": 0, "copper": 0, "silver": 0, "gold": 1}
    assert rolled["gold"] == 0 and sheet.dark[0]["spent"] and not sheet.white[0]["spent"]
    assert banking.banked(sheet) == {"wood": 0, "copper": 1, "silver": 0, "gold": 1}
    with pytest.raises(IllegalMove, match="takes 2 copper") as refused:
        banking.pay({"copper": 2}, rolled, sheet, "contract_metals", "the contract")
    assert refused.value.rule == "contract_metals" and not sheet.white[1]["spent"]


def test_a_neighbour_is_the_player_to_the_right_or_left():
    """"players to your immediate right or left"; ruling "Neighbours with 2 players": the opponent is both."""
    assert banking.neighbours(0, 4) == [1, 3] and banking.neighbours(2, 4) == [1, 3]
    assert banking.neighbours(1, 3) == [0, 2]
    assert banking.neighbours(0, 2) == [1] and banking.neighbours(1, 2) == [0]


def test_one_bank_between_each_of_your_turns_in_the_dark_box():
    """"in between each of your turns, you may bank a resource from one of your neighbors ... Mark these resources in
    the darker boxes ... You may only bank one resource in between each of your turns"; "never the terrain die"."""
    sheet = sheets(1)[0]
    assert banking.may_bank_between(sheet, 2, 6)
    banking.bank_between(sheet, 2, ["wood", "gold", "gold"], "gold")
    assert sheet.dark[2] == {"resource": "gold", "spent": False} and not banking.may_bank_between(sheet, 2, 6)
    with pytest.raises(IllegalMove, match="only bank one resource"):
        banking.bank_between(sheet, 2, ["wood"], "wood")
    with pytest.raises(IllegalMove, match="never the die set aside"):
        banking.bank_between(sheet, 3, ["wood", "gold", "gold"], "silver")
    assert banking.may_bank_between(sheet, 3, 6)


def test_only_a_player_with_a_turn_left_banks():
    """ruling "Round 6: only players with a turn left bank": after its 6th turn a player banks nothing."""
    sheet = sheets(1)[0]
    assert banking.may_bank_between(sheet, 5, 6) and not banking.may_bank_between(sheet, 6, 6)
    table = sheets(3)
    assert banking.between_bankers(1, 3, table, [6, 5, 5], 6) == [2]


def test_the_ghost_roll_is_for_two_players_in_rounds_one_to_five():
    """"In a 2-player game only, after both players have taken a turn each round, perform a "ghost roll""; ruling
    "The ghost roll in rounds 1-5"."""
    assert [banking.ghost_roll_due(C, 2, r) for r in range(1, 7)] == [True] * 5 + [False]
    assert not any(banking.ghost_roll_due(C, p, r) for p in (3, 4) for r in range(1, 7))


# --- End of the game: majorities and the tally ----------------------------------------------------------------


def _claims(sheet, terrain_, camps: int, settlements: int) -> None:
    marks = [TRIANGLE, CIRCLE] * settlements + [TRIANGLE] * camps
    sheet.claims[terrain_][:len(marks)] = marks


def test_the_most_claims_win_the_larger_bonus_the_second_most_the_smaller():
    """"The player with the most camps + settlements [in] the terrain circles the larger number ... The player with
    the 2nd most ... circles the smaller number"."""
    table = sheets(3)
    _claims(table[0], "hills", 1, 0)
    _claims(table[1], "hills", 3, 0)
    _claims(table[2], "hills", 2, 0)
    assert majority.places(table, "hills") == {1: 1, 2: 2}
    assert [b["hills"] for b in majority.bonuses(table, C)] == [0, 4, 2]


def test_a_tie_goes_to_more_settlements():
    """"In case of a tie, the tied player with more settlements in that terrain wins the tie"."""
    table = sheets(2)
    _claims(table[0], "woods", 2, 0)
    _claims(table[1], "woods", 1, 1)
    assert majority.places(table, "woods") == {1: 1, 0: 2}
    assert [b["woods"] for b in majority.bonuses(table, C)] == [1, 3]


def test_still_tied_both_score_the_full_bonus_and_second_is_still_awarded():
    """"If still tied, then both players score the full amount of the bonus. If the tie is for 1st place, then 2nd is
    still awarded"; ruling "Ties for 2nd place": the next rank after a shared 1st is 2nd."""
    table = sheets(4)
    _claims(table[0], "mountains", 1, 1)
    _claims(table[1], "mountains", 1, 1)
    _claims(table[2], "mountains", 1, 0)
    _claims(table[3], "mountains", 1, 0)
    assert majority.places(table, "mountains") == {0: 1, 1: 1, 2: 2, 3: 2}
    assert [b["mountains"] for b in majority.bonuses(table, C)] == [5, 5, 2, 2]


def test_a_tie_for_second_shares_the_second_bonus():
    """ruling "Ties for 2nd place": players tied for 2nd (claims and settlements) each score the smaller number."""
    table = sheets(4)
    _claims(table[0], "valley", 3, 0)
    _claims(table[1], "valley", 1, 0)
    _claims(table[2], "valley", 1, 0)
    assert [b["valley"] for b in majority.bonuses(table, C)] == [3, 1, 1, 0]


def test_a_majority_needs_at_least_one_claim():
    """ruling "A majority needs at least one claim": a player without a claim in a row wins no place there."""
    table = sheets(3)
    assert majority.places(table, "woods") == {}
    _claims(table[2], "woods", 1, 0)
    assert majority.places(table, "woods") == {2: 1} and majority.firsts(table, C, 2) == 1


def test_the_tally_adds_circled_and_triangled_numbers_and_office_bonuses():
    """"add up all the numbers you have drawn a circle or triangle around anywhere on your board. Then add the game
    end bonuses from any Boomtown offices you have circled"."""
    table = sheets(2)
    me = table[0]
    _claims(me, "woods", 1, 1)  # spaces 1-3: 1 + 2 + 3
    me.contracts = ["gold-5"]
    me.shipping["copper"] = [0, 2, 6]
    me.offices = ["silver-silver"]
    assert scoring.breakdown(table, C, 0) == {"claims": 6, "majorities": 3, "contracts": 15, "shipping": 8,
                                              "offices": 6, "total": 38}
    assert scoring.breakdown(table, C, 1)["total"] == 0


def test_a_tied_score_is_a_shared_win():
    """"In case of a tie score, play a rematch to determine a winner": ruling "A tied score is a shared win"."""
    assert scoring.standings([30, 41, 41, 12]) == [
        {"seat": 1, "points": 41, "place": 1}, {"seat": 2, "points": 41, "place": 1},
        {"seat": 0, "points": 30, "place": 3}, {"seat": 3, "points": 12, "place": 4}]
    assert scoring.winners([30, 41, 41, 12]) == [1, 2] and scoring.winners([5, 4]) == [0]
