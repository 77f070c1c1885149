"""What a worker process ends at once when it is told to stop: a registry with no dependencies, so that gunicorn's
worker class (``service.gunicorn_worker``, imported by gunicorn's master before gevent's monkey patching) can call
the app's parts without importing them.

The app's parts register with ``when_stopping`` (the event streams: ``service.games.watch``); the worker calls
``stop`` on a graceful stop (``SIGTERM``).
"""

from __future__ import annotations

from collections.abc import Callable

_callbacks: list[Callable[[], None]] = []


def when_stopping(callback: Callable[[], None]) -> None:
    """Call ``callback()`` (once registered, a second registration is ignored) when this process is told to stop."""
    if callback not in _callbacks:
        _callbacks.append(callback)


def stop() -> None:
    """Call every registered callback, in the order they registered."""
    for callback in list(_callbacks):
        callback()
