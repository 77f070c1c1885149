"""A settlement board as data a frontend draws directly (issue 27, "Geometry and labels").

``board_data(settlement)`` answers ``GET /games/{id}/players/{seat}/board``: every square's printed space, the
tile (type, copy, building) and tile square covering it, and the token on it; the placed tiles with their
placements and squares; the towns with their sign points and whether they are complete; the tokens by kind.
Coordinates are ``[row, col]``, 0-based, row 0 at the top.  Everything here is open information (a settlement
board is on the table).  Source: the rulebook's components (Settlement boards, Drafting a tile, Towns, Wrangling,
Sheriffs and bandits, Tussle / Hill bandits); the format is our design.
"""

from __future__ import annotations

from typing import Any

from solver.games.wild_tiled_west.components.values import TileCell
from solver.games.wild_tiled_west.rules.settlement import Settlement
from solver.games.wild_tiled_west.rules.towns import completed_towns


def _content(cell: TileCell) -> dict[str, Any]:
    """A tile square's content: map character, terrain, icon and suit (``null`` when none), named building."""
    return {"char": cell.char, "terrain": cell.terrain.value, "icon": cell.icon.value if cell.icon else None,
            "suit": cell.suit.value if cell.suit else None, "named_building": cell.named_building}


#: the token attributes of a settlement, as the pictures name them
TOKEN_ATTRIBUTES = ("hill_bandits", "cowpokes", "tombstones")


def tokens_shown(settlement: Settlement) -> dict[tuple[int, int], list[str]]:
    """The tokens seen on each square ``(row, col)``: the attribute names of ``TOKEN_ATTRIBUTES`` on it, in that order.
    A shot hill bandit is not seen: the bullet that shot it covers it (rulebook, Sheriffs and Bandits: "Mark a fallen
    bandit by covering it with the bullet you used — it's now a tombstone"). Raises nothing."""
    shown: dict[tuple[int, int], list[str]] = {}
    for attr in TOKEN_ATTRIBUTES:
        for rc in sorted(getattr(settlement, attr)):
            if attr == "hill_bandits" and rc in settlement.tombstones:
                continue
            shown.setdefault(rc, []).append(attr)
    return shown


def top_tokens(settlement: Settlement) -> dict[tuple[int, int], str]:
    """The token on top of each square ``(row, col)`` that shows one: the last ``tokens_shown`` lists there (its
    attribute name), the one board square and text picture say.  In play a square holds one token at most (a cowpoke
    on a cow, a tombstone on a bandit or a sheriff, a hill bandit on a hill, hidden under its tombstone once shot).
    Raises nothing."""
    return {rc: attrs[-1] for rc, attrs in tokens_shown(settlement).items()}


#: a token attribute as a board square's ``token`` names it
TOKEN_KINDS = {"hill_bandits": "hill_bandit", "cowpokes": "cowpoke", "tombstones": "tombstone"}


def board_data(settlement: Settlement) -> dict[str, Any]:
    """``{"side", "height", "width", "rule", "squares", "tiles", "towns", "tokens"}``:

    - ``squares[row][col]``: ``{"printed": {"char", "kind", "coverable", "suit", "number", "town"}, "tile": index into
      ``tiles`` or null, "content": the covering tile square's content or null, "token": "cowpoke" | "tombstone" |
      "hill_bandit" | null}``;
    - ``tiles``: in placement order, ``{"tile": "t07#2", "type": "t07", "copy": 2, "building": name | null,
      "orientation", "row", "col", "squares": [[row, col], ...]}`` (the alley: ``"alley"``, copy null);
    - ``towns``: ``{"letter", "name", "points", "squares", "complete"}``;
    - ``tokens``: ``{"cowpokes", "tombstones", "hill_bandits"}``, each a sorted list of ``[row, col]``.
    Raises nothing."""
    side = settlement.side
    covering: dict[tuple[int, int], tuple[int, TileCell]] = {}
    tiles = []
    for i, placed in enumerate(settlement.tiles):
        for rc, cell in placed.squares:
            covering[rc] = (i, cell)
        p = placed.placement
        tiles.append({"tile": placed.tile.id, "type": placed.tile.type_id, "copy": placed.tile.copy,
                      "building": placed.tile.building, "orientation": p.orientation, "row": p.row, "col": p.col,
                      "squares": [list(rc) for rc, _ in placed.squares]})
    top = top_tokens(settlement)
    squares = []
    for r in range(side.height):
        row = []
        for c in range(side.width):
            space = side.space(r, c)
            found = covering.get((r, c))
            row.append({
                "printed": {"char": space.char, "kind": space.kind.value, "coverable": space.coverable,
                            "suit": space.suit.value if space.suit else None, "number": space.number, "town": space.town},
                "tile": found[0] if found else None, "content": _content(found[1]) if found else None,
                "token": TOKEN_KINDS[top[(r, c)]] if (r, c) in top else None})
        squares.append(row)
    complete = {t.letter for t in completed_towns(settlement)}
    towns = [{"letter": t.letter, "name": t.name, "points": t.points, "squares": [list(rc) for rc in t.squares],
              "complete": t.letter in complete} for t in side.towns]
    tokens = {name: sorted([list(rc) for rc in squares_of]) for name, squares_of in (
        ("cowpokes", settlement.cowpokes), ("tombstones", settlement.tombstones), ("hill_bandits", settlement.hill_bandits))}
    return {"side": side.id, "height": side.height, "width": side.width, "rule": side.rule, "squares": squares,
            "tiles": tiles, "towns": towns, "tokens": tokens}
