"""The Flask application factory of the JSON API.

``create_app()`` builds the app served by gunicorn (``make serve``, ``Procfile``).  The OpenAPI 3
document is at ``/openapi.json`` and browsable at ``/docs`` (flask-smorest).  Every error answer is
``application/problem+json`` (RFC 9457): ``{"type", "title", "status", "detail"}``.
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask_smorest import Api

from service.problems import register_problem_handlers

API_TITLE = "Wild Tiled West engine"
API_VERSION = "0.1.0"


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the app.  ``config`` overrides Flask settings (tests pass ``{"TESTING": True}``).

    The catalog is loaded and validated at start-up, so a broken data file stops the service
    from starting (``solver.catalog.CatalogError``) instead of failing on a request.
    """
    from service.catalog_api import blp as catalog_blp
    from service.health import blp as health_blp
    from solver.catalog import load_catalog

    load_catalog()
    app = Flask(__name__)
    app.config.update(
        API_TITLE=API_TITLE,
        API_VERSION=API_VERSION,
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",
        OPENAPI_SWAGGER_UI_PATH="/docs",
        OPENAPI_SWAGGER_UI_URL="https://cdn.jsdelivr.net/npm/swagger-ui-dist/",
        JSON_SORT_KEYS=False,
        MAX_CONTENT_LENGTH=256 * 1024,
    )
    app.json.sort_keys = False
    app.json.ensure_ascii = False
    if config:
        app.config.update(config)
    api = Api(app)
    api.register_blueprint(health_blp)
    api.register_blueprint(catalog_blp)
    register_problem_handlers(app)
    return app
