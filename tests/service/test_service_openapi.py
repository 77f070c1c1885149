"""The OpenAPI document against the app: schemathesis sends requests generated from `/openapi.json` (a
bounded, derandomized number per operation, so CI runs the same cases every time) to every operation, half
of them naming a real game and a real seat token, a real position (analysis) or a published puzzle; no
answer may be a 5xx, and every answer's status, content type, headers and body must be those the document
declares.  Hints, plans and move reviews run under small server caps (and a bot that takes over a seat that leaves
thinks the hints' budget), and daily puzzles come from a stand-in generator (the session's puzzle re-dated), so the
heavy operations stay quick."""

from __future__ import annotations

import itertools
import tempfile
from functools import cache
from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from service.app import create_app
from tests.rolled_west.puzzle_data import redated_puzzle as rolled_west_stand_in
from tests.service.databases import fresh_database
from tests.service.service_http import redated_puzzle, session_puzzle

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_headers_conformance,
          response_schema_conformance]
EXAMPLES = 300  #: issue 30: "schemathesis at 300 examples per operation finds no 5xx" (~60 s; 25 took ~12 s)

app = create_app({"TESTING": True, "DATABASE_URL": fresh_database(Path(tempfile.mkdtemp(prefix="wtw-openapi-")), "openapi"), "RATELIMIT_ENABLED": False,
                  "SSE_MAX_SECONDS": 0.05, "SSE_POLL_SECONDS": 0.1, "HINT_MAX_BUDGET_MS": 30,  # a stream: 50 ms
                  "PLACEMENTS_MAX_BUDGET_MS": 100, "REVIEW_MAX_BUDGET_MS": 1,
                  "HINT_DEFAULT_BUDGET_MS": 30})  # within the hints' cap; also a bot's, when a seat leaves
app.extensions["wtw_puzzles"].generator = redated_puzzle  # this app only ever generates stand-ins
app.extensions["wtw_puzzles"].generators["rolled-west"] = rolled_west_stand_in


@cache
def real() -> tuple[str, list[str], dict, str]:
    """``(game id, its seat tokens, the deciding seat's position, a published puzzle's id)``: what half the cases
    name, made when the first case needs it (not when the module is collected, in every test process)."""
    client = app.test_client()
    created = client.post("/games", json={"players": 2, "seed": 99}).get_json()
    game_id, tokens = created["id"], [t["token"] for t in created["tokens"]]
    deciding = created["state"]["pending"]["seat"]
    position = client.get(f"/games/{game_id}/position", headers={"Authorization": f"Bearer {tokens[deciding]}"}).get_json()
    puzzle_id = client.get("/puzzles/daily?date=2026-01-02&difficulty=easy").get_json()["id"]
    return game_id, tokens, position, puzzle_id
_turn = itertools.count()
schema = schemathesis.openapi.from_wsgi("/openapi.json", app)


def test_the_document_declares_every_game_resource():
    paths = app.test_client().get("/openapi.json").get_json()["paths"]
    for path in ("/games", "/games/{game_id}", "/games/{game_id}/legal-moves", "/games/{game_id}/moves",
                 "/games/{game_id}/undo", "/games/{game_id}/events", "/games/{game_id}/events/stream",
                 "/games/{game_id}/position", "/games/{game_id}/players/{seat}/board", "/games/{game_id}/players/{seat}/board.svg",
                 "/games/{game_id}/hint", "/games/{game_id}/reviews", "/games/{game_id}/reviews/{review_id}",
                 "/analysis/hint", "/analysis/placements", "/puzzles/daily", "/puzzles/{puzzle_id}",
                 "/puzzles/{puzzle_id}/solutions"):
        assert path in paths
    hint = paths["/games/{game_id}/hint"]["get"]
    assert {"200", "401", "403", "404", "409", "422", "429", "503"} <= set(hint["responses"])
    assert {"200", "400", "404", "413", "422", "429"} <= set(paths["/puzzles/{puzzle_id}/solutions"]["post"]["responses"])
    assert {"200", "401", "404", "422", "429"} <= set(paths["/games/{game_id}/moves"]["get"]["responses"])
    stream = paths["/games/{game_id}/events/stream"]["get"]
    assert {p["name"] for p in stream["parameters"]} == {"after", "Last-Event-ID"}
    assert {"get", "post"} <= set(paths["/games"])  # the lobby lists, POST creates
    claim = paths["/games/{game_id}/seats/{seat}/claim"]["post"]
    assert {"200", "400", "404", "409", "422", "429"} <= set(claim["responses"])
    name = spec_schema(claim["requestBody"]["content"]["application/json"]["schema"])["properties"]["name"]
    assert name["maxLength"] == 40 and name["minLength"] == 1 and name["pattern"].startswith("^[^\\x00-")
    moves = paths["/games/{game_id}/moves"]["post"]
    assert {"200", "400", "401", "403", "404", "409", "412", "413", "422", "429"} <= set(moves["responses"])
    spec = app.test_client().get("/openapi.json").get_json()
    problem = spec["components"]["responses"]["PRECONDITION_FAILED"]["content"]
    assert list(problem) == ["application/problem+json"]


def spec_schema(node: dict) -> dict:
    """``node``, or the component schema it refers to (``$ref``)."""
    if "$ref" not in node:
        return node
    spec = app.test_client().get("/openapi.json").get_json()
    return spec["components"]["schemas"][node["$ref"].rsplit("/", 1)[1]]


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
def test_answers_conform_to_the_openapi_document(case):
    turn = next(_turn)
    game_id, tokens, position, puzzle_id = real()
    if turn % 2 == 0 and case.path_parameters and "game_id" in case.path_parameters:
        case.path_parameters["game_id"] = game_id
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {tokens[turn // 2 % 2]}"}
    if turn % 2 == 0 and case.path_parameters and "puzzle_id" in case.path_parameters:
        case.path_parameters["puzzle_id"] = puzzle_id
        if isinstance(case.body, dict) and turn % 4 == 0:
            case.body = session_puzzle()["solution"]
    if turn % 2 == 0 and case.path.startswith("/analysis/") and isinstance(case.body, dict):
        case.body = {**case.body, "position": position}
    case.call_and_validate(checks=CHECKS)
