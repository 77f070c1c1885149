"""Wild Tiled West's own members of ``POST /games`` (rulebook: Setup): per seat a settlement ``board`` and ``side``,
and ``first_game_contracts`` (Setup D's first-game contract order).  The service's generic members (``players``,
``seed``, a seat's ``open``, ``name``, ``bot``, ``budget_ms``) are ``service.games.schemas``'; the game's extras declare
these (``GameExtras.config_schema``, ``seat_schema``) and the service composes them into this game's create body,
documented as ``WildTiledWestGameCreate``.
"""

from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validates
from marshmallow.validate import Length, OneOf

from service.language import _
from service.parsing import StrictBoolean
from service.wild_tiled_west.components import app_catalog
from solver.games.wild_tiled_west.rules.setup import SIDE_CHOICES


class WildTiledWestSeatSchema(Schema):
    """A seat's settlement board: ``board`` id (null or absent: a random board no other seat has; one of the app's
    catalog, ``GET /catalog/boards``) and ``side`` (``normal``, ``wild`` or ``random``)."""

    board = fields.String(load_default=None, allow_none=True, validate=Length(max=64),
                          metadata={"description": "board id (GET /catalog/boards)"})
    side = fields.String(load_default="normal", validate=OneOf(SIDE_CHOICES))

    @validates("board")
    def _known_board(self, value: str | None, **_kwargs: object) -> None:
        if value is not None and value not in {b.id for b in app_catalog().boards}:
            raise ValidationError(_("no settlement board {board!r}: GET /catalog/boards lists them").format(board=value))


class WildTiledWestConfigSchema(Schema):
    """``first_game_contracts``: the rulebook's first-game contract order (Setup D); default false."""

    first_game_contracts = StrictBoolean(load_default=False)
