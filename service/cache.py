"""A small thread-safe least-recently-used cache, one per worker process.

Used for the games a worker played last (``Game`` objects keyed by game id, so the next move needs
no rebuild) and for the JSON text of views keyed by (game id, version, seat).  Entries are keyed by
version, so a stale entry is never served: a newer version simply misses.  ``get_or_make`` makes a missing
value once however many threads (or greenlets) ask for it at the same moment: the event streams of one game all
want the same text when it changes (``service.games.streams``).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

V = TypeVar("V")


@dataclass
class _Making:
    """A value being made: the lock its maker holds meanwhile, and how many callers want it."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    callers: int = 0


class LRUCache(Generic[V]):
    """At most ``size`` entries; the least recently used one is dropped first."""

    def __init__(self, size: int):
        self.size = size
        self._data: OrderedDict[Hashable, V] = OrderedDict()
        self._lock = threading.Lock()
        self._making: dict[Hashable, _Making] = {}

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

    def get_or_make(self, key: Hashable, make: Callable[[], V]) -> V:
        """The value for ``key``; when there is none, ``make()``'s, stored.  Callers asking for the same missing key
        at once wait for one ``make()`` and get its value (should it raise, the next waiter tries in turn)."""
        value = self.get(key)
        if value is not None:
            return value
        with self._lock:
            making = self._making.setdefault(key, _Making())
            making.callers += 1
        try:
            with making.lock:
                value = self.get(key)
                if value is None:
                    value = make()
                    self.put(key, value)
                return value
        finally:
            with self._lock:
                making.callers -= 1
                if making.callers == 0:
                    del self._making[key]

    def __len__(self) -> int:
        return len(self._data)
