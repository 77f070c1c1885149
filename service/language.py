"""The language of the service's answers (issue 37, "French"): English, or French for a request whose
``Accept-Language`` prefers it (``fr``, ``fr-FR``...).  Every answer says its language (``Content-Language``) and
that it depends on that header (``Vary: Accept-Language``).  A request's ``lang`` query parameter (``LANG``: ``en`` or
``fr``) comes before the header: a picture a page shows with ``<img src>`` is asked for in the browser's language, not
in the one the player chose on the page, so the page names its language in the picture's URL (the pictures' query
schemas declare it and refuse another value, 422; elsewhere another value is ignored).  Chosen per request with ``solver.core.language``, so the
games' words (move labels, refusals of illegal moves) are in the same language as the service's own (problem titles
and details: this package's catalogue, ``service/locales/``)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from babel.core import negotiate_locale
from flask import Flask, Response, g, request
from marshmallow import fields
from marshmallow.validate import OneOf

from solver.core.language import ENGLISH, LANGUAGES, N_, Catalogue, choose_language, current_language, restore_language

TEXTS = Catalogue(Path(__file__).parent / "locales", "service")
_ = TEXTS.gettext
__all__ = ["LANG", "N_", "TEXTS", "_", "asked_language", "lang_field", "register_language", "request_language"]
#: the query parameter naming the answer's language, before ``Accept-Language``
LANG = "lang"



def asked_language(preferred: Iterable[str]) -> str:
    """The first of ``LANGUAGES`` in ``preferred`` (language tags, most wanted first, as ``Accept-Language`` lists
    them: ``fr-CA`` asks for French), by Babel's negotiation; English when none is."""
    return negotiate_locale(list(preferred), list(LANGUAGES), sep="-") or ENGLISH


def request_language() -> str:
    """The language of this request's answer: its ``lang`` query parameter when it is one of ``LANGUAGES``, else the
    one its ``Accept-Language`` prefers (``asked_language``).  Call it inside a request."""
    named = request.args.get(LANG)
    return named if named in LANGUAGES else asked_language(request.accept_languages.values())


def lang_field() -> fields.String:
    """The ``lang`` query parameter of a resource that documents it (the pictures): one of ``LANGUAGES`` (another is a
    422), optional: without it, ``Accept-Language`` chooses."""
    return fields.String(validate=OneOf(LANGUAGES), metadata={
        "description": "the language of the picture's words (en or fr), before Accept-Language: a page's <img> "
                       "names the language its player chose"})


def register_language(app: Flask) -> None:
    """Each request of ``app`` answered in the language its ``lang`` query parameter names, or else the one its
    ``Accept-Language`` prefers among ``LANGUAGES`` (``request_language``)."""

    @app.before_request
    def _choose() -> None:
        g.language_token = choose_language(request_language())

    @app.after_request
    def _say(response: Response) -> Response:
        response.headers["Content-Language"] = current_language()
        response.vary.add("Accept-Language")
        return response

    @app.teardown_request
    def _restore(_exc: BaseException | None) -> None:
        token = g.pop("language_token", None)
        if token is not None:
            restore_language(token)
