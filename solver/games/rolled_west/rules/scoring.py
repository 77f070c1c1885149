"""The end of the game's tally, and the winner.

rule text: "To tally your score for contracts, shipping, and claims, add up all the numbers you have drawn a circle or
triangle around anywhere on your board. Then add the game end bonuses from any Boomtown offices you have circled. The
player with the highest score wins! In case of a tie score, play a rematch to determine a winner."  ruling: "A tied
score is a shared win"."""

from __future__ import annotations

from typing import Any

from solver.games.rolled_west.components.values import Components
from solver.games.rolled_west.rules import boomtown_offices, claims, contracts, majority, shipments
from solver.games.rolled_west.rules.sheet import Sheet

#: The score sheet's categories, in the order a breakdown lists them.
CATEGORIES = ("claims", "majorities", "contracts", "shipping", "offices")


def breakdown(sheets: list[Sheet], components: Components, seat: int,
              placed: dict[str, dict[int, int]] | None = None) -> dict[str, int]:
    """``seat``'s points by category (``CATEGORIES``) and the ``"total"``, as the game would end now (``placed``:
    the majorities' ``majority.all_places`` when the caller has it)."""
    placed = majority.all_places(sheets, components) if placed is None else placed
    parts = {"claims": claims.claim_points(sheets[seat], components),
             "majorities": sum(majority.bonuses(sheets, components, placed)[seat].values()),
             "contracts": contracts.contract_points(sheets[seat], components),
             "shipping": shipments.shipping_points(sheets[seat]),
             "offices": boomtown_offices.office_points(sheets, components, seat, placed)}
    return {**parts, "total": sum(parts.values())}


def breakdowns(sheets: list[Sheet], components: Components) -> list[dict[str, int]]:
    """Every seat's ``breakdown``, the majorities ranked once for all of them."""
    placed = majority.all_places(sheets, components)
    return [breakdown(sheets, components, seat, placed) for seat in range(len(sheets))]


def standings(totals: list[int]) -> list[dict[str, Any]]:
    """Seats best first: ``{"seat", "points", "place"}``; seats of one score share the place (the rule text's
    rematch: a shared win)."""
    rows: list[dict[str, Any]] = sorted(({"seat": s, "points": p} for s, p in enumerate(totals)),
                                        key=lambda r: (-r["points"], r["seat"]))
    for i, row in enumerate(rows):
        row["place"] = rows[i - 1]["place"] if i and rows[i - 1]["points"] == row["points"] else i + 1
    return rows


def winners(totals: list[int]) -> list[int]:
    """The seats with the highest score (several: a shared win)."""
    return [r["seat"] for r in standings(totals) if r["place"] == 1]
