"""Request bodies that JSON itself accepts but Python cannot hold are bad requests, not server errors (issue 30).

``json.loads`` raises ``RecursionError`` for arrays or objects nested about a thousand levels deep, and
``ValueError`` for an integer of more than 4,300 digits (Python's limit on integer string conversion); webargs,
which flask-smorest parses bodies with, answers only ``json.JSONDecodeError`` with a 400.  ``JSONArgumentsParser``
turns both into that 400 (``Invalid JSON body.``, problem+json like every error), and ``Blueprint`` is
flask-smorest's with that parser: every resource of the service uses it.  ``StrictBoolean``: the request
schemas' booleans, which take JSON's ``true`` and ``false`` only.
"""

from __future__ import annotations

import json
from typing import Any

import flask
import flask_smorest
from marshmallow import fields
from webargs.flaskparser import FlaskParser

#: the document a JSONDecodeError names (webargs takes an empty one for an empty body, which is no error)
BODY = "(the request body)"


class JSONArgumentsParser(FlaskParser):
    """webargs' Flask parser, refusing with a 400 the JSON bodies Python cannot hold (too deep, too long a number)."""

    def _raw_load_json(self, req: flask.Request) -> Any:
        try:
            return super()._raw_load_json(req)
        except json.JSONDecodeError:
            raise
        except RecursionError as exc:
            raise json.JSONDecodeError("the JSON body is nested too deeply", BODY, 0) from exc
        except ValueError as exc:  # an integer beyond Python's 4,300-digit conversion limit
            raise json.JSONDecodeError(f"the JSON body holds a number that cannot be read ({exc})", BODY, 0) from exc


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
