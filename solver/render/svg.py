"""An SVG picture of a settlement board in play (``GET /games/{id}/players/{seat}/board.svg``).

One square per board space, ``SQUARE`` pixels wide, row 0 at the top, with row and column numbers
in the margins.  Uncovered spaces show what the board prints (colour by ``SpaceKind``, and a short
mark: the same characters as ``solver.render.text``'s printed panel, or the town letter); covered spaces
show the tile square (street, field or building colour, and its icon).  Thick lines outline each
placed tile.  Tokens are drawn on top: hill bandits (red), cowpokes (blue), tombstones (grey).
Each square carries a ``<title>`` naming it, so a browser shows it on hover.
"""

from __future__ import annotations

from typing import cast
from xml.sax.saxutils import escape

from solver.components.values import Icon, SpaceKind, Terrain
from solver.render.text import TOKENS
from solver.rules.settlement import Settlement

SQUARE = 36
MARGIN = 22
PRINTED_COLOURS = {
    SpaceKind.EMPTY: "#f4ead5", SpaceKind.START: "#f4ead5", SpaceKind.FIELD: "#b7d98b", SpaceKind.COW: "#b7d98b",
    SpaceKind.HILL: "#b39b7d", SpaceKind.MINE: "#6d6d6d", SpaceKind.PICKAXE: "#d9d2c3", SpaceKind.HORSESHOE: "#f4ead5",
    SpaceKind.BANDIT: "#f4ead5", SpaceKind.GOLD: "#f7e3a1", SpaceKind.BULLET: "#f4ead5", SpaceKind.ALLEY: "#f4ead5",
    SpaceKind.TOWN: "#f1c27d", SpaceKind.HOUSE_SITE: "#e8c9a8", SpaceKind.SIGNPOST: "#e8c9a8",
    SpaceKind.POCKET_ACE: "#e3d5f0", SpaceKind.ACE_CARD: "#e3d5f0", SpaceKind.ROPE: "#e8c9a8", SpaceKind.CREEK: "#b9d7ea",
}
TERRAIN_COLOURS = {Terrain.STREET: "#c9b99a", Terrain.FIELD: "#7fb35a", Terrain.BUILDING: "#a0522d"}
NAMED_BUILDING = "#7b2d12"
ICON_MARKS: dict[Icon | None, str] = {Icon.COW: "cow", Icon.BANDIT: "B", Icon.SHERIFF: "S", Icon.GOLD: "$", Icon.BULLET: "*", Icon.ALLEY: "="}
TOKEN_STYLE = {"hill_bandits": ("#c62828", "hill bandit"), "cowpokes": ("#1565c0", "cowpoke"),
               "tombstones": ("#616161", "tombstone")}


def _text(x: float, y: float, text: str, size: int = 12, fill: str = "#222", weight: str = "normal") -> str:
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" font-weight="{weight}" fill="{fill}" '
            f'text-anchor="middle" dominant-baseline="central">{escape(text)}</text>')


def _square(settlement: Settlement, r: int, c: int) -> tuple[str, str, str]:
    """(fill colour, mark, title) of one space."""
    cell = settlement.cell_at(r, c)
    if cell is not None:
        placed = settlement.tile_at(r, c)
        assert placed is not None  # a tile covers the square
        fill = NAMED_BUILDING if cell.named_building else TERRAIN_COLOURS[cell.terrain]
        mark = cell.char if cell.icon is Icon.ACE else ICON_MARKS.get(cell.icon, "")
        what = placed.tile.building or ("alley" if placed.tile.id == "alley" else "tile")
        return fill, mark, f"{what} {placed.tile.id}: {cell.terrain.value}" + (f", {cell.icon.value}" if cell.icon else "")
    space = settlement.side.space(r, c)
    # cast: a town space has its town's letter
    mark = cast(str, space.town) if space.kind is SpaceKind.TOWN else ("" if space.kind is SpaceKind.EMPTY else settlement.side.rows[r][c])
    return PRINTED_COLOURS.get(space.kind, "#f4ead5"), mark, space.kind.value.replace("_", " ")


def settlement_svg(settlement: Settlement, title: str) -> str:
    """The SVG document (text) of ``settlement``, headed by ``title``."""
    h, w = settlement.height, settlement.width
    width, height = 2 * MARGIN + w * SQUARE, 2 * MARGIN + h * SQUARE + 18
    top = MARGIN + 18
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
           'font-family="sans-serif">',
           f"<title>{escape(title)}</title>",
           f'<rect width="{width}" height="{height}" fill="#fffaf0"/>',
           _text(width / 2, 12, title, 13, weight="bold")]
    for c in range(w):
        out.append(_text(MARGIN + c * SQUARE + SQUARE / 2, top - 9, str(c), 10, "#666"))
    for r in range(h):
        out.append(_text(MARGIN / 2, top + r * SQUARE + SQUARE / 2, str(r), 10, "#666"))
        for c in range(w):
            fill, mark, name = _square(settlement, r, c)
            x, y = MARGIN + c * SQUARE, top + r * SQUARE
            out.append(f'<g class="square" data-row="{r}" data-col="{c}"><title>({r}, {c}) {escape(name)}</title>'
                       f'<rect x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{fill}" stroke="#999" stroke-width="0.5"/>'
                       + (_text(x + SQUARE / 2, y + SQUARE / 2, mark, 11 if len(mark) > 1 else 14) if mark else "") + "</g>")
    for r in range(h):  # tile outlines: an edge between two squares of different tiles (or a tile and nothing)
        for c in range(w):
            here = settlement.cover[r][c]
            x, y = MARGIN + c * SQUARE, top + r * SQUARE
            right = settlement.cover[r][c + 1] if c + 1 < w else -1
            below = settlement.cover[r + 1][c] if r + 1 < h else -1
            left = settlement.cover[r][c - 1] if c > 0 else -1
            above = settlement.cover[r - 1][c] if r > 0 else -1
            if here >= 0:
                edges = [(right, (x + SQUARE, y, x + SQUARE, y + SQUARE)), (below, (x, y + SQUARE, x + SQUARE, y + SQUARE)),
                         (left, (x, y, x, y + SQUARE)), (above, (x, y, x + SQUARE, y))]
                for other, (x1, y1, x2, y2) in edges:
                    if other != here:
                        out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#2b1a0e" stroke-width="2.5"/>')
    for attr, (colour, name) in TOKEN_STYLE.items():
        for r, c in sorted(getattr(settlement, attr)):
            cx, cy = MARGIN + c * SQUARE + SQUARE / 2, top + r * SQUARE + SQUARE / 2
            out.append(f'<g class="token {attr}"><title>{name} at ({r}, {c})</title>'
                       f'<circle cx="{cx:.0f}" cy="{cy:.0f}" r="{SQUARE * 0.33:.0f}" fill="{colour}" stroke="#fff" stroke-width="1.5"/>'
                       + _text(cx, cy, TOKENS[attr], 13, "#fff", "bold") + "</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"
