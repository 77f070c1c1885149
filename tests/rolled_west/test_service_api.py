"""Rolled West over the HTTP API (issue 38): its move body (``RolledWestMove``, derived from the engine's shapes) refuses
a malformed move with a 422 problem+json and changes nothing; its components resource serves the sheet's numbers as
the data files hold them; and undo where the rules allow it: the active player takes back a spend of its turn after a
neighbour sealed its bank meanwhile (the sealed bank stays the neighbour's), never a roll or the banks' revelation."""

from __future__ import annotations

import pytest

from service.app import create_app
from solver.games.rolled_west.components.catalog import load_components
from solver.games.rolled_west.engine.moves import SHAPES
from tests.service.databases import fresh_database

PROBLEM = "application/problem+json"


@pytest.fixture
def client(tmp_path):
    app = create_app({"TESTING": True, "DATABASE_URL": fresh_database(tmp_path, "rolledwest"), "RATELIMIT_ENABLED": False})
    yield app.test_client()
    app.extensions["wtw_games"].storage.engine.dispose()


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def new_game(client, seed=5, seats=({}, {})):
    """A 2-player game, both seats held here (``seats``: their members of ``POST /games``): its id and the two seats'
    tokens."""
    created = client.post("/games", json={"game": "rolled-west", "players": 2, "seed": seed, "seats": list(seats)}).get_json()
    tokens = {t["seat"]: t["token"] for t in created["tokens"]}
    return created["id"], tokens


def state(client, game_id, token=None):
    return client.get(f"/games/{game_id}", headers=auth(token) if token else {}).get_json()


def move(client, game_id, token, body):
    return client.post(f"/games/{game_id}/moves", json=body, headers=auth(token))


def legal(client, game_id, token):
    return client.get(f"/games/{game_id}/legal-moves", headers=auth(token)).get_json()["moves"]


@pytest.mark.parametrize("body, member", [
    ({"type": "fly"}, "type"),
    ({"type": "claim", "kind": 3}, "kind"),
    ({"type": "claim", "kind": "castle"}, "kind"),
    ({"type": "ship", "copper": -1, "silver": 0, "gold": 0}, "copper"),
    ({"type": "ship", "copper": True, "silver": 0, "gold": 0}, "copper"),
    ({"type": "ship", "copper": "2", "silver": 0, "gold": 0}, "copper"),
    ({"type": "terrain", "resource": "sheep"}, "resource"),
    ({"type": "terrain", "resource": "wood", "die": 2}, "die"),
])
def test_a_malformed_move_is_a_422_problem_and_changes_nothing(client, body, member):
    game_id, tokens = new_game(client)
    before = state(client, game_id, tokens[0])
    r = move(client, game_id, tokens[0], body)
    assert r.status_code == 422 and r.mimetype == PROBLEM
    assert member in r.get_json()["errors"]["json"]
    after = state(client, game_id, tokens[0])
    assert after["version"] == before["version"] and after["pending"] == before["pending"]


def test_the_move_body_is_documented_from_the_engines_shapes(client):
    schemas = client.get("/openapi.json").get_json()["components"]["schemas"]
    move_doc = schemas["RolledWestMove"]
    assert move_doc["properties"]["type"]["enum"] == list(SHAPES)
    members = {name for shape in SHAPES.values() for name in shape}
    assert members <= set(move_doc["properties"])
    assert move_doc["properties"]["copper"]["type"] == "integer"


def test_the_components_resource_serves_the_data_files(client):
    body = client.get("/rolled-west/components").get_json()
    c = load_components()
    assert [r["numbers"] for r in body["claim_rows"]] == [list(r.numbers) for r in c.claim_rows]
    assert [r["majority"] for r in body["claim_rows"]] == [list(r.majority) for r in c.claim_rows]
    assert [r["boxes"] for r in body["shipping_rows"]] == [[list(b) for b in r.boxes] for r in c.shipping_rows]
    assert [(x["id"], x["points"]) for x in body["contracts"]] == [(x.id, x.points) for x in c.contracts]
    assert [o["id"] for o in body["offices"]] == [o.id for o in c.offices] and len(body["offices"]) == 9
    assert body["numbers"]["rounds"] == c.numbers.rounds and body["dice"]["count"] == c.dice.count
    assert all(s["source"] for s in body["sources"])


def _spend(client, game_id, token):
    """The first spend of the turn (anything but ending it) the active seat may make now."""
    return next(m for m in legal(client, game_id, token) if m["type"] != "end_turn")


def test_the_active_player_takes_back_a_spend_after_a_neighbour_sealed_its_bank(client):
    game_id, tokens = new_game(client)
    dice = state(client, game_id, tokens[0])["dice"]
    assert move(client, game_id, tokens[0], {"type": "terrain", "resource": dice[0]}).status_code == 200
    spend = _spend(client, game_id, tokens[0])
    assert move(client, game_id, tokens[0], spend).status_code == 200
    bank = next(m for m in legal(client, game_id, tokens[1]) if m["type"] == "bank_between")
    assert move(client, game_id, tokens[1], bank).status_code == 200
    mine = state(client, game_id, tokens[0])
    assert mine["undo"]["allowed"], mine["undo"]
    undone = client.post(f"/games/{game_id}/undo", headers=auth(tokens[0]))
    assert undone.status_code == 200 and undone.get_json()["undone"]["type"] == spend["type"]
    assert spend in legal(client, game_id, tokens[0])  # the spend may be made again
    neighbour = state(client, game_id, tokens[1])
    assert neighbour["decided"] == [1] and neighbour["my_bank"] == {"resource": bank["resource"]}
    # the turn goes on; ending it reveals the banks, and then no undo crosses them or the next roll
    assert move(client, game_id, tokens[0], {"type": "end_turn"}).status_code == 200
    revealed = state(client, game_id, tokens[1])
    assert revealed["sheets"][1]["dark"][0]["resource"] == bank["resource"]
    for token in tokens.values():
        r = client.post(f"/games/{game_id}/undo", headers=auth(token))
        assert r.status_code in (403, 409) and r.mimetype == PROBLEM
    assert client.post(f"/games/{game_id}/undo", headers=auth(tokens[0])).get_json()["rule"] == "hidden_revealed"


def test_the_terrain_choice_cannot_be_taken_back_over_a_neighbours_sealed_bank(client):
    """The neighbour's bank is of that roll without the terrain die: taking the terrain back would leave it no
    decision, so the neighbour's move stands and the undo is refused."""
    game_id, tokens = new_game(client)
    dice = state(client, game_id, tokens[0])["dice"]
    move(client, game_id, tokens[0], {"type": "terrain", "resource": dice[0]})
    move(client, game_id, tokens[1], {"type": "pass"})
    r = client.post(f"/games/{game_id}/undo", headers=auth(tokens[0]))
    assert r.status_code == 403 and r.get_json()["rule"] == "not_your_move"
    assert state(client, game_id, tokens[0])["undo"]["allowed"] is False


@pytest.mark.parametrize("language, seats, says", [
    ("en", ({"name": "Ann"}, {"name": "Bob"}), "the last move is Bob's: a seat may undo only its own last move"),
    ("fr", ({"name": "Ann"}, {"name": "Bob"}), "le dernier coup est celui de Bob : une place ne peut annuler que son propre dernier coup"),
    ("en", ({}, {}), "the last move is Seat 2's: a seat may undo only its own last move"),
    ("fr", ({}, {}), "le dernier coup est celui de Place 2 : une place ne peut annuler que son propre dernier coup"),
])
def test_the_undo_refusal_names_the_player_whose_move_is_last(client, language, seats, says):
    """Issue 38: the refusal says whose move is last by the name the players read, never a seat's index."""
    game_id, tokens = new_game(client, seats=seats)
    dice = state(client, game_id, tokens[0])["dice"]
    move(client, game_id, tokens[0], {"type": "terrain", "resource": dice[0]})
    move(client, game_id, tokens[1], {"type": "pass"})
    asked = {**auth(tokens[0]), "Accept-Language": language}
    r = client.post(f"/games/{game_id}/undo", headers=asked)
    assert (r.status_code, r.get_json()["rule"], r.get_json()["detail"]) == (403, "not_your_move", says)
    assert client.get(f"/games/{game_id}", headers=asked).get_json()["undo"]["detail"] == says
