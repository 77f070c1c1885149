"""Invariants of a Rolled West play, as plain functions over a state (``engine.game.RolledWest``), each returning the
invariants broken as sentences (empty: none); ``broken`` runs them all.  Used after every move by
``tests/rolled_west/test_ai.py`` (a few dozen games) and ``bench/rolled_west_games.py`` (5,000 games, issue 38):

- ``resources_conserved``: per seat and resource, what came in (the resource dice of its turns, the terrain die
  aside, and its dark boxes) equals what went out or is still held (spent on claims, contracts, offices and
  shipments, unspent in its bank boxes, left unspent at a turn's end, or still in the active turn's roll);
- ``exclusive_once``: each contract, each office and each two-number box's higher number is circled by one player at
  most;
- ``scores_match_marks``: each seat's points by category are the sheet's marks counted directly (the numbers drawn
  around in claims and shipping, the contracts' points), its total their sum plus majorities and offices, and the
  end's scores the totals; every seat scored at once (``score_breakdowns``, the majorities ranked once, as the search
  scores) equals each seat scored alone, and the offices' bonuses (each office's own terms counted) equal those with
  every term counted."""

from __future__ import annotations

from collections import Counter
from typing import Any

from solver.games.rolled_west.components.values import RESOURCES, WOOD
from solver.games.rolled_west.rules import boomtown_offices
from solver.games.rolled_west.rules.sheet import CIRCLE, EMPTY, TRIANGLE


def _came_in(state: Any, seat: int) -> Counter[str]:
    """The seat's resource dice (each of its rolls less the terrain die set aside) and its dark boxes filled."""
    came: Counter[str] = Counter()
    dice: list[str] = []
    for event in state.events:
        if event["type"] == "rolled":
            dice = list(event["dice"]) if event["seat"] == seat else []
        elif event["type"] == "terrain_chosen" and event["seat"] == seat:
            came.update(d for i, d in enumerate(dice) if i != event["die"])
    came.update(box["resource"] for box in state.sheets[seat].dark if box is not None)
    return came


def _went_out(state: Any, seat: int) -> Counter[str]:
    """What the seat spent on its sheet, holds unspent in its bank boxes, lost at its turns' ends, and holds in the
    active roll."""
    c, sheet = state.components, state.sheets[seat]
    out: Counter[str] = Counter()
    marks = Counter(m for row in sheet.claims.values() for m in row)
    out[WOOD] += c.numbers.camp_wood * (marks[TRIANGLE] - marks[CIRCLE]) + c.numbers.settlement_wood * marks[CIRCLE]
    for item in [*map(c.contract, sheet.contracts), *map(c.office, sheet.offices)]:
        out.update(item.cost())
    out.update({metal: len(boxes) for metal, boxes in sheet.shipping.items()})
    out.update(box["resource"] for box in [*sheet.white, *sheet.dark] if box is not None and not box["spent"])
    for event in state.events:
        if event["type"] == "turn_ended" and event["seat"] == seat:
            out.update(event["unspent"])
    if seat == state.active and state.phase == "spend":
        out.update(state.rolled)
    return out


def resources_conserved(state: Any) -> list[str]:
    """Per seat and resource, what came in equals what went out or is held (module docstring)."""
    broken = []
    for seat in range(state.players):
        came, went = _came_in(state, seat), _went_out(state, seat)
        for r in RESOURCES:
            if came[r] != went[r]:
                broken.append(f"seat {seat}: {came[r]} {r} came in, {went[r]} spent, held or lost")
    return broken


def exclusive_once(state: Any) -> list[str]:
    """Each contract, office and higher shipping number circled by one player at most."""
    c, sheets = state.components, state.sheets
    broken = [f"{kind} {item} circled by {n} players" for kind, items in (("contract", c.contracts), ("office", c.offices))
              for item in (x.id for x in items)
              if (n := sum(item in getattr(s, f"{kind}s") for s in sheets)) > 1]
    for row in c.shipping_rows:
        for box, numbers in enumerate(row.boxes):
            firsts = sum(len(s.shipping[row.metal]) > box and s.shipping[row.metal][box] == numbers[0] for s in sheets)
            if len(numbers) == 2 and firsts > 1:
                broken.append(f"the higher number of {row.metal} box {box + 1} circled by {firsts} players")
    return broken


def scores_match_marks(state: Any) -> list[str]:
    """Each seat's breakdown against its sheet's marks counted directly, and the end's scores against the totals."""
    c, broken = state.components, []
    together = state.score_breakdowns()
    for seat, sheet in enumerate(state.sheets):
        got = state.score_breakdown(seat)
        if together[seat] != dict(got):
            broken.append(f"seat {seat}: scored with every seat {together[seat]}, alone {dict(got)}")
        every_term = boomtown_offices.counts(state.sheets, c, seat)
        offices = sum(boomtown_offices.bonus(c.office(o), every_term) for o in sheet.offices)
        if got["offices"] != offices:
            broken.append(f"seat {seat}: offices {got['offices']} where every term counted gives {offices}")
        marks = {"claims": sum(n for row in c.claim_rows for n, m in zip(row.numbers, sheet.claims[row.terrain],
                                                                             strict=True) if m != EMPTY),
                 "shipping": sum(sum(boxes) for boxes in sheet.shipping.values()),
                 "contracts": sum(c.contract(x).points for x in sheet.contracts)}
        broken += [f"seat {seat}: {k} {got[k]} where the sheet shows {v}" for k, v in marks.items() if got[k] != v]
        if got["total"] != sum(v for k, v in got.items() if k != "total"):
            broken.append(f"seat {seat}: the total {got['total']} is not the sum of its categories")
        for metal, boxes in sheet.shipping.items():
            printed = c.shipping_row(metal).boxes
            broken += [f"seat {seat}: {metal} box {i + 1} circles {p}, not a number of the box"
                       for i, p in enumerate(boxes) if p not in printed[i]]
    if state.finished:
        end = state.events[-1]
        if end["type"] != "game_end" or [s["total"] for s in end["scores"]] != state.totals():
            broken.append("the end's scores are not the sheets' totals")
    return broken


def broken(state: Any) -> list[str]:
    """Every invariant broken in ``state`` (empty: none)."""
    return [*resources_conserved(state), *exclusive_once(state), *scores_match_marks(state)]
