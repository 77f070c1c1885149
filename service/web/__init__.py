"""The web client (issue 28): play Wild Tiled West in the browser, served by the service at ``/``.

Static files only (``static/``: ``index.html``, the style sheet, native ES modules, no build step and no request to
another host), talking to the same public JSON API as any frontend (docs/web.md).  ``/`` answers the page and
``/app/<path>`` its files; neither is part of the API nor of its OpenAPI document, and neither is rate limited
(they are files).
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, send_from_directory

STATIC = Path(__file__).parent / "static"

#: The client's files at ``/app/...`` and its page at ``/`` (a plain Flask blueprint: not in the OpenAPI document).
blp = Blueprint("web", __name__, static_folder=str(STATIC), static_url_path="/app")
#: The endpoints of ``blp``, exempt from the rate limits.
ENDPOINTS = ("web.index", "web.static")


@blp.route("/")
def index() -> Response:
    """The client's page (``index.html``): a single page whose parts are reached by the URL's fragment
    (``#/game/<id>``, ``#/join/<id>/<seat>``, ``#/puzzle/<difficulty>``)."""
    response = send_from_directory(STATIC, "index.html")
    response.headers["Cache-Control"] = "no-cache"
    return response
