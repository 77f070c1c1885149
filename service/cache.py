"""A small thread-safe least-recently-used cache, one per worker process.

Used for the games a worker played last (``Game`` objects keyed by game id, so the next move needs
no rebuild) and for the JSON text of views keyed by (game id, version, seat).  Entries are keyed by
version, so a stale entry is never served: a newer version simply misses.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class LRUCache(Generic[V]):
    """At most ``size`` entries; the least recently used one is dropped first."""

    def __init__(self, size: int):
        self.size = size
        self._data: OrderedDict[Hashable, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> V | None:
        """The value for ``key`` (now the most recently used), or ``None``."""
        with self._lock:
            value = self._data.get(key)
            if value is not None:
                self._data.move_to_end(key)
            return value

    def pop(self, key: Hashable) -> V | None:
        """Remove and return the value for ``key``, or ``None``."""
        with self._lock:
            return self._data.pop(key, None)

    def put(self, key: Hashable, value: V) -> None:
        """Store ``value`` under ``key``, dropping the least recently used entry when full."""
        with self._lock:
            self._data[key] = value
            self._data.move_to_end(key)
            while len(self._data) > self.size:
                self._data.popitem(last=False)

    def __len__(self) -> int:
        return len(self._data)
