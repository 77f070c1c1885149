"""The ``bandits`` term of the plan model (``solver.games.wild_tiled_west.planning.plans``): exposure of new and chased-off bandits,
and the shots sheriffs take once the plan is placed."""

from __future__ import annotations

from ortools.sat.python import cp_model

from solver.games.wild_tiled_west.components.geometry import STEPS, Coord, Grid
from solver.games.wild_tiled_west.components.values import Icon, SpaceKind, Terrain
from solver.games.wild_tiled_west.planning.cpsat.candidates import Candidate, cells_with
from solver.games.wild_tiled_west.planning.plans import PlanPosition, tile_bullets
from solver.games.wild_tiled_west.planning.weights import BANDIT_POINTS, POINTS_PER_BULLET
from solver.games.wild_tiled_west.rules.buildings.registry import rule_of
from solver.games.wild_tiled_west.rules.sheriffs_and_bandits import active_sheriffs, all_bandits, blocker_mask


def bandits_term(model: cp_model.CpModel, position: PlanPosition, cands: list[Candidate], x: list, used: list,
                 cover: dict) -> list:
    """The ``bandits`` term: exposure of new and chased-off bandits (``BANDIT_POINTS`` each), and shots once
    the plan is placed: a bandit square is a target when some sheriff square in its row or column holds a
    sheriff and no square between holds a blocker (fixed, or a building or cow square of a chosen placement)
    — or when the plan holds a Sheriff's Office (``_add_targets``); shots are at most the bullets and at most
    the targets (``_add_shots``).  ``x``, ``used`` and ``cover`` as in ``PlacementVariables``.  Returns linear
    expressions in points.  Raises nothing.
    Source: rulebook, Sheriffs and Bandits ("Sheriffs cannot, however, shoot through cows, hills, mines, or
    buildings"); Building guide / Sheriff's Office."""
    s = position.settlement
    side = s.side
    new_bandit, new_sheriff, new_blocker = _icon_squares(position, cands, x)
    out = []
    new_count = sum(t.count(Icon.BANDIT) * used[i] for i, t in enumerate(position.tiles))
    printed = [rc for rc in side.squares(SpaceKind.BANDIT) if s.cover[rc[0]][rc[1]] < 0 and rc not in s.tombstones]
    chased = sum(cover[rc] for rc in printed if rc in cover)
    out.append(-BANDIT_POINTS * (new_count - chased))
    offices = [i for i, t in enumerate(position.tiles) if (rule := rule_of(t.building)) and rule.shoots_anywhere]
    existing_sheriffs = set(active_sheriffs(s))
    if not (existing_sheriffs or new_sheriff or offices):
        return out
    # who may stand where once the plan is placed
    present: dict[Coord, object] = {}
    for rc in all_bandits(s):
        present[rc] = (1 - cover[rc]) if rc in printed and rc in cover else 1
    for rc, xs in new_bandit.items():
        present[rc] = present.get(rc, 0) + sum(xs)  # a printed bandit square may get a tile's bandit
    sheriff_at = {rc: 1 for rc in existing_sheriffs}
    for rc, xs in new_sheriff.items():
        sheriff_at[rc] = sum(xs)
    targets = _add_targets(model, position, used, offices, present, sheriff_at, new_blocker)
    if not targets:
        return out
    out.append(_add_shots(model, position, used, cover, targets))
    return out


def _icon_squares(position: PlanPosition, cands: list[Candidate], x: list) -> tuple[dict, dict, dict]:
    """``(bandit, sheriff, blocker)``: for each square some candidate puts a bandit, a sheriff or a blocker
    (a building or cow square) on, the booleans ``x[k]`` of those candidates."""
    bandit_icon = lambda cell: cell.icon is Icon.BANDIT
    sheriff_icon = lambda cell: cell.icon is Icon.SHERIFF
    blocks = lambda cell: cell.terrain is Terrain.BUILDING or cell.icon is Icon.COW
    new_bandit: dict[Coord, list] = {}
    new_sheriff: dict[Coord, list] = {}
    new_blocker: dict[Coord, list] = {}
    for k, cand in enumerate(cands):
        for rc in cells_with(position, cand, bandit_icon):
            new_bandit.setdefault(rc, []).append(x[k])
        for rc in cells_with(position, cand, sheriff_icon):
            new_sheriff.setdefault(rc, []).append(x[k])
        for rc in cells_with(position, cand, blocks):
            new_blocker.setdefault(rc, []).append(x[k])
    return new_bandit, new_sheriff, new_blocker


def _add_targets(model: cp_model.CpModel, position: PlanPosition, used: list, offices: list[int], present: dict,
                 sheriff_at: dict, new_blocker: dict) -> list:
    """A boolean ``target{square}`` per square where a bandit may stand (``present``: square -> 1 or its
    expression), at most its presence and at most its sights (``_add_sights``) plus the boolean ``office``
    (a Sheriff's Office of the plan, tile indices ``offices``, placed).  ``sheriff_at``: square -> 1 or the
    expression of a sheriff there; ``new_blocker``: square -> the booleans of placements blocking it.
    Returns the target booleans (none for a bandit no sheriff may see, without an office)."""
    g = position.settlement.grid
    fixed = blocker_mask(position.settlement)
    targets = []
    office = model.new_bool_var("office")
    model.add(office <= sum(used[i] for i in offices)) if offices else model.add(office == 0)
    for b, here in present.items():
        sights = _add_sights(model, g, b, sheriff_at, new_blocker, fixed)
        if not sights and not offices:
            continue
        t = model.new_bool_var(f"target{b}")
        if not isinstance(here, int):
            model.add(t <= here)
        model.add(t <= sum(sights) + office)
        targets.append(t)
    return targets


def _add_sights(model: cp_model.CpModel, g: Grid, b: Coord, sheriff_at: dict, new_blocker: dict, fixed: int) -> list:
    """The lines of sight to the bandit square ``b`` on grid ``g``: in each direction, a walk from ``b`` to the
    farthest sheriff square on the line, stopping at a square of the ``fixed`` blocker mask; a boolean
    ``clear{square}{b}`` per square passed that a placement may block (``new_blocker``), at most the previous
    one's and 0 when a blocking placement is chosen, and a boolean ``sight{square}{b}`` per sheriff square met,
    at most its sheriff and the clear boolean before it.  Returns the sight booleans."""
    sights = []
    for dr, dc in STEPS:
        # walk away from the bandit to the farthest sheriff square on the line; ``clear`` bounds "no
        # square passed so far holds a new blocker" (one row per square, shared by the sheriffs beyond)
        reach = max((d for sq in sheriff_at  # d: how far along this direction the sheriff square lies
                     if (d := (sq[0] - b[0]) * dr + (sq[1] - b[1]) * dc) > 0 and sq == (b[0] + d * dr, b[1] + d * dc)),
                    default=0)
        clear: int | cp_model.IntVar = 1
        r, c = b[0] + dr, b[1] + dc
        for step in range(1, reach + 1):
            if (r, c) in sheriff_at:
                on = sheriff_at[(r, c)]
                v = model.new_bool_var(f"sight{(r, c)}{b}")
                for bound in (on, clear):
                    if not isinstance(bound, int):
                        model.add(v <= bound)
                sights.append(v)
            if g.bit(r, c) & fixed:
                break
            if step < reach and (r, c) in new_blocker:
                passed = model.new_bool_var(f"clear{(r, c)}{b}")
                model.add(passed + sum(new_blocker[(r, c)]) <= 1)
                if not isinstance(clear, int):
                    model.add(passed <= clear)
                clear = passed
            r, c = r + dr, c + dc
    return sights


def _add_shots(model: cp_model.CpModel, position: PlanPosition, used: list, cover: dict, targets: list) -> cp_model.LinearExpr:
    """The integer ``shots``, at most the bullets (in hand, the plan's tiles' and bullet spaces covered) and
    at most the ``targets``; each shot worth a bandit's exposure and a tombstone, less the bullet.  Returns
    that linear expression, in points."""
    side = position.settlement.side
    # One new expression, never grown in place: CP-SAT's ``1 * e`` and ``0 + e`` return ``e`` itself and its
    # ``+=`` changes that object, here the ``used`` expression of a lone bullet tile that the bonuses term holds.
    bullets = (position.bullets + sum(tile_bullets(position.catalog, tile) * used[i] for i, tile in enumerate(position.tiles))
               + sum(cover[rc] for rc in side.squares(SpaceKind.BULLET) if rc in cover))
    shots = model.new_int_var(0, len(targets), "shots")
    model.add(shots <= bullets)
    model.add(shots <= sum(targets))
    return (BANDIT_POINTS + position.tombstone_points - POINTS_PER_BULLET) * shots
