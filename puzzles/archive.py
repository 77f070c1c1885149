"""The daily puzzle archive every game of the house uses (docs/puzzles.md): what a daily puzzle is whatever the game,
and where a game's own generator and verifier are found.

A game with a daily puzzle has a package ``puzzles.<leaf>``, ``<leaf>`` being the last part of its registry entry's
``package`` (``solver.games.wild_tiled_west`` → ``puzzles.wild_tiled_west``), whose ``DAILY`` implements
``DailyPuzzles``: its difficulties, the puzzle of a date (``puzzle``), the verdict on a solution (``verify``) and the
board of a solution in progress (``board``), each given the game's object (``solver.core.protocol.Game``) to take its
components from.  ``daily_of(game_id)`` finds it through the registry (``None``: the game has no daily puzzle) and
``daily_games()`` lists the games that have one.  This module imports no game: it reaches them through
``solver.core.registry`` alone.

Shared by every game: a date's puzzle is the first of deterministic candidates drawn from ``random.Random(seed_text(
prefix, date, difficulty, n))`` (a string seed: hashed with SHA-512 by ``random``, the same under any
``PYTHONHASHSEED``) that the game's generator accepts; the puzzle is published as canonical JSON with a content id
(``puzzles.format``); its ``generator.seed`` is the game's ``seed_prefix``, which begins with the game's id, so two
games' puzzles never have the same content (nor, but for a 64-bit hash collision, the same id).
"""

from __future__ import annotations

import datetime
from typing import Any, Protocol, runtime_checkable

import solver.games  # noqa: F401 (registers every game)
from puzzles.format import content_id
from solver.core import registry
from solver.core.protocol import Game

__all__ = ["DEFAULT_DIFFICULTY", "DIFFICULTIES", "DailyPuzzles", "GenerationError", "GenerationTimeout",
           "IllegalSolution", "PuzzleError", "as_date", "check_unchanged", "daily_games", "daily_of", "daily_puzzle", "json_field", "package_of",
           "seed_text"]

#: Every difficulty a daily puzzle of the house may have, easiest first (a game offers these or some of them).
DIFFICULTIES = ("easy", "medium", "hard")
DEFAULT_DIFFICULTY = "medium"  #: the difficulty asked for when none is named


class PuzzleError(ValueError):
    """Bad input: a malformed puzzle or solution (wrong JSON shape, unknown tile, a tile not in the hand, a tile used
    twice, an unknown difficulty, ...).  The message says what is wrong and where."""


def json_field(data: object, key: str, kind: type | tuple[type, ...], where: str) -> Any:
    """``data[key]``, checked to be a JSON object's field of type ``kind`` (an ``int`` is never a
    ``bool``); ``where`` names ``data`` in the message.  Raises ``PuzzleError``."""
    if not isinstance(data, dict):
        raise PuzzleError(f"{where} must be a JSON object")
    if key not in data:
        raise PuzzleError(f"{where} has no {key!r}")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        name = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise PuzzleError(f"{where}.{key} must be {name}, not {type(value).__name__}")
    return value


def check_unchanged(puzzle: dict) -> None:
    """Raises ``PuzzleError`` when a published ``puzzle`` (with its ``id``) no longer matches its content id
    (``puzzles.format.content_id``: changed after publication) or is not JSON data; a puzzle without an id passes."""
    try:
        changed = "id" in puzzle and puzzle["id"] != content_id(puzzle)
    except (TypeError, ValueError) as exc:
        raise PuzzleError(f"the puzzle is not JSON data ({exc})") from None
    if changed:
        raise PuzzleError("the puzzle's id does not match its content: it was changed after publication")


class IllegalSolution(PuzzleError):
    """A solution in progress breaks a rule of the game where it stands (``DailyPuzzles.board``): ``rule`` is the
    rule's code (``overlap``, ``not_connected``, ...), the message the reason in words."""

    def __init__(self, rule: str, reason: str):
        self.rule = rule
        super().__init__(reason)


class GenerationError(RuntimeError):
    """No puzzle could be made (every candidate discarded), or the game's model and its rules engine disagree."""


class GenerationTimeout(GenerationError):
    """The wall-clock safety limit stopped a solve: the result would depend on the machine, so nothing is
    published (raise the limit, or run on a less loaded machine)."""


@runtime_checkable
class DailyPuzzles(Protocol):
    """A game's daily puzzle (``DAILY`` of its package ``puzzles.<leaf>``): generator and verifier.

    Every method takes the game's object (``game``: ``solver.core.protocol.Game``, the one the house plays with; it may
    read corrected components) and takes its components from it, never from a global."""

    #: the prefix of every seed text (``seed_text``) and the puzzles' ``generator.seed``: ``"<game id>/..."``, a new
    #: version whenever generation changes (a published puzzle is never regenerated differently)
    seed_prefix: str
    #: the difficulties offered, a subsequence of ``DIFFICULTIES``
    difficulties: tuple[str, ...]

    def puzzle(self, date: datetime.date, difficulty: str, game: Game) -> dict[str, Any]:
        """The puzzle of ``date`` at ``difficulty`` as JSON data (a dict) holding at least ``id`` (its
        ``puzzles.format.content_id``), ``date`` (YYYY-MM-DD), ``difficulty`` and ``generator.seed``
        (``seed_prefix``), with the optimal ``solution`` the service never shows.  The same arguments give the same
        canonical JSON on every machine.  Raises ``PuzzleError`` for an unknown difficulty, ``GenerationTimeout``
        and ``GenerationError`` when no puzzle can be made."""
        ...

    def verify(self, puzzle: dict[str, Any], solution: Any, game: Game) -> dict[str, Any]:
        """The verdict on ``solution`` (JSON data, the game's solution shape) for ``puzzle``: at least ``legal``,
        ``score`` (points, None when illegal) and ``optimum``.  Raises ``PuzzleError`` for a malformed puzzle or
        solution."""
        ...

    def board(self, puzzle: dict[str, Any], solution: Any, game: Game) -> dict[str, Any]:
        """What a player sees while solving: ``{"placed": moves so far, "svg": the board after them (SVG text),
        "options": the moves open now}``.  Raises ``IllegalSolution`` when a move breaks a rule where it stands,
        ``PuzzleError`` for a malformed puzzle or solution."""
        ...


def seed_text(prefix: str, date: datetime.date, difficulty: str, candidate: int) -> str:
    """The seed of candidate number ``candidate`` (0, 1, ...) of the puzzle of ``date`` at ``difficulty``:
    ``"<prefix>/<YYYY-MM-DD>/<difficulty>/<candidate>"``, for ``random.Random`` (a string: the same on every machine
    and under any ``PYTHONHASHSEED``)."""
    return f"{prefix}/{date.isoformat()}/{difficulty}/{candidate}"


def as_date(date: object) -> datetime.date:
    """``date`` as a ``datetime.date`` (a ``datetime`` gives its date).  Raises ``PuzzleError`` for anything else."""
    if isinstance(date, datetime.datetime):
        return date.date()
    if isinstance(date, datetime.date):
        return date
    raise PuzzleError(f"a puzzle's date must be a datetime.date, not {type(date).__name__}")


def package_of(game_id: str) -> str:
    """The name of the package that would hold the daily puzzle of the registered game ``game_id``: ``puzzles.<leaf>``,
    ``<leaf>`` the last part of its entry's ``package``.  Raises ``KeyError`` (naming the known ids) for an unknown
    game."""
    return registry.get(game_id).companion("puzzles")


def daily_of(game_id: str) -> DailyPuzzles | None:
    """The daily puzzle (``DAILY`` of ``package_of(game_id)``) of the registered game ``game_id``, or ``None`` when the
    game has no such package (``solver.core.registry.companion_module``).  Raises ``KeyError`` for an unknown game,
    ``TypeError`` when the package's ``DAILY`` is missing or does not implement ``DailyPuzzles`` or its ``seed_prefix``
    does not begin with ``"<game_id>/"``."""
    module = registry.companion_module(registry.get(game_id), "puzzles")
    if module is None:
        return None
    name = module.__name__
    daily = getattr(module, "DAILY", None)
    if not isinstance(daily, DailyPuzzles):
        raise TypeError(f"{name}.DAILY is not the daily puzzle of {game_id!r} (puzzles.archive.DailyPuzzles)")
    if not daily.seed_prefix.startswith(f"{game_id}/") or not set(daily.difficulties) <= set(DIFFICULTIES):
        raise TypeError(f"{name}.DAILY: its seed_prefix must begin with {game_id + '/'!r} and its difficulties be "
                        f"among {', '.join(DIFFICULTIES)}")
    return daily


def daily_games() -> tuple[str, ...]:
    """The ids of the registered games that have a daily puzzle (``daily_of``), in the registry's order."""
    return tuple(entry.id for entry in registry.entries() if daily_of(entry.id) is not None)


def daily_puzzle(game: Game, date: datetime.date, difficulty: str = DEFAULT_DIFFICULTY) -> dict[str, Any]:
    """The puzzle of ``game`` (its object: ``solver.core.protocol.load``) for ``date`` at ``difficulty``
    (``DailyPuzzles.puzzle``).  Raises ``PuzzleError`` when the game has no daily puzzle or offers no such difficulty
    or ``date`` is not a date, ``GenerationTimeout`` and ``GenerationError`` as the game's generator does."""
    daily = daily_of(game.entry.id)
    if daily is None:
        raise PuzzleError(f"{game.entry.id} has no daily puzzle (the games with one: {', '.join(daily_games())})")
    if difficulty not in daily.difficulties:
        raise PuzzleError(f"unknown difficulty {difficulty!r}: one of {', '.join(daily.difficulties)}")
    return daily.puzzle(as_date(date), difficulty, game)
