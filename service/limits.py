"""Rate limits (flask-limiter): 429 ``application/problem+json`` with ``Retry-After`` when exceeded.

Per client address (``request.remote_addr``; behind a proxy, run the app behind one that sets it, e.g.
with werkzeug's ``ProxyFix``): ``RATELIMIT_DEFAULT`` on every resource but ``/health`` (default 100
per second), ``RATELIMIT_CREATE_GAMES`` on ``POST /games`` (default 30 per minute) and
``RATELIMIT_ANALYSIS`` shared by the CPU-heavy hint and analysis resources (``GET /games/{id}/hint``,
``POST /analysis/hint``, ``POST /analysis/placements``, ``POST /games/{id}/reviews``: default 60 per minute
together).  Requests that *start* long background work have a limit of their own besides (``limit_started_work``):
``RATELIMIT_PUZZLE_GENERATION`` (a daily puzzle not generated yet: 10 per minute) and ``RATELIMIT_REVIEWS`` (a move
review not made yet: 20 per hour).  Counters are
kept in ``RATELIMIT_STORAGE_URI`` (default ``memory://``: each worker process counts alone, so
``n`` workers allow up to ``n`` times the limit; use ``redis://...`` to share them).  Any of these
settings can be given as ``FLASK_<NAME>`` environment variables; ``FLASK_RATELIMIT_ENABLED=false``
turns limits off (the benchmark does, to measure the service rather than the limiter).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from flask import Flask, current_app
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits import parse

from service.language import _
from service.problems import Refused

DEFAULT_LIMIT = "100 per second"
CREATE_GAMES_LIMIT = "30 per minute"
ANALYSIS_LIMIT = "60 per minute"
PUZZLE_GENERATION_LIMIT = "10 per minute"  #: the default ``RATELIMIT_PUZZLE_GENERATION``, per client
REVIEWS_LIMIT = "20 per hour"  #: the default ``RATELIMIT_REVIEWS``, per client


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


def limit_started_work(setting: str, scope: str, what: str) -> None:
    """Count a request that starts long background work of ``scope`` (``puzzle-generation``, ``reviews``) against this
    client's limit ``setting`` (``RATELIMIT_PUZZLE_GENERATION``, ``RATELIMIT_REVIEWS``): 429 ``rate_limited`` with
    ``Retry-After`` (at least 1 s) when it is over; nothing when the limiter is off.  ``what`` names the requests in
    the refusal ("requests for puzzles not generated yet")."""
    limiter = current_app.extensions["wtw_limiter"]
    if not limiter.enabled:
        return
    item = parse(str(current_app.config[setting]))
    client = get_remote_address()
    if not limiter.limiter.hit(item, scope, client):
        reset = limiter.limiter.get_window_stats(item, scope, client).reset_time
        raise Refused(429, _("too many {what} (limit {limit}): retry later").format(what=_(what), limit=item), rule="rate_limited",
                      headers={"Retry-After": str(max(1, int(reset - time.time()) + 1))})
