"""The wild sides' rules (rulebook: Wild sides; solver/games/wild_tiled_west/components/data/wild_sides.toml, which marks what is
reconstructed), each with a positive and a negative case.

Hand-made wild sides are built with ``fixture_game(rows, rule=key)`` (special spaces included).
"""

from __future__ import annotations

import pytest

from solver.games.wild_tiled_west.engine.game import IllegalMove
from solver.games.wild_tiled_west.rules.endgame import endgame_points
from solver.games.wild_tiled_west.rules.partners import partner_counts
from solver.games.wild_tiled_west.rules.placement import PlacementRule, check_placement, legal_placements
from tests.fixtures import fixture_game, place, resolve

TILES = {
    "st": ".",
    "st2": "..",
    "sheriff": "s",
    "bandit": "b",
    "spades2": "♠♠",
    "hearts": "♥",
    "alley_bonus": "=",
    "cache": ("#", "Cache"),
    "office": ("#", "Sheriff's Office"),
    "sawmill": ("#", "Sawmill"),
}


def new(rows=None, rule=None, towns=None):
    game = fixture_game(rows, tiles=TILES, towns=towns, rule=rule, seed=1)
    assert game.pending() == {"type": "draft", "seat": 0}  # seed 1: seat 0 plays first
    assert game.players[0].settlement.side.rule == rule
    return game


def settle(game, tile, row, col, answers=None):
    events = place(game, tile, row, col)
    return events + resolve(game, answers)


OPEN = [".....", ".....", ".....", ".....", "....X"]


# --- Carpenters --------------------------------------------------------------------------------------------


def test_carpenters_placing_a_building_offers_to_stash_1_gold():
    # wild_sides.toml carpenters: "Whenever you place a building tile, after paying its cost you may stash
    # 1 gold from your supply on it. At the Endgame each stashed gold scores 2 points. Stashed gold is not
    # unused gold."
    game = new(OPEN, "carpenters")
    p = game.players[0]
    gold, supply = p.gold, game.supply["gold"]
    place(game, "cache", 2, 2)
    assert game.pending() == {"type": "stash", "seat": 0}
    assert game.legal_moves() == [{"type": "stash", "gold": 1}, {"type": "stash", "gold": 0}]
    game.apply({"type": "stash", "gold": 1})
    resolve(game)
    assert p.gold == gold - 1 and p.stashed_gold == 1 and game.supply["gold"] == supply
    assert endgame_points(game.catalog, p)["carpenters"] == 2
    assert partner_counts(p)["unused_gold"] == gold - 1
    assert game.standings()[[r["seat"] for r in game.standings()].index(0)]["tiebreak"] == gold - 1 + p.bullets


def test_carpenters_declining_the_stash_keeps_the_gold():
    game = new(OPEN, "carpenters")
    p = game.players[0]
    gold = p.gold
    settle(game, "cache", 2, 2, {"stash": {"type": "stash", "gold": 0}})
    assert p.gold == gold and p.stashed_gold == 0 and endgame_points(game.catalog, p)["carpenters"] == 0


def test_carpenters_two_buildings_two_stashes_score_4():
    game = new(OPEN, "carpenters")
    p = game.players[0]
    settle(game, "cache", 2, 2, {"stash": {"type": "stash", "gold": 1}})
    settle(game, "sawmill", 0, 0, {"stash": {"type": "stash", "gold": 1}})
    assert p.stashed_gold == 2 and p.gold == 0 and endgame_points(game.catalog, p)["carpenters"] == 4


def test_carpenters_a_tile_without_a_building_offers_no_stash():
    game = new(OPEN, "carpenters")
    events = settle(game, "st", 2, 2)
    assert not [e for e in events if e["type"] == "stash"] and game.pending()["type"] == "draft"
    assert game.players[0].gold == 2


def test_carpenters_a_player_with_no_gold_is_not_offered():
    game = new(OPEN, "carpenters")
    game.players[0].gold = 0
    place(game, "cache", 2, 2)
    assert game.pending()["type"] == "draft"


def test_a_normal_side_offers_no_stash():
    game = new(OPEN)
    place(game, "cache", 2, 2)
    assert game.pending()["type"] == "draft"


@pytest.mark.parametrize("extra, offered", [(0, False), (1, True)])
def test_carpenters_the_cost_is_paid_before_the_stash(extra, offered):
    # Rulebook, Wild sides / Carpenters: "You must pay the cost for a building tile you are placing before
    # you stash gold on it."  The building comes through the Sawmill from a stack that costs gold.
    game = new(OPEN, "carpenters")
    p = game.players[0]
    settle(game, "sawmill", 0, 0, {"stash": {"type": "stash", "gold": 0}})
    building = next(t.id for t in game.catalog.tiles if t.building == "Cache" and t.stack)
    for stack in game.trays.stacks.values():
        if building in stack:
            stack.remove(building)
    slot = next(k for k, s in game.trays.stacks.items() if s and game.trays.costs[k] >= 1)
    cost = game.trays.costs[slot]
    game.trays.stacks[slot].insert(0, building)
    p.gold = cost + extra
    game._options_cache = None
    game.apply({"type": "sawmill", "slot": slot, "tile": building, "cost": cost})
    assert p.gold == extra
    game.apply(game.legal_moves()[0])
    assert (game.pending()["type"] == "stash") is offered


# --- Pocket Aces ----------------------------------------------------------------------------------------

POCKETS = [
    ".♠....",
    "♣X..a.",
    "......",
    ".....♥",
    "......",
    "...♦..",
]


def test_pocket_aces_covering_the_ace_card_space_takes_an_ace_card():
    # Wild sides / Pocket Aces: "When you cover this bonus on your board, choose an ace card from the supply".
    game = new(POCKETS, "pocket_aces")
    p = game.players[0]
    place(game, "st", 1, 4)
    assert game.pending() == {"type": "ace_card", "seat": 0, "source": "pocket_aces"}
    assert len(game.legal_moves()) == 4
    game.apply({"type": "ace_card", "suit": "diamonds"})
    resolve(game)
    assert p.ace_cards == ["diamonds"] and "diamonds" not in game.ace_cards


def test_pocket_aces_a_tile_elsewhere_takes_no_ace_card():
    game = new(POCKETS, "pocket_aces")
    settle(game, "st", 1, 3)
    assert game.players[0].ace_cards == [] and len(game.ace_cards) == 4


def test_pocket_aces_connected_pocket_ace_scores_3_per_ace_of_its_suit():
    # Wild sides / Pocket Aces: "If connected to your tiles at the Endgame (by having a tile in the adjacent
    # space), score 3 points for each ace of the matching suit that you have (including any ace cards)."
    game = new(POCKETS, "pocket_aces")
    p = game.players[0]
    settle(game, "spades2", 0, 2)  # (0,2) is beside the pocket ace of spades
    settle(game, "st", 1, 4, {"ace_card": {"type": "ace_card", "suit": "spades"}})
    settle(game, "hearts", 5, 0)  # a heart, but nothing beside the pocket ace of hearts
    points = endgame_points(game.catalog, p)
    assert points["pocket_aces"] == 3 * 3  # two spades on a tile + the spades card; hearts: 0
    assert points["aces"] == 6  # the normal ace scoring still applies (three spades)
    settle(game, "st", 3, 4)  # now a tile beside the pocket ace of hearts
    assert endgame_points(game.catalog, p)["pocket_aces"] == 9 + 3 * 1


def test_pocket_aces_no_tile_beside_any_pocket_ace_scores_0():
    game = new(POCKETS, "pocket_aces")
    settle(game, "spades2", 2, 2)
    settle(game, "hearts", 4, 2)
    assert endgame_points(game.catalog, game.players[0])["pocket_aces"] == 0


def test_pocket_aces_are_never_covered():
    game = new(POCKETS, "pocket_aces")
    s = game.players[0].settlement
    settle(game, "st", 0, 2)
    assert check_placement(s, game.catalog.alley, 0, 0, 1).rule is PlacementRule.COVERS_POCKET_ACE
    assert check_placement(s, game.catalog.alley, 0, 0, 3).legal


# --- Rope Trick -----------------------------------------------------------------------------------------

ROPE = [
    "X....",
    ".o...",
    ".....",
    ".....",
]


def test_rope_trick_surrounding_an_uncovered_rope_scores_3_once():
    # Wild sides / Rope Trick: "To surround a [rope], you do not need to cover spaces diagonal to it."
    # wild_sides.toml rope_trick: "When you surround an uncovered rope icon, score 3 points."
    game = new(ROPE, "rope_trick")
    p = game.players[0]
    for r, c in [(0, 1), (2, 1), (1, 0)]:
        settle(game, "st", r, c)
    assert p.ledger.get("rope_trick", 0) == 0  # (1,2) still open
    events = settle(game, "st", 1, 2)  # the diagonals (0,0) (0,2) (2,0) (2,2) stay uncovered
    assert p.ledger["rope_trick"] == 3
    assert [(e["row"], e["col"], e["points"]) for e in events if e["type"] == "rope_trick"] == [(1, 1, 3)]
    settle(game, "st", 1, 1)  # covering it afterwards is allowed and changes nothing
    settle(game, "st", 3, 3)
    assert p.ledger["rope_trick"] == 3


def test_rope_trick_a_rope_covered_before_being_surrounded_scores_nothing():
    # Wild sides / Rope Trick: "You may cover [ropes] with tiles before or after surrounding them (but if you
    # do it before, you won't get the bonus!)"
    game = new(ROPE, "rope_trick")
    p = game.players[0]
    settle(game, "st", 1, 1)
    for r, c in [(0, 1), (2, 1), (1, 0), (1, 2)]:
        settle(game, "st", r, c)
    assert p.ledger.get("rope_trick", 0) == 0


def test_rope_trick_an_open_neighbour_means_not_surrounded():
    game = new(ROPE, "rope_trick")
    for r, c in [(0, 1), (2, 1), (1, 0), (0, 0), (0, 2), (2, 0), (2, 2)]:  # all but (1,2)
        settle(game, "st", r, c)
    assert game.players[0].ledger.get("rope_trick", 0) == 0


def test_rope_trick_printed_terrain_and_the_edge_close_a_rope():
    # The edge above, a hill and a cow beside it: one tile below surrounds it.
    game = new(["^oc..", ".....", "....X"], "rope_trick")
    p = game.players[0]
    settle(game, "st", 2, 0)  # not beside it
    assert p.ledger.get("rope_trick", 0) == 0
    settle(game, "st", 1, 1)
    assert p.ledger["rope_trick"] == 3


def test_rope_icons_score_nothing_on_a_normal_side():
    game = new(["X....", ".....", "....."])
    for r, c in [(0, 1), (2, 1), (1, 0), (1, 2)]:
        settle(game, "st", r, c)
    assert game.players[0].ledger.get("rope_trick", 0) == 0


# --- Boomtown ---------------------------------------------------------------------------------------------

TOWN = ["X..AA", "....."]
TOWNS = [{"letter": "A", "name": "Alpha", "points": 4}]


@pytest.mark.parametrize("rule, year, points", [
    ("boomtown", 4, 4 + 1),  # Year 4 on Boomtown: the sign + the Year 3 bonus
    (None, 4, 4),  # Year 4 on a normal side: the sign only (Completing a town: "In Years 1-3, ...")
    ("boomtown", 2, 4 + 2),  # Years 1-3: the usual year's bonus
    (None, 2, 4 + 2),
])
def test_boomtown_year_4_town_completion(rule, year, points):
    # wild_sides.toml boomtown: "every town you complete also scores the scoreboard's completion bonus in
    # Year 4 (the Year 3 bonus)"; scoreboard town bonus 3 / 2 / 1.
    game = new(TOWN, rule, towns=TOWNS)
    game.year = year
    settle(game, "st2", 0, 3)
    p = game.players[0]
    assert p.ledger["towns"] == points and p.completed_towns == ["A"]


# --- Wanted -----------------------------------------------------------------------------------------------

WANTED = ["X.b..", ".....", "....."]


def test_wanted_shooting_a_printed_bandit_gains_1_gold():
    # wild_sides.toml wanted: "Bandits printed on this side carry a bounty: whenever one of them is shot,
    # gain 1 gold."
    game = new(WANTED, "wanted")
    p = game.players[0]
    p.bullets = 1
    gold = p.gold
    settle(game, "sheriff", 0, 4)
    assert (0, 2) in p.settlement.tombstones and p.gold == gold + 1


def test_wanted_shooting_a_tile_bandit_gains_no_gold():
    game = new(WANTED, "wanted")
    p = game.players[0]
    settle(game, "bandit", 2, 4)
    p.bullets = 1
    gold = p.gold
    settle(game, "sheriff", 2, 0)  # row 2: only the tile bandit
    assert p.settlement.tombstones == {(2, 4)} and p.gold == gold


def test_wanted_the_sheriffs_office_also_collects_the_bounty():
    # Building guide / Sheriff's Office shoots "anywhere": the printed bandit's bounty is paid all the same.
    game = new(WANTED, "wanted")
    p = game.players[0]
    gold = p.gold
    settle(game, "office", 2, 2)
    assert p.settlement.tombstones == {(0, 2)} and p.gold == gold + 1


def test_printed_bandits_on_a_normal_side_carry_no_bounty():
    game = new(WANTED)
    p = game.players[0]
    p.bullets = 1
    gold = p.gold
    settle(game, "sheriff", 0, 4)
    assert (0, 2) in p.settlement.tombstones and p.gold == gold


# --- Dry Creek --------------------------------------------------------------------------------------------

CREEK = ["X.~..", "..~..", "....."]


def test_dry_creek_only_an_alley_may_cover_a_creek_space():
    # wild_sides.toml dry_creek: "Only an alley (as a bridge) may cover a creek space; no other tile may."
    game = new(CREEK, "dry_creek")
    s = game.players[0].settlement
    settle(game, "st2", 0, 0)  # (0,0) (0,1), beside the creek at (0,2)
    alley = game.catalog.alley
    assert check_placement(s, alley, 0, 0, 2).legal
    mono = game.catalog.tile("st")
    check = check_placement(s, mono, 0, 0, 2)
    assert not check.legal and check.rule is PlacementRule.COVERS_CREEK and check.cell == (0, 2)
    domino = game.catalog.tile("st2")
    assert check_placement(s, domino, 1, 0, 2).rule is PlacementRule.COVERS_CREEK  # vertical, on (0,2) (1,2)
    creek = {(0, 2), (1, 2)}
    assert (0, 2) in {(q.row, q.col) for q in legal_placements(s, alley)}  # (1,2) is not beside a tile yet
    assert not any(set(domino.orientations[q.orientation].squares_at(q.row, q.col)) & creek
                   for q in legal_placements(s, domino))


def test_creek_characters_mean_nothing_special_elsewhere():
    # On a normal side the same squares are plain empty spaces.
    game = new(["X....", ".....", "....."])
    s = game.players[0].settlement
    settle(game, "st2", 0, 0)
    assert check_placement(s, game.catalog.tile("st"), 0, 0, 2).legal


# --- Signpost ---------------------------------------------------------------------------------------------

SIGNPOST = [
    "X.1.2...",
    "........",
    "........",
    "........",
    "........",
    "......3.",
]


def signpost_options(game):
    return [m for m in game.legal_moves() if m["type"] == "signpost"]


def test_signpost_option_appears_only_once_signposts_1_and_2_are_covered():
    # wild_sides.toml signpost: "Once your tiles cover signposts 1 and 2, you may on a later turn place the
    # set-aside General Store instead of drafting a tile".
    game = new(SIGNPOST, "signpost")
    store = game.players[0].set_aside
    assert store and game.catalog.tile(store).building == "General Store"
    assert signpost_options(game) == []
    settle(game, "st", 0, 2)  # signpost 1
    assert game.pending() == {"type": "draft", "seat": 0} and signpost_options(game) == []
    settle(game, "st", 0, 4)  # signpost 2
    assert signpost_options(game) == [{"type": "signpost", "tile": store}]


def test_signpost_2_alone_is_not_enough():
    game = new(SIGNPOST, "signpost")
    settle(game, "st", 0, 4)
    assert signpost_options(game) == []


def test_signpost_general_store_covers_signpost_3_and_needs_no_connection():
    # Rulebook, Wild sides / Signpost: "When you place the General Store you had set aside, it only needs to
    # cover the third signpost; it does not need to connect to any of your other tiles. Once placed, you may
    # play new tiles connected to it."
    game = new(SIGNPOST, "signpost")
    p = game.players[0]
    store = p.set_aside
    settle(game, "st", 0, 2)
    settle(game, "st", 0, 4)
    game.apply({"type": "signpost", "tile": store})
    assert game.pending() == {"type": "place_tile", "seat": 0, "tile": store, "source": "signpost", "rooted_on": [5, 6]}
    tile = game.catalog.tile(store)
    options = game.legal_moves()
    assert options
    s = p.settlement
    for m in options:
        squares = tile.orientations[m["orientation"]].squares_at(m["row"], m["col"])
        assert (5, 6) in squares
        assert not s.grid.mask(squares) & s.grid.neighbours(s.covered)  # far from every tile
    off = next({"type": "place", "tile": store, "orientation": o.index, "row": 0, "col": 5}
               for o in tile.orientations if check_placement(s, tile, o.index, 0, 5).legal)
    with pytest.raises(IllegalMove) as err:  # a connected placement that misses signpost 3
        game.apply(off)
    assert err.value.rule == "off_root_space"
    game.apply(options[0])
    resolve(game)
    assert p.set_aside is None and s.tiles[-1].tile.id == store
    beside = {(q.row, q.col) for q in legal_placements(s, game.catalog.tile("st"))}
    placed = s.grid.mask(tile.orientations[options[0]["orientation"]].squares_at(options[0]["row"], options[0]["col"]))
    assert set(s.grid.squares(s.grid.neighbours(placed) & s.open)) <= beside  # new tiles may connect to it
