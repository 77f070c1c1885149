"""Command line: look at the components.

    python -m solver boards                      # list the settlement board sides
    python -m solver board lone-star-flats/normal  # draw a side (three panels and a legend)
    python -m solver tile t05                    # a tile, its stack and every orientation
    python -m solver placements lone-star-flats/normal t05   # legal first placements of a tile
"""

from __future__ import annotations

import argparse
import sys

from solver.catalog import load_catalog
from solver.placement import legal_placements
from solver.render import render_settlement
from solver.settlement import Settlement


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for an unknown board or tile)."""
    parser = argparse.ArgumentParser(prog="python -m solver", description="Wild Tiled West components")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("boards", help="list the settlement board sides")
    board = sub.add_parser("board", help="draw a settlement board side")
    board.add_argument("side", help="<board id>/<normal|wild>")
    tile = sub.add_parser("tile", help="show a tile and its orientations")
    tile.add_argument("tile_id")
    places = sub.add_parser("placements", help="legal placements of a tile on an empty side")
    places.add_argument("side")
    places.add_argument("tile_id")
    args = parser.parse_args(argv)
    catalog = load_catalog()
    try:
        if args.command == "boards":
            for b in catalog.boards:
                for s in b.sides:
                    extra = f"  {catalog.wild_side(s.rule).name} ({'*' * (s.stars or 0)})" if s.rule else ""
                    print(f"{s.id:32} {b.name}{extra}")
        elif args.command == "board":
            print(render_settlement(Settlement(catalog.board_side(args.side))), end="")
        elif args.command == "tile":
            t = catalog.tile(args.tile_id)
            stack = f", stack {t.stack[0]} tray row {t.stack[1]} col {t.stack[2]}" if t.stack else ""
            print(f"{t.id}: {t.building or 'no building'}, {t.size} squares{stack}")
            for o in t.orientations:
                grid = [[" "] * o.width for _ in range(o.height)]
                for (r, c), cell in o.cells:
                    grid[r][c] = cell.char
                print(f"orientation {o.index} (flipped={o.flipped}, quarter turns={o.turns}):")
                print("\n".join("  " + "".join(row) for row in grid))
        else:
            s = Settlement(catalog.board_side(args.side))
            for p in legal_placements(s, catalog.tile(args.tile_id)):
                print(f"orientation {p.orientation} at (row {p.row}, col {p.col})")
    except KeyError as exc:
        print(f"unknown board side or tile: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
