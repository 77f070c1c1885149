"""Wild Tiled West's HTTP extras: the resources the service serves for this game alone, found by ``service.extras``
through the registry (this package is named as the game's, ``solver.games.wild_tiled_west``) as ``EXTRAS``.

- ``catalog``: ``/catalog/...``, the game's components with their provenance (blueprint ``catalog``);
- ``analysis``: ``POST /analysis/hint`` and ``POST /analysis/placements``, from a position the client sends
  (blueprint ``analysis``; CPU-heavy: ``RATELIMIT_ANALYSIS``, budgets capped by ``HINT_MAX_BUDGET_MS`` and
  ``PLACEMENTS_MAX_BUDGET_MS``);
- ``boards``: ``GET /games/{game_id}/players/{seat}/board`` and ``.../board.svg``, a seat's settlement board (blueprint
  ``boards``, documented under the ``games`` tag);
- ``config``: its own members of ``POST /games`` (a seat's ``board`` and ``side``, ``first_game_contracts``);
- ``moves``: the move body's schema (``WildTiledWestMove`` in the OpenAPI document) and the placements' ``squares``,
  a descriptive member of the legal moves;
- ``components``: the catalog the game is played with, read from the ``CATALOG_DIR`` setting at start (a corrected
  copy of the data files; else the game's own data) and loaded and checked at start, so that a broken data file stops
  the service from starting (``solver.games.wild_tiled_west.components.catalog.CatalogError``, naming each problem's
  file, entry and constraint) instead of failing on a request.

Only this package, among the service's, imports the game (``tests/test_architecture.py``).
"""

from __future__ import annotations

from service.extras import GameExtras
from service.wild_tiled_west.analysis.routes import blp as analysis_blp
from service.wild_tiled_west.boards.routes import blp as boards_blp
from service.wild_tiled_west.catalog.routes import blp as catalog_blp
from service.wild_tiled_west.components import load_at_start, read_catalog
from service.wild_tiled_west.config import WildTiledWestConfigSchema, WildTiledWestSeatSchema
from service.wild_tiled_west.moves import DESCRIPTIVE_MOVE_FIELDS, WildTiledWestMoveSchema

#: The analysis budgets in milliseconds of ``POST /analysis/placements`` (``PLACEMENTS_DEFAULT_BUDGET_MS``, lowered to
#: ``PLACEMENTS_MAX_BUDGET_MS``); ``POST /analysis/hint`` has the hints' (``HINT_*``, the app's).
SETTINGS = {"PLACEMENTS_DEFAULT_BUDGET_MS": 1000, "PLACEMENTS_MAX_BUDGET_MS": 2000}

EXTRAS = GameExtras(
    blueprints=(catalog_blp, analysis_blp, boards_blp),
    settings=SETTINGS,
    components=read_catalog,
    analysis_endpoints=("analysis.post_hint", "analysis.post_placements"),
    start=load_at_start,
    move_schema=WildTiledWestMoveSchema,
    descriptive_move_fields=DESCRIPTIVE_MOVE_FIELDS,
    config_schema=WildTiledWestConfigSchema,
    seat_schema=WildTiledWestSeatSchema,
)
