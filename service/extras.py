"""A game's HTTP extras: the resources the service serves for one game beside the generic ones, found through the
registry.

Every registered game is played by the generic resources (``service.games``: create, view, move, undo, events, hint;
``service.reviews``; ``service.puzzles``) through its game object (``solver.core.protocol``).  What only one game has
(Wild Tiled West's catalog of components, its analysis of a posted position, a seat's settlement board) lives in a
package of its own named as the game's package: the game whose registry entry's ``package`` is
``solver.games.<leaf>`` has its extras in ``service.<leaf>`` (``solver.games.wild_tiled_west`` ->
``service.wild_tiled_west``), if that package exists, as its ``EXTRAS`` (a ``GameExtras``).  That package may import
its game (``tests/test_architecture.py``); this module and the app import none: they find the extras by the
convention alone (``find_extras``, ``house_extras``), so a game brings its extras by being registered.

A game's leaf must therefore not name a generic module of the service (``games``, ``web``, ...): such a module has
no ``EXTRAS``, and ``find_extras`` refuses it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from flask import Flask
from flask_smorest import Blueprint
from marshmallow import Schema

import solver.games  # noqa: F401 (registers every game)
from solver.core import protocol, registry
from solver.core.registry import GameEntry


def _own_data(settings: Mapping[str, Any]) -> None:
    """No components read from the settings: the game plays with its own data."""
    return None


def _nothing_at_start(app: Flask, game: protocol.Game) -> None:
    """Nothing to do at start."""


@dataclass(frozen=True)
class GameExtras:
    """What a game adds to the service (its package's ``EXTRAS``), all optional:

    - ``blueprints``: its resources (flask-smorest blueprints), registered in the API and its OpenAPI document after
      the generic ones, in this order;
    - ``settings``: its settings' defaults (name -> value), applied before the ``FLASK_<NAME>`` environment variables
      and the app's ``config`` (which override them);
    - ``components(settings)``: the components the game plays with, read from the app's settings (a ``flask.Config``:
      Wild Tiled West's ``CATALOG_DIR``, a corrected copy of its data), handed to the game object's
      ``with_components``; ``None`` (the default) when the game plays with its own data.  It runs while the app is
      built, so a broken data file stops the service at start; whatever it raises is raised by ``create_app``;
    - ``analysis_endpoints``: the endpoints (``"<blueprint>.<view>"``) of ``blueprints`` that share the CPU-heavy
      resources' rate limit, ``RATELIMIT_ANALYSIS`` (``service.limits``);
    - ``start(app, game)``: called once while the app is built, after the game object (with its components) is made,
      before any request: what the game needs ready at start (Wild Tiled West loads and checks its data);
    - ``move_schema``: the marshmallow schema of the game's move body (``POST /games/{game_id}/moves``), which checks
      the members' types before the engine checks the move, documented as the OpenAPI component ``<Game>Move``
      (``service.games.schemas.game_component``); ``None``: any JSON object with a ``type`` (the engine alone checks it);
    - ``config_schema`` and ``seat_schema``: the marshmallow schemas of the game's own members of ``POST /games``, at
      the top level and per seat (Wild Tiled West's ``first_game_contracts``; a seat's ``board`` and ``side``), composed
      with the generic members into the game's create body (``service.games.game_bodies``), documented as
      ``<Game>GameCreate``; ``None``: the game has none;
    - ``descriptive_move_fields``: the members the game's legal moves carry to describe them (Wild Tiled West's
      placement ``squares``), accepted back in a posted move and dropped before the engine (as ``label`` is for every
      game).
    """

    blueprints: tuple[Blueprint, ...] = ()
    settings: Mapping[str, Any] = field(default_factory=dict)
    components: Callable[[Mapping[str, Any]], Any] = _own_data
    analysis_endpoints: tuple[str, ...] = ()
    start: Callable[[Flask, protocol.Game], None] = _nothing_at_start
    move_schema: type[Schema] | None = None
    config_schema: type[Schema] | None = None
    seat_schema: type[Schema] | None = None
    descriptive_move_fields: tuple[str, ...] = ()


def extras_package(entry: GameEntry) -> str:
    """The name of the package that holds the extras of the game of ``entry``: ``service.<leaf>``, ``<leaf>`` the last
    part of the entry's ``package`` (``solver.games.wild_tiled_west`` -> ``service.wild_tiled_west``)."""
    return entry.companion("service")


def find_extras(entry: GameEntry) -> GameExtras | None:
    """The extras of the game of ``entry``: the ``EXTRAS`` of its package ``extras_package(entry)``, imported, or
    ``None`` when no such package exists (the game has none: ``solver.core.registry.companion_module``).  Raises
    ``TypeError`` when the package exists but its ``EXTRAS`` is missing or not a ``GameExtras`` (a game whose package's
    leaf names a generic module of the service), and whatever importing the package raises."""
    module = registry.companion_module(entry, "service")
    if module is None:
        return None
    extras = getattr(module, "EXTRAS", None)
    if not isinstance(extras, GameExtras):
        raise TypeError(f"{module.__name__} is not the extras of the game {entry.id!r}: it has no EXTRAS (a service."
                        "extras.GameExtras); a game's package may not be named as a generic module of the service")
    return extras


def house_extras() -> dict[str, GameExtras]:
    """The extras of every registered game that has some, by game id, in the order the games were registered."""
    found = {entry.id: find_extras(entry) for entry in registry.entries()}
    return {game_id: extras for game_id, extras in found.items() if extras is not None}
