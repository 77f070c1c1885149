"""The solo sheet of a Rolled West puzzle in progress as an SVG picture: what ``DAILY.board`` draws (our design; the
sheet's layout after the printed score sheet's parts, not its look).

The claim rows (each space's number, a star for a starred space, a triangle or a circle for a claim), each row's 1st
majority bonus, the shipping rows (a check on each box shipped, the number circled), the contracts and the Boomtown
offices (circled once taken), the bank boxes of each round (white and dark, the resource banked, struck through once
spent), and the dice of the decision at hand.  Plain SVG text, no script, nothing fetched."""

from __future__ import annotations

from html import escape

from solver.games.rolled_west.components.values import METALS
from solver.games.rolled_west.engine.game import RolledWest
from solver.games.rolled_west.planning.solo import SEAT

CELL = 34  #: a space's size, pixels
WIDTH = 620
INK, FAINT, MARK = "#222", "#999", "#b3261e"


def _text(x: float, y: float, words: str, size: int = 13, fill: str = INK, anchor: str = "start") -> str:
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" fill="{fill}" text-anchor="{anchor}" '
            f'font-family="sans-serif">{escape(words)}</text>')


def _box(x: float, y: float, w: float = CELL, h: float = CELL, fill: str = "white", stroke: str = INK) -> str:
    return f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h:.0f}" fill="{fill}" stroke="{stroke}"/>'


def _ring(x: float, y: float, r: float = CELL / 2 - 3) -> str:
    return f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{r:.0f}" fill="none" stroke="{MARK}" stroke-width="2"/>'


def _pill(x: float, y: float, w: float) -> str:
    return f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="20" rx="9" fill="none" stroke="{MARK}" stroke-width="2"/>'


def _triangle(x: float, y: float) -> str:
    h = CELL / 2 - 4
    return (f'<polygon points="{x:.0f},{y - h:.0f} {x - h:.0f},{y + h * 0.8:.0f} {x + h:.0f},{y + h * 0.8:.0f}" '
            f'fill="none" stroke="{MARK}" stroke-width="2"/>')


def sheet_svg(state: RolledWest, title: str) -> str:
    """The solo player's sheet of ``state`` under ``title`` (SVG text)."""
    c, sheet = state.components, state.sheets[SEAT]
    parts: list[str] = [_text(12, 24, title, 16)]
    y = 44.0
    parts.append(_text(12, y + 8, "Claims (the 1st majority bonus of a terrain with a claim)", 12, FAINT))
    y += 16
    for row in c.claim_rows:
        parts.append(_text(12, y + 22, row.terrain, 13))
        for j, (number, star) in enumerate(zip(row.numbers, row.stars, strict=True)):
            x = 100.0 + j * CELL
            parts.append(_box(x, y))
            parts.append(_text(x + CELL / 2, y + 22, f"{number or ''}{'*' if star else ''}", 12, anchor="middle"))
            mark = sheet.claims[row.terrain][j]
            if mark == "triangle":
                parts.append(_triangle(x + CELL / 2, y + CELL / 2))
            elif mark == "circle":
                parts.append(_ring(x + CELL / 2, y + CELL / 2))
        x = 100.0 + len(row.numbers) * CELL + 10
        parts.append(_text(x, y + 22, f"majority {row.majority[0]}", 12))
        if any(sheet.claims[row.terrain]):
            parts.append(_pill(x - 4, y + 6, 80))
        y += CELL + 4
    y += 10
    parts.append(_text(12, y + 8, "Shipping", 12, FAINT))
    y += 16
    for metal in METALS:
        shipping = c.shipping_row(metal)
        parts.append(_text(12, y + 22, metal, 13))
        for j, (box, star) in enumerate(zip(shipping.boxes, shipping.stars, strict=True)):
            x = 100.0 + j * CELL * 1.4
            parts.append(_box(x, y, CELL * 1.4))
            words = "/".join(str(n) for n in box) + ("*" if star else "")
            parts.append(_text(x + CELL * 0.7, y + 22, words, 12, anchor="middle"))
            if j < len(sheet.shipping[metal]):
                parts.append(_ring(x + CELL * 0.7, y + CELL / 2, CELL / 2 - 2))
        y += CELL + 4
    y += 10
    parts.append(_text(12, y + 8, "Contracts", 12, FAINT))
    y += 16
    for i, contract in enumerate(c.contracts):
        x, yy = 12 + (i % 3) * 200, y + (i // 3) * 24
        words = f"{contract.points}: " + " + ".join(f"{n} {m}" for m, n in contract.metals)
        parts.append(_text(x, yy + 14, words, 12))
        if contract.id in sheet.contracts:
            parts.append(_pill(x - 4, yy, 194))
    y += 24 * ((len(c.contracts) + 2) // 3) + 10
    parts.append(_text(12, y + 8, "Boomtown offices", 12, FAINT))
    y += 16
    for i, office in enumerate(c.offices):
        x, yy = 12 + (i % 3) * 200, y + (i // 3) * 24
        terms = ", ".join(f"{p}/{per}" for per, p in office.terms)
        parts.append(_text(x, yy + 14, f"{office.row}+{office.column}: {terms}", 10))
        if office.id in sheet.offices:
            parts.append(_pill(x - 4, yy, 194))
    y += 24 * ((len(c.offices) + 2) // 3) + 10
    parts.append(_text(12, y + 8, "Bank (white: banked on the turn; dark: from the ghost roll before it)", 12, FAINT))
    y += 16
    for r, (white, dark) in enumerate(zip(sheet.white, sheet.dark, strict=True)):
        x = 12 + r * 100
        parts.append(_text(x, y + 12, f"round {r + 1}", 11))
        for k, (banked, fill) in enumerate(((white, "white"), (dark, "#ccc"))):
            bx = x + k * 44
            parts.append(_box(bx, y + 18, 40, 24, fill))
            if banked is not None:
                parts.append(_text(bx + 20, y + 35, str(banked["resource"]), 10, anchor="middle"))
                if banked["spent"]:
                    parts.append(f'<line x1="{bx + 2}" y1="{y + 40}" x2="{bx + 38}" y2="{y + 20}" stroke="{MARK}"/>')
    y += 56
    scores = state.score_breakdown(SEAT)
    parts.append(_text(12, y + 8, "Score: " + ", ".join(f"{k} {v}" for k, v in scores.items()), 13))
    y += 22
    now = (f"Round {state.round}: dice {', '.join(state.dice)}" if not state.finished and state.phase != "ghost"
           else f"Round {state.round}: ghost roll {', '.join(state.ghost_dice)}" if not state.finished
           else "The game is over")
    parts.append(_text(12, y + 8, now, 13))
    height = y + 24
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height:.0f}" '
            f'viewBox="0 0 {WIDTH} {height:.0f}" role="img"><title>{escape(title)}</title>'
            f'<rect width="100%" height="100%" fill="#fdfbf5"/>{"".join(parts)}</svg>')
