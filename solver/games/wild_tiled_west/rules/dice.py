"""Prairie and river dice: rolling, placing them on the tray slots, and moving them on.

Source: rulebook, Roll and place dice:

- Prairie dice (d20) go on the prairie slots 1-20 along the trays' left and right edges; river dice
  (d8) on the river slots 1-8.
- If two or more dice would be placed on the same number, one goes there and the rest on the next
  numbers in sequence; a die moved from its highest value becomes a 1.
- A die on an entirely empty row or column moves on to the next number, also during a round; an
  empty nearest stack alone does not move it.

A placed die always shows the number of its slot.  A die that finds no slot (every line of its kind
empty) is set aside at once (docs/rulings.md R11).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.games.wild_tiled_west.components.values import Catalog
from solver.games.wild_tiled_west.rules.table import Event
from solver.games.wild_tiled_west.rules.trays import TrayState, prairie_line, river_line

PRAIRIE, RIVER = "prairie", "river"


@dataclass
class Die:
    """One die: ``id`` (0-based, stable for the game), ``kind`` (prairie or river), ``value`` (its
    face), ``slot`` (the slot number it sits on, ``None`` when not on the trays) and ``used``
    (drafted with and set aside this round)."""

    id: int
    kind: str
    value: int
    slot: int | None = None
    used: bool = False

    def to_json(self) -> dict[str, object]:
        """Plain data."""
        return {"id": self.id, "kind": self.kind, "value": self.value, "slot": self.slot, "used": self.used}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Die:
        """Rebuild from ``to_json`` data."""
        return cls(data["id"], data["kind"], data["value"], data["slot"], data["used"])


def faces(kind: str) -> int:
    """20 for a prairie die, 8 for a river die (rulebook: Game components)."""
    return 20 if kind == PRAIRIE else 8


def die_line(catalog: Catalog, kind: str, number: int) -> list[str]:
    """The stacks a die of ``kind`` on slot ``number`` drafts along, nearest first."""
    if kind == PRAIRIE:
        return prairie_line(catalog.trays.prairie_slots[number - 1], catalog.trays.cols)
    return river_line(catalog.trays.river_slots[number - 1], catalog.trays.rows)


def _next_free(catalog: Catalog, trays: TrayState, kind: str, start: int, taken: set[int]) -> int | None:
    """The first number from ``start`` on (wrapping after the highest to 1) that holds no die and
    whose line is not entirely empty; ``None`` when there is none."""
    n = faces(kind)
    number = start
    for _ in range(n):
        if number not in taken and not trays.line_is_empty(die_line(catalog, kind, number)):
            return number
        number = number % n + 1
    return None


def place_dice(catalog: Catalog, trays: TrayState, dice: list[Die]) -> list[Event]:
    """Place freshly rolled ``dice`` (their ``value`` is the roll) on their slots, moving clashes
    and dice on empty lines on to the next numbers.  Dice are placed lowest value first (ties by
    id), which puts the set of occupied numbers exactly as the rulebook's examples do.  Returns
    one event per die: ``{"type": "die_placed", "die", "kind", "rolled", "slot"}``."""
    events = []
    for kind in (PRAIRIE, RIVER):
        taken: set[int] = set()
        for die in sorted((d for d in dice if d.kind == kind), key=lambda d: (d.value, d.id)):
            rolled = die.value
            number = _next_free(catalog, trays, kind, rolled, taken)
            die.slot = number
            die.used = number is None
            if number is not None:
                die.value = number
                taken.add(number)
            events.append({"type": "die_placed", "die": die.id, "kind": kind, "rolled": rolled, "slot": number})
    return events


def settle_dice(catalog: Catalog, trays: TrayState, dice: list[Die]) -> list[Event]:
    """Move on every unused die whose row or column has become entirely empty (during a round).
    Returns ``{"type": "die_moved", "die", "from", "to"}`` events (``to`` is ``None`` when the
    die found no slot and was set aside)."""
    events = []
    for die in sorted(dice, key=lambda d: (d.kind, d.slot or 0, d.id)):
        if die.used or die.slot is None or not trays.line_is_empty(die_line(catalog, die.kind, die.slot)):
            continue
        taken = {d.slot for d in dice if d.kind == die.kind and not d.used and d.slot is not None and d is not die}
        number = _next_free(catalog, trays, die.kind, die.slot % faces(die.kind) + 1, taken)
        events.append({"type": "die_moved", "die": die.id, "from": die.slot, "to": number})
        die.slot = number
        if number is None:
            die.used = True
        else:
            die.value = number
    return events
