"""Wild Tiled West's command line: ``python -m solver <command>`` (``solver/__main__.py`` delegates here).

    python -m solver boards                                  # list the settlement board sides
    python -m solver board lone-star-flats/normal            # draw a side (three panels and a legend)
    python -m solver tile t05                                # a tile, its stack and every orientation
    python -m solver placements lone-star-flats/normal t05   # legal first placements of a tile
    python -m solver catalog check                           # validate the data files, print a summary
    python -m solver catalog report --out docs/components.md # the list of every reconstructed value
    python -m solver selfplay --players 1 --games 200 --bot hint --seed 1   # bots play whole games
    python -m solver selfplay --players 2 --games 20 --bot search:300 --bot hint --save games/
    python -m solver selfplay --players 1 --games 200 --bot search:800 --save s/ --against h/   # paired, same deals
    python -m solver review games/game-1.json --budget-ms 3000               # points each move lost (JSON)
    python -m solver priors --games 20                       # rebuild the partner priors by self-play

``--catalog DIR`` (before the command), or the ``WTW_CATALOG`` environment variable, uses a folder of data files
instead of the packaged ones: a copy a player corrected (``python -m solver --catalog ~/my-data catalog check``).
Each command's work is done by the module named in its help; this module only reads the arguments
(the standard library's ``argparse``) and prints.  Exit status: 0, or 1 when the catalog is invalid, or 2 for
bad arguments or an unknown board side or tile.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from pathlib import Path

from solver.games.wild_tiled_west.ai.bots import BOTS, parse_bot
from solver.games.wild_tiled_west.ai.hints import DEFAULT_BUDGET_MS
from solver.games.wild_tiled_west.ai.partner_priors_rebuild import measure, write_priors
from solver.games.wild_tiled_west.ai.review import decisions, review
from solver.games.wild_tiled_west.ai.selfplay import print_summary, run
from solver.games.wild_tiled_west.components.catalog import CATALOG_ENV, CatalogError, load_catalog, player_counts, summary
from solver.games.wild_tiled_west.components.report import reconstructed_report
from solver.games.wild_tiled_west.components.values import Catalog
from solver.games.wild_tiled_west.render.text import render_settlement
from solver.games.wild_tiled_west.rules.placement import legal_placements
from solver.games.wild_tiled_west.rules.settlement import Settlement
from solver.games.wild_tiled_west.rules.setup import SIDE_CHOICES, GameConfig


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m solver", description="Wild Tiled West: components, rules, bots")
    parser.add_argument("--catalog", type=Path, metavar="DIR",
                        help=f"a folder of data files to use instead of the packaged ones (also ${CATALOG_ENV})")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("boards", help="list the settlement board sides")
    board = sub.add_parser("board", help="draw a settlement board side (solver.games.wild_tiled_west.render.text)")
    board.add_argument("side", help="<board id>/<normal|wild>")
    tile = sub.add_parser("tile", help="show a tile and its orientations")
    tile.add_argument("tile_id")
    places = sub.add_parser("placements", help="legal placements of a tile on an empty side (solver.games.wild_tiled_west.rules.placement)")
    places.add_argument("side")
    places.add_argument("tile_id")
    catalog = sub.add_parser("catalog", help="check the data files, or write the reconstructed values (solver.games.wild_tiled_west.components)")
    catalog_sub = catalog.add_subparsers(dest="catalog_command", required=True)
    catalog_sub.add_parser("check", help="validate the data files and print a summary")
    report = catalog_sub.add_parser("report", help="write the list of reconstructed values (docs/components.md)")
    report.add_argument("--out", type=Path, default=None, help="output file (default: print to stdout)")
    play = sub.add_parser("selfplay", help="bots play whole games; scores, ranks, win rates (solver.games.wild_tiled_west.ai.selfplay)")
    play.add_argument("--players", type=int, default=1, choices=player_counts(), help="players per game (1 = solo)")
    play.add_argument("--games", type=int, default=20, help="games to play")
    play.add_argument("--bot", action="append", type=_bot_spec, metavar="NAME[:MS]",
                      help=f"a bot ({', '.join(BOTS)}; NAME:MS with a budget of its own, milliseconds); repeat to "
                           "seat several kinds")
    play.add_argument("--seed", type=int, default=1, help="seed of the first game (game i: seed + i)")
    play.add_argument("--budget-ms", type=float, default=DEFAULT_BUDGET_MS, help="hint budget per decision, milliseconds")
    play.add_argument("--side", default="normal", choices=SIDE_CHOICES,
                      help="every seat's board side (random boards; wild: the wild sides' rules)")
    play.add_argument("--json", help="also write the summary to this file")
    play.add_argument("--quiet", action="store_true", help="no progress bar")
    play.add_argument("--save", type=Path, metavar="DIR", help="write each game (config and moves) to DIR/game-<seed>.json")
    play.add_argument("--resume", action="store_true",
                      help="count the games already saved in --save DIR instead of playing them again (a long run goes on "
                           "where it stopped)")
    play.add_argument("--against", type=Path, metavar="DIR",
                      help="another run's --save DIR: pair each game with its game of the same seed (the same deal) and "
                           "report each bot's points less that run's in the same seat, with a 95%% interval")
    rev = sub.add_parser("review", help="the points each seat's moves lost against the search's best (solver.games.wild_tiled_west.ai.review)")
    rev.add_argument("games", nargs="+", type=Path, help="JSON files with a game's 'config' and 'moves' (selfplay --save, "
                                                        "or a game's full state)")
    rev.add_argument("--budget-ms", type=float, default=None,
                     help=f"search budget per decision, milliseconds (default {DEFAULT_BUDGET_MS:g} without --simulations)")
    rev.add_argument("--simulations", type=int, help="search each decision by this many simulations (deterministic)")
    rev.add_argument("--workers", type=int, default=1, help="worker processes per search")
    rev.add_argument("--seed", type=int, default=0, help="seed of the determinizations and of --sample")
    rev.add_argument("--seat", type=int, action="append", help="review this seat's decisions only (repeatable)")
    rev.add_argument("--sample", type=int, metavar="N",
                     help="review N decisions with a choice, drawn at random (by --seed) from all the games")
    rev.add_argument("--out", type=Path, help="write the JSON here (default: print it)")
    rev.add_argument("--quiet", action="store_true", help="no progress bar")
    priors = sub.add_parser("priors", help="rebuild the partner priors by self-play (solver.games.wild_tiled_west.ai.partner_priors_rebuild)")
    priors.add_argument("--games", type=int, default=20, help="games per player count (1 and 2)")
    priors.add_argument("--seed", type=int, default=1)
    return parser


def _bot_spec(spec: str) -> str:
    """``--bot``'s value, checked by ``parse_bot``."""
    try:
        parse_bot(spec)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return spec


def _review(args: argparse.Namespace, parser: argparse.ArgumentParser, catalog: Catalog) -> int:
    if args.workers < 1 or (args.sample is not None and args.sample < 1):
        parser.error("--workers and --sample must be 1 or more")
    chosen = []
    for path in args.games:
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
            found = decisions(GameConfig.from_json(record["config"]), record["moves"], catalog)
        except (OSError, ValueError, KeyError, TypeError) as exc:
            print(f"{path}: not a game with 'config' and 'moves' ({exc})", file=sys.stderr)
            return 2
        chosen += [d for d in found if not args.seat or d.seat in args.seat]
    if args.sample is not None:
        with_choice = [d for d in chosen if d.choices > 1]
        chosen = random.Random(args.seed).sample(with_choice, min(args.sample, len(with_choice)))
    budget = DEFAULT_BUDGET_MS if args.budget_ms is None and args.simulations is None else args.budget_ms
    result = review(chosen, budget, args.simulations, args.seed, args.workers, catalog, progress=not args.quiet)
    result["games"] = [str(p) for p in args.games]
    text = json.dumps(result, indent=2)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
        for seat, row in result["seats"].items():
            print(f"seat {seat}: {row['with_choice']} decisions with a choice, lost {row['loss']} points "
                  f"(mean {row['mean_loss']}, max {row['max_loss']}), best {row['best_share']:.0%}")
    else:
        print(text)
    return 0


def _show_tile(catalog: Catalog, tile_id: str) -> None:
    t = catalog.tile(tile_id)
    stack = f", stack {t.stack[0]} tray row {t.stack[1]} col {t.stack[2]}" if t.stack else ""
    print(f"{t.id}: {t.building or 'no building'}, {t.size} squares{stack}")
    for o in t.orientations:
        grid = [[" "] * o.width for _ in range(o.height)]
        for (r, c), cell in o.cells:
            grid[r][c] = cell.char
        print(f"orientation {o.index} (flipped={o.flipped}, quarter turns={o.turns}):")
        print("\n".join("  " + "".join(row) for row in grid))


def _selfplay(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.games < 1:
        parser.error("--games must be 1 or more")
    if args.resume and args.save is None:
        parser.error("--resume needs --save DIR")
    result = run(args.players, args.games, args.bot or ["hint"], args.seed, args.budget_ms, progress=not args.quiet,
                 side=args.side, save=args.save, resume=args.resume, against=args.against)
    figures = result.summary()
    print_summary(figures)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(figures, f, indent=2)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (see the module docstring)."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.catalog:
        os.environ[CATALOG_ENV] = str(args.catalog)  # every default catalog of this process: games, bots, hints
    try:
        catalog = load_catalog()
    except CatalogError as exc:
        print(exc, file=sys.stderr)
        return 1
    if args.command == "selfplay":
        return _selfplay(args, parser)
    if args.command == "review":
        return _review(args, parser, catalog)
    if args.command == "priors":
        priors = measure(args.games, args.seed)
        write_priors(priors, args.games, args.seed)
        print(", ".join(f"{k} {v}" for k, v in priors.items()))
        return 0
    if args.command == "catalog":
        if args.catalog_command == "check":
            print("ok:", summary(catalog))
        elif args.out:
            args.out.write_text(reconstructed_report(catalog), encoding="utf-8")
        else:
            sys.stdout.write(reconstructed_report(catalog))
        return 0
    try:
        if args.command == "boards":
            for b in catalog.boards:
                for s in b.sides:
                    extra = f"  {catalog.wild_side(s.rule).name} ({'*' * (s.stars or 0)})" if s.rule else ""
                    print(f"{s.id:32} {b.name}{extra}")
        elif args.command == "board":
            print(render_settlement(Settlement(catalog.board_side(args.side))), end="")
        elif args.command == "tile":
            _show_tile(catalog, args.tile_id)
        else:
            settlement = Settlement(catalog.board_side(args.side))
            for p in legal_placements(settlement, catalog.tile(args.tile_id)):
                print(f"orientation {p.orientation} at (row {p.row}, col {p.col})")
    except KeyError as exc:
        print(f"unknown board side or tile: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
