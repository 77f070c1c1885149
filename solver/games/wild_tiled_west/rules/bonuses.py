"""What a placement does: the effects the game flow needs (issue 3's part of "Effects of a placement").

- Bonus spaces on the board (gold, bullet, alley) covered by the tile, and the bonus icons on the
  tile itself: take that bonus from the supply at once; an alley is placed at once, under the
  normal placement rules, and may chain into more bonuses (rulebook: Drafting a tile, bonus spaces).
- Pickaxes covered: each claims its mine and moves the mining marker up one space (Scoring points /
  Mining); reaching the 4th space grants a second partner (Partners).

Towns, buildings, wrangling and sheriffs are the rules engine's second part (issue 4).
"""

from __future__ import annotations

from solver.games.wild_tiled_west.components.values import Catalog, Icon, SpaceKind
from solver.games.wild_tiled_west.rules.mining import add_pickaxes
from solver.games.wild_tiled_west.rules.player import PlayerState
from solver.games.wild_tiled_west.rules.settlement import PlacedTile
from solver.games.wild_tiled_west.rules.table import Event, Step, place_alleys

#: The supply item each bonus space (board) and bonus icon (tile) gives, one per space or icon.
BOARD_BONUS = {SpaceKind.GOLD: "gold", SpaceKind.BULLET: "bullets", SpaceKind.ALLEY: "alleys"}
TILE_BONUS = {Icon.GOLD: "gold", Icon.BULLET: "bullets", Icon.ALLEY: "alleys"}


def take(supply: dict[str, int], item: str, count: int) -> int:
    """Take up to ``count`` of ``item`` from the supply; returns how many were taken (the supply
    may run out: docs/rulings.md R12)."""
    got = max(0, min(count, supply[item]))
    supply[item] -= got
    return got


def placement_effects(catalog: Catalog, player: PlayerState, supply: dict[str, int],
                      placed: PlacedTile) -> tuple[list[Event], list[Step]]:
    """Apply the effects of ``placed`` for ``player``: returns ``(events, steps)`` where steps are
    the decisions the placement adds (alleys to place, the second partner), in order."""
    side = player.settlement.side
    gains = {"gold": 0, "bullets": 0, "alleys": 0}
    pickaxes = 0
    for (r, c), cell in placed.squares:
        kind = side.space(r, c).kind
        if kind in BOARD_BONUS:
            gains[BOARD_BONUS[kind]] += 1
        if kind is SpaceKind.PICKAXE:
            pickaxes += 1
        if cell.icon in TILE_BONUS:
            gains[TILE_BONUS[cell.icon]] += 1
    events: list[Event] = []
    steps: list[Step] = []
    seat = player.seat
    if gains["gold"]:
        got = take(supply, "gold", gains["gold"])
        player.gold += got
        events.append({"type": "bonus", "seat": seat, "item": "gold", "count": got})
    if gains["bullets"]:
        got = take(supply, "bullets", gains["bullets"])
        player.bullets += got
        events.append({"type": "bonus", "seat": seat, "item": "bullets", "count": got})
    steps += place_alleys(player, gains["alleys"], "bonus")
    if pickaxes:
        mined, partner = add_pickaxes(catalog, player, pickaxes)
        events += mined
        if partner:
            steps.append({"step": "second_partner", "seat": seat})
    return events, steps
