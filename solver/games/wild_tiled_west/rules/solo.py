"""Solo play: the bandit deck, Bandit Ridge, and the solo Tussle and rank.

Source: rulebook, Solo play:

- When the round marker reaches a paw space, reveal the top bandit card, to the right of those
  already revealed.
- A card with bullets: take that many bullets from the supply and cover bandits on Bandit Ridge and
  the face-up cards; keep the excess near Bandit Ridge to cover future bandits as soon as they come.
- A card with cows: total the unwrangled cows on all face-up cards; if that is enough for a cattle
  contract not yet flipped, put a cowpoke on the rightmost cow and flip that contract (no one takes
  the reward); that cow and all cows left of it are wrangled.  If several could flip, flip the one
  of the largest wrangle.  Otherwise wait for more cows.
- End of each year: the bandits to beat are those not covered by bullets on the cards and Bandit
  Ridge.  Win or tie: score as normal and (Years 1-3) take a hill bandit; lose: lose the points and a
  hill bandit goes on Bandit Ridge; on a tie Bandit Ridge also gets a hill bandit.
- Ranks: Sidekick 50+, Deputy 90+, Ranger 110+, Marshal 130+, Mysterious Stranger 150+.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from solver.games.wild_tiled_west.components.values import Catalog
from solver.games.wild_tiled_west.rules.table import Event
from solver.games.wild_tiled_west.rules.tussle import LOSE, WIN
from solver.games.wild_tiled_west.rules.wrangling import Contract

TIE = "tie"


@dataclass
class SoloState:
    """Bandit deck (ids, top first: hidden), revealed cards (left to right), bullets on bandits,
    spare bullets kept by Bandit Ridge, hill bandits on Bandit Ridge, and how many of the revealed
    cows (counted from the left) are wrangled."""

    deck: list[str]
    revealed: list[str] = field(default_factory=list)
    bullets_on_bandits: int = 0
    spare_bullets: int = 0
    ridge_hill_bandits: int = 0
    wrangled_cows: int = 0

    def to_json(self, hide_deck: bool = False) -> dict[str, object]:
        """Plain data; ``hide_deck`` replaces the deck order by its size (a player's view)."""
        return {
            "deck": len(self.deck) if hide_deck else list(self.deck),
            "revealed": list(self.revealed),
            "bullets_on_bandits": self.bullets_on_bandits,
            "spare_bullets": self.spare_bullets,
            "ridge_hill_bandits": self.ridge_hill_bandits,
            "wrangled_cows": self.wrangled_cows,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SoloState:
        """Rebuild from ``to_json`` data (with the deck order)."""
        return cls(list(data["deck"]), list(data["revealed"]), data["bullets_on_bandits"], data["spare_bullets"],
                   data["ridge_hill_bandits"], data["wrangled_cows"])


def ridge_bandits(catalog: Catalog, solo: SoloState) -> int:
    """Bandits against you before bullets: Bandit Ridge's, its hill bandits and the revealed cards'."""
    cards = {c.id: c for c in catalog.bandit_cards}
    return catalog.bandit_ridge_bandits + solo.ridge_hill_bandits + sum(cards[i].bandits for i in solo.revealed)


def uncovered_bandits(catalog: Catalog, solo: SoloState) -> int:
    """The bandits you tussle against: those not covered by bullets."""
    return ridge_bandits(catalog, solo) - solo.bullets_on_bandits


def ridge_outlook(catalog: Catalog, solo: SoloState, cards: int) -> tuple[float, float]:
    """Mean and variance of the uncovered bandits on Bandit Ridge after ``cards`` more bandit cards are
    revealed (drawn at random from the deck; Bandit Ridge's hill bandits from future Tussles left out).
    Each card adds its bandits less its bullets (the spare bullets cover bandits as they come).  Returns
    ``(mean, variance)`` in bandits; raises nothing.  Source: rulebook, Solo Play (bandit cards, Tussles);
    the estimate is ours (hints and bots, solver.games.wild_tiled_west.ai.evaluation)."""
    revealed = set(solo.revealed)
    nets = [c.bandits - c.bullets for c in catalog.bandit_cards if c.id not in revealed] or [0]
    cards = min(cards, len(nets))
    mean = sum(nets) / len(nets)
    var = sum((n - mean) ** 2 for n in nets) / len(nets)
    now = uncovered_bandits(catalog, solo) - solo.spare_bullets
    return max(0.0, now + cards * mean), cards * var


def cover_bandits(catalog: Catalog, solo: SoloState) -> int:
    """Spend spare bullets on uncovered bandits; returns how many were covered."""
    used = min(solo.spare_bullets, uncovered_bandits(catalog, solo))
    solo.bullets_on_bandits += used
    solo.spare_bullets -= used
    return used


def reveal_bandit_card(catalog: Catalog, solo: SoloState, contracts: list[Contract], supply: dict[str, int]) -> list[Event]:
    """Reveal the top bandit card and resolve its bullets and cows; changes ``solo``,
    ``contracts`` and ``supply`` (bullets, cowpokes) and returns the events.  Nothing happens
    when the deck is empty (docs/rulings.md R14)."""
    if not solo.deck:
        return [{"type": "bandit_deck_empty"}]
    cards = {c.id: c for c in catalog.bandit_cards}
    card = cards[solo.deck.pop(0)]
    solo.revealed.append(card.id)
    events: list[Event] = [{"type": "bandit_card_revealed", "card": card.id, "bandits": card.bandits,
                           "cows": card.cows, "bullets": card.bullets}]
    if card.bullets:
        taken = min(card.bullets, supply["bullets"])
        supply["bullets"] -= taken
        solo.spare_bullets += taken
    covered = cover_bandits(catalog, solo)
    if covered:
        events.append({"type": "ridge_bandits_covered", "bullets": covered, "spare_bullets": solo.spare_bullets})
    if card.cows:
        total = sum(cards[i].cows for i in solo.revealed)
        unwrangled = total - solo.wrangled_cows
        open_contracts = [c for c in contracts if not c.flipped and c.size <= unwrangled]
        if open_contracts:
            contract = max(open_contracts, key=lambda c: c.size)
            contract.flipped = True
            solo.wrangled_cows = total
            if supply["cowpokes"] > 0:
                supply["cowpokes"] -= 1
            events.append({"type": "contract_flipped_by_bandits", "contract": contract.kind, "size": contract.size,
                           "cows": unwrangled})
    return events


def solo_tussle(catalog: Catalog, solo: SoloState, your_bandits: int, points: int, year: int,
                supply: dict[str, int]) -> tuple[str, int, bool, list[Event]]:
    """Resolve the year's Tussle against Bandit Ridge: returns ``(outcome, points gained,
    you take a hill bandit, events)``; adds Bandit Ridge's hill bandit (from the supply) on a tie
    or a loss, covering it with spare bullets at once (docs/rulings.md R13)."""
    ridge = uncovered_bandits(catalog, solo)
    if your_bandits < ridge:
        outcome, gained = WIN, points
    elif your_bandits == ridge:
        outcome, gained = TIE, points
    else:
        outcome, gained = LOSE, -points
    take_hill = outcome != LOSE and year < 4
    events = [{"type": "solo_tussle", "you": your_bandits, "bandit_ridge": ridge, "outcome": outcome, "points": gained}]
    if outcome != WIN and supply["hill_bandits"] > 0:
        supply["hill_bandits"] -= 1
        solo.ridge_hill_bandits += 1
        cover_bandits(catalog, solo)
        events.append({"type": "ridge_hill_bandit"})
    return outcome, gained, take_hill, events


def solo_rank(catalog: Catalog, score: int) -> str | None:
    """The rank a final solo ``score`` (points) earns, or ``None`` below Sidekick (rulebook chart)."""
    reached = [name for name, points, _ in catalog.scoreboard.solo_ranks if score >= points]
    return reached[-1] if reached else None
