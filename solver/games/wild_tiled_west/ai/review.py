"""Move review: the points each seat's moves lost against the best option a search finds (issue 29).

A move log (a ``GameConfig`` and its moves: a finished game's ``config`` and ``moves``, or any prefix) is cut into
**decisions**: the moves one seat played from one pending decision until something was revealed or another decision
point came (``solver.games.wild_tiled_west.ai.hints.continues``: the complete options that hints and the search weigh).  Each decision is
searched from the seat's position only (``solver.games.wild_tiled_west.ai.search.search``, the played option weighed beside the search's
own: ``include``), and its **loss** is how many points the best option's return leads the played option's, on the
same determinizations (paired: common random numbers; 0 when the played option is the best, clipped at 0), with its
standard error.  A decision with a single option loses nothing and is not simulated.  Per seat: the decisions, the
total, mean and largest loss, and the share of decisions with a choice where the played option was the best.

``review_game`` is the Python function; ``python -m solver review GAME.json ...`` (``solver.games.wild_tiled_west.cli``) the command,
with a progress bar and JSON output.  Source: our design (docs/hints.md, "Move review").
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from tqdm import tqdm

from solver.games.wild_tiled_west.ai.hints import continues
from solver.games.wild_tiled_west.ai.search import search
from solver.games.wild_tiled_west.components.catalog import load_catalog
from solver.games.wild_tiled_west.components.values import Catalog
from solver.games.wild_tiled_west.engine.game import Game
from solver.games.wild_tiled_west.rules.setup import GameConfig


@dataclass(frozen=True)
class Decision:
    """One decision of a move log: ``index`` of its first move in the log, the ``seat`` and ``kind`` (the pending
    decision's type), the seat's ``position`` before it (``Game.position(seat)``), the ``moves`` it played (a
    complete option) and ``choices``, the number of legal moves it had at its first move."""

    index: int
    seat: int
    kind: str
    position: dict[str, Any]
    moves: list[dict[str, Any]]
    choices: int


def decisions(config: GameConfig, moves: list[dict[str, Any]], catalog: Catalog | None = None) -> list[Decision]:
    """The decisions of the move log ``config`` + ``moves``, in order.  Raises ``IllegalMove`` when a move does not
    apply (``Game.replay``)."""
    game = Game(config, catalog or load_catalog())
    out: list[Decision] = []
    i = 0
    while i < len(moves):
        pending = game.pending()
        assert pending is not None  # a move remains: the game is not over (else apply raises GameOver)
        seat, chance = pending["seat"], game.chance
        position, choices = game.position(seat), len(game.legal_moves())
        j = i + 1
        game.apply(moves[i])
        while j < len(moves) and continues(game, seat, chance):
            game.apply(moves[j])
            j += 1
        out.append(Decision(i, seat, pending["type"], position, [dict(m) for m in moves[i:j]], choices))
        i = j
    return out


def review_decision(decision: Decision, budget_ms: float | None, simulations: int | None, seed: int = 0,
                    workers: int = 1, catalog: Catalog | None = None, executor: Executor | None = None) -> dict[str, Any]:
    """One decision reviewed (module docstring): ``{"index", "seat", "decision", "played", "played_moves", "best",
    "best_moves", "loss", "loss_stderr", "options", "simulations", "partial"}`` (points, rounded to 0.01; ``played``
    and ``best`` are labels).  The search: ``budget_ms`` and/or ``simulations`` (``solver.games.wild_tiled_west.ai.search.search``), the
    determinizations seeded by ``seed`` and the decision's index."""
    found = search(decision.position, budget_ms, simulations, seed * 1_000_003 + decision.index, workers,
                   include=[decision.moves], catalog=catalog, executor=executor)
    played = next(o for o in found.options if o.forced)
    estimate = found.estimate(played)
    loss = 0.0 if played is found.best or estimate.loss is None else max(0.0, estimate.loss)
    err = estimate.loss_stderr if played is not found.best else 0.0
    return {"index": decision.index, "seat": decision.seat, "decision": decision.kind,
            "played": played.option.label, "played_moves": decision.moves,
            "best": found.best.option.label, "best_moves": found.best.option.moves,
            "loss": round(loss, 2), "loss_stderr": None if err is None else round(err, 2),
            "options": len(found.options), "simulations": found.simulations, "partial": found.partial}


def summary(reviewed: Iterable[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per seat (as a string, for JSON): ``decisions`` reviewed, ``with_choice`` (more than one option), ``loss``
    (total, points), ``mean_loss`` and ``max_loss`` over the decisions with a choice, ``best_share`` (of those, the
    share where the played option was the best: loss 0)."""
    by_seat: dict[int, list[dict[str, Any]]] = {}
    for row in reviewed:
        by_seat.setdefault(row["seat"], []).append(row)
    out = {}
    for seat, rows in sorted(by_seat.items()):
        chosen = [r["loss"] for r in rows if r["options"] > 1]
        out[str(seat)] = {"decisions": len(rows), "with_choice": len(chosen), "loss": round(sum(chosen), 2),
                          "mean_loss": round(statistics.mean(chosen), 2) if chosen else 0.0,
                          "max_loss": max(chosen, default=0.0),
                          "best_share": round(sum(1 for x in chosen if x == 0) / len(chosen), 3) if chosen else 1.0}
    return out


def review(chosen: list[Decision], budget_ms: float | None = None, simulations: int | None = None, seed: int = 0,
           workers: int = 1, catalog: Catalog | None = None, progress: bool = False) -> dict[str, Any]:
    """Review ``chosen`` decisions (``review_decision``; ``workers`` > 1: one process pool for them all; ``progress``:
    a tqdm bar).  Returns ``{"budget_ms", "simulations", "workers", "seed", "seats": summary(...), "decisions":
    [...]}``.  Raises ``ValueError`` for neither a budget nor a simulation count."""
    if budget_ms is None and simulations is None:
        raise ValueError("a review needs a budget (milliseconds) or a simulation count per decision")
    catalog = catalog or load_catalog()
    pool = ProcessPoolExecutor(max_workers=workers) if workers > 1 else None
    try:
        rows = [review_decision(d, budget_ms, simulations, seed, workers, catalog, pool)
                for d in tqdm(chosen, desc="review", unit="decision", disable=not progress)]
    finally:
        if pool is not None:
            pool.shutdown()
    return {"budget_ms": budget_ms, "simulations": simulations, "workers": workers, "seed": seed,
            "seats": summary(rows), "decisions": rows}


def review_game(config: GameConfig, moves: list[dict[str, Any]], budget_ms: float | None = None,
                simulations: int | None = None, seed: int = 0, workers: int = 1, seats: Iterable[int] | None = None,
                catalog: Catalog | None = None, progress: bool = False) -> dict[str, Any]:
    """Review every decision of the move log ``config`` + ``moves`` (of ``seats`` only, when given) with a search of
    ``budget_ms`` milliseconds and/or ``simulations`` simulations each: per decision and per seat the points lost
    against the best option found (``review``'s answer).  Raises ``IllegalMove`` for a move log that does not
    replay, ``ValueError`` for neither a budget nor a count."""
    wanted = None if seats is None else set(seats)
    chosen = [d for d in decisions(config, moves, catalog) if wanted is None or d.seat in wanted]
    return review(chosen, budget_ms, simulations, seed, workers, catalog, progress)
