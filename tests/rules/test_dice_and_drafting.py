"""Roll and place dice, drafting and claim jumping: the rulebook's worked examples and rules."""

from __future__ import annotations

import pytest

from solver.games.wild_tiled_west.components.catalog import load_catalog
from solver.games.wild_tiled_west.rules.dice import PRAIRIE, RIVER, Die, die_line, place_dice, settle_dice
from solver.games.wild_tiled_west.rules.drafting import draft_options
from solver.games.wild_tiled_west.rules.trays import TrayState, parse_slot_key, slot_key


@pytest.fixture()
def catalog():
    return load_catalog()


@pytest.fixture()
def full_trays(catalog):
    return TrayState.from_catalog(catalog)


def slots(dice, kind):
    return sorted(d.slot for d in dice if d.kind == kind)


def test_johnnys_roll(catalog, full_trays):
    # Roll and place dice: "Johnny rolls 4 and 17 on the prairie dice and two 8s on the river dice.
    # ... He places one of the river dice in the '8' river slot ... Because 8 is the highest value on
    # the die, Johnny changes it to a 1 and places it in the '1' river slot."
    dice = [Die(0, PRAIRIE, 4), Die(1, PRAIRIE, 17), Die(2, RIVER, 8), Die(3, RIVER, 8)]
    events = place_dice(catalog, full_trays, dice)
    assert slots(dice, PRAIRIE) == [4, 17]
    assert slots(dice, RIVER) == [1, 8]
    moved = next(d for d in dice if d.kind == RIVER and d.slot == 1)
    assert moved.value == 1  # the die now shows 1
    assert {(e["rolled"], e["slot"]) for e in events if e["kind"] == RIVER} == {(8, 8), (8, 1)}


def test_three_11s_go_on_11_12_13(catalog, full_trays):
    # Roll and place dice: "if you roll three 11s, place one die on 11, one on 12, and one on 13."
    dice = [Die(0, PRAIRIE, 11), Die(1, PRAIRIE, 11), Die(2, PRAIRIE, 11)]
    place_dice(catalog, full_trays, dice)
    assert slots(dice, PRAIRIE) == [11, 12, 13]
    assert sorted(d.value for d in dice) == [11, 12, 13]


def test_moved_prairie_die_on_20_becomes_1(catalog, full_trays):
    dice = [Die(0, PRAIRIE, 20), Die(1, PRAIRIE, 20)]
    place_dice(catalog, full_trays, dice)
    assert slots(dice, PRAIRIE) == [1, 20]


def _empty_line(catalog, trays, kind, number):
    for key in die_line(catalog, kind, number):
        trays.stacks[key] = []


def test_die_on_an_entirely_empty_row_moves_on(catalog, full_trays):
    # "If a die is ever on an entirely empty row or column (with no tiles in it), place that die on
    # the next number in sequence instead."
    _empty_line(catalog, full_trays, PRAIRIE, 4)
    dice = [Die(0, PRAIRIE, 4)]
    place_dice(catalog, full_trays, dice)
    assert dice[0].slot == 5 and dice[0].value == 5


def test_die_stays_when_only_its_nearest_stack_is_empty(catalog, full_trays):
    # "It's fine if the stack nearest to a die is empty. Only move the die if its entire row or column is empty."
    nearest = die_line(catalog, RIVER, 3)[0]
    full_trays.stacks[nearest] = []
    dice = [Die(0, RIVER, 3)]
    place_dice(catalog, full_trays, dice)
    assert dice[0].slot == 3
    (option,) = [o for o in draft_options(catalog, full_trays, dice, gold=9) if o.jumps == 0]
    assert option.slot == die_line(catalog, RIVER, 3)[1]  # the next stack with a tile


def test_die_moves_during_a_round_when_its_row_empties(catalog, full_trays):
    # "(Note: This can occasionally cause a die to move during a round.)"
    dice = [Die(0, PRAIRIE, 2)]
    place_dice(catalog, full_trays, dice)
    assert dice[0].slot == 2
    _empty_line(catalog, full_trays, PRAIRIE, 2)
    events = settle_dice(catalog, full_trays, dice)
    assert dice[0].slot == 3 and events == [{"type": "die_moved", "die": 0, "from": 2, "to": 3}]


def test_prairie_row_is_its_trays_row_from_its_end(catalog):
    line = die_line(catalog, PRAIRIE, 6)  # reconstructed numbering: 6 = right end of the left tray's row 0
    assert [parse_slot_key(k) for k in line] == [("left", 0, 3), ("left", 0, 2), ("left", 0, 1), ("left", 0, 0)]
    river = die_line(catalog, RIVER, 3)  # 3 = bottom edge of the left tray (Setup A1), column 1
    assert [parse_slot_key(k) for k in river] == [("left", r, 1) for r in (4, 3, 2, 1, 0)]


def becca_trays(catalog) -> tuple[TrayState, list[Die]]:
    """Claim jumping, Becca's example: river die A's column holds tile 1 then tile 2 (no cost);
    river die B's nearest stack is empty, then tile 3 (1 gold) and tile 4 (2 gold); prairie die C's
    row holds tile 5 and another tile behind it."""
    trays = TrayState.from_catalog(catalog)
    trays.stacks = {k: [] for k in trays.stacks}
    trays.costs = {k: 0 for k in trays.costs}
    col_a = die_line(catalog, RIVER, 1)  # left tray, column 1, from the top
    col_b = die_line(catalog, RIVER, 2)  # left tray, column 2, from the top
    row_c = die_line(catalog, PRAIRIE, 16)  # right tray, row 0, from the right end
    trays.stacks[col_a[0]] = ["tile1"]
    trays.stacks[col_a[1]] = ["tile2"]
    trays.stacks[col_b[1]] = ["tile3"]
    trays.costs[col_b[1]] = 1
    trays.stacks[col_b[2]] = ["tile4"]
    trays.costs[col_b[2]] = 2
    trays.stacks[row_c[0]] = ["tile5"]
    trays.stacks[row_c[1]] = ["tile6"]
    dice = [Die(0, RIVER, 1), Die(1, RIVER, 2), Die(2, PRAIRIE, 16)]
    place_dice(catalog, trays, dice)
    assert [d.slot for d in dice] == [1, 2, 16]
    return trays, dice


def test_beccas_draft_options_with_1_gold(catalog):
    # Drafting a tile / Claim jumping: "She could use river die A to take tile 1. Or she could pay 1
    # gold and use that same die to claim jump over tile 1 and take tile 2 instead. ... river die B.
    # Because the nearest tile stack is empty, the die lets her draft tile 3, which costs 1 gold ...
    # it would cost 1 gold to claim jump to tile 4 and another 2 gold to pay for the tile itself ...
    # Finally, Becca could take tile 5 using prairie die C. She can't claim jump with die C."
    trays, dice = becca_trays(catalog)
    options = {(o.die, o.tile, o.jumps, o.cost) for o in draft_options(catalog, trays, dice, gold=1)}
    assert options == {(0, "tile1", 0, 0), (0, "tile2", 1, 1), (1, "tile3", 0, 1), (2, "tile5", 0, 0)}


def test_beccas_jump_to_tile_4_costs_3_gold(catalog):
    trays, dice = becca_trays(catalog)
    options = {(o.die, o.tile, o.jumps, o.cost) for o in draft_options(catalog, trays, dice, gold=3)}
    assert (1, "tile4", 1, 3) in options  # 1 gold to jump tile 3, 2 gold printed beside tile 4
    assert not any(o[0] == 2 and o[1] == "tile6" for o in options)  # prairie dice never claim jump


def test_jumping_an_empty_stack_is_free(catalog):
    trays, dice = becca_trays(catalog)
    col_a = die_line(catalog, RIVER, 1)
    trays.stacks[col_a[3]] = ["tile7"]
    trays.stacks[col_a[2]] = []
    options = {(o.tile, o.jumps) for o in draft_options(catalog, trays, dice[:1], gold=5)}
    assert options == {("tile1", 0), ("tile2", 1), ("tile7", 2)}  # the empty stack between costs nothing


def test_a_stack_eligible_through_two_dice_gives_a_choice_of_die(catalog):
    trays, dice = becca_trays(catalog)
    # a prairie die whose row starts at river die A's first stack (left tray row 0 from the left end)
    line = die_line(catalog, PRAIRIE, 1)
    for key in line:
        trays.stacks[key] = []
    trays.stacks[slot_key("left", 0, 1)] = ["tile1"]
    extra = Die(3, PRAIRIE, 1)
    place_dice(catalog, trays, [extra])
    options = [o for o in draft_options(catalog, trays, dice + [extra], gold=0) if o.tile == "tile1"]
    assert sorted(o.die for o in options) == [0, 3]


def test_used_dice_draft_nothing(catalog):
    trays, dice = becca_trays(catalog)
    for d in dice:
        d.used = True
    assert draft_options(catalog, trays, dice, gold=9) == []
