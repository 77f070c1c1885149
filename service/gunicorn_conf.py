"""gunicorn's settings for the service: ``gunicorn -c service/gunicorn_conf.py 'service.app:create_app()'``, as
``make serve``, the ``Procfile`` and the tests start it (docs/api.md, "Serving").

- ``bind``: ``HOST`` (127.0.0.1) and ``PORT`` (8000) from the environment;
- ``workers``: ``WEB_CONCURRENCY`` (2) processes;
- ``worker_class``: gunicorn's gevent worker (``service.gunicorn_worker``): one greenlet per connection, so an
  event stream or a slow client costs a greenlet, not a thread;
- ``worker_connections``: ``WORKER_CONNECTIONS`` (10,000) connections at most per worker, event streams included;
- beside the web workers, the master starts the heavy-work queue's consumer (``service.worker``: ``TASK_WORKERS``
  processes, default 2; 0 to run it apart, e.g. on other machines sharing a Redis queue) once it is ready, and stops
  it when it exits.

Options given on gunicorn's command line win over these.  This file imports nothing of the service: the master must
not load the app's modules (nor gevent's patches) before it forks the workers.
"""

import os
import signal
import subprocess
import sys

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = "service.gunicorn_worker.ProblemGeventWorker"
worker_connections = int(os.environ.get("WORKER_CONNECTIONS", "10000"))

DEFAULT_TASK_WORKERS = 2
#: how the consumer polls an idle SQLite queue, in seconds: first wait, longest wait, growth (Redis blocks instead)
POLL = ("0.005", "0.05", "1.2")
_consumer: list[subprocess.Popen] = []


def consumer_command(workers: int) -> list[str]:
    """The command that runs the heavy-work consumer with ``workers`` processes (its queue from the environment)."""
    initial, longest, growth = POLL
    return [sys.executable, "-m", "huey.bin.huey_consumer", "service.worker.huey", "--worker-type", "process",
            "--workers", str(workers), "--delay", initial, "--max-delay", longest, "--backoff", growth, "--quiet"]


def when_ready(server) -> None:
    """Start the heavy-work consumer beside the web workers (``TASK_WORKERS`` processes)."""
    count = int(os.environ.get("TASK_WORKERS", DEFAULT_TASK_WORKERS))
    if count > 0:
        _consumer.append(subprocess.Popen(consumer_command(count)))
        server.log.info("heavy-work consumer started: %d processes (pid %d)", count, _consumer[0].pid)


def on_exit(server) -> None:
    """Stop the consumer (SIGINT: huey finishes the tasks under way, up to its shutdown timeout)."""
    for process in _consumer:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
