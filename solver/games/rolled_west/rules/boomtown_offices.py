"""Boomtown offices.

rule text: "Once per turn, you may spend two metals to purchase one of the remaining Boomtown offices, which are end
game bonus scoring conditions. The Boomtown offices are located in a grid on your score board, and the cost for each
is the combination of the metal pictured at the left of its row and the top of its column. When purchasing a
Boomtown office, circle it on your score board. Each opponent must cross that office off on their board, it is no
longer available." ... "Then add the game end bonuses from any Boomtown offices you have circled."
The grid and each office's bonus as data: data/sheet.toml offices.  ruling: "Office bonuses"."""

from __future__ import annotations

from collections.abc import Callable, Collection

from solver.games.rolled_west.components.values import OFFICE_TERMS, Components, Office
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


def counts(sheets: list[Sheet], components: Components, seat: int,
           placed: dict[str, dict[int, int]] | None = None, terms: Collection[str] = OFFICE_TERMS) -> dict[str, int]:
    """What the offices' bonus terms count on ``seat``'s sheet, by term (``OFFICE_TERMS``; ``terms``: only those;
    ``placed``: the majorities' ``majority.all_places`` when the caller has it)."""
    sheet = sheets[seat]
    count: dict[str, Callable[[], int]] = {
        "office": lambda: len(sheet.offices), "contract": lambda: len(sheet.contracts),
        "majority": lambda: majority.firsts(sheets, components, seat, placed),
        "shipping_row": lambda: shipments.rows_complete(sheet, components),
        "settlement": lambda: claims.settlements(sheet), "copper_shipped": lambda: len(sheet.shipping["copper"]),
        "copper_in_contracts": lambda: contracts.metal_in_contracts(sheet, components, "copper"),
        "shipping_star": lambda: shipments.stars_checked(sheet, components),
        "claim_star": lambda: claims.claim_stars(sheet, components), "fixed": lambda: 1}
    return {term: count[term]() for term in terms}


def bonus(office: Office, counted: dict[str, int]) -> int:
    """An office's bonus, points: each term's points times what it counts (``counts``)."""
    return sum(points * counted[per] for per, points in office.terms)


def office_points(sheets: list[Sheet], components: Components, seat: int,
                  placed: dict[str, dict[int, int]] | None = None) -> int:
    """The bonuses of every office ``seat`` circled, points (0 without one: nothing counted; ``placed``: the
    majorities' ``majority.all_places`` when the caller has it)."""
    if not sheets[seat].offices:
        return 0
    offices = [components.office(o) for o in sheets[seat].offices]
    counted = counts(sheets, components, seat, placed, {per for office in offices for per, _points in office.terms})
    return sum(bonus(office, counted) for office in offices)
