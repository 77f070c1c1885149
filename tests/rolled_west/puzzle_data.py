"""Rolled West's daily puzzles as the tests use them: each generated once per test run and shared by the run's
processes (``tests.shared.computed_once``), the golden files (``tests/golden_puzzles/rolled-west/``) and a stand-in
for the service's generator.

Run ``python -m tests.rolled_west.puzzle_data`` to record the golden puzzles again, only when the generator's version
(``puzzles.rolled_west.daily.SEED_PREFIX``) changes on purpose."""

from __future__ import annotations

import datetime
import json
import sys
from pathlib import Path

from puzzles.archive import DIFFICULTIES
from puzzles.format import canonical_json, content_id
from puzzles.rolled_west.daily import generate_daily
from tests.shared import computed_once

GOLDEN = Path(__file__).resolve().parent.parent / "golden_puzzles" / "rolled-west"
#: the golden puzzles' dates (each at every difficulty)
DATES = [datetime.date(2026, 1, day) for day in (1, 2, 3)]
#: the puzzle the service's and the verifier's tests use (one of the golden ones: made once for both)
PUZZLE_DATE, PUZZLE_DIFFICULTY = datetime.date(2026, 1, 2), "medium"


def golden_path(date: datetime.date, difficulty: str) -> Path:
    """The golden file of ``date`` at ``difficulty``."""
    return GOLDEN / f"{date.isoformat()}-{difficulty}.json"


def daily_text(date: datetime.date, difficulty: str) -> str:
    """``canonical_json(generate_daily(date, difficulty))``, generated once per test run."""
    return computed_once(f"rolled-west-daily-{date.isoformat()}-{difficulty}",
                         lambda: canonical_json(generate_daily(date, difficulty)))


def session_puzzle() -> dict:
    """The real puzzle of ``PUZZLE_DATE`` at ``PUZZLE_DIFFICULTY``."""
    return json.loads(daily_text(PUZZLE_DATE, PUZZLE_DIFFICULTY))


def redated_puzzle(date: datetime.date, difficulty: str = "medium") -> dict:
    """A stand-in for Rolled West's generator that takes no time: the session's puzzle under another date and
    difficulty, its content id recomputed."""
    puzzle = {**session_puzzle(), "date": date.isoformat(), "difficulty": difficulty}
    puzzle["id"] = content_id(puzzle)
    return puzzle


def main(argv: list[str]) -> int:
    """Record the golden puzzles (``DATES`` at every difficulty)."""
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for date in DATES:
        for difficulty in DIFFICULTIES:
            golden_path(date, difficulty).write_text(canonical_json(generate_daily(date, difficulty)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
