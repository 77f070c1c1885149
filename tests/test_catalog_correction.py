"""A correction of the data files reaches everything (issue 25): a person holding the physical game copies
``solver/games/wild_tiled_west/components/data``, corrects a wrangle's points, a Tussle's points, a town bonus, the tombstone value
and the supply of cowpokes, and the engine's score, the planner's objective, the hint's gain and a daily
puzzle's verified score all follow, with no code touched.  A corrected value that still claims the rulebook as
its source is refused by the catalog check."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from puzzles.wild_tiled_west.position import puzzle_position
from puzzles.wild_tiled_west.verify import verify_solution
from service.app import create_app
from solver.__main__ import main as cli_main
from solver.core.protocol import ConfigError
from solver.games.wild_tiled_west import ENTRY
from solver.games.wild_tiled_west.ai.bots import RandomBot
from solver.games.wild_tiled_west.ai.hints import hint
from solver.games.wild_tiled_west.components.catalog import (
    CATALOG_ENV,
    CatalogError,
    board_side_from_map,
    data_dir,
    load_catalog,
    load_catalog_from,
    player_counts,
    player_counts_of,
    tile_from_map,
)
from solver.games.wild_tiled_west.engine.game import Game
from solver.games.wild_tiled_west.planning.cpsat.solve import solve_plan
from solver.games.wild_tiled_west.planning.plans import PlanPosition, bandit_value, play
from solver.games.wild_tiled_west.rules.endgame import endgame_points
from solver.games.wild_tiled_west.rules.placement import Placement
from solver.games.wild_tiled_west.rules.settlement import Settlement
from solver.games.wild_tiled_west.rules.setup import GameConfig
from solver.games.wild_tiled_west.rules.towns import completed_towns
from tests.fixtures import fixture_game, place

GOLDEN = Path(__file__).parent / "golden_puzzles"
CORRECTION = "reconstructed: a player's correction (tests/test_catalog_correction.py)"


def _sub(path: Path, pattern: str, replacement: str) -> None:
    text = path.read_text(encoding="utf-8")
    new, count = re.subn(pattern, replacement, text, flags=re.M)
    assert count, f"{path.name}: {pattern!r} not found"
    path.write_text(new, encoding="utf-8")


def _copy(tmp: Path) -> Path:
    folder = tmp / "data"
    shutil.copytree(data_dir(), folder)
    return folder


@pytest.fixture(scope="module")
def corrected_folder(tmp_path_factory) -> Path:
    """A copy of the data with five corrections, each marked with its own source where the rulebook's was."""
    folder = _copy(tmp_path_factory.mktemp("corrected"))
    board = folder / "scoreboard.toml"
    _sub(board, r'^"3" = 3$', '"3" = 4')  # a wrangle of 3 cows: 3 -> 4 points (both sides)
    _sub(board, r"^tussle_points = \[2, 3, 4, 5\]$", "tussle_points = [4, 3, 4, 5]")  # Year 1's Tussle: 2 -> 4
    _sub(board, r"^town_bonus = \[3, 2, 1\]$", "town_bonus = [5, 2, 1]")  # Year 1's completion bonus: 3 -> 5
    _sub(folder / "rules.toml", r"^tombstone_points = 2$", "tombstone_points = 3")
    _sub(folder / "rules.toml", r'tombstone_points = "rulebook: [^"]*"', f'tombstone_points = "{CORRECTION}"')
    _sub(folder / "supply.toml", r"^cowpokes = 15$", "cowpokes = 2")
    _sub(folder / "supply.toml", r'^sources = \{ tray_tiles', f'sources = {{ cowpokes = "{CORRECTION}", tray_tiles')
    return folder


@pytest.fixture(scope="module")
def corrected(corrected_folder) -> object:
    """The catalog of the corrected copy."""
    return load_catalog_from(corrected_folder)


def test_the_corrected_copy_loads_with_its_values(corrected):
    assert corrected.scoreboard.multiplayer.wrangle_points[3] == 4
    assert corrected.scoreboard.multiplayer.tussle_points[0] == 4
    assert corrected.scoreboard.multiplayer.town_bonus[0] == 5
    assert corrected.rule_numbers.tombstone_points == 3
    assert corrected.supply.counts["cowpokes"] == 2
    assert load_catalog().rule_numbers.tombstone_points == 2  # the packaged catalog is untouched


def test_a_correction_still_claiming_the_rulebook_is_refused(tmp_path):
    folder = _copy(tmp_path)
    _sub(folder / "rules.toml", r"^tombstone_points = 2$", "tombstone_points = 3")
    _sub(folder / "supply.toml", r"^cowpokes = 15$", "cowpokes = 14")
    with pytest.raises(CatalogError) as err:
        load_catalog_from(folder)
    text = str(err.value)
    assert "rules.toml: endgame: tombstone_points must be 2 (its source is the rulebook), got 3" in text
    assert "supply.toml: supply cowpokes: cowpokes must be 15 (its source is the rulebook), got 14" in text


def test_a_building_amount_must_be_stated_in_its_text(tmp_path):
    folder = _copy(tmp_path)
    _sub(folder / "buildings.toml", r"^amounts = \{ points = 10 \}$", "amounts = { points = 12 }")
    with pytest.raises(CatalogError, match=r"buildings.toml: building Town Hall: amounts.points = 12 is not stated in its text"):
        load_catalog_from(folder)
    _sub(folder / "buildings.toml", r"score 10 points", "score 12 points")
    assert load_catalog_from(folder).building("Town Hall").amount("points") == 12


# --- the engine ------------------------------------------------------------------------------------------

WRANGLE_ROWS = ["X....", ".....", "..cc."]  # two printed cows; a cow tile beside them makes a pasture of 3


def _wrangle_game(catalog) -> Game:
    game = fixture_game(WRANGLE_ROWS, {"cow": "c"}, catalog=catalog)
    place(game, "cow", 2, 1)
    assert game.pending()["type"] == "wrangle"
    return game


@pytest.mark.parametrize("which, points", [("packaged", 3), ("corrected", 4)])
def test_the_engine_scores_a_wrangle_from_the_catalog(corrected, which, points):
    game = _wrangle_game(corrected if which == "corrected" else None)
    game.apply({"type": "wrangle", "cows": 3, "row": 2, "col": 1})
    assert game.players[0].ledger["wrangles"] == points


def test_the_engine_scores_tombstones_towns_and_tussles_and_counts_cowpokes_from_the_catalog(corrected):
    game = fixture_game(WRANGLE_ROWS, catalog=corrected)
    player = game.players[0]
    player.settlement.tombstones.update({(0, 4), (1, 4)})
    assert endgame_points(game.catalog, player)["tombstones"] == 2 * 3
    assert game.supply["cowpokes"] == 2
    assert PlanPosition.from_game(game, 0, []).cowpokes_left == 2
    board = next(b for b in corrected.boards if any(t.name == "Lone Star" for t in b.normal.towns))
    town = next(t for t in board.normal.towns if t.name == "Lone Star")
    game = fixture_game(board=board, tiles={"street": "."}, catalog=corrected)
    for r, c in town.squares:
        events = place(game, "street", r, c)
        while game.pending()["type"] != "draft":
            game.apply(game.legal_moves()[0])
    completed = [e for e in events if e["type"] == "town_completed"]
    assert completed and completed[0]["bonus"] == 5 and game.players[0].ledger["towns"] == completed[0]["sign"] + 5
    # Year 1's Tussle pays 4 points (the corrected scoreboard) to its winner, 4 taken from its loser
    game = Game(GameConfig(players=2, seed=3), corrected)
    bot = RandomBot(3)
    while not any(e["type"] == "tussle" for e in game.events):
        game.apply(bot.choose(game, game.pending()["seat"]))
    tussle = next(e for e in game.events if e["type"] == "tussle")
    assert tussle["year"] == 1 and {abs(r["points"]) for r in tussle["results"]} <= {0, 4}
    assert any(r["points"] for r in tussle["results"]) or all(r["outcome"] == "win" for r in tussle["results"])


# --- the planner -----------------------------------------------------------------------------------------


def _objective(rows: list[str], tiles, catalog, bullets: int = 0) -> int:
    side = board_side_from_map(rows)
    position = PlanPosition(Settlement(side), tiles, positional=False, bullets=bullets, catalog=catalog)
    result = solve_plan(position, time_limit_ms=10_000)
    assert result.status == "OPTIMAL"
    return result.objective


def test_the_planner_objective_follows_the_wrangle_and_tombstone_values(corrected):
    packaged = load_catalog()
    cow = (tile_from_map("cow", "c"),)
    pasture = ["Xcc", "..."]  # the cow tile on the X joins the two printed cows: a pasture of 3, wrangled
    assert _objective(pasture, cow, corrected) - _objective(pasture, cow, packaged) == 4 - 3
    sheriff = (tile_from_map("sheriff", "s"),)
    shoot = ["X.b", "..."]  # the sheriff's tile on the X sees the printed bandit; one bullet in hand: one tombstone
    assert _objective(shoot, sheriff, corrected, bullets=1) - _objective(shoot, sheriff, packaged, bullets=1) == 3 - 2


# --- the hint ---------------------------------------------------------------------------------------------


def test_the_hints_gain_follows_the_wrangle_points(corrected):
    gains = {}
    for which, catalog in (("packaged", None), ("corrected", corrected)):
        game = _wrangle_game(catalog)
        answer = hint(game.position(0), top=5, budget_ms=60_000, catalog=game.catalog)
        option = next(o for o in answer["options"] if o["moves"][0].get("cows") == 3)
        gains[which] = option["terms"]["points"]
    assert gains["corrected"] - gains["packaged"] == pytest.approx(4 - 3)


# --- a daily puzzle -----------------------------------------------------------------------------------


def test_a_puzzles_verified_score_follows_the_catalog(corrected):
    puzzle = json.loads((GOLDEN / "2026-01-02-hard.json").read_text())  # Year 1: towns, wrangles and shots
    solution = puzzle["solution"]
    packaged = verify_solution(puzzle, solution)
    fixed = verify_solution(puzzle, solution, corrected)
    assert packaged["legal"] and fixed["legal"] and packaged["score"] == puzzle["optimum"]
    assert fixed["wrangles"] == packaged["wrangles"]  # the same wrangles are chosen: their points alone change
    # What the corrections change on this solution, counted with the rules' own functions:
    position = puzzle_position(puzzle)
    placements = [Placement(p["tile"], p["orientation"], p["row"], p["col"]) for p in solution["placements"]]
    order, after = play(position, placements)
    before = position.settlement
    new_towns = len({t.letter for t in completed_towns(after)} - position.towns_before(before))
    threes = sum(1 for w in packaged["wrangles"] if w["wrangle"] == 3)
    _, shots = bandit_value(position, before, after, [position.tile(p.tile_id) for p in order])
    assert new_towns and shots
    expected = (5 - 3) * new_towns + (4 - 3) * threes + (3 - 2) * shots
    assert fixed["score"] - packaged["score"] == expected
    for term in ("mining", "bonuses", "horseshoes", "buildings"):
        assert fixed["breakdown"][term] == packaged["breakdown"][term]


# --- a catalog a player swaps in (issue 26): the folder is a setting, read by everything -------------------------


def test_the_default_catalog_follows_the_environment(corrected_folder, monkeypatch):
    monkeypatch.setenv(CATALOG_ENV, str(corrected_folder))
    catalog = load_catalog()
    assert catalog.rule_numbers.tombstone_points == 3 and catalog.supply.counts["cowpokes"] == 2
    game = Game(GameConfig(players=2, seed=1))  # no catalog passed: the default one
    assert game.catalog is catalog and game.supply["cowpokes"] == 2
    assert PlanPosition(Settlement(board_side_from_map(["X.."])), ()).cowpokes_left == 2
    monkeypatch.delenv(CATALOG_ENV)
    assert load_catalog().supply.counts["cowpokes"] == 15


def test_the_command_line_checks_a_copy(corrected_folder, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv(CATALOG_ENV, str(data_dir()))  # --catalog sets it for the process: restored after the test
    assert cli_main(["--catalog", str(corrected_folder), "catalog", "check"]) == 0
    assert capsys.readouterr().out.startswith("ok: 96 tiles of 40 types")
    broken = _copy(tmp_path)
    _sub(broken / "rules.toml", r"^tombstone_points = 2$", "tombstone_points = 3")
    assert cli_main(["--catalog", str(broken), "catalog", "check"]) == 1
    assert "rules.toml: endgame: tombstone_points must be 2 (its source is the rulebook), got 3" in capsys.readouterr().err
    assert cli_main(["--catalog", str(tmp_path / "nowhere"), "catalog", "check"]) == 1
    assert "no such folder of data files" in capsys.readouterr().err


def test_the_service_serves_a_copy_and_refuses_a_broken_one_at_start(corrected_folder, tmp_path):
    app = create_app({"TESTING": True, "CATALOG_DIR": str(corrected_folder),
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"})
    board = app.test_client().get("/catalog/scoreboard").get_json()
    assert board["multiplayer"]["tussle_points"][0] == 4 and board["supply"]["cowpokes"] == 2
    broken = _copy(tmp_path)
    _sub(broken / "buildings.toml", r"^amounts = \{ points = 10 \}$", "amounts = { points = 12 }")
    with pytest.raises(CatalogError, match=r"buildings\.toml: building Town Hall: amounts\.points = 12 is not stated"):
        create_app({"TESTING": True, "CATALOG_DIR": str(broken), "DATABASE_URL": f"sqlite:///{tmp_path / 'b.sqlite3'}"})


# --- a swapped catalog with a tile type changed (issue 26) -----------------------------------------------------


@pytest.fixture(scope="module")
def swapped(tmp_path_factory):
    """A copy of the data whose tile type t01 (the 4-street tile of stack left:0,0) gains a gold bonus and whose
    Year 1 Tussle pays 4 points instead of 2 (a player's corrections: one tile type, one scoreboard value)."""
    folder = _copy(tmp_path_factory.mktemp("swapped"))
    _sub(folder / "tiles.toml", r'^id = "t01"\ncopies = 2\nshape = """\n\.\.\.\.\n"""', 'id = "t01"\ncopies = 2\nshape = """\n..$.\n"""')
    board = folder / "scoreboard.toml"
    text = board.read_text(encoding="utf-8")  # the multiplayer side's (the first) Tussle points only
    board.write_text(text.replace("tussle_points = [2, 3, 4, 5]", "tussle_points = [4, 3, 4, 5]", 1), encoding="utf-8")
    return load_catalog_from(folder)


def test_a_game_on_a_swapped_catalog_plays_to_the_end_with_its_changes(swapped):
    packaged = load_catalog()
    assert swapped.tile("t01#2").shape_text == "..$." and packaged.tile("t01#2").shape_text == "...."
    assert swapped.scoreboard.multiplayer.tussle_points[0] == 4
    game = Game(GameConfig(players=2, seed=3), swapped)
    bot = RandomBot(3)
    while not game.finished:
        game.apply(bot.choose(game, game.pending()["seat"]))
    assert game.finished and any(e["type"] == "game_end" for e in game.events)  # played to the end
    tussle = next(e for e in game.events if e["type"] == "tussle" and e["year"] == 1)
    assert all(r["points"] == 4 for r in tussle["results"] if r["outcome"] == "win")  # the scoreboard's change


def test_a_swapped_tile_type_shows_in_the_engine_the_planner_and_a_hint(swapped):
    packaged = load_catalog()
    board = board_side_from_map(["X...", "...."])
    # engine: placing a copy of t01 on the start space covers its gold bonus: 1 gold with the swapped catalog
    gold = {}
    for name, catalog in (("packaged", packaged), ("swapped", swapped)):
        settlement = Settlement(board)
        position = PlanPosition(settlement, (catalog.tile("t01#1"),), catalog=catalog)
        result = solve_plan(position, required=True)  # a drafted tile is placed
        gold[name] = result.value.terms["bonuses"]
        assert result.placements and result.placements[0].tile_id == "t01#1"
    assert (gold["packaged"], gold["swapped"]) == (0, 1)  # the planner's bonuses term
    game = fixture_game(["X...", "...."], catalog=swapped)
    before = game.players[0].gold
    place(game, "t01#1", 0, 0)
    assert game.players[0].gold == before + 1  # the engine pays the new bonus
    # a hint: the same draft decision, valued with each catalog; drafting t01 gains more with its gold bonus
    gains = {}
    for name, catalog in (("packaged", packaged), ("swapped", swapped)):
        game = Game(GameConfig(players=2, seed=24), catalog)  # seed 24: a die reaches stack left:0,0 at once
        while game.pending()["type"] != "draft":
            game.apply(game.legal_moves()[0])
        assert any(m["tile"] == "t01#2" for m in game.legal_moves() if m["type"] == "draft")  # 2 players: #1 removed
        answer = hint(game.position(game.pending()["seat"]), top=200, budget_ms=60_000, sample_seed=0, catalog=catalog)
        gains[name] = max(o["gain"] for o in answer["options"] if o["moves"][0].get("tile") == "t01#2")
    assert gains["swapped"] > gains["packaged"]


def test_the_numbers_of_players_are_the_dice_tables(tmp_path):
    """Which numbers of players a game may have is read from supply.toml's dice per number of players (Setup C2), not
    written in code: the packaged data's 1-5 in the registry entry and a configuration; a table with a count missing
    is refused by the catalog check."""
    assert ENTRY.players == player_counts() == range(1, 6)
    assert player_counts_of({"1": {}, "2": {}, "3": {}, "source": "x"}) == range(1, 4)
    with pytest.raises(ConfigError, match="players must be 1 to 5, got 6"):
        GameConfig(players=6)
    folder = _copy(tmp_path)
    _sub(folder / "supply.toml", r"^\[dice\.3\]", "[dice.9]")
    with pytest.raises(CatalogError, match=r"one \[dice.N\] per number of players"):
        load_catalog_from(folder)


def test_the_signposts_are_numbered_as_the_wild_side_lists_them(tmp_path):
    """The Signpost side's signposts are numbered 1 up to the count of its symbols in wild_sides.toml: a board whose
    signpost 3 is missing is refused (the rule's last signpost is the building's, every earlier one covered first)."""
    folder = _copy(tmp_path)
    boards = [p for p in sorted((folder / "boards").glob("*.toml")) if re.search(r'(?m)^rule = "signpost"', p.read_text())]
    assert boards, "a board with a Signpost side"
    text = boards[0].read_text(encoding="utf-8")
    head, rule, tail = text.partition('rule = "signpost"')
    before, opening, board_map = tail.partition('map = """')
    assert "3" in board_map
    boards[0].write_text(head + rule + before + opening + board_map.replace("3", ".", 1), encoding="utf-8")  # no signpost 3
    with pytest.raises(CatalogError, match=r"signposts \[1, 2, 3\] once each"):
        load_catalog_from(folder)
