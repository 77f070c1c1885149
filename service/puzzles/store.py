"""The daily puzzles the service publishes, for every game of the house that has them (issue 7, docs/api.md "Daily
puzzles").

A game's day's puzzle is generated once (by the game's own puzzle package, found through the registry:
``puzzles.archive.daily_of``), stored in the ``puzzles`` table as the canonical JSON it was made with, and from then on
always read from there: a later version of the generator cannot rewrite a past day, and every worker and machine
answers the same bytes.  A solution's verdict and the board of a solution in progress are the stored puzzle's game's
(``DailyPuzzles.verify``, ``DailyPuzzles.board``), each given the game's object the house plays with.

Generating takes seconds (CP-SAT proofs): it runs on the heavy-work queue (``service.puzzles.tasks``), ahead of
time for the coming days, and for a date not stored yet when a request asks for it.  Two processes (or machines)
may both generate the same day; the unique constraint on (game, date, difficulty) lets one insert win, and the other
keeps the winner's row (the generator is deterministic, so both made the same puzzle anyway).  Only dates from
``PUZZLES_FIRST_DATE`` to today (UTC) plus ``PUZZLES_DAYS_AHEAD`` are served, so the endpoint cannot be used to
burn CPU on arbitrary dates.

The answers never hold the puzzle's optimal ``solution`` nor its ``breakdown`` (how the optimum is
made): they would spoil it.  The proven ``optimum`` is shown: it is the target score.
"""

from __future__ import annotations

import datetime
import functools
import json
import logging
from collections.abc import Callable, Mapping
from typing import Any

from puzzles.archive import DailyPuzzles, GenerationError, GenerationTimeout, IllegalSolution, PuzzleError, daily_of
from puzzles.format import canonical_json
from service.cache import LRUCache
from service.language import _
from service.problems import Refused
from service.storage import DEFAULT_GAME, Storage, StoredPuzzle
from solver.core.protocol import Game

log = logging.getLogger(__name__)
#: Members of a stored puzzle that no answer shows: the optimal solution and its score by term.
SPOILERS = ("solution", "breakdown")


def public_json(stored: StoredPuzzle) -> bytes:
    """The puzzle as answered: its stored canonical JSON without ``SPOILERS`` (still canonical: the same
    bytes every time).  Its ``id`` is the stored puzzle's (``content_id`` of the whole puzzle)."""
    puzzle = json.loads(stored.canonical)
    for key in SPOILERS:
        puzzle.pop(key, None)
    return canonical_json(puzzle).encode("ascii")


#: A game's generator: (date, difficulty) -> the puzzle (``DailyPuzzles.puzzle`` with the game's object).
Generator = Callable[[datetime.date, str], dict[str, Any]]


class PuzzleStore:
    """The published puzzles of one process: ``storage`` (the database), the dates served (``first_date`` to today
    (UTC) + ``days_ahead``) and ``games``, the house's game objects by id (``service.games.store.house_games``: Wild
    Tiled West's reads the app's ``CATALOG_DIR``).  ``dailies`` holds the daily puzzle of each game that has one
    (``puzzles.archive.daily_of``) and ``generators`` the generator of each (tests put stand-ins there; ``generator``
    is Wild Tiled West's)."""

    def __init__(self, storage: Storage, first_date: datetime.date, days_ahead: int, games: Mapping[str, Game],
                 cached: int = 64):
        self.games = dict(games)
        self.dailies: dict[str, DailyPuzzles] = {
            game_id: daily for game_id in self.games if (daily := daily_of(game_id)) is not None}
        self.generators: dict[str, Generator] = {
            game_id: functools.partial(daily.puzzle, game=self.games[game_id]) for game_id, daily in self.dailies.items()}
        self.storage = storage
        self.first_date = first_date
        self.days_ahead = days_ahead
        self._public: LRUCache[bytes] = LRUCache(cached)

    @property
    def generator(self) -> Generator:
        """The generator of Wild Tiled West's puzzles (``DEFAULT_GAME``): ``generators[DEFAULT_GAME]``."""
        return self.generators[DEFAULT_GAME]

    @generator.setter
    def generator(self, generator: Generator) -> None:
        self.generators[DEFAULT_GAME] = generator

    def daily(self, game: str) -> DailyPuzzles:
        """The daily puzzle of the registered game ``game``.  Refused: 404 ``no_daily_puzzle`` when it has none."""
        found = self.dailies.get(game)
        if found is None:
            have = ", ".join(self.dailies) or "none"
            raise Refused(404, _("{game} has no daily puzzle yet: the games with one are {games}").format(game=game, games=have),
                          rule="no_daily_puzzle")
        return found

    def difficulties(self, game: str) -> tuple[str, ...]:
        """The difficulties the daily puzzle of ``game`` offers (easiest first).  Refused like ``daily``."""
        return self.daily(game).difficulties

    def check_difficulty(self, game: str, difficulty: str) -> None:
        """Refused: 404 ``no_daily_puzzle`` (``daily``), 422 ``unknown_difficulty`` when ``game`` offers no
        ``difficulty`` puzzle."""
        offered = self.difficulties(game)
        if difficulty not in offered:
            raise Refused(422, _("{game}'s daily puzzles are {offered}, not {difficulty}").format(
                game=game, offered=", ".join(offered), difficulty=difficulty),
                          rule="unknown_difficulty")

    def last_date(self, today: datetime.date | None = None) -> datetime.date:
        """The last date served: ``today`` (default: today, UTC) + ``days_ahead``."""
        today = today or datetime.datetime.now(datetime.UTC).date()
        return today + datetime.timedelta(days=self.days_ahead)

    def check_date(self, date: datetime.date, today: datetime.date | None = None) -> None:
        """422 ``date_out_of_range`` unless ``first_date <= date <= last_date(today)``."""
        last = self.last_date(today)
        if not self.first_date <= date <= last:
            raise Refused(422, _("daily puzzles are served for {first} to {last} (UTC), not {date}").format(
                first=self.first_date.isoformat(), last=last.isoformat(), date=date.isoformat()), rule="date_out_of_range")

    def stored(self, date: datetime.date, difficulty: str, game: str = DEFAULT_GAME) -> StoredPuzzle | None:
        """The stored puzzle of ``game`` for ``date`` at ``difficulty``, or ``None`` (not generated yet)."""
        return self.storage.daily_puzzle(date.isoformat(), difficulty, game)

    def make(self, date: datetime.date, difficulty: str, game: str = DEFAULT_GAME) -> StoredPuzzle:
        """The stored puzzle of ``game`` for ``date`` at ``difficulty``, generated (seconds: run it on the heavy-work
        queue) and stored first when there is none.  Refused: 404 ``no_daily_puzzle`` for a game without daily
        puzzles; 503 ``generation_failed`` when the generator gives no puzzle (``GenerationTimeout``: the machine was
        too loaded to prove it in the safety limit; retry)."""
        stored = self.stored(date, difficulty, game)
        if stored is not None:
            return stored
        self.daily(game)
        puzzle = self._generate(game, date, difficulty)
        made = StoredPuzzle(puzzle["id"], date.isoformat(), difficulty, canonical_json(puzzle), game)
        return self.storage.insert_puzzle(made)  # or the row another process inserted first

    def _generate(self, game: str, date: datetime.date, difficulty: str) -> dict[str, Any]:
        try:
            return self.generators[game](date, difficulty)
        except GenerationTimeout:
            raise Refused(503, _("the puzzle could not be proven within the generator's safety limit on this loaded server: "
                                 "retry shortly"), rule="generation_failed",
                          headers={"Retry-After": "10"}) from None
        except GenerationError as exc:
            log.error("no daily puzzle of %s for %s %s: %s", game, date.isoformat(), difficulty, type(exc).__name__)
            raise Refused(503, _("no {difficulty} puzzle could be generated for {date}").format(difficulty=difficulty, date=date.isoformat()),
                          rule="generation_failed") from None

    def get(self, puzzle_id: str) -> StoredPuzzle:
        """The stored puzzle with ``puzzle_id`` (of any game); 404 ``unknown_puzzle`` when none was published."""
        stored = self.storage.puzzle(puzzle_id)
        if stored is None:
            raise Refused(404, _("no published puzzle with id {puzzle_id!r}").format(puzzle_id=puzzle_id), rule="unknown_puzzle")
        return stored

    def public(self, stored: StoredPuzzle) -> bytes:
        """``public_json(stored)``, kept per puzzle id."""
        body = self._public.get(stored.id)
        if body is None:
            body = public_json(stored)
            self._public.put(stored.id, body)
        return body

    def verify(self, puzzle_id: str, solution: Any) -> dict[str, Any]:
        """The verdict of the stored puzzle's game (``DailyPuzzles.verify``) on ``solution`` (the game's solution
        shape), with the puzzle's ``id``: ``{"puzzle", "legal", "score", "optimum", ...}``.  Refused: 404
        ``unknown_puzzle`` (or ``no_daily_puzzle``: its game's puzzles are no longer served), 422 ``invalid_solution``
        (Wild Tiled West: an unknown tile, a tile not in the hand or used twice)."""
        stored = self.get(puzzle_id)
        try:
            verdict = self.daily(stored.game).verify(json.loads(stored.canonical), solution, self.games[stored.game])
        except PuzzleError as exc:
            raise Refused(422, str(exc), rule="invalid_solution") from None
        return {"puzzle": stored.id, **verdict}

    def optimal(self, puzzle_id: str, solution: Any) -> dict[str, Any]:
        """The stored puzzle's optimal ``solution`` and its ``breakdown`` (points by term), answered only to a legal
        solution that reaches the puzzle's end (the player's own, just submitted): ``{"puzzle", "optimum", "solution",
        "breakdown"}``.  Refused: as ``verify``, and 409 ``not_finished`` for a solution illegal or not finished (a
        solution without ``finished``, Wild Tiled West's, is finished when legal)."""
        verdict = self.verify(puzzle_id, solution)
        if not verdict["legal"] or not verdict.get("finished", True):
            raise Refused(409, _("the optimal solution is shown after a legal solution played to the end"), rule="not_finished")
        puzzle = json.loads(self.get(puzzle_id).canonical)
        return {"puzzle": puzzle_id, "optimum": puzzle["optimum"], "solution": puzzle["solution"],
                "breakdown": puzzle.get("breakdown")}

    def board(self, puzzle_id: str, solution: Any) -> dict[str, Any]:
        """The board of the stored puzzle after the moves of ``solution`` so far (``DailyPuzzles.board``):
        ``{"puzzle": id, "placed", "svg", "options"}``.  Refused: 404 ``unknown_puzzle`` (or ``no_daily_puzzle``); 422
        with the rule broken and the reason (``IllegalSolution``: a move illegal where it stands), 422
        ``invalid_solution`` for a malformed solution (Wild Tiled West: a tile not in the hand or placed twice)."""
        stored = self.get(puzzle_id)
        try:
            board = self.daily(stored.game).board(json.loads(stored.canonical), solution, self.games[stored.game])
        except IllegalSolution as exc:
            raise Refused(422, str(exc), rule=exc.rule) from None
        except PuzzleError as exc:
            raise Refused(422, str(exc), rule="invalid_solution") from None
        return {"puzzle": stored.id, **board}
