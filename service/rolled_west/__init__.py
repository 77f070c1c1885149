"""Rolled West's HTTP extras: what the service serves for this game alone, found by ``service.extras`` through the
registry (this package is named as the game's, ``solver.games.rolled_west``) as ``EXTRAS``.

- ``components``: ``GET /rolled-west/components``, the score sheet and dice the app plays with (blueprint
  ``rolled_west``), for a client to draw the sheet from the server's numbers;
- ``moves``: the move body's schema (``RolledWestMove`` in the OpenAPI document), derived from the engine's shapes.

Everything else (create, seats, moves, undo, events, hints, bots, reviews) is the generic resources'.  Only this
package, among the service's, imports the game (``tests/test_architecture.py``)."""

from __future__ import annotations

from service.extras import GameExtras
from service.rolled_west.components import blp
from service.rolled_west.moves import RolledWestMoveSchema

EXTRAS = GameExtras(blueprints=(blp,), move_schema=RolledWestMoveSchema)
