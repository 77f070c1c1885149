"""One player's holdings: settlement board, gold, bullets, points, mining marker, partners.

Source: rulebook, Setup D (settlement board, mining track at the bottom space, 5 points) and E
(partners), Scoring points.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from solver.games.wild_tiled_west.components.values import Catalog, SpaceKind
from solver.games.wild_tiled_west.rules.settlement import Settlement


@dataclass
class PlayerState:
    """A seat's state.  ``mining`` is the index of the mining marker's space (0 = bottom);
    ``partners`` are ``{"id", "face_down"}`` (the setup partner is kept face down); ``dealt``
    holds the two setup cards until one is kept; ``set_aside`` a wild side's set-aside building
    tile; ``sawmills_used`` the Sawmill tiles already flipped; ``second_partner`` whether the
    4th mining space's partner was granted; ``ledger`` the points by category; ``completed_towns``
    town letters; ``ace_cards`` suits taken (Fancy Saloon, Pocket Aces); ``wheelwright_ongoing``
    the Wheelwright's second side; ``triggered`` indexes of red buildings already surrounded;
    ``ropes_done`` Rope Trick icons scored or covered; ``stashed_gold`` (Carpenters).  Setup puts the
    starting points in the ledger (``start``: Setup D4, ``Catalog.rule_numbers.starting_points``)."""

    seat: int
    settlement: Settlement
    gold: int = 0
    bullets: int = 0
    ledger: dict[str, int] = field(default_factory=dict)
    mining: int = 0
    partners: list[dict[str, Any]] = field(default_factory=list)
    dealt: list[str] = field(default_factory=list)
    set_aside: str | None = None
    sawmills_used: list[str] = field(default_factory=list)
    second_partner: bool = False
    tussles_won: int = 0
    completed_towns: list[str] = field(default_factory=list)
    ace_cards: list[str] = field(default_factory=list)
    wheelwright_ongoing: bool = False
    triggered: list[int] = field(default_factory=list)
    ropes_done: list[list[int]] = field(default_factory=list)
    stashed_gold: int = 0

    @property
    def points(self) -> int:
        """Total points (the sum of the ledger's categories)."""
        return sum(self.ledger.values())

    def score(self, category: str, points: int) -> None:
        """Add ``points`` (may be negative) to the ledger's ``category`` (solver.games.wild_tiled_west.rules.endgame.IN_GAME/ENDGAME)."""
        self.ledger[category] = self.ledger.get(category, 0) + points

    def to_json(self) -> dict[str, object]:
        """Plain data (everything, hidden cards included: views redact it)."""
        return {
            "seat": self.seat, "settlement": self.settlement.to_json(), "gold": self.gold, "bullets": self.bullets,
            "points": self.points, "ledger": dict(self.ledger), "mining": self.mining, "partners": [dict(p) for p in self.partners],
            "dealt": list(self.dealt), "set_aside": self.set_aside, "sawmills_used": list(self.sawmills_used),
            "second_partner": self.second_partner, "tussles_won": self.tussles_won,
            "completed_towns": list(self.completed_towns), "ace_cards": list(self.ace_cards),
            "wheelwright_ongoing": self.wheelwright_ongoing, "triggered": list(self.triggered),
            "ropes_done": [list(x) for x in self.ropes_done], "stashed_gold": self.stashed_gold,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], catalog: Catalog) -> PlayerState:
        """Rebuild from ``to_json`` data (the settlement is replayed through the placement rules)."""
        return cls(data["seat"], Settlement.from_json(data["settlement"], catalog), data["gold"], data["bullets"],
                   dict(data["ledger"]), data["mining"], [dict(p) for p in data["partners"]], list(data["dealt"]),
                   data["set_aside"], list(data["sawmills_used"]), data["second_partner"], data["tussles_won"],
                   list(data["completed_towns"]), list(data["ace_cards"]), data["wheelwright_ongoing"],
                   list(data["triggered"]), [list(x) for x in data["ropes_done"]], data["stashed_gold"])


def uncovered(player: PlayerState, kind: SpaceKind) -> list[tuple[int, int]]:
    """Spaces ``(row, col)`` of the player's settlement board printed with ``kind`` that no tile covers."""
    s = player.settlement
    return [(r, c) for r, c in s.side.squares(kind) if s.cover[r][c] < 0]
