"""How to play's entries (issue 37): every building, partner, wild side, cattle contract and score row of the catalog
has its entry in both languages' catalogues (service/web/static/locales/<language>.json, section
"wild-tiled-west-rules"), keyed as the client keys it (js/games/wild-tiled-west/howto.js, ``slug``); each entry's
numbers are placeholders the catalog fills (a building's or wild side's ``amounts``, a partner's condition, a contract's
rewards), and the section's prose states no number of its own (the data has them)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from solver.games.wild_tiled_west.components.catalog import load_catalog
from solver.games.wild_tiled_west.rules.endgame import ENDGAME, IN_GAME

LOCALES = Path(__file__).parent.parent / "service" / "web" / "static" / "locales"
SECTION = "wild-tiled-west-rules"
LANGUAGES = ("en", "fr")
#: the numbers js/games/wild-tiled-west/howto.js (``numbers``) gives every sentence of the rules, from the catalog
RULE_NUMBERS = {"years", "startPoints", "dealtPartners", "faceUpPartners", "year1Income", "year4Gold", "year4Pickaxes",
                "trailblazingPoints", "tombstonePoints", "aceSet3", "aceSet4", "minCows", "contractMinCows", "maxCows"}


def slug(name: str) -> str:
    """The client's catalogue key of a name: "Sheriff's Office" -> "sheriffs-office" (howto.js, ``slug``)."""
    return re.sub(r"^-+|-+$", "", re.sub(r"[^a-z0-9]+", "-", re.sub(r"['’]", "", name.lower())))


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{\{\s*(\w+)", text))


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


@pytest.fixture(scope="module", params=LANGUAGES)
def rules(request) -> dict:
    return json.loads((LOCALES / f"{request.param}.json").read_text(encoding="utf-8"))[SECTION]


def texts(entry: dict, key: str) -> list[str]:
    """An entry's text ``key``, or its plural forms (``key_one``, ``key_other``: i18next's), non-empty."""
    found = [entry[k] for k in (key, f"{key}_one", f"{key}_other") if k in entry]
    assert found and all(isinstance(text, str) and text.strip() for text in found), f"{key} missing or empty in {entry}"
    return found


def test_slug_reads_names_as_the_client_does():
    assert slug("Sheriff's Office") == "sheriffs-office" and slug("house_in_danger") == "house-in-danger"
    assert slug("Mysterious Stranger") == "mysterious-stranger"


def test_every_building_has_an_entry_whose_numbers_are_its_amounts(catalog, rules):
    assert len(catalog.buildings) == 14
    for building in catalog.buildings:
        entry = rules["buildings"][slug(building.name)]
        assert entry["name"].strip()
        for text in texts(entry, "effect"):
            # a plural form's count is the building's (first) amount
            assert placeholders(text) <= set(building.amounts) | {"count"}, (building.name, text)
        assert building.sign in rules["signs"]


def test_every_partner_has_an_entry_whose_numbers_are_its_condition(catalog, rules):
    assert len(catalog.partners) == 16
    for partner in catalog.partners:
        entry = rules["partners"][slug(partner.name)]
        assert entry["name"].strip()
        condition = {k for k, v in partner.condition.items() if isinstance(v, int)}
        for text in texts(entry, "text"):
            assert placeholders(text) <= condition and "points" in placeholders(text), (partner.name, text)


def test_every_wild_side_has_an_entry_whose_numbers_are_its_amounts(catalog, rules):
    assert len(catalog.wild_sides) == 8
    for side in catalog.wild_sides:
        entry = rules["wild-sides"][slug(side.key)]
        assert entry["name"].strip()
        for text in texts(entry, "text"):
            assert placeholders(text) <= set(side.amounts), (side.key, text)
            assert set(side.amounts) <= placeholders(text), f"{side.key}: its numbers are not all said"


def test_every_contract_kind_and_score_row_has_an_entry(catalog, rules):
    kinds = {contract.kind for contract in catalog.scoreboard.contracts}
    assert len(kinds) == 4
    for kind in kinds:
        for text in texts(rules["contracts"][slug(kind)], "text"):
            assert placeholders(text) == {"large", "small"}, (kind, text)
    for part, categories in (("in_game", IN_GAME), ("endgame", ENDGAME)):
        assert set(rules["scores"][part]) == set(categories), part
        for category in categories:
            entry = rules["scores"][part][category]
            assert entry["name"].strip()
            for text in texts(entry, "text"):
                assert placeholders(text) <= RULE_NUMBERS, (category, text)


def test_solo_ranks_have_their_names(catalog, rules):
    for name, _points, _source in catalog.scoreboard.solo_ranks:
        assert rules["ranks"][slug(name)].strip()


def test_the_rules_state_no_number_of_their_own(rules):
    """Every number of the rules' words is a placeholder the catalog fills: no digit outside ``{{...}}``."""

    def strings(node, path=""):
        if isinstance(node, dict):
            for key, value in node.items():
                yield from strings(value, f"{path}.{key}")
        elif isinstance(node, list):
            for n, value in enumerate(node):
                yield from strings(value, f"{path}.{n}")
        else:
            yield path, node

    with_digits = [(path, text) for path, text in strings(rules) if re.search(r"\d", re.sub(r"\{\{[^}]*\}\}", "", text))]
    assert with_digits == []
    sentences = [text for path, text in strings(rules) if path.startswith(".sections.")]
    assert set().union(*map(placeholders, sentences)) <= RULE_NUMBERS
