"""No request body makes the service answer 500 (issue 30, "500s from input"): JSON that the standard accepts but
Python cannot hold — arrays nested a thousand levels deep, an integer of more than 4,300 digits — is a 400
problem+json on every operation that takes a JSON body, and bodies nested less deeply get their 4xx too."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from service.app import create_app
from tests.service.databases import fresh_database
from tests.service.service_http import json_operations

PROBLEM = "application/problem+json"


@pytest.fixture(scope="module")
def app():
    app = create_app({"TESTING": True, "DATABASE_URL": fresh_database(Path(tempfile.mkdtemp(prefix="wtw-bodies-")), "bodies"),
                      "RATELIMIT_ENABLED": False})
    yield app
    app.extensions["wtw_games"].storage.engine.dispose()


def _operations(app) -> list[tuple[str, str]]:
    """``(method, path)`` of every operation of the OpenAPI document that takes a JSON body, with its path
    parameters filled with an existing game (seat 1) or a made-up puzzle id."""
    client = app.test_client()
    created = client.post("/games", json={"players": 2, "seed": 5}).get_json()
    filled = {"{game_id}": created["id"], "{seat}": "1", "{puzzle_id}": "feedfacefeedface"}
    return [(method, path) for method, path, _ in json_operations(client, filled)]


@pytest.mark.parametrize("body", [
    "[" * 1000 + "]" * 1000,
    "[" * 100_000 + "]" * 100_000,
    '{"players": ' + "9" * 5000 + "}",
    '{"type": "draft", "die": ' + "1" * 4301 + "}",
    '{"position": ' + "{" * 999 + "}" * 999 + "}",
    '{"a": ' + "[" * 900 + "]" * 900 + "}",
])
def test_no_body_is_a_server_error(app, body):
    client = app.test_client()
    operations = _operations(app)
    assert len(operations) >= 6  # games, moves, undo, claim, both analysis resources, puzzle solutions
    for method, path in operations:
        r = client.open(path, method=method, data=body, content_type="application/json",
                        headers={"Authorization": "Bearer not-a-token"})
        assert 400 <= r.status_code < 500 and r.mimetype == PROBLEM, (method, path, r.status_code, r.get_data()[:200])


def test_a_body_python_cannot_hold_is_a_400_invalid_json(app):
    client = app.test_client()
    for body in ("[" * 1000 + "]" * 1000, '{"players": ' + "9" * 5000 + "}"):
        r = client.post("/games", data=body, content_type="application/json")
        assert r.status_code == 400 and r.get_json()["errors"] == {"json": ["Invalid JSON body."]}


@pytest.mark.parametrize("value", [0, 1, "yes", "true", "on"])
def test_booleans_are_json_true_or_false_only(app, value):
    # issue 30: marshmallow's Boolean took 0, 1 and "yes"; a request schema's booleans take true and false only
    client = app.test_client()
    for body in ({"players": 2, "first_game_contracts": value}, {"players": 2, "seats": [{"open": value}, {}]}):
        r = client.post("/games", json=body)
        assert r.status_code == 422 and r.mimetype == PROBLEM and "Not a valid boolean." in str(r.get_json()["errors"])
    r = client.post("/analysis/placements", json={"puzzle": "feedfacefeedface", "required": value})
    assert r.status_code == 422 and "required" in r.get_json()["errors"]["json"]
    created = client.post("/games", json={"players": 2, "seed": 3}).get_json()
    seat = created["state"]["pending"]["seat"]
    token = next(t["token"] for t in created["tokens"] if t["seat"] == seat)
    r = client.post(f"/games/{created['id']}/moves", json={"type": "hideout", "done": value},
                    headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 422 and "done" in r.get_json()["errors"]["json"]
    assert client.get(f"/games/{created['id']}").get_json()["version"] == 0  # nothing changed


def test_if_match_compares_strongly(app):
    # RFC 9110 13.1.1: If-Match uses the strong comparison, so a weak tag W/"0" matches no version
    client = app.test_client()
    created = client.post("/games", json={"players": 2, "seed": 3}).get_json()
    seat = created["state"]["pending"]["seat"]
    token = next(t["token"] for t in created["tokens"] if t["seat"] == seat)
    auth = {"Authorization": f"Bearer {token}"}
    move = client.get(f"/games/{created['id']}/legal-moves", headers=auth).get_json()["moves"][0]
    weak = client.post(f"/games/{created['id']}/moves", json=move, headers={**auth, "If-Match": 'W/"0"'})
    assert weak.status_code == 412 and weak.mimetype == PROBLEM and weak.get_json()["rule"] == "stale_version"
    strong = client.post(f"/games/{created['id']}/moves", json=move, headers={**auth, "If-Match": '"0"'})
    assert strong.status_code == 200 and strong.headers["ETag"] == '"1"'
