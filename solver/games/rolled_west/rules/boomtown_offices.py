"""Boomtown offices.

rule text: "Once per turn, you may spend two metals to purchase one of the remaining Boomtown offices, which are end
game bonus scoring conditions. The Boomtown offices are located in a grid on your score board, and the cost for each
is the combination of the metal pictured at the left of its row and the top of its column. When purchasing a
Boomtown office, circle it on your score board. Each opponent must cross that office off on their board, it is no
longer available." ... "Then add the game end bonuses from any Boomtown offices you have circled."
The grid and each office's bonus as data: data/sheet.toml offices.  ruling: "Office bonuses"."""

from __future__ import annotations

from solver.games.rolled_west.components.values import Components, Office
from solver.games.rolled_west.rules import claims, contracts, majority, shipments
from solver.games.rolled_west.rules.sheet import Sheet, check_available, uncircled


def remaining(components: Components, sheets: list[Sheet]) -> list[Office]:
    """The offices no player has circled, row by row."""
    return uncircled(components.offices, sheets, "offices")


def check_remaining(components: Components, sheets: list[Sheet], office_id: str) -> Office:
    """The office ``office_id``; raises ``IllegalMove("no_such_office")`` or, when a seat circled it,
    ``IllegalMove("office_taken")``."""
    check_available(sheets, "offices", office_id, [x.id for x in components.offices], "office")
    return components.office(office_id)


def buy(sheet: Sheet, office: Office) -> None:
    """Circle ``office`` on ``sheet`` (its cost paid by the caller, ``banking.pay``)."""
    sheet.offices.append(office.id)


def counts(sheets: list[Sheet], components: Components, seat: int) -> dict[str, int]:
    """What the offices' bonus terms count on ``seat``'s sheet, by term (``OFFICE_TERMS``)."""
    sheet = sheets[seat]
    return {"office": len(sheet.offices), "contract": len(sheet.contracts),
            "majority": majority.firsts(sheets, components, seat),
            "shipping_row": shipments.rows_complete(sheet, components), "settlement": claims.settlements(sheet),
            "copper_shipped": len(sheet.shipping["copper"]),
            "copper_in_contracts": contracts.metal_in_contracts(sheet, components, "copper"),
            "shipping_star": shipments.stars_checked(sheet, components),
            "claim_star": claims.claim_stars(sheet, components), "fixed": 1}


def bonus(office: Office, counted: dict[str, int]) -> int:
    """An office's bonus, points: each term's points times what it counts (``counts``)."""
    return sum(points * counted[per] for per, points in office.terms)


def office_points(sheets: list[Sheet], components: Components, seat: int) -> int:
    """The bonuses of every office ``seat`` circled, points (0 without one: nothing counted)."""
    if not sheets[seat].offices:
        return 0
    counted = counts(sheets, components, seat)
    return sum(bonus(components.office(o), counted) for o in sheets[seat].offices)
