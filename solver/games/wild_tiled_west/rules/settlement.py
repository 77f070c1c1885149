"""A settlement board in play: which tile covers each space, and the tokens on it.

Coordinates are ``(row, col)``, 0-based, row 0 at the top.  Placing a tile goes through the
placement rules (``solver.games.wild_tiled_west.rules.placement``); an illegal placement raises ``IllegalPlacement`` and
leaves the settlement exactly as it was.

Source: rulebook, Drafting a tile (placement rules), Tussle / Hill bandits, Wrangling (cowpokes),
Sheriffs and bandits (tombstones).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from solver.games.wild_tiled_west.components.geometry import Coord, Grid, Orientation, grid
from solver.games.wild_tiled_west.components.values import BoardSide, Icon, SpaceKind, Terrain, Tile, TileCell
from solver.games.wild_tiled_west.rules.placement import Placement, PlacementCheck, check_placement

if TYPE_CHECKING:
    from solver.games.wild_tiled_west.components.values import Catalog


@dataclass(frozen=True)
class PlacedTile:
    """A tile on the board: the placement, the tile and the squares it covers.

    ``root`` marks a tile that needed no connection (a tile placed on a rooted space such as the
    House in Danger's house site or Signpost's third signpost)."""

    placement: Placement
    tile: Tile
    squares: tuple[tuple[Coord, TileCell], ...]
    root: bool = False


class IllegalPlacement(ValueError):
    """A placement broke a rule; ``check`` says which rule and where.  Nothing was changed."""

    def __init__(self, check: PlacementCheck):
        self.check = check
        super().__init__(check.message)


class Settlement:
    """One player's settlement board in play.

    Holds the printed side, the tiles placed in order, and the tokens: hill bandits (on hills),
    cowpokes (on pasture squares) and tombstones (on shot bandits' squares).  Bit masks of the
    board (``Grid``) keep the placement rules fast: ``blocked`` (spaces no tile may cover),
    ``alley_only`` (spaces only an alley may cover), ``connects`` (printed fields and cows, which
    carry the connection), ``covered`` and ``region`` (the settlement: every tile and the printed
    fields and cows joined to them through shared edges).
    """

    def __init__(self, side: BoardSide):
        self.side = side
        self.grid: Grid = grid(side.height, side.width)
        g = self.grid
        spaces = [(r, c, side.space(r, c)) for r in range(side.height) for c in range(side.width)]
        self.blocked = g.mask((r, c) for r, c, s in spaces if not s.coverable)
        self.alley_only = g.mask((r, c) for r, c, s in spaces if s.alley_only)
        self.connects = g.mask((r, c) for r, c, s in spaces if s.connects)
        self.start = g.mask((r, c) for r, c, s in spaces if s.kind is SpaceKind.START)
        #: printed squares that block a sheriff's shot (cows, hills, mines: Sheriffs and bandits)
        self.printed_blockers = g.mask((r, c) for r, c, s in spaces if s.kind in (SpaceKind.COW, SpaceKind.HILL, SpaceKind.MINE))
        self.printed_cows = g.mask((r, c) for r, c, s in spaces if s.kind is SpaceKind.COW)
        self.hills = g.mask((r, c) for r, c, s in spaces if s.kind is SpaceKind.HILL)
        self.covered = 0
        #: squares of placed tiles by what they show (field, cow, building, bandit, sheriff)
        self.tile_fields = 0
        self.tile_cows = 0
        self.tile_buildings = 0
        self.tile_bandits = 0
        self.tile_sheriffs = 0
        self.region = 0
        self.tiles: list[PlacedTile] = []
        self.cover: list[list[int]] = [[-1] * side.width for _ in range(side.height)]
        self.hill_bandits: set[Coord] = set()
        self.cowpokes: set[Coord] = set()
        self.tombstones: set[Coord] = set()
        #: tombstones a later tile was placed over (docs/rulings.md R38): they still score, but no longer
        #: mark their square (a bandit on the new tile there is a new, unshot bandit)
        self.buried_tombstones: list[Coord] = []

    # --- reading --------------------------------------------------------------------------

    @property
    def height(self) -> int:
        """Rows of the board."""
        return self.side.height

    @property
    def width(self) -> int:
        """Columns of the board."""
        return self.side.width

    def tile_at(self, row: int, col: int) -> PlacedTile | None:
        """The placed tile covering ``(row, col)``, or ``None``."""
        i = self.cover[row][col]
        return self.tiles[i] if i >= 0 else None

    def cell_at(self, row: int, col: int) -> TileCell | None:
        """The tile square covering ``(row, col)``, or ``None`` when uncovered."""
        placed = self.tile_at(row, col)
        if placed is None:
            return None
        for rc, cell in placed.squares:
            if rc == (row, col):
                return cell
        raise AssertionError("cover grid and tile squares disagree")

    @property
    def fields(self) -> int:
        """Mask of every field square: printed fields and cows, and field squares of tiles (Wrangling)."""
        return self.connects | self.tile_fields

    @property
    def cows(self) -> int:
        """Mask of every cow: printed cows and cows on tiles."""
        return self.printed_cows | self.tile_cows

    @property
    def open(self) -> int:
        """Mask of uncovered spaces a tile could still cover (printed terrain allowing)."""
        return self.grid.full & ~self.blocked & ~self.covered

    @property
    def tombstone_count(self) -> int:
        """Every tombstone on the board, buried under a later tile or not (each scores at the Endgame)."""
        return len(self.tombstones) + len(self.buried_tombstones)

    def open_spaces(self) -> list[Coord]:
        """Uncovered spaces a tile could still cover (printed terrain allowing), reading order."""
        return self.grid.squares(self.grid.full & ~self.blocked & ~self.covered)

    # --- changing -------------------------------------------------------------------------

    def place(self, tile: Tile, orientation: int, row: int, col: int, *, rooted_on: Coord | None = None) -> PlacedTile:
        """Place ``tile`` in orientation ``orientation`` anchored at ``(row, col)``.

        ``rooted_on``: the tile must cover that space and needs no connection (House in Danger's
        set-aside building on the house site; Signpost's General Store on signpost 3).
        Raises ``IllegalPlacement`` (with the rule broken) and changes nothing when illegal.
        Source: rulebook, Drafting a tile (placement rules).
        """
        check = check_placement(self, tile, orientation, row, col, rooted_on=rooted_on)
        if not check.legal:
            raise IllegalPlacement(check)
        orient: Orientation[TileCell] = tile.orientations[orientation]
        squares = tuple(((row + r, col + c), cell) for (r, c), cell in orient.cells)
        placed = PlacedTile(Placement(tile.id, orientation, row, col), tile, squares, rooted_on is not None)
        mask = self.grid.mask(rc for rc, _ in squares)
        index = len(self.tiles)
        self.tiles.append(placed)
        for (r, c), _ in squares:
            self.cover[r][c] = index
        self.covered |= mask
        self.region = self.grid.flood(self.region | mask, self.covered | self.connects)
        for rc, _ in squares:
            if rc in self.tombstones:
                self.tombstones.discard(rc)
                self.buried_tombstones.append(rc)
        g = self.grid
        for (r, c), cell in squares:
            bit = g.bit(r, c)
            if cell.terrain is Terrain.FIELD:
                self.tile_fields |= bit
            elif cell.terrain is Terrain.BUILDING:
                self.tile_buildings |= bit
            if cell.icon is Icon.COW:
                self.tile_cows |= bit
            elif cell.icon is Icon.BANDIT:
                self.tile_bandits |= bit
            elif cell.icon is Icon.SHERIFF:
                self.tile_sheriffs |= bit
        return placed

    def add_hill_bandit(self, row: int, col: int) -> None:
        """Put a hill bandit on the unoccupied hill ``(row, col)``.

        Raises ``ValueError`` if the space is not a hill or already holds a hill bandit.
        Source: rulebook, Tussle / Hill bandits.
        """
        if not self.grid.contains(row, col) or self.side.space(row, col).kind is not SpaceKind.HILL:
            raise ValueError(f"({row}, {col}) is not a hill: hill bandits go on hill spaces")
        if (row, col) in self.hill_bandits:
            raise ValueError(f"the hill at ({row}, {col}) already has a hill bandit")
        self.hill_bandits.add((row, col))

    def copy(self) -> Settlement:
        """An independent copy (tiles and components are shared, being immutable)."""
        other = Settlement.__new__(Settlement)
        other.__dict__.update(self.__dict__)
        other.tiles = list(self.tiles)
        other.cover = [list(r) for r in self.cover]
        other.hill_bandits = set(self.hill_bandits)
        other.cowpokes = set(self.cowpokes)
        other.tombstones = set(self.tombstones)
        other.buried_tombstones = list(self.buried_tombstones)
        return other

    # --- serialising ------------------------------------------------------------------------

    def to_json(self) -> dict[str, object]:
        """Plain JSON data: side id, placements in order (with ``root``) and token squares."""
        return {
            "side": self.side.id,
            "tiles": [{**p.placement.to_json(), "root": p.root} for p in self.tiles],
            "hill_bandits": sorted(list(rc) for rc in self.hill_bandits),
            "cowpokes": sorted(list(rc) for rc in self.cowpokes),
            "tombstones": sorted(list(rc) for rc in self.tombstones),
            "buried_tombstones": [list(rc) for rc in self.buried_tombstones],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], catalog: Catalog) -> Settlement:
        """Rebuild from ``to_json`` data, replaying every placement through the rules.

        Raises ``KeyError`` for an unknown side or tile and ``IllegalPlacement`` for an illegal one.
        """
        settlement = cls(catalog.board_side(data["side"]))
        for p in data["tiles"]:
            tile = catalog.tile(p["tile"])
            rooted = None
            if p.get("root"):
                orient = tile.orientations[p["orientation"]]
                rooted = (p["row"] + orient.offsets[0][0], p["col"] + orient.offsets[0][1])
            settlement.place(tile, p["orientation"], p["row"], p["col"], rooted_on=rooted)
        for r, c in data.get("hill_bandits", []):
            settlement.add_hill_bandit(r, c)
        settlement.cowpokes = {tuple(rc) for rc in data.get("cowpokes", [])}
        settlement.tombstones = {tuple(rc) for rc in data.get("tombstones", [])}
        settlement.buried_tombstones = [tuple(rc) for rc in data.get("buried_tombstones", [])]
        return settlement
