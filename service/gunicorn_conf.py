"""gunicorn's settings for the service: ``gunicorn -c service/gunicorn_conf.py 'service.app:create_app()'``, as
``make serve``, the ``Procfile`` and the tests start it (docs/api.md, "Serving").

- ``bind``: ``HOST`` (127.0.0.1) and ``PORT`` (8000) from the environment;
- ``workers``: ``WEB_CONCURRENCY`` (2) processes;
- ``worker_class``: gunicorn's gevent worker (``service.gunicorn_worker``): one greenlet per connection, so an
  event stream or a slow client costs a greenlet, not a thread;
- ``worker_connections``: ``WORKER_CONNECTIONS`` (10,000) connections at most per worker, event streams included;
- beside the web workers, the master starts the heavy-work queue's consumer (``service.consumer`` running
  ``service.worker``: ``TASK_WORKERS`` processes, default 2; 0 to run it apart, e.g. on other machines sharing a
  Redis queue) once it is ready, in a process group of its own, and stops it when it exits
  (``stop_consumer``).  However the master ends, even by ``kill -9``, the consumer and its processes end with it
  (``service.consumer``: Linux's parent-death signal), and a consumer a former master left on the queue is ended
  when the new one starts (issue 39).

Options given on gunicorn's command line win over these.  This file imports nothing of the service: the master must
not load the app's modules (nor gevent's patches) before it forks the workers.
"""

import contextlib
import os
import signal
import subprocess
import sys
import time

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = "service.gunicorn_worker.ProblemGeventWorker"
worker_connections = int(os.environ.get("WORKER_CONNECTIONS", "10000"))

DEFAULT_TASK_WORKERS = 2
#: how the consumer polls an idle SQLite queue, in seconds: first wait, longest wait, growth (Redis blocks instead)
POLL = ("0.005", "0.05", "1.2")
#: a graceful stop: huey lets the running tasks finish for this long, then interrupts them (its --shutdown-timeout)
TASK_GRACE_SECONDS = 8
STOP_SECONDS = 10  #: then, whatever is left of the consumer's process group is killed
PARENT_VARIABLE = "CONSUMER_PARENT_PID"  #: service.consumer.PARENT_VARIABLE: whom the consumer dies with
_consumer: list[int] = []  #: the consumer's pid, also its process group's id


def consumer_command(workers: int) -> list[str]:
    """The command that runs the heavy-work consumer with ``workers`` processes (its queue from the environment)."""
    initial, longest, growth = POLL
    return [sys.executable, "-m", "service.consumer", "service.worker.huey", "--worker-type", "process",
            "--workers", str(workers), "--delay", initial, "--max-delay", longest, "--backoff", growth,
            "--shutdown-timeout", str(TASK_GRACE_SECONDS), "--quiet"]


def when_ready(server) -> None:
    """Start the heavy-work consumer beside the web workers (``TASK_WORKERS`` processes), in a process group of its
    own: the group can be killed whole, and a signal meant for the master's group (a terminal's Ctrl-C) does not reach
    it (the master stops it).  Not in a session of its own: Linux schedules each session as a group
    (``sched_autogroup``), so a consumer in its own session would take half the CPU from the web workers whatever
    its ``TASK_NICE``; in the master's session its lower priority holds."""
    count = int(os.environ.get("TASK_WORKERS", DEFAULT_TASK_WORKERS))
    if count > 0:
        env = {**os.environ, PARENT_VARIABLE: str(os.getpid())}
        _consumer.append(subprocess.Popen(consumer_command(count), env=env, process_group=0).pid)
        server.log.info("heavy-work consumer started: %d processes (pid %d)", count, _consumer[0])


def _exited(pid: int) -> bool:
    """Whether child ``pid`` has ended, without reaping it: while it is not reaped, its pid and process group id
    cannot be reused.  Raises ``ChildProcessError`` when it was reaped already."""
    return os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None


def stop_consumer(pid: int, seconds: float = STOP_SECONDS) -> None:
    """Stop the consumer ``pid``: SIGINT, huey's graceful stop (the running tasks finish, up to
    ``TASK_GRACE_SECONDS``, then are interrupted and their work taken up again by the service's sweeps); after
    ``seconds``, or once it has ended, SIGKILL its whole process group, so that no process of it goes on; then reap
    it.  Nothing is signalled if it was reaped already (gunicorn's master reaps any child that ends)."""
    try:
        if not _exited(pid):
            os.kill(pid, signal.SIGINT)
        deadline = time.monotonic() + seconds
        while not _exited(pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass


def on_exit(server) -> None:
    """Stop the consumer (``stop_consumer``)."""
    for pid in _consumer:
        stop_consumer(pid)
