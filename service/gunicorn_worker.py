"""The gunicorn worker class of the service (``service/gunicorn_conf.py``; docs/api.md, "Serving"): gunicorn's gevent
worker, with three changes.

- **Front-line errors as problem+json.**  gunicorn answers a request it cannot parse itself, before the app sees
  it: 400 (a malformed request line or header), 414 (a request line over ``limit_request_line``, 4094 bytes), 431
  (a header over ``limit_request_field_size``, 8190 bytes, or over ``limit_request_fields``, 100 headers), and a few
  rarer ones.  Its ``handle_error`` chooses the status and logs the request, then writes an HTML page with
  ``gunicorn.util.write_error``; this worker puts ``write_problem`` in that function's place, so the answer is
  ``application/problem+json`` like every other error of the service (``service.problems``), with the same status,
  and readable by a page of any origin when the service lets every origin call it (``CORS_ORIGINS`` ``"*"``, the
  default: ``Access-Control-Allow-Origin: *``; with a list of origins none is sent, since the request's ``Origin``
  was not parsed).
- **Room for its connections.**  Each open connection (an event stream, mostly) holds a file descriptor: the worker
  raises its soft ``RLIMIT_NOFILE`` towards ``worker_connections`` (never above the hard limit).
- **Streams end when the worker stops.**  On a graceful stop (``SIGTERM``, a restart) the open event streams end at
  once (``service.stopping``, where ``service.games.watch`` registers), so their clients reconnect to a worker that
  goes on instead of holding this one for its whole ``graceful_timeout``.

This module imports no part of the app but the dependency-free ``service.stopping``: gunicorn's master imports it,
before a worker applies gevent's monkey patching and loads the app.
"""

from __future__ import annotations

import json
import os
import resource
from typing import Any

import gevent
from gunicorn import util  # type: ignore[import-untyped]
from gunicorn.workers.ggevent import GeventWorker  # type: ignore[import-untyped]

from service import stopping

#: descriptors a worker needs besides its connections (listening socket, database, logs, the app's files)
RESERVED_FILES = 64


#: ``Access-Control-Allow-Origin`` of the front-line answers (``allow_every_origin``), or ``None``
FRONT_LINE_ORIGIN: str | None = "*"


def allow_every_origin(setting: str | None) -> bool:
    """Whether ``FLASK_CORS_ORIGINS`` (unset: the default ``"*"``; JSON-decoded when it parses, as Flask reads it) lets
    every origin call the service."""
    if setting is None:
        return True
    try:
        value = json.loads(setting)
    except ValueError:
        value = setting
    return value == "*"


def write_problem(sock: Any, status_int: int, reason: str, mesg: str) -> None:
    """``gunicorn.util.write_error``'s replacement: the answer ``status_int`` ``reason`` as an RFC 9457 problem
    (``{"type": "about:blank", "title", "status", "detail"}``, ``detail`` gunicorn's message), with
    ``FRONT_LINE_ORIGIN`` as its ``Access-Control-Allow-Origin``, closing the connection."""
    body = json.dumps({"type": "about:blank", "title": reason, "status": status_int, "detail": mesg or reason}).encode()
    cors = f"Access-Control-Allow-Origin: {FRONT_LINE_ORIGIN}\r\n" if FRONT_LINE_ORIGIN else ""
    head = (f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\nContent-Type: application/problem+json\r\n"
            f"{cors}Content-Length: {len(body)}\r\n\r\n")
    util.write_nonblock(sock, head.encode("latin-1") + body)


def raise_open_files_limit(wanted: int) -> int:
    """Raise this process's soft limit of open files to ``wanted``, or to the hard limit when that is lower; never
    lower it.  Returns the soft limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        return target
    return soft


class ProblemGeventWorker(GeventWorker):
    """gunicorn's gevent worker, its own error answers in problem+json, with room for ``worker_connections`` open
    connections, ending the event streams when it stops (see the module)."""

    def init_process(self) -> None:
        global FRONT_LINE_ORIGIN
        FRONT_LINE_ORIGIN = "*" if allow_every_origin(os.environ.get("FLASK_CORS_ORIGINS")) else None
        util.write_error = write_problem
        raise_open_files_limit(self.worker_connections + RESERVED_FILES)
        super().init_process()

    def handle_exit(self, sig: int, frame: Any) -> None:
        super().handle_exit(sig, frame)
        gevent.spawn(stopping.stop)
