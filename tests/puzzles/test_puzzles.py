"""Daily solo puzzles (issue 7): generation is deterministic and proven, verification checks the placement
rules and scores with the rules engine, the CLI's exit codes."""

from __future__ import annotations

import copy
import dataclasses
import datetime
import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import puzzles.wild_tiled_west.daily as puzzles_daily
from puzzles.__main__ import main
from puzzles.archive import DIFFICULTIES, GenerationTimeout, PuzzleError
from puzzles.format import canonical_json, content_id
from puzzles.wild_tiled_west.daily import SCORE_TERMS, daily_puzzle
from puzzles.wild_tiled_west.generate import (
    EASY_MAX,
    HARD_MIN,
    MIN_PLACED,
    RECIPES,
    Budget,
    Recipe,
    analyse,
    draw_candidate,
    grade,
    rating,
)
from puzzles.wild_tiled_west.position import puzzle_position
from puzzles.wild_tiled_west.verify import verify_solution
from solver.games.wild_tiled_west.components.catalog import board_side_from_map, catalog_dir, load_catalog, tile_from_map
from solver.games.wild_tiled_west.planning.cpsat.solve import solve_plan
from solver.games.wild_tiled_west.planning.enumerator import best_plan_by_enumeration
from solver.games.wild_tiled_west.planning.plans import PlanPosition, evaluate_plan
from solver.games.wild_tiled_west.rules.placement import Placement, PlacementRule, check_placement
from solver.games.wild_tiled_west.rules.settlement import Settlement
from tests.shared import daily_puzzle_text

ROOT = Path(__file__).resolve().parents[2]
DATE = datetime.date(2026, 1, 2)  #: a date whose three puzzles generate in about a second each


@pytest.fixture(scope="module")
def puzzles() -> Iterator[dict[str, dict]]:
    """The three puzzles of DATE, as ``daily_puzzle`` answers them: generated once per test run for every test process
    (``tests.shared``; the golden puzzles' test compares the same generations with their recorded bytes).  While the
    module's tests run, ``daily_puzzle`` (and so the command line, in this process) answers them from its cache as
    if it had generated them here itself."""
    texts = {level: daily_puzzle_text(DATE, level) for level in DIFFICULTIES}
    generate = puzzles_daily._daily_text  # the process's cache of generations (functools.lru_cache)

    def cached(date: datetime.date, difficulty: str, folder: str) -> str:
        if date == DATE and folder == str(catalog_dir()):
            return texts[difficulty]
        return generate(date, difficulty, folder)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(puzzles_daily, "_daily_text", cached)
        yield {level: json.loads(text) for level, text in texts.items()}


# --- generation --------------------------------------------------------------------------------------

@pytest.mark.parametrize("level", DIFFICULTIES)
def test_stored_solution_verifies_to_exactly_the_stored_optimum(puzzles, level):
    puzzle = puzzles[level]
    verdict = verify_solution(puzzle, puzzle["solution"])
    assert verdict["legal"] and verdict["optimal"]
    assert verdict["score"] == puzzle["optimum"] == sum(verdict["breakdown"].values())
    assert verdict["breakdown"] == puzzle["breakdown"] and set(verdict["breakdown"]) == set(SCORE_TERMS)
    assert verdict["play_order"] == list(range(len(puzzle["solution"]["placements"])))  # stored in play order
    assert puzzle["proof"]["status"] == "OPTIMAL"
    assert puzzle["difficulty"] == level and puzzle["date"] == DATE.isoformat()
    assert 5 <= len(puzzle["hand"]) <= 8 and len(puzzle["solution"]["placements"]) >= MIN_PLACED
    assert puzzle["id"] == content_id(puzzle)


@pytest.mark.parametrize("level", DIFFICULTIES)
def test_grading_is_what_the_measured_properties_say(puzzles, level):
    g = puzzles[level]["grading"]
    assert g["gap"] == puzzles[level]["optimum"] - g["greedy"] >= 0
    assert g["rating"] == rating(g["gap"], puzzles[level]["unique"], g["conflicts"])
    assert puzzles[level]["unique"] == (g["optimal_solutions"] == 1)
    band = {"easy": g["rating"] <= EASY_MAX, "medium": EASY_MAX < g["rating"] < HARD_MIN, "hard": g["rating"] >= HARD_MIN}
    assert band[level]


def test_the_optimum_is_proven_by_an_independent_solve(puzzles):
    """Re-solving the published position (with the default model settings) finds the same optimum, and
    no plan is worth more."""
    puzzle = puzzles["medium"]
    result = solve_plan(puzzle_position(puzzle), time_limit_ms=60000)
    assert result.status == "OPTIMAL" and result.objective == puzzle["optimum"]
    higher = solve_plan(puzzle_position(puzzle), time_limit_ms=60000, objective_bounds=(puzzle["optimum"] + 1, 10**4))
    assert higher.status == "INFEASIBLE"


def test_same_date_same_bytes_under_any_hash_seed(puzzles):
    outputs = []
    for seed in ("1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        run = subprocess.run([sys.executable, "-m", "puzzles", "daily", "--date", DATE.isoformat(), "--difficulty", "easy"],
                             cwd=ROOT, env=env, capture_output=True, timeout=300)
        assert run.returncode == 0, run.stderr.decode()
        outputs.append(run.stdout)
    assert outputs[0] == outputs[1]
    assert outputs[0].decode("ascii").strip() == canonical_json(puzzles["easy"])


def test_other_dates_and_difficulties_give_other_puzzles(puzzles):
    assert len({p["id"] for p in puzzles.values()}) == 3
    assert draw_candidate(random.Random("a"), RECIPES["easy"]).position.settlement.to_json() != \
        draw_candidate(random.Random("b"), RECIPES["easy"]).position.settlement.to_json()


def test_placing_nothing_scores_nothing():
    """Drawn positions are what play leaves: no bandit is in a sheriff's sight, so the empty plan is worth 0."""
    for k in range(40):
        position = draw_candidate(random.Random(f"empty/{k}"), RECIPES[DIFFICULTIES[k % 3]]).position
        assert evaluate_plan(position, []).total == 0


def test_canonical_json_is_sorted_compact_ascii():
    assert canonical_json({"b": [1, "é"], "a": None}) == '{"a":null,"b":[1,"\\u00e9"]}'
    with pytest.raises(ValueError):
        canonical_json({"x": float("nan")})


def test_daily_puzzle_rejects_bad_arguments():
    with pytest.raises(PuzzleError):
        daily_puzzle(DATE, "impossible")
    with pytest.raises(PuzzleError):
        daily_puzzle("2026-01-02")  # type: ignore[arg-type]


def test_the_deterministic_budget_discards_and_the_wall_clock_raises(puzzles):
    position = puzzle_position(puzzles["hard"])
    reasons: list[str] = []
    assert analyse(position, Budget(deterministic=1e-6), reasons=reasons) is None
    assert reasons == ["unproven"]
    with pytest.raises(GenerationTimeout):
        analyse(position, Budget(deterministic=1000.0, wall_s=0.001))


def test_uniqueness_is_proven_both_ways():
    """One square bonus beside the X: a domino covers X and the gold in one way only (unique); with gold on
    both sides there are two optimal placements."""
    def analysis(rows):
        side = board_side_from_map(rows)
        position = PlanPosition(Settlement(side), (tile_from_map("d", ".."),), positional=False)
        return analyse(position)

    unique, two = analysis(["$X."]), analysis(["$X$"])
    assert unique.optimum == two.optimum == 1
    assert unique.unique and unique.optimal_solutions == 1
    assert not two.unique and two.optimal_solutions == 2
    assert grade(unique) in DIFFICULTIES


def small_positions(count: int, seed: str) -> list[PlanPosition]:
    """Crowded boards from the generator with two or three small hand tiles (exhaustive search is cheap)."""
    small = [t for t in load_catalog().tiles if t.size <= 3]
    out = []
    for k in range(count):
        rng = random.Random(f"{seed}/{k}")
        position = draw_candidate(rng, Recipe(hand=(5,), covered=(50, 60))).position
        on_board = {p.tile.id for p in position.settlement.tiles}
        tiles = tuple(rng.sample([t for t in small if t.id not in on_board], 2 + (k == 0)))
        out.append(dataclasses.replace(position, tiles=tiles))
    return out


@pytest.mark.parametrize("position", small_positions(5, "enumeration"), ids=lambda p: p.settlement.side.id)
def test_points_only_optimum_equals_exhaustive_search(position):
    assert not position.positional
    result = solve_plan(position, time_limit_ms=60000)
    reference = best_plan_by_enumeration(position)
    assert result.status == "OPTIMAL"
    assert result.objective == reference.value.total == result.value.total
    assert reference.value.terms["town_progress"] == reference.value.terms["pasture_potential"] == 0


def test_exclusion_finds_another_plan_of_the_same_value():
    position = small_positions(1, "exclude")[0]
    best = solve_plan(position)
    other = solve_plan(position, exclude=[best.placements], objective_bounds=(best.objective, best.objective))
    assert other.status == "OPTIMAL" and other.objective == best.objective
    assert set(other.placements) != set(best.placements)
    assert evaluate_plan(position, other.placements).total == best.objective


def test_points_only_wrangles_for_points_where_the_planner_would_keep_growing():
    """A cow tile on the X beside two printed cows: 3 cows.  The planner's positional value keeps the
    pasture growing (potential 3 = wrangle 3); the puzzle's points-only value wrangles it for 3 points."""
    side = board_side_from_map(["Xcc"])
    tiles = (tile_from_map("cow", "c"),)
    advice = PlanPosition(Settlement(side), tiles)
    points = dataclasses.replace(advice, positional=False)
    plan = [Placement("cow", 0, 0, 0)]
    assert evaluate_plan(advice, plan).terms["pasture_potential"] == 3 and evaluate_plan(advice, plan).terms["wrangles"] == 0
    assert evaluate_plan(points, plan).terms == {**dict.fromkeys(evaluate_plan(points, plan).terms, 0), "wrangles": 3}
    result = solve_plan(points)
    assert result.objective == 3 and result.value.terms["wrangles"] == 3


# --- verification ------------------------------------------------------------------------------------

def empty_board_puzzle(puzzle: dict) -> dict:
    """The puzzle on an empty Lone Star Flats (no id: it is a test's own puzzle)."""
    out = copy.deepcopy(puzzle)
    del out["id"]
    out["position"]["board"] = {"side": "lone-star-flats/normal", "tiles": [], "hill_bandits": [], "cowpokes": [],
                                "tombstones": [], "buried_tombstones": []}
    out["position"]["paid_buildings"] = []
    return out


def find_placement(settlement: Settlement, tile, rule: PlacementRule | None) -> Placement:
    """The first placement of ``tile`` (orientation, then row, then column, one square beyond each edge)
    that ``check_placement`` judges legal (``rule`` None) or illegal by ``rule``."""
    for o in tile.orientations:
        for r in range(-1, settlement.height + 1):
            for c in range(-1, settlement.width + 1):
                if check_placement(settlement, tile, o.index, r, c).rule == rule:
                    return Placement(tile.id, o.index, r, c)
    raise AssertionError(f"no placement of {tile.id} breaking {rule}")


def as_solution(*placements: Placement) -> dict:
    return {"placements": [p.to_json() for p in placements]}


@pytest.mark.parametrize("rule", [PlacementRule.OFF_BOARD, PlacementRule.COVERS_COW, PlacementRule.COVERS_FIELD,
                                  PlacementRule.COVERS_HILL, PlacementRule.COVERS_MINE, PlacementRule.FIRST_TILE_OFF_X])
def test_each_illegal_first_placement_is_named_with_its_rule(puzzles, rule):
    puzzle = empty_board_puzzle(puzzles["easy"])
    position = puzzle_position(puzzle)
    tile = position.tiles[0]
    verdict = verify_solution(puzzle, as_solution(find_placement(position.settlement, tile, rule)))
    assert not verdict["legal"] and verdict["score"] is None
    assert verdict["rule"] == rule.value and verdict["placement"] == 0
    assert tile.id in verdict["reason"] and verdict["optimum"] == puzzle["optimum"]


def test_overlap_not_connected_and_unknown_orientation_name_the_right_placement(puzzles):
    puzzle = empty_board_puzzle(puzzles["easy"])
    position = puzzle_position(puzzle)
    a, b = position.tiles[:2]
    first = find_placement(position.settlement, a, None)  # covers the X
    after = position.settlement.copy()
    after.place(a, first.orientation, first.row, first.col)
    on_top = find_placement(after, b, PlacementRule.OVERLAP)
    far = find_placement(after, b, PlacementRule.NOT_CONNECTED)
    for second, rule in ((on_top, "overlap"), (far, "not_connected")):
        verdict = verify_solution(puzzle, as_solution(first, second))
        assert (verdict["legal"], verdict["rule"], verdict["placement"]) == (False, rule, 1)
    bad = dataclasses.replace(first, orientation=99)
    verdict = verify_solution(puzzle, as_solution(far, bad))
    assert (verdict["rule"], verdict["placement"]) == ("unknown_orientation", 1)


def test_overlapping_a_tile_already_on_the_board(puzzles):
    puzzle = puzzles["hard"]
    position = puzzle_position(puzzle)
    placement = find_placement(position.settlement, position.tiles[-1], PlacementRule.OVERLAP)
    verdict = verify_solution(puzzle, as_solution(placement))
    assert (verdict["legal"], verdict["rule"], verdict["placement"]) == (False, "overlap", 0)


def test_a_legal_set_in_any_order_and_the_empty_solution(puzzles):
    puzzle = puzzles["hard"]
    backwards = {"placements": puzzle["solution"]["placements"][::-1]}
    verdict = verify_solution(puzzle, backwards)
    assert verdict["legal"] and verdict["score"] == puzzle["optimum"]
    empty = verify_solution(puzzle, {"placements": []})
    assert empty["legal"] and empty["score"] == 0 and not empty["optimal"]


def test_the_first_illegal_placement_is_reported(puzzles):
    puzzle = empty_board_puzzle(puzzles["easy"])
    position = puzzle_position(puzzle)
    a, b, c = position.tiles[:3]
    first = find_placement(position.settlement, a, None)
    cow = find_placement(position.settlement, b, PlacementRule.COVERS_COW)
    off = find_placement(position.settlement, c, PlacementRule.OFF_BOARD)
    verdict = verify_solution(puzzle, as_solution(first, cow, off))
    assert (verdict["rule"], verdict["placement"]) == ("covers_cow", 1)


@pytest.mark.parametrize("solution, words", [
    ([], "JSON object"),
    ({}, "no 'placements'"),
    ({"placements": {}}, "must be list"),
    ({"placements": ["t01"]}, "JSON object"),
    ({"placements": [{"tile": 5, "orientation": 0, "row": 0, "col": 0}]}, "must be str"),
    ({"placements": [{"tile": "HAND0", "orientation": "0", "row": 0, "col": 0}]}, "must be int"),
    ({"placements": [{"tile": "HAND0", "orientation": True, "row": 0, "col": 0}]}, "must be int"),
    ({"placements": [{"tile": "HAND0", "orientation": 0, "row": 0}]}, "no 'col'"),
    ({"placements": [{"tile": "t999", "orientation": 0, "row": 0, "col": 0}]}, "unknown tile"),
    ({"placements": [{"tile": "OTHER", "orientation": 0, "row": 0, "col": 0}]}, "not in the puzzle's hand"),
    ({"placements": [{"tile": "HAND0", "orientation": 0, "row": 0, "col": 0}] * 2}, "placed twice"),
])
def test_bad_solutions_raise_a_clear_puzzle_error(puzzles, solution, words):
    puzzle = puzzles["easy"]
    hand = [h["tile"] for h in puzzle["hand"]]
    other = next(t.id for t in load_catalog().tiles if t.id not in hand)
    text = json.dumps(solution).replace("HAND0", hand[0]).replace("OTHER", other)
    with pytest.raises(PuzzleError, match=words):
        verify_solution(puzzle, json.loads(text))


def test_bad_puzzles_raise_a_clear_puzzle_error(puzzles):
    tampered = copy.deepcopy(puzzles["easy"])
    tampered["optimum"] += 1
    with pytest.raises(PuzzleError, match="id does not match"):
        verify_solution(tampered, tampered["solution"])
    for change, words in ((lambda p: p.pop("position"), "no 'position'"),
                          (lambda p: p["position"].update(year=9), "year must be 1 to 4"),
                          (lambda p: p["position"]["board"].update(side="nowhere/normal"), "unknown side"),
                          (lambda p: p["hand"].append(p["hand"][0]), "twice"),
                          (lambda p: p["hand"][0].update(shape="."), "differs from the catalog")):
        broken = copy.deepcopy(puzzles["easy"])
        del broken["id"]
        change(broken)
        with pytest.raises(PuzzleError, match=words):
            verify_solution(broken, puzzles["easy"]["solution"])


# --- command line ------------------------------------------------------------------------------------

def test_cli_daily_verify_and_batch(puzzles, tmp_path, capsys):
    assert main(["daily", "--date", DATE.isoformat(), "--difficulty", "hard"]) == 0
    assert capsys.readouterr().out.strip() == canonical_json(puzzles["hard"])
    puzzle_file, good, bad, broken = (tmp_path / n for n in ("p.json", "good.json", "bad.json", "broken.json"))
    puzzle_file.write_text(canonical_json(puzzles["hard"]))
    good.write_text(json.dumps(puzzles["hard"]["solution"]))
    placements = copy.deepcopy(puzzles["hard"]["solution"]["placements"])
    placements[0]["row"] = -5
    bad.write_text(json.dumps({"placements": placements}))
    broken.write_text("{not json")
    assert main(["verify", str(puzzle_file), str(good)]) == 0
    assert json.loads(capsys.readouterr().out)["score"] == puzzles["hard"]["optimum"]
    assert main(["verify", str(puzzle_file), str(bad)]) == 1
    assert json.loads(capsys.readouterr().out)["rule"] == "off_board"
    assert main(["verify", str(puzzle_file), str(broken)]) == 2
    assert main(["verify", str(puzzle_file), str(tmp_path / "missing.json")]) == 2
    assert "cannot read JSON" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_info:
        main(["daily", "--date", "2026-13-01"])
    assert exit_info.value.code == 2
    out = tmp_path / "out"
    assert main(["batch", "--from", DATE.isoformat(), "--to", DATE.isoformat(), "--out", str(out),
                 "--difficulty", "easy,hard", "--quiet"]) == 0
    files = sorted(f.name for f in out.iterdir())
    assert files == [f"{DATE.isoformat()}-easy.json", f"{DATE.isoformat()}-hard.json"]
    assert (out / files[1]).read_text().strip() == canonical_json(puzzles["hard"])
    (out / files[0]).write_text("kept\n")
    assert main(["batch", "--from", DATE.isoformat(), "--to", DATE.isoformat(), "--out", str(out),
                 "--difficulty", "easy", "--quiet"]) == 0
    assert (out / files[0]).read_text() == "kept\n"  # a published puzzle is never rewritten
    assert main(["batch", "--from", "2026-01-03", "--to", "2026-01-01", "--out", str(out), "--quiet"]) == 2


def test_a_puzzle_of_generator_v1_still_reads_and_grades_as_published():
    # Issue 26: daily puzzles already stored never change. A v1 puzzle names the 96 designs the trays held before
    # they became 40 tile types (puzzles/data/tiles-v1.toml); today's tiles of the same ids differ, yet the puzzle
    # reads with its own designs and its stored solution still scores its stored optimum.
    puzzle = json.loads((Path(__file__).parents[1] / "data" / "puzzle-v1-2026-01-02-hard.json").read_text())
    assert puzzle["generator"]["seed"] == "wild-tiled-west/daily-puzzle/v1"
    today = load_catalog()
    def today_shape(tile_id: str) -> str | None:
        return today.tile(tile_id).shape_text if tile_id in {t.id for t in today.tile_types} else None

    assert any(today_shape(e["tile"]) != e["shape"] for e in puzzle["hand"])  # the ids now name other tiles
    position = puzzle_position(puzzle)
    assert [t.shape_text for t in position.tiles] == [e["shape"] for e in puzzle["hand"]]
    verdict = verify_solution(puzzle, puzzle["solution"])
    assert verdict["legal"] and verdict["score"] == puzzle["optimum"] and verdict["optimal"]
    stripped = {k: v for k, v in puzzle.items() if k != "generator"}  # read as today's: its tiles are not these
    with pytest.raises(PuzzleError, match=r"unknown side or tile|differs from the catalog's"):
        puzzle_position(stripped)
