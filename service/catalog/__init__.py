"""The read-only catalog resource, ``/catalog/...`` (blueprint ``catalog``): ``GET /catalog/tiles``, ``GET
/catalog/boards``, ``GET /catalog/boards/{board_id}`` and ``GET /catalog/scoreboard``, the game's components
with their provenance.  ``routes`` holds the views and ``schemas`` their marshmallow schemas; the data is the
loaded catalog (``solver.games.wild_tiled_west.components.catalog``), nothing is stored.
"""

from __future__ import annotations

from flask import current_app

from solver.games.wild_tiled_west.components.values import Catalog


def app_catalog() -> Catalog:
    """The catalog the running app serves and plays with (loaded and checked once by ``create_app``): every route
    and schema reads it from here, never from a module global."""
    catalog: Catalog = current_app.extensions["wtw_catalog"]
    return catalog
