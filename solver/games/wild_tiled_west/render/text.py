"""Plain-text pictures of settlement boards, for tests, docs and the command line.

``render_settlement`` draws three panels side by side, one character per space, rows and columns
numbered from 0 (row 0 at the top):

- *printed*: the board side's map as in the data file (legend: docs/data-format.md);
- *tiles*: which tile covers each space, by placement order (``a`` = first tile, ``b`` = second,
  ...; ``.`` uncovered);
- *surface*: what can be seen from above: tile squares in the tile legend, uncovered spaces as
  printed, and tokens (``&`` hill bandit, ``@`` cowpoke, ``†`` tombstone).
"""

from __future__ import annotations

import string
from collections.abc import Mapping

from solver.games.wild_tiled_west.render.board_data import top_tokens
from solver.games.wild_tiled_west.rules.settlement import Settlement

TILE_LETTERS = string.ascii_lowercase + string.ascii_uppercase + string.digits
TOKENS = {"hill_bandits": "&", "cowpokes": "@", "tombstones": "†"}

LEGEND = """\
printed: . empty  X start  f field  c cow  ^ hill  M mine  p pickaxe  u horseshoe  b bandit
         $ gold  * bullet  = alley bonus  A-W town squares  + house site  1-3 signposts
         ♠♥♣♦ pocket aces  a ace card bonus  o rope  ~ dry creek
tiles:   a, b, c, ... the 1st, 2nd, 3rd, ... tile placed  (. uncovered)
surface: tile squares: . street  f field  c cow  # named building  h house  b bandit  s sheriff
         ♠♥♣♦ aces  $ gold  * bullet  = alley;  tokens: & hill bandit  @ cowpoke  † tombstone"""


def surface_char(settlement: Settlement, row: int, col: int, top: Mapping[tuple[int, int], str]) -> str:
    """The character the *surface* panel shows at ``(row, col)``: the token on top there (``top``: the board's
    ``top_tokens``, computed once for all its squares; a shot hill bandit is under its tombstone), else the tile's
    square, else the printed space."""
    token = top.get((row, col))
    if token:
        return TOKENS[token]
    cell = settlement.cell_at(row, col)
    return cell.char if cell is not None else settlement.side.rows[row][col]


def render_settlement(settlement: Settlement, legend: bool = True) -> str:
    """The three-panel picture of ``settlement`` (see the module docstring), with the legend
    below unless ``legend`` is false."""
    h, w = settlement.height, settlement.width
    ruler = "".join(str(c % 10) for c in range(w))
    titles = ["printed", "tiles", "surface"]
    head = "    " + "   ".join(t.ljust(w) for t in titles)
    lines = [f"{settlement.side.id} ({h} x {w})", head, "    " + "   ".join([ruler] * 3)]
    top = top_tokens(settlement)
    for r in range(h):
        printed = settlement.side.rows[r]
        tiles = "".join(
            TILE_LETTERS[i % len(TILE_LETTERS)] if (i := settlement.cover[r][c]) >= 0 else "." for c in range(w)
        )
        surface = "".join(surface_char(settlement, r, c, top) for c in range(w))
        lines.append(f"{r:>2}  " + "   ".join([printed, tiles, surface]))
    if legend:
        lines += ["", LEGEND]
    return "\n".join(lines) + "\n"
