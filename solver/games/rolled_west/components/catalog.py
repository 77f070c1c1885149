"""Load and check Rolled West's components from the data files (``data/*.toml``: ``dice.toml``, ``sheet.toml``,
``game.toml``).

``load_components()`` reads the packaged data, or a corrected copy of the folder named by ``$ROLLED_WEST_DATA``
(correctable like Wild Tiled West's ``CATALOG_DIR``), checks every constraint (counts, totals, every office of the
3 x 3 grid present once, every terrain a die names has its claim row, every value sourced) and returns immutable
``Components``; ``load_components_from(folder)`` reads any folder laid out like ``data``.  Any problem raises
``ComponentsError`` listing each with its file and entry.  The format: docs/rolled-west-rulings.md, "Components".

A source string is ``"sheet: <material>"`` (the printed score sheet and dice, as Board Game Arena's implementation
publishes them), ``"rule text: <sentence>"`` or ``"ruling: <page section>"``."""

from __future__ import annotations

import os
import tomllib
from collections.abc import Callable
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from solver.games.rolled_west.components.values import (
    METALS,
    OFFICE_TERMS,
    RESOURCES,
    ClaimRow,
    Components,
    Contract,
    Dice,
    Office,
    RuleNumbers,
    ShippingRow,
)

#: The environment variable naming a corrected copy of the data folder.
DATA_ENV = "ROLLED_WEST_DATA"
#: The kinds a source string starts with.
SOURCE_KINDS = ("sheet", "rule text", "ruling")
#: What the sheet holds (../shared/design/other-games.md, "Rolled West"): 9 contracts, a 3 x 3 grid of offices.
CONTRACTS = 9


class ComponentsError(ValueError):
    """The data files are not a valid set of Rolled West's components: ``problems`` lists each, with its file and
    entry."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("Rolled West's component data is not valid:\n" + "\n".join(f"- {p}" for p in problems))


def data_dir() -> Path:
    """The folder the default components come from: ``$ROLLED_WEST_DATA`` or the packaged ``data``."""
    folder = os.environ.get(DATA_ENV)
    return Path(folder) if folder else Path(str(resources.files("solver.games.rolled_west.components") / "data"))


@lru_cache(maxsize=1)
def player_counts() -> range:
    """The numbers of players the packaged data's ``game.toml`` allows (``[players]`` ``min`` to ``max``: 2 to 4, rule
    text), what the game's registry entry says; raises ``OSError``, ``tomllib.TOMLDecodeError`` or ``KeyError`` when
    that file cannot be read."""
    with (Path(str(resources.files("solver.games.rolled_west.components") / "data")) / "game.toml").open("rb") as fh:
        players = tomllib.load(fh)["players"]
    return range(int(players["min"]), int(players["max"]) + 1)


def load_components() -> Components:
    """The default components (``data_dir()``), loaded and checked once per folder and process; raises
    ``ComponentsError``."""
    return _cached(str(data_dir().resolve()))


@lru_cache(maxsize=8)
def _cached(folder: str) -> Components:
    return load_components_from(Path(folder))


def load_components_from(folder: Path) -> Components:
    """The components of ``folder`` (laid out like ``data``), every constraint checked; raises ``ComponentsError``
    naming every problem."""
    problems: list[str] = []
    if not Path(folder).is_dir():
        raise ComponentsError([f"{folder}: no such folder of data files (a copy of solver/games/rolled_west/components/data)"])
    read: Callable[[str], dict[str, Any]] = lambda name: _read(Path(folder) / name, problems)
    dice_data, sheet_data, game_data = read("dice.toml"), read("sheet.toml"), read("game.toml")
    if problems:
        raise ComponentsError(problems)
    sources: list[tuple[str, str]] = []
    try:
        dice = _dice(dice_data, problems, sources)
        numbers = _numbers(game_data, problems, sources)
        _source("sheet.toml", sheet_data, problems, sources)
        claim_rows = tuple(_claim_row(i, row, problems) for i, row in enumerate(sheet_data.get("claim_rows", [])))
        shipping_rows = tuple(_shipping_row(i, row, problems) for i, row in enumerate(sheet_data.get("shipping_rows", [])))
        contracts = tuple(_contract(i, c, problems) for i, c in enumerate(sheet_data.get("contracts", [])))
        offices = tuple(_office(i, o, problems) for i, o in enumerate(sheet_data.get("offices", [])))
    except (KeyError, TypeError, ValueError) as missing:
        raise ComponentsError([*problems, f"a required value is missing or of the wrong type: {missing!r}"]) from None
    components = Components(dice, claim_rows, shipping_rows, contracts, offices, numbers, tuple(sources))
    _check_whole(components, problems)
    if problems:
        raise ComponentsError(problems)
    return components


def _read(path: Path, problems: list[str]) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        problems.append(f"{path.name}: missing")
    except tomllib.TOMLDecodeError as error:
        problems.append(f"{path.name}: not valid TOML: {error}")
    return {}


def _source(where: str, table: dict[str, Any], problems: list[str], sources: list[tuple[str, str]]) -> None:
    text = table.get("source")
    if not isinstance(text, str):
        problems.append(f"{where}: every section has a source string, got {text!r}")
        return
    head, _colon, note = text.partition(":")
    if head.strip() not in SOURCE_KINDS or not note.strip():
        problems.append(f"{where}: source must be 'sheet: ...', 'rule text: ...' or 'ruling: ...', got {text!r}")
    else:
        sources.append((where, text))


def _whole(where: str, value: Any, problems: list[str], least: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        problems.append(f"{where}: a whole number of at least {least} expected, got {value!r}")
        return least
    return value


def _dice(data: dict[str, Any], problems: list[str], sources: list[tuple[str, str]]) -> Dice:
    for section in ("dice", "faces", "terrain", "ghost_roll"):
        _source(f"dice.toml [{section}]", data.get(section, {}), problems, sources)
    faces = {k: _whole(f"dice.toml [faces] {k}", v, problems, 1) for k, v in data["faces"].items() if k != "source"}
    per_die = _whole("dice.toml [dice] faces_per_die", data["dice"]["faces_per_die"], problems, 1)
    if set(faces) != set(RESOURCES):
        problems.append(f"dice.toml [faces]: one count per resource {RESOURCES} expected, got {sorted(faces)}")
    if sum(faces.values()) != per_die:
        problems.append(f"dice.toml [faces]: the faces add up to {sum(faces.values())}, not the die's {per_die}")
    terrain = {k: v for k, v in data["terrain"].items() if k != "source"}
    if set(terrain) != set(RESOURCES) or len(set(terrain.values())) != len(terrain):
        problems.append(f"dice.toml [terrain]: one distinct terrain per resource {RESOURCES} expected, got {terrain}")
    ghost = data["ghost_roll"]
    count = _whole("dice.toml [dice] count", data["dice"]["count"], problems, 2)
    ghost_dice = _whole("dice.toml [ghost_roll] dice", ghost["dice"], problems, 1)
    if ghost_dice > count:
        problems.append(f"dice.toml [ghost_roll]: {ghost_dice} ghost dice, more than the {count} dice")
    return Dice(count, tuple((r, faces.get(r, 0)) for r in RESOURCES), tuple((r, str(terrain.get(r))) for r in RESOURCES),
                ghost_dice, _whole("dice.toml [ghost_roll] players", ghost["players"], problems, 2))


def _numbers(data: dict[str, Any], problems: list[str], sources: list[tuple[str, str]]) -> RuleNumbers:
    for section in ("players", "rounds", "turn", "costs"):
        _source(f"game.toml [{section}]", data.get(section, {}), problems, sources)
    players, costs = data["players"], data["costs"]
    numbers = RuleNumbers(_whole("game.toml [players] min", players["min"], problems, 2),
                          _whole("game.toml [players] max", players["max"], problems, 2),
                          _whole("game.toml [rounds] count", data["rounds"]["count"], problems, 1),
                          _whole("game.toml [costs] camp_wood", costs["camp_wood"], problems, 1),
                          _whole("game.toml [costs] settlement_wood", costs["settlement_wood"], problems, 1),
                          _whole("game.toml [costs] office_metals", costs["office_metals"], problems, 1))
    if numbers.players_min > numbers.players_max:
        problems.append(f"game.toml [players]: min {numbers.players_min} above max {numbers.players_max}")
    if numbers.office_metals != 2:
        problems.append("game.toml [costs] office_metals: an office costs its row metal and its column metal, 2 metals")
    for key, value in data["turn"].items():
        if key != "source" and value != 1:
            problems.append(f"game.toml [turn] {key}: the rule text allows it once per turn, not {value!r}")
    return numbers


def _claim_row(i: int, row: dict[str, Any], problems: list[str]) -> ClaimRow:
    where = f"sheet.toml claim_rows[{i}] ({row.get('terrain')})"
    numbers = tuple(_whole(f"{where} numbers", n, problems) for n in row["numbers"])
    stars = tuple(row["stars"])
    majority = tuple(_whole(f"{where} majority", n, problems) for n in row["majority"])
    if len(stars) != len(numbers) or not all(isinstance(s, bool) for s in stars):
        problems.append(f"{where}: one star flag (true/false) per space expected")
    if len(majority) != 2 or majority[0] < majority[1]:
        problems.append(f"{where}: majority is [1st, 2nd] with 1st >= 2nd, got {list(majority)}")
    first, second = (*majority, 0, 0)[:2]
    return ClaimRow(str(row["terrain"]), numbers, stars, (first, second))


def _shipping_row(i: int, row: dict[str, Any], problems: list[str]) -> ShippingRow:
    where = f"sheet.toml shipping_rows[{i}] ({row.get('metal')})"
    boxes = tuple(tuple(_whole(f"{where} boxes", n, problems) for n in box) for box in row["boxes"])
    if any(len(box) not in (1, 2) or (len(box) == 2 and box[0] <= box[1]) for box in boxes):
        problems.append(f"{where}: a box is [n] or [first, later] with first > later")
    if len(row["stars"]) != len(boxes):
        problems.append(f"{where}: one star flag per box expected")
    return ShippingRow(str(row["metal"]), boxes, tuple(bool(s) for s in row["stars"]))


def _contract(i: int, data: dict[str, Any], problems: list[str]) -> Contract:
    where = f"sheet.toml contracts[{i}] ({data.get('id')})"
    metals = {m: _whole(f"{where} metals {m}", n, problems, 1) for m, n in data["metals"].items()}
    if not metals or not set(metals) <= set(METALS):
        problems.append(f"{where}: metals must be some of {METALS}, got {sorted(metals)}")
    return Contract(str(data["id"]), _whole(f"{where} points", data["points"], problems, 1),
                    tuple((m, metals[m]) for m in METALS if m in metals))


def _office(i: int, data: dict[str, Any], problems: list[str]) -> Office:
    where = f"sheet.toml offices[{i}] ({data.get('row')}-{data.get('column')})"
    terms = tuple((str(t["per"]), _whole(f"{where} points", t["points"], problems, 1)) for t in data["terms"])
    if not terms or any(per not in OFFICE_TERMS for per, _points in terms):
        problems.append(f"{where}: each term's 'per' is one of {OFFICE_TERMS}, got {[t for t, _p in terms]}")
    return Office(str(data["row"]), str(data["column"]), terms)


def _check_whole(c: Components, problems: list[str]) -> None:
    """Counts across the files: a claim row per terrain a die names, all of one length; a shipping row per metal; the
    9 contracts with distinct ids; every office of the 3 x 3 grid once."""
    terrains = [r.terrain for r in c.claim_rows]
    named = sorted(t for _r, t in c.dice.terrain)
    if sorted(terrains) != named:
        problems.append(f"sheet.toml claim_rows: one row per terrain the dice name {named} expected, got {terrains}")
    if len({len(r.numbers) for r in c.claim_rows}) > 1 or any(len(r.numbers) < 2 for r in c.claim_rows):
        problems.append("sheet.toml claim_rows: every claim row has the same number of spaces, at least 2")
    if sorted(r.metal for r in c.shipping_rows) != sorted(METALS):
        problems.append(f"sheet.toml shipping_rows: one row per metal {METALS} expected, got {[r.metal for r in c.shipping_rows]}")
    ids = [x.id for x in c.contracts]
    if len(ids) != CONTRACTS or len(set(ids)) != len(ids):
        problems.append(f"sheet.toml contracts: {CONTRACTS} contracts with distinct ids expected, got {ids}")
    grid = sorted((o.row, o.column) for o in c.offices)
    expected = sorted((r, col) for r in METALS for col in METALS)
    if grid != expected:
        missing = sorted(set(expected) - set(grid))
        problems.append(f"sheet.toml offices: every office of the {len(METALS)} x {len(METALS)} grid once expected "
                        f"(missing {missing}, given {len(grid)})")


def summary(c: Components) -> str:
    """One line: what was loaded."""
    return (f"{c.dice.count} dice of {len(c.dice.face_list())} faces, {len(c.claim_rows)} claim rows, "
            f"{len(c.shipping_rows)} shipping rows, {len(c.contracts)} contracts, {len(c.offices)} offices, "
            f"{c.numbers.rounds} rounds")
