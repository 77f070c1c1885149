"""Exhaustive search for the best solo plan of a short puzzle (2 or 3 rounds): the reference the CP-SAT model is
checked against.

Every round but the last is walked through the engine: every whole turn (``planning.solo.whole_turns``: the terrain,
the actions in one order, ``end_turn``) and every choice at each ghost roll (a die, or ``pass``).  Games that reach
the same sheet and bank at the start of a round go on alike, so each such start is searched once
(``planning.solo.round_key``).  The last turn, which the search reaches from thousands of starts, is searched by
``best_last_turn``: every terrain die, claim, contract and office the resources pay for (the turn's dice less the
terrain die, and the banked ones: rule text, "just as if they were rolled"), with the greatest shipment the rest pays
for, each final sheet made and scored by the rules' own functions (``rules.claims``, ``rules.shipments``, ...,
``rules.scoring.breakdown``), once per sheet.  Two things make that exact: a bank in the last turn changes no score
(nothing is left to spend it on), and a greater shipment never scores less (every box's number is at least 0 and
every office term counting shipments grows with them), so no other last turn does better
(``tests/rolled_west/test_planning.py`` checks it against every whole turn the engine allows).  Exponential: meant
for small cases."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from solver.core.protocol import JSON
from solver.games.rolled_west.components.values import METALS, RESOURCES, WOOD, Components
from solver.games.rolled_west.engine.game import RolledWest
from solver.games.rolled_west.engine.moves import distinct
from solver.games.rolled_west.planning.solo import SEAT, SoloPuzzle, ghost_banks, round_key, whole_turns
from solver.games.rolled_west.rules import banking, boomtown_offices, claims, contracts, scoring, shipments, terrain
from solver.games.rolled_west.rules.sheet import CIRCLE, EMPTY, TRIANGLE, Sheet

#: A last turn: (terrain resource, claim kind or None, contract id or None, office id or None, shipment per metal).
LastTurn = tuple[str, str | None, str | None, str | None, tuple[int, ...]]


@dataclass
class OracleResult:
    """The best plan found: ``moves`` (every move of the game, in order), its ``score``, the round starts searched
    (``starts``), the final sheets scored (``sheets``) and the wall time in milliseconds."""

    moves: list[JSON]
    score: int
    starts: int
    sheets: int
    wall_ms: float


class LastTurns:
    """The best last turn of the solo game from any sheet and bank (``best``), each final sheet scored once."""

    def __init__(self, components: Components):
        self.components = components
        self.scores: dict[tuple[Any, ...], int] = {}
        costs = [(x.id, x.cost()) for x in components.contracts] + [(o.id, o.cost()) for o in components.offices]
        self.costs = {item: tuple(cost.get(m, 0) for m in METALS) for item, cost in costs}

    def best(self, sheet: Sheet, held: dict[str, int], dice: list[str]) -> tuple[int, list[JSON]]:
        """The best final score of the last turn on ``dice`` from ``sheet`` with ``held`` banked, and the turn's moves
        (the terrain, the actions in one order, ``end_turn``); ties: the first found."""
        rows = list(sheet.claims)
        marks = [tuple(sheet.claims[t]) for t in rows]
        shipped = tuple(len(sheet.shipping[m]) for m in METALS)
        owned = (tuple(sorted(sheet.contracts)), tuple(sorted(sheet.offices)))
        best: tuple[int, LastTurn] | None = None
        for turn in self._turns(sheet, held, dice):
            resource, kind, contract, office, shipment = turn
            claimed = list(marks)
            if kind is not None:
                i = rows.index(terrain.terrain_row(self.components, resource))
                row = list(claimed[i])
                first = row.index(EMPTY)
                row[first:first + claims.spaces_taken(kind)] = (TRIANGLE, CIRCLE)[:claims.spaces_taken(kind)]
                claimed[i] = tuple(row)
            key = (tuple(claimed), tuple(a + b for a, b in zip(shipped, shipment, strict=True)),
                   tuple(sorted((*owned[0], contract))) if contract else owned[0],
                   tuple(sorted((*owned[1], office))) if office else owned[1])
            score = self.scores.get(key)
            if score is None:
                score = self.scores[key] = self._tally(sheet, turn)
            if best is None or score > best[0]:
                best = (score, turn)
        assert best is not None  # a turn may always be ended
        resource, kind, contract, office, shipment = best[1]
        moves: list[JSON] = [{"type": "terrain", "resource": resource}]
        moves += [{"type": "claim", "kind": kind}] if kind else []
        moves += [{"type": "contract", "contract": contract}] if contract else []
        moves += [{"type": "office", "office": office}] if office else []
        moves += [{"type": "ship", **dict(zip(METALS, shipment, strict=True))}] if any(shipment) else []
        return best[0], [*moves, {"type": "end_turn"}]

    def _turns(self, sheet: Sheet, held: dict[str, int], dice: list[str]) -> Iterator[LastTurn]:
        """Every last turn weighed (module docstring)."""
        c = self.components
        boxes = [shipments.boxes_left(sheet, c, m) for m in METALS]
        nothing = (0,) * len(METALS)
        items = [[(None, nothing)] + [(x.id, self.costs[x.id]) for x in left]
                 for left in (contracts.remaining(c, [sheet]), boomtown_offices.remaining(c, [sheet]))]
        for resource in distinct(dice):
            rolled = terrain.resources_left(dice, terrain.terrain_die(dice, resource))
            wood = rolled[WOOD] + held[WOOD]
            metals = [rolled[m] + held[m] for m in METALS]
            row = terrain.terrain_row(c, resource)
            kinds = [None, *(k for k in claims.KINDS if claims.empty_spaces(sheet, row) >= claims.spaces_taken(k)
                             and claims.wood_cost(c, k)[WOOD] <= wood)]
            for contract, paid in items[0]:
                left = [n - p for n, p in zip(metals, paid, strict=True)]
                if min(left) < 0:
                    continue
                for office, cost in items[1]:
                    rest = [n - p for n, p in zip(left, cost, strict=True)]
                    if min(rest) < 0:
                        continue
                    shipment = tuple(min(n, b) for n, b in zip(rest, boxes, strict=True))
                    for kind in kinds:
                        yield resource, kind, contract, office, shipment

    def _tally(self, start: Sheet, turn: LastTurn) -> int:
        """The final sheet made by the rules' own functions, and its total."""
        c = self.components
        resource, kind, contract, office, shipment = turn
        sheet = Sheet.from_json(start.to_json())
        if kind is not None:
            claims.claim(sheet, terrain.terrain_row(c, resource), kind)
        if contract is not None:
            contracts.fulfil(sheet, c.contract(contract))
        if office is not None:
            boomtown_offices.buy(sheet, c.office(office))
        if any(shipment):
            shipments.ship(sheet, [sheet], c, dict(zip(METALS, shipment, strict=True)))
        return int(scoring.breakdown([sheet], c, SEAT)["total"])


def best_last_turn(state: RolledWest, last: LastTurns | None = None) -> tuple[int, list[JSON]]:
    """``LastTurns.best`` for the solo player of ``state``, at the terrain decision of its last turn."""
    last = last or LastTurns(state.components)
    return last.best(state.sheets[SEAT], banking.banked(state.sheets[SEAT]), state.dice)


def best_by_search(puzzle: SoloPuzzle) -> OracleResult:
    """The optimum of ``puzzle`` (2 rounds or more) over every legal play (ties: the first plan found)."""
    start = time.perf_counter()
    memo: dict[tuple[Any, ...], tuple[int, list[JSON]]] = {}
    last = LastTurns(puzzle.components)
    final_dice = list(puzzle.turns[-1])

    def last_round(sheet: Sheet, held: dict[str, int]) -> tuple[int, list[JSON]]:
        key = (round_key_of(sheet), tuple(held[r] for r in RESOURCES))
        if key not in memo:
            memo[key] = last.best(sheet, held, final_dice)
        return memo[key]

    def best(state: RolledWest) -> tuple[int, list[JSON]]:
        key = round_key(state)
        if key in memo:
            return memo[key]
        found: tuple[int, list[JSON]] | None = None
        penultimate = state.round == puzzle.rounds - 1
        for moves, after in whole_turns(state):
            for bank in ghost_banks(after):
                if penultimate:  # the bank's effect, then the last turn (every die may be banked: ghost_banks)
                    held = banking.banked(after.sheets[SEAT])
                    if bank["type"] == "bank_between":
                        held[bank["resource"]] += 1
                    score, rest = last_round(after.sheets[SEAT], held)
                else:
                    banked = after.clone()
                    banked.play(SEAT, bank)
                    score, rest = best(banked)
                if found is None or score > found[0]:
                    found = (score, [*moves, bank, *rest])
        assert found is not None  # a turn may always be ended, and a ghost roll passed
        memo[key] = found
        return found

    if puzzle.rounds < 2:
        raise ValueError("the oracle searches puzzles of 2 rounds or more")
    score, moves = best(puzzle.game())
    return OracleResult(moves, score, len(memo), len(last.scores), (time.perf_counter() - start) * 1000)


def round_key_of(sheet: Sheet) -> tuple[Any, ...]:
    """A final sheet's scoring marks (claims, shipping, contracts, offices) as a key."""
    return (tuple(tuple(m) for m in sheet.claims.values()), tuple(tuple(p) for p in sheet.shipping.values()),
            tuple(sorted(sheet.contracts)), tuple(sorted(sheet.offices)))
