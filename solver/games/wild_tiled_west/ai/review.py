"""Move review: the points each seat's moves lost against the best option a search finds (issue 29).

A move log (a ``GameConfig`` and its moves: a finished game's ``config`` and ``moves``, or any prefix) is cut into
**decisions**: the moves one seat played from one pending decision until something was revealed or another decision
point came (``solver.games.wild_tiled_west.ai.hints.continues``: the complete options that hints and the search weigh).  Each decision is
searched from the seat's position only (``solver.games.wild_tiled_west.ai.search.search``, the played option weighed beside the search's
own: ``include``), and its **loss** is how many points the best option's return leads the played option's, on the
same determinizations (paired: common random numbers; 0 when the played option is the best, clipped at 0), with its
standard error.  A decision with a single option loses nothing and is not simulated.  Per seat: the decisions, the
total, mean and largest loss, and the share of decisions with a choice where the played option was the best.

The machinery is the core's (``solver.core.review``: cutting the log, the paired loss, the summary), on this game's
search plug-in (``solver.games.wild_tiled_west.ai.search.WildTiledWestSearch``); this module keeps the functions of a
Wild Tiled West move log.  ``review_game`` is the Python function; ``python -m solver review GAME.json ...``
(``solver.games.wild_tiled_west.cli``) the command, with a progress bar and JSON output.  Source: our design
(docs/hints.md, "Move review").
"""

from __future__ import annotations

from collections.abc import Iterable
from concurrent.futures import Executor
from typing import Any

from solver.core import review as core
from solver.core.review import Decision, summary
from solver.games.wild_tiled_west.ai.search import WildTiledWestSearch
from solver.games.wild_tiled_west.components.catalog import load_catalog
from solver.games.wild_tiled_west.components.values import Catalog
from solver.games.wild_tiled_west.engine.game import Game
from solver.games.wild_tiled_west.rules.setup import GameConfig

__all__ = ["Decision", "decisions", "review", "review_decision", "review_game", "summary"]


def decisions(config: GameConfig, moves: list[dict[str, Any]], catalog: Catalog | None = None,
              seats: list[int] | None = None) -> list[Decision]:
    """The decisions of the move log ``config`` + ``moves`` (``seats``: each move's seat; without them, each move's
    seat is the one ``Game.apply`` plays it for: Setup E's kept partner names its seat), in order
    (``solver.core.review.decisions``: an option goes on while ``solver.games.wild_tiled_west.ai.hints.continues``).
    Raises ``IllegalMove`` when a move does not apply (``Game.replay``)."""
    catalog = catalog or load_catalog()
    if seats is None:
        seats = Game.replay(config, moves, catalog).move_seats
    return core.decisions(WildTiledWestSearch(catalog), Game(config, catalog), moves, seats)


def review_decision(decision: Decision, budget_ms: float | None, simulations: int | None, seed: int = 0,
                    workers: int = 1, catalog: Catalog | None = None, executor: Executor | None = None) -> dict[str, Any]:
    """One decision reviewed (``solver.core.review.review_decision`` on this game's plug-in): ``{"index", "seat",
    "decision", "played", "played_moves", "best", "best_moves", "loss", "loss_stderr", "options", "simulations",
    "partial"}`` (points, rounded to 0.01; ``played`` and ``best`` are labels).  The search: ``budget_ms`` and/or
    ``simulations`` (``solver.games.wild_tiled_west.ai.search.search``), the determinizations seeded by ``seed`` and
    the decision's index."""
    return core.review_decision(WildTiledWestSearch(catalog or load_catalog()), decision, budget_ms, simulations, seed,
                                workers, executor)


def review(chosen: list[Decision], budget_ms: float | None = None, simulations: int | None = None, seed: int = 0,
           workers: int = 1, catalog: Catalog | None = None, progress: bool = False) -> dict[str, Any]:
    """Review ``chosen`` decisions (``solver.core.review.review``; ``workers`` > 1: one process pool for them all;
    ``progress``: a tqdm bar).  Returns ``{"budget_ms", "simulations", "workers", "seed", "seats": summary(...),
    "decisions": [...]}``.  Raises ``ValueError`` for neither a budget nor a simulation count."""
    return core.review(WildTiledWestSearch(catalog or load_catalog()), chosen, budget_ms, simulations, seed, workers,
                       progress)


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
