"""The JSON API at this stage: /health and the read-only catalog, through the Flask test client and
over real HTTP against a gunicorn process started the way `make serve` and the Procfile start it."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from service.app import create_app
from solver.games.wild_tiled_west.components.catalog import load_catalog
from tests.service.databases import fresh_database

ROOT = Path(__file__).resolve().parents[2]
APP_SPEC = "service.app:create_app()"


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    return create_app({"TESTING": True, "DATABASE_URL": fresh_database(tmp_path_factory.mktemp("catalog"), "catalog")}).test_client()


def test_health(client):
    r = client.get("/health")
    assert r.status_code == 200 and r.get_json()["status"] == "ok"


def test_catalog_tiles(client):
    body = client.get("/catalog/tiles").get_json()
    assert len(body["tiles"]) == 40 and body["alley"]["size"] == 1  # 40 tile types (issue 26)
    assert sum(t["copies"] for t in body["tiles"]) == 96 and {t["copies"] for t in body["tiles"]} == {2, 3}
    t = body["tiles"][0]
    assert set(t) >= {"id", "copies", "copy_ids", "building", "shape", "cells", "orientations", "stack", "provenance"}
    assert t["copy_ids"] == [f"{t['id']}#{n}" for n in range(1, t["copies"] + 1)]
    assert t["provenance"]["source"]["kind"] in {"rulebook", "public", "derived", "reconstructed"}
    assert len(body["trays"]["slots"]) == 40 and len(body["trays"]["prairie_slots"]) == 20
    by_type = {t["id"]: t for t in body["tiles"]}
    for slot in body["trays"]["slots"]:  # each slot: the copies of one type, and the type says it sits there
        tile = by_type[slot["tile"]]
        assert slot["stack"] == tile["copy_ids"] and tile["stack"] == {k: slot[k] for k in ("tray", "row", "col")}
    assert body["alley"]["copy_ids"] == ["alley"] and body["alley"]["copies"] is None
    assert len(body["buildings"]) == 14 and "♠" in body["legend"]


def test_catalog_boards_and_one_board(client):
    boards = client.get("/catalog/boards").get_json()["boards"]
    assert len(boards) == 8 and all(len(b["sides"]) == 2 for b in boards)
    one = client.get(f"/catalog/boards/{boards[0]['id']}").get_json()
    assert len(one["normal"]["map"]) == one["normal"]["height"] == 10
    assert one["normal"]["start"] is not None and one["wild"]["rule"]
    assert one["legend"]["X"]["kind"] == "start"
    assert one["normal"]["pickaxes"] and all(len(p["mine"]) == 2 for p in one["normal"]["pickaxes"])
    assert one["normal"]["features"]["start"] == [one["normal"]["start"]]
    expected = load_catalog().board(boards[0]["id"]).normal.rows
    assert tuple(one["normal"]["map"]) == expected


def test_unknown_board_is_a_problem_json_404(client):
    r = client.get("/catalog/boards/no-such-board")
    assert r.status_code == 404 and r.mimetype == "application/problem+json"
    body = r.get_json()
    assert body["status"] == 404 and "no-such-board" in body["detail"] and body["title"] == "Not Found"


def test_wrong_method_is_a_problem_json_405(client):
    r = client.post("/catalog/tiles")
    assert r.status_code == 405 and r.mimetype == "application/problem+json"


def test_catalog_scoreboard(client):
    body = client.get("/catalog/scoreboard").get_json()
    assert body["multiplayer"]["tussle_points"][1] == 3
    assert len(body["cattle_contracts"]) == 4 and len(body["partners"]) == 16 and len(body["bandit_cards"]) == 12
    assert body["supply"]["gold"] == 30 and body["dice"]["1"]["prairie"] == 2
    assert body["mining_track"][3]["partner"] is True
    assert len(body["wild_sides"]) == 8 and body["contract_sizes"] == [4, 5, 6, 7]


def test_openapi_document_lists_the_catalog(client):
    spec = client.get("/openapi.json").get_json()
    assert spec["openapi"].startswith("3.")
    for path in ("/health", "/catalog/tiles", "/catalog/boards", "/catalog/boards/{board_id}", "/catalog/scoreboard"):
        assert path in spec["paths"]


def test_procfile_and_makefile_serve_the_same_app():
    # the same app with the same gunicorn settings (service/gunicorn_conf.py: gevent workers), on their addresses
    procfile = (ROOT / "Procfile").read_text()
    serve = re.search(r"^serve:.*\n\t(.*)$", (ROOT / "Makefile").read_text(), re.MULTILINE).group(1)
    for line in (procfile, serve):
        assert "gunicorn -c service/gunicorn_conf.py" in line and APP_SPEC in line
    assert "HOST=$(HOST) PORT=$(PORT)" in serve and "127.0.0.1" in (ROOT / "Makefile").read_text()
    assert "HOST=0.0.0.0" in procfile


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> tuple[int, dict]:
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def test_gunicorn_serves_the_app_over_http(tmp_path):
    port = _free_port()
    env = {**os.environ, "DATABASE_URL": fresh_database(tmp_path, "catalog_http")}  # two workers create its tables at once
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{port}", "--workers", "2", APP_SPEC],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                status, body = _get(f"http://127.0.0.1:{port}/health")
                break
            except OSError:  # refused, reset, or no answer yet from a worker still loading the app (a busy machine)
                assert proc.poll() is None, proc.stdout.read().decode()
                assert time.monotonic() < deadline, "gunicorn did not start in 30 s"
                time.sleep(0.2)
        assert status == 200 and body["status"] == "ok"
        status, body = _get(f"http://127.0.0.1:{port}/catalog/boards")
        assert status == 200 and len(body["boards"]) == 8
        status, body = _get(f"http://127.0.0.1:{port}/catalog/boards/nope")
        assert status == 404 and body["status"] == 404
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_catalog_tiles_give_every_orientations_squares(client):
    # Issue 27: a click-to-place UI needs no copy of the engine's orientation order: each orientation index says
    # which flip and turn it is and the squares it covers from the anchor, with their content.
    body = client.get("/catalog/tiles").get_json()
    catalog = load_catalog()
    for entry in body["tiles"] + [body["alley"]]:
        tile = catalog.tile(entry["id"])
        shapes = entry["orientation_shapes"]
        assert [s["index"] for s in shapes] == list(range(entry["orientations"])) == list(range(len(tile.orientations)))
        assert len({(s["flipped"], s["turns"]) for s in shapes}) == len(shapes)
        for shape, orientation in zip(shapes, tile.orientations):
            assert (shape["flipped"], shape["turns"]) == (orientation.flipped, orientation.turns)
            assert [(c["row"], c["col"], c["char"]) for c in shape["cells"]] == [(r, c, cell.char) for (r, c), cell in orientation.cells]
            assert shape["height"] == orientation.height and shape["width"] == orientation.width


def test_catalog_serves_the_numbers_a_rules_page_fills_its_words_with(client):
    """Issue 37 (How to play): the buildings' and wild sides' amounts, the rulebook's numbers (rules.toml) and the
    score categories, so a client writes the rules in its own words (and languages) without copying a number."""
    catalog = load_catalog()
    buildings = client.get("/catalog/tiles").get_json()["buildings"]
    assert {b["name"]: b["amounts"] for b in buildings} == {b.name: b.amounts for b in catalog.buildings}
    board = client.get("/catalog/scoreboard").get_json()
    assert {w["key"]: w["amounts"] for w in board["wild_sides"]} == {w.key: w.amounts for w in catalog.wild_sides}
    rules = catalog.rule_numbers
    assert board["rules"]["starting_points"] == rules.starting_points and board["rules"]["max_cows"] == rules.max_cows
    assert board["rules"]["ace_set_points"] == {str(k): v for k, v in rules.ace_set_points.items()}
    assert board["score_categories"]["endgame"][:2] == ["trailblazing", "pink_buildings"] and "start" in board["score_categories"]["in_game"]
