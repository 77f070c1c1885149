"""Benchmark: the information-set search (issue 29): simulations per second, latency, and the in-game hint's accuracy.

1. Rate and latency: ``solver.ai.search.search`` at each ``--budget-ms`` on draft decisions met by hint bots in solo
   and 2-player games (``solver.ai.random_positions.draft_positions``), over ``--workers`` processes (one pool kept
   for all, as a server would): simulations per second of wall time (median and quartiles, root options included),
   wall time median, p95 and maximum, and partial answers.  Target (issue 29): at the in-game default budget, p95
   within the budget + 100 ms with 2 workers.
2. Accuracy (``--accuracy N``): on the first N of those decisions, the points today's hint's top option (``hint`` at
   its default budget) loses against the best option of a search of ``--reference-ms`` (``solver.ai.review``: the
   paired difference of their returns): mean and 95th percentile.  The issue's figure: 200 decisions against a
   30-second search (``--accuracy 200 --reference-ms 30000 --workers 2``, about 3.5 hours on 2 cores).

Run: ``python bench/search.py [--positions 20] [--budget-ms 300 800] [--workers 1] [--accuracy N --reference-ms MS]``.
"""

from __future__ import annotations

import argparse
import statistics
from concurrent.futures import ProcessPoolExecutor

import _path  # noqa: F401  (first: keeps bench/solver.py from shadowing the solver package)

from solver.ai.hints import DEFAULT_BUDGET_MS, hint
from solver.ai.random_positions import draft_positions
from solver.ai.review import Decision, review
from solver.ai.search import search
from solver.engine.game import Game


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


def accuracy(positions: list[tuple[Game, int]], reference_ms: float, workers: int) -> None:
    """Print the points today's hint's top option loses against a search of ``reference_ms``."""
    chosen = []
    for i, (game, seat) in enumerate(positions):
        position = game.position(seat)
        top = hint(position, top=1, budget_ms=DEFAULT_BUDGET_MS)["options"][0]["moves"]
        chosen.append(Decision(i, seat, "draft", position, top, len(game.legal_moves())))
    rows = review(chosen, budget_ms=reference_ms, workers=workers, progress=True)["decisions"]
    losses = [row["loss"] for row in rows]
    print(f"hint ({DEFAULT_BUDGET_MS} ms) top option against a {reference_ms:g} ms search, {len(losses)} draft "
          f"decisions: mean loss {statistics.mean(losses):.2f} points, p95 {_quantile(losses, 0.95):.2f}, max "
          f"{max(losses):.2f}; the hint's option is the search's best in {sum(x == 0 for x in losses)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=20, help="draft decisions for the rate")
    parser.add_argument("--budget-ms", type=float, nargs="+", default=[300.0, float(DEFAULT_BUDGET_MS)])
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--accuracy", type=int, default=0, metavar="N", help="decisions for the hint's accuracy")
    parser.add_argument("--reference-ms", type=float, default=30_000.0, help="the reference search's budget")
    args = parser.parse_args()
    positions = draft_positions(max(args.positions, args.accuracy))
    for budget in args.budget_ms:
        rate(positions[:args.positions], budget, args.workers)
    if args.accuracy:
        accuracy(positions[:args.accuracy], args.reference_ms, args.workers)


if __name__ == "__main__":
    main()
