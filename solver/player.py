"""One player's holdings: settlement board, gold, bullets, points, mining marker, partners.

Source: rulebook, Setup D (settlement board, mining track at the bottom space, 5 points) and E
(partners), Scoring points.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from solver.components import Catalog
from solver.settlement import Settlement

STARTING_POINTS = 5  #: rulebook, Setup D4: "each player begins with 5 points"


@dataclass
class PlayerState:
    """A seat's state.  ``mining`` is the index of the mining marker's space (0 = bottom);
    ``partners`` are ``{"id", "face_down"}`` (the setup partner is kept face down); ``dealt``
    holds the two setup cards until one is kept; ``set_aside`` a wild side's set-aside building
    tile; ``sawmills_used`` the Sawmill tiles already flipped; ``second_partner`` whether the
    4th mining space's partner was granted."""

    seat: int
    settlement: Settlement
    gold: int = 0
    bullets: int = 0
    points: int = STARTING_POINTS
    mining: int = 0
    partners: list[dict] = field(default_factory=list)
    dealt: list[str] = field(default_factory=list)
    set_aside: str | None = None
    sawmills_used: list[str] = field(default_factory=list)
    second_partner: bool = False
    tussles_won: int = 0

    def to_json(self) -> dict[str, object]:
        """Plain data (everything, hidden cards included: views redact it)."""
        return {
            "seat": self.seat, "settlement": self.settlement.to_json(), "gold": self.gold, "bullets": self.bullets,
            "points": self.points, "mining": self.mining, "partners": [dict(p) for p in self.partners],
            "dealt": list(self.dealt), "set_aside": self.set_aside, "sawmills_used": list(self.sawmills_used),
            "second_partner": self.second_partner, "tussles_won": self.tussles_won,
        }

    @classmethod
    def from_json(cls, data: dict, catalog: Catalog) -> PlayerState:
        """Rebuild from ``to_json`` data (the settlement is replayed through the placement rules)."""
        return cls(data["seat"], Settlement.from_json(data["settlement"], catalog), data["gold"], data["bullets"],
                   data["points"], data["mining"], [dict(p) for p in data["partners"]], list(data["dealt"]),
                   data["set_aside"], list(data["sawmills_used"]), data["second_partner"], data["tussles_won"])
