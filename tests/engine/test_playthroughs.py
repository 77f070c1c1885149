"""The golden playthroughs (tests/playthroughs/): complete seeded games of 1, 2, 4 and 5 players, normal and
wild sides (all eight), hint, greedy and random bots, replayed move by move: each bot still chooses the recorded
move and each move still causes the recorded events."""

from __future__ import annotations

import pytest

from tests.playthroughs.golden import GAMES, HERE, check


@pytest.mark.parametrize("name", [g.name for g in GAMES])
def test_golden_playthrough(name):
    moves = check(HERE / f"{name}.txt")
    assert moves > 40  # a whole game: at least the 16 rounds' drafts and placements of one seat
