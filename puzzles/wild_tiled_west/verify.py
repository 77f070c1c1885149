"""Verifying a submitted solution of a Wild Tiled West puzzle: legality by the placement rules, score by the rules engine.

Our design (docs/puzzles.md, "Verification"), on the rulebook's placement rules (Drafting a tile) as
``solver.games.wild_tiled_west.rules.placement.check_placement`` implements them.  A solution is ``{"placements": [{"tile",
"orientation", "row", "col"}, ...]}`` (the engine's ``place`` moves; coordinates ``(row, col)``, 0-based,
row 0 at the top).  A set of placements is legal when some play order places every tile legally; it is
scored with ``solver.games.wild_tiled_west.planning.plans.evaluate_plan`` (the rules engine's functions), never with the CP-SAT model.
"""

from __future__ import annotations

from puzzles.archive import PuzzleError, check_unchanged
from puzzles.wild_tiled_west.daily import score_breakdown
from puzzles.wild_tiled_west.position import json_field, puzzle_position
from solver.games.wild_tiled_west.components.values import Catalog
from solver.games.wild_tiled_west.planning.plans import evaluate_plan, plan_wrangles
from solver.games.wild_tiled_west.rules.placement import Placement, PlacementCheck, check_placement


def parse_solution(solution: object, hand: set[str], known) -> list[Placement]:
    """The placements of a solution, checked for shape: a JSON object with a ``placements`` list of
    objects with ``tile`` (a string: a catalog tile in the hand, at most once) and ``orientation``,
    ``row``, ``col`` (integers); other keys are ignored.  ``known(tile_id)`` tells a catalog tile.
    Raises ``PuzzleError`` naming the first problem."""
    items = json_field(solution, "placements", list, "solution")
    out: list[Placement] = []
    for i, item in enumerate(items):
        where = f"solution.placements[{i}]"
        tile = json_field(item, "tile", str, where)
        numbers = [json_field(item, key, int, where) for key in ("orientation", "row", "col")]
        if not known(tile):
            raise PuzzleError(f"{where}: unknown tile {tile!r}")
        if tile not in hand:
            raise PuzzleError(f"{where}: tile {tile} is not in the puzzle's hand")
        if any(p.tile_id == tile for p in out):
            raise PuzzleError(f"{where}: tile {tile} is placed twice (each tile of the hand at most once)")
        out.append(Placement(tile, *numbers))
    return out


def illegal_verdict(index: int, placement: Placement, check: PlacementCheck) -> dict:
    """What an illegal ``check`` of the solution's placement number ``index`` says: ``{"rule", "placement", "cell",
    "reason"}`` (the rule's code, the index, the first offending ``[row, col]`` or None, the reason in words)."""
    assert check.rule is not None  # an illegal placement names the rule it breaks
    return {"rule": check.rule.value, "placement": index, "cell": list(check.cell) if check.cell else None,
            "reason": f"placement {index} (tile {placement.tile_id}): {check.message}"}


def _illegal(optimum: int, index: int, placement: Placement, check: PlacementCheck) -> dict:
    return {"legal": False, "score": None, "optimum": optimum, "breakdown": None, **illegal_verdict(index, placement, check)}


def verify_solution(puzzle: dict, solution: dict, catalog: Catalog | None = None) -> dict:
    """The verdict on ``solution`` for ``puzzle`` (a ``puzzles.wild_tiled_west.daily.daily_puzzle`` dict).

    Legal: ``{"legal": True, "score": points, "optimum": points, "optimal": score == optimum,
    "breakdown": {term: points}, "play_order": [placement indexes in a legal order],
    "wrangles": [...]}`` (``wrangles``: for each pasture the solution touches, the cows to wrangle once it
    is placed, 0 for none; ``solver.games.wild_tiled_west.planning.plans.plan_wrangles``).
    Illegal: ``{"legal": False, "score": None, "optimum", "breakdown": None, "rule", "placement", "cell",
    "reason"}``: ``placement`` is the index of the first illegal placement and ``rule`` the code of
    ``solver.games.wild_tiled_west.rules.placement.PlacementRule`` it breaks (``overlap``, ``covers_cow``, ``covers_field``,
    ``covers_hill``, ``covers_mine``, ``off_board``, ``unknown_orientation``, ``not_connected``,
    ``first_tile_off_x``, ...), ``cell`` the first offending ``[row, col]`` or None.

    Checks, in order: each placement in the order given, against the board and the placements before it
    (orientation, board edge, overlap, printed terrain); then connection: the placements are played in
    any order that works, and when some can never be played the first of them (in the order given) is
    reported with the rule it breaks on the settlement they could not join (``not_connected``, or
    ``first_tile_off_x`` when the board has no tile and none of them covers the X).

    ``catalog``: the components and rule numbers to score with (default the packaged catalog).

    Raises ``PuzzleError`` for bad input: a malformed puzzle (or one whose ``id`` does not match its
    content) or solution, an unknown tile, a tile not in the hand or used twice.
    """
    position = puzzle_position(puzzle, catalog)
    optimum = json_field(puzzle, "optimum", int, "puzzle")
    check_unchanged(puzzle)
    catalog = position.catalog
    placements = parse_solution(solution, {t.id for t in position.tiles}, lambda t: known_tile(catalog, t))
    tiles = [position.tile(p.tile_id) for p in placements]
    scratch = position.settlement.copy()
    for i, (p, tile) in enumerate(zip(placements, tiles)):
        valid = 0 <= p.orientation < len(tile.orientations)
        root = tile.orientations[p.orientation].squares_at(p.row, p.col)[0] if valid else None
        check = check_placement(scratch, tile, p.orientation, p.row, p.col, rooted_on=root)
        if not check.legal:
            return _illegal(optimum, i, p, check)
        scratch.place(tile, p.orientation, p.row, p.col, rooted_on=root)
    settlement = position.settlement.copy()
    todo = list(range(len(placements)))
    order: list[int] = []
    while todo:
        playable = [i for i in todo if check_placement(settlement, tiles[i], *_where(placements[i])).legal]
        if not playable:
            i = todo[0]
            return _illegal(optimum, i, placements[i], check_placement(settlement, tiles[i], *_where(placements[i])))
        i = playable[0]
        settlement.place(tiles[i], *_where(placements[i]))
        order.append(i)
        todo.remove(i)
    plan = [placements[i] for i in order]
    value = evaluate_plan(position, plan)
    return {"legal": True, "score": value.total, "optimum": optimum, "optimal": value.total == optimum,
            "breakdown": score_breakdown(value.terms), "play_order": order, "wrangles": plan_wrangles(position, plan)}


def _where(p: Placement) -> tuple[int, int, int]:
    return p.orientation, p.row, p.col


def known_tile(catalog: Catalog, tile_id: str) -> bool:
    """True when ``catalog`` has a tile ``tile_id``."""
    try:
        catalog.tile(tile_id)
    except KeyError:
        return False
    return True

