"""Command line for the daily solo puzzles of any game that has them (docs/puzzles.md).

    python -m puzzles daily --date 2026-11-21 [--difficulty hard] [--game ID]    # the puzzle, canonical JSON
    python -m puzzles batch --from 2026-11-01 --to 2026-11-30 --out DIR [--difficulty easy,hard] [--game ID]
    python -m puzzles verify PUZZLE.json SOLUTION.json [--game ID]             # the verdict, JSON

``--game`` is a registered game's id (default ``wild-tiled-west``); the game's own puzzle package does the work
(``puzzles.archive.daily_of``).  ``verify`` exits 0 for a legal solution, 1 for an illegal one and 2 for bad input
(unreadable file, malformed JSON, puzzle or solution); ``daily`` and ``batch`` exit 1 when generation fails; a game
without daily puzzles, or a difficulty it does not offer, is a usage error (exit 2).  ``batch`` writes
``DIR/<date>-<difficulty>.json`` and keeps a file already there (a published puzzle never changes).
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from pathlib import Path
from typing import Any

from tqdm import tqdm

from puzzles.archive import DEFAULT_DIFFICULTY, DIFFICULTIES, DailyPuzzles, GenerationError, PuzzleError, daily_games, daily_of
from puzzles.format import canonical_json
from solver.core import protocol
from solver.core.protocol import Game

EXIT_LEGAL, EXIT_ILLEGAL, EXIT_BAD_INPUT = 0, 1, 2
DEFAULT_GAME = "wild-tiled-west"  #: the game of ``--game`` when none is named


def _date(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a date (YYYY-MM-DD): {text!r}") from None


def _difficulties(text: str) -> tuple[str, ...] | None:
    """Comma-separated difficulties, or ``None`` for ``all`` (every difficulty the game offers)."""
    if text == "all":
        return None
    names = tuple(text.split(","))
    unknown = [n for n in names if n not in DIFFICULTIES]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"difficulties are {', '.join(DIFFICULTIES)} or all, not {text!r}")
    return names


def _daily_of(parser: argparse.ArgumentParser, args: argparse.Namespace) -> tuple[DailyPuzzles, Game]:
    """The daily puzzle and the game object of ``args.game``, with ``args.difficulty`` checked against the difficulties
    it offers (``batch``: all of them when none is named).  A usage error (``parser.error``, exit 2) otherwise."""
    try:
        daily = daily_of(args.game)
    except KeyError:
        daily = None
    if daily is None:
        parser.error(f"--game: {args.game!r} has no daily puzzle (the games with one: {', '.join(daily_games())})")
    if args.command == "batch" and args.difficulty is None:
        args.difficulty = daily.difficulties
    asked = getattr(args, "difficulty", ())
    asked = (asked,) if isinstance(asked, str) else asked
    unknown = [level for level in asked if level not in daily.difficulties]
    if unknown:
        parser.error(f"--difficulty: {args.game} offers {', '.join(daily.difficulties)}, not {', '.join(unknown)}")
    return daily, protocol.load(args.game)


def _read_json(path: str) -> Any:
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise PuzzleError(f"{path}: cannot read JSON ({exc})") from None


def _daily(args: argparse.Namespace, daily: DailyPuzzles, game: Game) -> int:
    print(canonical_json(daily.puzzle(args.date, args.difficulty, game)))
    return 0


def _batch(args: argparse.Namespace, daily: DailyPuzzles, game: Game) -> int:
    if args.to < args.start:
        raise PuzzleError(f"--to {args.to} is before --from {args.start}")
    days = [args.start + datetime.timedelta(days=k) for k in range((args.to - args.start).days + 1)]
    jobs = [(day, level) for day in days for level in args.difficulty]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    written = kept = 0
    for day, level in tqdm(jobs, desc="puzzles", unit="puzzle", disable=args.quiet):
        path = out / f"{day.isoformat()}-{level}.json"
        if path.exists():
            kept += 1
            continue
        text = canonical_json(daily.puzzle(day, level, game)) + "\n"
        tmp = path.with_suffix(".json.tmp")
        tmp.write_text(text, encoding="ascii")
        tmp.replace(path)
        written += 1
    print(f"{written} puzzle(s) written, {kept} kept (already there) in {out}", file=sys.stderr)
    return 0


def _verify(args: argparse.Namespace, daily: DailyPuzzles, game: Game) -> int:
    verdict = daily.verify(_read_json(args.puzzle), _read_json(args.solution), game)
    print(json.dumps(verdict, indent=2, sort_keys=True))
    return EXIT_LEGAL if verdict["legal"] else EXIT_ILLEGAL


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (see the module docstring)."""
    parser = argparse.ArgumentParser(prog="python -m puzzles", description="The house's daily solo puzzles")
    game = argparse.ArgumentParser(add_help=False)
    game.add_argument("--game", default=DEFAULT_GAME, help=f"a registered game's id (default {DEFAULT_GAME})")
    sub = parser.add_subparsers(dest="command", required=True)
    daily = sub.add_parser("daily", parents=[game], help="print the puzzle of a date (canonical JSON)")
    daily.add_argument("--date", type=_date, required=True, help="YYYY-MM-DD")
    daily.add_argument("--difficulty", choices=DIFFICULTIES, default=DEFAULT_DIFFICULTY)
    batch = sub.add_parser("batch", parents=[game],
                           help="write the puzzles of a range of dates, one file per date and difficulty")
    batch.add_argument("--from", dest="start", type=_date, required=True, help="first date, YYYY-MM-DD")
    batch.add_argument("--to", type=_date, required=True, help="last date (included), YYYY-MM-DD")
    batch.add_argument("--out", required=True, help="folder for <date>-<difficulty>.json files")
    batch.add_argument("--difficulty", type=_difficulties, default=None,
                       help="comma-separated difficulties, or all (default: all the game offers)")
    batch.add_argument("--quiet", action="store_true", help="no progress bar")
    verify = sub.add_parser("verify", parents=[game], help="check a solution of a puzzle and score it")
    verify.add_argument("puzzle", help="the puzzle's JSON file")
    verify.add_argument("solution", help='the solution\'s JSON file, the game\'s solution (Wild Tiled West: '
                                         '{"placements": [{"tile", "orientation", "row", "col"}]}; Rolled West: '
                                         '{"moves": [the engine\'s moves, in order]})')
    args = parser.parse_args(argv)
    found, game_object = _daily_of(parser, args)
    try:
        return {"daily": _daily, "batch": _batch, "verify": _verify}[args.command](args, found, game_object)
    except PuzzleError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except GenerationError as exc:
        print(f"generation failed: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
