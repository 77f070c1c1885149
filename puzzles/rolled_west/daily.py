"""Rolled West's daily solo puzzle: the same date gives the same puzzle, byte for byte, on every machine.

The solo mode is our own (the rule text has no solo play; docs/rolled-west-rulings.md, "Solo daily puzzle (our own
mode)"), and so is the puzzle (docs/puzzles.md, "Rolled West").  For a date and a difficulty, candidates ``0, 1, 2,
...`` are drawn from ``random.Random("rolled-west/daily-puzzle/v1/<YYYY-MM-DD>/<difficulty>/<n>")``
(``puzzles.archive.seed_text``: a string seed, hashed with SHA-512 by ``random``, the same under any
``PYTHONHASHSEED``): the rolls of the dice, one per round, and the ghost rolls, one after each round but the last.
Each candidate is played by the greedy player (``solver.games.rolled_west.planning.greedy``), its optimum is proven by
CP-SAT within a deterministic budget (``solver.games.rolled_west.planning.model``) and checked by replaying the plan
through the engine, and it is graded by the points the greedy player misses; the first candidate proven and graded
at the difficulty asked for is solved once more with its optimal final sheet forbidden (the best other sheet: the
optimum is unique when it scores less) and published."""

from __future__ import annotations

import datetime
import json
import random
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from puzzles.archive import DIFFICULTIES, GenerationError, GenerationTimeout, PuzzleError, as_date, seed_text
from puzzles.format import canonical_json, content_id
from solver.games.rolled_west.components.catalog import data_dir, load_components, load_components_from
from solver.games.rolled_west.components.values import Components
from solver.games.rolled_west.planning.greedy import greedy_play
from solver.games.rolled_west.planning.model import SoloPlan, solve_solo
from solver.games.rolled_west.planning.solo import SoloPuzzle
from solver.games.rolled_west.rules import banking, scoring, solo
from solver.games.rolled_west.rules.rolling import roll

#: Change it (v2, ...) whenever generation changes: a published puzzle is never regenerated differently.
SEED_PREFIX = "rolled-west/daily-puzzle/v1"
FORMAT = 1  #: the puzzle JSON's format version
#: What the puzzle says of its mode wherever it is shown: the rule text has no solo play.
MODE = "solo daily puzzle: the project's own mode (the rule text has no solo play)"
MAX_CANDIDATES = 200  #: candidates tried before generation gives up (GenerationError)
DETERMINISTIC_LIMIT = 5.0  #: CP-SAT's deterministic seconds a solve may take before its candidate is discarded
WALL_LIMIT_S = 120.0  #: the wall-clock safety limit of a solve: past it nothing is published (GenerationTimeout)
# Grading by the points the greedy player misses (``gap``): easy up to EASY_MAX_GAP, hard from HARD_MIN_GAP.
EASY_MAX_GAP = 10
HARD_MIN_GAP = 16


@dataclass
class Analysis:
    """What was proven of a candidate: the ``plan`` (CP-SAT's, ``OPTIMAL``), the greedy player's score, the best score
    of another final sheet (``runner_up``, proven; ``None``: no other sheet is possible, or not counted yet) and
    every solve's statistics."""

    plan: SoloPlan
    greedy: int
    runner_up: int | None = None
    solves: list[dict[str, Any]] = field(default_factory=list)

    @property
    def optimum(self) -> int:
        """The proven optimum, points."""
        assert self.plan.score is not None
        return self.plan.score

    @property
    def gap(self) -> int:
        """The points the greedy player misses."""
        return self.optimum - self.greedy

    @property
    def unique(self) -> bool:
        """Whether one final sheet alone scores the optimum (proven)."""
        return self.runner_up is None or self.runner_up < self.optimum


def grade(gap: int) -> str:
    """The difficulty of a puzzle whose greedy player misses ``gap`` points."""
    return "easy" if gap <= EASY_MAX_GAP else "hard" if gap >= HARD_MIN_GAP else "medium"


def draw_candidate(rng: random.Random, components: Components) -> SoloPuzzle:
    """One candidate's rolls drawn with ``rng``: a roll of the dice for each round, then a ghost roll after each round
    that has one (``rules.banking.ghost_roll_due`` of the solo mode), each die a face of ``components.dice``."""
    dice, rounds = components.dice, components.numbers.rounds
    turns = [roll(rng, dice, dice.count) for _ in range(rounds)]
    ghosts = [roll(rng, dice, dice.ghost_dice) for r in range(1, rounds + 1)
              if banking.ghost_roll_due(components, solo.PLAYERS, r)]
    return SoloPuzzle.of(components, turns, ghosts)


def _solve(puzzle: SoloPuzzle, log: list[dict[str, Any]], **options: Any) -> SoloPlan:
    plan = solve_solo(puzzle, deterministic_limit=DETERMINISTIC_LIMIT, time_limit_ms=int(WALL_LIMIT_S * 1000), **options)
    log.append({"status": plan.status, **plan.stats})
    if plan.stats["stopped_by_wall"]:
        raise GenerationTimeout(f"a CP-SAT solve hit the wall-clock safety limit of {WALL_LIMIT_S} s before its "
                                f"deterministic budget of {DETERMINISTIC_LIMIT}: nothing is published")
    return plan


def check_plan(puzzle: SoloPuzzle, plan: SoloPlan) -> None:
    """Raises ``GenerationError`` unless ``plan``'s moves, replayed through the engine, finish the game with exactly
    the model's score and breakdown (a disagreement is a bug of the model)."""
    try:
        state = puzzle.replay(plan.moves)
    except ValueError as exc:
        raise GenerationError(f"the model's plan is refused by the engine: {exc}") from None
    engine = dict(state.score_breakdown(0))
    if not state.finished or engine != plan.breakdown or engine["total"] != plan.score:
        raise GenerationError(f"the model's plan scores {plan.breakdown} (objective {plan.score}), the engine "
                              f"{engine} (finished: {state.finished})")


def analyse(puzzle: SoloPuzzle, difficulty: str | None = None, reasons: list[str] | None = None) -> Analysis | None:
    """Play the greedy player, prove the optimum, check the plan through the engine and, unless ``difficulty`` is
    given and the grade is another (``"off_grade"`` appended to ``reasons``), prove the best score of another final
    sheet (solving again with the optimal plan's sheet forbidden: ``SoloSheet``).  ``None`` when a solve is not
    proven within ``DETERMINISTIC_LIMIT`` (``"unproven"``).  Raises ``GenerationTimeout`` and ``GenerationError``
    (``check_plan``)."""
    reasons = [] if reasons is None else reasons
    log: list[dict[str, Any]] = []
    greedy, _moves = greedy_play(puzzle)
    plan = _solve(puzzle, log)
    if not plan.proven or plan.score is None or plan.sheet is None:
        reasons.append("unproven")
        return None
    check_plan(puzzle, plan)
    analysis = Analysis(plan, greedy, solves=log)
    if difficulty is not None and grade(analysis.gap) != difficulty:
        reasons.append("off_grade")
        return None
    other = _solve(puzzle, log, exclude=[plan.sheet])
    if other.status not in ("OPTIMAL", "INFEASIBLE"):
        reasons.append("unproven")
        return None
    if other.score is not None:
        check_plan(puzzle, other)
        if other.sheet == plan.sheet or other.score > plan.score:
            raise GenerationError("the solve forbidding the optimal sheet found it again, or a better one")
    analysis.runner_up = other.score
    return analysis


def puzzle_json(puzzle: SoloPuzzle, analysis: Analysis, date: datetime.date, difficulty: str, index: int) -> dict:
    """The published puzzle (docs/puzzles.md, "Rolled West": the puzzle JSON) with its content ``id``."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "mode": MODE,
        "date": date.isoformat(),
        "difficulty": difficulty,
        "rounds": puzzle.rounds,
        "rolls": [list(t) for t in puzzle.turns],
        "ghost_rolls": [list(g) for g in puzzle.ghosts],
        "optimum": analysis.optimum,
        "solution": {"moves": analysis.plan.moves},
        "breakdown": {k: analysis.plan.breakdown[k] for k in scoring.CATEGORIES},
        "unique": analysis.unique,
        "proof": {"status": analysis.plan.status, "solver": "CP-SAT", "deterministic_limit": DETERMINISTIC_LIMIT},
        "grading": {"greedy": analysis.greedy, "gap": analysis.gap, "runner_up": analysis.runner_up},
        "generator": {"seed": SEED_PREFIX, "candidate": index},
    }
    data["id"] = content_id(data)
    return data


def generate_daily(date: datetime.date, difficulty: str, report: dict | None = None,
                   components: Components | None = None) -> dict:
    """Generate the puzzle of ``date`` at ``difficulty`` (no cache; ``daily_puzzle`` checks the arguments).
    ``report``, when given, receives the candidates tried, why each was discarded (``unproven``, ``off_grade``) and
    the published puzzle's solves (``solves``: CP-SAT's statistics, wall time included).  Raises
    ``GenerationTimeout`` or ``GenerationError``."""
    components = components or load_components()
    counts: dict[str, Any] = {"candidates": 0, "unproven": 0, "off_grade": 0}
    if report is not None:
        report.update(counts)
        counts = report
    for n in range(MAX_CANDIDATES):
        puzzle = draw_candidate(random.Random(seed_text(SEED_PREFIX, date, difficulty, n)), components)
        counts["candidates"] += 1
        reasons: list[str] = []
        analysis = analyse(puzzle, difficulty, reasons)
        if analysis is not None:
            counts["solves"] = analysis.solves
            return puzzle_json(puzzle, analysis, date, difficulty, n)
        counts["unproven" if "unproven" in reasons else "off_grade"] += 1
    raise GenerationError(f"no {difficulty} Rolled West puzzle for {date.isoformat()} in {MAX_CANDIDATES} candidates")


@lru_cache(maxsize=64)
def _daily_text(date: datetime.date, difficulty: str, folder: str) -> str:
    components = None if folder == str(data_dir().resolve()) else load_components_from(Path(folder))
    return canonical_json(generate_daily(date, difficulty, components=components))


def daily_puzzle(date: datetime.date, difficulty: str = "medium", components: Components | None = None) -> dict:
    """The puzzle of ``date`` at ``difficulty`` (easy, medium or hard) as JSON data (docs/puzzles.md, "Rolled West":
    the puzzle JSON), the same canonical JSON on every machine with the same generator and OR-Tools version.
    ``components``: those to generate with (default: ``load_components()``'s, whose puzzles are cached in the
    process).  Raises ``PuzzleError`` for an unknown difficulty or a ``date`` that is not a date,
    ``GenerationTimeout`` and ``GenerationError``."""
    if difficulty not in DIFFICULTIES:
        raise PuzzleError(f"unknown difficulty {difficulty!r}: one of {', '.join(DIFFICULTIES)}")
    if components is not None and components is not load_components():
        return json.loads(canonical_json(generate_daily(as_date(date), difficulty, components=components)))
    return json.loads(_daily_text(as_date(date), difficulty, str(data_dir().resolve())))
