"""What a seat's display name may be, beyond its length and forbidden characters (issue 39): text every viewer sees
in the lobby and the game, so it must show, stay on its line and say truthfully whether a person or a bot plays.

- ``nfc``: a name is stored in Unicode's composed form (NFC), so ``e`` + U+0301 and ``é`` are one name.
- ``VisibleName``: at least one character that shows: a letter, number, punctuation mark or symbol
  (``unicodedata`` categories ``L``, ``N``, ``P``, ``S``) other than ``BLANKS``, the letters and symbols that are drawn
  as nothing.  Spaces (``Zs``), format characters (``Cf``: U+200B zero width space, U+FEFF, U+180E, the tag
  characters...), combining marks (``M``) and private-use or unassigned code points do not count.
- ``MarkRuns``: at most ``MAX_MARKS`` combining marks (``Mn``, ``Mc``, ``Me``) on one character, counted
  decomposed (NFD: an accented letter's accents count too), format characters between them counting as nothing, so
  that a name cannot draw a streak over the lines above and below it.  Three leaves room for the scripts that stack
  marks: Vietnamese (two on a vowel), pointed Hebrew (dagesh, shin dot and a vowel on a shin), Tibetan stacks.
- ``NotABotsName``: a person's name never ends like a bot's label (``passes_for_a_bot``); a bot seat's may.
"""

from __future__ import annotations

import re
import unicodedata

from marshmallow import ValidationError
from marshmallow.validate import Validator

from service.games.store import house_bot_names
from service.language import N_, _

#: letters and symbols of the visible categories that are drawn blank: the Hangul fillers (U+115F, U+1160, U+3164,
#: U+FFA0: the default-ignorable code points among the letters) and U+2800 BRAILLE PATTERN BLANK
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
#: the combining marks a name may stack on one character
MAX_MARKS = 3
#: the word a bot's label ends with: "Hint bot", "(hint bot)"
BOT_WORD = "bot"
#: a bot's kind and that word run together: "hintbot"
BOT_LABELS = tuple(f"{kind}{BOT_WORD}" for kind in house_bot_names())
#: a name's words as ``passes_for_a_bot`` reads them: runs of letters, or of digits
WORDS = re.compile(r"[^\W\d_]+|\d+")


def nfc(text: str) -> str:
    """``text`` in Unicode's normalization form C (composed: ``e`` + U+0301 becomes ``é``)."""
    return unicodedata.normalize("NFC", text)


def shows(char: str) -> bool:
    """Whether the one character ``char`` is drawn as something: a letter, number, punctuation or symbol, not blank."""
    return unicodedata.category(char)[0] in "LNPS" and char not in BLANKS


def longest_mark_run(text: str) -> int:
    """The most combining marks ``text`` puts on one character, counted decomposed (NFD: ``ệ`` is ``e`` and two marks),
    format characters between them not parting them."""
    longest = run = 0
    for char in unicodedata.normalize("NFD", text):
        kind = unicodedata.category(char)
        if kind[0] == "M":
            run += 1
            longest = max(longest, run)
        elif kind != "Cf":
            run = 0
    return longest


def passes_for_a_bot(name: str) -> bool:
    """Whether ``name`` reads like a bot's label: compared in compatibility form and without case (``NFKD`` +
    casefold: ``Ｈｉｎｔ ＢＯＴ`` is ``hint bot``), ignoring accents and other marks, format characters and blanks
    (``b\\u200bot`` and ``bót`` show as ``bot``) and reading only its words (letters, digits: spaces and punctuation part them), it ends with the
    word ``bot`` (``Bot``, ``Hint bot``, ``Ann (greedy bot)``) or a bot's kind and ``bot`` run together
    (``Hintbot``), numbers after either ignored (``Hint bot 2``).  ``Robot`` and ``Talbot`` do not."""
    folded = unicodedata.normalize("NFKD", name).casefold()
    words = WORDS.findall("".join(c for c in folded if not _unseen(c)))
    while words and words[-1].isdecimal():
        words.pop()
    return bool(words) and (words[-1] == BOT_WORD or "".join(words).endswith(BOT_LABELS))


def _unseen(char: str) -> bool:
    """Whether ``char`` is a combining mark, a format character or a blank: nothing of a word's own."""
    kind = unicodedata.category(char)
    return kind[0] == "M" or kind == "Cf" or char in BLANKS


class VisibleName(Validator):
    """A marshmallow validator: the name holds at least one character that shows (``shows``)."""

    message = N_("a name needs at least one visible character: spaces and invisible characters alone show nothing")

    def __call__(self, value: str) -> str:
        if not any(shows(c) for c in value):
            raise ValidationError(_(self.message).format(max=MAX_MARKS))
        return value


class MarkRuns(Validator):
    """A marshmallow validator: no character of the name carries more than ``MAX_MARKS`` combining marks."""

    message = N_("a name may put at most {max} accents or other combining marks on one character")

    def __call__(self, value: str) -> str:
        if longest_mark_run(value) > MAX_MARKS:
            raise ValidationError(_(self.message).format(max=MAX_MARKS))
        return value


class NotABotsName(Validator):
    """A marshmallow validator for a person's name: it does not read like a bot's label (``passes_for_a_bot``)."""

    message = N_('only a bot seat may have a name ending in "bot" (like "Hint bot"): a player\'s name must not pass '
                 "for a bot's")

    def __call__(self, value: str) -> str:
        if passes_for_a_bot(value):
            raise ValidationError(_(self.message).format(max=MAX_MARKS))
        return value
