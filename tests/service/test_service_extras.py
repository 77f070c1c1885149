"""A game's HTTP extras (``service.extras``): found through the registry by the convention ``service.<leaf of the
game's package>``, their resources served and rate limited, their settings and components read at start; Wild Tiled
West's (``service.wild_tiled_west``) are the catalog, the analysis and the settlement boards, and a board of a game of
another game is 404.  The app itself imports no game (``tests/test_architecture.py``)."""

from __future__ import annotations

import dataclasses

import pytest

import service.rolled_west
import service.wild_tiled_west
from service.app import create_app
from service.extras import GameExtras, extras_package, find_extras, house_extras
from service.games.store import house_games
from service.wild_tiled_west.components import catalog_of
from solver.core import registry
from tests.core import sealed_bids
from tests.service.databases import fresh_database
from tests.service.service_http import assert_problem
from tests.service.test_service_lobby import call

WTW = "wild-tiled-west"


@pytest.fixture
def house(tmp_path):
    """An app built while Sealed Bids (a game of the tests, without extras) is registered beside Wild Tiled West."""
    sealed_bids.register()
    app = create_app({"TESTING": True, "DATABASE_URL": fresh_database(tmp_path, "extras"), "RATELIMIT_ENABLED": False})
    yield app
    app.extensions["wtw_games"].storage.engine.dispose()
    sealed_bids.unregister()


def test_a_games_extras_are_found_by_its_package_through_the_registry():
    entry = registry.get(WTW)
    assert extras_package(entry) == "service.wild_tiled_west"
    assert find_extras(entry) is service.wild_tiled_west.EXTRAS
    assert isinstance(service.wild_tiled_west.EXTRAS, GameExtras)
    assert house_extras() == {WTW: service.wild_tiled_west.EXTRAS, "rolled-west": service.rolled_west.EXTRAS}
    assert [b.name for b in service.wild_tiled_west.EXTRAS.blueprints] == ["catalog", "analysis", "boards"]


def test_a_game_without_a_package_of_extras_has_none_and_a_generic_module_is_not_one():
    sealed = sealed_bids.ENTRY  # package tests.core.sealed_bids: no service.sealed_bids
    assert extras_package(sealed) == "service.sealed_bids" and find_extras(sealed) is None
    named_like_the_service = dataclasses.replace(sealed, id="games", package="elsewhere.games")
    with pytest.raises(TypeError, match=r"service\.games is not the extras of the game 'games'"):
        find_extras(named_like_the_service)  # service.games is the generic games resource: no EXTRAS


def test_the_app_serves_what_the_extras_declare(house):
    endpoints = {rule.endpoint: rule.rule for rule in house.url_map.iter_rules()}
    declared = {blueprint.name for blueprint in service.wild_tiled_west.EXTRAS.blueprints}
    assert {endpoint.split(".")[0] for endpoint in endpoints} >= declared
    assert endpoints["catalog.tiles"] == "/catalog/tiles" and endpoints["catalog.board"] == "/catalog/boards/<board_id>"
    assert endpoints["analysis.post_hint"] == "/analysis/hint"
    assert endpoints["boards.get_board"] == "/games/<game_id>/players/<int:seat>/board"
    assert call(house, "GET", "/catalog/boards").status == 200
    paths = call(house, "GET", "/openapi.json").json()["paths"]
    board = paths["/games/{game_id}/players/{seat}/board"]["get"]
    assert board["tags"] == ["games"] and "BoardData" in board["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    assert paths["/catalog/tiles"]["get"]["tags"] == ["catalog"] and paths["/analysis/hint"]["post"]["tags"] == ["analysis"]


def test_the_extras_settings_are_defaults_the_config_overrides(tmp_path):
    app = create_app({"TESTING": True, "DATABASE_URL": fresh_database(tmp_path, "settings")})
    assert (app.config["PLACEMENTS_DEFAULT_BUDGET_MS"], app.config["PLACEMENTS_MAX_BUDGET_MS"]) == (1000, 2000)
    app.extensions["wtw_games"].storage.engine.dispose()
    app = create_app({"TESTING": True, "DATABASE_URL": fresh_database(tmp_path, "settings2"), "PLACEMENTS_MAX_BUDGET_MS": 5})
    assert app.config["PLACEMENTS_MAX_BUDGET_MS"] == 5
    games = app.extensions["wtw_games"]
    assert catalog_of(app) is games.game_object(WTW).catalog  # the extras read the catalog the games are played with
    assert not hasattr(games, "catalog") and "wtw_catalog" not in app.extensions
    games.storage.engine.dispose()


def test_a_board_of_a_game_of_another_game_is_404(house):
    head, _ = house.extensions["wtw_games"].create({"players": 2, "seed": 5}, game=sealed_bids.ENTRY.id)
    for path in (f"/games/{head.id}/players/0/board", f"/games/{head.id}/players/0/board.svg"):
        body = assert_problem(call(house, "GET", path), 404, "no_boards")
        assert sealed_bids.ENTRY.id in body["detail"]
        assert_problem(call(house, "GET", path.replace(head.id, "no-such-game")), 404, "unknown_game")
    wtw = call(house, "POST", "/games", {"players": 2, "seed": 5}).json()["id"]
    assert call(house, "GET", f"/games/{wtw}/players/1/board").status == 200
    assert call(house, "GET", f"/games/{wtw}/players/1/board.svg").headers["content-type"].startswith("image/svg+xml")
    assert_problem(call(house, "GET", f"/games/{wtw}/players/2/board"), 404, "unknown_seat")


def test_the_house_gives_each_game_its_components_and_refuses_others():
    plain = house_games()
    catalog = plain[WTW].catalog  # type: ignore[attr-defined]
    assert house_games({WTW: None})[WTW] is plain[WTW]  # None: the game's own data
    assert house_games({WTW: catalog})[WTW].catalog is catalog  # type: ignore[attr-defined]
    with pytest.raises(KeyError, match="not a registered game"):
        house_games({"no-such-game": catalog})
