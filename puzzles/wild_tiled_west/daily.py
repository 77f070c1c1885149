"""Wild Tiled West's daily solo puzzle: the same date gives the same puzzle, byte for byte, on every machine.

Our design (docs/puzzles.md).  For a date and a difficulty, candidates ``0, 1, 2, ...`` are drawn from
``random.Random("wild-tiled-west/daily-puzzle/v2/<YYYY-MM-DD>/<difficulty>/<n>")`` (``puzzles.archive.seed_text``: a
string seed, hashed with SHA-512 by ``random``, the same under any ``PYTHONHASHSEED``), each is proven optimal by CP-SAT
within a deterministic budget and graded (``puzzles.wild_tiled_west.generate``); the first candidate proven and graded
at the difficulty asked for is the puzzle.
"""

from __future__ import annotations

import datetime
import json
import random
from functools import lru_cache
from pathlib import Path

from puzzles.archive import DIFFICULTIES, PuzzleError, as_date, seed_text
from puzzles.format import canonical_json, content_id
from puzzles.wild_tiled_west.generate import (
    MAX_CANDIDATES,
    OPTIMAL_SOLUTIONS_CAP,
    RECIPES,
    Analysis,
    Candidate,
    GenerationError,
    analyse,
    draw_candidate,
    grade,
    rating,
)
from puzzles.wild_tiled_west.position import FORMAT, hand_json, position_json
from solver.games.wild_tiled_west.components.catalog import catalog_dir, load_catalog, load_catalog_from
from solver.games.wild_tiled_west.components.values import Catalog
from solver.games.wild_tiled_west.planning.plans import TERMS

#: Change it (v3, ...) whenever generation changes, and name the earlier version's tiles in
#: ``puzzles.wild_tiled_west.position.LEGACY_TILES`` if its puzzles named tiles the catalog no longer has.  v2: the trays' 40 tile
#: types (issue 26); v1 drew from the 96 designs of ``puzzles/data/tiles-v1.toml``.
SEED_PREFIX = "wild-tiled-west/daily-puzzle/v2"
POSITIONAL_TERMS = ("town_progress", "pasture_potential")
#: The score's terms, in points (docs/puzzles.md): the planner's terms less the positional advice.
SCORE_TERMS = tuple(t for t in TERMS if t not in POSITIONAL_TERMS)


def score_breakdown(terms: dict[str, int]) -> dict[str, int]:
    """The score's terms (``SCORE_TERMS``) of a plan's value terms, in points."""
    return {t: terms[t] for t in SCORE_TERMS}


def puzzle_json(candidate: Candidate, analysis: Analysis, date: datetime.date, difficulty: str, index: int) -> dict:
    """The published puzzle (docs/puzzles.md, "The puzzle JSON") with its content ``id``."""
    puzzle = {
        "format": FORMAT,
        "date": date.isoformat(),
        "difficulty": difficulty,
        "position": position_json(candidate.position, candidate.gold),
        "hand": hand_json(candidate.position.tiles),
        "optimum": analysis.optimum,
        "solution": {"placements": [p.to_json() for p in analysis.solution]},
        "breakdown": score_breakdown(analysis.value.terms),
        "unique": analysis.unique,
        "proof": {"status": analysis.status, "solver": "CP-SAT", "deterministic_limit": RECIPES[difficulty].budget.deterministic},
        "grading": {
            "greedy": analysis.greedy,
            "gap": analysis.gap,
            "optimal_solutions": analysis.optimal_solutions,
            "optimal_solutions_cap": OPTIMAL_SOLUTIONS_CAP,
            "branches": analysis.branches,
            "conflicts": analysis.conflicts,
            "rating": rating(analysis.gap, analysis.unique, analysis.conflicts),
        },
        "generator": {"seed": SEED_PREFIX, "candidate": index},
    }
    puzzle["id"] = content_id(puzzle)
    return puzzle


def generate_daily(date: datetime.date, difficulty: str, report: dict | None = None,
                   catalog: Catalog | None = None) -> dict:
    """Generate the puzzle of ``date`` at ``difficulty`` (no cache; ``daily_puzzle`` checks the arguments).
    ``report``, when given, receives the candidates tried and why each was discarded (``unproven``: a proof
    did not fit the deterministic budget; ``off_grade``: proven, graded at another difficulty).
    Raises ``GenerationTimeout`` or ``GenerationError`` like ``daily_puzzle``."""
    catalog = catalog or load_catalog()
    recipe = RECIPES[difficulty]
    counts = {"candidates": 0, "unproven": 0, "off_grade": 0}
    if report is not None:
        report.update(counts)
        counts = report
    for n in range(MAX_CANDIDATES):
        rng = random.Random(seed_text(SEED_PREFIX, date, difficulty, n))
        candidate = draw_candidate(rng, recipe, catalog)
        counts["candidates"] += 1
        reasons: list[str] = []
        analysis = analyse(candidate.position, recipe.budget, difficulty, reasons)
        if analysis is not None and grade(analysis) == difficulty:
            return puzzle_json(candidate, analysis, date, difficulty, n)
        counts["unproven" if "unproven" in reasons else "off_grade"] += 1
    raise GenerationError(f"no {difficulty} puzzle for {date.isoformat()} in {MAX_CANDIDATES} candidates")


@lru_cache(maxsize=64)
def _daily_text(date: datetime.date, difficulty: str, folder: str) -> str:
    return canonical_json(generate_daily(date, difficulty, catalog=load_catalog_from(Path(folder))
                                         if folder != str(catalog_dir()) else None))


def daily_puzzle(date: datetime.date, difficulty: str = "medium", catalog: Catalog | None = None) -> dict:
    """The puzzle of ``date`` at ``difficulty`` (``easy``, ``medium`` or ``hard``), as JSON-ready data:

    ``{"id", "format", "date" (YYYY-MM-DD), "difficulty", "position", "hand", "optimum" (points),
    "solution" ({"placements": [{"tile", "orientation", "row", "col"}, ...]} in a legal play order),
    "breakdown" (the solution's points by term), "unique" (proven), "grading", "generator"}``
    (docs/puzzles.md).  The same date and difficulty give the same data (and the same canonical JSON,
    ``puzzles.format.canonical_json``) on every machine with the same generator and OR-Tools version.

    ``catalog``: the components and rule numbers to generate with (default: the catalog of ``catalog_dir()``).
    Takes seconds (CP-SAT proofs); results are cached in the process (per date, difficulty and default catalog
    folder; a catalog passed in is not cached).  Raises ``PuzzleError`` for an
    unknown difficulty or a ``date`` that is not a ``datetime.date``, ``GenerationTimeout`` when the
    wall-clock safety limit stops a proof, ``GenerationError`` when no candidate is proven and graded.
    """
    if difficulty not in DIFFICULTIES:
        raise PuzzleError(f"unknown difficulty {difficulty!r}: one of {', '.join(DIFFICULTIES)}")
    if catalog is not None:
        return json.loads(canonical_json(generate_daily(as_date(date), difficulty, catalog=catalog)))
    return json.loads(_daily_text(as_date(date), difficulty, str(catalog_dir())))
