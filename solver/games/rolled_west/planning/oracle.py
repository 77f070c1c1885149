"""Exhaustive search for the best solo plan of a short puzzle (2 or 3 rounds): the reference the CP-SAT model is
checked against.

Every round but the last is walked through the engine: every whole turn (``planning.solo.whole_turns``: the terrain,
the actions in one order, ``end_turn``) and every choice at each ghost roll (a die, or ``pass``).  Games that reach
the same sheet and bank at the start of a round go on alike, so each such start is searched once
(``planning.solo.round_key``).  The last turn, which the search reaches from thousands of starts, is searched by
``best_last_turn``: every terrain die, claim, contract and office the resources pay for, with the greatest shipment
the rest pays for, each final sheet scored by the engine's tally (``rules.scoring.breakdown``).  Two things make that
exact: a bank in the last turn changes no score (nothing is left to spend it on), and a greater shipment never
scores less (every box's number is at least 0 and every office term counting shipments grows with them), so no
other last turn can do better (``tests/rolled_west/test_planning.py`` checks it against every whole turn the engine
allows).  Exponential: meant for small cases."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from solver.core.protocol import JSON
from solver.games.rolled_west.components.values import METALS, WOOD
from solver.games.rolled_west.engine.game import RolledWest
from solver.games.rolled_west.engine.moves import distinct
from solver.games.rolled_west.planning.solo import SEAT, SoloPuzzle, ghost_banks, round_key, whole_turns
from solver.games.rolled_west.rules import banking, boomtown_offices, claims, contracts, scoring, shipments, terrain
from solver.games.rolled_west.rules.sheet import Sheet


@dataclass
class OracleResult:
    """The best plan found: ``moves`` (every move of the game, in order), its ``score``, the round starts searched
    (``starts``), the final sheets scored (``sheets``) and the wall time in milliseconds."""

    moves: list[JSON]
    score: int
    starts: int
    sheets: int
    wall_ms: float


class _Scores:
    """The engine's tally of final sheets, each scored once (``rules.scoring.breakdown`` of the solo sheet)."""

    def __init__(self, state: RolledWest):
        self.components = state.components
        self.memo: dict[tuple[Any, ...], int] = {}

    def score(self, start: Sheet, terrain_row: str, claim: str | None, contract: str | None, office: str | None,
              shipped: dict[str, int]) -> int:
        marks = dict(start.claims)
        if claim is not None:
            row = list(marks[terrain_row])
            first = row.index("")
            row[first:first + claims.spaces_taken(claim)] = (["triangle", "circle"] if claim == claims.SETTLEMENT
                                                             else ["triangle"])
            marks[terrain_row] = row
        key = (tuple(tuple(m) for m in marks.values()), tuple(len(start.shipping[m]) + shipped[m] for m in METALS),
               tuple(sorted([*start.contracts, *([contract] if contract else [])])),
               tuple(sorted([*start.offices, *([office] if office else [])])))
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self._tally(start, terrain_row, claim, contract, office, shipped)
        return found

    def _tally(self, start: Sheet, terrain_row: str, claim: str | None, contract: str | None, office: str | None,
               shipped: dict[str, int]) -> int:
        """The final sheet made by the rules' own functions, and its total."""
        c = self.components
        sheet = Sheet.from_json(start.to_json())
        if claim is not None:
            claims.claim(sheet, terrain_row, claim)
        if contract is not None:
            contracts.fulfil(sheet, c.contract(contract))
        if office is not None:
            boomtown_offices.buy(sheet, c.office(office))
        if any(shipped.values()):
            shipments.ship(sheet, [sheet], c, shipped)
        return int(scoring.breakdown([sheet], c, SEAT)["total"])


def _last_turns(state: RolledWest) -> Iterator[tuple[str, str | None, str | None, str | None, dict[str, int]]]:
    """The last turns ``best_last_turn`` weighs: ``(terrain resource, claim kind, contract, office, shipment)``."""
    c, sheet = state.components, state.sheets[SEAT]
    held = banking.banked(sheet)
    boxes = [shipments.boxes_left(sheet, c, m) for m in METALS]
    items = [[(None, (0,) * len(METALS))] + [(x.id, tuple(x.cost().get(m, 0) for m in METALS)) for x in left]
             for left in (contracts.remaining(c, [sheet]), boomtown_offices.remaining(c, [sheet]))]
    for resource in distinct(state.dice):
        rolled = terrain.resources_left(state.dice, terrain.terrain_die(state.dice, resource))
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
                shipped = {m: min(n, b) for m, n, b in zip(METALS, rest, boxes, strict=True)}
                for kind in kinds:
                    yield resource, kind, contract, office, shipped


def best_last_turn(state: RolledWest, scores: _Scores | None = None) -> tuple[int, list[JSON]]:
    """The best final score from ``state`` (the solo player's last turn, at its terrain decision) and the turn's moves
    (the terrain, the actions in one order, ``end_turn``); ties: the first found.  See the module docstring."""
    scores = scores or _Scores(state)
    sheet = state.sheets[SEAT]
    best: tuple[int, tuple[Any, ...]] | None = None
    for turn in _last_turns(state):
        resource, kind, contract, office, shipped = turn
        score = scores.score(sheet, terrain.terrain_row(state.components, resource), kind, contract, office, shipped)
        if best is None or score > best[0]:
            best = (score, turn)
    assert best is not None  # a turn may always be ended
    resource, kind, contract, office, shipped = best[1]
    moves: list[JSON] = [{"type": "terrain", "resource": resource}]
    moves += [{"type": "claim", "kind": kind}] if kind else []
    moves += [{"type": "contract", "contract": contract}] if contract else []
    moves += [{"type": "office", "office": office}] if office else []
    moves += [{"type": "ship", **shipped}] if any(shipped.values()) else []
    return best[0], [*moves, {"type": "end_turn"}]


def best_by_search(puzzle: SoloPuzzle) -> OracleResult:
    """The optimum of ``puzzle`` over every legal play (ties: the first plan found)."""
    start = time.perf_counter()
    memo: dict[tuple[Any, ...], tuple[int, list[JSON]]] = {}
    game = puzzle.game()
    scores = _Scores(game)

    def best(state: RolledWest) -> tuple[int, list[JSON]]:
        key = round_key(state)
        if key in memo:
            return memo[key]
        if state.round == puzzle.rounds:
            memo[key] = best_last_turn(state, scores)
            return memo[key]
        found: tuple[int, list[JSON]] | None = None
        for moves, after in whole_turns(state):
            for bank in ghost_banks(after):
                banked = after.clone()
                banked.play(SEAT, bank)
                score, rest = best(banked)
                if found is None or score > found[0]:
                    found = (score, [*moves, bank, *rest])
        assert found is not None  # a turn may always be ended, and a ghost roll passed
        memo[key] = found
        return found

    score, moves = best(game)
    return OracleResult(moves, score, len(memo), len(scores.memo), (time.perf_counter() - start) * 1000)
