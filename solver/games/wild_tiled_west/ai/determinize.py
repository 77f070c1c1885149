"""Rebuild a playable game from one seat's knowledge (``Game.position(seat)``), sampling what it cannot see.

A seat knows its own cards, the open tableau (settlements, trays, dice on the board, face-up partners,
revealed bandit cards, scores) and the agenda.  It does not know the random seed (so future dice and
draws), the partner deck's order, other seats' face-down and dealt partners, or the solo bandit deck's
order.  ``sample_game`` fills those with one draw from a generator of its own: unseen partners are
dealt at random to the unseen places, the bandit deck is a random order of the cards not yet revealed,
and future chance steps use a fresh seed.  Hints average over such samples and never read the hidden
values (a planner given only ``position`` cannot).

Source: rulebook, Setup (partners) and Solo play (bandit deck); this module is our own design.
"""

from __future__ import annotations

import random
from typing import Any

from solver.games.wild_tiled_west.components.catalog import load_catalog
from solver.games.wild_tiled_west.components.values import Catalog
from solver.games.wild_tiled_west.engine.game import Game


class PositionError(ValueError):
    """The position is not a seat's position (``Game.position``): the message names the missing field."""


def _unseen_partners(position: dict, catalog: Catalog, seat: int) -> list[str]:
    seen = set(position["face_up_partners"])
    for p in position["players"]:
        seen.update(c["id"] for c in p["partners"] if c.get("id"))
        if p["seat"] == seat and isinstance(p["dealt"], list):
            seen.update(p["dealt"])
    return sorted(c.id for c in catalog.partners if c.id not in seen)


def sample_game(position: dict[str, Any], seed: int, catalog: Catalog | None = None) -> Game:
    """A ``Game`` consistent with ``position`` (``Game.position(seat)`` data), the hidden values drawn
    with ``random.Random(seed)``.  The result plays on like any game (its own seed drives future dice
    and draws).  Raises ``PositionError`` when a field is missing or inconsistent."""
    catalog = catalog or load_catalog()
    try:
        seat = position["seat"]
        data = {k: v for k, v in position.items() if k not in ("pending", "bandits", "scores", "seat")}
        data["config"] = dict(position["config"], seed=seed)
        data["chance"] = 0
        data["players"] = [dict(p, partners=[dict(c) for c in p["partners"]]) for p in position["players"]]
        rng = random.Random(f"determinize:{seed}")
        pool = _unseen_partners(position, catalog, seat)
        rng.shuffle(pool)
        data["agenda"] = [dict(step) for step in position["agenda"]]
        choosing = next((step for step in data["agenda"] if step.get("step") == "keep_partner" and "seats" in step), None)
        for p in data["players"]:
            if p["seat"] == seat:
                continue
            if choosing is not None:  # Setup E: the dealt pair first, the partner a seat chose one of them
                p["dealt"] = [pool.pop() for _ in range(p["dealt"])] if not isinstance(p["dealt"], list) else p["dealt"]
            for card in p["partners"]:
                if card.get("id") is None:
                    card["id"] = rng.choice(p["dealt"]) if choosing is not None else pool.pop()
            if not isinstance(p["dealt"], list):
                p["dealt"] = [pool.pop() for _ in range(p["dealt"])]
        if choosing is not None:  # who has chosen is known, what only to each seat: its own, or the one drawn above
            choosing["kept"] = [data["players"][s]["partners"][0]["id"] if chosen else None
                                for s, chosen in enumerate(choosing["kept"])]
        deck_size = position["partner_deck"]
        data["partner_deck"] = [pool.pop() for _ in range(deck_size)] if isinstance(deck_size, int) else list(deck_size)
        if position.get("solo") and isinstance(position["solo"]["deck"], int):
            revealed = set(position["solo"]["revealed"])
            cards = sorted(c.id for c in catalog.bandit_cards if c.id not in revealed)
            rng.shuffle(cards)
            data["solo"] = dict(position["solo"], deck=cards[:position["solo"]["deck"]])
        return Game.from_json(data, catalog)
    except (KeyError, TypeError, IndexError) as exc:
        raise PositionError(f"not a seat's position (Game.position): {exc!r}") from None
