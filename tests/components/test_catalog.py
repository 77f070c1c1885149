"""The component catalog: every constraint of ../shared/design/components.md, provenance, and the
loader's error messages naming the file and the entry."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from solver.games.wild_tiled_west.components.catalog import (
    BUILDING_GUIDE,
    CatalogError,
    board_side_from_map,
    data_dir,
    load_catalog,
    load_catalog_from,
    tile_from_map,
)
from solver.games.wild_tiled_west.components.geometry import STEPS, is_edge_connected
from solver.games.wild_tiled_west.components.provenance import SourceKind, parse_source
from solver.games.wild_tiled_west.components.values import Icon, SpaceKind, Suit


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


# --- tiles, stacks and trays (components.md §1-§4) -------------------------------------------------


def test_96_tiles_in_40_stacks_16_of_3_and_24_of_2(catalog):
    assert len(catalog.tiles) == 96
    sizes = Counter(len(slot.stack) for slot in catalog.trays.slots)
    assert sizes == {3: 16, 2: 24}
    in_stacks = [tid for slot in catalog.trays.slots for tid in slot.stack]
    assert sorted(in_stacks) == sorted(t.id for t in catalog.tiles)


def test_40_tile_types_each_stack_the_copies_of_one_type(catalog):
    # Solo play / Setup: "Remove one of each tile from the tile trays. (40 tiles in total.)" (French: "une tuile de
    # chaque type"): 40 types; 96 tiles in stacks of 2 or 3, so 16 types of 3 copies and 24 of 2 (issue 26).
    assert len(catalog.tile_types) == 40 == catalog.supply.counts["tile_types"]
    assert Counter(t.copies for t in catalog.tile_types) == {3: 16, 2: 24}
    types = {t.id: t for t in catalog.tile_types}
    for slot in catalog.trays.slots:
        kinds = {catalog.tile(tid).type_id for tid in slot.stack}
        assert len(kinds) == 1, slot  # homogeneous
        kind = types[kinds.pop()]
        assert list(slot.stack) == [f"{kind.id}#{n}" for n in range(1, kind.copies + 1)]
        assert kind.stack == (slot.tray, slot.row, slot.col)
    for tile in catalog.tiles:  # each tray tile is a copy: the type's squares and building, its own id
        kind = types[tile.type_id]
        assert tile.cells == kind.cells and tile.building == kind.building and tile.copy in range(1, kind.copies + 1)
        assert catalog.tile(tile.id) is tile and catalog.tile(tile.type_id) is kind and kind.copy is None


def test_two_combined_trays_of_5_rows_by_4_columns_river_in_the_middle(catalog):
    slots = catalog.trays.slots
    for tray in ("left", "right"):
        assert sorted((s.row, s.col) for s in slots if s.tray == tray) == [(r, c) for r in range(5) for c in range(4)]
    assert {s.col for s in slots if s.on_river} == {1, 2}


def test_two_player_removal_takes_28_tiles_and_three_player_20(catalog):
    # Setup: 2 players remove one tile from each outer-edge stack of each combined tray (28);
    # 3 players one from each stack on the left and right edges, none on the river (20).
    outer = [s for s in catalog.trays.slots if s.row in (0, 4) or s.col in (0, 3)]
    sides = [s for s in catalog.trays.slots if s.col in (0, 3)]
    assert len(outer) == 28
    assert len(sides) == 20 and not any(s.on_river for s in sides)


def test_prairie_slots_1_to_20_one_at_each_end_of_each_row(catalog):
    prairie = catalog.trays.prairie_slots
    assert [p.number for p in prairie] == list(range(1, 21))
    assert {(p.tray, p.row, p.end) for p in prairie} == {
        (t, r, e) for t in ("left", "right") for r in range(5) for e in ("left", "right")
    }


def test_river_slots_1_to_8_follow_the_trays_edge_numbers(catalog):
    # Setup A1: 1-2 on the top edge of the left combined tray, 3-4 on its bottom edge, 5-6 and 7-8 the right's.
    river = {r.number: r for r in catalog.trays.river_slots}
    assert sorted(river) == list(range(1, 9))
    for n, slot in river.items():
        assert slot.tray == ("left" if n <= 4 else "right")
        assert slot.end == ("top" if n in (1, 2, 5, 6) else "bottom")
        assert slot.col in (1, 2)
    assert len({(r.tray, r.col, r.end) for r in river.values()}) == 8


def test_every_building_of_the_guide_is_in_the_trays(catalog):
    assert sorted(b.name for b in catalog.buildings) == sorted(BUILDING_GUIDE)
    present = Counter(t.building for t in catalog.tiles if t.building)
    assert set(present) == set(BUILDING_GUIDE)
    assert {b.sign for b in catalog.buildings} == {"white", "red", "pink", "yellow"}


def test_tiles_are_1_to_6_connected_squares_and_buildings_have_building_squares(catalog):
    for tile in catalog.tiles:
        assert 1 <= tile.size <= 6, tile.id
        assert is_edge_connected(rc for rc, _ in tile.cells), tile.id
        named = [c for _, c in tile.cells if c.named_building]
        assert bool(named) == bool(tile.building), tile.id


def test_barn_is_a_2x2_square_in_a_1_gold_slot_and_town_hall_largest_in_2_gold_slots(catalog):
    slot_of = {tid: s for s in catalog.trays.slots for tid in s.stack}
    barns = [t for t in catalog.tiles if t.building == "Barn"]
    halls = [t for t in catalog.tiles if t.building == "Town Hall"]
    assert barns and halls
    for t in barns:
        assert {rc for rc, _ in t.cells} == {(0, 0), (0, 1), (1, 0), (1, 1)}
        assert slot_of[t.id].cost == 1
    biggest = max(sum(c.named_building for _, c in t.cells) for t in catalog.tiles)
    for t in halls:
        assert sum(c.named_building for _, c in t.cells) == biggest
        assert slot_of[t.id].cost == 2


def test_icon_mix_aces_of_every_suit_sheriffs_rarer_than_bandits(catalog):
    suits = {c.suit for t in catalog.tiles for _, c in t.cells if c.icon is Icon.ACE}
    assert suits == set(Suit)
    bandits = sum(t.count(Icon.BANDIT) for t in catalog.tiles)
    sheriffs = sum(t.count(Icon.SHERIFF) for t in catalog.tiles)
    assert 0 < sheriffs < bandits
    assert sum(t.count(Icon.COW) for t in catalog.tiles) >= 20
    for icon in (Icon.GOLD, Icon.BULLET, Icon.ALLEY):
        assert sum(t.count(icon) for t in catalog.tiles) > 0
    sizes = Counter(t.size for t in catalog.tiles)
    assert sum(sizes[n] for n in (3, 4, 5)) > 48  # most tiles are 3-5 squares


def test_alley_is_a_single_street_square(catalog):
    assert catalog.alley.size == 1 and catalog.alley.cells[0][1].char == "."


# --- boards --------------------------------------------------------------------------------------


def test_8_double_sided_boards_with_the_8_wild_rules(catalog):
    assert len(catalog.boards) == 8
    assert sorted(b.wild.rule for b in catalog.boards) == sorted(w.key for w in catalog.wild_sides)
    names = {w.name for w in catalog.wild_sides}
    assert {"Carpenters", "House in Danger", "Pocket Aces", "Rope Trick", "Signpost"} <= names
    for b in catalog.boards:
        assert b.wild.stars == catalog.wild_side(b.wild.rule).stars in (1, 2)


def test_each_normal_side_has_one_x_and_better_bonuses(catalog):
    bonus = (SpaceKind.GOLD, SpaceKind.BULLET, SpaceKind.ALLEY)
    for b in catalog.boards:
        assert b.normal.count(SpaceKind.START) == 1, b.id
        assert sum(b.normal.count(k) for k in bonus) > sum(b.wild.count(k) for k in bonus), b.id
        expected_x = 0 if b.wild.rule == "house_in_danger" else 1
        assert b.wild.count(SpaceKind.START) == expected_x, b.id


def test_board_features_pickaxes_beside_one_mine_towns_on_the_edge(catalog):
    for b in catalog.boards:
        for side in b.sides:
            assert side.height == side.width  # settlement boards are square (public)
            claims = side.pickaxe_mines()
            assert sorted(claims) == side.squares(SpaceKind.PICKAXE)
            assert set(claims.values()) == set(side.squares(SpaceKind.MINE))  # every mine can be claimed
            for r, c in side.squares(SpaceKind.PICKAXE):
                mines = [(r + dr, c + dc) for dr, dc in STEPS
                         if 0 <= r + dr < side.height and 0 <= c + dc < side.width
                         and side.space(r + dr, c + dc).kind is SpaceKind.MINE]
                assert len(mines) == 1, (side.id, r, c)
            assert side.count(SpaceKind.HILL) >= 1
            assert side.towns
            for town in side.towns:
                assert is_edge_connected(town.squares)
                assert any(r in (0, side.height - 1) or c in (0, side.width - 1) for r, c in town.squares)


def test_wild_sides_print_exactly_their_special_spaces(catalog):
    for b in catalog.boards:
        rule = catalog.wild_side(b.wild.rule)
        used = {ch for row in b.wild.rows for ch in row}
        specials = {ch for ch in used if ch in "+123♠♥♣♦ao~"}
        assert specials == set(rule.spaces), b.id
        assert not {ch for row in b.normal.rows for ch in row} & set("+123♠♥♣♦ao~"), b.id


def test_lone_star_is_the_rulebooks_6_point_town(catalog):
    # Scoring points / Completing a town: "score 6 points" for Lone Star.
    towns = [t for b in catalog.boards for t in b.normal.towns if t.name == "Lone Star"]
    assert len(towns) == 1 and towns[0].points == 6
    assert towns[0].provenance.of("points").kind is SourceKind.RULEBOOK


# --- scoreboard, mining, cards, supply --------------------------------------------------------------


def test_scoreboard_values_stated_by_the_rulebook(catalog):
    sb = catalog.scoreboard
    for side in (sb.multiplayer, sb.solo):
        assert sum(side.rounds_per_year) == 16
        assert side.tussle_points[1] == 3  # Tussle example: Year 2
        assert sorted(side.wrangle_points) == [3, 4, 5, 6, 7]
        assert 6 in side.wrangle_points.values()  # Wrangling example: Becca scores 6
        assert len(side.town_bonus) == 3
    assert sb.solo.paw_rounds and not sb.multiplayer.paw_rounds
    assert [c.kind for c in sorted(sb.contracts, key=lambda c: c.first_game_position)] == ["alleys", "gold", "bullets", "points"]
    assert next(c for c in sb.contracts if c.kind == "gold").large == 2
    assert sb.contract_sizes == (4, 5, 6, 7)
    assert [(n, p) for n, p, _ in sb.solo_ranks] == [
        ("Sidekick", 50), ("Deputy", 90), ("Ranger", 110), ("Marshal", 130), ("Mysterious Stranger", 150)]


def test_mining_track_bottom_pays_2_and_the_4th_space_grants_a_partner(catalog):
    track = catalog.mining_track
    assert track[0].income == 2
    assert [s.partner for s in track].index(True) == 3 and sum(s.partner for s in track) == 1


def test_supply_and_dice(catalog):
    counts = catalog.supply.counts
    assert (counts["gold"], counts["alleys"], counts["bullets"], counts["cowpokes"], counts["hill_bandits"]) == (30, 25, 35, 15, 15)
    assert catalog.supply.dice[1] == (2, 1)  # Solo play: two prairie dice and one river die
    for n in range(2, 6):
        prairie, river = catalog.supply.dice[n]
        assert prairie + river == n + 1 and prairie <= 4 and river <= 2
    assert sorted(s.value for s in catalog.supply.ace_cards) == sorted(s.value for s in Suit)


def test_cards(catalog):
    assert len(catalog.partners) == 16 and len({p.id for p in catalog.partners}) == 16
    assert len(catalog.bandit_cards) == 12
    assert any(c.cows == 3 and c.bandits == 1 for c in catalog.bandit_cards)  # Solo play example
    assert catalog.bandit_ridge_bandits >= 0


# --- provenance -------------------------------------------------------------------------------------


def test_every_entry_has_a_provenance_and_rulebook_sources_cite_a_section(catalog):
    entries = [*catalog.tiles, *catalog.buildings, *catalog.trays.slots, *catalog.partners, *catalog.bandit_cards,
               *catalog.wild_sides, *catalog.mining_track]
    entries += [s for b in catalog.boards for s in b.sides] + [t for b in catalog.boards for s in b.sides for t in s.towns]
    for e in entries:
        for prov in [e.provenance.default, *(p for _, p in e.provenance.fields)]:
            assert prov.kind in SourceKind
            if prov.kind is not SourceKind.RECONSTRUCTED:
                assert prov.note


@pytest.mark.parametrize("text, kind", [("rulebook: Setup", "rulebook"), ("reconstructed", "reconstructed"),
                                         ("public: press kit", "public"), ("derived: 2 x 14 = 28", "derived")])
def test_parse_source(text, kind):
    assert parse_source(text).kind.value == kind


@pytest.mark.parametrize("text", ["rulebook", "rulebook:", "guess: maybe", "", None, 3])
def test_parse_source_rejects(text):
    with pytest.raises(ValueError):
        parse_source(text)


def test_docs_components_md_lists_the_current_reconstructed_values(catalog):
    from solver.games.wild_tiled_west.components.report import reconstructed_report

    path = Path(__file__).resolve().parents[2] / "docs" / "components.md"
    assert path.read_text(encoding="utf-8") == reconstructed_report(catalog), "run: make catalog-report"
    assert "| tiles.toml | t01 |" in path.read_text(encoding="utf-8")


# --- the loader names the file and entry of each error ------------------------------------------------


@pytest.fixture()
def data_copy(tmp_path):
    dest = tmp_path / "data"
    shutil.copytree(data_dir(), dest)
    return dest


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"fixture text not found in {path.name}: {old!r}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_copy_of_the_data_loads(data_copy):
    assert len(load_catalog_from(data_copy).tiles) == 96


def test_error_names_file_and_entry_for_a_bad_tile_character(data_copy):
    _edit(data_copy / "tiles.toml", 'id = "t01"\n', 'id = "t01"\nbuilding = "Nowhere"\n')
    with pytest.raises(CatalogError) as err:
        load_catalog_from(data_copy)
    assert any(p.startswith("tiles.toml: tile t01:") and "Nowhere" in p for p in err.value.problems)


def test_error_names_file_and_entry_for_a_bad_provenance(data_copy):
    _edit(data_copy / "bandit_cards.toml", 'id = "bc03"\nbandits = 2\ncows = 0\nbullets = 0\nsource = "reconstructed"',
          'id = "bc03"\nbandits = 2\ncows = 0\nbullets = 0\nsource = "hearsay"')
    with pytest.raises(CatalogError) as err:
        load_catalog_from(data_copy)
    assert any(p.startswith("bandit_cards.toml: bandit_card bc03: source") for p in err.value.problems)


def test_error_names_board_file_when_a_normal_side_loses_its_x(data_copy):
    board = sorted((data_copy / "boards").glob("*.toml"))[0]
    text = board.read_text(encoding="utf-8")
    normal = text.index("[normal]")
    x = text.index("X", text.index('map = """', normal))
    board.write_text(text[:x] + "." + text[x + 1:], encoding="utf-8")
    with pytest.raises(CatalogError) as err:
        load_catalog_from(data_copy)
    assert any(p.startswith(f"boards/{board.name}: normal side:") and "exactly one X" in p for p in err.value.problems)


def test_error_when_a_type_has_the_wrong_number_of_copies(data_copy):
    tiles = data_copy / "tiles.toml"
    text = tiles.read_text(encoding="utf-8")
    tiles.write_text(text.replace('id = "t01"\ncopies = 2', 'id = "t01"\ncopies = 4', 1), encoding="utf-8")
    with pytest.raises(CatalogError) as err:
        load_catalog_from(data_copy)
    assert any("tiles.toml: tile t01: a tile type has 2 or 3 copies" in p for p in err.value.problems)
    assert any("tiles.toml: tiles: the types' copies make the 96 tray tiles (supply.toml), found 98" in p
               for p in err.value.problems)


def test_error_when_a_stack_mixes_types_or_a_type_fills_two_stacks(data_copy):
    trays = data_copy / "trays.toml"
    text = trays.read_text(encoding="utf-8")
    trays.write_text(text.replace('"0,0" = "t01"', '"0,0" = ["t01", "t02"]', 1).replace('"0,3" = "t04"', '"0,3" = "t03"', 1),
                     encoding="utf-8")
    with pytest.raises(CatalogError) as err:
        load_catalog_from(data_copy)
    problems = err.value.problems
    assert any("trays.toml: tray left slot 0,0: each slot holds the copies of one tile type" in p for p in problems)
    assert any("trays.toml: tray left slot 0,3: tile type t03 already fills slot ('left', 0, 2)" in p for p in problems)
    assert any("trays.toml: tile t04: fills no stack" in p for p in problems)


def test_error_for_invalid_toml_names_the_file(data_copy):
    (data_copy / "mining.toml").write_text("[[space]\nincome = ", encoding="utf-8")
    with pytest.raises(CatalogError) as err:
        load_catalog_from(data_copy)
    assert any(p.startswith("mining.toml: file: not valid TOML") for p in err.value.problems)


def test_tile_and_board_from_text():
    tile = tile_from_map("demo", "c.\n f", None)
    assert tile.size == 3 and tile.count(Icon.COW) == 1
    with pytest.raises(CatalogError, match="not edge-connected"):
        tile_from_map("bad", ". \n .")
    with pytest.raises(CatalogError, match="unknown character"):
        tile_from_map("bad", ".?")
    side = board_side_from_map(["X.", ".^"])
    assert side.start == (0, 0) and side.width == 2
    with pytest.raises(CatalogError, match="exactly one X"):
        board_side_from_map(["..", ".^"])


def test_a_wild_side_without_a_rule_is_refused_not_crashed(tmp_path):
    # Found by the type checker: sorted() over the boards' rules raised TypeError on a missing rule.
    import shutil

    from solver.games.wild_tiled_west.components.catalog import data_dir, load_catalog_from

    folder = tmp_path / "data"
    shutil.copytree(data_dir(), folder)
    board = folder / "boards" / "01-lone-star-flats.toml"
    text = board.read_text(encoding="utf-8")
    assert text.count('\nrule = "') == 1
    board.write_text("\n".join(line for line in text.split("\n") if not line.startswith('rule = "')), encoding="utf-8")
    with pytest.raises(CatalogError, match=r"rule None is not a key of wild_sides\.toml"):
        load_catalog_from(folder)


def test_a_tile_is_found_by_type_or_copy_and_nothing_else(catalog):
    assert catalog.tile("t07").copy is None and catalog.tile("t07#3").copy == 3 and catalog.tile("alley").is_alley
    for wrong in ("t07#4", "t07#0", "t41", f"board:{catalog.boards[0].id}", "building:Bank", ""):
        with pytest.raises(KeyError):
            catalog.tile(wrong)
