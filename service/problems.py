"""Error answers as ``application/problem+json`` (RFC 9457).

Every HTTP error the service returns, whether raised by our views (``flask_smorest.abort``), by
flask-smorest's argument parsing (422) or by Flask itself (404 for an unknown route, 405, 413),
becomes ``{"type": "about:blank", "title", "status", "detail"}`` with that media type; argument
errors add ``errors`` (field -> messages).
"""

from __future__ import annotations

from flask import Flask, Response, json
from werkzeug.exceptions import HTTPException

PROBLEM_JSON = "application/problem+json"


def problem(status: int, title: str, detail: str, **extra: object) -> Response:
    """A problem+json response with ``status`` (HTTP status code), ``title`` and ``detail``."""
    body = {"type": "about:blank", "title": title, "status": status, "detail": detail, **extra}
    return Response(json.dumps(body), status=status, mimetype=PROBLEM_JSON)


def register_problem_handlers(app: Flask) -> None:
    """Turn every ``HTTPException`` into a problem+json answer (replaces flask-smorest's JSON errors)."""

    @app.errorhandler(HTTPException)
    def _http_error(exc: HTTPException) -> Response:
        extra = {}
        data = getattr(exc, "data", None) or {}
        if isinstance(data, dict) and data.get("messages"):
            extra["errors"] = data["messages"]
        detail = (data.get("message") if isinstance(data, dict) else None) or exc.description or exc.name
        return problem(exc.code or 500, exc.name, str(detail), **extra)
