"""Buildings: when each works, and when a building is surrounded.

Source: rulebook, Scoring points / Buildings: a white sign works when placed; a red sign when the
building is surrounded, "that is, when there is no space anywhere adjacent to it where a tile could be
placed (not counting spaces diagonal to the building). Hills, fields, mines, and cows printed on your
settlement board—and even the edge of the board itself—count for surrounding"; pink at the Endgame;
yellow is ongoing.  The effects are in the Building guide; the engine applies them (solver.games.wild_tiled_west.engine.game), with
the amounts of each building's text read from the catalog (``Building.amount``, buildings.toml).
"""

from __future__ import annotations

from solver.games.wild_tiled_west.components.geometry import Coord
from solver.games.wild_tiled_west.rules.settlement import PlacedTile, Settlement


def surrounded(settlement: Settlement, squares: list[Coord]) -> bool:
    """True when no square edge-adjacent to ``squares`` is still open to a tile (uncovered and
    coverable); printed hills, fields, mines, cows and the board edge count as closed."""
    g = settlement.grid
    return not g.neighbours(g.mask(squares)) & settlement.open


def building_tiles(settlement: Settlement, name: str | None = None) -> list[tuple[int, PlacedTile]]:
    """``(index, placed tile)`` of the settlement's building tiles (of building ``name`` if given)."""
    return [(i, p) for i, p in enumerate(settlement.tiles) if p.tile.building and (name is None or p.tile.building == name)]
