"""How the 40 tile types were chosen from the project's earlier 96 designs, one per tray stack (issue 26).

The rulebook's trays hold 40 tile types, each stack the 2 or 3 copies of one type (docs/rulings.md R10); until
issue 26 our reconstructed ``tiles.toml`` had 96 different designs, mixed within stacks (they are kept, for the
daily puzzles made from them, in ``puzzles/data/tiles-v1.toml``, numbered in tray order: left combined tray row by
row, then the right one, top tile of each stack first).  This tool picks, for every stack, one of the designs it
held, the stack then holding copies of it, so that the 96 tiles' counts stay as close as possible to the earlier
ones: tiles of each size, each building, each icon (and aces of each suit) and squares of each terrain.  It is a
small CP-SAT model (OR-Tools): a boolean per (stack, design), one design per stack, every building of the Building
guide kept, aces of all four suits, sheriffs rarer than bandits, and the objective the sum of the counts' absolute
differences.  It prints each stack's choice and every count before and after, and whether today's
``tiles.toml`` holds exactly the chosen types (it does: the data was written from this choice).

Run: ``.venv/bin/python tools/select_tile_types.py [--seconds 30]`` (deterministic: one worker, fixed seed).
"""

from __future__ import annotations

import argparse
from collections import Counter
from importlib import resources
from pathlib import Path

from ortools.sat.python import cp_model

from solver.games.wild_tiled_west.components.catalog import load_catalog, load_tile_designs
from solver.games.wild_tiled_west.components.values import Catalog, Icon, Tile


def features(tile: Tile) -> Counter[str]:
    """The counts a tile adds to the trays' mix: one for its size and for its building, one per icon (aces also
    by suit), one per square of each terrain."""
    out: Counter[str] = Counter({f"size {tile.size}": 1})
    if tile.building:
        out[f"building {tile.building}"] += 1
    for _, cell in tile.cells:
        out[f"terrain {cell.terrain.value}"] += 1
        if cell.icon:
            out[f"icon {cell.icon.value}"] += 1
            if cell.icon is Icon.ACE and cell.suit:
                out[f"ace {cell.suit.value}"] += 1
    return out


def earlier_stacks(catalog: Catalog) -> dict[str, list[Tile]]:
    """``{"left:0,1": [designs, top first]}``: the 96 earlier designs in the stacks they filled (tray order, each
    stack as many designs as it has copies today)."""
    designs = iter(load_tile_designs(Path(str(resources.files("puzzles") / "data" / "tiles-v1.toml"))))
    return {f"{s.tray}:{s.row},{s.col}": [next(designs) for _ in s.stack] for s in catalog.trays.slots}


def select(catalog: Catalog, seconds: float) -> tuple[dict[str, Tile], Counter[str], Counter[str], str]:
    """``({slot: chosen design}, counts before, counts after, CP-SAT status)``; raises ``RuntimeError`` when no
    choice keeps the constraints."""
    stacks = earlier_stacks(catalog)
    before: Counter[str] = Counter()
    for designs in stacks.values():
        for tile in designs:
            before += features(tile)
    model = cp_model.CpModel()
    choice: dict[tuple[str, int], cp_model.IntVar] = {}
    for key, designs in stacks.items():
        options = [model.new_bool_var(f"{key}={t.id}") for t in designs]
        model.add_exactly_one(options)
        choice.update({(key, i): v for i, v in enumerate(options)})
    names = sorted(before) + [f"building {b.name}" for b in catalog.buildings if f"building {b.name}" not in before]
    after_expr = {name: sum(len(stacks[key]) * features(stacks[key][i])[name] * v for (key, i), v in choice.items())
                  for name in names}
    for b in catalog.buildings:  # every building of the Building guide on some tile (catalog check)
        model.add(after_expr[f"building {b.name}"] >= 1)
    for suit in ("spades", "hearts", "clubs", "diamonds"):  # aces of all four suits (catalog check)
        model.add(after_expr[f"ace {suit}"] >= 1)
    model.add(after_expr["icon sheriff"] >= 1)
    model.add(after_expr["icon sheriff"] + 1 <= after_expr["icon bandit"])  # sheriffs rarer than bandits
    gaps = []
    for name in names:
        gap = model.new_int_var(0, 10_000, f"gap {name}")
        model.add_abs_equality(gap, after_expr[name] - before[name])
        gaps.append(gap)
    model.minimize(sum(gaps))
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 7
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise RuntimeError(f"no choice of 40 types keeps the constraints ({solver.status_name(status)})")
    chosen = {key: stacks[key][i] for (key, i), v in choice.items() if solver.boolean_value(v)}
    after: Counter[str] = Counter()
    for key, tile in chosen.items():
        for name, n in features(tile).items():
            after[name] += n * len(stacks[key])
    return chosen, before, after, solver.status_name(status)


def main() -> int:
    """Print the chosen design of each stack, every count before and after, and whether tiles.toml holds them."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="CP-SAT's time limit (one worker)")
    args = parser.parse_args()
    catalog = load_catalog()
    stacks = earlier_stacks(catalog)
    chosen, before, after, status = select(catalog, args.seconds)
    print(f"CP-SAT: {status}; counts off in all: {sum(abs(after[k] - before[k]) for k in set(before) | set(after))}")
    print("| stack | copies | designs before | design chosen | tile type today | its building |")
    print("|---|---|---|---|---|---|")
    differ = []
    for slot in catalog.trays.slots:
        key = f"{slot.tray}:{slot.row},{slot.col}"
        today = catalog.tile(slot.stack[0]).type_id
        kind = catalog.tile(today)
        if (kind.cells, kind.building, kind.copies) != (chosen[key].cells, chosen[key].building, len(stacks[key])):
            differ.append(key)
        print(f"| {key} | {len(slot.stack)} | {', '.join(t.id for t in stacks[key])} | {chosen[key].id} | {today} | "
              f"{chosen[key].building or ''} |")
    print()
    print("| count | 96 designs before | 40 types |")
    print("|---|---|---|")
    for name in sorted(set(before) | set(after)):
        print(f"| {name} | {before[name]} | {after[name]} |")
    print()
    print("tiles.toml holds exactly the chosen types" if not differ else f"tiles.toml differs from the choice at {differ}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
