"""The languages of the engines' and the service's words (issue 37, "French"; ``solver.core.language``,
``service.language``): every message marked in the code has its French translation in its package's catalogue, with
the same placeholders, and no translation is left over; the language is chosen per caller and restored; the service
answers in the language ``Accept-Language`` prefers, and says so."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from service.app import create_app
from solver.core.language import Catalogue, current_language, speaking
from tests.service.databases import fresh_database

ROOT = Path(__file__).parent.parent
#: every catalogue of the tree: <package>/locales/<language>/LC_MESSAGES/<domain>.po
CATALOGUES = sorted(p for top in ("solver", "service", "puzzles") for p in (ROOT / top).rglob("locales/*/LC_MESSAGES/*.po"))
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def marked(package: Path) -> set[str]:
    """The messages the package's Python code marks (``_("...")``, ``N_("...")``, ``ngettext``'s two forms)."""
    found: set[str] = set()
    for _, _, message, *_ in extract_from_dir(str(package), method_map=[("**.py", "python")], keywords=KEYWORDS):
        found.update([message] if isinstance(message, str) else [m for m in message if m])
    return found


def test_the_tree_has_the_services_and_the_games_catalogues_in_french():
    assert [p.relative_to(ROOT).as_posix() for p in CATALOGUES] == [
        "service/locales/fr/LC_MESSAGES/service.po",
        "solver/games/rolled_west/locales/fr/LC_MESSAGES/rolled_west.po",
        "solver/games/wild_tiled_west/locales/fr/LC_MESSAGES/wild_tiled_west.po"]


@pytest.mark.parametrize("po", CATALOGUES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_marked_message_has_its_translation_with_the_same_placeholders(po: Path):
    package = po.parents[3]
    with po.open("rb") as f:
        catalogue = read_po(f, locale=po.parts[-3])
    translated = {m.id if isinstance(m.id, str) else m.id[0]: m for m in catalogue if m.id}
    plurals = {m.id[1] for m in catalogue if m.id and not isinstance(m.id, str)}  # ngettext's second form
    in_code = marked(package)
    assert len(in_code) >= 10
    assert sorted(in_code - set(translated) - plurals) == [], "messages without a translation (pybabel update, then translate)"
    assert sorted((set(translated) | plurals) - in_code) == [], \
        "translations of messages the code no longer writes"
    for message_id, message in translated.items():
        forms = [message.string] if isinstance(message.string, str) else list(message.string)
        assert all(forms) and not message.fuzzy, message_id
        for form in forms:
            assert placeholders(form) == placeholders(message_id), (message_id, form)


def test_the_language_is_the_callers_and_is_restored(tmp_path):
    po = tmp_path / "fr" / "LC_MESSAGES" / "test.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n"Language: fr\\n"\n'
                  '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
                  'msgid "the game is over"\nmsgstr "la partie est terminée"\n\n'
                  'msgid "{n} tile"\nmsgid_plural "{n} tiles"\nmsgstr[0] "{n} tuile"\nmsgstr[1] "{n} tuiles"\n', encoding="utf-8")
    texts = Catalogue(tmp_path, "test")
    assert current_language() == "en" and texts.gettext("the game is over") == "the game is over"
    with speaking("fr") as chosen:
        assert chosen == "fr" and texts.gettext("the game is over") == "la partie est terminée"
        assert [texts.ngettext("{n} tile", "{n} tiles", n) for n in (0, 1, 2)] == ["{n} tuile", "{n} tuile", "{n} tuiles"]
        assert texts.gettext("not in the catalogue") == "not in the catalogue"  # English when a message is missing
        with speaking("de") as other:  # a language the words are not written in: English
            assert other == "en" and texts.gettext("the game is over") == "the game is over"
        assert current_language() == "fr"
    assert current_language() == "en" and texts.ngettext("{n} tile", "{n} tiles", 2) == "{n} tiles"


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = create_app({"TESTING": True, "RATELIMIT_ENABLED": False,
                      "DATABASE_URL": fresh_database(tmp_path_factory.mktemp("language"), "language")})
    return app.test_client()


def test_the_service_answers_in_the_language_accept_language_prefers(client):
    created = client.post("/games", json={"players": 1, "seed": 3}).get_json()
    french = client.post(f"/games/{created['id']}/undo", headers={
        "Accept-Language": "fr-CA, en;q=0.5", "Authorization": f"Bearer {created['tokens'][0]['token']}"})
    assert french.status_code == 409 and french.headers["Content-Language"] == "fr"
    assert "Accept-Language" in french.headers["Vary"]
    body = french.get_json()
    assert body["title"] == "Conflit" and body["detail"] == "aucun coup n’a encore été joué" and body["rule"] == "nothing_to_undo"
    state = client.get(f"/games/{created['id']}", headers={
        "Accept-Language": "fr", "Authorization": f"Bearer {created['tokens'][0]['token']}"}).get_json()
    assert state["undo"]["detail"] == "aucun coup n’a encore été joué"  # the state's words, not a cached English view
    english = client.post(f"/games/{created['id']}/undo", headers={
        "Accept-Language": "de, en;q=0.1", "Authorization": f"Bearer {created['tokens'][0]['token']}"})
    assert english.headers["Content-Language"] == "en" and english.get_json()["detail"] == "no move has been played yet"
    legal = client.get(f"/games/{created['id']}/legal-moves", headers={
        "Authorization": f"Bearer {created['tokens'][0]['token']}"}).get_json()["moves"]
    wrong = {**legal[0], "type": "wrangle"}  # the game's refusal, in the game's catalogue
    refused = client.post(f"/games/{created['id']}/moves", json=wrong, headers={
        "Accept-Language": "fr", "Authorization": f"Bearer {created['tokens'][0]['token']}"}).get_json()
    assert refused["rule"] == "wrong_decision" and refused["detail"].startswith("la décision attendue est ")
    unknown = client.get("/no-such-thing", headers={"Accept-Language": "fr"})
    assert unknown.status_code == 404 and unknown.get_json()["title"] == "Introuvable"
    assert re.search("ressource", unknown.get_json()["detail"])
    state = client.get(f"/games/{created['id']}", headers={"Authorization": f"Bearer {created['tokens'][0]['token']}"})
    assert state.headers["Content-Language"] == "en" and state.get_json()["undo"]["detail"] == "no move has been played yet"
