"""The language of the words the engines and the service write (issue 37, "French"): English, or French when a
caller asks for it.

Each package that writes words a person reads (a game's labels and refusals, the service's errors) has its own
message catalogue, a ``Catalogue``: the English text is the message id in the code (``_("the game is over")``,
with ``{name}`` placeholders filled by ``str.format`` after the lookup), and the translations are gettext ``.po``
files beside the package (``<package>/locales/<language>/LC_MESSAGES/<domain>.po``), read with Babel (a maintained
library: ``babel.messages.pofile``) and compiled in memory when first used, so no compiled file is kept in the tree.

The language is the caller's: ``speaking("fr")`` (a context manager) sets it for the code it runs, in this thread
or greenlet only (a ``ContextVar``); outside one, English.  A message the catalogue lacks is written in English.
``tests/test_language.py`` checks that every message of every catalogue has its French translation, with the same
placeholders.

Source: our design (the rule texts are the games' own; the French words follow the French rulebooks).
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

#: the languages the words are written in, English first (the message ids)
LANGUAGES = ("en", "fr")
ENGLISH = "en"
_LANGUAGE: ContextVar[str] = ContextVar("language", default=ENGLISH)


def N_(message: str) -> str:
    """Marks ``message`` as one of a catalogue's without translating it now (it is translated where written, with
    that catalogue's ``gettext``; Babel's extraction reads the mark: ``pybabel extract -k N_``)."""
    return message


def current_language() -> str:
    """The language of the words written now: ``"en"`` or ``"fr"``."""
    return _LANGUAGE.get()


def choose_language(language: str) -> Token[str]:
    """Write the words from now on, in this thread or greenlet, in ``language`` (one of ``LANGUAGES``; another is
    English) until ``restore_language`` is given the token returned (what a service does around each request)."""
    return _LANGUAGE.set(language if language in LANGUAGES else ENGLISH)


def restore_language(token: Token[str]) -> None:
    """Back to the language before the ``choose_language`` that returned ``token``."""
    _LANGUAGE.reset(token)


@contextmanager
def speaking(language: str) -> Iterator[str]:
    """Write the words of the code run inside in ``language`` (one of ``LANGUAGES``; another is English).  Yields the
    language chosen."""
    token = choose_language(language)
    try:
        yield current_language()
    finally:
        restore_language(token)


class Catalogue:
    """A package's messages in every language: ``folder/<language>/LC_MESSAGES/<domain>.po``.

    ``gettext(message)`` is ``message`` in the current language; ``ngettext(singular, plural, n)`` picks the form for
    the count ``n`` by the language's plural rule (the ``.po`` file's ``Plural-Forms``).  Raises nothing: a missing
    file or message is written in English."""

    def __init__(self, folder: Path, domain: str):
        self.folder = folder
        self.domain = domain

    def po_file(self, language: str) -> Path:
        """The ``.po`` file of ``language`` (it may not exist)."""
        return self.folder / language / "LC_MESSAGES" / f"{self.domain}.po"

    def gettext(self, message: str) -> str:
        language = current_language()
        return message if language == ENGLISH else _translations(self.po_file(language)).gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        language = current_language()
        if language == ENGLISH:
            return singular if n == 1 else plural
        return _translations(self.po_file(language)).ngettext(singular, plural, n)


@cache
def _translations(path: Path) -> gettext.NullTranslations:
    """The translations of the ``.po`` file at ``path``, compiled in memory once; none when it does not exist."""
    if not path.is_file():
        return gettext.NullTranslations()
    with path.open("rb") as po:
        catalog = read_po(po)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Translations(fp=compiled)
