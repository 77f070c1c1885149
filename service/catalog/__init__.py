"""The read-only catalog resource, ``/catalog/...`` (blueprint ``catalog``): ``GET /catalog/tiles``, ``GET
/catalog/boards``, ``GET /catalog/boards/{board_id}`` and ``GET /catalog/scoreboard``, the game's components
with their provenance.  ``routes`` holds the views and ``schemas`` their marshmallow schemas; the data is the
loaded catalog (``solver.components.catalog``), nothing is stored.
"""
