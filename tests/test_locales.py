"""The web client's catalogues (service/web/static/locales/<language>.json, issue 37): one per language, each with
every key of the English one (a missing key would fall back to English in the middle of a French page) and the same
``{{placeholders}}`` in each string, and no key English lacks (a French string nothing shows)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

LOCALES = Path(__file__).parent.parent / "service" / "web" / "static" / "locales"
PLURAL_SUFFIXES = ("_zero", "_one", "_two", "_few", "_many", "_other")


def leaves(node, prefix: str = "") -> dict[str, str]:
    """The catalogue's strings by their dotted key; a plural's forms (``key_one``, ``key_other``) count as one key."""
    if isinstance(node, dict):
        out: dict[str, str] = {}
        for key, value in node.items():
            out.update(leaves(value, f"{prefix}{key}."))
        return out
    if isinstance(node, list):
        return {k: v for n, item in enumerate(node) for k, v in leaves(item, f"{prefix}{n}.").items()}
    key = prefix[:-1]
    for suffix in PLURAL_SUFFIXES:
        if key.endswith(suffix):
            key = key[: -len(suffix)] + "_plural"
    return {key: str(node)}


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{\{\s*(\w+)", text))


def catalogue(code: str) -> dict[str, str]:
    return leaves(json.loads((LOCALES / f"{code}.json").read_text(encoding="utf-8")))


def test_the_languages_are_english_and_french():
    assert sorted(p.stem for p in LOCALES.glob("*.json")) == ["en", "fr"]


@pytest.mark.parametrize("code", ["fr"])
def test_a_catalogue_has_every_english_key_with_the_same_placeholders(code):
    english, other = catalogue("en"), catalogue(code)
    assert sorted(set(english) - set(other)) == [], "keys missing"
    assert sorted(set(other) - set(english)) == [], "keys English lacks"
    differ = [k for k in english if placeholders(english[k]) != placeholders(other[k])]
    assert differ == []
