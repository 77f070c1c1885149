"""The daily puzzles the service publishes (issue 7, docs/api.md "Daily puzzles").

A day's puzzle is generated once (``puzzles.daily.daily_puzzle``), stored in the ``puzzles`` table as
the canonical JSON it was made with, and from then on always read from there: a later version of the
generator cannot rewrite a past day, and every worker and machine answers the same bytes.

Generating takes seconds (CP-SAT proofs): it runs on the heavy-work queue (``service.puzzles.tasks``), ahead of
time for the coming days, and for a date not stored yet when a request asks for it.  Two processes (or machines)
may both generate the same day; the unique constraint on (date, difficulty) lets one insert win, and the other
keeps the winner's row (the generator is deterministic, so both made the same puzzle anyway).  Only dates from
``PUZZLES_FIRST_DATE`` to today (UTC) plus ``PUZZLES_DAYS_AHEAD`` are served, so the endpoint cannot be used to
burn CPU on arbitrary dates.

The answers never hold the puzzle's optimal ``solution`` nor its ``breakdown`` (how the optimum is
made): they would spoil it.  The proven ``optimum`` is shown: it is the target score.
"""

from __future__ import annotations

import datetime
import functools
import json
import logging
from collections.abc import Callable
from typing import Any

from puzzles.daily import daily_puzzle
from puzzles.format import canonical_json
from puzzles.generate import GenerationError, GenerationTimeout
from puzzles.position import PuzzleError
from puzzles.verify import verify_solution
from service.cache import LRUCache
from service.problems import Refused
from service.storage import Storage, StoredPuzzle
from solver.games.wild_tiled_west.components.values import Catalog

log = logging.getLogger(__name__)
#: Members of a stored puzzle that no answer shows: the optimal solution and its score by term.
SPOILERS = ("solution", "breakdown")


def public_json(stored: StoredPuzzle) -> bytes:
    """The puzzle as answered: its stored canonical JSON without ``SPOILERS`` (still canonical: the same
    bytes every time).  Its ``id`` is the stored puzzle's (``content_id`` of the whole puzzle)."""
    puzzle = json.loads(stored.canonical)
    for key in SPOILERS:
        puzzle.pop(key, None)
    return canonical_json(puzzle).encode("ascii")


class PuzzleStore:
    """The published puzzles of one process: ``storage`` (the database) and the dates served: ``first_date`` to
    today (UTC) + ``days_ahead``.  ``generator`` makes a day's puzzle (``puzzles.daily.daily_puzzle``; tests put a
    stand-in there)."""

    def __init__(self, storage: Storage, first_date: datetime.date, days_ahead: int, cached: int = 64,
                 catalog: Catalog | None = None):
        self.catalog = catalog  #: the app's catalog when it is not the default one (``CATALOG_DIR``)
        self.generator: Callable[[datetime.date, str], dict[str, Any]] = (
            daily_puzzle if catalog is None else functools.partial(daily_puzzle, catalog=catalog))
        self.storage = storage
        self.first_date = first_date
        self.days_ahead = days_ahead
        self._public: LRUCache[bytes] = LRUCache(cached)

    def last_date(self, today: datetime.date | None = None) -> datetime.date:
        """The last date served: ``today`` (default: today, UTC) + ``days_ahead``."""
        today = today or datetime.datetime.now(datetime.UTC).date()
        return today + datetime.timedelta(days=self.days_ahead)

    def check_date(self, date: datetime.date, today: datetime.date | None = None) -> None:
        """422 ``date_out_of_range`` unless ``first_date <= date <= last_date(today)``."""
        last = self.last_date(today)
        if not self.first_date <= date <= last:
            raise Refused(422, f"daily puzzles are served for {self.first_date.isoformat()} to {last.isoformat()} "
                               f"(UTC), not {date.isoformat()}", rule="date_out_of_range")

    def stored(self, date: datetime.date, difficulty: str) -> StoredPuzzle | None:
        """The stored puzzle of ``date`` at ``difficulty``, or ``None`` (not generated yet)."""
        return self.storage.daily_puzzle(date.isoformat(), difficulty)

    def make(self, date: datetime.date, difficulty: str) -> StoredPuzzle:
        """The stored puzzle of ``date`` at ``difficulty``, generated (seconds: run it on the heavy-work queue) and
        stored first when there is none.  Refused: 503 ``generation_failed`` when the generator gives no puzzle
        (``GenerationTimeout``: the machine was too loaded to prove it in the safety limit; retry)."""
        stored = self.stored(date, difficulty)
        if stored is not None:
            return stored
        puzzle = self._generate(date, difficulty)
        made = StoredPuzzle(puzzle["id"], date.isoformat(), difficulty, canonical_json(puzzle))
        return self.storage.insert_puzzle(made)  # or the row another process inserted first

    def _generate(self, date: datetime.date, difficulty: str) -> dict[str, Any]:
        try:
            return self.generator(date, difficulty)
        except GenerationTimeout:
            raise Refused(503, "the puzzle could not be proven within the generator's safety limit on this "
                               "loaded server: retry shortly", rule="generation_failed",
                          headers={"Retry-After": "10"}) from None
        except GenerationError as exc:
            log.error("no daily puzzle for %s %s: %s", date.isoformat(), difficulty, type(exc).__name__)
            raise Refused(503, f"no {difficulty} puzzle could be generated for {date.isoformat()}",
                          rule="generation_failed") from None

    def get(self, puzzle_id: str) -> StoredPuzzle:
        """The stored puzzle with ``puzzle_id``; 404 ``unknown_puzzle`` when none was published."""
        stored = self.storage.puzzle(puzzle_id)
        if stored is None:
            raise Refused(404, f"no published puzzle with id {puzzle_id!r}", rule="unknown_puzzle")
        return stored

    def public(self, stored: StoredPuzzle) -> bytes:
        """``public_json(stored)``, kept per puzzle id."""
        body = self._public.get(stored.id)
        if body is None:
            body = public_json(stored)
            self._public.put(stored.id, body)
        return body

    def verify(self, puzzle_id: str, solution: dict[str, Any]) -> dict[str, Any]:
        """``puzzles.verify.verify_solution``'s verdict on ``solution`` for the stored puzzle, with the
        puzzle's ``id``.  Refused: 404 ``unknown_puzzle``, 422 ``invalid_solution`` (an unknown tile,
        a tile not in the hand or used twice)."""
        stored = self.get(puzzle_id)
        try:
            verdict = verify_solution(json.loads(stored.canonical), solution, self.catalog)
        except PuzzleError as exc:
            raise Refused(422, str(exc), rule="invalid_solution") from None
        return {"puzzle": stored.id, **verdict}
