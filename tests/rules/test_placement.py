"""Legal tile placement, following the rulebook's Drafting a tile (placement rules): each illegal
reason, the A/B/C/D connection example, and the fast enumeration against a brute-force scan."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.games.wild_tiled_west.ai.random_positions import random_settlement
from solver.games.wild_tiled_west.components.catalog import board_side_from_map, load_catalog, tile_from_map
from solver.games.wild_tiled_west.rules.placement import Placement, PlacementRule, check_placement, legal_placements
from solver.games.wild_tiled_west.rules.settlement import IllegalPlacement, Settlement

# A 7 x 7 side for the rulebook's connection example (Drafting a tile: "Tiles A and B are connected
# to each other, as are tiles A and C. Tiles B and C share only a corner, but they are connected
# through tile A. Tile C is also connected to pasture D, which is printed on the board. The next
# tile placed could be connected to A, B, C, or D.")
ABCD_MAP = [
    ".......",
    ".......",
    "...X...",
    ".......",
    ".....cf",
    ".^....f",
    "pM.....",
]


def abcd_settlement() -> Settlement:
    """Tile A on the X, tile B joined to A's top edge, tile C joined to A's right edge and touching
    B only at a corner, and printed pasture D (a cow and two fields) touching C."""
    settlement = Settlement(board_side_from_map(ABCD_MAP))
    domino = "..", 0, 1  # shape, horizontal and vertical orientation indexes
    settlement.place(tile_from_map("A", domino[0]), domino[1], 2, 3)  # (2,3) (2,4)
    settlement.place(tile_from_map("B", domino[0]), domino[2], 0, 4)  # (0,4) (1,4): edge (1,4)-(2,4) with A
    settlement.place(tile_from_map("C", domino[0]), domino[2], 2, 5)  # (2,5) (3,5): edge (2,5)-(2,4) with A
    return settlement


def test_abcd_example_tiles_are_placed_as_described():
    s = abcd_settlement()
    assert [p.tile.id for p in s.tiles] == ["A", "B", "C"]
    assert s.tile_at(1, 4).tile.id == "B" and s.tile_at(3, 5).tile.id == "C"
    b = {rc for rc, _ in s.tiles[1].squares}
    c = {rc for rc, _ in s.tiles[2].squares}
    steps = ((0, 1), (1, 0), (0, -1), (-1, 0))
    assert not any((r + dr, col + dc) in c for r, col in b for dr, dc in steps)  # no shared edge
    assert (1, 4) in b and (2, 5) in c  # a shared corner
    # Pasture D (4,5) (4,6) (5,6) is part of the settlement through C.
    g = s.grid
    assert s.region & g.bit(4, 5) and s.region & g.bit(4, 6) and s.region & g.bit(5, 6)


@pytest.mark.parametrize("anchor, touches", [((0, 3), "B"), ((3, 3), "A"), ((2, 6), "C"), ((5, 5), "D")])
def test_abcd_example_next_tile_may_connect_to_a_b_c_or_d(anchor, touches):
    s = abcd_settlement()
    mono = tile_from_map("next", ".")
    check = check_placement(s, mono, 0, *anchor)
    assert check.legal, (touches, check.message)


def test_abcd_example_a_tile_touching_only_a_corner_is_not_connected():
    s = abcd_settlement()
    mono = tile_from_map("next", ".")
    check = check_placement(s, mono, 0, 3, 2)  # diagonal to A's (2,3) only
    assert not check.legal and check.rule is PlacementRule.NOT_CONNECTED


def test_printed_fields_not_joined_to_the_settlement_carry_no_connection():
    side = board_side_from_map([
        "X....",
        ".....",
        ".....",
        "...f.",
        ".....",
    ])
    s = Settlement(side)
    s.place(tile_from_map("a", "."), 0, 0, 0)
    check = check_placement(s, tile_from_map("b", "."), 0, 3, 4)  # beside the lone field only
    assert check.rule is PlacementRule.NOT_CONNECTED


def test_hill_bandits_carry_no_connection():
    # Tussle / Hill bandits: "Hill bandits aren't tiles and won't help you make connections."
    side = board_side_from_map(["X^.", "..."])
    s = Settlement(side)
    s.place(tile_from_map("a", "."), 0, 0, 0)
    s.add_hill_bandit(0, 1)
    check = check_placement(s, tile_from_map("b", "."), 0, 0, 2)
    assert check.rule is PlacementRule.NOT_CONNECTED


# --- every illegal reason ---------------------------------------------------------------------------

REASONS_MAP = [
    "pM.....",
    ".......",
    "..X....",
    ".......",
    ".cf..^.",
    ".......",
    ".......",
]


@pytest.fixture()
def reasons_settlement() -> Settlement:
    s = Settlement(board_side_from_map(REASONS_MAP))
    s.place(tile_from_map("start", "..."), 0, 2, 1)  # (2,1) (2,2) (2,3)
    return s


@pytest.mark.parametrize("shape, orientation, anchor, rule, cell", [
    ("..", 0, (2, 6), PlacementRule.OFF_BOARD, (2, 7)),
    ("..", 0, (-1, 0), PlacementRule.OFF_BOARD, (-1, 0)),
    ("..", 0, (2, 3), PlacementRule.OVERLAP, (2, 3)),
    ("..", 1, (3, 1), PlacementRule.COVERS_COW, (4, 1)),
    ("..", 1, (3, 2), PlacementRule.COVERS_FIELD, (4, 2)),
    (".", 0, (4, 5), PlacementRule.COVERS_HILL, (4, 5)),
    ("..", 1, (0, 1), PlacementRule.COVERS_MINE, (0, 1)),
    ("..", 0, (6, 5), PlacementRule.NOT_CONNECTED, None),
    ("..", 9, (3, 3), PlacementRule.UNKNOWN_ORIENTATION, None),
])
def test_each_illegal_reason(reasons_settlement, shape, orientation, anchor, rule, cell):
    s = reasons_settlement
    before = (s.covered, s.region, [list(r) for r in s.cover], len(s.tiles))
    tile = tile_from_map("t", shape)
    check = check_placement(s, tile, orientation, *anchor)
    assert not check.legal and check.rule is rule and check.cell == cell
    with pytest.raises(IllegalPlacement) as err:
        s.place(tile, orientation, *anchor)
    assert err.value.check == check
    assert (s.covered, s.region, s.cover, len(s.tiles)) == before  # nothing changed


def test_first_tile_must_cover_the_x():
    s = Settlement(board_side_from_map(REASONS_MAP))
    check = check_placement(s, tile_from_map("t", ".."), 0, 0, 3)
    assert check.rule is PlacementRule.FIRST_TILE_OFF_X and check.cell == (2, 2)
    assert "X" in check.message
    assert check_placement(s, tile_from_map("t", ".."), 0, 2, 1).legal


def test_pickaxe_horseshoe_bandit_bonus_and_town_spaces_can_be_covered():
    side = board_side_from_map(["pMub$*=A", "X......A"], towns=[{"letter": "A", "name": "Test Town", "points": 3}])
    s = Settlement(side)
    s.place(tile_from_map("a", "."), 0, 1, 0)
    s.place(tile_from_map("b", "."), 0, 0, 0)  # pickaxe
    s.place(tile_from_map("c", "......"), 0, 1, 1)
    s.place(tile_from_map("d", "....."), 0, 0, 2)  # horseshoe, bandit, gold, bullet, alley
    s.place(tile_from_map("e", ".\n."), 0, 0, 7)  # town squares
    assert s.open_spaces() == []


def test_dry_creek_only_an_alley_and_pocket_aces_never():
    catalog = load_catalog()
    creek = next(b.wild for b in catalog.boards if b.wild.rule == "dry_creek")
    s = Settlement(creek)
    r, c = creek.squares(next(k for k in type(creek.space(0, 0).kind) if k.value == "creek"))[0]
    assert check_placement(s, catalog.tile("t01"), 0, r, c).rule in (PlacementRule.COVERS_CREEK, PlacementRule.OFF_BOARD)
    mono = tile_from_map("m", ".")
    assert check_placement(s, mono, 0, r, c).rule is PlacementRule.COVERS_CREEK
    assert check_placement(s, catalog.alley, 0, r, c).rule is PlacementRule.FIRST_TILE_OFF_X  # the creek is fine for an alley
    aces = next(b.wild for b in catalog.boards if b.wild.rule == "pocket_aces")
    pocket = next((r, c) for r in range(aces.height) for c in range(aces.width) if aces.rows[r][c] in "♠♥♣♦")
    assert check_placement(Settlement(aces), catalog.alley, 0, *pocket).rule is PlacementRule.COVERS_POCKET_ACE


def test_house_in_danger_needs_the_building_on_its_site_first():
    # Wild sides / House in Danger: no X; the first tile must connect to the set-aside building.
    catalog = load_catalog()
    side = next(b.wild for b in catalog.boards if b.wild.rule == "house_in_danger")
    s = Settlement(side)
    assert side.start is None
    assert check_placement(s, catalog.alley, 0, 0, 0).rule in (PlacementRule.NO_START_SPACE, PlacementRule.COVERS_HILL,
                                                               PlacementRule.COVERS_FIELD, PlacementRule.COVERS_COW,
                                                               PlacementRule.COVERS_MINE)
    site = next((r, c) for r in range(side.height) for c in range(side.width) if side.rows[r][c] == "+")
    house = next(t for t in catalog.tiles if t.building == "Ranch House")
    placed = None
    for o in house.orientations:
        for dr, dc in o.offsets:
            anchor = (site[0] - dr, site[1] - dc)
            if check_placement(s, house, o.index, *anchor, rooted_on=site).legal:
                placed = s.place(house, o.index, *anchor, rooted_on=site)
                break
        if placed:
            break
    assert placed is not None and placed.root
    assert legal_placements(s, catalog.alley)  # later tiles connect to the house
    wrong = check_placement(Settlement(side), catalog.alley, 0, 0, 0, rooted_on=site)
    assert wrong.rule in (PlacementRule.OFF_ROOT_SPACE, PlacementRule.COVERS_HILL, PlacementRule.COVERS_FIELD,
                          PlacementRule.COVERS_COW, PlacementRule.COVERS_MINE)


# --- the fast enumeration equals a brute-force scan ----------------------------------------------------


def brute_force(s: Settlement, tile) -> list[Placement]:
    """Every anchor (including ones off the board) and orientation through check_placement."""
    out = []
    for o in tile.orientations:
        for row in range(-o.height, s.height + 1):
            for col in range(-o.width, s.width + 1):
                if check_placement(s, tile, o.index, row, col).legal:
                    out.append(Placement(tile.id, o.index, row, col))
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), n_tiles=st.integers(0, 14), tile_index=st.integers(0, 96))
def test_fast_enumeration_equals_brute_force(seed, n_tiles, tile_index):
    catalog = load_catalog()
    s = random_settlement(seed, tiles=n_tiles)
    tile = catalog.alley if tile_index == 96 else catalog.tiles[tile_index]
    assert legal_placements(s, tile) == brute_force(s, tile)


def test_every_placement_from_the_enumeration_keeps_the_settlement_connected():
    s = random_settlement(7, tiles=25)
    g = s.grid
    assert len(s.tiles) > 10
    first = g.mask(rc for rc, _ in s.tiles[0].squares)
    assert g.flood(first, s.covered | s.connects) & s.covered == s.covered
    # no square is covered twice
    total = sum(len(p.squares) for p in s.tiles)
    assert bin(s.covered).count("1") == total


def test_settlement_json_round_trip():
    s = random_settlement(3, tiles=12)
    again = Settlement.from_json(s.to_json(), load_catalog())
    assert again.to_json() == s.to_json() and again.covered == s.covered and again.region == s.region


def test_settlement_from_json_refuses_an_illegal_placement():
    s = random_settlement(3, tiles=3)
    data = s.to_json()
    data["tiles"][1]["row"], data["tiles"][1]["col"] = data["tiles"][0]["row"], data["tiles"][0]["col"]
    data["tiles"][1]["orientation"] = 0
    with pytest.raises(IllegalPlacement):
        Settlement.from_json(data, load_catalog())


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), n_tiles=st.integers(0, 40), tile_index=st.integers(0, 95))
def test_has_legal_placement_agrees_with_the_enumeration(seed, n_tiles, tile_index):
    from solver.games.wild_tiled_west.rules.placement import has_legal_placement

    s = random_settlement(seed, tiles=n_tiles)
    tile = load_catalog().tiles[tile_index]
    assert has_legal_placement(s, tile) == bool(legal_placements(s, tile))
