"""Load and validate the component catalog from the data files in ``solver/games/wild_tiled_west/components/data``.

``load_catalog()`` reads every file, checks every constraint of ``../shared/design/components.md``
(counts, stack sizes, tray geometry, every building of the Building Guide present, each normal
side has an X, ...) and returns an immutable ``Catalog``.  Any problem raises ``CatalogError``
naming the file and the entry.  The data format is in ``docs/data-format.md``.

Command line: ``python -m solver catalog check`` validates and prints a summary;
``python -m solver catalog report --out docs/components.md`` rewrites the list of every reconstructed value.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, cast

from solver.games.wild_tiled_west.components.geometry import STEPS, is_edge_connected, normalise
from solver.games.wild_tiled_west.components.provenance import Sourced, SourceKind, parse_source
from solver.games.wild_tiled_west.components.values import (
    BOARD_LEGEND,
    TILE_LEGEND,
    BanditCard,
    Board,
    BoardSide,
    Building,
    Catalog,
    CattleContract,
    Icon,
    MiningSpace,
    PartnerCard,
    PartnerCondition,
    PrairieSlot,
    RiverSlot,
    RuleNumbers,
    Scoreboard,
    ScoreboardSide,
    SpaceKind,
    Suit,
    Supply,
    Tile,
    Town,
    Trays,
    TraySlot,
    WildSide,
)

#: The Building Guide's 14 buildings (rulebook: Building guide).
BUILDING_GUIDE = (
    "Bank", "Hotel", "Barn", "Ranch House", "Cache", "Sawmill", "Chapel", "Sheriff's Office",
    "Fancy Saloon", "Stables", "General Store", "Town Hall", "Hideout", "Wheelwright",
)
#: Supply counts stated in the rulebook (Game components).
RULEBOOK_SUPPLY = {
    "gold": 30, "alleys": 25, "bullets": 35, "cowpokes": 15, "hill_bandits": 15, "point_tokens": 5,
    "partner_cards": 16, "cattle_contracts": 4, "mining_tracks": 5, "settlement_boards": 8,
    "ace_cards": 4, "bandit_cards": 12, "bandit_ridge": 1, "prairie_dice": 4, "river_dice": 2,
    "prairie_die_faces": 20, "river_die_faces": 8, "tray_tiles": 96,
    "tile_types": 40,
}
#: The amounts each building's effect needs from its text (Building guide), by building.
BUILDING_AMOUNTS = {
    "Bank": ("gold",), "Hotel": ("points",), "Barn": ("gold",), "Ranch House": ("points_per_cow",),
    "Cache": ("bullets",), "Sawmill": (), "Chapel": ("points_per_tombstone",), "Sheriff's Office": ("bullets",),
    "Fancy Saloon": ("ace_cards",), "Stables": ("points",), "General Store": ("bullets", "pickaxes", "alleys"),
    "Town Hall": ("points",), "Hideout": ("sheriffs",), "Wheelwright": ("alleys",),
}
#: The amounts each wild side's rule needs from its text, by wild-side key (the others need none).
WILD_SIDE_AMOUNTS = {"carpenters": ("stash_gold", "points_per_gold"), "pocket_aces": ("points_per_ace",),
                     "rope_trick": ("points",), "wanted": ("gold",)}
#: rules.toml: section -> field -> the value the rulebook states (a field whose source is the rulebook must
#: have it; a correction or variant says so in its source).
RULEBOOK_NUMBERS = {
    "setup": {"starting_points": 5, "dealt_partners": 2, "face_up_partners": 3, "three_player_last_seat_gold": 1},
    "mining_income": {"year4_gold": 1, "year4_pickaxes": 2},
    "wrangling": {"min_cows": 3, "max_cows": 7, "contract_min_cows": 4},
    "endgame": {"trailblazing_points": -1, "tombstone_points": 2},
    "aces": {"set_of_3_points": 6, "set_of_4_points": 12},
}
_NUMBER_WORDS = {1: ("a", "an", "one"), 2: ("two",), 3: ("three",), 4: ("four",), 5: ("five",)}
#: The wild sides the rulebook names (Wild sides).
NAMED_WILD_SIDES = ("Carpenters", "House in Danger", "Pocket Aces", "Rope Trick", "Signpost")
#: The settlement quantities a partner condition may count (scored by the endgame engine).
PARTNER_COUNTS = frozenset({
    "tombstones", "completed_towns", "claimed_mines", "covered_horseshoes", "aces", "wrangled_pastures",
    "unused_gold", "unused_bullets", "building_tiles", "sheriffs", "cows_in_largest_pasture",
    "unshot_bandits", "alleys", "hill_bandits", "surrounded_buildings", "closed_rows",
})
SIGNS = ("white", "red", "pink", "yellow")
CONTRACT_KINDS = ("alleys", "gold", "bullets", "points")
TRAY_NAMES = ("left", "right")
TRAY_ROWS, TRAY_COLS = 5, 4


class CatalogError(ValueError):
    """The data files break the format or a constraint; ``problems`` lists every one found as
    ``"<file>: <entry>: <message>"``."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("invalid component data:\n  " + "\n  ".join(problems))


class _Problems:
    """Collects problems so one run reports all of them, each naming its file and entry."""

    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, file: str, entry: str, message: str) -> None:
        self.items.append(f"{file}: {entry}: {message}")

    def check(self, ok: bool, file: str, entry: str, message: str) -> bool:
        if not ok:
            self.add(file, entry, message)
        return ok


def _sourced(raw: dict[str, Any], file: str, entry: str, problems: _Problems) -> Sourced:
    """The provenance of an entry from its ``source`` and ``sources`` keys."""
    try:
        default = parse_source(raw.get("source"))
    except ValueError as exc:
        problems.add(file, entry, f"source: {exc}")
        default = parse_source("reconstructed: (missing source)")
    fields = []
    for name, text in (raw.get("sources") or {}).items():
        try:
            fields.append((name, parse_source(text)))
        except ValueError as exc:
            problems.add(file, entry, f"sources.{name}: {exc}")
    return Sourced(default, tuple(fields))


def _map_rows(text: Any, file: str, entry: str, problems: _Problems, keep_spaces: bool) -> list[str]:
    """Split a text map into rows (blank leading/trailing lines dropped)."""
    if not isinstance(text, str):
        problems.add(file, entry, "map must be a string")
        return []
    rows = text.split("\n")
    while rows and not rows[0].strip():
        rows.pop(0)
    while rows and not rows[-1].strip():
        rows.pop()
    return rows if keep_spaces else [r.strip() for r in rows]


def _int(raw: dict[str, Any], key: str, file: str, entry: str, problems: _Problems, low: int = 0) -> int:
    value = raw.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        problems.add(file, entry, f"{key} must be a whole number >= {low}, got {value!r}")
        return low
    return value


def _stated(text: str, n: int) -> bool:
    """Whether ``text`` states the number ``n``, as digits or as a word ("2" or "two"; "a" for 1)."""
    words = set(re.findall(r"[a-z]+|\d+", text.lower()))
    return str(n) in words or any(w in words for w in _NUMBER_WORDS.get(n, ()))


def _amounts(raw: dict[str, Any], needed: tuple[str, ...], file: str, entry: str, problems: _Problems) -> dict[str, int]:
    """An entry's ``amounts`` table: whole numbers, each stated in the entry's ``text``, every needed key present."""
    table = raw.get("amounts", {})
    if not isinstance(table, dict):
        problems.add(file, entry, "amounts must be a table of whole numbers")
        return {}
    out = {}
    for key in sorted(set(needed) | set(table)):
        if key not in needed:
            problems.add(file, entry, f"amounts.{key}: not used by the rules (expected only {', '.join(needed) or 'none'})")
            continue
        value = _int(table, key, file, entry, problems)
        problems.check(_stated(raw.get("text", ""), value), file, entry,
                       f"amounts.{key} = {value} is not stated in its text: correct both together")
        out[key] = value
    return out


def _rulebook_value(prov: Sourced, field: str, value: object, expected: object, file: str, entry: str,
                    problems: _Problems) -> None:
    """A value whose source is the rulebook must be the rulebook's; any other source may differ (it says why)."""
    if prov.of(field).kind is SourceKind.RULEBOOK:
        problems.check(value == expected, file, entry,
                       f"{field} must be {expected} (its source is the rulebook), got {value!r}; a correction or variant "
                       "names its own source")


# --- tiles and buildings ---------------------------------------------------------------------


def _load_buildings(data: dict, problems: _Problems) -> tuple[Building, ...]:
    file = "buildings.toml"
    out = []
    for raw in data.get("building", []):
        name = raw.get("name", "?")
        entry = f"building {name}"
        problems.check(raw.get("sign") in SIGNS, file, entry, f"sign must be one of {SIGNS}, got {raw.get('sign')!r}")
        out.append(Building(name, raw.get("sign", ""), raw.get("text", ""), _sourced(raw, file, entry, problems),
                            _amounts(raw, BUILDING_AMOUNTS.get(name, ()), file, entry, problems)))
    names = [b.name for b in out]
    for name in BUILDING_GUIDE:
        problems.check(name in names, file, f"building {name}", "missing: every building of the Building Guide is needed")
    for name, n in Counter(names).items():
        problems.check(n == 1 and name in BUILDING_GUIDE, file, f"building {name}", "not in the Building Guide, or listed twice")
    return tuple(out)


def _parse_tile(raw: dict, entry: str, file: str, problems: _Problems, buildings: set[str]) -> Tile | None:
    rows = _map_rows(raw.get("shape"), file, entry, problems, keep_spaces=True)
    cells = []
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            if ch == " ":
                continue
            if ch not in TILE_LEGEND:
                problems.add(file, entry, f"unknown character {ch!r} at (row {r}, col {c}) of shape")
                return None
            cells.append(((r, c), TILE_LEGEND[ch]))
    if not 1 <= len(cells) <= 6:
        problems.add(file, entry, f"a tile has 1 to 6 squares, this one has {len(cells)}")
        return None
    if not is_edge_connected(rc for rc, _ in cells):
        problems.add(file, entry, "the squares of the shape are not edge-connected")
        return None
    building = raw.get("building")
    named = sum(1 for _, cell in cells if cell.named_building)
    if building is not None and building not in buildings:
        problems.add(file, entry, f"building {building!r} is not in buildings.toml")
    if building is not None and named == 0:
        problems.add(file, entry, f"a {building} tile needs at least one '#' square")
    if building is None and named:
        problems.add(file, entry, "'#' squares belong to a named building: add building = ... or use 'h'")
    copies = raw.get("copies", 1)
    if not isinstance(copies, int) or isinstance(copies, bool):
        problems.add(file, entry, f"copies must be a whole number, got {copies!r}")
        copies = 1
    return Tile(raw.get("id", "?"), normalise(cells), building, _sourced(raw, file, entry, problems), copies=copies)


def _load_tiles(data: dict, buildings: tuple[Building, ...], supply: dict[str, int],
                problems: _Problems) -> tuple[list[Tile], Tile | None]:
    """The tile types of ``tiles.toml`` (each with its copy count) and the alley; ``supply`` gives the numbers of
    tray tiles and tile types (``supply.toml``)."""
    file = "tiles.toml"
    names = {b.name for b in buildings}
    tiles = []
    for raw in data.get("tile", []):
        entry = f"tile {raw.get('id', '?')}"
        problems.check(isinstance(raw.get("id"), str) and "#" not in raw["id"] and raw["id"] != "alley", file, entry,
                       "a tile type's id is a name without '#' (its copies are '<id>#1', '<id>#2', ...)")
        problems.check(raw.get("copies") in (2, 3), file, entry,
                       f"a tile type has 2 or 3 copies (a stack of 2 or 3 tiles, rulebook: Setup), got {raw.get('copies')!r}")
        tile = _parse_tile(raw, entry, file, problems, names)
        if tile is not None:
            tiles.append(tile)
    alley = _parse_tile({**data.get("alley", {}), "id": "alley"}, "alley", file, problems, names)
    if alley is not None:
        problems.check(alley.size == 1 and alley.building is None, file, "alley", "an alley is a single square with no building")
    ids = Counter(t.id for t in tiles)
    for tid, n in ids.items():
        problems.check(n == 1, file, f"tile {tid}", "id used more than once")
    n_types, n_tiles = len(data.get("tile", [])), sum(t.copies for t in tiles)
    problems.check(n_types == supply.get("tile_types"), file, "tiles",
                   f"there are {supply.get('tile_types')} tile types (supply.toml), found {n_types}")
    problems.check(n_tiles == supply.get("tray_tiles"), file, "tiles",
                   f"the types' copies make the {supply.get('tray_tiles')} tray tiles (supply.toml), found {n_tiles}")
    present = {t.building for t in tiles}
    for name in BUILDING_GUIDE:
        problems.check(name in present, file, "tiles", f"no tile is a {name}: every building of the Building Guide must appear")
    for tile in tiles:
        if tile.building == "Barn":
            box = {rc for rc, _ in tile.cells}
            problems.check(box == {(0, 0), (0, 1), (1, 0), (1, 1)}, file, f"tile {tile.id}", "the Barn is a 2x2 square (public)")
    hall = [t for t in tiles if t.building == "Town Hall"]
    if hall:
        biggest = max(sum(1 for _, c in t.cells if c.named_building) for t in tiles if t.building)
        for t in hall:
            size = sum(1 for _, c in t.cells if c.named_building)
            problems.check(size == biggest, file, f"tile {t.id}", f"the Town Hall is the largest building (public): {size} '#' squares < {biggest}")
    suits = {c.suit for t in tiles for _, c in t.cells if c.icon is Icon.ACE}
    problems.check(suits == set(Suit), file, "tiles", f"aces of all four suits are needed, found {sorted(s.value for s in suits if s)}")
    bandits = sum(t.count(Icon.BANDIT) * t.copies for t in tiles)
    sheriffs = sum(t.count(Icon.SHERIFF) * t.copies for t in tiles)
    problems.check(0 < sheriffs < bandits, file, "tiles", f"sheriffs must be rarer than bandits (found {sheriffs} sheriffs, {bandits} bandits)")
    problems.check(sum(t.count(Icon.COW) for t in tiles) > 0, file, "tiles", "some tiles must show cows")
    return tiles, alley


# --- trays -------------------------------------------------------------------------------------


def _load_trays(data: dict, tiles: list[Tile], supply: dict[str, int],
                problems: _Problems) -> tuple[Trays, dict[str, tuple[str, int, int]]]:
    """The two combined trays: each slot's cost and the tile type whose copies fill it (its stack lists the copies'
    ids, copy 1 on top), and the dice slots; also ``{type id: (tray, row, col)}``."""
    file = "trays.toml"
    tray_source = _sourced(data, file, "trays", problems)
    slots: list[TraySlot] = []
    where: dict[str, tuple[str, int, int]] = {}
    by_id = {t.id: t for t in tiles}
    for tray in TRAY_NAMES:
        raw = data.get("tray", {}).get(tray)
        entry = f"tray {tray}"
        if not isinstance(raw, dict):
            problems.add(file, entry, "missing")
            continue
        costs = _map_rows(raw.get("costs"), file, entry, problems, keep_spaces=False)
        if len(costs) != TRAY_ROWS or any(len(r) != TRAY_COLS or not r.isdigit() for r in costs):
            problems.add(file, entry, f"costs must be {TRAY_ROWS} lines of {TRAY_COLS} digits")
            continue
        stacks = raw.get("stacks", {})
        source = _sourced(raw, file, entry, problems)
        for key in stacks:
            try:
                r, c = (int(x) for x in key.split(","))
                problems.check(0 <= r < TRAY_ROWS and 0 <= c < TRAY_COLS, file, f"{entry} slot {key}", "no such slot (rows 0-4, columns 0-3)")
            except ValueError:
                problems.add(file, f"{entry} slot {key}", "slot keys are \"row,col\"")
        for r in range(TRAY_ROWS):
            for c in range(TRAY_COLS):
                slot_entry = f"{entry} slot {r},{c}"
                tid = stacks.get(f"{r},{c}")
                if not isinstance(tid, str) or tid not in by_id:
                    problems.add(file, slot_entry, f"each slot holds the copies of one tile type of tiles.toml, got {tid!r}")
                    continue
                if tid in where:
                    problems.add(file, slot_entry, f"tile type {tid} already fills slot {where[tid]}")
                    continue
                where[tid] = (tray, r, c)
                cost = int(costs[r][c])
                building = by_id[tid].building
                if building == "Town Hall":
                    problems.check(cost == 2, file, slot_entry, f"Town Hall {tid} must sit in a 2-gold slot (public), cost is {cost}")
                if building == "Barn":
                    problems.check(cost == 1, file, slot_entry, f"Barn {tid} must sit in a 1-gold slot (public), cost is {cost}")
                copies = tuple(f"{tid}#{n}" for n in range(1, by_id[tid].copies + 1))
                slots.append(TraySlot(tray, r, c, cost, copies, source))
    for tile in tiles:
        problems.check(tile.id in where, file, f"tile {tile.id}", "fills no stack")
    # 96 tiles in 40 stacks of 2 or 3: 16 stacks of 3 and 24 of 2 (derived, components.md §3)
    threes = supply.get("tray_tiles", 0) - 2 * supply.get("tile_types", 0)
    twos = supply.get("tile_types", 0) - threes
    sizes = Counter(len(s.stack) for s in slots)
    problems.check(len(slots) == supply.get("tile_types") and sizes[3] == threes and sizes[2] == twos, file, "stacks",
                   f"{supply.get('tile_types')} stacks are needed, {threes} of 3 and {twos} of 2 (derived); found {len(slots)}: {dict(sizes)}")

    prairie = []
    for raw in data.get("prairie_slot", []):
        entry = f"prairie_slot {raw.get('number')}"
        ok = problems.check(raw.get("tray") in TRAY_NAMES and raw.get("end") in ("left", "right")
                            and raw.get("row") in range(TRAY_ROWS), file, entry, "needs tray left/right, row 0-4, end left/right")
        if ok:
            prairie.append(PrairieSlot(_int(raw, "number", file, entry, problems, 1), raw["tray"], raw["row"], raw["end"],
                                       _sourced(raw, file, entry, problems)))
    problems.check(sorted(p.number for p in prairie) == list(range(1, 21)), file, "prairie_slot", "numbers must be 1-20, each once")
    problems.check(len({(p.tray, p.row, p.end) for p in prairie}) == 20, file, "prairie_slot",
                   "one prairie slot at each end of each of the 10 rows (derived)")
    river = []
    for raw in data.get("river_slot", []):
        entry = f"river_slot {raw.get('number')}"
        ok = problems.check(raw.get("tray") in TRAY_NAMES and raw.get("end") in ("top", "bottom")
                            and raw.get("col") in (1, 2), file, entry, "needs tray left/right, col 1 or 2 (the river), end top/bottom")
        if ok:
            slot = RiverSlot(_int(raw, "number", file, entry, problems, 1), raw["tray"], raw["col"], raw["end"],
                             _sourced(raw, file, entry, problems))
            expected = ("left" if slot.number <= 4 else "right", "top" if (slot.number - 1) % 4 < 2 else "bottom")
            problems.check((slot.tray, slot.end) == expected, file, entry,
                           f"river slots 1-2 are on the left tray's top edge, 3-4 its bottom, 5-6 and 7-8 the right's (rulebook: Setup A1); expected {expected}")
            river.append(slot)
    problems.check(sorted(r.number for r in river) == list(range(1, 9)), file, "river_slot", "numbers must be 1-8, each once")
    problems.check(len({(r.tray, r.col, r.end) for r in river}) == 8, file, "river_slot",
                   "one river slot at each end of each of the 4 river columns (derived)")
    trays = Trays(TRAY_ROWS, TRAY_COLS, tuple(slots), tuple(sorted(prairie, key=lambda p: p.number)),
                  tuple(sorted(river, key=lambda r: r.number)), tray_source)
    return trays, where


# --- boards and wild sides -----------------------------------------------------------------------


def _load_wild_sides(data: dict, buildings: tuple[Building, ...], problems: _Problems) -> tuple[WildSide, ...]:
    file = "wild_sides.toml"
    out = []
    names = {b.name for b in buildings}
    for raw in data.get("wild_side", []):
        entry = f"wild_side {raw.get('key', '?')}"
        spaces = tuple(raw.get("spaces", []))
        for ch in spaces:
            problems.check(ch in BOARD_LEGEND and BOARD_LEGEND[ch].wild_only, file, entry, f"{ch!r} is not a wild-side space of the board legend")
        problems.check(raw.get("stars") in (1, 2), file, entry, "stars must be 1 or 2 (rulebook: Setup D1)")
        building = raw.get("building")
        problems.check(building is None or building in names, file, entry, f"unknown building {building!r}")
        out.append(WildSide(raw.get("key", "?"), raw.get("name", "?"), raw.get("stars", 1), raw.get("text", ""),
                            spaces, building, _sourced(raw, file, entry, problems),
                            _amounts(raw, WILD_SIDE_AMOUNTS.get(raw.get("key", ""), ()), file, entry, problems)))
    problems.check(len(out) == 8 and len({w.key for w in out}) == 8, file, "wild sides", "8 wild sides with distinct keys are needed")
    for name in NAMED_WILD_SIDES:
        problems.check(name in {w.name for w in out}, file, name, "the rulebook names this wild side: it must exist")
    return tuple(out)


def _load_side(board_id: str, side: str, raw: Any, file: str, problems: _Problems,
               wild: dict[str, WildSide]) -> BoardSide | None:
    entry = f"{side} side"
    if not isinstance(raw, dict):
        problems.add(file, entry, "missing")
        return None
    rows = _map_rows(raw.get("map"), file, entry, problems, keep_spaces=False)
    if not rows or len({len(r) for r in rows}) != 1:
        problems.add(file, entry, "the map must be a rectangle of equal-length rows")
        return None
    bad = sorted({(ch, r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch not in BOARD_LEGEND})
    if bad:
        ch, r, c = bad[0]
        problems.add(file, entry, f"unknown map character {ch!r} at (row {r}, col {c})")
        return None
    height, width = len(rows), len(rows[0])
    at = {(r, c): BOARD_LEGEND[ch] for r, line in enumerate(rows) for c, ch in enumerate(line)}
    used = {ch for line in rows for ch in line}

    towns = []
    declared = set()
    for t in raw.get("town", []):
        letter = t.get("letter", "?")
        t_entry = f"{entry} town {letter} ({t.get('name', '?')})"
        declared.add(letter)
        squares = tuple(rc for rc, s in at.items() if s.town == letter)
        if not problems.check(bool(squares), file, t_entry, f"letter {letter!r} is not on the map"):
            continue
        problems.check(is_edge_connected(squares), file, t_entry, "the town plot's squares must be edge-connected")
        problems.check(any(r in (0, height - 1) or c in (0, width - 1) for r, c in squares), file, t_entry,
                       "a town plot touches the board edge, where its sign is (public)")
        towns.append(Town(letter, t.get("name", "?"), _int(t, "points", file, t_entry, problems, 1), squares,
                          _sourced(t, file, t_entry, problems)))
    for letter in sorted(ch for ch in used if BOARD_LEGEND[ch].kind is SpaceKind.TOWN):
        problems.check(letter in declared, file, entry, f"town letter {letter!r} is on the map but not declared")

    rule: Any = raw.get("rule")  # unchecked data: a key of wild_sides.toml if right
    stars = raw.get("stars")
    specials = {ch for ch in used if BOARD_LEGEND[ch].wild_only}
    n_start = sum(1 for s in at.values() if s.kind is SpaceKind.START)
    if side == "normal":
        problems.check(rule is None, file, entry, "a normal side has no wild rule")
        problems.check(not specials, file, entry, f"a normal side has no wild-side spaces, found {sorted(specials)}")
        problems.check(n_start == 1, file, entry, f"a normal side has exactly one X (rulebook: Drafting a tile), found {n_start}")
    else:
        w = wild.get(rule)
        if problems.check(w is not None, file, entry, f"rule {rule!r} is not a key of wild_sides.toml"):
            assert w is not None  # check() returns its condition
            problems.check(stars == w.stars, file, entry, f"stars must be {w.stars} as in wild_sides.toml, got {stars!r}")
            problems.check(specials == set(w.spaces), file, entry, f"the {w.name} side uses exactly {sorted(w.spaces)}, found {sorted(specials)}")
            expect_x = 0 if rule == "house_in_danger" else 1
            problems.check(n_start == expect_x, file, entry, f"the {w.name} side has {expect_x} X, found {n_start}")
            if rule == "house_in_danger":
                problems.check(sum(1 for s in at.values() if s.kind is SpaceKind.HOUSE_SITE) == 1, file, entry, "exactly one house site '+'")
            if rule == "signpost":
                numbers = sorted(cast(int, s.number) for s in at.values() if s.kind is SpaceKind.SIGNPOST)  # the legend numbers them
                wanted = list(range(1, len(w.spaces) + 1))  # one signpost per symbol of wild_sides.toml, numbered from 1
                problems.check(len(wanted) >= 2 and numbers == wanted, file, entry,
                               f"signposts {wanted} once each (wild_sides.toml's spaces, at least 2), found {numbers}")
            if rule == "pocket_aces":
                suits = sorted(cast(Suit, s.suit).value for s in at.values() if s.kind is SpaceKind.POCKET_ACE)  # the legend gives each a suit
                problems.check(suits == sorted(x.value for x in Suit), file, entry, f"one pocket ace of each suit, found {suits}")
                problems.check(sum(1 for s in at.values() if s.kind is SpaceKind.ACE_CARD) == 1, file, entry, "exactly one ace card bonus space 'a'")

    for (r, c), s in at.items():
        adjacent = [at.get((r + dr, c + dc)) for dr, dc in STEPS]
        if s.kind is SpaceKind.PICKAXE:
            mines = sum(1 for a in adjacent if a is not None and a.kind is SpaceKind.MINE)
            problems.check(mines == 1, file, entry, f"the pickaxe at (row {r}, col {c}) must touch exactly one mine, touches {mines}")
        if s.kind is SpaceKind.MINE:
            problems.check(any(a is not None and a.kind is SpaceKind.PICKAXE for a in adjacent), file, entry,
                           f"the mine at (row {r}, col {c}) has no pickaxe beside it")
        if s.kind is SpaceKind.POCKET_ACE:
            problems.check(any(a is not None and a.coverable for a in adjacent), file, entry,
                           f"the pocket ace at (row {r}, col {c}) needs an adjacent space a tile can cover")
    return BoardSide(board_id, side, tuple(rows), tuple(towns), _sourced(raw, file, entry, problems), rule, stars)


def _bonus_count(side: BoardSide) -> int:
    return sum(side.count(k) for k in (SpaceKind.GOLD, SpaceKind.BULLET, SpaceKind.ALLEY))


def _load_boards(files: dict[str, dict], wild_sides: tuple[WildSide, ...], problems: _Problems) -> tuple[Board, ...]:
    wild = {w.key: w for w in wild_sides}
    boards = []
    for name, data in sorted(files.items()):
        file = f"boards/{name}"
        raw = data.get("board", {})
        board_id = raw.get("id", "?")
        normal = _load_side(board_id, "normal", data.get("normal"), file, problems, wild)
        wild_side = _load_side(board_id, "wild", data.get("wild"), file, problems, wild)
        if normal is None or wild_side is None:
            continue
        for side in (normal, wild_side):
            problems.check(side.count(SpaceKind.HILL) > 0, file, f"{side.side} side", "a side needs hills (hill bandits stand on them)")
        problems.check(_bonus_count(normal) > _bonus_count(wild_side), file, "sides",
                       "the normal side has the better bonus spaces (rulebook: Setup D1)")
        boards.append(Board(board_id, raw.get("name", "?"), normal, wild_side, _sourced(raw, file, "board", problems)))
    problems.check(len(files) == 8 and len(boards) == 8, "boards/", "boards", f"8 double-sided settlement boards are needed, found {len(files)}")
    problems.check(len({b.id for b in boards}) == len(boards), "boards/", "boards", "board ids must be distinct")
    rules = [b.wild.rule or "" for b in boards]  # a wild side without a rule is reported by _load_side
    problems.check(sorted(rules) == sorted(wild), "boards/", "wild sides", f"each of the 8 wild rules on exactly one board, found {sorted(map(str, rules))}")
    towns = [t.name for b in boards for s in b.sides for t in s.towns]
    for name, n in Counter(towns).items():
        problems.check(n == 1, "boards/", f"town {name}", "town names must be distinct across the catalog")
    lone_star = [t for b in boards for t in b.normal.towns if t.name == "Lone Star"]
    problems.check(len(lone_star) == 1 and lone_star[0].points == 6, "boards/", "town Lone Star",
                   "the rulebook's Lone Star (6 points, Scoring points / Completing a town) must be on a normal side")
    return tuple(boards)


# --- scoreboard, mining, cards, supply -------------------------------------------------------------


def _load_scoreboard(data: dict, rules: RuleNumbers, problems: _Problems) -> Scoreboard:
    file = "scoreboard.toml"
    sides = {}
    for name in ("multiplayer", "solo"):
        raw = data.get(name, {})
        entry = f"{name} side"
        rounds = tuple(raw.get("rounds_per_year", ()))
        problems.check(len(rounds) == 4 and sum(rounds) == 16 and min(rounds, default=0) >= 1, file, entry,
                       f"4 years of drafting rounds, 16 in all (public), got {rounds}")
        tussle = tuple(raw.get("tussle_points", ()))
        problems.check(len(tussle) == 4 and tussle[1:2] == (3,), file, entry, f"4 tussle values with Year 2 = 3 (rulebook: Tussle), got {tussle}")
        bonus = tuple(raw.get("town_bonus", ()))
        problems.check(len(bonus) == 3, file, entry, f"town completion bonus for Years 1-3 (rulebook: Completing a town), got {bonus}")
        wr = raw.get("wrangle_points", {})
        points = {int(k): v for k, v in wr.items() if k.isdigit()}
        wrangle_sizes = list(range(rules.min_cows, rules.max_cows + 1))
        problems.check(sorted(points) == wrangle_sizes, file, entry,
                       f"wrangle points for {rules.min_cows} to {rules.max_cows} cows (rules.toml, wrangling)")
        values = [points[k] for k in sorted(points)]
        problems.check(values == sorted(values) and 6 in values, file, entry, f"wrangle points rise with the cows and one size pays 6, got {values}")
        paws = tuple(raw.get("paw_rounds", ()))
        problems.check(all(2 <= p <= 16 for p in paws) and len(set(paws)) == len(paws) and len(paws) <= 12, file, entry,
                       f"paw rounds are distinct rounds 2-16 (the marker starts on round 1), at most 12 (bandit cards), got {paws}")
        sides[name] = ScoreboardSide(name, rounds, tussle, bonus, points, paws, _sourced(raw, file, entry, problems),
                                     _sourced(wr, file, f"{entry} wrangle_points", problems))
    problems.check(bool(sides["solo"].paw_rounds), file, "solo side", "the solo side has paw spaces (rulebook: Solo play)")
    contracts = []
    for raw in data.get("cattle_contract", []):
        entry = f"cattle_contract {raw.get('kind')}"
        problems.check(raw.get("kind") in CONTRACT_KINDS, file, entry, f"kind must be one of {CONTRACT_KINDS}")
        c = CattleContract(raw.get("kind", "?"), _int(raw, "large", file, entry, problems, 1), _int(raw, "small", file, entry, problems, 1),
                           _int(raw, "first_game_position", file, entry, problems), _sourced(raw, file, entry, problems))
        problems.check(c.large > c.small, file, entry, "the large side pays more than the small side (rulebook: Wrangling)")
        contracts.append(c)
    problems.check(sorted(c.kind for c in contracts) == sorted(CONTRACT_KINDS), file, "cattle contracts", "the four contracts: alleys, gold, bullets, points")
    problems.check([c.kind for c in sorted(contracts, key=lambda c: c.first_game_position)] == list(CONTRACT_KINDS), file,
                   "cattle contracts", "first-game order left to right is alleys, gold, bullets, points (rulebook: Setup B)")
    gold = [c for c in contracts if c.kind == "gold"]
    problems.check(bool(gold) and gold[0].large == 2, file, "cattle_contract gold", "the gold contract's large side pays 2 gold (rulebook: Wrangling example)")
    spaces = data.get("contract_spaces", {})
    sizes = tuple(spaces.get("sizes", ()))
    wanted = tuple(range(rules.contract_min_cows, rules.max_cows + 1))
    problems.check(sizes == wanted and len(sizes) == len(CONTRACT_KINDS), file, "contract_spaces",
                   f"the four contract spaces pay wrangles of {', '.join(map(str, wanted))} cows (rules.toml, wrangling), got {sizes}")
    ranks = []
    for raw in data.get("solo_rank", []):
        entry = f"solo_rank {raw.get('name')}"
        ranks.append((raw.get("name", "?"), _int(raw, "points", file, entry, problems), _sourced(raw, file, entry, problems)))
    expected = [("Sidekick", 50), ("Deputy", 90), ("Ranger", 110), ("Marshal", 130), ("Mysterious Stranger", 150)]
    problems.check([(n, p) for n, p, _ in ranks] == expected, file, "solo ranks", "the rulebook's chart (Solo play)")
    return Scoreboard(sides["multiplayer"], sides["solo"], tuple(contracts), sizes,
                      _sourced(spaces, file, "contract_spaces", problems), tuple(ranks))


def _load_mining(data: dict, problems: _Problems) -> tuple[MiningSpace, ...]:
    file = "mining.toml"
    track = []
    for i, raw in enumerate(data.get("space", [])):
        entry = f"space {i + 1} from the bottom"
        track.append(MiningSpace(_int(raw, "income", file, entry, problems), _int(raw, "points", file, entry, problems),
                                 bool(raw.get("partner", False)), _sourced(raw, file, entry, problems)))
    problems.check(len(track) >= 5, file, "track", "the track needs at least 5 spaces")
    if track:
        problems.check(track[0].income == 2, file, "space 1 from the bottom", "the bottom space pays 2 gold (rulebook: Mining income)")
        problems.check([s.partner for s in track] == [i == 3 for i in range(len(track))], file, "track",
                       "the 4th space, and only it, grants a second partner (rulebook: Partners)")
        problems.check([s.income for s in track] == sorted(s.income for s in track), file, "track", "income never falls going up")
        problems.check([s.points for s in track] == sorted(s.points for s in track), file, "track", "points never fall going up")
    return tuple(track)


def _load_partners(data: dict, problems: _Problems) -> tuple[PartnerCard, ...]:
    file = "partners.toml"
    out = []
    for raw in data.get("partner", []):
        entry = f"partner {raw.get('id', '?')} ({raw.get('name', '?')})"
        cond = raw.get("condition", {})
        ok = cond.get("kind") in ("per", "if_zero") and cond.get("count") in PARTNER_COUNTS and isinstance(cond.get("points"), int)
        problems.check(ok, file, entry, f"condition needs kind per/if_zero, a count from {sorted(PARTNER_COUNTS)} and points")
        out.append(PartnerCard(raw.get("id", "?"), raw.get("name", "?"), raw.get("text", ""),
                               cast(PartnerCondition, dict(cond)), _sourced(raw, file, entry, problems)))  # checked above
    problems.check(len(out) == 16 and len({p.id for p in out}) == 16, file, "partners", "16 partner cards with distinct ids (rulebook: Game components)")
    return tuple(out)


def _load_bandit_cards(data: dict, problems: _Problems) -> tuple[tuple[BanditCard, ...], int, Sourced]:
    file = "bandit_cards.toml"
    out = []
    for raw in data.get("bandit_card", []):
        entry = f"bandit_card {raw.get('id', '?')}"
        out.append(BanditCard(raw.get("id", "?"), _int(raw, "bandits", file, entry, problems), _int(raw, "cows", file, entry, problems),
                              _int(raw, "bullets", file, entry, problems), _sourced(raw, file, entry, problems)))
    problems.check(len(out) == 12 and len({c.id for c in out}) == 12, file, "bandit cards", "12 bandit cards with distinct ids (rulebook: Game components)")
    problems.check(any(c.cows == 3 and c.bandits == 1 for c in out) and any(c.cows == 2 for c in out), file, "bandit cards",
                   "the rulebook's example needs a card with 3 cows and 1 bandit and one with 2 cows (Solo play)")
    ridge = data.get("bandit_ridge", {})
    return tuple(out), _int(ridge, "bandits", file, "bandit_ridge", problems), _sourced(ridge, file, "bandit_ridge", problems)


def _load_supply(data: dict, problems: _Problems) -> Supply:
    file = "supply.toml"
    raw = data.get("supply", {})
    counts = {k: v for k, v in raw.items() if k not in ("source", "sources")}
    prov = _sourced(raw, file, "supply", problems)
    for key, value in RULEBOOK_SUPPLY.items():
        problems.check(isinstance(counts.get(key), int), file, f"supply {key}", f"must be a whole number, got {counts.get(key)!r}")
        _rulebook_value(prov, key, counts.get(key), value, file, f"supply {key}", problems)
    dice, dice_prov = {}, {}
    table = data.get("dice", {})
    counts_played = player_counts_of(table)
    problems.check(len(counts_played) > 0 and set(table) == {str(n) for n in counts_played}, file, "dice",
                   f"one [dice.N] per number of players, from 1 (solo) up with none missing, got {sorted(table)}")
    for n in counts_played:
        d = table.get(str(n), {})
        entry = f"dice {n}"
        prairie, river = d.get("prairie", 0), d.get("river", 0)
        total = 3 if n == 1 else n + 1  # solo: 2 prairie + 1 river (rulebook: Solo play)
        problems.check(prairie + river == total and 1 <= prairie <= 4 and 1 <= river <= 2, file, entry,
                       f"{n} players roll {total} dice, at most 4 prairie and 2 river (public), got {prairie} + {river}")
        dice[n] = (prairie, river)
        dice_prov[n] = _sourced(d, file, entry, problems)
    problems.check(dice[1] == (2, 1), file, "dice 1", "solo uses two prairie dice and one river die (rulebook: Solo play)")
    suits, suit_prov = [], []
    for raw_card in data.get("ace_card", []):
        entry = f"ace_card {raw_card.get('suit')}"
        try:
            suits.append(Suit(raw_card.get("suit")))
        except ValueError:
            problems.add(file, entry, "suit must be spades, hearts, clubs or diamonds")
        suit_prov.append(_sourced(raw_card, file, entry, problems))
    problems.check(sorted(s.value for s in suits) == sorted(s.value for s in Suit), file, "ace cards", "one ace card per suit (rulebook: Aces)")
    return Supply(counts, dice, tuple(suits), prov, dice_prov, tuple(suit_prov))


def _load_rule_numbers(data: dict, problems: _Problems) -> RuleNumbers:
    file = "rules.toml"
    values: dict[str, int] = {}
    provenance = {}
    for section, fields in RULEBOOK_NUMBERS.items():
        raw = data.get(section, {})
        prov = provenance[section] = _sourced(raw, file, section, problems)
        for name, expected in fields.items():
            value = raw.get(name)
            if not isinstance(value, int) or isinstance(value, bool):
                problems.add(file, section, f"{name} must be a whole number, got {value!r}")
                value = expected
            _rulebook_value(prov, name, value, expected, file, section, problems)
            values[name] = value
    problems.check(values["trailblazing_points"] <= 0, file, "endgame", "trailblazing_points is a loss: 0 or less")
    problems.check(2 <= values["min_cows"] <= values["contract_min_cows"] <= values["max_cows"], file, "wrangling",
                   "min_cows <= contract_min_cows <= max_cows, from 2 cows")
    aces = {3: values.pop("set_of_3_points"), 4: values.pop("set_of_4_points")}
    return RuleNumbers(**values, ace_set_points=aces, provenance=provenance)


# --- building components from text (tests, puzzles, hand-made positions) -------------------------


def tile_from_map(tile_id: str, shape: str, building: str | None = None, source: str = "reconstructed") -> Tile:
    """A tile from a text map in the tile legend (docs/data-format.md), e.g. ``".#\n.#"``.

    Raises ``CatalogError`` naming the problem (unknown character, not edge-connected, ...).
    """
    problems = _Problems()
    names = {building} if building else set()
    tile = _parse_tile({"id": tile_id, "shape": shape, "building": building, "source": source},
                       f"tile {tile_id}", "(text)", problems, names)
    if problems.items or tile is None:
        raise CatalogError(problems.items)
    return tile


def board_side_from_map(rows: list[str] | str, towns: list[dict] | None = None, board_id: str = "custom",
                        rule: str | None = None, source: str = "reconstructed") -> BoardSide:
    """A board side from a text map in the board legend (docs/data-format.md): a normal side, or
    with ``rule`` (a key of wild_sides.toml) a wild side using that rule's special spaces.

    ``towns``: ``[{"letter": "A", "name": ..., "points": ...}]``.  Checks the map as the loader
    does (one X, pickaxes beside mines, the rule's spaces, ...); raises ``CatalogError`` naming the problem.
    """
    text = rows if isinstance(rows, str) else "\n".join(rows)
    raw: dict[str, Any] = {"map": text, "town": [{"source": source, **t} for t in towns or []], "source": source}
    wild: dict[str, WildSide] = {}
    if rule is not None:
        wild = {w.key: w for w in load_catalog().wild_sides}
        raw.update(rule=rule, stars=wild[rule].stars if rule in wild else None)
    problems = _Problems()
    result = _load_side(board_id, "wild" if rule else "normal", raw, "(text)", problems, wild)
    if problems.items or result is None:
        raise CatalogError(problems.items)
    return result


# --- loading -----------------------------------------------------------------------------------------


#: The environment variable naming a folder of data files to use instead of the packaged ones (a corrected copy).
CATALOG_ENV = "WTW_CATALOG"


def data_dir() -> Path:
    """The folder of the packaged data files."""
    return Path(str(resources.files("solver.games.wild_tiled_west.components") / "data"))


def player_counts_of(dice: dict) -> range:
    """The numbers of players a game may have: 1 (solo, rulebook: Solo play) up to the largest ``N`` of supply.toml's
    ``[dice.N]`` tables (``dice``: that file's ``dice`` table), which give the dice each number of players rolls
    (rulebook: Setup C2).  An empty range when no key is a number."""
    numbers = [int(key) for key in dice if str(key).isdigit()]
    return range(1, max(numbers) + 1) if numbers else range(0)


@lru_cache(maxsize=1)
def player_counts() -> range:
    """``player_counts_of`` the packaged data's dice (``data_dir``): what the game's registry entry and configurations
    accept (1 to 5).  Raises ``OSError`` or ``tomllib.TOMLDecodeError`` when the packaged data cannot be read."""
    with (data_dir() / "supply.toml").open("rb") as fh:
        return player_counts_of(tomllib.load(fh).get("dice", {}))


def catalog_dir() -> Path:
    """The folder every default catalog is loaded from: ``$WTW_CATALOG`` when set (a copy of the data a player
    corrected), else the packaged data (``data_dir``)."""
    folder = os.environ.get(CATALOG_ENV)
    return Path(folder) if folder else data_dir()


def _read(path: Path, problems: _Problems, name: str) -> dict:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        problems.add(name, "file", "missing")
    except tomllib.TOMLDecodeError as exc:
        problems.add(name, "file", f"not valid TOML: {exc}")
    return {}


def load_catalog_from(folder: Path) -> Catalog:
    """Load and validate the catalog from ``folder`` (laid out like ``solver/games/wild_tiled_west/components/data``).

    Raises ``CatalogError`` listing every problem, each with its file and entry.
    """
    if not Path(folder).is_dir():
        raise CatalogError([f"{folder}: no such folder of data files (a copy of solver/games/wild_tiled_west/components/data)"])
    problems = _Problems()
    read: Callable[[str], dict] = lambda name: _read(folder / name, problems, name)
    rules = _load_rule_numbers(read("rules.toml"), problems)
    buildings = _load_buildings(read("buildings.toml"), problems)
    supply = _load_supply(read("supply.toml"), problems)
    types, alley = _load_tiles(read("tiles.toml"), buildings, supply.counts, problems)
    trays, where = _load_trays(read("trays.toml"), types, supply.counts, problems)
    types = [replace(t, stack=where.get(t.id)) for t in types]
    tiles = [replace(t, id=f"{t.id}#{n}", copy=n) for t in types for n in range(1, t.copies + 1)]
    wild_sides = _load_wild_sides(read("wild_sides.toml"), buildings, problems)
    board_files = {p.name: _read(p, problems, f"boards/{p.name}") for p in sorted((folder / "boards").glob("*.toml"))}
    boards = _load_boards(board_files, wild_sides, problems)
    scoreboard = _load_scoreboard(read("scoreboard.toml"), rules, problems)
    mining = _load_mining(read("mining.toml"), problems)
    partners = _load_partners(read("partners.toml"), problems)
    bandit_cards, ridge, ridge_prov = _load_bandit_cards(read("bandit_cards.toml"), problems)
    if problems.items or alley is None:
        raise CatalogError(problems.items or ["tiles.toml: alley: missing"])
    return Catalog(tuple(sorted(tiles, key=lambda t: t.id)), alley, buildings, trays, boards, scoreboard, mining,
                   partners, bandit_cards, ridge, ridge_prov, wild_sides, supply, rules,
                   tile_types=tuple(sorted(types, key=lambda t: t.id)))


def load_tile_designs(path: Path) -> tuple[Tile, ...]:
    """The ``[[tile]]`` entries of a file laid out like ``tiles.toml`` (without copies: each its own type), checked
    shape by shape; used for the 96 designs of daily puzzles made before the trays held 40 types
    (``puzzles/data/tiles-v1.toml``).  Raises ``CatalogError`` naming the file and entry of each problem."""
    problems = _Problems()
    data = _read(Path(path), problems, Path(path).name)
    tiles = [_parse_tile(raw, f"tile {raw.get('id', '?')}", Path(path).name, problems, set(BUILDING_GUIDE))
             for raw in data.get("tile", [])]
    if problems.items:
        raise CatalogError(problems.items)
    return tuple(t for t in tiles if t is not None)


def load_catalog() -> Catalog:
    """The default catalog: the data of ``catalog_dir()`` (``$WTW_CATALOG`` or the packaged data), loaded and
    checked once per folder and process.  Raises ``CatalogError`` naming each problem's file and entry."""
    return _load_cached(str(catalog_dir().resolve()))


@lru_cache(maxsize=8)
def _load_cached(folder: str) -> Catalog:
    return load_catalog_from(Path(folder))


def summary(catalog: Catalog) -> str:
    """One line: the catalog's counts (tiles, stacks, buildings, boards, cards, tile icons)."""
    icons = Counter(c.icon.value for t in catalog.tiles for _, c in t.cells if c.icon)
    return (f"{len(catalog.tiles)} tiles of {len(catalog.tile_types)} types in {len(catalog.trays.slots)} stacks, {len(catalog.buildings)} buildings, "
            f"{len(catalog.boards)} boards ({2 * len(catalog.boards)} sides), {len(catalog.partners)} partners, "
            f"{len(catalog.bandit_cards)} bandit cards, {len(catalog.wild_sides)} wild sides; tile icons {dict(sorted(icons.items()))}")
