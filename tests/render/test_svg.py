"""The SVG picture of a settlement board (issue 27): icons rather than map letters, building names on their
tiles, tokens and towns, a legend of exactly what the picture shows, a title that fits, valid XML."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from solver.games.wild_tiled_west.ai.bots import RandomBot, play_game
from solver.games.wild_tiled_west.components.catalog import board_side_from_map, load_catalog, tile_from_map
from solver.games.wild_tiled_west.components.values import BOARD_LEGEND, TILE_LEGEND, Icon, SpaceKind, Terrain
from solver.games.wild_tiled_west.engine.game import Game
from solver.games.wild_tiled_west.render import board_data as data_module
from solver.games.wild_tiled_west.render import text as text_module
from solver.games.wild_tiled_west.render.board_data import board_data
from solver.games.wild_tiled_west.render.svg import (
    PAD,
    SIGN_HEIGHT,
    SQUARE,
    _building_label,
    fit_text,
    settlement_svg,
    text_width,
    wrap,
)
from solver.games.wild_tiled_west.render.text import render_settlement
from solver.games.wild_tiled_west.rules.settlement import Settlement
from solver.games.wild_tiled_west.rules.setup import GameConfig, SeatConfig

NS = {"s": "http://www.w3.org/2000/svg"}
#: the icon each printed space kind must show (a town shows its letter and its plot's colour instead)
SPACE_ICONS = {
    SpaceKind.START: "start", SpaceKind.FIELD: "grass", SpaceKind.COW: "cow", SpaceKind.HILL: "hill",
    SpaceKind.MINE: "mine", SpaceKind.PICKAXE: "pickaxe", SpaceKind.HORSESHOE: "horseshoe", SpaceKind.BANDIT: "bandit",
    SpaceKind.GOLD: "gold", SpaceKind.BULLET: "bullet", SpaceKind.ALLEY: "alley", SpaceKind.HOUSE_SITE: "house_site",
    SpaceKind.SIGNPOST: "signpost", SpaceKind.ACE_CARD: "ace_card", SpaceKind.ROPE: "rope", SpaceKind.CREEK: "creek",
}
#: the icon each tile square must show, by its tile-map character
TILE_ICONS = {"f": "grass", "c": "cow", "h": "house", "b": "bandit", "s": "sheriff", "$": "gold", "*": "bullet",
              "=": "alley", "♠": "ace_spades", "♥": "ace_hearts", "♣": "ace_clubs", "♦": "ace_diamonds"}


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)  # raises on malformed XML
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def squares(root: ET.Element) -> dict[tuple[int, int], ET.Element]:
    return {(int(g.get("data-row", "")), int(g.get("data-col", ""))): g
            for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "square"}


def icons(group: ET.Element) -> list[str]:
    return [u.get("data-icon", "") for u in group.iter("{http://www.w3.org/2000/svg}use")]


def texts(element: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in element.iter("{http://www.w3.org/2000/svg}text")]


def label(item: ET.Element) -> str:
    """A legend entry's label, its lines joined by spaces."""
    (text,) = [t for t in item.iter("{http://www.w3.org/2000/svg}text") if t.get("class") == "legend-label"]
    return " ".join("".join(span.itertext()) for span in text)


def used_features(root: ET.Element) -> set[str]:
    return {g.get("data-feature", "") for g in root.iter("{http://www.w3.org/2000/svg}g")
            if (g.get("class") or "-").split()[0] in ("square", "token", "town-sign")}


def legend_keys(root: ET.Element) -> list[str]:
    return [g.get("data-legend", "") for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "legend-item"]


def test_every_printed_space_shows_its_icon_on_every_side():
    seen = set()
    for board in load_catalog().boards:
        for side in board.sides:
            root = parse(settlement_svg(Settlement(side), f"Seat 0: {side.id}"))
            drawn = squares(root)
            assert len(drawn) == side.height * side.width
            for (r, c), group in drawn.items():
                space = side.space(r, c)
                seen.add(space.kind)
                if space.kind is SpaceKind.TOWN:
                    assert group.get("data-feature") == f"town:{space.town}" and icons(group) == []
                elif space.kind is SpaceKind.POCKET_ACE:
                    assert space.suit is not None
                    assert icons(group) == [f"ace_{space.suit.value}"]
                    assert group.get("data-feature") == f"space:pocket_ace:{space.suit.value}"
                elif space.kind is SpaceKind.EMPTY:
                    assert icons(group) == [] and group.get("data-feature") == "space:empty"
                else:
                    assert icons(group) == [SPACE_ICONS[space.kind]], (side.id, r, c)
                    assert group.get("data-feature") == f"space:{space.kind.value}"
                # no map letter is drawn: only a town's letter or a signpost's number
                allowed = {space.town} if space.kind is SpaceKind.TOWN else {str(space.number)} if space.number else set()
                assert set(texts(group)) <= allowed, (side.id, r, c, texts(group))
            symbols = {s.get("id") for s in root.iter("{http://www.w3.org/2000/svg}symbol")}
            assert {f"i-{i}" for g in drawn.values() for i in icons(g)} <= symbols  # every icon is defined inline
    assert seen == set(SpaceKind)  # the sides exercise every kind the legend has
    assert {ch for ch in BOARD_LEGEND} >= {"~", "o", "a", "+", "1"}


def all_icons_settlement() -> Settlement:
    """Every tile-map character on a tile, an alley tile, a named building on one square, and every token."""
    side = board_side_from_map(["X.....^", ".......", ".......", "AA....."],
                               towns=[{"letter": "A", "name": "Lone Pine", "points": 4}])
    s = Settlement(side)
    s.place(tile_from_map("a", "cbs$*="), 0, 0, 0)
    s.place(tile_from_map("b", "♠♥♣♦hf"), 0, 1, 0)
    s.place(tile_from_map("c", "#.", building="Sheriff's Office"), 0, 2, 0)
    s.place(load_catalog().alley, 0, 2, 2)
    s.place(tile_from_map("d", "##", building="Bank"), 0, 3, 0)
    s.add_hill_bandit(0, 6)
    s.cowpokes.add((0, 0))
    s.tombstones.add((0, 1))
    return s


def test_every_tile_square_shows_its_icon_and_every_token_its_own_shape():
    s = all_icons_settlement()
    root = parse(settlement_svg(s, "Seat 0: custom/normal"))
    drawn = squares(root)
    covered = 0
    for (r, c), group in drawn.items():
        cell = s.cell_at(r, c)
        if cell is None:
            continue
        covered += 1
        shown = icons(group)
        if cell.named_building:
            assert shown == [] and group.get("data-feature") == "tile:building"
        elif cell.char == ".":
            assert shown == (["cobbles"] if s.tile_at(r, c).tile.is_alley else [])
        else:
            assert shown == [TILE_ICONS[cell.char]], (r, c, cell.char)
            if cell.icon is Icon.ACE:
                assert group.get("data-feature") == f"tile:ace:{cell.suit.value}"
        assert "(" in "".join(t.text or "" for t in group.iter("{http://www.w3.org/2000/svg}title"))  # tooltip kept
    assert covered == sum(p.tile.size for p in s.tiles)
    assert set(TILE_ICONS) | {".", "#"} == set(TILE_LEGEND)  # the board above shows every tile character
    tokens = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class", "").startswith("token")]
    shapes = {g.get("data-feature"): icons(g) for g in tokens}
    assert shapes == {"token:hill_bandit": ["hill_bandit"], "token:cowpoke": ["cowpoke"], "token:tombstone": ["tombstone"]}
    assert {(g.get("data-row"), g.get("data-col")) for g in tokens} == {("0", "6"), ("0", "0"), ("0", "1")}


def test_building_names_are_written_on_their_tiles_and_fit():
    root = parse(settlement_svg(all_icons_settlement(), "Seat 0: custom/normal"))
    labels = {g.get("data-building"): g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "building-name"}
    assert set(labels) == {"Sheriff's Office", "Bank"}
    for name, group in labels.items():
        (text,) = list(group.iter("{http://www.w3.org/2000/svg}text"))
        lines = ["".join(span.itertext()) for span in text]
        assert "".join(line.removesuffix("-") if line.endswith("-") else line + " " for line in lines).strip() == name
        width, height = map(float, group.get("data-box", "").split())
        size = float(text.get("font-size", ""))
        assert size >= 7.5
        assert all(text_width(line, size, bold=True) <= width for line in lines)
        assert len(lines) * size * 1.15 <= height


@pytest.mark.parametrize("cells", [(1, 1), (1, 2), (2, 1), (2, 2)])
def test_every_building_name_fits_every_building_shape(cells):
    from solver.games.wild_tiled_west.render.svg import SQUARE

    width, height = cells[1] * SQUARE - 4, cells[0] * SQUARE - 4
    for building in load_catalog().buildings:
        lines, size = fit_text(building.name, width, height)
        assert all(text_width(line, size, bold=True) <= width for line in lines), (building.name, lines)
        assert len(lines) * size * 1.15 <= height and size >= 7.5
        assert "".join(line.removesuffix("-") if line.endswith("-") else line + " " for line in lines).strip() == building.name
    assert fit_text("Wheelwright", SQUARE - 4, SQUARE - 4)[0] == ["Wheel-", "wright"]  # cut once, in the middle


def test_towns_show_letter_points_and_completion():
    side = board_side_from_map(["X.A", "..A"], towns=[{"letter": "A", "name": "Lone Pine", "points": 4}])
    s = Settlement(side)
    s.place(tile_from_map("a", "..."), 0, 0, 0)
    root = parse(settlement_svg(s, "t"))
    (sign,) = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "town-sign"]
    assert sign.get("data-complete") == "false" and "A 4" in texts(sign)
    (item,) = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("data-legend") == "town:A"]
    assert label(item) == "A Lone Pine: 4 points, 1/2 covered"
    s.place(tile_from_map("b", "."), 0, 1, 2)
    root = parse(settlement_svg(s, "t"))
    (sign,) = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "town-sign"]
    assert sign.get("data-complete") == "true"
    (item,) = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("data-legend") == "town:A"]
    assert label(item) == "A Lone Pine: 4 points, complete"


def played_settlements() -> list[Settlement]:
    game = Game(GameConfig(players=2, seed=13, seats=(SeatConfig(board="tumbleweed-basin", side="wild"),
                                                      SeatConfig(board="silver-mesa", side="normal"))))
    play_game(game, {0: RandomBot(1), 1: RandomBot(2)})
    return [p.settlement for p in game.players]


def test_the_legend_lists_exactly_what_the_picture_shows():
    catalog = load_catalog()
    boards = [Settlement(side) for board in catalog.boards for side in board.sides]
    boards += [all_icons_settlement(), *played_settlements()]
    for s in boards:
        root = parse(settlement_svg(s, f"Seat 1: {s.side.id}"))
        keys = legend_keys(root)
        assert len(keys) == len(set(keys))  # one entry each
        assert set(keys) == used_features(root), s.side.id
        for item in root.iter("{http://www.w3.org/2000/svg}g"):
            if item.get("class") == "legend-item":
                assert label(item).strip(), item.get("data-legend")  # every entry has a label
    ended = boards[-2]
    assert any(cell.terrain is Terrain.BUILDING for p in ended.tiles for _, cell in p.squares)  # a real board in play


@pytest.mark.parametrize("title", [
    "Seat 3: buzzard-bluffs/normal (game 3f9c2a7e51b04d6c8a1e4b7d9e0f, version 1234)",
    "Seat 0: " + "x" * 150,
    "t",
])
def test_the_title_fits_the_picture(title):
    side = board_side_from_map(["X.", ".."])  # a small board: the narrowest picture
    for s in (Settlement(side), Settlement(load_catalog().board_side("lone-star-flats/normal"))):
        root = parse(settlement_svg(s, title))
        width = float(root.get("viewBox", "").split()[2])
        (head,) = [t for t in root.iter("{http://www.w3.org/2000/svg}text") if t.get("class") == "title"]
        size = float(head.get("font-size", ""))
        lines = ["".join(span.itertext()) for span in head]
        assert all(text_width(line, size, bold=True) <= width - 2 * PAD for line in lines)
        assert "".join(line.removesuffix("-") if line.endswith("-") else line + " " for line in lines).split() == title.split()
        assert root.find("s:title", NS).text == title


def test_wrap_keeps_every_word_and_cuts_only_what_cannot_fit():
    assert wrap("High Noon Saloon", 12, 50) == ["High", "Noon", "Saloon"]
    assert wrap("a b c", 12, 500) == ["a b c"]
    pieces = wrap("x" * 40, 12, 50)
    assert len(pieces) > 1 and all(text_width(p, 12) <= 50 for p in pieces)
    assert "".join(p.removesuffix("-") for p in pieces) == "x" * 40


def test_a_building_name_keeps_clear_of_a_town_sign_in_any_row_of_its_box():
    """A 2 x 2 building whose box holds a town's sign on its second row: the name goes where the sign is not (the
    first row), never across the sign's stripe; with the sign on the first row, below the stripe."""
    named = {(0, 0), (0, 1), (1, 0), (1, 1)}
    for sign, clear in (((1, 0), lambda y: y < SQUARE), ((0, 1), lambda y: y > SIGN_HEIGHT)):
        label = _building_label("General Store", named, 0, 0, {sign})
        ys = [float(y) for y in re.findall(r'<tspan x="[\d.]+" y="([\d.]+)"', label)]
        assert ys and all(clear(y) for y in ys), (sign, ys)
        sign_top = sign[0] * SQUARE
        assert not any(sign_top <= y <= sign_top + SIGN_HEIGHT for y in ys)


def test_a_shot_hill_bandit_is_under_its_tombstone_not_beside_it():
    """Rulebook, Sheriffs and Bandits: the bullet that shoots a bandit covers it ("it's now a tombstone"). A shot hill
    bandit was drawn beside its tombstone (issue 37), in the picture, its legend and the text picture."""
    side = board_side_from_map(["X..^...", "......."], towns=[])
    s = Settlement(side)
    s.add_hill_bandit(0, 3)
    s.tombstones.add((0, 3))
    root = parse(settlement_svg(s, "a shot hill bandit"))
    tokens = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class", "").startswith("token")]
    assert [(g.get("data-feature"), g.get("data-row"), g.get("data-col")) for g in tokens] == [("token:tombstone", "0", "3")]
    legend = settlement_svg(s, "a shot hill bandit")
    assert "a hill bandit token" not in legend and "tombstone" in legend
    assert render_settlement(s, legend=False).count("&") == 0 and "†" in render_settlement(s, legend=False)
    assert board_data(s)["squares"][0][3]["token"] == "tombstone"


def test_the_token_on_a_square_is_the_same_in_the_data_and_the_text_picture_and_is_found_once_per_board(monkeypatch):
    """One precedence of what a square shows (board_data.top_tokens), for the board's data and its text picture (the
    data had its own, a cowpoke over a tombstone, the text the other way round), computed once per board, not once
    per square (code review, issue 37). A cowpoke and a tombstone never share a square in play: a hand-made board."""
    side = board_side_from_map(["X..^...", "......."], towns=[])
    s = Settlement(side)
    s.add_hill_bandit(0, 3)
    s.cowpokes.add((1, 1))
    s.tombstones.add((1, 1))
    calls = []
    counted = data_module.tokens_shown
    for module in (data_module, text_module):  # wherever the picture reaches it from
        monkeypatch.setattr(module, "tokens_shown", lambda settlement: calls.append(1) or counted(settlement), raising=False)
    surface = [line.split()[-1] for line in render_settlement(s, legend=False).splitlines()[3:]]
    assert len(calls) == 1  # for the whole picture
    squares = board_data(s)["squares"]
    assert (squares[0][3]["token"], surface[0][3]) == ("hill_bandit", "&")
    assert (squares[1][1]["token"], surface[1][1]) == ("tombstone", "†")  # the same on top in both
