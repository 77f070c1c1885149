"""Wild Tiled West's catalog in the service: read from the app's settings at start (``read_catalog``: ``CATALOG_DIR``),
handed to the game object (``WildTiledWest.with_components``, by ``service.games.store.house_games``), and read back
from the app's game object by every resource of the game's extras (``catalog_of``, ``app_catalog``): the catalog the
games are played with is the one the catalog resources serve and the analysis plans with.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, cast

from flask import Flask, current_app

from solver.core import protocol
from solver.games.wild_tiled_west import ENTRY
from solver.games.wild_tiled_west.components.catalog import load_catalog_from
from solver.games.wild_tiled_west.components.values import Catalog
from solver.games.wild_tiled_west.protocol import WildTiledWest

GAME_ID = ENTRY.id  #: ``"wild-tiled-west"``


def read_catalog(settings: Mapping[str, Any]) -> Catalog | None:
    """The catalog of the ``CATALOG_DIR`` setting (a folder laid out like the packaged data: a player's corrected copy),
    loaded and checked now, or ``None`` when the setting is empty (the game's own data: ``$WTW_CATALOG``, else the
    packaged data).  Raises ``solver.games.wild_tiled_west.components.catalog.CatalogError`` naming each problem's file,
    entry and constraint."""
    folder = settings.get("CATALOG_DIR")
    return load_catalog_from(Path(folder)) if folder else None


def load_at_start(app: Flask, game: protocol.Game) -> None:
    """Load and check the catalog ``game`` plays with now, while the app is built (its own data is otherwise loaded on
    first use): a broken data file stops the service from starting instead of failing a request.  Raises
    ``CatalogError`` as ``read_catalog``."""
    _ = cast(WildTiledWest, game).catalog


def catalog_of(app: Flask) -> Catalog:
    """The catalog ``app`` plays Wild Tiled West with: its game object's (``service.games.store.Games.game_object``)."""
    game = cast(WildTiledWest, app.extensions["wtw_games"].game_object(GAME_ID))
    return game.catalog


def app_catalog() -> Catalog:
    """The catalog of the running app (``catalog_of(current_app)``): every route and schema of the game's extras reads
    it from here, never from a module global."""
    return catalog_of(current_app)
