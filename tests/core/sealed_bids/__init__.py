"""Sealed Bids: a made-up game of the tests (not one of the house's games), small enough to read in a minute, where
every seat decides at once: the house's protocol, service and search are shown to handle decisions by several seats
at once with it.  Registered only by the tests that use it (``register``).

The rules (ours): 2-4 players, ``ROUNDS`` rounds, each seat starts with ``COINS`` coins.  Each round a prize of 1-6
points is rolled (a chance step, seen by all), then every seat bids 0-``MAX_BID`` coins (at most what it has) in
secret, and may change its bid until the last seat has bid; then the bids are revealed, every seat pays its bid, and
the highest bid that no other seat made wins the prize (nobody wins when every bid is matched).  Most points win;
ties share the place."""

from __future__ import annotations

from solver.core import registry
from solver.core.registry import GameEntry

ENTRY = GameEntry(id="sealed-bids", title="Sealed Bids", players=range(2, 5), rules="sealed-bids (tests/core/sealed_bids)",
                  package=__name__, reconstructed="A made-up game of the tests.")


def register() -> GameEntry:
    """Add Sealed Bids to the registry (once); returns its entry."""
    if ENTRY.id not in {e.id for e in registry.entries()}:
        registry.register(ENTRY)
    return ENTRY


def unregister() -> None:
    """Remove Sealed Bids from the registry (a test's clean-up)."""
    registry._ENTRIES.pop(ENTRY.id, None)
