"""Choose 40 tile types from the current 96 designs, one per tray stack, keeping the trays' mix (issue 26).

The rulebook's trays hold 40 tile types, each stack the 2 or 3 copies of one type (docs/rulings.md, "Open: 40
tile types"); our reconstructed ``tiles.toml`` has 96 different designs, mixed within stacks.  This tool picks,
for every stack, one of the designs it holds today, the stack then holding copies of it, so that the 96 tiles'
counts stay as close as possible to today's: tiles of each size, each building, each icon (and aces of each
suit) and squares of each terrain.  It is a small CP-SAT model (OR-Tools): a boolean per (stack, design), one
design per stack, every building of the Building guide kept, aces of all four suits, sheriffs rarer than bandits,
and the objective the sum of the counts' absolute differences.  It writes nothing: it prints each stack's choice
and every count before and after, for the person re-authoring the data (docs/components.md says how the types
were chosen).

Run: ``.venv/bin/python tools/select_tile_types.py [--seconds 30]`` (deterministic: one worker, fixed seed).
"""

from __future__ import annotations

import argparse
from collections import Counter

from ortools.sat.python import cp_model

from solver.components.catalog import load_catalog
from solver.components.values import Catalog, Icon, Tile


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


def select(catalog: Catalog, seconds: float) -> tuple[dict[str, str], Counter[str], Counter[str], str]:
    """``({slot: chosen design id}, counts before, counts after, CP-SAT status)``; raises ``RuntimeError`` when no
    choice keeps the constraints."""
    before: Counter[str] = Counter()
    for tile in catalog.tiles:
        before += features(tile)
    model = cp_model.CpModel()
    choice: dict[tuple[str, str], cp_model.IntVar] = {}
    slots = {f"{s.tray}:{s.row},{s.col}": s for s in catalog.trays.slots}
    for key, slot in slots.items():
        options = [model.new_bool_var(f"{key}={tid}") for tid in slot.stack]
        model.add_exactly_one(options)
        choice.update({(key, tid): v for tid, v in zip(slot.stack, options)})
    names = sorted(before) + [f"building {b.name}" for b in catalog.buildings if f"building {b.name}" not in before]
    after_expr = {name: sum(len(slots[key].stack) * features(catalog.tile(tid))[name] * v
                            for (key, tid), v in choice.items()) for name in names}
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
    chosen = {key: tid for (key, tid), v in choice.items() if solver.boolean_value(v)}
    after: Counter[str] = Counter()
    for key, tid in chosen.items():
        for name, n in features(catalog.tile(tid)).items():
            after[name] += n * len(slots[key].stack)
    return chosen, before, after, solver.status_name(status)


def main() -> int:
    """Print the chosen design of each stack and every count before and after."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="CP-SAT's time limit (one worker)")
    args = parser.parse_args()
    catalog = load_catalog()
    chosen, before, after, status = select(catalog, args.seconds)
    slots = {f"{s.tray}:{s.row},{s.col}": s for s in catalog.trays.slots}
    print(f"CP-SAT: {status}; counts off in all: {sum(abs(after[k] - before[k]) for k in set(before) | set(after))}")
    print("| stack | copies | designs today | type chosen | its building |")
    print("|---|---|---|---|---|")
    for key, tid in sorted(chosen.items()):
        print(f"| {key} | {len(slots[key].stack)} | {', '.join(slots[key].stack)} | {tid} | "
              f"{catalog.tile(tid).building or ''} |")
    print()
    print("| count | today (96 designs) | 40 types |")
    print("|---|---|---|")
    for name in sorted(set(before) | set(after)):
        print(f"| {name} | {before[name]} | {after[name]} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
