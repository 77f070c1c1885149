"""Daily puzzle generation on the heavy-work queue (``service.heavy``; docs/api.md, "Daily puzzles").

- **Ahead of time**: ``puzzles_ahead`` (at each consumer's start, when ``PUZZLES_AHEAD`` is on, and every 15
  minutes) queues the generation of every puzzle (of every game with daily puzzles, at every difficulty it offers) of
  today (UTC) to the last date served that is not stored yet.
- **One at a time**: a generation takes up to several seconds of one process (docs/puzzles.md, "Speed"); however
  many are queued, one runs at a time (``GENERATION_LOCK``), so the queue's other processes stay free for people's
  hints and bots (``service.fairness``).
- **On request**: ``daily_puzzle`` answers a stored puzzle at once.  For a date not stored yet it queues that
  puzzle's generation, at most one at a time per (game, date, difficulty) on this queue (``start_generation``: a marker
  in the queue's key-value store; one left by a process that died counts only for ``GENERATION_STALE_SECONDS``),
  and waits up to ``PUZZLES_WAIT_SECONDS`` for the row; then it answers 503 ``generating`` with ``Retry-After``, so
  no request waits for a whole generation.  Requests that start a generation are limited per client by
  ``RATELIMIT_PUZZLE_GENERATION`` (429).
"""

from __future__ import annotations

import datetime
import logging
import time

from flask import current_app
from huey import crontab

from service.heavy import BACKGROUND, huey, task_app
from service.language import N_, _
from service.limits import limit_started_work
from service.problems import Refused
from service.puzzles.store import PuzzleStore
from service.storage import DEFAULT_GAME, StoredPuzzle

log = logging.getLogger(__name__)
GENERATION_STALE_SECONDS = 300  #: a generation marker older than this was left by a process that died
#: one puzzle is generated at a time on the queue (huey's task lock; the consumer clears it when it starts): a
#: generation that finds another under way is tried again this many seconds later, up to ``GENERATION_RETRIES`` times
GENERATION_RETRY_SECONDS = 10
GENERATION_RETRIES = 360
GENERATION_LOCK = huey.lock_task("puzzle-generation")
FAILED_RETRY_SECONDS = 60  #: a failed generation is tried again after this long
RETRY_AFTER_SECONDS = 5  #: ``Retry-After`` of a 503 ``generating``
POLL_SECONDS = 0.1  #: how often a waiting request looks for the stored row


def _marker(date: datetime.date, difficulty: str, game: str) -> str:
    return f"puzzle-generation:{game}:{date.isoformat()}:{difficulty}"


@huey.task(priority=BACKGROUND, retries=GENERATION_RETRIES, retry_delay=GENERATION_RETRY_SECONDS)
def generate_puzzle(date_iso: str, difficulty: str, game: str = DEFAULT_GAME) -> None:
    """The task: generate and store the puzzle of ``game`` (a registered game's id; tasks queued before the house had
    several games name none: Wild Tiled West) for ``date_iso`` (YYYY-MM-DD) at ``difficulty``, one at a time on the
    queue (``GENERATION_LOCK``: while another is under way, the task is tried again later, so generations never take
    more than one of the queue's processes); a failure is kept in the marker (``daily_puzzle`` answers it) and
    logged."""
    date = datetime.date.fromisoformat(date_iso)
    store: PuzzleStore = task_app().extensions["wtw_puzzles"]
    try:
        with GENERATION_LOCK:
            store.make(date, difficulty, game)
    except Refused as exc:
        huey.put(_marker(date, difficulty, game), {"failed": exc.detail, "rule": exc.rule, "at": time.time()})
        return
    huey.get(_marker(date, difficulty, game))  # reading without peek removes it


def start_generation(date: datetime.date, difficulty: str, game: str = DEFAULT_GAME) -> dict | None:
    """Queue the generation of ``game``'s puzzle of ``date`` at ``difficulty`` unless one is under way on this queue;
    returns the marker of a recent failure (``{"failed", "rule", "at"}``) instead of queuing again, else ``None``."""
    key, now = _marker(date, difficulty, game), time.time()
    if not huey.put_if_empty(key, {"started": now}):
        marker = huey.get(key, peek=True) or {}
        if "failed" in marker and now - marker["at"] < FAILED_RETRY_SECONDS:
            return marker
        if "started" in marker and now - marker["started"] < GENERATION_STALE_SECONDS:
            return None
        huey.put(key, {"started": now})
    generate_puzzle(date.isoformat(), difficulty, game=game)  # a keyword: the task's arguments stay (date, difficulty)
    return None


def daily_puzzle(store: PuzzleStore, date: datetime.date, difficulty: str, game: str = DEFAULT_GAME) -> StoredPuzzle:
    """The stored puzzle of ``game`` for ``date`` at ``difficulty``; when there is none yet, its generation is started
    and awaited up to ``PUZZLES_WAIT_SECONDS``.  Refused: 429 (``RATELIMIT_PUZZLE_GENERATION``,
    ``service.limits.limit_started_work``); 503 ``generating`` with
    ``Retry-After`` while it is being made; 503 ``generation_failed`` after a failed attempt (retried a minute
    later)."""
    stored = store.stored(date, difficulty, game)
    if stored is not None:
        return stored
    limit_started_work("RATELIMIT_PUZZLE_GENERATION", "puzzle-generation", N_("requests for puzzles not generated yet"))
    failed = start_generation(date, difficulty, game)
    deadline = time.monotonic() + float(current_app.config["PUZZLES_WAIT_SECONDS"])
    while failed is None:
        stored = store.stored(date, difficulty, game)
        if stored is not None:
            return stored
        if time.monotonic() >= deadline:
            raise Refused(503, _("the {difficulty} puzzle of {date} is being generated: retry in a few seconds").format(
                difficulty=difficulty, date=date.isoformat()), rule="generating", headers={"Retry-After": str(RETRY_AFTER_SECONDS)})
        time.sleep(POLL_SECONDS)
        failed = huey.get(_marker(date, difficulty, game), peek=True)
        failed = failed if failed and "failed" in failed else None
    raise Refused(503, failed["failed"], rule=failed["rule"], headers={"Retry-After": str(FAILED_RETRY_SECONDS)})


def queue_puzzles_ahead(store: PuzzleStore) -> int:
    """Start the generation of every puzzle (of every game with daily puzzles, at each difficulty it offers) from today
    (UTC) to the last date served that is not stored yet; returns how many were started."""
    today = datetime.datetime.now(datetime.UTC).date()
    started = 0
    for n in range((store.last_date(today) - today).days + 1):
        date = today + datetime.timedelta(days=n)
        for game, daily in store.dailies.items():
            for difficulty in daily.difficulties:
                if store.stored(date, difficulty, game) is None and start_generation(date, difficulty, game) is None:
                    started += 1
    return started


@huey.periodic_task(crontab(minute="*/15"), priority=BACKGROUND)
def puzzles_ahead() -> None:
    """Every 15 minutes (and at each consumer's start): ``queue_puzzles_ahead`` when ``PUZZLES_AHEAD`` is on."""
    app = task_app()
    if app.config["PUZZLES_AHEAD"]:
        queue_puzzles_ahead(app.extensions["wtw_puzzles"])
