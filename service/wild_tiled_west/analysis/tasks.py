"""The analysis computations as heavy-work tasks (``service.heavy``): run by the queue's consumer processes,
waited for by the request that asked (``service.fairness.run_for_request``: each at the priority of its kind and
client; ``TIERS["ANALYSIS"]`` when queued otherwise)."""

from __future__ import annotations

from typing import Any

from service.fairness import TIERS
from service.heavy import huey, refusals, task_app
from service.wild_tiled_west.analysis.compute import best_plan, puzzle_plan, seat_hint
from service.wild_tiled_west.components import catalog_of
from solver.games.wild_tiled_west.components.values import Catalog


def _catalog() -> Catalog:
    """The catalog of the app the task works for (its Wild Tiled West game object's)."""
    return catalog_of(task_app())


@huey.task(priority=TIERS["ANALYSIS"])
@refusals
def hint_task(position: dict[str, Any], top: int, budget_ms: int, simulations: int | None = None,
              seed: int = 0) -> dict[str, Any]:
    """``compute.seat_hint`` for ``position`` (``Game.position`` data), ``top`` options, ``budget_ms`` (capped),
    ``simulations`` (or ``None``: the budget alone) and the determinizations' ``seed``."""
    return seat_hint(position, top, budget_ms, _catalog(), simulations, seed)


@huey.task(priority=TIERS["ANALYSIS"])
@refusals
def plan_task(position: dict[str, Any], tiles: list[str], required: bool, budget_ms: int) -> dict[str, Any]:
    """``compute.best_plan`` for ``tiles`` on ``position``'s settlement within ``budget_ms``."""
    return best_plan(position, tiles, required, budget_ms, _catalog())


@huey.task(priority=TIERS["ANALYSIS"])
@refusals
def puzzle_plan_task(puzzle: dict[str, Any], tiles: list[str] | None, required: bool, budget_ms: int) -> dict[str, Any]:
    """``compute.puzzle_plan`` for a daily puzzle's hand (or ``tiles`` of it) within ``budget_ms``."""
    return puzzle_plan(puzzle, tiles, required, budget_ms, _catalog())
