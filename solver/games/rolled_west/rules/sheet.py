"""A player's score sheet, as plain data: the marks the rule text has players draw on their "dry-erase scoreboards".

rule text: "mark your choices on the included dry-erase scoreboards".  Every sheet is open information."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from solver.core.protocol import IllegalMove
from solver.games.rolled_west.components.texts import N_, _
from solver.games.rolled_west.components.values import METALS, Components

#: A claim space's marks (rule text: "draw a triangle in the leftmost empty space"; "also draw a circle in the next
#: empty space").
EMPTY, TRIANGLE, CIRCLE = "", "triangle", "circle"


class _Named(Protocol):
    @property
    def id(self) -> str: ...


T = TypeVar("T", bound=_Named)


@dataclass
class Sheet:
    """One player's sheet.

    ``claims``: terrain -> each space's mark (``EMPTY``, ``TRIANGLE``, ``CIRCLE``); ``shipping``: metal -> the points
    circled in each checked box, leftmost first (its length: the boxes checked); ``contracts`` and ``offices``: the
    ids circled, in order; ``white`` and ``dark``: the bank boxes, one per round (``None``: empty; else
    ``{"resource", "spent"}``: rule text, "Cross them off on your score board as you use them")."""

    claims: dict[str, list[str]]
    shipping: dict[str, list[int]]
    contracts: list[str] = field(default_factory=list)
    offices: list[str] = field(default_factory=list)
    white: list[dict[str, Any] | None] = field(default_factory=list)
    dark: list[dict[str, Any] | None] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The sheet as plain JSON data (``from_json`` reads it back)."""
        return {"claims": {t: list(m) for t, m in self.claims.items()},
                "shipping": {m: list(p) for m, p in self.shipping.items()},
                "contracts": list(self.contracts), "offices": list(self.offices),
                "white": [None if b is None else dict(b) for b in self.white],
                "dark": [None if b is None else dict(b) for b in self.dark]}

    def copy(self) -> Sheet:
        """A copy that changes independently (as ``from_json(to_json())``, without the round trip's dicts)."""
        return Sheet({t: list(m) for t, m in self.claims.items()}, {m: list(p) for m, p in self.shipping.items()},
                     list(self.contracts), list(self.offices),
                     [None if b is None else dict(b) for b in self.white],
                     [None if b is None else dict(b) for b in self.dark])

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Sheet:
        """The sheet ``to_json`` wrote."""
        return cls({t: list(m) for t, m in data["claims"].items()}, {m: list(p) for m, p in data["shipping"].items()},
                   list(data["contracts"]), list(data["offices"]),
                   [None if b is None else dict(b) for b in data["white"]],
                   [None if b is None else dict(b) for b in data["dark"]])


def new_sheet(components: Components) -> Sheet:
    """A blank sheet: every claim space empty, no box checked, a white and a dark bank box per round."""
    rounds = components.numbers.rounds
    return Sheet({r.terrain: [EMPTY] * len(r.numbers) for r in components.claim_rows}, {m: [] for m in METALS},
                 white=[None] * rounds, dark=[None] * rounds)


def circled_by(sheets: list[Sheet], kind: str, item_id: str) -> int | None:
    """The seat that circled ``item_id`` among its ``kind`` (``"contracts"`` or ``"offices"``), or ``None``: one seat
    at most, for every opponent crossed it off (rule text: "Each opponent must cross that contract off on their board,
    it is no longer available"; likewise an office)."""
    return next((s for s, sheet in enumerate(sheets) if item_id in getattr(sheet, kind)), None)


def uncircled(items: Sequence[T], sheets: list[Sheet], kind: str) -> list[T]:
    """The ``items`` (contracts or offices, by their ``id``) that no seat has circled among its ``kind``, in order."""
    circled = {item_id for sheet in sheets for item_id in getattr(sheet, kind)}
    return [x for x in items if x.id not in circled]


#: what an unknown contract or office id is said to be, and a contract or office circled already (by another player, or
#: by the player itself in the solo puzzle; no seat index: a player reads it)
UNKNOWN = {"contract": N_("no contract {item!r}"), "office": N_("no Boomtown office {item!r}")}
TAKEN = {"contract": N_("this contract is circled already: it is no longer available"),
         "office": N_("this Boomtown office is bought already: it is no longer available")}


def check_available(sheets: list[Sheet], kind: str, item_id: str, known: list[str], what: str) -> None:
    """Raises ``IllegalMove("no_such_<what>")`` when ``item_id`` is not in ``known``, ``IllegalMove("<what>_taken")``
    when a seat circled it (``circled_by``)."""
    if item_id not in known:
        raise IllegalMove(f"no_such_{what}", _(UNKNOWN[what]).format(item=item_id))
    owner = circled_by(sheets, kind, item_id)
    if owner is not None:
        raise IllegalMove(f"{what}_taken", _(TAKEN[what]))
