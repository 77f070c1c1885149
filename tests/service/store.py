"""The service's generic store (``service.games.store.Games``) driven in the test's own process, as the tests of any
registered game do: a fresh store over a new database, a seat's ``Authorization`` value, and the state a seat (or a
spectator) is served."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from service.games.store import Games
from service.storage import Storage
from tests.service.databases import fresh_database


@contextmanager
def fresh_storage(directory: Path, name: str) -> Iterator[Storage]:
    """A ``Storage`` over a new database (``tests.service.databases.fresh_database(directory, name)``) with its
    tables made; its engine is disposed of afterwards."""
    storage = Storage(fresh_database(directory, name))
    storage.create_tables()
    try:
        yield storage
    finally:
        storage.engine.dispose()


def bearer(token: str | None) -> str | None:
    """The ``Authorization`` value of a seat's ``token``; ``None`` (a spectator) for no token."""
    return None if token is None else f"Bearer {token}"


def served_state(games: Games, game_id: str, token: str | None = None) -> dict:
    """The state of game ``game_id`` as the store serves it to the seat of ``token`` (``None``: a spectator)."""
    head = games.head(game_id)
    return json.loads(games.state(head, games.seat(head, bearer(token), required=False))[1])
