"""The web client's files as the service serves them (issue 28), without a browser: the page at ``/`` and its files
at ``/app/...``, every module it loads present, nothing asked of another host, out of the API's OpenAPI document and
its rate limits; the API additions the client uses: a tile's picture, each orientation's quarter-turn and flip, a
daily puzzle's board with the legal placements of the hand, Bandit Ridge's bandits in a solo state.  (The client in a
real browser: ``tests/web``.)"""

from __future__ import annotations

import json
import re
from pathlib import Path
from xml.etree import ElementTree

import pytest

from puzzles.format import canonical_json
from service.app import create_app
from service.storage import StoredPuzzle
from service.web import STATIC
from tests.service.databases import fresh_database
from tests.service.service_http import PROBLEM, session_puzzle

SVG_NAMESPACE = "http://www.w3.org/2000/svg"  #: a name, not an address: the only URL the client's files may hold


def _app(tmp_path, **config):
    app = create_app({"TESTING": True, "DATABASE_URL": fresh_database(tmp_path, "web"), **config})
    puzzle = session_puzzle()
    app.extensions["wtw_games"].storage.insert_puzzle(StoredPuzzle(puzzle["id"], puzzle["date"], "easy", canonical_json(puzzle)))
    return app


@pytest.fixture
def client(tmp_path):
    app = _app(tmp_path, RATELIMIT_ENABLED=False)
    yield app.test_client()
    app.extensions["wtw_games"].storage.engine.dispose()


def _files() -> list[str]:
    return sorted(str(p.relative_to(STATIC)) for p in STATIC.rglob("*") if p.is_file())


#: a static import or re-export of an ES module (``import {a, b} from "./x.js"``, ``export {a} from "../y.js"``,
#: ``import "./z.js"``): the module's path, as written
IMPORT = re.compile(r'^\s*(?:import\s*(?:[\w$*{}\s,]+?\s*from\s*)?|export\s*[\w$*{}\s,]+?\s*from\s*)["\']([^"\']+)["\']', re.MULTILINE)


def _imports(module: Path) -> set[Path]:
    """The files the ES module ``module`` imports (its static imports and re-exports, resolved against its folder)."""
    return {(module.parent / target).resolve() for target in IMPORT.findall(module.read_text())}


def test_the_page_is_served_at_the_root_with_every_file_it_loads(client):
    r = client.get("/")
    assert r.status_code == 200 and r.mimetype == "text/html" and r.headers["Cache-Control"] == "no-cache"
    page = r.get_data(as_text=True)
    loaded = re.findall(r'(?:href|src)="(/app/[^"]+)"', page)
    assert "/app/js/main.js" in loaded and "/app/app.css" in loaded
    modules = set()
    for name in _files():
        if name.endswith(".js"):
            modules.update(_imports(STATIC / name))
    assert len(modules) > 20 and all(m.is_file() for m in modules)  # every import names a file that is there
    served = {f"/app/{m.relative_to(STATIC.resolve())}" for m in modules}
    assert served <= set(loaded)  # and is preloaded by the page
    assert {f"/app/{n}" for n in _files() if n.endswith(".js")} == served | {"/app/js/main.js"}  # no file left over
    for path in loaded:
        served = client.get(path)
        assert served.status_code == 200, path
    assert client.get("/app/js/main.js").mimetype in ("text/javascript", "application/javascript")


def test_the_clients_core_imports_no_game_and_a_game_no_other_game():
    """``js/core/`` (what every game's page uses) imports only the core and the vendored libraries (``vendor/``): a
    game is reached through the registry (``js/games/index.js``, installed by ``js/main.js``), never imported; and a
    game's folder imports only itself, the core and the vendored libraries.  The game modules' members are checked in a browser (tests/web/test_web_pages.py)."""
    js = (STATIC / "js").resolve()
    core, vendor = js / "core", (STATIC / "vendor").resolve()
    assert len(list(core.glob("*.js"))) >= 10
    for module in core.glob("*.js"):
        imported = _imports(module)
        assert all(target.parent in (core, vendor) for target in imported), (module.name, imported)
        assert "import(" not in module.read_text(), module.name  # no dynamic import either
    games = sorted(folder for folder in (js / "games").iterdir() if folder.is_dir())
    assert [g.name for g in games] == ["rolled-west", "wild-tiled-west"]
    for game in games:
        for module in game.rglob("*.js"):
            for target in _imports(module):
                assert game in target.parents or target.parent in (core, vendor), (module.relative_to(js), target)
    registry = _imports(js / "games" / "index.js")
    assert registry == {g / "index.js" for g in games}  # the registry names every game's module


def test_every_core_screen_loads_its_games_catalog_through_load_game():
    """A screen that shows a game loads its catalog by ``loadGame`` (``js/core/games.js``), which makes the game the
    one whose How to play entries its links open: no screen registers it by a call of its own that a new screen could
    forget (``useGame`` was called by the game, replay and puzzle screens each; code review, issue 37)."""
    core = STATIC / "js" / "core"
    for screen in ("session", "replay", "puzzle", "howto", "start", "join"):
        text = (core / f"{screen}.js").read_text()
        assert "loadGame(" in text, screen
    assert not any("useGame" in module.read_text() for module in core.glob("*.js"))


def test_no_file_of_the_client_asks_anything_of_another_host():
    for name in _files():
        text = (STATIC / name).read_text()
        urls = set(re.findall(r"(?:https?:)?//[\w.-]+\.\w+[^\s\"')]*", text)) - {SVG_NAMESPACE}
        assert not urls, f"{name} names another host: {urls}"


def test_the_client_is_out_of_the_api_document_and_its_rate_limits(tmp_path):
    app = _app(tmp_path, RATELIMIT_DEFAULT="2 per minute")
    client = app.test_client()
    paths = client.get("/openapi.json").get_json()["paths"]
    assert "/" not in paths and not any(p.startswith("/app") for p in paths)
    for _ in range(4):  # the default limit is 2 per minute here: the API's resources are limited, the files are not
        assert client.get("/").status_code == 200 and client.get("/app/app.css").status_code == 200
    assert [client.get("/catalog/boards").status_code for _ in range(3)] == [200, 200, 429]
    app.extensions["wtw_games"].storage.engine.dispose()


def test_a_tiles_picture_in_each_orientation(client):
    tiles = client.get("/catalog/tiles").get_json()["tiles"]
    office = next(t for t in tiles if t["building"] == "Sheriff's Office")
    for shape in office["orientation_shapes"]:
        r = client.get(f"/catalog/tiles/{office['id']}.svg?orientation={shape['index']}")
        assert r.status_code == 200 and r.mimetype == "image/svg+xml" and r.headers["Cache-Control"].startswith("public")
        svg = ElementTree.fromstring(r.get_data())
        assert (svg.get("width"), svg.get("height")) == (str(44 * shape["width"]), str(44 * shape["height"]))
        squares = {(int(g.get("data-row")), int(g.get("data-col"))) for g in svg.iter(f"{{{SVG_NAMESPACE}}}g")
                   if g.get("class") == "square"}
        assert squares == {(c["row"], c["col"]) for c in shape["cells"]}
        assert "Sheriff" in r.get_data(as_text=True)  # the building's name is written on it
        again = client.get(f"/catalog/tiles/{office['id']}.svg?orientation={shape['index']}", headers={"If-None-Match": r.headers["ETag"]})
        assert again.status_code == 304
    assert client.get("/catalog/tiles/alley.svg").status_code == 200
    assert client.get(f"/catalog/tiles/{office['id']}%231.svg").status_code == 200  # a tray tile, t07#1
    bad = client.get(f"/catalog/tiles/{office['id']}.svg?orientation={len(office['orientation_shapes'])}")
    assert bad.status_code == 422 and bad.mimetype == PROBLEM and bad.get_json()["rule"] == "unknown_orientation"
    missing = client.get("/catalog/tiles/t99.svg")
    assert missing.status_code == 404 and missing.get_json()["rule"] == "unknown_tile"


def test_each_orientation_names_its_quarter_turn_and_its_flip(client):
    for tile in client.get("/catalog/tiles").get_json()["tiles"]:
        shapes = tile["orientation_shapes"]
        cells = [{(c["row"], c["col"], c["char"]) for c in s["cells"]} for s in shapes]
        for i, shape in enumerate(shapes):
            h = shape["height"]
            turned = {(c, h - 1 - r, ch) for r, c, ch in cells[i]}  # (r, c) -> (c, h-1-r): a quarter-turn clockwise
            w = shape["width"]
            mirrored = {(r, w - 1 - c, ch) for r, c, ch in cells[i]}
            assert cells[shape["turned"]] == turned, (tile["id"], i)
            assert cells[shape["mirrored"]] == mirrored, (tile["id"], i)
            assert shapes[shapes[shape["mirrored"]]["mirrored"]] == shape  # flipping twice gives it back


def test_a_puzzles_board_with_the_placements_so_far_and_the_legal_placements_of_the_hand(client):
    puzzle = session_puzzle()
    hand = [t["tile"] for t in puzzle["hand"]]
    first = client.post(f"/puzzles/{puzzle['id']}/board", json={"placements": []})
    assert first.status_code == 200 and first.headers["Cache-Control"] == "no-store"
    body = first.get_json()
    assert body["puzzle"] == puzzle["id"] and body["placed"] == 0 and set(body["options"]) == set(hand)
    assert ElementTree.fromstring(body["svg"]).tag == f"{{{SVG_NAMESPACE}}}svg"
    move = body["options"][hand[0]][0]
    assert move["type"] == "place" and f"at row {move['row'] + 1}, column {move['col'] + 1}" in move["label"] and move["squares"]
    placed = {k: move[k] for k in ("tile", "orientation", "row", "col")}
    second = client.post(f"/puzzles/{puzzle['id']}/board", json={"placements": [placed]}).get_json()
    assert second["placed"] == 1 and set(second["options"]) == set(hand[1:])
    covered = {tuple(rc) for rc in move["squares"]}
    for options in second["options"].values():  # nothing may go where the first tile now is
        assert all(not covered & {tuple(rc) for rc in o["squares"]} for o in options)
    # The score of the same placements, as the solutions resource verifies them, agrees that they are legal.
    assert client.post(f"/puzzles/{puzzle['id']}/solutions", json={"placements": [placed]}).get_json()["legal"] is True
    # A placement that breaks a rule: 422 with the engine's rule and reason; one not in the hand: invalid_solution.
    clash = next(o for t in hand[1:] for o in body["options"][t] if covered & {tuple(rc) for rc in o["squares"]})
    overlapping = {k: clash[k] for k in ("tile", "orientation", "row", "col")}
    r = client.post(f"/puzzles/{puzzle['id']}/board", json={"placements": [placed, overlapping]})
    assert r.status_code == 422 and r.mimetype == PROBLEM
    assert r.get_json()["rule"] == "overlap" and r.get_json()["detail"].startswith(f"placement 1 (tile {clash['tile']})")
    r = client.post(f"/puzzles/{puzzle['id']}/board", json={"placements": [{**placed, "tile": "t99#1"}]})
    assert r.status_code == 422 and r.get_json()["rule"] == "invalid_solution"
    assert client.post("/puzzles/0000000000000000/board", json={"placements": []}).status_code == 404
    assert client.post(f"/puzzles/{puzzle['id']}/board", data="{", content_type="application/json").status_code == 400


def test_a_solo_state_says_how_many_bandits_bandit_ridge_tussles_with(client):
    created = client.post("/games", json={"players": 1, "seed": 5}).get_json()
    solo = created["state"]["solo"]
    cards = {c["id"]: c for c in client.get("/catalog/scoreboard").get_json()["bandit_cards"]}
    ridge = client.get("/catalog/scoreboard").get_json()["bandit_ridge"]["bandits"]
    assert solo["bandit_ridge"] == ridge + solo["ridge_hill_bandits"] + sum(cards[c]["bandits"] for c in solo["revealed"]) \
        - solo["bullets_on_bandits"]
    two = client.post("/games", json={"players": 2, "seed": 5}).get_json()
    assert two["state"]["solo"] is None
    assert json.dumps(two["state"]).count("bandit_ridge") == 0


def _judged_like_the_undo(client, game_id: str, token: str, undo: dict) -> None:
    """``undo`` (a state's member for the seat of ``token``) says what ``POST /undo`` answers: taken back when
    allowed (then the move is played again, so the game goes on as before), else refused with the same rule and
    detail."""
    state = client.get(f"/games/{game_id}", headers={"Authorization": f"Bearer {token}"}).get_json()
    r = client.post(f"/games/{game_id}/undo", headers={"Authorization": f"Bearer {token}", "If-Match": f'"{state["version"]}"'})
    if undo["allowed"]:
        assert r.status_code == 200 and undo["rule"] is None and undo["detail"] is None, r.get_json()
        again = client.post(f"/games/{game_id}/moves", json=r.get_json()["undone"], headers={"Authorization": f"Bearer {token}"})
        assert again.status_code == 200
    else:
        assert r.status_code in (403, 409) and r.mimetype == PROBLEM
        assert (r.get_json()["rule"], r.get_json()["detail"]) == (undo["rule"], undo["detail"])


def test_each_seats_state_says_whether_it_may_undo_as_the_undo_itself_judges(tmp_path):
    """The state's ``undo`` (for the web client's Undo button): for every seat at every step of a 2-player game,
    whether the seat may take back its last move and, if not, the undo's own refusal (not its move, something hidden
    revealed since, game over, seat left); the same in a move's answer, in ``GET /games/{id}`` and from a worker that
    rebuilds the game from the database; null for a spectator."""
    app = _app(tmp_path, RATELIMIT_ENABLED=False, LEAVE_BOT="random")
    client = app.test_client()
    created = client.post("/games", json={"players": 2, "seed": 5}).get_json()
    game_id, tokens = created["id"], {t["seat"]: t["token"] for t in created["tokens"]}
    assert created["state"]["undo"] is None and client.get(f"/games/{game_id}").get_json()["undo"] is None
    first = client.get(f"/games/{game_id}", headers={"Authorization": f"Bearer {tokens[0]}"}).get_json()["undo"]
    assert first == {"allowed": False, "rule": "nothing_to_undo", "detail": "no move has been played yet"}
    fresh_app = _app(tmp_path, RATELIMIT_ENABLED=False)
    fresh = fresh_app.test_client()  # another worker: states at new versions rebuilt from the database, undo replayed
    rules = set()
    for _ in range(40):
        state = client.get(f"/games/{game_id}").get_json()
        seat = state["pending"]["seat"]
        legal = client.get(f"/games/{game_id}/legal-moves", headers={"Authorization": f"Bearer {tokens[seat]}"}).get_json()
        answer = client.post(f"/games/{game_id}/moves", json=legal["moves"][0], headers={"Authorization": f"Bearer {tokens[seat]}"})
        mine = answer.get_json()["state"]["undo"]
        for s, token in tokens.items():
            undo = client.get(f"/games/{game_id}", headers={"Authorization": f"Bearer {token}"}).get_json()["undo"]
            assert fresh.get(f"/games/{game_id}", headers={"Authorization": f"Bearer {token}"}).get_json()["undo"] == undo
            if s == seat:
                assert undo == mine
            else:
                assert undo["rule"] == "not_your_move"
            _judged_like_the_undo(client, game_id, token, undo)
            rules.add(undo["rule"])
    assert {None, "not_your_move", "hidden_revealed"} <= rules
    left = client.post(f"/games/{game_id}/leave", headers={"Authorization": f"Bearer {tokens[1]}"}).get_json()
    assert left["state"]["undo"]["rule"] == "seat_left"
    solo = client.post("/games", json={"players": 1, "seed": 5}).get_json()
    token = solo["tokens"][0]["token"]
    while not (state := client.get(f"/games/{solo['id']}", headers={"Authorization": f"Bearer {token}"}).get_json())["finished"]:
        legal = client.get(f"/games/{solo['id']}/legal-moves", headers={"Authorization": f"Bearer {token}"}).get_json()
        client.post(f"/games/{solo['id']}/moves", json=legal["moves"][0], headers={"Authorization": f"Bearer {token}"})
    assert state["undo"]["rule"] == "game_over"
    _judged_like_the_undo(client, solo["id"], token, state["undo"])
    for a in (app, fresh_app):
        a.extensions["wtw_games"].storage.engine.dispose()
