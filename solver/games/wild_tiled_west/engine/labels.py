"""Moves in words and placements as squares, for people and for frontends (issue 27, "Geometry and labels").

``move_label(game, move)`` writes any legal move of ``game`` as one line a player reads ("Prairie die 7: the Sheriff's
Office from the left tray, row 2, column 3", "the Sheriff's Office at row 4, column 5, flipped, turned 90°"): tiles by
what they are (their building, or their size and what they show), never by an id; rows and columns counted from 1 as
on the page (issue 37, names a player reads); it is what
``GET /games/{id}/legal-moves`` and the hints show.  ``placement_squares(game, move)`` gives the board squares a
``place`` move covers, ``[(row, col), ...]`` (0-based, row 0 at the top), so that a client draws a placement
without re-implementing the orientation order (``solver.games.wild_tiled_west.components.geometry.orientations``).

Source: our design; the names follow the rulebook's (prairie and river dice, claim jumps, the buildings, the
decisions of the Building Guide and the wild sides).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from solver.games.wild_tiled_west.components.geometry import Coord, Orientation
from solver.games.wild_tiled_west.components.values import Catalog, Tile, TileCell
from solver.games.wild_tiled_west.engine.game import Game

#: Quarter-turns clockwise in words.
TURNS = ("as printed", "turned 90°", "turned 180°", "turned 270°")


def orientation_words(orientation: Orientation[TileCell]) -> str:
    """``"as printed"``, ``"turned 90°"`` (clockwise) ... and ``", flipped"`` when mirrored left-right first
    (``Orientation.flipped``, ``.turns``: solver.games.wild_tiled_west.components.geometry)."""
    words = TURNS[orientation.turns]
    if orientation.flipped:
        return "flipped" if orientation.turns == 0 else f"flipped, {words}"
    return words


#: A tile square's part in words, one and several (``_part`` picks it): the terrain, or the icon it shows.
PART_WORDS: dict[str, tuple[str, str]] = {
    "street": ("a street", "streets"), "field": ("a field", "fields"), "house": ("a house", "houses"),
    "building": ("the building", "building squares"), "cow": ("a cow", "cows"), "bandit": ("a bandit", "bandits"),
    "sheriff": ("a sheriff", "sheriffs"), "gold": ("a gold bonus", "gold bonuses"),
    "bullet": ("a bullet bonus", "bullet bonuses"), "alley": ("an alley bonus", "alley bonuses"),
    **{f"ace-{suit}": (f"an ace of {suit}", f"aces of {suit}") for suit in ("spades", "hearts", "clubs", "diamonds")},
}


def _part(cell: TileCell) -> str:
    """What a square shows, as a key of ``PART_WORDS``: its icon (an ace with its suit), else its terrain (a plain
    building square is a house)."""
    if cell.icon is not None:
        return f"ace-{cell.suit.value}" if cell.icon.value == "ace" and cell.suit else cell.icon.value
    if cell.terrain.value == "building":
        return "building" if cell.named_building else "house"
    return str(cell.terrain.value)


def words_list(parts: list[str]) -> str:
    """``"a, b and c"``."""
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def tile_squares(tile: Tile) -> str:
    """What a tile's squares show, in order of first appearance: ``"2 fields and a cow"``."""
    counts: dict[str, int] = {}
    for _, cell in tile.cells:
        counts[_part(cell)] = counts.get(_part(cell), 0) + 1
    return words_list([PART_WORDS[k][0] if n == 1 else f"{n} {PART_WORDS[k][1]}" for k, n in counts.items()])


def tile_name(catalog: Catalog, tile_id: str) -> str:
    """A tile as a player names it, never by its id (issue 37): ``"the Sheriff's Office"`` for a building's tile,
    ``"a 3-square tile (2 fields and a cow)"`` for another, ``"an alley"``; raises ``KeyError`` for an unknown id."""
    if tile_id == "alley":
        return "an alley"
    tile = catalog.tile(tile_id)
    return f"the {tile.building}" if tile.building else f"a {tile.size}-square tile ({tile_squares(tile)})"


def slot_words(catalog: Catalog, slot: str) -> str:
    """A stack's slot (``"left:1,2"``) in words, rows and columns counted from 1: ``"the left tray, row 2, column 3"``
    (``"(river)"`` added for a river slot)."""
    tray, _, where = slot.partition(":")
    row, col = (int(x) for x in where.split(","))
    river = " (river)" if catalog.trays.slot(tray, row, col).on_river else ""
    return f"the {tray} tray, row {row + 1}, column {col + 1}{river}"


def square_words(row: int, col: int) -> str:
    """A board square in words, counted from 1 as the page counts them: ``"row 3, column 4"`` for ``(2, 3)``."""
    return f"row {row + 1}, column {col + 1}"


def _placed_tile(game: Game, move: dict[str, Any]) -> Tile:
    return game.catalog.alley if move["tile"] == "alley" else game.catalog.tile(move["tile"])


def placement_squares(game: Game, move: dict[str, Any]) -> list[Coord]:
    """The ``(row, col)`` squares a ``place`` move covers, in the tile's square order; raises ``KeyError`` for an
    unknown tile and ``IndexError`` for an orientation the tile does not have."""
    orientation: Orientation[TileCell] = _placed_tile(game, move).orientations[int(move["orientation"])]
    return orientation.squares_at(int(move["row"]), int(move["col"]))


def _partner_name(game: Game, partner_id: str | None) -> str:
    return next((p.name for p in game.catalog.partners if p.id == partner_id), "a face-down partner")


def _draft_label(game: Game, move: dict[str, Any]) -> str:
    die = next(d for d in game.dice if d.id == move["die"])
    text = f"{die.kind.capitalize()} die {die.value}: {tile_name(game.catalog, move['tile'])} from " \
           f"{slot_words(game.catalog, move['slot'])}"
    if move.get("jumps"):
        text += f", claim jumping over {move['jumps']} stack{'s' if move['jumps'] > 1 else ''}"
    if move.get("cost"):
        text += f" ({move['cost']} gold)"
    return text


def placement_label(catalog: Catalog, tile_id: str, orientation: int, row: int, col: int) -> str:
    """``"the Sheriff's Office at row 4, column 5, flipped, turned 90°"``: a placement of the tile ``tile_id``
    (``"alley"`` for an alley) at the 0-based square ``(row, col)`` in words (counted from 1); raises ``KeyError`` for
    an unknown tile, ``IndexError`` for an orientation it lacks."""
    shape = (catalog.alley if tile_id == "alley" else catalog.tile(tile_id)).orientations[orientation]
    return f"{tile_name(catalog, tile_id)} at {square_words(row, col)}, {orientation_words(shape)}"


def _place_label(game: Game, move: dict[str, Any]) -> str:
    return placement_label(game.catalog, move["tile"], move["orientation"], move["row"], move["col"])


#: The words of each move that needs no more than its own fields (the others: ``move_label``).
PLAIN_LABELS: dict[str, Callable[[dict[str, Any]], str]] = {
    "free_alleys": lambda m: "1 free alley instead of drafting" if m["count"] == 1
    else f"{m['count']} free alleys instead of drafting",
    "wrangle": lambda m: (f"wrangle {m['cows']} cow{'s' if m['cows'] > 1 else ''}" if m["cows"]
                          else "keep the pasture growing"),
    "mining": lambda m: "Year 4 mining: take the income" if m["choice"] == "income" else "Year 4 mining: 1 gold and 2 pickaxes",
    "hill_bandit": lambda m: f"hill bandit at {square_words(m['row'], m['col'])}",
    "shoot": lambda m: f"shoot the bandit at {square_words(m['row'], m['col'])}",
    "hideout": lambda m: ("Hideout: cover no more sheriffs" if m.get("done")
                          else f"Hideout: the sheriff at {square_words(m['row'], m['col'])} becomes a tombstone"),
    "general_store": lambda m: f"General Store: 2 {m['choice']}",
    "wheelwright": lambda m: ("Wheelwright: two alleys now" if m["side"] == "alleys"
                              else "Wheelwright: two adjacent alleys whenever you place one"),
    "ace_card": lambda m: f"the ace card of {m['suit']}",
    "stash": lambda m: "stash 1 gold" if m["gold"] else "stash nothing",
    "alley_pair": lambda m: "two adjacent alleys (Wheelwright)",
    "pass": lambda m: "pass (nothing can be placed)",
}


def move_label(game: Game, move: dict[str, Any]) -> str:
    """One line describing ``move`` (a legal move of ``game``'s pending decision): which die, stack and tile a
    draft takes, which tile a placement puts where and how it is turned, and each other decision's choice in
    the Building Guide's and the rulebook's words.  Raises ``KeyError`` for a move naming an unknown tile."""
    kind = move["type"]
    if kind == "draft":
        return _draft_label(game, move)
    if kind == "place":
        return _place_label(game, move)
    if kind == "sawmill":
        cost = f" ({move['cost']} gold)" if move.get("cost") else ""
        return f"Sawmill: {tile_name(game.catalog, move['tile'])} from {slot_words(game.catalog, move['slot'])}{cost}"
    if kind == "signpost":
        return f"Signpost: place the set-aside {tile_name(game.catalog, move['tile'])}"
    if kind == "keep_partner":
        return f"keep {_partner_name(game, move['partner'])}"
    if kind == "second_partner":
        return (f"second partner: {_partner_name(game, move['partner'])}" if move["choice"] == "face_up"
                else "second partner from the deck")
    if kind in PLAIN_LABELS:
        return PLAIN_LABELS[kind](move)
    detail = ", ".join(f"{k} {v}" for k, v in move.items() if k != "type")
    return f"{kind.replace('_', ' ')}{' ' + detail if detail else ''}"


def annotated(game: Game, move: dict[str, Any]) -> dict[str, Any]:
    """``move`` with its ``label`` and, for a ``place`` move, the ``squares`` it covers (``[[row, col], ...]``):
    what ``GET /games/{id}/legal-moves`` serves; posting it back unchanged is accepted (the service drops both)."""
    out = {**move, "label": move_label(game, move)}
    if move["type"] == "place":
        out["squares"] = [list(rc) for rc in placement_squares(game, move)]
    return out
