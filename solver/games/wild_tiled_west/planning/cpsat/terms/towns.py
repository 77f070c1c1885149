"""The ``towns`` and ``town_progress`` terms of the plan model (``solver.games.wild_tiled_west.planning.plans``)."""

from __future__ import annotations

from collections.abc import Iterator

from ortools.sat.python import cp_model

from solver.games.wild_tiled_west.components.geometry import Coord
from solver.games.wild_tiled_west.components.values import Town
from solver.games.wild_tiled_west.planning.plans import PlanPosition
from solver.games.wild_tiled_west.planning.weights import TOWN_SQUARE_POINTS
from solver.games.wild_tiled_west.rules.towns import completed_towns, town_points


def _open_towns(position: PlanPosition, cover: dict) -> Iterator[tuple[Town, list[Coord], list]]:
    """The settlement's towns not yet complete, in the board's order, each as ``(town, its open squares, the
    cover booleans of those the plan may cover)``."""
    s = position.settlement
    done = {t.letter for t in completed_towns(s)}
    for town in s.side.towns:
        if town.letter in done:
            continue
        open_squares = [rc for rc in town.squares if s.cover[rc[0]][rc[1]] < 0]
        reachable = [cover[rc] for rc in open_squares if rc in cover]
        yield town, open_squares, reachable


def towns_term(model: cp_model.CpModel, position: PlanPosition, cover: dict) -> tuple[list, dict[str, cp_model.IntVar]]:
    """The ``towns`` term: a boolean per town the plan may complete (every open square coverable), at most
    each open square's ``cover`` boolean and at least 1 once all are covered, worth the town's points (sign and
    the year's completion bonus).  ``cover`` as in ``PlacementVariables``.  Returns ``(term, complete)``: the
    term's linear expressions in points, and ``complete``: town letter -> its boolean (for
    ``town_progress_term``).  Raises nothing."""
    out = []
    complete = {}
    for town, open_squares, reachable in _open_towns(position, cover):
        if len(reachable) == len(open_squares):
            z = model.new_bool_var(f"town{town.letter}")
            for rc in open_squares:
                model.add(z <= cover[rc])
            model.add(z >= sum(reachable) - len(reachable) + 1)  # complete once every square is covered
            sign, bonus = town_points(town, position.year, position.town_bonus)
            out.append((sign + bonus) * z)
            complete[town.letter] = z
    return out, complete


def town_progress_term(position: PlanPosition, cover: dict, complete: dict[str, cp_model.IntVar]) -> list:
    """The ``town_progress`` term (positional; empty when ``position.positional`` is False):
    ``TOWN_SQUARE_POINTS`` per open town square covered, less the same for a town the plan completes
    (``complete``: ``towns_term``'s booleans).  Adds nothing to the model.  Returns linear expressions in
    points.  Raises nothing."""
    out = []
    for town, _, reachable in _open_towns(position, cover):
        out.append(TOWN_SQUARE_POINTS * sum(reachable))
        if town.letter in complete:
            out.append(-TOWN_SQUARE_POINTS * len(reachable) * complete[town.letter])
    if not position.positional:
        return []
    return out
