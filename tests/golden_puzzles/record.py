"""Record the daily puzzles of January 2026 as golden files (``tests/golden_puzzles/<date>-<difficulty>.json``):
their canonical JSON, byte for byte.  ``tests/puzzles/test_golden_puzzles.py`` regenerates each and compares the bytes.
Run ``python -m tests.golden_puzzles.record [DAY ...]`` only when the generator's version changes on purpose."""

from __future__ import annotations

import datetime
import sys
from pathlib import Path

from puzzles.archive import DIFFICULTIES
from puzzles.format import canonical_json
from puzzles.wild_tiled_west.daily import generate_daily

HERE = Path(__file__).parent
DATES = [datetime.date(2026, 1, day) for day in range(1, 32)]


def path(date: datetime.date, difficulty: str) -> Path:
    """The golden file of ``date`` at ``difficulty``."""
    return HERE / f"{date.isoformat()}-{difficulty}.json"


def main(argv: list[str]) -> int:
    """Record the named days of January 2026 (all 31 when none is named)."""
    days = [int(a) for a in argv] or range(1, 32)
    for day in days:
        date = datetime.date(2026, 1, day)
        for difficulty in DIFFICULTIES:
            path(date, difficulty).write_text(canonical_json(generate_daily(date, difficulty)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
