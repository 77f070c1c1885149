"""Whole request bodies, read within a deadline before any view runs (issue 27's slow clients, issue 30's strict
protocol; docs/api.md, "Serving").

``init_bodies(app)`` reads the body of every request that has one (a ``Content-Length`` above 0, or chunked) before
its view runs, within ``BODY_TIMEOUT_SECONDS`` (10) from the moment the view would have started:

- a body still incomplete at the deadline is refused with 408 (``body_timeout``);
- a body that ends before its ``Content-Length`` (the client closed the connection or shut down its sending side)
  or that cannot be read (a broken chunked encoding) is refused with 400 (``incomplete_body``);
- a body over ``MAX_CONTENT_LENGTH`` is refused with 413: before it is read when its ``Content-Length`` says so (as
  Flask refuses it), once one byte past the limit has arrived when it is chunked (issue 39: werkzeug's
  ``LimitedStream`` reads a chunked body up to the limit and stops there without a word, so ``get_data`` alone
  would hand the view the body's first 256 KiB);

so a view only ever sees a whole body, and nothing is applied from a part of one.  The body is kept as
``request.get_data(cache=True)`` keeps it, where Flask and webargs read it from.  After a refused body the
connection is not used for another request (gunicorn's ``Body.failed``: where the next request would start is
unknown).

Under gunicorn's gevent worker (``make serve``) a slow body costs its connection's greenlet while it trickles in,
never a thread, and the deadline is a ``gevent.Timeout``; other servers (Flask's test client, a threaded server)
read the body without one.  The request line and headers have gunicorn's own deadline (its ``keepalive`` setting,
2 s, under the gevent worker).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import gevent
from flask import Flask, current_app, request
from gevent import monkey
from werkzeug.exceptions import RequestEntityTooLarge

from service.language import _
from service.problems import Refused

DEFAULT_TIMEOUT_SECONDS = 10.0


class BodyTimeout(Exception):
    """The request body did not arrive within ``BODY_TIMEOUT_SECONDS``."""


@contextlib.contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    """Raise ``BodyTimeout`` in the ``with`` block after ``seconds``, under gevent's monkey patching (the blocking
    reads are greenlet switches there); elsewhere no deadline."""
    if not monkey.is_module_patched("socket"):
        yield
        return
    timeout = gevent.Timeout(seconds, BodyTimeout)
    timeout.start()
    try:
        yield
    finally:
        timeout.close()


def _forsake_connection(environ: dict[str, Any]) -> None:
    """Tell gunicorn not to read another request from this connection (its ``Body.failed``)."""
    stream: Any = environ.get("wsgi.input")
    if hasattr(stream, "failed"):
        stream.failed = True


def _goes_past_the_limit(body: bytes) -> bool:
    """Whether a body without a ``Content-Length`` (chunked) went on past ``MAX_CONTENT_LENGTH``: ``body``, what
    ``request.get_data`` read of it, is cut at the limit without a word, so read one byte more from the server's
    stream (gunicorn ends it with the last chunk: ``wsgi.input_terminated``).  A body with a ``Content-Length`` over
    the limit was refused before it was read."""
    limit = request.max_content_length
    if limit is None or request.content_length is not None or len(body) < limit:
        return False
    return bool(request.environ["wsgi.input"].read(1))


def read_whole_body() -> None:
    """The ``before_request`` hook: read the request's whole body (kept by ``request.get_data``), or raise
    ``Refused`` (408, 400) or ``RequestEntityTooLarge`` (413) as the module says."""
    chunked = "chunked" in request.headers.get("Transfer-Encoding", "").lower()
    expected = request.content_length
    if not chunked and not expected:
        return
    try:
        with _deadline(float(current_app.config["BODY_TIMEOUT_SECONDS"])):
            body = request.get_data(cache=True)
            if _goes_past_the_limit(body):
                raise RequestEntityTooLarge()
    except BodyTimeout:
        _forsake_connection(request.environ)
        raise Refused(408, _("the request body did not arrive within {seconds} s: nothing was done").format(
            seconds=current_app.config["BODY_TIMEOUT_SECONDS"]), rule="body_timeout") from None
    except RequestEntityTooLarge:  # over MAX_CONTENT_LENGTH
        _forsake_connection(request.environ)
        raise
    except Exception as exc:  # the connection broke (werkzeug's ClientDisconnected), a broken chunked encoding...
        _forsake_connection(request.environ)
        raise Refused(400, _("the request body could not be read ({error}): nothing was done").format(error=type(exc).__name__),
                      rule="incomplete_body") from None
    if expected is not None and len(body) < expected:
        _forsake_connection(request.environ)
        raise Refused(400, _("the request body ended after {received} of the {expected} bytes its Content-Length announced: "
                             "nothing was done").format(received=len(body), expected=expected), rule="incomplete_body")


def init_bodies(app: Flask) -> None:
    """Read every request's whole body before its view (``read_whole_body``); ``BODY_TIMEOUT_SECONDS`` defaults to
    ``DEFAULT_TIMEOUT_SECONDS``.  Register it after the rate limiter, so that a refused client's body is not read."""
    app.config.setdefault("BODY_TIMEOUT_SECONDS", DEFAULT_TIMEOUT_SECONDS)
    app.before_request(read_whole_body)
