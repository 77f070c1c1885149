"""Grid geometry: tile orientations and bit-mask sets of board squares.

Coordinates are ``(row, col)``, 0-based, row 0 at the top.  A set of squares of a board of
``height x width`` is held as a Python ``int`` whose bit ``row * width + col`` is set for each
square in the set; ``Grid`` gives the operations the placement rules need (neighbours, flood
fill) in a handful of big-integer operations instead of per-square loops.

Source: rulebook, Drafting a tile ("They may be flipped and/or rotated into any orientation";
"Two tiles are connected if they share an edge (not a corner)").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Generic, TypeVar

T = TypeVar("T")
Coord = tuple[int, int]

#: The four orthogonal steps (up, down, left, right).
STEPS: tuple[Coord, ...] = ((-1, 0), (1, 0), (0, -1), (0, 1))


def normalise(cells: Iterable[tuple[Coord, T]]) -> tuple[tuple[Coord, T], ...]:
    """Shift squares so the smallest row and column are 0, and sort them in reading order."""
    cells = list(cells)
    r0 = min(r for (r, _), _ in cells)
    c0 = min(c for (_, c), _ in cells)
    return tuple(sorted((((r - r0, c - c0), v) for (r, c), v in cells), key=lambda x: x[0]))


def transform(cells: Iterable[tuple[Coord, T]], flipped: bool, turns: int) -> tuple[tuple[Coord, T], ...]:
    """Mirror left-right if ``flipped``, then turn ``turns`` quarter-turns clockwise; normalised."""
    out = []
    for (r, c), v in cells:
        if flipped:
            c = -c
        for _ in range(turns % 4):
            r, c = c, -r
        out.append(((r, c), v))
    return normalise(out)


@dataclass(frozen=True)
class Orientation(Generic[T]):
    """One orientation of a tile.

    ``index`` is stable: the position among the distinct orientations produced in the order
    (no flip, 0..3 quarter-turns clockwise), then (flipped, 0..3).  ``cells`` are
    ``((row, col), content)`` normalised to a top-left of ``(0, 0)``; ``height`` and ``width`` are
    the bounding box in squares.  An anchor ``(row, col)`` of a placement is where the bounding
    box's top-left square goes.
    """

    index: int
    flipped: bool
    turns: int
    cells: tuple[tuple[Coord, T], ...]

    @property
    def height(self) -> int:
        """Rows of the bounding box."""
        return 1 + max(r for (r, _), _ in self.cells)

    @property
    def width(self) -> int:
        """Columns of the bounding box."""
        return 1 + max(c for (_, c), _ in self.cells)

    @cached_property
    def offsets(self) -> tuple[Coord, ...]:
        """The squares' ``(row, col)`` relative to the anchor."""
        return tuple(rc for rc, _ in self.cells)

    def squares_at(self, row: int, col: int) -> list[Coord]:
        """The board squares covered when anchored at ``(row, col)``."""
        return [(row + r, col + c) for r, c in self.offsets]


def orientations(cells: Sequence[tuple[Coord, T]]) -> tuple[Orientation[T], ...]:
    """Every distinct orientation of ``cells`` (rotations and flips, duplicates removed).

    Two orientations are the same when they put the same content on the same squares, so a
    symmetric tile has fewer than 8 (a 2x2 plain square has 1).  Source: rulebook, Drafting a tile.
    """
    seen: set[tuple] = set()
    out: list[Orientation[T]] = []
    for flipped in (False, True):
        for turns in range(4):
            shaped = transform(cells, flipped, turns)
            if shaped in seen:
                continue
            seen.add(shaped)
            out.append(Orientation(len(out), flipped, turns, shaped))
    return tuple(out)


def turned_and_mirrored(shapes: Sequence[Orientation[T]]) -> list[tuple[int, int]]:
    """For each orientation of one tile (``orientations``' answer, by index), the index of the orientation a further
    quarter-turn clockwise makes and of the one mirroring it left-right makes: the steps of a frontend's rotate and
    flip keys.  Raises ``KeyError`` when ``shapes`` are not every orientation of one tile."""
    index = {o.cells: o.index for o in shapes}
    return [(index[transform(o.cells, False, 1)], index[transform(o.cells, True, 0)]) for o in shapes]


def is_edge_connected(squares: Iterable[Coord]) -> bool:
    """True when the squares form one group through shared edges (an empty set is not)."""
    todo = set(squares)
    if not todo:
        return False
    stack = [todo.pop()]
    while stack:
        r, c = stack.pop()
        for dr, dc in STEPS:
            n = (r + dr, c + dc)
            if n in todo:
                todo.remove(n)
                stack.append(n)
    return not todo


class Grid:
    """Bit-mask operations on the squares of a ``height x width`` board (bit ``row*width + col``).

    Use ``grid(height, width)`` to share one instance per size.
    """

    def __init__(self, height: int, width: int):
        if height < 1 or width < 1:
            raise ValueError(f"a board needs at least one row and one column, got {height} x {width}")
        self.height = height
        self.width = width
        self.full = (1 << (height * width)) - 1
        row = (1 << width) - 1
        left_col = sum(1 << (r * width) for r in range(height))
        self.not_left = self.full & ~left_col  # squares with a neighbour to their left
        self.not_right = self.full & ~(left_col << (width - 1))  # squares with a neighbour to their right
        self._row = row

    def bit(self, row: int, col: int) -> int:
        """The one-square mask of ``(row, col)``; the square must be on the board."""
        return 1 << (row * self.width + col)

    def contains(self, row: int, col: int) -> bool:
        """True when ``(row, col)`` is on the board."""
        return 0 <= row < self.height and 0 <= col < self.width

    def mask(self, squares: Iterable[Coord]) -> int:
        """The mask of ``squares`` (all on the board)."""
        m = 0
        for r, c in squares:
            m |= 1 << (r * self.width + c)
        return m

    def squares(self, mask: int) -> list[Coord]:
        """The ``(row, col)`` of every set bit, in reading order."""
        out = []
        w = self.width
        while mask:
            low = mask & -mask
            i = low.bit_length() - 1
            out.append(divmod(i, w))
            mask ^= low
        return out

    def neighbours(self, mask: int) -> int:
        """Squares sharing an edge with a square of ``mask`` (the dilation, without ``mask`` itself)."""
        w = self.width
        spread = (mask << w) | (mask >> w) | ((mask & self.not_right) << 1) | ((mask & self.not_left) >> 1)
        return spread & self.full & ~mask

    def flood(self, seed: int, passable: int) -> int:
        """The squares of ``passable`` reachable from ``seed`` through shared edges (``seed``
        included whether or not it is passable)."""
        region = seed
        while True:
            grown = region | (self.neighbours(region) & passable)
            if grown == region:
                return region
            region = grown


@lru_cache(maxsize=64)
def grid(height: int, width: int) -> Grid:
    """The shared ``Grid`` for a board size."""
    return Grid(height, width)


@lru_cache(maxsize=4096)
def anchor_masks(height: int, width: int, offsets: tuple[Coord, ...]) -> tuple[tuple[int, int, int], ...]:
    """Every anchor ``(row, col)`` at which the squares ``offsets`` lie inside a ``height x width``
    board, with the mask they cover: ``((row, col, mask), ...)`` in reading order of the anchor."""
    g = grid(height, width)
    h = 1 + max(r for r, _ in offsets)
    w = 1 + max(c for _, c in offsets)
    base = g.mask(offsets)
    out = []
    for row in range(height - h + 1):
        for col in range(width - w + 1):
            out.append((row, col, base << (row * width + col)))
    return tuple(out)
