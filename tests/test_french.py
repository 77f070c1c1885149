"""The server's words in French (issue 37, "French"): its pictures (a settlement board's and a tile's: legend, titles,
building names written on them), with ``lang`` before ``Accept-Language`` for an ``<img>``; every legal move's
label over whole games; a refused configuration; a move review read in French, and a review stored before the
review kept its words in French still reads.  The catalogue's own checks are ``tests/test_language.py``'s."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from puzzles.wild_tiled_west import DAILY
from service.app import create_app
from service.reviews.store import review_id
from service.storage import StoredReview
from solver.core.language import speaking
from solver.games.wild_tiled_west.components.catalog import load_catalog
from solver.games.wild_tiled_west.components.texts import (
    BUILDING_NAMES,
    PARTNER_NAMES,
    WILD_SIDE_NAMES,
    component_name,
)
from solver.games.wild_tiled_west.engine.game import Game
from solver.games.wild_tiled_west.engine.labels import move_label
from solver.games.wild_tiled_west.protocol import WildTiledWest
from solver.games.wild_tiled_west.render.svg import settlement_svg
from solver.games.wild_tiled_west.rules.setup import GameConfig, SeatConfig
from tests.service.databases import fresh_database
from tests.service.service_http import session_puzzle

SVG = "{http://www.w3.org/2000/svg}"
#: words the pictures wrote in English (legend, titles, signs), matched as whole words, case-sensitively
ENGLISH_PICTURE_WORDS = (
    "Legend", "empty", "space", "printed", "field", "hill", "pickaxe", "horseshoe", "street", "cow", "cows", "named",
    "building", "plain", "house", "sheriff", "tombstone", "cowpoke", "covered", "complete", "town", "sign", "squares",
    "alley", "tile", "gold", "bullet", "board", "wild side", "of", "on", "at", "take", "cover", "may", "bonus \\(board\\)")
#: words the move labels wrote in English
ENGLISH_LABEL_WORDS = (
    "the", "a", "an", "from", "at", "row", "column", "tray", "river", "die", "turned", "flipped", "as printed", "keep",
    "second partner", "wrangle", "cow", "cows", "shoot", "stash", "nothing", "pass", "alley", "alleys", "tile", "square",
    "field", "fields", "street", "streets", "house", "gold", "pickaxes", "bullets", "claim", "jumping", "stack", "Year",
    "mining", "income", "and", "two", "now", "whenever", "cover", "becomes", "tombstone", "deck", "face-down", "ace",
    "spades", "hearts", "clubs", "diamonds", "instead", "drafting", "Prairie die", "River die")


def english_words(text: str, words: tuple[str, ...]) -> list[str]:
    return [w for w in words if re.search(rf"(?<![\w’'-]){w}(?![\w’'-])", text)]


def building_names(language: str) -> set[str]:
    with speaking(language):
        return {component_name(b.name) for b in load_catalog().buildings}


def picture_words(svg: str) -> tuple[list[str], list[str]]:
    """The texts drawn (``<text>``) and the titles (``<title>``) of a picture."""
    root = ET.fromstring(svg)
    drawn = [" ".join(t.itertext()) for t in root.iter(f"{SVG}text")]  # a line a <tspan>
    titles = [t.text or "" for t in root.iter(f"{SVG}title")]
    return drawn, titles


def test_the_catalogue_names_every_building_partner_and_wild_side_of_the_data():
    catalog = load_catalog()
    assert set(BUILDING_NAMES) == {b.name for b in catalog.buildings}
    assert set(PARTNER_NAMES) == {p.name for p in catalog.partners}
    assert {w.key: w.name for w in catalog.wild_sides} == WILD_SIDE_NAMES
    french = building_names("fr")
    assert {"Bureau du shérif", "Épicerie", "Mairie", "Charron", "Grand Saloon"} <= french  # the French rulebook's
    assert not french & building_names("en")  # each translated


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = create_app({"TESTING": True, "RATELIMIT_ENABLED": False,
                      "DATABASE_URL": fresh_database(tmp_path_factory.mktemp("french"), "french")})
    yield app.test_client()
    app.extensions["wtw_games"].storage.engine.dispose()


@pytest.fixture(scope="module")
def built(client) -> tuple[str, list[str]]:
    """A solo game on a wild side played by random moves until its board holds named buildings: its id and the
    buildings' English names."""
    created = client.post("/games", json={"players": 1, "seed": 4, "seats": [{"side": "wild"}]}).get_json()
    game_id, token = created["id"], created["tokens"][0]["token"]
    rng = random.Random(4)
    headers = {"Authorization": f"Bearer {token}"}
    buildings: list[str] = []
    while len(buildings) < 3:
        legal = client.get(f"/games/{game_id}/legal-moves", headers=headers).get_json()
        assert legal["pending"], "the game ended before 3 buildings were placed"
        assert client.post(f"/games/{game_id}/moves", json=rng.choice(legal["moves"]), headers=headers).status_code == 200
        board = client.get(f"/games/{game_id}/players/0/board").get_json()
        buildings = [t["building"] for t in board["tiles"] if t["building"]]
    return game_id, buildings


def test_the_board_picture_in_french_names_its_buildings_in_french_and_has_no_english_word(client, built):
    game_id, buildings = built
    french = client.get(f"/games/{game_id}/players/0/board.svg", headers={"Accept-Language": "fr"})
    assert french.status_code == 200 and french.headers["Content-Language"] == "fr"
    drawn, titles = picture_words(french.get_data(as_text=True))
    with speaking("fr"):
        names = [component_name(b) for b in buildings]
    on_board = " ".join(drawn)
    for name in names:  # each building's French name written on it (wrapped: its words in order)
        assert all(word in on_board for word in name.replace("-", " ").split()), name
    assert "Légende" in drawn
    assert titles[0].startswith("Place 1 : ") and ", face Conquête : " in titles[0]  # a seat taken with no name
    assert [(t, english_words(t, ENGLISH_PICTURE_WORDS)) for t in drawn + titles if english_words(t, ENGLISH_PICTURE_WORDS)] == []
    english = client.get(f"/games/{game_id}/players/0/board.svg")
    drawn_en, _titles = picture_words(english.get_data(as_text=True))
    assert "Legend" in drawn_en and english.headers["ETag"] != french.headers["ETag"]  # a cache key per language


@pytest.mark.parametrize(("seed", "side"), [(41, "wild"), (42, "wild"), (43, "normal")])
def test_a_finished_boards_picture_in_french_has_no_english_word(seed, side):
    """Every word a finished board's picture shows or titles (tokens, towns complete or not, a wild side) in French."""
    game = Game(GameConfig(1, seed, (SeatConfig(side=side),)), load_catalog())
    rng = random.Random(seed)
    while game.pending():
        game.apply(rng.choice(game.legal_moves()))
    with speaking("fr"):
        drawn, titles = picture_words(settlement_svg(game.players[0].settlement, "Ann"))
    assert "Légende" in drawn and any(" en (" in t for t in titles)  # a token's title
    assert [(t, english_words(t, ENGLISH_PICTURE_WORDS)) for t in drawn + titles if english_words(t, ENGLISH_PICTURE_WORDS)] == []


def test_a_tile_picture_with_lang_is_french_without_accept_language_and_before_it(client):
    catalog = load_catalog()
    office = next(t for t in catalog.tile_types if t.building == "Sheriff's Office")
    url = f"/catalog/tiles/{office.id}.svg?orientation=1"
    img = client.get(f"{url}&lang=fr", headers={"Accept": "image/avif,image/webp,*/*"})  # an <img>'s request
    assert img.status_code == 200 and img.headers["Content-Language"] == "fr"
    drawn, titles = picture_words(img.get_data(as_text=True))
    assert " ".join(drawn).split() == ["Bureau", "du", "shérif"]
    assert [(t, english_words(t, ENGLISH_PICTURE_WORDS)) for t in titles if english_words(t, ENGLISH_PICTURE_WORDS)] == []
    before = client.get(f"{url}&lang=fr", headers={"Accept-Language": "en"})  # the page's choice wins
    assert before.get_data() == img.get_data() and before.headers["ETag"] == img.headers["ETag"]
    english = client.get(url)  # neither lang nor Accept-Language: English
    assert " ".join(picture_words(english.get_data(as_text=True))[0]) == "Sheriff's Office"
    assert english.headers["ETag"] != img.headers["ETag"]
    unknown = client.get(f"{url}&lang=de")
    assert unknown.status_code == 422 and unknown.mimetype == "application/problem+json"
    assert "lang" in unknown.get_json()["errors"]["query"]


def whole_game_labels(players: int, seed: int, side: str) -> int:
    """Every legal move's French label over a whole game of random moves: no English word, unique in each decision;
    returns how many labels were read."""
    game = Game(GameConfig(players, seed, tuple(SeatConfig(side=side) for _seat in range(players))), load_catalog())
    rng = random.Random(seed)
    read = 0
    while game.pending():
        moves = game.legal_moves()
        with speaking("fr"):
            labels = [move_label(game, m) for m in moves]
        slips = [(lb, english_words(lb, ENGLISH_LABEL_WORDS)) for lb in labels if english_words(lb, ENGLISH_LABEL_WORDS)]
        assert slips == [], slips[:3]
        assert len(set(labels)) == len(labels), [lb for lb in labels if labels.count(lb) > 1][:3]
        read += len(labels)
        game.apply(rng.choice(moves))
    return read


@pytest.mark.parametrize(("players", "seed", "side"), [(1, 11, "wild"), (3, 12, "wild"), (2, 13, "normal")])
def test_every_legal_moves_label_over_a_whole_game_is_french_and_unique_in_its_decision(players, seed, side):
    assert whole_game_labels(players, seed, side) > 500


def test_a_refused_configuration_is_said_in_french(client):
    fr = {"Accept-Language": "fr"}
    same = client.post("/games", json={"players": 2, "seats": [{"board": "silver-mesa"}, {"board": "silver-mesa"}]},
                       headers=fr).get_json()
    assert same["rule"] == "invalid_config" and same["detail"] == "deux places ne peuvent pas utiliser le même plateau Colonie"
    count = client.post("/games", json={"players": 2, "seats": [{}]}, headers=fr).get_json()
    assert count["detail"] == "seats doit donner un plateau par joueur : 2 joueurs, 1 places"
    fields = client.post("/games", json={"players": 9}, headers=fr)
    body = fields.get_json()
    assert fields.status_code == 422 and body["title"] == "Contenu impossible à traiter"
    assert body["detail"].startswith("les champs de la requête ne respectent pas son schéma")
    assert body["errors"]["json"]["players"] == ["Doit être supérieur ou égal à 1 et inférieur ou égal à 5."]
    assert client.post("/games", json={"players": "two"}, headers=fr).get_json()["errors"]["json"]["players"] == [
        "Pas un nombre entier valide."]
    board = client.post("/games", json={"players": 1, "seats": [{"board": "nowhere", "side": "upside"}]}, headers=fr)
    assert board.get_json()["errors"]["json"]["seats"]["0"] == {
        "board": ["aucun plateau Colonie 'nowhere' : GET /catalog/boards les liste"],
        "side": ["Doit être l’une des valeurs : normal, wild, random."]}
    english = client.post("/games", json={"players": 9}).get_json()
    assert english["errors"]["json"]["players"] == ["Must be greater than or equal to 1 and less than or equal to 5."]


@pytest.fixture(scope="module")
def finished(client) -> tuple[str, dict[str, str]]:
    """A finished solo game of random moves: its id and its seat's ``Authorization`` header."""
    created = client.post("/games", json={"players": 1, "seed": 21}).get_json()
    game_id, token = created["id"], created["tokens"][0]["token"]
    headers = {"Authorization": f"Bearer {token}"}
    rng = random.Random(21)
    while (legal := client.get(f"/games/{game_id}/legal-moves", headers=headers).get_json())["pending"]:
        client.post(f"/games/{game_id}/moves", json=rng.choice(legal["moves"]), headers=headers)
    return game_id, headers


def test_a_move_review_reads_in_french_and_in_english(client, finished):
    game_id, seat = finished
    made = client.post(f"/games/{game_id}/reviews", json={"simulations": 2, "budget_ms": 2000})
    assert made.status_code == 200, made.get_json()
    url = made.headers["Location"]
    french = client.get(url, headers={"Accept-Language": "fr", **seat}).get_json()
    english = client.get(url, headers=seat).get_json()
    assert len(french["decisions"]) == len(english["decisions"]) > 10
    for fr_row, en_row in zip(french["decisions"], english["decisions"], strict=True):
        assert "words" not in fr_row and "words" not in en_row  # the stored words are served as the labels
        assert {k: v for k, v in fr_row.items() if k not in ("played", "best")} == \
               {k: v for k, v in en_row.items() if k not in ("played", "best")}
        for said in (fr_row["played"], fr_row["best"]):
            assert said and english_words(said, ENGLISH_LABEL_WORDS) == [], said
        # the same gain, written the French way
        assert fr_row["played"].rsplit(" ", 1)[1] == en_row["played"].rsplit(" ", 1)[1].replace(".", ",")
    assert any(" en ligne " in row["played"] for row in french["decisions"])
    assert any(" at row " in row["played"] for row in english["decisions"])


def test_a_review_stored_before_its_words_were_reads_in_english_and_in_french(client, finished):
    """A review stored in the form of before (labels in English, no ``words``) reads as before in English, and in
    French with its labels written again from the log: the same as a review made now."""
    game_id, seat = finished
    made = client.post(f"/games/{game_id}/reviews", json={"simulations": 2, "budget_ms": 2000})
    storage = client.application.extensions["wtw_games"].storage
    now = storage.review(made.get_json()["id"])
    assert now is not None and now.finished and all(row["words"]["fr"] for row in now.rows)
    rows = [{k: v for k, v in row.items() if k != "words"} for row in now.rows]  # as a review was stored before
    old = review_id(game_id, 7, 2, now.search_seed)
    storage.insert_review(StoredReview(old, game_id, 7, 2, now.search_seed, len(rows), len(rows), rows, True, None))
    url = f"/games/{game_id}/reviews/{old}"
    english = client.get(url, headers=seat)
    assert english.status_code == 200 and english.get_json()["status"] == "done"
    assert [(r["played"], r["best"]) for r in english.get_json()["decisions"]] == [(r["played"], r["best"]) for r in rows]
    french = client.get(url, headers={"Accept-Language": "fr", **seat}).get_json()
    assert [(r["played"], r["best"]) for r in french["decisions"]] == [
        (r["words"]["fr"]["played"], r["words"]["fr"]["best"]) for r in now.rows]
    assert storage.review(old).rows == rows  # written again when read, never stored
    strange = [{**rows[0], "played": "keep Banker", "best": None}]  # a label withheld, or of no gain: kept as stored
    odd = review_id(game_id, 8, 2, now.search_seed)
    storage.insert_review(StoredReview(odd, game_id, 8, 2, now.search_seed, 1, 1, strange, True, None))
    kept = client.get(f"/games/{game_id}/reviews/{odd}", headers={"Accept-Language": "fr", **seat})
    assert kept.status_code == 200 and kept.get_json()["decisions"][0]["played"] == "keep Banker"


def test_a_hints_option_labels_are_french(client):
    created = client.post("/games", json={"players": 1, "seed": 31}).get_json()
    game_id, headers = created["id"], {"Authorization": f"Bearer {created['tokens'][0]['token']}"}
    rng = random.Random(31)
    while (legal := client.get(f"/games/{game_id}/legal-moves", headers=headers).get_json())["pending"]["type"] != "draft":
        client.post(f"/games/{game_id}/moves", json=rng.choice(legal["moves"]), headers=headers)
    hint = client.get(f"/games/{game_id}/hint?top=3&simulations=2&budget_ms=3000", headers={**headers, "Accept-Language": "fr"})
    assert hint.status_code == 200 and hint.headers["Content-Language"] == "fr"
    labels = [option["label"] for option in hint.get_json()["options"]]
    assert labels and all(label.startswith("Dé ") for label in labels)
    assert [(lb, english_words(lb, ENGLISH_LABEL_WORDS)) for lb in labels if english_words(lb, ENGLISH_LABEL_WORDS)] == []
    assert all(re.search(r" [+-]\d+,\d$", label) for label in labels)  # the gain, with the French decimal sign


def test_a_daily_puzzles_board_picture_is_drawn_in_the_callers_language():
    puzzle = session_puzzle()
    with speaking("fr"):
        drawn, titles = picture_words(DAILY.board(puzzle, {"placements": []}, WildTiledWest())["svg"])
    assert titles[0] == f"Défi du jour {puzzle['date']} (facile)" and "Légende" in drawn
    assert [(t, english_words(t, ENGLISH_PICTURE_WORDS)) for t in drawn + titles if english_words(t, ENGLISH_PICTURE_WORDS)] == []


def leaves(tree: object, at: str = "") -> dict[str, str]:
    """The messages of an ``errors`` tree by their place (``json/seats/0/name/0``)."""
    if isinstance(tree, dict):
        return {k: v for key, value in tree.items() for k, v in leaves(value, f"{at}/{key}").items()}
    if isinstance(tree, list):
        return {k: v for i, value in enumerate(tree) for k, v in leaves(value, f"{at}/{i}").items()}
    return {at: str(tree)}


#: requests refused by the service's own validation messages (not marshmallow's), each one: (method, path, JSON body)
OWN_VALIDATION = (
    ("post", "/games", {"players": 1, "seats": [{"name": "   "}]}),  # nothing visible
    ("post", "/games", {"players": 1, "seats": [{"name": "e" + "\u0301" * 9}]}),  # too many marks
    ("post", "/games", {"players": 1, "seats": [{"name": "Hint bot"}]}),  # a person named like a bot
    ("post", "/games", {"players": 1, "seats": [{"name": "a\u0007b"}]}),  # a control character
    ("post", "/games", {"players": 1, "seats": [{"name": "x" * 200}]}),  # too long
    ("post", "/games", {"players": 2, "seats": [{}, {"open": True, "name": "Ann"}]}),
    ("post", "/games", {"players": 2, "seats": [{}, {"open": True, "bot": "greedy"}]}),
    ("post", "/games", {"players": 1, "seats": [{"budget_ms": 100}]}),
    ("post", "/games", {"players": 2, "seats": [{}, {"bot": "greedy", "budget_ms": 10**6}]}),
    ("post", "/analysis/placements", {"puzzle": "p", "tiles": ["t01", "t01"]}),
    ("post", "/analysis/placements", {"puzzle": "p", "tiles": ["nowhere"]}),
    ("post", "/analysis/placements", {"puzzle": ""}),
    ("post", "/analysis/placements", {"puzzle": 5}),
    ("post", "/analysis/placements", {"tiles": ["t01"]}),
    ("get", "/games/{game}/events?after=soon", None),
)


@pytest.mark.parametrize("method, path, body", OWN_VALIDATION)
def test_every_message_of_a_refused_request_is_said_in_french(client, finished, method, path, body):
    """Every message of a 422 in French differs from its English words (each of the service's own validators, not
    only marshmallow's messages)."""
    url = path.format(game=finished[0])
    said = {language: getattr(client, method)(url, json=body, headers={"Accept-Language": language})
            for language in ("en", "fr")}
    assert said["en"].status_code == said["fr"].status_code == 422, said["en"].get_json()
    english, french = (leaves(said[lang].get_json().get("errors", {})) for lang in ("en", "fr"))
    assert english and english.keys() == french.keys()
    assert [(at, english[at]) for at in english if english[at] == french[at]] == []


def test_a_lone_surrogate_is_refused_in_french():
    """The refusal of text that is not Unicode (issue 39) in French too."""
    app = create_app({"TESTING": True, "RATELIMIT_ENABLED": False})
    raw = '{"players": 1, "seats": [{"name": "a\\ud800"}]}'
    said = {lang: leaves(app.test_client().post("/games", data=raw, content_type="application/json",
                                                  headers={"Accept-Language": lang}).get_json()["errors"])
            for lang in ("en", "fr")}
    assert said["en"] and all(said["fr"][at] != said["en"][at] for at in said["en"])
