"""Where a tile may go: the placement rules, with the precise reason when a placement is illegal,
and a fast enumeration of every legal placement.

Source: rulebook, Drafting a tile (placement rules):

- The first tile you place each game must cover the X.
- Tiles cannot cover cows, fields, hills, or mines on your settlement board.
- They cannot overlap the edge of your settlement board or each other.
- They may be flipped and/or rotated into any orientation.
- All tiles except the first must be connected to your starting tile, directly or through an
  unbroken series of connected tiles (sharing an edge, not a corner).  Each cow and field printed
  on the board is also connected to any tile sharing a side with it, and a connection can continue
  through them.  Hill bandits are not tiles and carry no connection (Tussle / Hill bandits).

Wild-side additions (reconstructed, docs/rulings.md): pocket aces cannot be covered; a dry creek
space may be covered only by an alley; a rooted placement (House in Danger's building, Signpost's
General Store) must cover its space and needs no connection.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Protocol, cast

from solver.games.wild_tiled_west.components.geometry import Coord, Grid, anchor_masks
from solver.games.wild_tiled_west.components.texts import N_, _
from solver.games.wild_tiled_west.components.values import BoardSide, SpaceKind, Tile


class _Placed(Protocol):
    @property
    def tile(self) -> Tile: ...


class SettlementBoard(Protocol):
    """What the placement rules read of a settlement board in play (``solver.games.wild_tiled_west.rules.settlement.Settlement``, which
    calls them when a tile is placed): the printed side and its grid, which tile covers each square (``cover``:
    the tile's index, -1 for none), the tiles placed, and the bit masks of blocked, alley-only and covered
    squares, of the settlement (``region``) and of the start space (``start``)."""

    side: BoardSide
    grid: Grid
    cover: list[list[int]]
    blocked: int
    alley_only: int
    covered: int
    region: int
    start: int

    @property
    def tiles(self) -> Sequence[_Placed]: ...

    @property
    def height(self) -> int: ...

    @property
    def width(self) -> int: ...

    def tile_at(self, row: int, col: int) -> _Placed | None: ...


@dataclass(frozen=True)
class Placement:
    """Where a tile goes: its orientation index (``Tile.orientations``) and the anchor
    ``(row, col)`` of the orientation's bounding box's top-left square."""

    tile_id: str
    orientation: int
    row: int
    col: int

    def to_json(self) -> dict[str, object]:
        """``{"tile": id, "orientation": i, "row": r, "col": c}``."""
        return {"tile": self.tile_id, "orientation": self.orientation, "row": self.row, "col": self.col}


class PlacementRule(str, Enum):
    """The rule an illegal placement breaks (its value is the code used in the HTTP API)."""

    UNKNOWN_ORIENTATION = "unknown_orientation"
    OFF_BOARD = "off_board"
    OVERLAP = "overlap"
    COVERS_COW = "covers_cow"
    COVERS_FIELD = "covers_field"
    COVERS_HILL = "covers_hill"
    COVERS_MINE = "covers_mine"
    COVERS_POCKET_ACE = "covers_pocket_ace"
    COVERS_CREEK = "covers_creek"
    FIRST_TILE_OFF_X = "first_tile_off_x"
    NO_START_SPACE = "no_start_space"
    NOT_CONNECTED = "not_connected"
    OFF_ROOT_SPACE = "off_root_space"


_PRINTED = {
    SpaceKind.COW: (PlacementRule.COVERS_COW, N_("a tile cannot cover a cow printed on the settlement board")),
    SpaceKind.FIELD: (PlacementRule.COVERS_FIELD, N_("a tile cannot cover a field printed on the settlement board")),
    SpaceKind.HILL: (PlacementRule.COVERS_HILL, N_("a tile cannot cover a hill")),
    SpaceKind.MINE: (PlacementRule.COVERS_MINE, N_("a tile cannot cover a mine")),
    SpaceKind.POCKET_ACE: (PlacementRule.COVERS_POCKET_ACE, N_("a tile cannot cover a pocket ace")),
}


@dataclass(frozen=True)
class PlacementCheck:
    """The verdict on one placement: ``legal``, else the ``rule`` broken, the first offending
    ``cell`` ``(row, col)`` (``None`` when the rule is about the whole tile) and a readable
    ``message`` citing the rule."""

    legal: bool
    rule: PlacementRule | None = None
    cell: Coord | None = None
    message: str = "legal"

    def __bool__(self) -> bool:
        return self.legal

    def to_json(self) -> dict[str, object]:
        """``{"legal", "rule", "cell", "message"}`` for the HTTP API."""
        return {"legal": self.legal, "rule": self.rule.value if self.rule else None,
                "cell": list(self.cell) if self.cell else None, "message": self.message}


LEGAL = PlacementCheck(True)


def _illegal(rule: PlacementRule, cell: Coord | None, message: str) -> PlacementCheck:
    """The verdict breaking ``rule``, its ``message`` (in the caller's language: ``components.texts``) said where:
    the square ``cell`` ``(row, col)`` (0-based) in a player's words, counted from 1 as the page counts them."""
    where = _(" at row {row}, column {col}").format(row=cell[0] + 1, col=cell[1] + 1) if cell else ""
    return PlacementCheck(False, rule, cell, f"{message}{where}")


def check_placement(settlement: SettlementBoard, tile: Tile, orientation: int, row: int, col: int, *,
                    rooted_on: Coord | None = None) -> PlacementCheck:
    """Check placing ``tile`` in ``orientation`` anchored at ``(row, col)`` on ``settlement``.

    Returns ``LEGAL`` or the first rule broken, checked in this order: the orientation exists;
    every square is on the board; no square overlaps a tile; no square covers printed terrain
    a tile cannot cover (cow, field, hill, mine, pocket ace; creek unless an alley); then the
    first tile covers the X, or a later tile shares an edge with the settlement.  With
    ``rooted_on`` the tile must cover that space instead and needs no connection.
    Never raises for bad input; never changes the settlement.
    """
    if not isinstance(orientation, int) or not 0 <= orientation < len(tile.orientations):
        return _illegal(PlacementRule.UNKNOWN_ORIENTATION, None,
                        _("this tile has orientations 0 to {last}, not {orientation!r}").format(
                            last=len(tile.orientations) - 1, orientation=orientation))
    squares = tile.orientations[orientation].squares_at(row, col)
    g = settlement.grid
    for r, c in squares:
        if not g.contains(r, c):
            return _illegal(PlacementRule.OFF_BOARD, (r, c), _("a tile cannot overlap the edge of the settlement board"))
    for r, c in squares:
        if settlement.cover[r][c] >= 0:
            placed = settlement.tile_at(r, c)
            assert placed is not None  # the square is covered
            return _illegal(PlacementRule.OVERLAP, (r, c), _("a tile cannot overlap another tile"))
    for r, c in squares:
        kind = settlement.side.space(r, c).kind
        if kind in _PRINTED:
            rule, text = _PRINTED[kind]
            return _illegal(rule, (r, c), _(text))
        if kind is SpaceKind.CREEK and not tile.is_alley:
            return _illegal(PlacementRule.COVERS_CREEK, (r, c), _("only an alley may cover a dry creek space"))
    mask = g.mask(squares)
    if rooted_on is not None:
        if tuple(rooted_on) not in squares:
            return _illegal(PlacementRule.OFF_ROOT_SPACE, cast(Coord, tuple(rooted_on)),  # tuple(): a list from JSON
                            _("the tile must cover its space"))
        return LEGAL
    if not settlement.tiles:
        if not settlement.start:
            return _illegal(PlacementRule.NO_START_SPACE, None,
                            _("this board has no X: the set-aside building must be placed first"))
        if not mask & settlement.start:
            return _illegal(PlacementRule.FIRST_TILE_OFF_X, g.squares(settlement.start)[0],
                            _("the first tile must cover the X start space"))
        return LEGAL
    if not mask & g.neighbours(settlement.region):
        return _illegal(PlacementRule.NOT_CONNECTED, None,
                        _("a tile must share an edge with the settlement (a tile, or a printed field or cow joined to "
                          "it)"))
    return LEGAL


def _targets(settlement: SettlementBoard, tile: Tile) -> tuple[int, int]:
    """``(forbidden, target)`` masks: spaces the tile may not cover, and spaces it must touch
    (the settlement's neighbours) or, for the first tile, cover (the X)."""
    forbidden = settlement.blocked | settlement.covered
    if not tile.is_alley:
        forbidden |= settlement.alley_only
    target = settlement.grid.neighbours(settlement.region) if settlement.tiles else settlement.start
    return forbidden, target


def has_legal_placement(settlement: SettlementBoard, tile: Tile) -> bool:
    """True when ``legal_placements(settlement, tile)`` is not empty (stops at the first one)."""
    forbidden, target = _targets(settlement, tile)
    if not target:
        return False
    h, w = settlement.height, settlement.width
    for orient in tile.orientations:
        for _row, _col, mask in anchor_masks(h, w, orient.offsets):
            if mask & target and not mask & forbidden:
                return True
    return False


def legal_placements(settlement: SettlementBoard, tile: Tile) -> list[Placement]:
    """Every legal placement of ``tile`` on ``settlement`` (not rooted), in order of orientation
    index, then anchor row, then anchor column.

    Equal to scanning every orientation and anchor through ``check_placement`` (a property test
    shows it), but works on bit masks: an anchor is legal when its mask avoids the forbidden
    spaces and touches the settlement (or, for the first tile, covers the X).
    """
    forbidden, target = _targets(settlement, tile)
    if not target:
        return []
    h, w = settlement.height, settlement.width
    out = []
    for orient in tile.orientations:
        index = orient.index
        for row, col, mask in anchor_masks(h, w, orient.offsets):
            if mask & target and not mask & forbidden:
                out.append(Placement(tile.id, index, row, col))
    return out
