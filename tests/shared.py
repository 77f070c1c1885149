"""Expensive test data computed once per test run and shared by the run's processes (``make test`` runs pytest in 2
pytest-xdist workers, each of which would otherwise compute it again).

``computed_once(key, compute)`` returns ``compute()`` (a string): the first process to ask computes it while holding a
lock and writes it to a file of the run's own temporary folder; the others wait for the lock and read the file (the
recipe of pytest-xdist's documentation for session fixtures, "Making session-scoped fixtures execute only once").
The folder is ``<the run's basetemp>/computed-once-<the run's id>``: a new one every run, so nothing computed by an
earlier run (an earlier version of the code) is ever read.  Outside a worker (``pytest -n 0``), or without
``fcntl``'s locks, each process computes its own.  Within a process each key is computed or read once.

``daily_puzzle_text(date, difficulty)`` is the one such datum today: ``puzzles.wild_tiled_west.daily.generate_daily``'s puzzle as its
canonical JSON, which the golden puzzles' test (``tests/puzzles/test_golden_puzzles.py``), the puzzles' own tests
and the service's tests (``tests.service.service_http.session_puzzle``) all need for 2026-01-02."""

from __future__ import annotations

import datetime
import os
from collections.abc import Callable
from pathlib import Path

from puzzles.format import canonical_json
from puzzles.wild_tiled_west.daily import generate_daily

try:
    import fcntl
except ImportError:  # pragma: no cover - not on Windows: each process computes its own
    fcntl = None  # type: ignore[assignment]

_folder: Path | None = None  #: set in a pytest-xdist worker by ``share_between_workers``
_memo: dict[str, str] = {}


def share_between_workers(config) -> None:
    """Called from ``tests/conftest.py``'s ``pytest_configure``: in a pytest-xdist worker, where the data is shared."""
    global _folder
    workerinput = getattr(config, "workerinput", None)
    if workerinput is not None and config.option.basetemp and fcntl is not None:
        # the worker's basetemp is <the run's basetemp>/<worker id>: its parent is the run's, shared by its workers
        _folder = Path(config.option.basetemp).parent / f"computed-once-{workerinput['testrunuid']}"


def computed_once(key: str, compute: Callable[[], str]) -> str:
    """``compute()``, computed once per test run (``key`` names it: a file name) and shared by its processes."""
    if key not in _memo:
        _memo[key] = compute() if _folder is None else _shared(_folder, key, compute)
    return _memo[key]


def _shared(folder: Path, key: str, compute: Callable[[], str]) -> str:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{key}.txt"
    with open(folder / f"{key}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if path.is_file():
            return path.read_text(encoding="utf-8")
        text = compute()
        written = folder / f"{key}.part"
        written.write_text(text, encoding="utf-8")
        os.replace(written, path)
        return text


def daily_puzzle_text(date: datetime.date, difficulty: str) -> str:
    """``canonical_json(generate_daily(date, difficulty))``, generated once per test run."""
    return computed_once(f"daily-{date.isoformat()}-{difficulty}",
                         lambda: canonical_json(generate_daily(date, difficulty)))
