"""Moves in words and placements as squares, for people and for frontends (issue 27, "Geometry and labels").

``move_label(game, move)`` writes any legal move of ``game`` as one line a player reads ("Prairie die 7 (slot 3):
Sheriff's Office t07#1 from left:1,2", "Sheriff's Office t07#1 at (3, 4), turned 90°, flipped"); it is what
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


def tile_name(catalog: Catalog, tile_id: str) -> str:
    """``"Sheriff's Office t07#1"`` for a building's tile, ``"tile t12#2"`` for another, ``"alley"``; raises
    ``KeyError`` for an unknown id."""
    if tile_id == "alley":
        return "alley"
    tile = catalog.tile(tile_id)
    return f"{tile.building} {tile_id}" if tile.building else f"tile {tile_id}"


def _placed_tile(game: Game, move: dict[str, Any]) -> Tile:
    return game.catalog.alley if move["tile"] == "alley" else game.catalog.tile(move["tile"])


def placement_squares(game: Game, move: dict[str, Any]) -> list[Coord]:
    """The ``(row, col)`` squares a ``place`` move covers, in the tile's square order; raises ``KeyError`` for an
    unknown tile and ``IndexError`` for an orientation the tile does not have."""
    orientation: Orientation[TileCell] = _placed_tile(game, move).orientations[int(move["orientation"])]
    return orientation.squares_at(int(move["row"]), int(move["col"]))


def _partner_name(game: Game, partner_id: str | None) -> str:
    return next((f"{p.name} ({p.id})" for p in game.catalog.partners if p.id == partner_id), str(partner_id))


def _draft_label(game: Game, move: dict[str, Any]) -> str:
    die = next(d for d in game.dice if d.id == move["die"])
    text = f"{die.kind.capitalize()} die {die.value}: {tile_name(game.catalog, move['tile'])} from {move['slot']}"
    if move.get("jumps"):
        text += f", claim jump over {move['jumps']}"
    if move.get("cost"):
        text += f" ({move['cost']} gold)"
    return text


def placement_label(catalog: Catalog, tile_id: str, orientation: int, row: int, col: int) -> str:
    """``"Sheriff's Office t07#1 at (3, 4), turned 90°, flipped"``: a placement of the tile ``tile_id`` (``"alley"``
    for an alley) in words; raises ``KeyError`` for an unknown tile, ``IndexError`` for an orientation it lacks."""
    shape = (catalog.alley if tile_id == "alley" else catalog.tile(tile_id)).orientations[orientation]
    return f"{tile_name(catalog, tile_id)} at ({row}, {col}), {orientation_words(shape)}"


def _place_label(game: Game, move: dict[str, Any]) -> str:
    return placement_label(game.catalog, move["tile"], move["orientation"], move["row"], move["col"])


#: The words of each move that needs no more than its own fields (the others: ``move_label``).
PLAIN_LABELS: dict[str, Callable[[dict[str, Any]], str]] = {
    "free_alleys": lambda m: f"{m['count']} free alley{'s' if m['count'] > 1 else ''}",
    "wrangle": lambda m: f"wrangle {m['cows']} cows" if m["cows"] else "keep the pasture growing",
    "mining": lambda m: "Year 4 mining: take the income" if m["choice"] == "income" else "Year 4 mining: 1 gold and 2 pickaxes",
    "hill_bandit": lambda m: f"hill bandit at ({m['row']}, {m['col']})",
    "shoot": lambda m: f"shoot at ({m['row']}, {m['col']})",
    "hideout": lambda m: "Hideout: done" if m.get("done") else f"Hideout: sheriff at ({m['row']}, {m['col']}) to a tombstone",
    "general_store": lambda m: f"General Store: {m['choice']}",
    "wheelwright": lambda m: f"Wheelwright: {m['side']} side",
    "ace_card": lambda m: f"ace card: {m['suit']}",
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
        return f"Sawmill: {tile_name(game.catalog, move['tile'])} from {move['slot']} ({move.get('cost', 0)} gold)"
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
