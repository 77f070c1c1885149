"""Values of a position for a seat, points.

``immediate``: its score as the game would end now plus ``BANKED`` per unspent banked resource (a planning weight of
ours, not a rule): the greedy bot's.

``value``: the seat's estimated final score: the score as the game would end now (claims, majorities as they stand,
contracts, shipping, offices' bonuses as they count now), plus, while the seat has a turn left to spend them in, each
banked resource not yet spent (``held``) at ``BANK_SHARE`` of what a resource of its kind is worth on the sheet
(``resource_rates``, read from the sheet's data: gold, the rarest face, is worth more than copper), plus the **office
outlook** (``office_outlook``): what its circled offices' per-office terms would add by the end if it kept circling
an office a turn while some are left.  With no turn left the value is the score.  Tried and not kept (docs/hints.md,
"Rolled West"): a credit for a row's progress toward its next number, and larger bank shares (the hint bot then lost
to the greedy bot).

``lead``: ``value`` less the best other seat's ``value``, the hint's one-step estimate and the search's (its options'
one-step gains, its playout policy and, at the end of a rollout, the final margin): a race for contracts, offices and
first shipments counts for both sides of it."""

from __future__ import annotations

from typing import Any

from solver.games.rolled_west.components.values import RESOURCES, WOOD, Components
from solver.games.rolled_west.rules import banking, boomtown_offices

#: Points a banked resource not yet spent is worth to the greedy bot (ours: about what a resource adds on average).
BANKED = 0.5
#: Offices a seat is expected to circle per turn it has left, while offices are left (ours: about the bots' pace; the
#: office outlook with 0.5 or 1.5 did no better, docs/hints.md "Rolled West").
OFFICE_PACE = 1.0
#: Share of a resource's mean worth (``resource_rates``) a banked resource counts for while a turn is left (ours).
BANK_SHARE = 0.3


def held(state: Any, seat: int) -> dict[str, int]:
    """The resources ``seat`` holds banked, ``{resource: count}``: its unspent bank boxes, and the resource it chose
    in secret to bank from the roll being decided (its own sealed choice, written when the banks are revealed; no other
    seat's)."""
    out = banking.banked(state.sheets[seat])
    sealed = state.sealed.get(seat)
    if sealed is not None:
        out[sealed] += 1
    return out


def immediate(state: Any, seat: int) -> float:
    """``seat``'s total now plus ``BANKED`` per banked resource it holds (``held``), points."""
    total = float(state.score_breakdown(seat)["total"])
    return total + BANKED * sum(held(state, seat).values())


#: ``resource_rates`` per components (by identity: hashing the components' data on every call cost the search more
#: than the rates).
_RATES: dict[int, tuple[Components, dict[str, float]]] = {}


def resource_rates(components: Components) -> dict[str, float]:
    """Per resource, the mean points per resource of its uses on the sheet (points): for wood, each claim row's
    numbers over the wood that fills the row with settlements; for a metal, its shipping row's numbers (the higher of
    each box) over its boxes, and each contract taking it, its points over its metals.  Computed once per
    components."""
    found = _RATES.get(id(components))
    if found is None or found[0] is not components:
        found = _RATES[id(components)] = (components, _rates(components))
    return found[1]


def _rates(components: Components) -> dict[str, float]:
    settlement = components.numbers.settlement_wood
    uses: dict[str, list[float]] = {r: [] for r in RESOURCES}
    for claim_row in components.claim_rows:
        uses[WOOD].append(sum(claim_row.numbers) * 2 / (settlement * len(claim_row.numbers)))
    for shipping_row in components.shipping_rows:
        uses[shipping_row.metal].append(sum(max(box) for box in shipping_row.boxes) / len(shipping_row.boxes))
    for contract in components.contracts:
        cost = contract.cost()
        for metal in cost:
            uses[metal].append(contract.points / sum(cost.values()))
    return {r: sum(v) / len(v) for r, v in uses.items()}


def turns_left(state: Any, seat: int) -> int:
    """``seat``'s turns still to play, its current one included until it ends (0 once the game is over)."""
    return 0 if state.finished else int(state.rounds - state.turns_taken[seat])


def office_outlook(state: Any, seat: int) -> float:
    """Points the per-office terms of ``seat``'s circled offices (an office's bonus "per office": data/sheet.toml
    offices) would add if it circled ``OFFICE_PACE`` more offices per turn it has left, never more than the offices no
    seat has circled; 0 with no turn left."""
    left = turns_left(state, seat)
    mine = state.sheets[seat].offices
    if left == 0 or not mine:
        return 0.0
    more = min(OFFICE_PACE * left, len(boomtown_offices.remaining(state.components, state.sheets)))
    per_office = sum(points for o in mine for per, points in state.components.office(o).terms if per == "office")
    return per_office * more


def value(state: Any, seat: int) -> float:
    """``seat``'s estimated final score (module docstring), points."""
    return _estimate(state, seat, float(state.score_breakdown(seat)["total"]))


def _estimate(state: Any, seat: int, score: float) -> float:
    """``value`` from ``seat``'s ``score`` now (its total, points)."""
    if turns_left(state, seat) == 0:
        return score
    rates = resource_rates(state.components)
    return score + BANK_SHARE * sum(rates[r] * n for r, n in held(state, seat).items()) + office_outlook(state, seat)


def lead(state: Any, seat: int) -> float:
    """``seat``'s ``value`` less the best other seat's (points): once the game is over, its final margin; in the solo
    puzzle (no other seat) the value itself.  Every seat's score is counted in one pass (``RolledWest.totals``)."""
    totals = state.totals()
    return _estimate(state, seat, float(totals[seat])) - max(
        (_estimate(state, s, float(totals[s])) for s in range(state.players) if s != seat), default=0.0)
