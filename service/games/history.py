"""Event ids that are never reused: where an event stands in a game's history (docs/api.md, "Events").

An undo withdraws the events of the move it takes back, and the engine numbers the events that follow
from there again, so an event number ``n`` alone does not say which event a client holds.  The stream
and the event log name each event ``"<v>-<n>"``: ``n`` its number, ``v`` the game version (the ``ETag``)
made by the move that caused it (0 for the setup's events).  Every move ever stored made its own
version (versions only grow), so an id is never given to two events, even across undos.

Given an id a client holds, ``History.kept`` answers how much of the client's log is still the server's:
the moves that survive from the client's history are exactly the log's moves that made a version up to
``v`` (a move is never changed, only removed with every move after it), and their events, with the
setup's, are the same as when they were sent (the engine is deterministic).  So the client keeps its
events up to ``kept`` and takes the server's events above it.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass

#: An ``after`` query value or a ``Last-Event-ID``: an event id ``<v>-<n>``, or a bare number ``n`` (-1: none)
POINT_PATTERN = r"^(?:-1|\d{1,9}|\d{1,10}-\d{1,9})$"
_POINT = re.compile(POINT_PATTERN)


@dataclass(frozen=True)
class EventPoint:
    """A point in a client's event log: the last event number ``n`` it holds (-1: none) and, when it
    was given as an id, the ``version`` of that id; ``version`` ``None`` (a bare number) is taken on
    trust: the client says it holds the server's log up to ``n`` as it is now."""

    n: int
    version: int | None = None

    @classmethod
    def parse(cls, text: str) -> EventPoint:
        """``"<v>-<n>"`` or ``"<n>"`` (``POINT_PATTERN``); ``ValueError`` for anything else."""
        if not _POINT.match(text):
            raise ValueError(f"not an event id (<version>-<n>) or number: {text!r:.40}")
        version, _, n = text.rpartition("-") if text != "-1" else ("", "", text)
        return cls(int(n), int(version) if version else None)

    def __str__(self) -> str:
        return str(self.n) if self.version is None else f"{self.version}-{self.n}"


@dataclass(frozen=True)
class History:
    """Where each move of a game's log stands: ``versions[i]`` the game version move ``i`` made (strictly
    increasing along the log) and ``first_events[i]`` the number of the first event it caused (the
    events before it; not decreasing); ``events``: how many events the log holds (every seat's)."""

    versions: tuple[int, ...]
    first_events: tuple[int, ...]
    events: int

    def origin(self, n: int) -> int:
        """The game version made by the move that caused event ``n``: 0 for the setup's events."""
        move = bisect_right(self.first_events, n) - 1
        return 0 if move < 0 else self.versions[move]

    def point(self, n: int) -> EventPoint:
        """Event ``n``'s point in this history (``str`` of it is the event's id)."""
        return EventPoint(n, self.origin(n))

    def event_id(self, n: int) -> str:
        """Event ``n``'s id, ``"<v>-<n>"``."""
        return str(self.point(n))

    def kept(self, point: EventPoint) -> int:
        """The highest event number up to which a client at ``point`` holds this log's events: ``point.n``
        when nothing it holds was withdrawn, else the last event before the first withdrawn one.  A bare
        number (``version`` ``None``) is kept as it is."""
        if point.version is None:
            return point.n
        surviving = bisect_right(self.versions, point.version)  # the client's moves still in the log
        end = self.first_events[surviving] if surviving < len(self.versions) else self.events  # and their events
        return min(point.n, end - 1)
