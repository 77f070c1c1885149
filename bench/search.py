"""Benchmark: the information-set search (issue 29): simulations per second, latency, and the in-game hint's accuracy.

1. Rate and latency: ``solver.games.wild_tiled_west.ai.search.search`` at each ``--budget-ms`` on draft decisions met by hint bots in solo
   and 2-player games (``solver.games.wild_tiled_west.ai.random_positions.draft_positions``), over ``--workers`` processes (one pool kept
   for all, as a server would): simulations per second of wall time (median and quartiles, root options included),
   wall time median, p95 and maximum, and partial answers.  Target (issue 29): at the in-game default budget, p95
   within the budget + 100 ms with 2 workers.
2. Accuracy (``--accuracy N``): on the first N of those decisions, the points the in-game hints' top options lose
   against the best option of a search of ``--reference-ms``: the search's hint at the default budget (what the
   service answers) and the one-step hint (the ``hint`` bot's), both weighed by the same reference search (the
   paired difference of their returns, as the move review): mean and 95th percentile.  The issue's figure: 200
   decisions against a 30-second search (``--accuracy 200 --reference-ms 30000 --out accuracy.jsonl``, about 2 hours
   on one core; ``--out`` keeps each decision's losses, so a stopped run goes on where it stopped).

Run: ``python bench/search.py [--positions 20] [--budget-ms 300 800] [--workers 1] [--accuracy N --reference-ms MS
--out FILE]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import _path  # noqa: F401  (first: keeps bench/solver.py from shadowing the solver package)
from tqdm import tqdm

from solver.games.wild_tiled_west.ai.hints import DEFAULT_BUDGET_MS, hint, turn_key
from solver.games.wild_tiled_west.ai.random_positions import draft_positions
from solver.games.wild_tiled_west.ai.search import SearchResult, search, search_hint
from solver.games.wild_tiled_west.engine.game import Game


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[int(q * (len(ordered) - 1))]


def rate(positions: list[tuple[Game, int]], budget_ms: float, workers: int) -> None:
    """Print the simulations per second and the latency of searches of ``budget_ms`` over ``workers`` processes."""
    rates, walls, partial = [], [], 0
    pool = ProcessPoolExecutor(max_workers=workers) if workers > 1 else None
    try:
        for i, (game, seat) in enumerate(positions):
            found = search(game.position(seat), budget_ms=budget_ms, seed=i, workers=workers, executor=pool)
            rates.append(found.simulations / (found.wall_ms / 1000.0))
            walls.append(found.wall_ms)
            partial += found.partial
    finally:
        if pool is not None:
            pool.shutdown()
    print(f"search {budget_ms:g} ms, {workers} worker(s), {len(positions)} draft decisions: simulations/s median "
          f"{statistics.median(rates):.0f} (q25 {_quantile(rates, 0.25):.0f}, q75 {_quantile(rates, 0.75):.0f}); wall "
          f"median {statistics.median(walls):.0f} ms, p95 {_quantile(walls, 0.95):.0f} ms, max {max(walls):.0f} ms "
          f"(target p95 <= {budget_ms + 100:g} ms at the in-game budget); partial {partial}")


def _loss(game: Game, found: SearchResult, moves: list[dict]) -> float | None:
    """Points the option playing ``moves`` (weighed by the search: ``include``) loses against the search's best."""
    key = turn_key(game, moves)
    option = next(o for o in found.options if turn_key(game, o.option.moves) == key)
    if option is found.best:
        return 0.0
    loss = found.estimate(option).loss
    return None if loss is None else round(max(0.0, loss), 2)


def accuracy(positions: list[tuple[Game, int]], reference_ms: float, workers: int, out: Path | None) -> None:
    """Print the points the in-game hints' top options lose against a search of ``reference_ms``: the search's hint at
    the default budget (``search_hint``, what the service answers) and the one-step hint (``hint``, the ``hint`` bot),
    both weighed by one reference search per decision (``include``: on the same sampled worlds).  ``out``: a JSON Lines
    file of the decisions done; a run stopped part way goes on from there."""
    done = {}
    if out is not None and out.exists():
        done = {row["i"]: row for row in map(json.loads, out.read_text().splitlines())}
    pool = ProcessPoolExecutor(max_workers=workers) if workers > 1 else None
    try:
        for i, (game, seat) in enumerate(tqdm(positions, desc="accuracy", unit="decision")):
            if i in done:
                continue
            position = game.position(seat)
            one_step = hint(position, top=1, budget_ms=DEFAULT_BUDGET_MS)["options"][0]["moves"]
            searched = search_hint(position, top=1, budget_ms=DEFAULT_BUDGET_MS, seed=i)["options"][0]["moves"]
            found = search(position, reference_ms, None, seed=1_000_003 + i, workers=workers, include=[one_step, searched],
                           executor=pool)
            row = {"i": i, "players": len(game.players), "seat": seat, "search_loss": _loss(game, found, searched),
                   "hint_loss": _loss(game, found, one_step), "reference_simulations": found.simulations}
            done[i] = row
            if out is not None:
                with out.open("a") as f:
                    f.write(json.dumps(row) + "\n")
    finally:
        if pool is not None:
            pool.shutdown()
    rows = [done[i] for i in range(len(positions))]
    for name, what in (("search_loss", f"search hint ({DEFAULT_BUDGET_MS} ms, the service's)"),
                       ("hint_loss", "one-step hint (the hint bot's)")):
        losses = [r[name] for r in rows if r[name] is not None]
        print(f"{what} top option against a {reference_ms:g} ms search, {len(losses)} draft decisions: mean loss "
              f"{statistics.mean(losses):.2f} points, p95 {_quantile(losses, 0.95):.2f}, max {max(losses):.2f}; the "
              f"search's best in {sum(x == 0 for x in losses)}")
    print(f"reference simulations per decision: median {statistics.median(r['reference_simulations'] for r in rows):.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=20, help="draft decisions for the rate")
    parser.add_argument("--budget-ms", type=float, nargs="+", default=[300.0, float(DEFAULT_BUDGET_MS)])
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--accuracy", type=int, default=0, metavar="N", help="decisions for the hint's accuracy")
    parser.add_argument("--reference-ms", type=float, default=30_000.0, help="the reference search's budget")
    parser.add_argument("--out", type=Path, help="accuracy: keep each decision's losses here (JSON Lines) and resume")
    args = parser.parse_args()
    positions = draft_positions(max(args.positions, args.accuracy))
    for budget in args.budget_ms:
        rate(positions[:args.positions], budget, args.workers)
    if args.accuracy:
        accuracy(positions[:args.accuracy], args.reference_ms, args.workers, args.out)


if __name__ == "__main__":
    main()
