"""Who goes first on the heavy-work queue, and when a request for heavy work is refused (issue 39; docs/api.md,
"Fair heavy work").

huey runs the queued task of the **highest priority** first (and, among equal priorities, the oldest): that is the
whole scheduler, the library's own.  This module only chooses each task's priority:

- **By kind of work** (``tier``): a tier per kind, a setting each (``PRIORITY_<KIND>``), higher first:
  ``HINT`` (a seat's hint in its game, 100), ``BOT_OPPONENT`` (a bot's decision in a game where a person plays,
  90), ``ANALYSIS`` (the stateless hints and plans, 80), ``REVIEW`` (a slice of a move review, 50), ``ALL_BOTS`` (a
  bot's decision in a game of bots only, 20) and ``BACKGROUND`` (puzzles generated ahead, sweeps, 0).
- **By client**: a client (its address, as the rate limits count) has at most ``TASK_CLIENT_WORK_SECONDS`` (10) of
  work (its requests' budgets) on the queue at once, or one request whatever its budget: a later one waits in its
  web worker (a greenlet) until enough of the client's earlier ones are answered.  So one client's long requests
  take one of the queue's processes at a time, while a few players sharing an address (a household, an office) ask
  for their ordinary hints at once.  And within a kind a
  request's task gets its tier less ``share(n)``, ``n`` being how many heavy requests of the same client are in
  flight already: 0 for the first, 1/2 for a second at once, 2/3 for a third...  Always less than 1, so a client
  never leaves its tier; a client's second request waits behind every other client's first, its third behind every
  second.

Long work is cut into **slices** so that no task holds a process for long: a bot plays one decision per task
(``service.games.bots``), a review a few seconds of decisions (``REVIEW_SLICE_SECONDS``), one puzzle is generated at a
time on the queue (``service.puzzles.tasks``).  A request's task, once queued, therefore waits for the work of higher
priority queued before it, plus at most one slice already running.

The requests in flight are counted in the ``heavy_work`` table (``HeavyWork``): a row from the moment a request
queues its task until it has its answer (or gives up).  The same rows **measure the queue**: the work ahead of a new
request is the budgets of the rows of its priority or higher, shared by the queue's processes (``TASK_WORKERS``).  A
request whose wait would exceed ``TASK_QUEUE_MAX_SECONDS`` is refused at once with 503 ``busy`` and a
``Retry-After`` of that wait, and so is one whose answer did not come within its budget, the work measured ahead of
it and ``TASK_WAIT_SECONDS`` (one slice of other work, and the model's building): a hint answers 503 only when the
people's requests ahead of it fill the processes.
"""

from __future__ import annotations

import math
import os
import secrets
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from flask import Flask, current_app
from flask_limiter.util import get_remote_address
from huey.api import TaskWrapper
from sqlalchemy import and_, delete, func, or_, select

from service.heavy import busy, submit
from service.models import HeavyWorkRecord
from service.storage import Storage

#: each kind of heavy work and its default priority (the setting ``PRIORITY_<KIND>``): higher runs first
TIERS = {"HINT": 100, "BOT_OPPONENT": 90, "ANALYSIS": 80, "REVIEW": 50, "ALL_BOTS": 20, "BACKGROUND": 0}
DEFAULT_QUEUE_MAX_SECONDS = 30.0  #: the default ``TASK_QUEUE_MAX_SECONDS``
DEFAULT_CLIENT_WORK_SECONDS = 10.0  #: the default ``TASK_CLIENT_WORK_SECONDS``: one hint at the highest budget
TURN_POLL_SECONDS = 0.05  #: how often a request waiting for its client's earlier ones looks again
DEFAULT_TASK_WORKERS = 2  #: the queue's processes when ``TASK_WORKERS`` does not say (service/gunicorn_conf.py)
#: a row older than this is a request that died without removing it: no longer counted, and removed
STALE_SECONDS = 120


def init_fairness(app: Flask) -> None:
    """The defaults of the settings this module reads: ``PRIORITY_<KIND>`` (``TIERS``), ``TASK_QUEUE_MAX_SECONDS``,
    ``TASK_CLIENT_WORK_SECONDS``."""
    for kind, priority in TIERS.items():
        app.config.setdefault(f"PRIORITY_{kind}", priority)
    app.config.setdefault("TASK_QUEUE_MAX_SECONDS", DEFAULT_QUEUE_MAX_SECONDS)
    app.config.setdefault("TASK_CLIENT_WORK_SECONDS", DEFAULT_CLIENT_WORK_SECONDS)


def tier(config: dict, kind: str) -> int:
    """The priority of ``kind`` of work (a key of ``TIERS``) in the app's ``config``; raises ``KeyError`` for
    another kind."""
    return int(config.get(f"PRIORITY_{kind}", TIERS[kind]))


def share(in_flight: int) -> float:
    """What a client's request loses of its tier when the client has ``in_flight`` heavy requests under way
    already: ``n / (n + 1)``, from 0 (the first) towards 1, never reaching it."""
    return in_flight / (in_flight + 1)


def task_processes() -> int:
    """How many processes take tasks from the queue: ``TASK_WORKERS`` (default 2; 0, consumers run elsewhere, counts
    as the default)."""
    try:
        return int(os.environ.get("TASK_WORKERS", "")) or DEFAULT_TASK_WORKERS
    except ValueError:
        return DEFAULT_TASK_WORKERS


@dataclass(frozen=True)
class Admission:
    """A request's place on the queue: its task's ``priority`` and the ``ahead_s`` seconds of work measured ahead of
    it (the budgets of the requests in flight of its priority or higher, shared by the queue's processes)."""

    priority: float
    ahead_s: float

    def retry_after(self) -> int:
        """``Retry-After`` for this request, in whole seconds: the work ahead, at least 1."""
        return max(1, math.ceil(self.ahead_s))


class HeavyWork:
    """The heavy requests in flight, a row each in the ``heavy_work`` table (see the module)."""

    def __init__(self, storage: Storage):
        self.storage = storage

    def admit(self, client: str, tier_priority: int, budget_ms: int) -> Admission:
        """The priority and the work ahead of a new request of ``client`` (its address) at ``tier_priority``
        asking for ``budget_ms`` of work."""
        since = time.time() - STALE_SECONDS
        with self.storage.sessions() as s:
            mine = s.scalar(select(func.count()).where(HeavyWorkRecord.client == client[:64],
                                                       HeavyWorkRecord.started > since)) or 0
            priority = tier_priority - share(mine)
            ahead_ms = s.scalar(select(func.coalesce(func.sum(HeavyWorkRecord.budget_ms), 0))
                                .where(HeavyWorkRecord.priority >= priority, HeavyWorkRecord.started > since)) or 0
        return Admission(priority, ahead_ms / 1000 / task_processes())

    @contextmanager
    def in_flight(self, client: str, admission: Admission, budget_ms: int) -> Iterator[tuple[str, float]]:
        """Count the request as in flight (a row) for the ``with`` block, which gets the row's ``(id, started)``;
        rows left by dead requests are removed."""
        row_id = secrets.token_hex(8)
        now = time.time()
        with self.storage.sessions.begin() as s:
            s.execute(delete(HeavyWorkRecord).where(HeavyWorkRecord.started <= now - STALE_SECONDS))
            s.add(HeavyWorkRecord(id=row_id, client=client[:64], priority=admission.priority, budget_ms=budget_ms,
                                  started=now))
        try:
            yield row_id, now
        finally:
            with self.storage.sessions.begin() as s:
                s.execute(delete(HeavyWorkRecord).where(HeavyWorkRecord.id == row_id))

    def earlier(self, client: str, row: tuple[str, float]) -> tuple[int, int]:
        """How many of ``client``'s requests in flight came before its request ``row`` (``in_flight``'s), and their
        budgets in all (milliseconds)."""
        row_id, started = row
        with self.storage.sessions() as s:
            count, budgets = s.execute(select(func.count(), func.coalesce(func.sum(HeavyWorkRecord.budget_ms), 0)).where(
                HeavyWorkRecord.client == client[:64], HeavyWorkRecord.started > started - STALE_SECONDS,
                or_(HeavyWorkRecord.started < started,
                    and_(HeavyWorkRecord.started == started, HeavyWorkRecord.id < row_id)))).one()
        return int(count), int(budgets)

    def wait_turn(self, client: str, row: tuple[str, float], budget_ms: int, most_ms: int, until: float) -> bool:
        """Wait until the request ``row`` of ``client``, ``budget_ms`` of work, is the client's first in flight, or its
        budget and those of the client's earlier ones make ``most_ms`` at most (polling every ``TURN_POLL_SECONDS``),
        or the monotonic clock reaches ``until``.  Returns whether the turn came."""
        while True:
            count, budgets = self.earlier(client, row)
            if count == 0 or budgets + budget_ms <= most_ms:
                return True
            if time.monotonic() >= until:
                return False
            time.sleep(TURN_POLL_SECONDS)


def run_for_request(kind: str, task: TaskWrapper, *args: Any, budget_ms: int, **kwargs: Any) -> Any:
    """Run ``task`` (``service.heavy.submit``) for the current request, ``kind`` of work (a key of ``TIERS``) with a
    budget of ``budget_ms``: counted in flight while it waits; queued once its client's earlier requests still in
    flight leave room for it within ``TASK_CLIENT_WORK_SECONDS`` (or there are none), at its client's priority; waited for up to its budget, the
    work measured ahead of it and ``TASK_WAIT_SECONDS``.  Raises 503 ``busy`` (``Retry-After``: the work ahead) at
    once when that work exceeds ``TASK_QUEUE_MAX_SECONDS``, or when the answer did not come in time; or the task's
    own ``Refused``."""
    config = current_app.config
    work: HeavyWork = current_app.extensions["wtw_heavy_work"]
    client = get_remote_address() or "-"
    admission = work.admit(client, tier(config, kind), budget_ms)
    if admission.ahead_s > float(config["TASK_QUEUE_MAX_SECONDS"]):
        raise busy(admission.retry_after())
    deadline = time.monotonic() + budget_ms / 1000 + admission.ahead_s + float(config["TASK_WAIT_SECONDS"])
    with work.in_flight(client, admission, budget_ms) as row:
        most_ms = int(float(config["TASK_CLIENT_WORK_SECONDS"]) * 1000)
        if not work.wait_turn(client, row, budget_ms, most_ms, deadline):
            raise busy(admission.retry_after())
        return submit(task, *args, deadline_s=deadline - time.monotonic(), priority=admission.priority,
                      retry_after=admission.retry_after(), **kwargs)
