"""The components of Wild Tiled West as plain, immutable data.

The values come from the data files under ``solver/games/wild_tiled_west/components/data`` (loaded and validated by
``solver.games.wild_tiled_west.components.catalog``); this module defines only their shapes and the two map legends (tile cells and
settlement-board spaces) described in ``docs/data-format.md``.

Coordinates are ``(row, col)``, 0-based, row 0 at the top.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from functools import cached_property
from typing import Literal, TypedDict

from solver.games.wild_tiled_west.components.geometry import STEPS, Orientation, grid, orientations
from solver.games.wild_tiled_west.components.provenance import Sourced


class Suit(str, Enum):
    """The four ace suits (rulebook: Scoring points / Aces)."""

    SPADES = "spades"
    HEARTS = "hearts"
    CLUBS = "clubs"
    DIAMONDS = "diamonds"


SUIT_SYMBOLS: dict[str, Suit] = {"♠": Suit.SPADES, "♥": Suit.HEARTS, "♣": Suit.CLUBS, "♦": Suit.DIAMONDS}


class Terrain(str, Enum):
    """What a tile square shows (rulebook: Sheriffs and bandits: tan streets, green fields, buildings)."""

    STREET = "street"
    FIELD = "field"
    BUILDING = "building"


class Icon(str, Enum):
    """An icon printed on a tile square or a settlement-board space."""

    COW = "cow"
    BANDIT = "bandit"
    SHERIFF = "sheriff"
    ACE = "ace"
    GOLD = "gold"
    BULLET = "bullet"
    ALLEY = "alley"


@dataclass(frozen=True)
class TileCell:
    """One square of a tile: its terrain, its icon (if any), the ace suit and whether it is a
    square of the tile's named building (``#``) rather than a plain house (``h``)."""

    char: str
    terrain: Terrain
    icon: Icon | None = None
    suit: Suit | None = None
    named_building: bool = False


def _tile_legend() -> dict[str, TileCell]:
    legend = {
        ".": TileCell(".", Terrain.STREET),
        "f": TileCell("f", Terrain.FIELD),
        "c": TileCell("c", Terrain.FIELD, Icon.COW),
        "#": TileCell("#", Terrain.BUILDING, named_building=True),
        "h": TileCell("h", Terrain.BUILDING),
        "b": TileCell("b", Terrain.STREET, Icon.BANDIT),
        "s": TileCell("s", Terrain.STREET, Icon.SHERIFF),
        "$": TileCell("$", Terrain.STREET, Icon.GOLD),
        "*": TileCell("*", Terrain.STREET, Icon.BULLET),
        "=": TileCell("=", Terrain.STREET, Icon.ALLEY),
    }
    for symbol, suit in SUIT_SYMBOLS.items():
        legend[symbol] = TileCell(symbol, Terrain.STREET, Icon.ACE, suit)
    return legend


#: Tile map legend: one character per square (docs/data-format.md, "tiles.toml").
TILE_LEGEND: dict[str, TileCell] = _tile_legend()


class SpaceKind(str, Enum):
    """What is printed on one settlement-board space (docs/data-format.md, board map legend)."""

    EMPTY = "empty"
    START = "start"  #: the X: the first tile must cover it
    FIELD = "field"
    COW = "cow"
    HILL = "hill"
    MINE = "mine"
    PICKAXE = "pickaxe"
    HORSESHOE = "horseshoe"
    BANDIT = "bandit"
    GOLD = "gold"
    BULLET = "bullet"
    ALLEY = "alley"
    TOWN = "town"
    HOUSE_SITE = "house_site"  #: House in Danger
    SIGNPOST = "signpost"  #: Signpost (1, 2, 3)
    POCKET_ACE = "pocket_ace"  #: Pocket Aces (one per suit)
    ACE_CARD = "ace_card"  #: Pocket Aces: cover it to take an ace card
    ROPE = "rope"  #: Rope Trick
    CREEK = "creek"  #: Dry Creek: only an alley may cover it


@dataclass(frozen=True)
class Space:
    """The meaning of one board-map character.

    ``coverable``: a tile may cover it (rulebook: Drafting a tile, placement rules: no cows,
    fields, hills or mines). ``alley_only``: only an alley may cover it (Dry Creek, reconstructed).
    ``connects``: a printed field or cow, which carries the connection between tiles.
    """

    char: str
    kind: SpaceKind
    coverable: bool = True
    alley_only: bool = False
    connects: bool = False
    suit: Suit | None = None
    number: int | None = None  #: signpost number
    town: str | None = None  #: town letter

    @property
    def wild_only(self) -> bool:
        """True for the special spaces that only wild sides print."""
        return self.kind in WILD_SPACE_KINDS


WILD_SPACE_KINDS = frozenset(
    {SpaceKind.HOUSE_SITE, SpaceKind.SIGNPOST, SpaceKind.POCKET_ACE, SpaceKind.ACE_CARD, SpaceKind.ROPE, SpaceKind.CREEK}
)

#: Town plot letters: uppercase, except the two uppercase letters the legend already uses.
TOWN_LETTERS = "ABCDEFGHIJKLNOPQRSTUVW"


def _board_legend() -> dict[str, Space]:
    legend = {
        ".": Space(".", SpaceKind.EMPTY),
        "X": Space("X", SpaceKind.START),
        "f": Space("f", SpaceKind.FIELD, coverable=False, connects=True),
        "c": Space("c", SpaceKind.COW, coverable=False, connects=True),
        "^": Space("^", SpaceKind.HILL, coverable=False),
        "M": Space("M", SpaceKind.MINE, coverable=False),
        "p": Space("p", SpaceKind.PICKAXE),
        "u": Space("u", SpaceKind.HORSESHOE),
        "b": Space("b", SpaceKind.BANDIT),
        "$": Space("$", SpaceKind.GOLD),
        "*": Space("*", SpaceKind.BULLET),
        "=": Space("=", SpaceKind.ALLEY),
        "+": Space("+", SpaceKind.HOUSE_SITE),
        "a": Space("a", SpaceKind.ACE_CARD),
        "o": Space("o", SpaceKind.ROPE),
        "~": Space("~", SpaceKind.CREEK, alley_only=True),
    }
    for n in "123":
        legend[n] = Space(n, SpaceKind.SIGNPOST, number=int(n))
    for symbol, suit in SUIT_SYMBOLS.items():
        legend[symbol] = Space(symbol, SpaceKind.POCKET_ACE, coverable=False, suit=suit)
    for letter in TOWN_LETTERS:
        legend[letter] = Space(letter, SpaceKind.TOWN, town=letter)
    return legend


#: Board map legend: one character per space (docs/data-format.md, "boards/*.toml").
BOARD_LEGEND: dict[str, Space] = _board_legend()


def _amount(amounts: dict[str, int], key: str, missing: str) -> int:
    """``amounts[key]``, or ``KeyError(missing)`` naming the entry and its data file."""
    if key not in amounts:
        raise KeyError(missing)
    return amounts[key]


@dataclass(frozen=True)
class Building:
    """One of the 14 buildings of the Building Guide; ``sign`` is white, red, pink or yellow;
    ``amounts`` are the numbers of its text the engine uses (``{"gold": 3}`` for the Bank: gold, points,
    bullets, pickaxes, alleys, sheriffs, ace cards, or points per cow or tombstone)."""

    name: str
    sign: str
    text: str
    provenance: Sourced
    amounts: dict[str, int] = field(default_factory=dict)

    def amount(self, key: str) -> int:
        """The amount ``key`` of the building's text (``Bank.amount("gold")`` is 3); raises ``KeyError``
        naming the building when its data has no such amount."""
        return _amount(self.amounts, key, f"{self.name} has no amount {key!r} in buildings.toml")


@dataclass(frozen=True)
class Tile:
    """A tile type, or one copy of it: its squares as ``((row, col), TileCell)`` normalised so the smallest
    row and column are 0, and the name of its building (``None`` for tiles without one).

    The trays hold 40 types in 2 or 3 copies each (rulebook: Setup, Solo play / Setup; docs/rulings.md R10).
    A type's ``id`` is ``"t07"`` and ``copy`` is ``None``; its copies are ``"t07#1"`` .. ``"t07#<copies>"``
    with ``copy`` 1, 2, ... (copy 1 on top of the stack).  ``stack`` is the ``(tray, row, col)`` slot its copies
    sit in (``None`` for the alley and hand-made tiles).
    """

    id: str
    cells: tuple[tuple[tuple[int, int], TileCell], ...]
    building: str | None
    provenance: Sourced
    stack: tuple[str, int, int] | None = None
    copies: int = 1  #: copies of the type in the trays (2 or 3 for tray types)
    copy: int | None = None  #: which copy this is (1-based), ``None`` for the type itself

    @property
    def type_id(self) -> str:
        """The tile type's id: ``"t07"`` for ``"t07#2"`` and for ``"t07"``."""
        return self.id.partition("#")[0]

    @property
    def size(self) -> int:
        """Number of squares (cells)."""
        return len(self.cells)

    @property
    def is_alley(self) -> bool:
        """True for the 1-square alley from the supply."""
        return self.id == "alley"

    def count(self, icon: Icon) -> int:
        """How many squares show ``icon``."""
        return sum(1 for _, cell in self.cells if cell.icon is icon)

    @property
    def shape_text(self) -> str:
        """The tile's map in the data-file legend (spaces where the tile has no square)."""
        rows = 1 + max(r for (r, _), _ in self.cells)
        cols = 1 + max(c for (_, c), _ in self.cells)
        grid = [[" "] * cols for _ in range(rows)]
        for (r, c), cell in self.cells:
            grid[r][c] = cell.char
        return "\n".join("".join(row).rstrip() for row in grid)

    @cached_property
    def orientations(self) -> tuple[Orientation[TileCell], ...]:
        """Every distinct orientation (rotations and flips), in a stable order (solver.games.wild_tiled_west.components.geometry)."""
        return orientations(self.cells)


@dataclass(frozen=True)
class Town:
    """A town plot: its letter on the map, name, sign points and squares."""

    letter: str
    name: str
    points: int
    squares: tuple[tuple[int, int], ...]
    provenance: Sourced


@dataclass(frozen=True)
class BoardSide:
    """One side of a settlement board: ``normal`` or ``wild`` (with its ``rule`` key and stars).

    ``rows`` is the text map, one string per row, one character per space (``BOARD_LEGEND``).
    """

    board_id: str
    side: str
    rows: tuple[str, ...]
    towns: tuple[Town, ...]
    provenance: Sourced
    rule: str | None = None
    stars: int | None = None

    @property
    def id(self) -> str:
        """``<board id>/<side>``, e.g. ``lone-star-flats/normal``."""
        return f"{self.board_id}/{self.side}"

    @property
    def height(self) -> int:
        """Number of rows."""
        return len(self.rows)

    @property
    def width(self) -> int:
        """Number of columns."""
        return len(self.rows[0])

    def space(self, row: int, col: int) -> Space:
        """What is printed on ``(row, col)``."""
        return BOARD_LEGEND[self.rows[row][col]]

    @cached_property
    def _squares_by_kind(self) -> dict[SpaceKind, tuple[tuple[int, int], ...]]:
        out: dict[SpaceKind, list[tuple[int, int]]] = {}
        for r, line in enumerate(self.rows):
            for c, ch in enumerate(line):
                out.setdefault(BOARD_LEGEND[ch].kind, []).append((r, c))
        return {k: tuple(v) for k, v in out.items()}

    def squares(self, kind: SpaceKind) -> list[tuple[int, int]]:
        """Every ``(row, col)`` printed with ``kind``, in reading order."""
        return list(self._squares_by_kind.get(kind, ()))

    @cached_property
    def _masks_by_kind(self) -> dict[SpaceKind, int]:
        board = grid(self.height, self.width)
        return {kind: board.mask(squares) for kind, squares in self._squares_by_kind.items()}

    def kind_mask(self, kind: SpaceKind) -> int:
        """The squares printed with ``kind`` as a ``geometry.Grid`` mask of this side's size, 0 when the side prints
        none."""
        return self._masks_by_kind.get(kind, 0)

    def count(self, kind: SpaceKind) -> int:
        """How many spaces show ``kind``."""
        return len(self.squares(kind))

    def pickaxe_mines(self) -> dict[tuple[int, int], tuple[int, int]]:
        """Each pickaxe ``(row, col)`` and the mine ``(row, col)`` it claims: the one orthogonally
        adjacent mine (the loader checks there is exactly one).  Source: rulebook, Scoring points /
        Mining ("you have claimed the adjacent mine")."""
        out = {}
        for r, c in self.squares(SpaceKind.PICKAXE):
            for dr, dc in STEPS:
                rr, cc = r + dr, c + dc
                if 0 <= rr < self.height and 0 <= cc < self.width and self.space(rr, cc).kind is SpaceKind.MINE:
                    out[(r, c)] = (rr, cc)
        return out

    @property
    def start(self) -> tuple[int, int] | None:
        """The X start space, or ``None`` (House in Danger has none)."""
        found = self.squares(SpaceKind.START)
        return found[0] if found else None


@dataclass(frozen=True)
class Board:
    """A double-sided settlement board."""

    id: str
    name: str
    normal: BoardSide
    wild: BoardSide
    provenance: Sourced

    @property
    def sides(self) -> tuple[BoardSide, BoardSide]:
        """``(normal, wild)``."""
        return (self.normal, self.wild)


@dataclass(frozen=True)
class TraySlot:
    """One stack slot of a combined tile tray: ``tray`` is ``left`` or ``right``; 5 rows x 4 columns,
    columns 1 and 2 are the river. ``cost`` in gold; ``stack`` lists tile ids, top tile first."""

    tray: str
    row: int
    col: int
    cost: int
    stack: tuple[str, ...]
    provenance: Sourced

    @property
    def on_river(self) -> bool:
        """True for the middle two columns (derived: components.md §3)."""
        return self.col in (1, 2)


@dataclass(frozen=True)
class PrairieSlot:
    """A prairie-die slot: the die drafts along ``row`` of ``tray`` from its ``end`` (left/right)."""

    number: int
    tray: str
    row: int
    end: str
    provenance: Sourced


@dataclass(frozen=True)
class RiverSlot:
    """A river-die slot: the die drafts along river column ``col`` of ``tray`` from ``end`` (top/bottom)."""

    number: int
    tray: str
    col: int
    end: str
    provenance: Sourced


@dataclass(frozen=True)
class Trays:
    """The two combined tile trays (``left``, ``right``) and the 20 prairie and 8 river slots."""

    rows: int
    cols: int
    slots: tuple[TraySlot, ...]
    prairie_slots: tuple[PrairieSlot, ...]
    river_slots: tuple[RiverSlot, ...]
    provenance: Sourced

    def slot(self, tray: str, row: int, col: int) -> TraySlot:
        """The slot at ``(row, col)`` of ``tray``; raises ``KeyError`` when there is none."""
        for s in self.slots:
            if (s.tray, s.row, s.col) == (tray, row, col):
                return s
        raise KeyError((tray, row, col))


@dataclass(frozen=True)
class CattleContract:
    """A cattle contract: ``kind`` (alleys, gold, bullets, points), its large and small rewards."""

    kind: str
    large: int
    small: int
    first_game_position: int
    provenance: Sourced


@dataclass(frozen=True)
class ScoreboardSide:
    """One side of the scoreboard (``multiplayer`` = 2+ players, or ``solo``).

    ``wrangle_points`` maps a wrangle size (3-7 cows) to points; ``town_bonus`` is Years 1-3;
    ``paw_rounds`` are the 1-based rounds whose space shows a paw (solo)."""

    name: str
    rounds_per_year: tuple[int, int, int, int]
    tussle_points: tuple[int, int, int, int]
    town_bonus: tuple[int, int, int]
    wrangle_points: dict[int, int]
    paw_rounds: tuple[int, ...]
    provenance: Sourced
    wrangle_provenance: Sourced


@dataclass(frozen=True)
class Scoreboard:
    """The double-sided scoreboard, the four cattle contracts, the contract spaces' wrangle sizes
    and the solo ranks (name, minimum points)."""

    multiplayer: ScoreboardSide
    solo: ScoreboardSide
    contracts: tuple[CattleContract, ...]
    contract_sizes: tuple[int, ...]
    contract_sizes_provenance: Sourced
    solo_ranks: tuple[tuple[str, int, Sourced], ...]


@dataclass(frozen=True)
class MiningSpace:
    """One space of the mining track, from the bottom: income (gold), endgame points, and whether
    reaching it grants a second partner."""

    income: int
    points: int
    partner: bool
    provenance: Sourced


class _PartnerConditionKeys(TypedDict):
    kind: Literal["per", "if_zero"]
    count: str  #: a key of ``solver.games.wild_tiled_west.components.catalog.PARTNER_COUNTS``
    points: int


class PartnerCondition(_PartnerConditionKeys, total=False):
    """A partner card's endgame condition (partners.toml): ``per`` scores ``points`` for every ``every`` (default
    1) of ``count``, at most ``max``; ``if_zero`` scores ``points`` when ``count`` is zero."""

    every: int
    max: int


@dataclass(frozen=True)
class PartnerCard:
    """A partner card and its endgame condition (``kind``: ``per`` or ``if_zero``; see partners.toml)."""

    id: str
    name: str
    text: str
    condition: PartnerCondition
    provenance: Sourced


@dataclass(frozen=True)
class BanditCard:
    """A solo bandit card: bandits, cows (left to right) and bullets it shows."""

    id: str
    bandits: int
    cows: int
    bullets: int
    provenance: Sourced


@dataclass(frozen=True)
class WildSide:
    """A wild-side rule set: key, name, difficulty stars, rule text, its special map characters
    and the building it sets aside (House in Danger, Signpost)."""

    key: str
    name: str
    stars: int
    text: str
    spaces: tuple[str, ...]
    building: str | None
    provenance: Sourced
    amounts: dict[str, int] = field(default_factory=dict)

    def amount(self, key: str) -> int:
        """The amount ``key`` of the side's text (``Rope Trick``: ``points``); raises ``KeyError``."""
        return _amount(self.amounts, key, f"wild side {self.key} has no amount {key!r} in wild_sides.toml")


@dataclass(frozen=True)
class Supply:
    """Supply counts (``counts``: name -> number), dice per player count (``dice``: players ->
    (prairie, river)) and the ace cards' suits."""

    counts: dict[str, int]
    dice: dict[int, tuple[int, int]]
    ace_cards: tuple[Suit, ...]
    provenance: Sourced
    dice_provenance: dict[int, Sourced]
    ace_card_provenance: tuple[Sourced, ...]


@dataclass(frozen=True)
class RuleNumbers:
    """Numbers the rulebook states in its text rather than on a component (``rules.toml``).

    Setup: ``starting_points`` (D4), ``dealt_partners`` and ``face_up_partners`` (E),
    ``three_player_last_seat_gold`` (F). Mining income: ``year4_gold`` and ``year4_pickaxes`` (Year 4's
    choice). Wrangling: ``min_cows``-``max_cows`` cows may be wrangled, ``contract_min_cows`` or more claim a
    cattle contract. Endgame: ``trailblazing_points`` per uncovered horseshoe (negative),
    ``tombstone_points`` per tombstone. Aces: ``ace_set_points`` maps a set's size (3, 4) to its points.
    ``provenance`` maps each section (``setup``, ``mining_income``, ...) to its sources."""

    starting_points: int
    dealt_partners: int
    face_up_partners: int
    three_player_last_seat_gold: int
    year4_gold: int
    year4_pickaxes: int
    min_cows: int
    max_cows: int
    contract_min_cows: int
    trailblazing_points: int
    tombstone_points: int
    ace_set_points: dict[int, int]
    provenance: dict[str, Sourced]


@dataclass(frozen=True)
class Catalog:
    """Every component of the game, loaded from ``solver/games/wild_tiled_west/components/data`` by ``solver.games.wild_tiled_west.components.catalog.load_catalog``.

    ``tiles`` are the 96 tray tiles, each a copy of one of the 40 ``tile_types`` (``"t07#2"`` of ``"t07"``), in
    id order; ``tile(id)`` finds a type or a copy (and ``"alley"``)."""

    tiles: tuple[Tile, ...]
    alley: Tile
    buildings: tuple[Building, ...]
    trays: Trays
    boards: tuple[Board, ...]
    scoreboard: Scoreboard
    mining_track: tuple[MiningSpace, ...]
    partners: tuple[PartnerCard, ...]
    bandit_cards: tuple[BanditCard, ...]
    bandit_ridge_bandits: int
    bandit_ridge_provenance: Sourced
    wild_sides: tuple[WildSide, ...]
    supply: Supply
    rule_numbers: RuleNumbers
    tile_types: tuple[Tile, ...] = ()
    _index: dict[str, object] = field(default_factory=dict, compare=False, repr=False)

    def with_extra(self, tiles: tuple[Tile, ...] = (), boards: tuple[Board, ...] = ()) -> Catalog:
        """A copy with hand-made ``tiles`` and ``boards`` added (test fixtures, puzzles); each extra tile is
        its own type, in no tray stack."""
        return replace(self, tiles=self.tiles + tuple(tiles), tile_types=self.tile_types + tuple(tiles),
                       boards=self.boards + tuple(boards), _index={})

    def with_tiles(self, tiles: tuple[Tile, ...]) -> Catalog:
        """A copy whose tiles are ``tiles`` only, each its own type (the designs an earlier puzzle generator used,
        ``puzzles.wild_tiled_west.position.puzzle_catalog``); the trays are unchanged and no longer match it."""
        return replace(self, tiles=tuple(tiles), tile_types=tuple(tiles), _index={})

    def _indexed(self) -> dict[str, object]:
        """Tiles, boards, buildings and wild sides by id (built once: the catalog is immutable)."""
        if not self._index:
            self._index.update({t.id: t for t in self.tile_types})
            self._index.update({t.id: t for t in self.tiles})
            self._index["alley"] = self.alley
            self._index.update({f"board:{b.id}": b for b in self.boards})
            self._index.update({f"building:{b.name}": b for b in self.buildings})
            self._index.update({f"wild:{w.key}": w for w in self.wild_sides})
        return self._index

    def tile(self, tile_id: str) -> Tile:
        """The tile type (``"t07"``) or tray tile (``"t07#2"``) with ``tile_id`` (``"alley"`` for the alley); raises
        ``KeyError`` (also for the index's other keys, ``"board:..."`` and the like)."""
        found = self._indexed().get(tile_id)
        if not isinstance(found, Tile):
            raise KeyError(tile_id)
        return found

    def board(self, board_id: str) -> Board:
        """The board with ``board_id``; raises ``KeyError``."""
        return self._indexed()[f"board:{board_id}"]  # type: ignore[return-value]

    def board_side(self, side_id: str) -> BoardSide:
        """A side by its id ``<board id>/<normal|wild>``; raises ``KeyError``."""
        board_id, _, side = side_id.partition("/")
        if side not in ("normal", "wild"):
            raise KeyError(side_id)
        return getattr(self.board(board_id), side)

    def building(self, name: str) -> Building:
        """The building named ``name``; raises ``KeyError``."""
        try:
            return self._indexed()[f"building:{name}"]  # type: ignore[return-value]
        except KeyError:
            raise KeyError(name) from None

    def wild_side(self, key: str) -> WildSide:
        """The wild-side rule set with ``key``; raises ``KeyError``."""
        try:
            return self._indexed()[f"wild:{key}"]  # type: ignore[return-value]
        except KeyError:
            raise KeyError(key) from None
