"""The heavy-work consumer, tied to the life of the gunicorn master that starts it (issue 39; docs/api.md, "Serving").

``python -m service.consumer service.worker.huey <huey_consumer's options>`` runs huey's consumer
(``huey.bin.huey_consumer``), as ``service/gunicorn_conf.py`` starts it, after three things:

- it dies with the process that started it: that process passes its pid in ``CONSUMER_PARENT_PID``, the consumer asks
  Linux for a SIGKILL when its parent ends (``prctl(PR_SET_PDEATHSIG)``), and ends at once if the parent has already
  ended (then the signal would never come);
- every process it forks (huey's workers and its scheduler, and those it forks again to replace one that died) dies
  with it the same way, from an at-fork hook (huey's ``on_startup`` hooks run in the workers, not in the
  scheduler, which would go on queueing the periodic tasks);
- on an SQLite queue (one per machine) it first ends the process group of the consumer recorded beside the queue
  file (``<queue file>.consumer``: pid and start time, so that a process that reused the pid is never touched) if it
  is still alive, and records itself there: a queue never has two consumers, an old one running old code.

A task killed mid-way by this is taken up again by the service's sweeps: bot turns when the consumer starts and every
minute (``service.games.bots.sweep``), reviews every minute (``service.reviews.tasks``).  Outside Linux there is no
``prctl`` and no ``/proc``: the consumer runs without these guarantees.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import time
from pathlib import Path

from huey import SqliteHuey
from huey.bin.huey_consumer import consumer_main

from service.heavy import huey

PARENT_VARIABLE = "CONSUMER_PARENT_PID"  #: service/gunicorn_conf.py sets it for the consumer it starts
RECORD_SUFFIX = ".consumer"
PR_SET_PDEATHSIG = 1  #: from <linux/prctl.h>
STALE_WAIT_SECONDS = 10.0  #: how long a starting consumer waits for the one it ended to be gone

_forker: list[int] = []  #: the pid of the process forking, for the child's check


def die_with_parent(parent: int) -> bool:
    """Ask Linux to SIGKILL this process when its parent (the thread that forked it) ends.  Returns whether
    ``parent`` is still this process's parent: when it is not, it ended before the request and the signal will
    never come, so the caller must end by itself.  Raises ``OSError`` if the kernel refuses; outside Linux only
    checks the parent."""
    if sys.platform == "linux":
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_SET_PDEATHSIG) failed")
    return os.getppid() == parent


def _remember_forker() -> None:
    _forker[:] = [os.getpid()]


def _child_dies_with_forker() -> None:
    if not die_with_parent(_forker[0]):
        os._exit(1)


def tie_children() -> None:
    """Make every process this one forks from now on die with it (``die_with_parent``, in the child at once)."""
    os.register_at_fork(before=_remember_forker, after_in_child=_child_dies_with_forker)


def start_time(pid: int) -> int | None:
    """When process ``pid`` started (clock ticks after boot, ``/proc/<pid>/stat``), or ``None`` when there is no
    such process, it has ended (a zombie) or this is not Linux.  With the pid it names one process for good."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat[stat.rindex(")") + 2:].split()  # from the 3rd field: the name in parentheses may hold spaces
    return None if fields[0] in ("Z", "X") else int(fields[19])


def record_path() -> Path | None:
    """Where this machine's consumer of the queue is recorded: beside an SQLite queue's file; ``None`` for another
    queue (Redis is shared by machines, each with its own consumers)."""
    return Path(huey.storage.filename + RECORD_SUFFIX) if isinstance(huey, SqliteHuey) else None


def read_record(path: Path) -> tuple[int, int] | None:
    """The ``(pid, start time)`` recorded in ``path``, or ``None`` when there is none or it is unreadable."""
    try:
        pid, started = path.read_text().split()
        return int(pid), int(started)
    except (OSError, ValueError):
        return None


def end_recorded(path: Path, wait_seconds: float = STALE_WAIT_SECONDS) -> bool:
    """SIGKILL the process group of the consumer recorded in ``path`` if that very process (same pid and start time)
    is alive and leads its group, and wait up to ``wait_seconds`` for it to be gone.  Returns whether one was ended."""
    recorded = read_record(path)
    if recorded is None or start_time(recorded[0]) != recorded[1]:
        return False
    pid, started = recorded
    try:
        if os.getpgid(pid) != pid:
            return False
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:  # it ended meanwhile
        return False
    deadline = time.monotonic() + wait_seconds
    while start_time(pid) == started and time.monotonic() < deadline:
        time.sleep(0.05)
    return True


def record(path: Path) -> None:
    """Record this process as the queue's consumer in ``path``."""
    path.write_text(f"{os.getpid()} {start_time(os.getpid())}\n")


def forget(path: Path) -> None:
    """Remove the record in ``path`` if it is still this process's."""
    if read_record(path) == (os.getpid(), start_time(os.getpid())):
        path.unlink(missing_ok=True)


def main() -> None:
    """Tie this process to its starter and its children to it, end the queue's stale consumer, then run huey's
    consumer with this command's arguments.  Exits with status 1 when the starter has already ended."""
    parent = os.environ.get(PARENT_VARIABLE)
    if parent and not die_with_parent(int(parent)):
        sys.exit(1)
    tie_children()
    path = record_path() if start_time(os.getpid()) is not None else None
    if path is not None:
        end_recorded(path)
        record(path)
    try:
        consumer_main()
    finally:
        if path is not None:
            forget(path)


if __name__ == "__main__":
    main()
