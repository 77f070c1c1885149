"""The plain-text rendering of settlement boards and the command line that shows it."""

from __future__ import annotations

from solver.__main__ import main
from solver.games.wild_tiled_west.components.catalog import board_side_from_map, tile_from_map
from solver.games.wild_tiled_west.render.text import render_settlement
from solver.games.wild_tiled_west.rules.settlement import Settlement


def small_settlement() -> Settlement:
    s = Settlement(board_side_from_map(["X.^", "..c"]))
    s.place(tile_from_map("a", "b."), 0, 0, 0)
    s.place(tile_from_map("b", "#", building="Bank"), 0, 1, 1)
    s.add_hill_bandit(0, 2)
    s.cowpokes.add((1, 2))
    s.tombstones.add((0, 0))
    return s


def test_three_panels_printed_tiles_surface():
    text = render_settlement(small_settlement(), legend=False)
    lines = text.splitlines()
    assert lines[0] == "custom/normal (2 x 3)"
    assert lines[1].split() == ["printed", "tiles", "surface"]
    assert lines[3] == " 0  X.^   aa.   †.&"
    assert lines[4] == " 1  ..c   .b.   .#@"
    assert "legend" not in text and "hill bandit" not in text


def test_legend_explains_every_mark():
    text = render_settlement(small_settlement())
    for words in ("X start", "& hill bandit", "@ cowpoke", "† tombstone", "# named building", "A-W town squares"):
        assert words in text


def test_cli_draws_a_board_and_lists_tiles(capsys):
    assert main(["board", "lone-star-flats/normal"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("lone-star-flats/normal (10 x 10)") and "surface" in out
    assert main(["tile", "t01"]) == 0
    assert "orientation 0" in capsys.readouterr().out
    assert main(["placements", "lone-star-flats/normal", "t01"]) == 0
    assert "at (row" in capsys.readouterr().out
    assert main(["board", "nowhere/normal"]) == 2
    assert "unknown" in capsys.readouterr().err


def test_benchmark_scripts_run_as_scripts():
    """bench/solver.py (named by issue 5) must not shadow the solver package for the other benchmarks."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "bench/engine.py", "--games", "1"], cwd=root, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "games/s" in out.stdout
