"""Rate limits (flask-limiter): 429 ``application/problem+json`` with ``Retry-After`` when exceeded.

Per client address (``request.remote_addr``; behind a proxy, run the app behind one that sets it, e.g.
with werkzeug's ``ProxyFix``): ``RATELIMIT_DEFAULT`` on every resource but ``/health`` (default 100
per second), ``RATELIMIT_CREATE_GAMES`` on ``POST /games`` (default 30 per minute) and
``RATELIMIT_ANALYSIS`` shared by the CPU-heavy hint and analysis resources (``GET /games/{id}/hint``,
``POST /analysis/hint``, ``POST /analysis/placements``: default 60 per minute together).  Counters are
kept in ``RATELIMIT_STORAGE_URI`` (default ``memory://``: each worker process counts alone, so
``n`` workers allow up to ``n`` times the limit; use ``redis://...`` to share them).  Any of these
settings can be given as ``FLASK_<NAME>`` environment variables; ``FLASK_RATELIMIT_ENABLED=false``
turns limits off (the benchmark does, to measure the service rather than the limiter).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

DEFAULT_LIMIT = "100 per second"
CREATE_GAMES_LIMIT = "30 per minute"
ANALYSIS_LIMIT = "60 per minute"


def init_limits(app: Flask, limited: dict[str, tuple[str, ...]], exempt_endpoints: tuple[str, ...] = ()) -> Limiter:
    """Attach this app's own limiter: the default limit everywhere; ``limited`` maps a setting
    (``RATELIMIT_CREATE_GAMES``, ``RATELIMIT_ANALYSIS``) to the endpoints that share its limit; none on
    ``exempt_endpoints``.  Call after the views are registered."""
    app.config.setdefault("RATELIMIT_DEFAULT", DEFAULT_LIMIT)
    app.config.setdefault("RATELIMIT_CREATE_GAMES", CREATE_GAMES_LIMIT)
    app.config.setdefault("RATELIMIT_ANALYSIS", ANALYSIS_LIMIT)
    app.config.setdefault("RATELIMIT_STORAGE_URI", "memory://")
    app.config.setdefault("RATELIMIT_HEADERS_ENABLED", True)

    @app.after_request
    def _retry_after_only_when_limited(response):  # runs after the limiter added its headers
        # the limiter adds Retry-After to every answer; keep it on 429 and on our own 503s (which set
        # their own, which the limiter raises to its window's reset at most)
        if response.status_code not in (429, 503):
            response.headers.pop("Retry-After", None)
        elif response.headers.get("Retry-After", "1").isdigit() and int(response.headers["Retry-After"]) < 1:
            response.headers["Retry-After"] = "1"  # never "retry at once": the window's reset is under a second away
        return response

    limiter = Limiter(get_remote_address, app=app)
    app.extensions["wtw_limiter"] = limiter  # the limits refer to it weakly: the app keeps it alive
    views: dict[str, Callable[..., Any]] = app.view_functions  # the views, re-wrapped with their limits
    for setting, endpoints in limited.items():
        shared = limiter.shared_limit(_setting(app, setting), scope=setting)
        for endpoint in endpoints:
            views[endpoint] = shared(views[endpoint])
    for endpoint in exempt_endpoints:
        views[endpoint] = limiter.exempt(views[endpoint])
    return limiter


def _setting(app: Flask, setting: str) -> Callable[[], str]:
    """The limit of ``setting``, read from the app's config when a request is limited."""
    return lambda: str(app.config[setting])
