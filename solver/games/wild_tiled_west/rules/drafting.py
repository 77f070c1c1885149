"""Drafting a tile: which stacks the dice make eligible, claim jumping, what each option costs, and where free
alleys may go.

Source: rulebook, Drafting a tile and Claim jumping:

- Each die lets you draft from the nearest stack in its row (prairie die) or column (river die);
  if the nearest stack is empty, from the next stack in that line with at least one tile.
- With a river die you may pay 1 gold to claim jump, skipping the nearest stack to take from the
  next one in that column; you may jump several stacks, 1 gold each; jumping an empty stack is free.
  Only river dice may claim jump.
- You must pay the gold cost printed beside the stack you take from, as well.
- If a stack is eligible through more than one die, you choose which die to remove.

Free alleys (instead of drafting, one alley or two adjacent ones from the supply): ``alley_spots``.
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.games.wild_tiled_west.components.geometry import Coord
from solver.games.wild_tiled_west.components.values import Catalog
from solver.games.wild_tiled_west.rules.dice import RIVER, Die, die_line
from solver.games.wild_tiled_west.rules.moves import Draft
from solver.games.wild_tiled_west.rules.placement import Placement, legal_placements
from solver.games.wild_tiled_west.rules.settlement import Settlement
from solver.games.wild_tiled_west.rules.trays import TrayState


@dataclass(frozen=True)
class DraftOption:
    """Drafting the top tile of stack ``slot`` with die ``die``: ``jumps`` non-empty stacks claim
    jumped (1 gold each) and ``cost`` = jumps + the slot's printed cost, in gold."""

    die: int
    slot: str
    tile: str
    jumps: int
    cost: int

    def to_move(self) -> Draft:
        """The move a client posts: ``{"type": "draft", "die", "slot", "tile", "jumps", "cost"}``."""
        return {"type": "draft", "die": self.die, "slot": self.slot, "tile": self.tile, "jumps": self.jumps, "cost": self.cost}


def die_targets(catalog: Catalog, trays: TrayState, die: Die) -> list[tuple[str, int]]:
    """The stacks ``die`` can draft from, as ``(slot, jumps)``, nearest first: the nearest
    non-empty stack of its line with 0 jumps, and for a river die every further non-empty stack,
    ``jumps`` being the non-empty stacks skipped.  Empty for a used die or one off the trays."""
    if die.used or die.slot is None:
        return []
    nonempty = [k for k in die_line(catalog, die.kind, die.slot) if trays.stacks[k]]
    if die.kind != RIVER:
        nonempty = nonempty[:1]
    return [(key, jumps) for jumps, key in enumerate(nonempty)]


def draft_options(catalog: Catalog, trays: TrayState, dice: list[Die], gold: int) -> list[DraftOption]:
    """Every draft the player can afford with ``gold``: one option per (die, stack) pair, dice in
    id order, stacks nearest first.  The same stack through two dice gives two options."""
    out = []
    for die in sorted(dice, key=lambda d: d.id):
        for key, jumps in die_targets(catalog, trays, die):
            cost = jumps + trays.costs[key]
            if cost <= gold:
                out.append(DraftOption(die.id, key, trays.stacks[key][0], jumps, cost))
    return out


def alley_spots(catalog: Catalog, settlement: Settlement, adjacent_to: Coord | None, pair: bool) -> list[Placement]:
    """Where an alley may go now (rulebook, Free alleys, and bonus alleys: the normal placement rules):
    ``adjacent_to``: only beside that square (the second alley of a pair); ``pair``: only where a second alley could
    then go beside it ("If you build two alleys, they must be adjacent to each other")."""
    spots = legal_placements(settlement, catalog.alley)
    if adjacent_to is not None:
        r0, c0 = adjacent_to
        spots = [p for p in spots if abs(p.row - r0) + abs(p.col - c0) == 1]
    if pair:
        g = settlement.grid
        free = g.full & ~settlement.blocked & ~settlement.covered  # a second alley beside the first is connected
        spots = [p for p in spots if g.neighbours(g.bit(p.row, p.col)) & free]
    return spots
