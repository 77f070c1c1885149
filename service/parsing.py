"""Request bodies that JSON itself accepts but Python cannot hold are bad requests, not server errors (issue 30).

``json.loads`` raises ``RecursionError`` for arrays or objects nested about a thousand levels deep, and
``ValueError`` for an integer of more than 4,300 digits (Python's limit on integer string conversion); webargs,
which flask-smorest parses bodies with, answers only ``json.JSONDecodeError`` with a 400.  ``JSONArgumentsParser``
turns both into that 400 (``Invalid JSON body.``, problem+json like every error), and ``Blueprint`` is
flask-smorest's with that parser: every resource of the service uses it.  ``StrictBoolean``: the request
schemas' booleans, which take JSON's ``true`` and ``false`` only.

Text from clients is Unicode or refused (issue 39).  JSON's ``\\uXXXX`` escapes can name a lone UTF-16 surrogate
(U+D800-U+DFFF), which ``json.loads`` hands over as is although no UTF-8 text can hold it: stored, it made every
answer that shows it fail to encode (500), and the lobby with it.  ``JSONArgumentsParser`` walks every body it
decodes, before any schema or view sees it, and refuses one with such a string or member name with a 422 whose
``errors`` name each place by its JSON pointer (``lone_surrogates``).  The other text of a request cannot hold one:
the body's bytes are decoded as strict UTF-8 (an encoded surrogate is a 400 ``Invalid JSON body.``), werkzeug
leaves invalid UTF-8 in a query string percent-encoded (``?before=%ED%A0%80`` reads ``%ED%A0%80``) and replaces it
in a path (U+FFFD), and header values are Latin-1.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from itertools import islice
from typing import Any

import flask
import flask_smorest
from marshmallow import ValidationError, fields
from webargs.flaskparser import FlaskParser

from service.language import N_, _

#: the document a JSONDecodeError names (webargs takes an empty one for an empty body, which is no error)
BODY = "(the request body)"
#: a UTF-16 surrogate: half of a pair in UTF-16, never a character of its own (JSON decodes an escaped pair as one)
SURROGATE = re.compile("[\ud800-\udfff]")
#: the only way a surrogate gets into a decoded body, whose bytes are strict UTF-8: an escape (``\\uD800``-``\\uDFFF``)
SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")
#: the places ``lone_surrogates`` reports at most (a body could hold thousands)
MAX_REPORTED = 10
SURROGATE_IN_TEXT = N_("holds a lone UTF-16 surrogate ({code}), which is not a character: text must be valid Unicode "
                       "(JSON's \\uXXXX escapes name a surrogate only in a high-low pair)")
SURROGATE_IN_NAME = N_("this member's name holds a lone UTF-16 surrogate ({code}), which is not a character: text must "
                       "be valid Unicode (JSON's \\uXXXX escapes name a surrogate only in a high-low pair)")


def lone_surrogates(data: Any) -> Iterator[tuple[str, str]]:
    """``(pointer, message)`` for each string of the decoded JSON ``data`` holding a lone surrogate, and for each
    object member whose name holds one (its pointer names the member), in document order.

    ``pointer`` is the place's JSON pointer (RFC 6901: ``/seats/0/name``; ``""`` for a top-level string), with each
    surrogate written ``\\uXXXX``: the answer must be valid Unicode too.  Walks with a stack of its own, since
    ``data`` may be nested as deep as ``json.loads`` allows."""
    stack: list[tuple[str, str, Any]] = [("", "", data)]  # (pointer, member name or "", value)
    while stack:
        at, name, value = stack.pop()
        if found := SURROGATE.search(name):
            yield at, _(SURROGATE_IN_NAME).format(code=_code_point(found.group()))
        if isinstance(value, str):
            if found := SURROGATE.search(value):
                yield at, _(SURROGATE_IN_TEXT).format(code=_code_point(found.group()))
        elif isinstance(value, dict):
            stack.extend((f"{at}/{_pointer_token(k)}", k, v) for k, v in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((f"{at}/{i}", "", v) for i, v in reversed(list(enumerate(value))))


def _code_point(char: str) -> str:
    return f"U+{ord(char):04X}"


def _pointer_token(key: str) -> str:
    """``key`` as a JSON pointer's reference token (``~`` as ``~0``, ``/`` as ``~1``), surrogates as ``\\uXXXX``."""
    return key.replace("~", "~0").replace("/", "~1").encode("utf-8", "backslashreplace").decode()


def refuse_lone_surrogates(data: Any) -> Any:
    """``data`` (a decoded JSON body), or ``ValidationError`` naming up to ``MAX_REPORTED`` of its strings and member
    names holding a lone surrogate (``{pointer: [message]}``), which webargs answers with a 422."""
    found: dict[str, list[str]] = {}
    for at, message in islice(lone_surrogates(data), MAX_REPORTED):
        found.setdefault(at, [message])  # a member's name first, then its value
    if found:
        raise ValidationError(found)
    return data


class JSONArgumentsParser(FlaskParser):
    """webargs' Flask parser, refusing with a 400 the JSON bodies Python cannot hold (too deep, too long a number)
    and with a 422 those holding text that is not Unicode (``refuse_lone_surrogates``)."""

    def _raw_load_json(self, req: flask.Request) -> Any:
        try:
            data = super()._raw_load_json(req)
        except json.JSONDecodeError:
            raise
        except RecursionError as exc:
            raise json.JSONDecodeError("the JSON body is nested too deeply", BODY, 0) from exc
        except ValueError as exc:  # an integer beyond Python's 4,300-digit conversion limit
            raise json.JSONDecodeError(f"the JSON body holds a number that cannot be read ({exc})", BODY, 0) from exc
        if SURROGATE_ESCAPE.search(req.get_data(cache=True)):  # only then can the body hold a surrogate
            refuse_lone_surrogates(data)
        return data


class Blueprint(flask_smorest.Blueprint):
    """flask-smorest's ``Blueprint`` with ``JSONArgumentsParser``."""

    ARGUMENTS_PARSER = JSONArgumentsParser()


class StrictBoolean(fields.Boolean):
    """A JSON ``true`` or ``false`` and nothing else (marshmallow's ``Boolean`` also takes ``0``, ``1``, ``"yes"``,
    ``"on"``...: a client's mistake, refused with 422 like any other wrong type)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):  # 0 == False and 1 == True: a set of booleans would take them
            raise self.make_error("invalid", input=value)
        return value
