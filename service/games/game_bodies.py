"""Each game's own request bodies, its moves and its configuration: checked by the game's own schemas, documented
per game.

``POST /games`` and ``POST /games/{game_id}/moves`` are parsed first as any game takes them
(``service.games.schemas.GameCreateSchema``, ``MoveSchema``), then checked by the game's own schemas from its extras
(``service.extras.GameExtras``: ``config_schema`` and ``seat_schema`` composed with the generic ones, ``move_schema``),
as one marshmallow schema per game: the answer to a member that is not of its type is the same 422 (``errors``:
``{"json": {member: [messages]}}``) as for a generic member.  The OpenAPI document describes each game's bodies as
components of its own, ``<Game>GameCreate`` and ``<Game>Move`` (``service.games.schemas.game_component``), the request
bodies being one of them.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from apispec import APISpec
from flask_smorest import abort
from marshmallow import RAISE, Schema, ValidationError, fields
from marshmallow.validate import Length

from service.extras import GameExtras
from service.games.schemas import DESCRIPTIVE_MOVE_FIELDS, GameCreateSchema, SeatConfigSchema, game_component

#: a move of a game whose extras give no move schema: an object with a ``type`` and any members
OPEN_MOVE = {"type": "object", "required": ["type"], "additionalProperties": True, "properties": {
    "type": {"type": "string", "minLength": 1, "maxLength": 64}}}


def _checked(schema: Schema, body: Any) -> dict[str, Any]:
    """``body`` loaded by ``schema``; aborts with 422 and the members' messages when it does not load."""
    try:
        loaded: dict[str, Any] = schema.load(body)
    except ValidationError as exc:
        abort(422, messages={"json": exc.messages})
    return loaded


@dataclass(frozen=True)
class GameBodies:
    """One game's request bodies: ``create`` (the generic create body with the game's own members, an instance),
    ``config_members`` and ``seat_members`` (the names of its own members, top level and per seat), ``moves`` (its move
    schema, an instance; ``None``: any object with a ``type``) and the ``descriptive`` move members dropped before the
    engine (``label`` and the game's own)."""

    create: Schema
    config_members: tuple[str, ...]
    seat_members: tuple[str, ...]
    moves: Schema | None
    descriptive: tuple[str, ...]

    def config(self, body: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        """The create ``body`` (the request's JSON) checked by the game's composed schema: ``(its configuration less the
        seed, for the game's ``new_state``: ``players``, the game's own members and, when the game has seat members,
        ``seats`` with those; the loaded body, whose ``seed`` and ``seats`` the service reads)``.  Aborts with 422."""
        loaded = _checked(self.create, body)
        config: dict[str, Any] = {"players": loaded["players"], **{m: loaded[m] for m in self.config_members}}
        if self.seat_members:
            config["seats"] = [{m: s[m] for m in self.seat_members} for s in loaded["seats"]]
        return config, loaded

    def move(self, move: Mapping[str, Any]) -> dict[str, Any]:
        """``move`` as the engine takes it: checked by the game's move schema, descriptive members dropped.  Aborts
        with 422."""
        checked = dict(move) if self.moves is None else _checked(self.moves, move)
        return {k: v for k, v in checked.items() if k not in self.descriptive}


def _composed(game_id: str, game_extras: GameExtras) -> type[Schema]:
    """The create body of ``game_id``: ``GameCreateSchema`` with the game's ``config_schema`` members, its seats
    ``SeatConfigSchema`` with the game's ``seat_schema`` members; unknown members refused."""
    title = game_component(game_id, "")
    own_seat, own_config = game_extras.seat_schema, game_extras.config_schema
    meta = type("Meta", (), {"unknown": RAISE})
    seat = type(f"{title}SeatConfigSchema", (own_seat, SeatConfigSchema) if own_seat else (SeatConfigSchema,), {
        "Meta": meta, "__doc__": (
        f"One seat of a {title} game: the generic members (``SeatConfigSchema``) and the game's own.")})
    generic_seats = GameCreateSchema._declared_fields["seats"]
    return type(f"{title}GameCreateSchema", (own_config, GameCreateSchema) if own_config else (GameCreateSchema,), {
        "Meta": meta, "__doc__": f"``POST /games`` of a {title} game: the generic members and the game's own.",
        "seats": fields.List(fields.Nested(seat), validate=Length(max=generic_seats.validate.max),  # type: ignore[union-attr]
                             load_default=list, metadata=generic_seats.metadata)})


def _bodies(game_id: str, game_extras: GameExtras) -> tuple[type[Schema], GameBodies]:
    """The create body's schema of ``game_id`` (``_composed``) and its ``GameBodies``, from its extras (a
    ``GameExtras()`` of defaults for a game without)."""
    create, moves = _composed(game_id, game_extras), game_extras.move_schema
    own_seat, own_config = game_extras.seat_schema, game_extras.config_schema
    return create, GameBodies(create(), tuple(own_config._declared_fields) if own_config else (),
                              tuple(own_seat._declared_fields) if own_seat else (), moves() if moves else None,
                              DESCRIPTIVE_MOVE_FIELDS + game_extras.descriptive_move_fields)


def register_bodies(spec: APISpec, games: Mapping[str, Any], extras: Mapping[str, GameExtras]) -> dict[str, GameBodies]:
    """Each game's ``GameBodies`` by id (``games``: the house's game objects; ``extras``: the games' extras), their
    schemas registered in ``spec`` as ``<Game>GameCreate`` and ``<Game>Move`` (``OPEN_MOVE`` for a game without a
    move schema)."""
    found = {}
    for game_id in games:
        game_extras = extras.get(game_id) or GameExtras()
        create, found[game_id] = _bodies(game_id, game_extras)
        spec.components.schema(game_component(game_id, "GameCreate"), schema=create)
        if game_extras.move_schema is None:
            spec.components.schema(game_component(game_id, "Move"), OPEN_MOVE)
        else:
            spec.components.schema(game_component(game_id, "Move"), schema=game_extras.move_schema)
    return found


@functools.cache
def _unregistered(game_id: str) -> GameBodies:
    """The generic bodies of a game the app was made without: no own members, any move with a ``type``."""
    return _bodies(game_id, GameExtras())[1]


def game_bodies(house: Mapping[str, GameBodies], game_id: str) -> GameBodies:
    """The bodies of ``game_id`` in ``house``; for a game registered after the app was made (the tests' games), the
    generic ones: no own members, any move with a ``type``."""
    return house.get(game_id) or _unregistered(game_id)
