"""Where CPU-heavy work runs: a task queue (huey) and its consumer processes (docs/api.md, "Serving").

Hints, best plans, daily puzzle generation and bot turns are **tasks**: a web worker puts one on the queue and,
for a request, waits for its result up to a deadline (``wait``); the work itself runs in the queue's consumer
processes (``service.worker``; ``TASK_WORKERS`` of them, started beside gunicorn by ``service/gunicorn_conf.py``),
so a request thread never computes for long and the number of heavy computations at once is bounded by the
number of consumer processes, whatever the traffic.

The queue is chosen by the ``TASK_QUEUE`` setting (the ``FLASK_TASK_QUEUE`` environment variable, read at import,
because the consumer and every web worker must share it):

- unset (the embedded default, no extra server): an SQLite file beside the games' SQLite database
  (``<database>.tasks``), or ``tasks.sqlite3`` in the instance folder when the games are on PostgreSQL: one queue
  per machine;
- ``redis://host:port/db``: a Redis server shared by several machines (``pip install '.[redis]'``);
- ``sqlite:///path``: that SQLite file;
- ``immediate``: no queue, each task runs at once in the caller's process (tests and tools).

A task's refusal (``Refused``: a 422 for a malformed position, say) travels back to the waiting request as a
value, not as an exception (``refusals``), so the answer is the same problem+json as before.
"""

from __future__ import annotations

import functools
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from flask import Flask, current_app, has_app_context
from huey import Huey, MemoryHuey, PriorityRedisHuey, SqliteHuey
from huey.api import Result, TaskWrapper
from huey.exceptions import ResultTimeout

from service.language import _
from service.problems import Refused
from solver.core.language import ENGLISH, current_language, speaking

T = TypeVar("T")
SETTING = "FLASK_TASK_QUEUE"
SQLITE_SUFFIX = ".tasks"
INSTANCE_FILE = "tasks.sqlite3"
#: how often a waiting request looks for its result (seconds; Redis answers at once by notification)
RESULT_POLL_SECONDS = 0.02
DEFAULT_WAIT_SECONDS = 12.0  #: the default ``TASK_WAIT_SECONDS``: a request's wait beyond its task's budget and the work
#: measured ahead of it (``service.fairness``): one slice of other work already running, and the model's building
#: the priority of the background work (puzzles generated ahead, sweeps): the lowest (``service.fairness.TIERS``)
BACKGROUND = 0


def queue_location(setting: str | None, database_url: str | None, instance_path: str) -> str:
    """Where the queue lives: the ``TASK_QUEUE`` setting, else an SQLite file beside the games' SQLite database
    (``sqlite:///<database file>.tasks``), else ``sqlite:///<instance_path>/tasks.sqlite3``."""
    if setting:
        return setting
    if database_url and database_url.startswith("sqlite:///") and database_url != "sqlite:///:memory:":
        return database_url + SQLITE_SUFFIX
    return "sqlite:///" + os.path.join(instance_path, INSTANCE_FILE)


def make_huey(location: str) -> Huey:
    """The huey instance for ``location`` (``queue_location``): ``immediate``, ``redis://...`` or ``sqlite:///path``.
    Raises ``ValueError`` for another scheme."""
    if location == "immediate":
        return MemoryHuey("wtw", immediate=True, utc=True)
    if location.startswith(("redis://", "rediss://", "unix://")):
        return PriorityRedisHuey("wtw", url=location, notify_result=True, utc=True)
    if location.startswith("sqlite:///"):
        path = Path(location.removeprefix("sqlite:///"))
        path.parent.mkdir(parents=True, exist_ok=True)
        return SqliteHuey("wtw", filename=str(path), utc=True)
    raise ValueError(f"TASK_QUEUE must be 'immediate', redis://... or sqlite:///..., not {location!r}")


def _default_instance_path() -> str:
    """The Flask instance folder of ``service.app`` (where ``make serve`` keeps its SQLite files)."""
    return str(Path(__file__).resolve().parent.parent / "instance")


#: the queue of this process, shared by the web workers and the consumer (both read the same environment)
huey: Huey = make_huey(queue_location(os.environ.get(SETTING), os.environ.get("DATABASE_URL"), _default_instance_path()))

_apps: list[Flask] = []


def use_app(app: Flask) -> None:
    """Make ``app`` the one tasks use in this process when no app context is active (a consumer process)."""
    _apps[:] = [app]


def task_app() -> Flask:
    """The app a task works for: the active one (an ``immediate`` task runs inside its request), else the
    consumer's (``use_app``).  Raises ``RuntimeError`` when there is neither."""
    if has_app_context():
        return current_app._get_current_object()  # type: ignore[attr-defined]
    if not _apps:
        raise RuntimeError("no app for the task: the consumer calls service.heavy.use_app at start")
    return _apps[0]


def refusals(fn: Callable[..., T]) -> Callable[..., tuple[str, Any]]:
    """Wrap a task body so that it returns ``("ok", value)``, or ``("refused", (status, detail, rule, headers))``
    when it raises ``Refused``; ``wait`` turns the latter back into the same ``Refused``.  The body writes its words
    in the ``language`` keyword's language (``submit`` passes the request's: a consumer process has no request)."""
    @functools.wraps(fn)
    def body(*args: Any, language: str = ENGLISH, **kwargs: Any) -> tuple[str, Any]:
        with speaking(language):
            try:
                return "ok", fn(*args, **kwargs)
            except Refused as exc:
                return "refused", (exc.status, exc.detail, exc.rule, exc.headers)
    return body


def wait(result: Result | None, seconds: float, retry_after: int = 1) -> Any:
    """The value of a task wrapped by ``refusals``, waiting up to ``seconds`` (from now) for it.

    Raises the task's ``Refused``; or 503 ``busy`` with ``Retry-After: retry_after`` (seconds) when the result did not
    come in time (the task is revoked: a consumer that reaches it later skips it)."""
    if result is None:  # pragma: no cover - a task always has a result store here
        raise RuntimeError("the task has no result")
    try:
        outcome = result.get(blocking=True, timeout=max(0.001, seconds), backoff=1.0, max_delay=RESULT_POLL_SECONDS)
    except ResultTimeout:
        result.revoke()
        raise busy(retry_after) from None
    kind, value = outcome
    if kind == "refused":
        status, detail, rule, headers = value
        raise Refused(status, detail, rule=rule, headers=headers)
    return value


def busy(retry_after: int) -> Refused:
    """The 503 ``busy`` refusal, with ``Retry-After: retry_after`` (seconds)."""
    return Refused(503, _("the server's worker processes for hints, plans, bot turns and puzzles are busy: retry in "
                          "{seconds} s").format(seconds=retry_after), rule="busy", headers={"Retry-After": str(retry_after)})


def submit(task: TaskWrapper, *args: Any, deadline_s: float, priority: float | None = None, retry_after: int = 1,
           **kwargs: Any) -> Any:
    """Run ``task`` (a ``refusals``-wrapped huey task) on the queue at ``priority`` (``None``: the task's own), in the
    language of the words written now, and wait for its value up to ``deadline_s`` seconds; raises as ``wait``."""
    started = time.monotonic()
    result = task(*args, priority=priority, language=current_language(), **kwargs)  # huey: None is the task's own
    return wait(result, deadline_s - (time.monotonic() - started), retry_after)
