"""Wild Tiled West's read-only catalog resource, ``/catalog/...`` (blueprint ``catalog``): ``GET /catalog/tiles``,
``GET /catalog/tiles/{tile_id}.svg``, ``GET /catalog/boards``, ``GET /catalog/boards/{board_id}`` and ``GET
/catalog/scoreboard``, the game's components with their provenance.  ``routes`` holds the views and ``schemas`` their
marshmallow schemas; the data is the catalog the app plays with (``service.wild_tiled_west.components.app_catalog``),
nothing is stored.
"""
