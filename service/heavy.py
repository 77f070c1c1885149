"""How CPU-heavy requests (hints, best plans, generating a daily puzzle) share a worker (docs/api.md, "Serving").

Each gunicorn worker serves ``--threads`` requests at once (gthread).  A heavy request holds one thread
for a bounded time (its budget is capped by the server and the search stops at its deadline), and at
most ``HEAVY_SLOTS`` of them compute at once in a worker (default 4 of its 8 threads), so the other
threads always remain for the cheap requests (states, moves, events).  A heavy request that finds every
slot taken waits up to ``HEAVY_WAIT_SECONDS`` for one, then is answered 503 with ``Retry-After``.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from service.problems import Refused

DEFAULT_SLOTS = 4
DEFAULT_WAIT_SECONDS = 5.0


class HeavyWork:
    """The heavy-work slots of one worker process: ``slots`` at once, waiting ``wait_seconds`` for one."""

    def __init__(self, slots: int = DEFAULT_SLOTS, wait_seconds: float = DEFAULT_WAIT_SECONDS):
        self.slots = max(0, int(slots))
        self.wait_seconds = max(0.0, float(wait_seconds))
        self._free = threading.Semaphore(self.slots)

    @contextmanager
    def slot(self) -> Iterator[None]:
        """Hold one slot while the ``with`` block computes; 503 ``busy`` when none frees in time."""
        if not self._free.acquire(timeout=self.wait_seconds):
            raise Refused(503, f"every one of this worker's {self.slots} slots for hints, plans and puzzle "
                               "generation is busy: retry shortly", rule="busy", headers={"Retry-After": "1"})
        try:
            yield
        finally:
            self._free.release()
