"""Rolled West's words in the web client's catalogues (service/web/static/locales/<language>.json, issue 38): How to
play's prose states no number of its own (every number comes from GET /rolled-west/components), and every score
category, office term, resource and terrain of the game's data has its words in English and French."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from solver.games.rolled_west.components.catalog import load_components
from solver.games.rolled_west.components.values import OFFICE_TERMS, RESOURCES
from solver.games.rolled_west.rules.scoring import CATEGORIES
from tests.test_locales import leaves

LOCALES = Path(__file__).parent.parent.parent / "service" / "web" / "static" / "locales"


@pytest.fixture(params=["en", "fr"])
def catalogue(request) -> dict:
    return json.loads((LOCALES / f"{request.param}.json").read_text(encoding="utf-8"))


def test_how_to_play_states_no_number_of_its_own(catalogue):
    """Its sections' titles are the rule text's headings, numbered as printed ("1. Rolling Resource Dice")."""
    with_digits = [(path, text) for path, text in leaves(catalogue["rolled-west-rules"]).items()
                   if not re.fullmatch(r"sections\.\w+\.title", path) and re.search(r"\d", re.sub(r"\{\{\s*\w+\s*\}\}", "", text))]
    assert with_digits == []


def test_every_category_term_resource_and_terrain_has_its_words(catalogue):
    words, rules = catalogue["rolled-west"], catalogue["rolled-west-rules"]
    c = load_components()
    assert set(words["category"]) == set(CATEGORIES) and set(rules["scores"]) == set(CATEGORIES)
    assert {k.removesuffix("_one").removesuffix("_other").removesuffix("_more") for k in words["term"]} == set(OFFICE_TERMS)
    assert set(rules["terms"]) == set(OFFICE_TERMS)
    assert set(words["resource_name"]) == set(RESOURCES) == set(words["letter"])
    assert set(words["terrain"]) == set(c.terrains()) == set(words["terrain_name"])
    assert len(set(words["letter"].values())) == len(RESOURCES)  # a die face's letter tells its resource
