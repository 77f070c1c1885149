"""The heavy-work queue's consumer (``service.heavy``): ``huey_consumer service.worker.huey -k process -w N ...``.

``service/gunicorn_conf.py`` starts it beside gunicorn (its ``consumer_command``, through ``service.consumer``;
``TASK_WORKERS`` processes, default 2: one per core of the reference machine) and stops it with gunicorn, and its
processes end with gunicorn's master however it ends (``service.consumer``; issue 39); on several machines sharing a Redis queue,
run it on any of them (``Procfile``'s ``worker``).  Each consumer process builds the app once (``create_app``, from
the same environment as the web workers: database, catalog, settings) and lowers its own CPU priority
(``TASK_NICE``, default 10) so that answering requests always comes first on a busy machine.  The first process of
a consumer to start clears the puzzle generation's lock (``service.puzzles.tasks``) and queues the bot turns left pending (``service.games.bots.sweep``: a turn pending when the server
stopped is played after it restarts) and the coming days' puzzles (``PUZZLES_AHEAD``).
"""

from __future__ import annotations

import os

from service.app import create_app
from service.games.bots import sweep
from service.heavy import huey, use_app
from service.puzzles.tasks import GENERATION_LOCK, puzzles_ahead

__all__ = ["huey"]

DEFAULT_NICE = 10

@huey.on_startup()
def start_process() -> None:
    """In each consumer process: build the app, lower the CPU priority; the first process queues the pending work."""
    os.nice(int(os.environ.get("TASK_NICE", DEFAULT_NICE)))
    app = create_app()
    use_app(app)
    if huey.put_if_empty(f"consumer-started:{os.getppid()}", True):
        GENERATION_LOCK.clear()  # left by a process killed mid-generation: no generation runs before this consumer's
        with app.app_context():
            sweep(stalled_seconds=None)
            if app.config["PUZZLES_AHEAD"]:
                puzzles_ahead()
