"""Candidate placements of the plan model (no CP-SAT here): every placement of every tile that passes the
cell-level rules and can be joined to the settlement, the 0-1 distance that prunes them (``_reach``), the
printed field groups that carry connections (``link_groups``, ``touch_mask``) and a candidate's squares by
kind (``field_parts``, ``cells_with``)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from solver.games.wild_tiled_west.components.geometry import STEPS, Coord, anchor_masks
from solver.games.wild_tiled_west.planning.plans import PlanPosition
from solver.games.wild_tiled_west.rules.placement import Placement


@dataclass
class Candidate:
    """One candidate placement: ``tile_index`` into ``PlanPosition.tiles``, the ``placement``, its squares'
    bit ``mask`` on the settlement's grid and those ``squares`` as (row, column)."""

    tile_index: int
    placement: Placement
    mask: int
    squares: list[Coord]


def _reach(position: PlanPosition) -> dict[Coord, int]:
    """0-1 distance of every square from the settlement (or the X): entering an open square costs 1,
    a printed field or cow costs 0 (it carries the connection); blocked squares are unreachable (absent).
    Returns ``{(row, column): distance in squares to cover}``."""
    s = position.settlement
    g = s.grid
    passable = s.open | (s.connects & ~s.region)
    start = s.region if s.tiles else s.start
    dist: dict[Coord, int] = {rc: 0 for rc in g.squares(start)}
    queue = deque(dist)
    while queue:
        r, c = queue.popleft()
        for dr, dc in STEPS:
            n = (r + dr, c + dc)
            if not g.contains(*n) or not g.bit(*n) & passable:
                continue
            d = dist[(r, c)] + (0 if g.bit(*n) & s.connects else 1)
            if d < dist.get(n, 1 << 30):
                dist[n] = d
                if g.bit(*n) & s.connects:
                    queue.appendleft(n)
                else:
                    queue.append(n)
    return dist


def link_groups(position: PlanPosition) -> list[int]:
    """Masks of the printed field groups outside the settlement (each joins the settlement as soon as
    a tile touches it, and then carries the connection to any tile touching it)."""
    s = position.settlement
    g = s.grid
    todo = s.connects & ~s.region
    groups = []
    while todo:
        group = g.flood(todo & -todo, s.connects & ~s.region)
        groups.append(group)
        todo &= ~group
    return groups


def touch_mask(position: PlanPosition, mask: int, links: list[int]) -> int:
    """Squares a placement with ``mask`` connects to: its neighbours, and the neighbours of every printed
    field group of ``links`` it touches (a tile there is connected to it through the fields).  A bit mask."""
    g = position.settlement.grid
    near = g.neighbours(mask)
    for group in links:
        if group & near:
            near |= g.neighbours(group)
    return near


def candidates(position: PlanPosition) -> list[Candidate]:
    """Every placement of every tile passing the cell-level rules and close enough to the settlement to
    be joined to it by the other tiles of the plan (some square's 0-1 distance ``_reach`` at most the other
    tiles' total size, plus one once the settlement has tiles).  In tile, orientation and anchor order:
    candidate k is the model's variable k.  Raises nothing (no candidate: an empty list)."""
    s = position.settlement
    g = s.grid
    dist = _reach(position)
    sizes = [t.size for t in position.tiles]
    total = sum(sizes)
    out = []
    for i, tile in enumerate(position.tiles):
        forbidden = s.blocked | s.covered | (0 if tile.is_alley else s.alley_only)
        reach = total - sizes[i] + (1 if s.tiles else 0)
        for o in tile.orientations:
            for row, col, mask in anchor_masks(s.height, s.width, o.offsets):
                if mask & forbidden:
                    continue
                squares = g.squares(mask)
                if min(dist.get(rc, 1 << 30) for rc in squares) > reach:
                    continue
                out.append(Candidate(i, Placement(tile.id, o.index, row, col), mask, squares))
    return out


def field_parts(position: PlanPosition, cand: Candidate) -> list[tuple[int, int]]:
    """The candidate's field squares split into edge-connected groups: ``[(mask, cows)]``, most cows
    first, then by their first square.  Every placement of a tile has the same groups, so the group at one
    index holds the same number of cows in every placement (a constant for ``pastures``' classes)."""
    g = position.settlement.grid
    tile = position.tiles[cand.tile_index]
    cells = tile.orientations[cand.placement.orientation].cells
    fields = g.mask((cand.placement.row + r, cand.placement.col + c) for (r, c), cell in cells if cell.terrain.value == "field")
    cows = g.mask((cand.placement.row + r, cand.placement.col + c) for (r, c), cell in cells if cell.icon is not None
                  and cell.icon.value == "cow")
    parts = []
    while fields:
        part = g.flood(fields & -fields, fields)
        parts.append((part, (part & cows).bit_count()))
        fields &= ~part
    return sorted(parts, key=lambda pc: (-pc[1], (pc[0] & -pc[0]).bit_length()))


def cells_with(position: PlanPosition, cand: Candidate, test) -> list[Coord]:
    """Board squares (row, column) of a candidate whose tile square satisfies ``test(cell)``."""
    cells = position.tiles[cand.tile_index].orientations[cand.placement.orientation].cells
    return [(cand.placement.row + r, cand.placement.col + c) for (r, c), cell in cells if test(cell)]


def covering_candidates(cands: list[Candidate]) -> dict[Coord, list[int]]:
    """Square (row, column) -> indices of the candidates covering it, ascending."""
    out: dict[Coord, list[int]] = {}
    for k, cand in enumerate(cands):
        for rc in cand.squares:
            out.setdefault(rc, []).append(k)
    return out


def beside_placement(cands: list[Candidate], ks: list[int], beside: Candidate | None) -> list[int]:
    """The candidates of ``ks`` that can be placed with ``beside`` (another tile's, not overlapping it); all of
    ``ks`` when ``beside`` is None."""
    if beside is None:
        return list(ks)
    return [k for k in ks if cands[k].tile_index != beside.tile_index and not cands[k].mask & beside.mask]


def cover_needs(cands: list[Candidate], covering: dict[Coord, list[int]], squares: list[Coord], *,
                beside: Candidate | None = None) -> dict[int, list[int]] | None:
    """What covering every one of ``squares`` takes, in placements of the tiles (with ``beside``, a candidate
    placed as well: of the other tiles, not overlapping it).  None when no plan can cover them all: a square
    no such candidate covers, or more squares than the tiles together can cover (each tile placed once, a
    placement covering at most as many of them as its best placement does).  Otherwise, for every tile
    that cannot be spared (the other tiles together cover fewer of the squares than there are): its
    candidates covering any of them, ascending; covering them all implies one of those placed.
    ``covering`` as ``covering_candidates`` gives.  Raises nothing."""
    wanted = set(squares)
    by_tile: dict[int, set[int]] = {}
    for rc in squares:
        ks = beside_placement(cands, covering.get(rc, []), beside)
        if not ks:
            return None
        for k in ks:
            by_tile.setdefault(cands[k].tile_index, set()).add(k)
    most = {j: max(sum(rc in wanted for rc in cands[k].squares) for k in ks) for j, ks in by_tile.items()}
    total = sum(most.values())
    if total < len(squares):
        return None
    return {j: sorted(ks) for j, ks in sorted(by_tile.items()) if total - most[j] < len(squares)}
