"""gunicorn's settings for the service (``make serve``, the ``Procfile``): ``gunicorn -c service/gunicorn_conf.py
'service.app:create_app()'`` (docs/api.md, "Serving").

Besides the web workers, the master starts the heavy-work queue's consumer (``service.worker``: ``TASK_WORKERS``
processes, default 2; 0 to run it apart, e.g. on other machines sharing a Redis queue) once it is ready, and stops it
when it exits.  This file imports nothing of the service: the master must not load the app's modules before it
forks the workers.
"""

import os
import signal
import subprocess
import sys

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = "gthread"
threads = 8

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
