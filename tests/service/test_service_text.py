"""Text from clients is valid Unicode or refused (issue 39, "one bad client cannot break the lobby"), and a display
name shows, stays on its line and never passes for a bot's.

A lone UTF-16 surrogate (JSON's ``\\ud800`` escape without its pair) in any string or member name of any JSON body,
on every operation the OpenAPI document lists with one, is a 422 naming its place by JSON pointer, with nothing
stored, and the lobby and the game's state still answer 200.  Names made only of invisible characters, names
stacking marks, and a person's name reading like a bot's are 422; names are stored composed (NFC); a bot seat may
still be named as its creator likes and is shown as a bot by its seat's ``bot``."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import func, select

from service.app import create_app
from service.models import GameRecord
from service.parsing import lone_surrogates
from service.web import STATIC
from solver.games.wild_tiled_west.rules.setup import GameConfig
from tests.service.databases import fresh_database
from tests.service.service_http import assert_problem, json_operations
from tests.service.test_service_lobby import SEED, call, stored

HIGH, LOW = "\ud800", "\udfff"
#: bodies that hold a surrogate wherever a JSON body can: a value, a member name, nested in objects and arrays
ANY_BODIES = [
    {"x": "a" + HIGH},
    {"x" + LOW: 1},
    {"a": [1, {"b": ["ok", "c" + LOW + "d"]}]},
    {"a": {"b" + HIGH: {"c": True}}},
    [LOW],
    HIGH + "z",
]
#: operations' path parameters: a lobby game made by ``lobby_game``, its open seat, a made-up puzzle id
PUZZLE_ID = "feedfacefeedface"


@pytest.fixture
def app(tmp_path):
    app = create_app({"TESTING": True, "DATABASE_URL": fresh_database(tmp_path, "text"), "RATELIMIT_ENABLED": False})
    yield app
    app.extensions["wtw_games"].storage.engine.dispose()


def raw(body) -> str:
    """``body`` as JSON text, its surrogates escaped (``\\ud800``), as a client would send them."""
    return json.dumps(body, ensure_ascii=True)


def lobby_game(app) -> tuple[str, str]:
    """A 2-player game with seat 1 open: its id and the creator's token (seat 0)."""
    created = call(app, "POST", "/games", {"players": 2, "seed": SEED, "seats": [{"name": "Ann"}, {"open": True}]}).json()
    return created["id"], created["tokens"][0]["token"]


def snapshot(app, game_id: str) -> tuple:
    """Everything a refused request must leave as it was: the game's row, its state, the lobby, the number of games."""
    with app.extensions["wtw_games"].storage.session() as s:
        games = s.scalar(select(func.count()).select_from(GameRecord))
    state, lobby = call(app, "GET", f"/games/{game_id}"), call(app, "GET", "/games?status=open")
    assert state.status == 200 and lobby.status == 200, (state.text, lobby.text)
    return stored(app, game_id), state.body, lobby.body, games


def string_paths(spec: dict, node: dict, depth: int = 0) -> list[list]:
    """The places of the string properties of the request schema ``node`` (resolving ``$ref``, ``anyOf``, ``oneOf`` (each
    game's body) and arrays' ``items``, which get index 0), as lists of member names and indices; nested at most 4
    levels."""
    if "$ref" in node:
        node = spec["components"]["schemas"][node["$ref"].rsplit("/", 1)[1]]
    if depth > 4:
        return []
    if node.get("type") == "string":
        return [[]]
    if node.get("type") == "array" and "items" in node:
        return [[0, *p] for p in string_paths(spec, node["items"], depth + 1)]
    out = [p for alt in node.get("anyOf", []) + node.get("oneOf", []) for p in string_paths(spec, alt, depth + 1)]
    return out + [[name, *p] for name, sub in node.get("properties", {}).items() for p in string_paths(spec, sub, depth + 1)]


def placed(path: list, value: str):
    """A JSON value holding ``value`` at ``path`` (member names and indices) and nothing else."""
    for step in reversed(path):
        value = [value] if isinstance(step, int) else {step: value}
    return value


def pointer(path: list) -> str:
    return "".join(f"/{step}" for step in path)


def surrogate_bodies(spec: dict, operation: dict) -> list[tuple[str, object]]:
    """``(pointer, body)``: a lone surrogate in each string property the operation's request schema names (high
    and low in turn), then in each of ``ANY_BODIES`` (pointer None: wherever they put it)."""
    schema = operation["requestBody"]["content"]["application/json"]["schema"]
    named = [(pointer(p), placed(p, "a" + (HIGH, LOW)[i % 2] + "b")) for i, p in enumerate(string_paths(spec, schema))]
    return named + [(None, body) for body in ANY_BODIES]


def test_every_json_operation_refuses_a_lone_surrogate_anywhere_and_stores_nothing(app):
    game_id, creator = lobby_game(app)
    client = app.test_client()
    spec = client.get("/openapi.json").get_json()
    operations = json_operations(client, {"{game_id}": game_id, "{seat}": "1", "{puzzle_id}": PUZZLE_ID})
    assert {"/games", f"/games/{game_id}/seats/1/claim", f"/games/{game_id}/moves"} <= {p for _, p, _ in operations}
    before = snapshot(app, game_id)
    named = 0
    for method, path, operation in operations:
        for at, body in surrogate_bodies(spec, operation):
            r = assert_problem(call(app, method, path, raw=raw(body), token=creator), 422)
            places = r["errors"]["json"]
            assert places and all("surrogate" in m for ms in places.values() for m in ms), (method, path, r)
            if at is not None:
                assert at in places, (method, path, at, places)
                named += 1
    assert named >= 10  # seats' board, side and name, the claim's name, the moves' strings, puzzles' tiles...
    assert snapshot(app, game_id) == before


@pytest.mark.parametrize("place, body", [
    ("/seats/0/name", {"players": 2, "seed": SEED, "seats": [{"name": "a" + HIGH + "b"}, {"open": True}]}),
    ("/seats/1/name", {"players": 2, "seed": SEED, "seats": [{"name": "Ann"}, {"bot": "hint", "name": LOW + "Doc"}]}),
    ("/seats/0/nam\\udc00e", {"players": 2, "seats": [{"nam\udc00e": "Ann"}, {}]}),
])
def test_a_game_with_a_surrogate_in_a_name_is_refused_and_not_created(app, place, body):
    game_id, _ = lobby_game(app)
    before = snapshot(app, game_id)
    r = assert_problem(call(app, "POST", "/games", raw=raw(body)), 422)
    assert list(r["errors"]["json"]) == [place]
    assert snapshot(app, game_id) == before


@pytest.mark.parametrize("name", ["y" + LOW, HIGH, "Ann" + HIGH + HIGH])
def test_a_claim_with_a_surrogate_keeps_the_seat_open(app, name):
    game_id, _ = lobby_game(app)
    before = snapshot(app, game_id)
    r = assert_problem(call(app, "POST", f"/games/{game_id}/seats/1/claim", raw=raw({"name": name})), 422)
    assert list(r["errors"]["json"]) == ["/name"]
    assert snapshot(app, game_id) == before
    assert call(app, "POST", f"/games/{game_id}/seats/1/claim", {"name": "Bea"}).status == 200  # still open


def test_a_move_with_a_surrogate_in_a_string_is_refused_and_not_played(app):
    created = call(app, "POST", "/games", {"players": 2, "seed": SEED}).json()
    game_id, seat = created["id"], created["state"]["pending"]["seat"]
    token = created["tokens"][seat]["token"]
    move = next(m for m in call(app, "GET", f"/games/{game_id}/legal-moves", token=token).json()["moves"]
                if any(isinstance(v, str) and k not in ("type", "label") for k, v in m.items()))
    field = next(k for k, v in move.items() if isinstance(v, str) and k not in ("type", "label"))
    before = snapshot(app, game_id)
    bad = {k: v for k, v in move.items() if k != "label"} | {field: move[field] + HIGH}
    r = assert_problem(call(app, "POST", f"/games/{game_id}/moves", raw=raw(bad), token=token), 422)
    assert list(r["errors"]["json"]) == [f"/{field}"]
    assert snapshot(app, game_id) == before


def test_a_surrogate_pair_is_a_character_and_is_kept(app):
    r = call(app, "POST", "/games", raw='{"players": 2, "seats": [{"name": "Ann \\ud83e\\udd20"}, {"open": true}]}')
    assert r.status == 201, r.text
    assert r.json()["state"]["seats"][0]["name"] == "Ann \N{FACE WITH COWBOY HAT}"
    assert call(app, "GET", "/games?status=open").json()["games"][0]["seats"][0]["name"] == "Ann \N{FACE WITH COWBOY HAT}"


def test_queries_and_paths_cannot_carry_a_surrogate(app):
    """Invalid UTF-8 in a query stays percent-encoded and in a path becomes U+FFFD: answered, never a 500."""
    r = assert_problem(call(app, "GET", "/games?status=open&before=%ED%A0%80"), 422, "invalid_cursor")
    assert "%ED%A0%80" in r["detail"]
    r = assert_problem(call(app, "GET", "/games/%ED%A0%80"), 404, "unknown_game")
    assert "\ufffd" in r["detail"]


def test_lone_surrogates_names_each_place_by_its_pointer():
    body = {"a~b/c": ["x", "y" + HIGH], "k" + LOW: "z" + LOW, "ok": {"n": 1}}
    assert [at for at, _ in lone_surrogates(body)] == ["/a~0b~1c/1", "/k\\udfff", "/k\\udfff"]
    assert list(lone_surrogates({"ok": ["Ann \U0001F920", {"x": 1}]})) == []


# --- display names ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", [
    "\u200b", "\ufeff", "\u3164", "\u115f\u1160", "\u2800\u2800", "\u180e", "\uffa0", "\u200b \ufeff\u3164",
    "\u034f\u034f", "\U000e0041\U000e0042", "\u00ad", "\u3000",
    "a" + "\u0301" * 39,  # a streak across the lobby
    "Zalgo\u0300\u0301\u0302\u0303",
    "\u00e9\u0302\u0303\u0304",  # é and three more: four marks on one letter, counted decomposed
    "x\u0300\u200b\u0301\u200d\u0302\u2060\u0303",  # format characters between the marks do not part them
])
def test_an_invisible_or_over_marked_name_is_refused(app, name):
    game_id, _ = lobby_game(app)
    before = snapshot(app, game_id)
    r = assert_problem(call(app, "POST", f"/games/{game_id}/seats/1/claim", {"name": name}), 422)
    assert list(r["errors"]["json"]) == ["name"]
    r = assert_problem(call(app, "POST", "/games", {"players": 2, "seats": [{"name": name}, {}]}), 422)
    assert "name" in r["errors"]["json"]["seats"]["0"]
    assert snapshot(app, game_id) == before


@pytest.mark.parametrize("sent, kept", [
    ("Jose\u0301", "Jos\u00e9"),  # decomposed é is stored composed
    ("  Cafe\u0301 ", "Caf\u00e9"),
    ("Vi\u1ec7t", "Vi\u1ec7t"),  # ệ: two marks, decomposed
    ("\u05e9\u05bc\u05c1\u05b8", "\u05e9\u05b8\u05bc\u05c1"),  # pointed Hebrew: three marks on a shin, in NFC's order
    ("\u0e19\u0e35\u0e49", "\u0e19\u0e35\u0e49"),  # Thai: vowel and tone on one consonant
    ("Ann \u2764\ufe0f", "Ann \u2764\ufe0f"),
    ("Robot", "Robot"), ("Talbot", "Talbot"), ("Bot Ann", "Bot Ann"),
])
def test_a_name_is_stored_composed_and_scripts_with_marks_are_kept(app, sent, kept):
    game_id, _ = lobby_game(app)
    r = call(app, "POST", f"/games/{game_id}/seats/1/claim", {"name": sent})
    assert r.status == 200, r.text
    assert r.json()["seat"]["name"] == kept
    assert stored(app, game_id)[2] == ["Ann", kept]


@pytest.mark.parametrize("name", [
    "Hint bot", "hint  BOT", "\uff28\uff49\uff4e\uff54 \uff42\uff4f\uff54", "bot", "Bot!", "Ann (greedy bot)",
    "Searchbot", "Hint-bot 2", "Hint b\u200bot", "Hint bo\u0301t", "RANDOM_BOT", "Doc (bot)",
])
def test_a_persons_name_cannot_pass_for_a_bots(app, name):
    game_id, _ = lobby_game(app)
    before = snapshot(app, game_id)
    r = assert_problem(call(app, "POST", f"/games/{game_id}/seats/1/claim", {"name": name}), 422)
    assert "bot" in r["errors"]["json"]["name"][0]
    r = assert_problem(call(app, "POST", "/games", {"players": 2, "seats": [{"name": name}, {"open": True}]}), 422)
    assert "bot" in r["errors"]["json"]["seats"]["0"]["name"][0]
    assert snapshot(app, game_id) == before


@pytest.mark.parametrize("name", ["Doc Holliday", "Hint bot", "Greedy bot 2"])
def test_a_bot_seat_may_be_named_and_is_shown_as_a_bot(app, name):
    r = call(app, "POST", "/games", {"players": 2, "seats": [{"name": "Ann"}, {"bot": "hint", "budget_ms": 1, "name": name}]})
    assert r.status == 201, r.text
    assert r.json()["state"]["seats"][1] == {"seat": 1, "name": name, "open": False, "bot": "hint"}


def test_a_bot_seats_name_still_follows_the_unicode_rules(app):
    for name in ("\u200b", "b" + "\u0300" * 5):
        r = assert_problem(call(app, "POST", "/games", {"players": 2, "seats": [{}, {"bot": "random", "name": name}]}), 422)
        assert "name" in r["errors"]["json"]["seats"]["1"]


def test_the_web_client_marks_a_bot_by_its_seat_not_its_name():
    """The players' panel and the lobby say every bot seat's kind (``seat.bot``), whatever its name says, unless its
    name says it already ("Hint bot", issue 37); a person's name that reads like a bot's is badged "not a bot"."""
    panels = (STATIC / "js" / "core" / "seats.js").read_text()
    start = (STATIC / "js" / "core" / "start.js").read_text()
    assert "if (info?.bot) {" in panels and "passesForABot(name)) badges.push(" in panels
    assert "seatTitle(s, s.seat)" in start
    assert "/bot/i.test" not in panels + start


def test_a_game_stored_with_a_surrogate_before_the_check_still_answers(app):
    """A game whose row holds a lone surrogate (stored before the service refused them) answers 200 everywhere it
    shows: the lobby, its state, its event stream's first batch; the surrogate written as its JSON escape, so the
    answer is valid UTF-8 and decodes to the same name."""
    games = app.extensions["wtw_games"]
    head, _ = games.create(GameConfig(players=2, seed=SEED).to_json(), names=["a" + HIGH + "b", None])
    client = app.test_client()
    lobby = client.get("/games?status=open")
    assert lobby.status_code == 200 and b"\\ud800" in lobby.data
    assert lobby.data.decode("utf-8")  # valid UTF-8
    assert [g["seats"][0]["name"] for g in lobby.get_json()["games"]] == ["a" + HIGH + "b"]
    state = client.get(f"/games/{head.id}")
    assert state.status_code == 200 and state.get_json()["seats"][0]["name"] == "a" + HIGH + "b"
    assert client.get(f"/games/{head.id}/events").status_code == 200
