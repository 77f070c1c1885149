"""The tile trays in play: which tiles remain in each stack, and the lines the dice draft along.

A stack slot is named ``"<tray>:<row>,<col>"`` (``"left:2,1"``): tray ``left`` or ``right``, row 0-4
from the top, column 0-3 from the left; columns 1 and 2 are the river.  ``TrayState.stacks`` maps
each slot to its remaining tile ids, top tile first.

Source: rulebook, Setup (tray layout, tile removal by player count), Roll and place dice, Drafting
a tile; the geometry is derived in ``../shared/design/components.md`` §3.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from solver.games.wild_tiled_west.components.values import Catalog, PrairieSlot, RiverSlot


def slot_key(tray: str, row: int, col: int) -> str:
    """``"left:2,1"`` for tray ``left``, row 2, column 1."""
    return f"{tray}:{row},{col}"


def parse_slot_key(key: str) -> tuple[str, int, int]:
    """``(tray, row, col)`` from ``"left:2,1"``; raises ``ValueError`` for a malformed key."""
    tray, _, rc = key.partition(":")
    row, _, col = rc.partition(",")
    if tray not in ("left", "right") or not row.isdigit() or not col.isdigit():
        raise ValueError(f"a slot is written 'left:row,col' or 'right:row,col', not {key!r}")
    return tray, int(row), int(col)


def prairie_line(slot: PrairieSlot, cols: int = 4) -> list[str]:
    """The stacks a prairie die on ``slot`` drafts along: its row, nearest first (from its end)."""
    order = range(cols) if slot.end == "left" else range(cols - 1, -1, -1)
    return [slot_key(slot.tray, slot.row, c) for c in order]


def river_line(slot: RiverSlot, rows: int = 5) -> list[str]:
    """The stacks a river die on ``slot`` drafts along: its river column, nearest first."""
    order = range(rows) if slot.end == "top" else range(rows - 1, -1, -1)
    return [slot_key(slot.tray, r, slot.col) for r in order]


@dataclass
class TrayState:
    """The stacks in play: slot key -> tile ids, top first; ``costs``: slot key -> gold."""

    stacks: dict[str, list[str]]
    costs: dict[str, int]
    removed: list[str] = field(default_factory=list)  #: tiles returned to the box at setup

    @classmethod
    def from_catalog(cls, catalog: Catalog) -> TrayState:
        """Full trays as for a first game: every slot holds the stack the data lists (Setup)."""
        stacks = {slot_key(s.tray, s.row, s.col): list(s.stack) for s in catalog.trays.slots}
        costs = {slot_key(s.tray, s.row, s.col): s.cost for s in catalog.trays.slots}
        return cls(stacks, costs)

    def remove_for_player_count(self, players: int) -> list[str]:
        """Return to the box one tile (the top one) from the stacks the rulebook names, and list them.

        2 players: every stack on the outer edge of each combined tray (28 tiles); 3 players: every
        stack on the left and right edges, none on the river (20); solo: every stack (40); 4 and 5
        players: none.  Source: rulebook, Setup (F) and Solo play / Setup; which tile of a stack
        goes is our ruling (the top one, docs/rulings.md R10).
        """
        out = []
        for key, stack in self.stacks.items():
            _, row, col = parse_slot_key(key)
            if players == 1:
                take = True
            elif players == 2:
                take = row in (0, 4) or col in (0, 3)
            elif players == 3:
                take = col in (0, 3)
            else:
                take = False
            if take and stack:
                out.append(stack.pop(0))
        self.removed.extend(out)
        return out

    def line_is_empty(self, line: list[str]) -> bool:
        """True when no stack of ``line`` holds a tile (an entirely empty row or column)."""
        return not any(self.stacks[k] for k in line)

    def top(self, key: str) -> str | None:
        """The top tile id of a stack, or ``None`` when it is empty."""
        stack = self.stacks[key]
        return stack[0] if stack else None

    def take(self, key: str) -> str:
        """Remove and return the top tile of a stack; raises ``ValueError`` when empty."""
        if not self.stacks[key]:
            raise ValueError(f"the stack at {key} is empty")
        return self.stacks[key].pop(0)

    def take_tile(self, tile_id: str) -> str:
        """Remove a given tile from whichever stack holds it (set-aside buildings of wild sides);
        raises ``ValueError`` when no stack holds it."""
        for stack in self.stacks.values():
            if tile_id in stack:
                stack.remove(tile_id)
                return tile_id
        raise ValueError(f"tile {tile_id} is not in the trays")

    def tile_count(self) -> int:
        """Tiles left in all stacks."""
        return sum(len(s) for s in self.stacks.values())

    def to_json(self) -> dict[str, object]:
        """``{"stacks": {slot: [ids]}, "removed": [ids]}`` (costs come from the catalog)."""
        return {"stacks": {k: list(v) for k, v in self.stacks.items()}, "removed": list(self.removed)}

    @classmethod
    def from_json(cls, data: dict[str, Any], catalog: Catalog) -> TrayState:
        """Rebuild from ``to_json`` data."""
        state = cls.from_catalog(catalog)
        state.stacks = {k: list(v) for k, v in data["stacks"].items()}
        state.removed = list(data.get("removed", []))
        return state
