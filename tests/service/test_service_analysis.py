"""Hints and the stateless analysis resources over real HTTP (gunicorn as `make serve` starts it): a seat's
hint comes from its own position only and never shows another seat's hidden cards, budgets are capped by
the server, the best plan is legal and worth what it says, and no body, however malformed, gets a 500."""

from __future__ import annotations

import copy
import random

import pytest

from service.app import create_app
from service.heavy import huey
from solver.games.wild_tiled_west.engine.game import Game
from solver.games.wild_tiled_west.rules.placement import check_placement
from solver.games.wild_tiled_west.rules.setup import GameConfig
from tests.service.databases import fresh_database
from tests.service.service_http import PROBLEM, Server, assert_nothing_hidden, assert_problem

SEED = 3141592653
HINT_CAP_MS = 150  # the server's cap in these tests (the default is 10,000)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(fresh_database(tmp_path_factory.mktemp("analysis"), "analysis"),
               env={"FLASK_HINT_MAX_BUDGET_MS": str(HINT_CAP_MS), "FLASK_PLACEMENTS_MAX_BUDGET_MS": "1500"}).start()
    yield s
    s.end()


@pytest.fixture(scope="module")
def table(server):
    """A 3-player game on the server, played at random into its second round, at a draft decision:
    (game id, tokens, the same game played locally)."""
    client = server.client
    created = client.post("/games", {"players": 3, "seed": SEED}).json()
    game_id, tokens = created["id"], [t["token"] for t in created["tokens"]]
    local, rng = Game(GameConfig(players=3, seed=SEED)), random.Random(5)
    while local.round < 2 or local.pending()["type"] != "draft":
        move = rng.choice(local.legal_moves())
        assert client.post(f"/games/{game_id}/moves", move, token=tokens[local.pending()["seat"]]).status == 200
        local.apply(move)
    return game_id, tokens, local


def position_of(server, table, seat: int) -> dict:
    game_id, tokens, _ = table
    r = server.client.get(f"/games/{game_id}/position", token=tokens[seat])
    assert r.status == 200
    return r.json()


def test_a_seat_gets_hints_only_for_its_own_decision(server, table):
    game_id, tokens, local = table
    seat = local.pending()["seat"]
    r = server.client.get(f"/games/{game_id}/hint?top=3&budget_ms=100", token=tokens[seat])
    assert r.status == 200 and r.headers["cache-control"] == "no-store", r.text
    hint = r.json()
    assert hint["seat"] == seat and hint["decision"] == local.pending() and hint["moves_played"] == len(local.moves)
    assert 1 <= len(hint["options"]) <= 3 and hint["budget_ms"] == 100
    legal = local.legal_moves()
    assert all(option["moves"][0] in legal for option in hint["options"])
    assert_nothing_hidden(r.text, local, seat, SEED)
    for other in range(3):
        if other != seat:
            refused = server.client.get(f"/games/{game_id}/hint", token=tokens[other])
            assert_problem(refused, 403, "not_your_decision")
            assert_nothing_hidden(refused.text, local, other, SEED)
    assert_problem(server.client.get(f"/games/{game_id}/hint"), 401, "missing_token")
    assert_problem(server.client.get(f"/games/{game_id}/hint", token="not-a-token"), 401, "invalid_token")
    assert_problem(server.client.get("/games/nope/hint", token=tokens[seat]), 404, "unknown_game")
    assert server.client.get(f"/games/{game_id}").json()["moves_played"] == len(local.moves)  # nothing changed


def test_a_hint_at_house_in_dangers_first_placement(server):
    # Wild sides / House in Danger: the board has no X and the set-aside building goes on its site first; the
    # hint for that decision once failed (its placements, rooted on the site, were all refused).
    seats = [{"board": "coyote-canyon", "side": "wild"}]
    created = server.client.post("/games", {"players": 1, "seed": 5, "seats": seats}).json()
    game_id, token = created["id"], created["tokens"][0]["token"]
    local = Game(GameConfig.from_json({"players": 1, "seed": 5, "seats": seats}))
    rng = random.Random(5)
    while not local.pending().get("rooted_on"):
        move = rng.choice(local.legal_moves())
        assert server.client.post(f"/games/{game_id}/moves", move, token=token).status == 200
        local.apply(move)
    r = server.client.get(f"/games/{game_id}/hint?top=3&budget_ms=100", token=token)
    assert r.status == 200, r.text
    options = r.json()["options"]
    assert options and all(option["moves"][0] in local.legal_moves() for option in options)


def test_hint_budgets_are_capped_by_the_server_and_checked(server, table):
    game_id, tokens, local = table
    path, token = f"/games/{game_id}/hint", tokens[local.pending()["seat"]]
    capped = server.client.get(f"{path}?top=1&budget_ms=600000", token=token)
    assert capped.status == 200 and capped.json()["budget_ms"] == HINT_CAP_MS and len(capped.json()["options"]) == 1
    assert server.client.get(f"{path}?top=1", token=token).json()["budget_ms"] == HINT_CAP_MS  # 800 by default, capped
    for query in ("top=0", "top=11", "top=x", "budget_ms=0", "budget_ms=-5", "budget_ms=1.5", "budget_ms=99999999999"):
        body = assert_problem(server.client.get(f"{path}?{query}", token=token), 422)
        assert body["errors"]["query"], query


def test_analysis_hint_answers_from_an_exported_position(server, table):
    _, _, local = table
    seat = local.pending()["seat"]
    position = position_of(server, table, seat)
    r = server.client.post("/analysis/hint", {"position": position, "top": 2, "budget_ms": 100})
    assert r.status == 200 and r.headers["content-type"] == "application/json", r.text
    hint = r.json()
    assert hint["version"] == position["version"] == len(local.moves) and hint["seat"] == seat
    assert hint["decision"] == local.pending() and 1 <= len(hint["options"]) <= 2
    assert all(option["moves"][0] in local.legal_moves() for option in hint["options"])
    assert_nothing_hidden(r.text, local, seat, SEED)
    other = position_of(server, table, (seat + 1) % 3)
    assert_problem(server.client.post("/analysis/hint", {"position": other}), 422, "not_your_decision")
    assert_problem(server.client.post("/analysis/hint", {"position": {**position, "pending": None}}), 422, "game_over")


def test_analysis_placements_answers_a_legal_plan_worth_its_value(server, table):
    _, _, local = table
    seat = local.pending()["seat"]
    position = position_of(server, table, seat)
    on_boards = {placed.tile.id for p in local.players for placed in p.settlement.tiles}
    tiles = [t.id for t in local.catalog.tiles if t.id not in on_boards][:2]
    r = server.client.post("/analysis/placements", {"position": position, "tiles": tiles, "required": True,
                                                    "budget_ms": 1000})
    assert r.status == 200, r.text
    plan = r.json()
    assert plan["status"] in ("OPTIMAL", "FEASIBLE") and plan["tiles"] == tiles and plan["required"] is True
    assert sorted(p["tile"] for p in plan["placements"]) == sorted(tiles)  # required: every tile placed
    assert plan["value"] == sum(plan["terms"].values()) and plan["budget_ms"] == 1000
    assert plan["seat"] == seat and plan["version"] == position["version"]
    assert plan["gap"] is not None and plan["gap"] >= 0 and isinstance(plan["wrangles"], list)
    settlement = local.players[seat].settlement.copy()
    for p in plan["placements"]:  # play order: each placement legal when played in turn
        tile = local.catalog.tile(p["tile"])
        assert check_placement(settlement, tile, p["orientation"], p["row"], p["col"]).legal, p
        settlement.place(tile, p["orientation"], p["row"], p["col"])
    capped = server.client.post("/analysis/placements", {"position": position, "tiles": tiles[:1], "budget_ms": 10**6})
    assert capped.status == 200 and capped.json()["budget_ms"] == 1500


def test_analysis_refuses_bad_bodies_with_a_reason(server, table):
    _, _, local = table
    position = position_of(server, table, local.pending()["seat"])
    client = server.client
    broken_players = {**position, "players": [{}]}
    cases = [
        ("/analysis/hint", {"position": broken_players}, "malformed_position"),
        ("/analysis/placements", {"position": broken_players, "tiles": ["t01"]}, "malformed_position"),
        ("/analysis/placements", {"position": {**position, "trays": "x", "config": {"players": "two"}}, "tiles": ["t01"]},
         "malformed_position"),
        ("/analysis/hint", {"position": {**position, "dice": [{"id": "x"}]}}, "malformed_position"),
        ("/analysis/hint", {"position": {k: v for k, v in position.items() if k != "agenda"}}, None),
        ("/analysis/hint", {"position": [position]}, None),
        ("/analysis/hint", {"position": position, "top": 0}, None),
        ("/analysis/hint", {"position": position, "budget_ms": "100"}, None),
        ("/analysis/hint", {"position": position, "colour": "red"}, None),
        ("/analysis/hint", {}, None),
        ("/analysis/placements", {"position": position, "tiles": ["t99"]}, None),
        ("/analysis/placements", {"position": position, "tiles": ["t01", "t01"]}, None),
        ("/analysis/placements", {"position": position, "tiles": []}, None),
        ("/analysis/placements", {"position": position, "tiles": [f"t{i:02}" for i in range(1, 10)]}, None),  # 9 > 8
        ("/analysis/placements", {"position": position, "tiles": ["t01"], "budget_ms": 0}, None),
        ("/analysis/placements", {"position": position, "tiles": ["t01"], "required": "yes please"}, None),
    ]
    for path, body, rule in cases:
        problem = assert_problem(client.post(path, body), 422, rule)
        assert rule or problem["errors"]["json"], (path, body)
    for path in ("/analysis/hint", "/analysis/placements"):
        assert_problem(client.request("POST", path, raw=b'{"position": ', headers={"Content-Type": "application/json"}), 400)
        assert_problem(client.request("POST", path, raw=b"[" + b"1," * 200_000 + b"1]",
                                      headers={"Content-Type": "application/json"}), 413)


def _mutations(position: dict, seat: int):
    """Hand-made broken positions: each top-level member, and each member of the seat's player, replaced by a
    value of another type or out of range."""
    for key in sorted(position):
        for value in (None, "x", -1, {}):
            yield {**position, key: value}
    player = next(i for i, p in enumerate(position["players"]) if p["seat"] == seat)
    for key in sorted(position["players"][player]):
        for value in (None, -1, [7]):
            broken = copy.deepcopy(position)
            broken["players"][player][key] = value
            yield broken


def test_no_broken_position_gets_a_500(server, table):
    _, _, local = table
    seat = local.pending()["seat"]
    position = position_of(server, table, seat)
    statuses = set()
    for broken in _mutations(position, seat):
        for path, extra in (("/analysis/hint", {"top": 1, "budget_ms": 5}), ("/analysis/placements", {"tiles": ["t01"], "budget_ms": 20})):
            r = server.client.post(path, {"position": broken, **extra})
            assert r.status in (200, 422), (path, r.status, r.text)
            assert r.headers["content-type"] == ("application/json" if r.status == 200 else PROBLEM)
            statuses.add(r.status)
    assert statuses == {200, 422}  # some members are ignored by the engine, most break the position


def test_heavy_work_not_answered_by_its_deadline_is_503_and_revoked(tmp_path):
    """With no consumer taking tasks from the queue, a hint or a plan waits its budget plus TASK_WAIT_SECONDS, then is
    503 busy with Retry-After, and its task is revoked (a consumer that reaches it later skips it)."""
    app = create_app({"TESTING": True, "DATABASE_URL": fresh_database(tmp_path, "heavy"), "RATELIMIT_ENABLED": False,
                      "TASK_WAIT_SECONDS": 0})
    client = app.test_client()
    created = client.post("/games", json={"players": 1, "seed": 1}).get_json()
    game_id, token = created["id"], created["tokens"][0]["token"]
    position = client.get(f"/games/{game_id}/position", headers={"Authorization": f"Bearer {token}"}).get_json()
    huey.immediate = False  # a queue nobody consumes (in memory)
    try:
        r = client.get(f"/games/{game_id}/hint?budget_ms=1", headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 503 and r.mimetype == PROBLEM and r.get_json()["rule"] == "busy"
        assert int(r.headers["Retry-After"]) >= 1
        r = client.post("/analysis/placements", json={"position": position, "tiles": ["t01"], "budget_ms": 1})
        assert r.status_code == 503 and r.get_json()["rule"] == "busy"
        queued = huey.pending()
        assert len(queued) == 2 and all(huey.is_revoked(task) for task in queued)
    finally:
        huey.immediate = True


def test_a_hint_cut_by_its_simulation_count_answers_the_same_with_the_search_figures(tmp_path):
    """A hint is the information-set search's: each option with its gain, standard error, visits and share; asked with
    a simulation count and a search seed, it gives the same answer again (a game hint and the stateless one alike),
    and another seed is another search; the game's own seed is never shown."""
    app = create_app({"TESTING": True, "DATABASE_URL": fresh_database(tmp_path, "search_hint"), "RATELIMIT_ENABLED": False})
    assert app.config["HINT_MAX_BUDGET_MS"] == 10_000 and app.config["HINT_DEFAULT_BUDGET_MS"] == 800
    client = app.test_client()
    created = client.post("/games", json={"players": 2, "seed": SEED}).get_json()
    game_id, tokens = created["id"], {t["seat"]: t["token"] for t in created["tokens"]}
    local = Game(GameConfig(players=2, seed=SEED))
    rng = random.Random(2)
    while local.pending()["type"] != "draft":  # the partners kept: a draft, with many options
        seat = local.pending()["seat"]
        move = rng.choice(local.legal_moves())
        assert client.post(f"/games/{game_id}/moves", json=move, headers={"Authorization": f"Bearer {tokens[seat]}"}).status_code == 200
        local.apply(move)
    seat = local.pending()["seat"]
    headers = {"Authorization": f"Bearer {tokens[seat]}"}
    path = f"/games/{game_id}/hint?top=3&simulations=12&search_seed=5&budget_ms=10000"
    first, again = client.get(path, headers=headers), client.get(path, headers=headers)
    assert first.status_code == again.status_code == 200, first.get_json()
    hint = first.get_json()
    assert hint["simulations"] == 12 and hint["search_seed"] == 5 and hint["workers"] == 1 and not hint["partial"]
    assert [o["search"] for o in hint["options"]] == [o["search"] for o in again.get_json()["options"]]
    assert [o["moves"] for o in hint["options"]] == [o["moves"] for o in again.get_json()["options"]]
    visits = [o["search"]["visits"] for o in hint["options"]]
    assert visits == sorted(visits, reverse=True) and 0 < sum(visits) <= 12
    assert hint["options"][0]["search"]["loss"] == 0 and all(o["search"]["share"] <= 1 for o in hint["options"])
    assert '"seed"' not in first.get_data(as_text=True) and str(SEED) not in first.get_data(as_text=True)
    position = client.get(f"/games/{game_id}/position", headers=headers).get_json()
    posted = client.post("/analysis/hint", json={"position": position, "top": 3, "simulations": 12, "search_seed": 5,
                                                 "budget_ms": 10000}).get_json()
    assert [o["search"] for o in posted["options"]] == [o["search"] for o in hint["options"]]
    other = client.get(path.replace("search_seed=5", "search_seed=6"), headers=headers).get_json()
    assert other["search_seed"] == 6 and other["simulations"] == 12
    for query in ("simulations=0", "simulations=x", "search_seed=-1", "simulations=100001"):
        r = client.get(f"/games/{game_id}/hint?{query}", headers=headers)
        assert r.status_code == 422 and r.mimetype == PROBLEM, query


def test_hints_and_analysis_share_their_own_rate_limit(tmp_path):
    app = create_app({"TESTING": True, "DATABASE_URL": fresh_database(tmp_path, "analysis_rate"),
                      "RATELIMIT_ANALYSIS": "2 per minute"})
    client = app.test_client()
    bad = {"position": {"seat": 0, "version": 0, "pending": None, "agenda": [], "config": {}, "players": [{}]}}
    assert client.post("/analysis/hint", json=bad).status_code == 422
    assert client.post("/analysis/placements", json={**bad, "tiles": ["t01"]}).status_code == 422
    r = client.post("/analysis/hint", json=bad)
    assert r.status_code == 429 and r.mimetype == PROBLEM and int(r.headers["Retry-After"]) > 0
    assert client.get("/catalog/boards").status_code == 200  # other resources keep the default limit
