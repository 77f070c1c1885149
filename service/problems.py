"""Error answers as ``application/problem+json`` (RFC 9457).

Every HTTP error the service returns, whether raised by our views (``flask_smorest.abort`` or
``Refused``), by flask-smorest's argument parsing (400 for malformed JSON, 422 for a body or query
that breaks its schema), by flask-limiter (429) or by Flask itself (404 for an unknown route, 405,
413), becomes ``{"type": "about:blank", "title", "status", "detail"}`` with that media type;
argument errors add ``errors`` (field -> messages) and game refusals add ``rule`` (a short code:
the engine's rule for an illegal move, or the service's, e.g. ``not_your_decision``).

Some answers come before a request reaches its operation: gunicorn's own (414 for a request line over its
``limit_request_line``, 431 for headers over its limits, 400 for a malformed request line or header; problem+json
too: ``service.gunicorn_worker``) and those of ``service.bodies`` for a request with a body (400 incomplete, 408
too slow, 413 too large).  ``FrontLineResponses`` documents them on every operation of the OpenAPI document.
"""

from __future__ import annotations

import http
import logging
import re
import traceback
from typing import Any

from apispec import BasePlugin
from flask import Flask, Response, json
from marshmallow import INCLUDE, Schema, fields
from werkzeug.exceptions import HTTPException, InternalServerError

from service.language import N_, _

PROBLEM_JSON = "application/problem+json"
#: the statuses any request may get before its operation runs (gunicorn's: URI too long, header fields too large)
FRONT_LINE = (414, 431)
#: and those of a request with a body (``service.bodies``: incomplete, not in time, too large)
FRONT_LINE_BODY = (400, 408, 413)
log = logging.getLogger(__name__)


class ProblemSchema(Schema):
    """An RFC 9457 problem: ``type``, ``title``, ``status``, ``detail``; ``rule`` names the rule a
    refused game request broke; ``errors`` lists a request's invalid fields."""

    class Meta:
        unknown = INCLUDE

    type = fields.String(required=True, metadata={"example": "about:blank"})
    title = fields.String(required=True, metadata={"example": "Unprocessable Content"})
    status = fields.Integer(required=True, metadata={"example": 422})
    detail = fields.String(required=True)
    rule = fields.String(metadata={"description": "short code of the rule the request broke", "example": "not_connected"})
    errors = fields.Dict(metadata={"description": "invalid request fields and their messages"})


class Refused(Exception):
    """A request the service refuses: ``status`` (HTTP status code), ``detail`` (why), ``rule`` (a
    short code), ``headers`` (extra answer headers).  Nothing was changed."""

    def __init__(self, status: int, detail: str, rule: str | None = None, headers: dict[str, str] | None = None):
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.rule = rule
        self.headers = headers or {}


def problem_responses(blp, *codes: int):
    """Decorator documenting the problem+json answers ``codes`` of a view of the flask-smorest
    blueprint ``blp`` (each refers to the components of ``ProblemApi``)."""
    def decorate(view):
        for code in codes:
            view = blp.alt_response(code, response=http.HTTPStatus(code).name)(view)
        return view
    return decorate


class FrontLineResponses(BasePlugin):
    """An apispec plugin: every operation documents the ``FRONT_LINE`` answers, and every operation with a request
    body the ``FRONT_LINE_BODY`` ones too (each refers to the problem+json component of its status)."""

    def operation_helper(self, path=None, operations=None, **kwargs) -> None:
        for operation in (operations or {}).values():
            responses = operation.setdefault("responses", {})
            codes = FRONT_LINE + (FRONT_LINE_BODY if "requestBody" in operation else ())
            for code in codes:
                if code not in responses and str(code) not in responses:
                    responses[str(code)] = http.HTTPStatus(code).name


def problem(status: int, title: str, detail: str, headers: dict[str, str] | None = None, **extra: object) -> Response:
    """A problem+json response with ``status`` (HTTP status code), ``title``, ``detail`` and extra members."""
    body = {"type": "about:blank", "title": title, "status": status, "detail": detail, **extra}
    response = Response(json.dumps(body), status=status, mimetype=PROBLEM_JSON)
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


#: the problems' titles: each status's reason phrase (RFC 9110), in the request's language
TITLES = {400: N_("Bad Request"), 401: N_("Unauthorized"), 403: N_("Forbidden"), 404: N_("Not Found"),
          405: N_("Method Not Allowed"), 408: N_("Request Timeout"), 409: N_("Conflict"),
          412: N_("Precondition Failed"), 413: N_("Content Too Large"), 414: N_("URI Too Long"),
          415: N_("Unsupported Media Type"), 422: N_("Unprocessable Content"), 428: N_("Precondition Required"),
          429: N_("Too Many Requests"), 431: N_("Request Header Fields Too Large"),
          500: N_("Internal Server Error"), 503: N_("Service Unavailable")}
#: the details of Flask's own answers that say nothing more than their title (werkzeug's descriptions), in our words
DETAILS = {404: N_("no such resource here: the API's resources are listed at /docs"),
           405: N_("this resource does not take this method: the API's document at /docs lists the ones it takes"),
           413: N_("the request body is larger than the service takes"),
           422: N_("the request's fields break its schema: errors lists each field and what is wrong with it"),
           500: N_("the service failed to answer this request: nothing was changed, and the failure is logged")}
#: marshmallow's messages for a field (its default ones, those our schemas' validators give) as patterns, and each
#: one's words with the same placeholders (``{choices}``...): an argument error's ``errors`` in the request's language
FIELD_MESSAGES: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(pattern), message) for pattern, message in (
    (r"Missing data for required field\.", N_("Missing data for required field.")),
    (r"Field may not be null\.", N_("Field may not be null.")),
    (r"Invalid value\.", N_("Invalid value.")),
    (r"Not a valid integer\.", N_("Not a valid integer.")),
    (r"Not a valid number\.", N_("Not a valid number.")),
    (r"Number too large\.", N_("Number too large.")),
    (r"Not a valid string\.", N_("Not a valid string.")),
    (r"Not a valid boolean\.", N_("Not a valid boolean.")),
    (r"Not a valid list\.", N_("Not a valid list.")),
    (r"Not a valid mapping type\.", N_("Not a valid mapping type.")),
    (r"Invalid type\.", N_("Invalid type.")),
    (r"Invalid input type\.", N_("Invalid input type.")),
    (r"Unknown field\.", N_("Unknown field.")),
    (r"Must be one of: (?P<choices>.*)\.", N_("Must be one of: {choices}.")),
    (r"Must be greater than or equal to (?P<min>\S+) and less than or equal to (?P<max>\S+)\.",
     N_("Must be greater than or equal to {min} and less than or equal to {max}.")),
    (r"Must be greater than or equal to (?P<min>\S+)\.", N_("Must be greater than or equal to {min}.")),
    (r"Must be less than or equal to (?P<max>\S+)\.", N_("Must be less than or equal to {max}.")),
    (r"Longer than maximum length (?P<max>\S+)\.", N_("Longer than maximum length {max}.")),
    (r"Shorter than minimum length (?P<min>\S+)\.", N_("Shorter than minimum length {min}.")),
    (r"Length must be between (?P<min>\S+) and (?P<max>\S+)\.", N_("Length must be between {min} and {max}.")),
    # our schemas' messages with a number marshmallow writes in (a validator's own ``error``)
    (r"a name has 1 to (?P<max>\d+) characters, not counting spaces at either end",
     N_("a name has 1 to {max} characters, not counting spaces at either end")),
))


def field_errors(errors: Any) -> Any:
    """An argument error's ``errors`` (marshmallow's: a tree of field names, or indexes, to lists of messages) with
    each message marshmallow writes (``FIELD_MESSAGES``) in the request's language; another message (our schemas'
    own, already written in it) as it is.  Raises nothing."""
    if isinstance(errors, dict):
        return {key: field_errors(value) for key, value in errors.items()}
    if isinstance(errors, list):
        return [field_errors(value) for value in errors]
    if isinstance(errors, str):
        for pattern, message in FIELD_MESSAGES:
            found = pattern.fullmatch(errors)
            if found:
                return _(message).format(**found.groupdict())
    return errors


def _title(status: int) -> str:
    """The title of a problem of ``status``, in the request's language."""
    if status in TITLES:
        return _(TITLES[status])
    try:
        return http.HTTPStatus(status).phrase
    except ValueError:
        return _("Error")


def register_problem_handlers(app: Flask) -> None:
    """Turn every ``HTTPException``, every ``Refused`` and any unexpected exception into a
    problem+json answer (replaces flask-smorest's JSON errors)."""

    @app.errorhandler(HTTPException)
    def _http_error(exc: HTTPException) -> Response:
        extra = {}
        data = getattr(exc, "data", None) or {}
        if isinstance(data, dict) and data.get("messages"):
            extra["errors"] = field_errors(data["messages"])
        code = exc.code or 500
        said = data.get("message") if isinstance(data, dict) else None
        if said:
            detail = _(str(said))
        elif exc.description == type(exc).description and code in DETAILS:  # werkzeug's own words
            detail = _(DETAILS[code])
        else:
            detail = str(exc.description or exc.name)
        headers = {k: v for k, v in exc.get_headers() if k.lower() not in ("content-type", "content-length")}
        return problem(code, _title(code), detail, headers=headers, **extra)

    @app.errorhandler(Refused)
    def _refused(exc: Refused) -> Response:
        extra = {"rule": exc.rule} if exc.rule else {}
        return problem(exc.status, _title(exc.status), exc.detail, headers=exc.headers, **extra)

    @app.errorhandler(Exception)
    def _unexpected(exc: Exception) -> Response:
        # Only the exception's type and where it was raised are logged: its message could hold game data.
        where = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
        log.error("unexpected %s at %s while answering a request", type(exc).__name__,
                  f"{where.filename}:{where.lineno}" if where else "?")
        return _http_error(InternalServerError())
