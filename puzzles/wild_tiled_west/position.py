"""A Wild Tiled West puzzle's position as JSON, and back to the planner's ``PlanPosition`` (our design, docs/puzzles.md).

The ``"position"`` of a puzzle is the player's state the score depends on::

    {"board": <Settlement.to_json()>,          # side id, tiles placed (in order), hill bandits, cowpokes, tombstones
     "year": 1-4, "gold": int, "bullets": int,
     "mining": 0-8 (mining marker's space, 0 = bottom), "second_partner": bool,
     "contracts": [{"kind": "alleys"|"gold"|"bullets"|"points", "size": 4-7, "flipped": bool}, x4],
     "cowpokes_left": int (cowpokes still in the supply),
     "paid_buildings": [index into board.tiles of each red building already surrounded and paid]}

and the ``"hand"`` the tiles to place: ``[{"tile": id, "shape": text, "building": name | null}, ...]``
(``shape`` is the catalog map of the tile, as ``solver.games.wild_tiled_west.components.values.Tile.shape_text`` writes it).

Everything else (tile shapes, board sides, the solo scoreboard's town bonus and wrangle points, the mining
track, the contracts' rewards) comes from the catalog (``solver.games.wild_tiled_west.components.catalog``).
"""

from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path

from puzzles.archive import PuzzleError, json_field
from solver.games.wild_tiled_west.components.catalog import load_catalog, load_tile_designs
from solver.games.wild_tiled_west.components.values import Catalog, Tile
from solver.games.wild_tiled_west.planning.plans import PlanPosition
from solver.games.wild_tiled_west.rules.settlement import IllegalPlacement, Settlement

SCOREBOARD_SIDE = "solo"  #: a daily puzzle is solo play (rulebook: Solo play / Setup)
FORMAT = 1  #: the puzzle JSON's format version
#: The tile designs each earlier generator drew from (``generator.seed`` of a puzzle -> a file of ``puzzles/data``): a
#: puzzle names its tiles by id, and the ids meant other tiles before the trays became 40 tile types (issue 26).
LEGACY_TILES = {"wild-tiled-west/daily-puzzle/v1": "tiles-v1.toml"}


def position_json(position: PlanPosition, gold: int) -> dict:
    """The ``"position"`` JSON of a planning position (see the module docstring); ``gold`` is the
    player's gold (it does not change the score: the hand is paid for)."""
    return {
        "board": position.settlement.to_json(),
        "year": position.year,
        "gold": gold,
        "bullets": position.bullets,
        "mining": position.mining,
        "second_partner": position.second_partner,
        "contracts": [{"kind": kind, "size": size, "flipped": not large}
                      for size, (kind, large) in sorted(position.contracts.items())],
        "cowpokes_left": position.cowpokes_left,
        "paid_buildings": sorted(position.triggered),
    }


def hand_json(tiles: tuple[Tile, ...]) -> list[dict]:
    """The ``"hand"`` JSON: each tile's id, map and building."""
    return [{"tile": t.id, "shape": t.shape_text, "building": t.building} for t in tiles]


def json_int(data: object, key: str, where: str, low: int, high: int) -> int:
    """``json_field`` for an integer from ``low`` to ``high``.  Raises ``PuzzleError``."""
    value = json_field(data, key, int, where)
    if not low <= value <= high:
        raise PuzzleError(f"{where}.{key} must be {low} to {high}, not {value}")
    return value


@functools.cache
def _legacy_designs(name: str) -> tuple[Tile, ...]:
    return load_tile_designs(Path(str(resources.files("puzzles") / "data" / name)))


def puzzle_catalog(puzzle: object, catalog: Catalog) -> Catalog:
    """The catalog to read ``puzzle`` with: ``catalog`` itself, or, for a puzzle made by an earlier generator
    (``LEGACY_TILES``), ``catalog`` with the tile designs that generator drew from, so that a published puzzle
    reads and grades exactly as it did."""
    generator = puzzle.get("generator") if isinstance(puzzle, dict) else None
    seed = generator.get("seed") if isinstance(generator, dict) else None
    if isinstance(seed, str) and seed in LEGACY_TILES:
        return catalog.with_tiles(_legacy_designs(LEGACY_TILES[seed]))
    return catalog


def hand_tiles(puzzle: dict, catalog: Catalog) -> tuple[Tile, ...]:
    """The hand's catalog tiles, checked against the shapes the puzzle carries.

    Raises ``PuzzleError`` for a malformed hand, an unknown tile, a tile twice, or a tile whose catalog
    map or building differs from the puzzle's (the catalog changed since the puzzle was generated)."""
    hand = json_field(puzzle, "hand", list, "puzzle")
    tiles: list[Tile] = []
    for i, entry in enumerate(hand):
        tile_id = json_field(entry, "tile", str, f"puzzle.hand[{i}]")
        try:
            tile = catalog.tile(tile_id)
        except KeyError:
            raise PuzzleError(f"puzzle.hand[{i}]: unknown tile {tile_id!r}") from None
        if entry.get("shape", tile.shape_text) != tile.shape_text or entry.get("building", tile.building) != tile.building:
            raise PuzzleError(f"puzzle.hand[{i}]: tile {tile_id} differs from the catalog's (the catalog changed)")
        if any(t.id == tile_id for t in tiles):
            raise PuzzleError(f"puzzle.hand[{i}]: tile {tile_id} is in the hand twice")
        tiles.append(tile)
    return tuple(tiles)


def puzzle_position(puzzle: dict, catalog: Catalog | None = None) -> PlanPosition:
    """The points-only planning position of a puzzle (``positional=False``): its board, hand, year,
    bullets, mining marker, contracts, cowpokes left and paid buildings, with the solo scoreboard.

    Raises ``PuzzleError`` for anything malformed (see ``position_json`` for the shape)."""
    catalog = puzzle_catalog(puzzle, catalog or load_catalog())
    where = "puzzle.position"
    data = json_field(puzzle, "position", dict, "puzzle")
    board = json_field(data, "board", dict, where)
    try:
        settlement = Settlement.from_json(board, catalog)
    except IllegalPlacement as exc:
        raise PuzzleError(f"{where}.board: a placed tile is illegal ({exc})") from None
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise PuzzleError(f"{where}.board is malformed or names an unknown side or tile ({exc!r})") from None
    track = len(catalog.mining_track) - 1
    contracts: dict[int, tuple[str, bool]] = {}
    kinds = {c.kind for c in catalog.scoreboard.contracts}
    for i, entry in enumerate(json_field(data, "contracts", list, where)):
        at = f"{where}.contracts[{i}]"
        kind, size = json_field(entry, "kind", str, at), json_field(entry, "size", int, at)
        if kind not in kinds or size not in catalog.scoreboard.contract_sizes or size in contracts:
            raise PuzzleError(f"{at}: unknown kind {kind!r} or size {size} (or a size twice)")
        contracts[size] = (kind, not json_field(entry, "flipped", bool, at))
    if sorted(contracts) != sorted(catalog.scoreboard.contract_sizes):
        raise PuzzleError(f"{where}.contracts must give sizes {list(catalog.scoreboard.contract_sizes)}")
    paid = json_field(data, "paid_buildings", list, where)
    if not all(isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(settlement.tiles) for i in paid):
        raise PuzzleError(f"{where}.paid_buildings must be indexes of the board's tiles")
    json_int(data, "gold", where, 0, 10**6)
    side = getattr(catalog.scoreboard, SCOREBOARD_SIDE)
    return PlanPosition(
        settlement, hand_tiles(puzzle, catalog),
        year=json_int(data, "year", where, 1, 4), mining=json_int(data, "mining", where, 0, track),
        second_partner=json_field(data, "second_partner", bool, where), triggered=frozenset(paid),
        town_bonus=side.town_bonus, catalog=catalog, wrangle_points=dict(side.wrangle_points), contracts=contracts,
        cowpokes_left=json_int(data, "cowpokes_left", where, 0, 10**6), bullets=json_int(data, "bullets", where, 0, 10**6),
        positional=False)
