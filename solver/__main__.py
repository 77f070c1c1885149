"""The command line: ``python -m solver <command>``.

The entry point only: every command is Wild Tiled West's for now, so this delegates to its command line
(``solver.games.wild_tiled_west.cli``, which documents the commands).  ``main(argv)`` returns the exit status.
"""

from __future__ import annotations

from solver.games.wild_tiled_west.cli import main

__all__ = ["main"]

if __name__ == "__main__":
    raise SystemExit(main())
