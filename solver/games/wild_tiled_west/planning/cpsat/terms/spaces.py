"""The terms of the spaces the plan covers and of its tiles' icons: ``bonuses``, ``horseshoes`` and ``mining``
(``solver.games.wild_tiled_west.planning.plans``)."""

from __future__ import annotations

import itertools

from ortools.sat.python import cp_model

from solver.games.wild_tiled_west.components.values import SpaceKind
from solver.games.wild_tiled_west.planning.plans import PlanPosition, tile_bonus_points
from solver.games.wild_tiled_west.planning.weights import BONUS_POINTS
from solver.games.wild_tiled_west.rules.bonuses import BOARD_BONUS


def bonuses_term(position: PlanPosition, cover: dict, used: list) -> list:
    """The ``bonuses`` term: gold, bullet and alley spaces covered (``BONUS_POINTS`` each, through their
    ``cover`` booleans), then each placed tile's bonus icons (``tile_bonus_points`` times its ``used``
    expression).  ``cover`` and ``used`` as in ``PlacementVariables``.  Adds nothing to the model.  Returns
    linear expressions in points.  Raises nothing."""
    side = position.settlement.side
    out = []
    for rc, expr in cover.items():
        kind = side.space(*rc).kind
        if kind in BOARD_BONUS:
            out.append(BONUS_POINTS[BOARD_BONUS[kind]] * expr)
    for i, tile in enumerate(position.tiles):
        if tile_bonus_points(position.catalog, tile):
            out.append(tile_bonus_points(position.catalog, tile) * used[i])
    return out


def horseshoes_term(position: PlanPosition, cover: dict) -> list:
    """The ``horseshoes`` term: ``position.horseshoe_points`` per horseshoe space covered.  Adds nothing to
    the model.  Returns linear expressions in points.  Raises nothing."""
    side = position.settlement.side
    return [position.horseshoe_points * expr for rc, expr in cover.items() if side.space(*rc).kind is SpaceKind.HORSESHOE]


def mining_term(model: cp_model.CpModel, position: PlanPosition, cover: dict) -> list:
    """The ``mining`` term: the mining gain of covering k pickaxe spaces (``position.mining_gain``), as a
    staircase of booleans ``pickaxes>=j`` (at least j covered; their sum is the count, each at most the
    previous) weighted by the gain's steps: exact, and its linear relaxation follows the count, unlike an
    element constraint's.  Returns linear expressions in points (none without a pickaxe space to cover).
    Raises nothing."""
    side = position.settlement.side
    pickaxes = [expr for rc, expr in cover.items() if side.space(*rc).kind is SpaceKind.PICKAXE]
    if not pickaxes:
        return []
    # the mining gain of covering k pickaxes, as a staircase: step[j] is "at least j+1 covered"
    table = [position.mining_gain(k) for k in range(len(pickaxes) + 1)]
    steps = [model.new_bool_var(f"pickaxes>={j + 1}") for j in range(len(pickaxes))]
    model.add(sum(steps) == sum(pickaxes))
    for a, b in itertools.pairwise(steps):
        model.add(b <= a)
    return [(table[j + 1] - table[j]) * steps[j] for j in range(len(pickaxes))]
