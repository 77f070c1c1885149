"""The language of the service's answers (issue 37, "French"): English, or French for a request whose
``Accept-Language`` prefers it (``fr``, ``fr-FR``...).  Every answer says its language (``Content-Language``) and
that it depends on that header (``Vary: Accept-Language``).  Chosen per request with ``solver.core.language``, so the
games' words (move labels, refusals of illegal moves) are in the same language as the service's own (problem titles
and details: this package's catalogue, ``service/locales/``)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from babel.core import negotiate_locale
from flask import Flask, Response, g, request

from solver.core.language import ENGLISH, LANGUAGES, N_, Catalogue, choose_language, current_language, restore_language

TEXTS = Catalogue(Path(__file__).parent / "locales", "service")
_ = TEXTS.gettext
__all__ = ["N_", "TEXTS", "_", "asked_language", "register_language"]



def asked_language(preferred: Iterable[str]) -> str:
    """The first of ``LANGUAGES`` in ``preferred`` (language tags, most wanted first, as ``Accept-Language`` lists
    them: ``fr-CA`` asks for French), by Babel's negotiation; English when none is."""
    return negotiate_locale(list(preferred), list(LANGUAGES), sep="-") or ENGLISH


def register_language(app: Flask) -> None:
    """Each request of ``app`` answered in the language its ``Accept-Language`` prefers among ``LANGUAGES``."""

    @app.before_request
    def _choose() -> None:
        g.language_token = choose_language(asked_language(request.accept_languages.values()))

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
