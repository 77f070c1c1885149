"""Shipments.

rule text: "Once per turn, you may ship any number of metals. For each metal shipped, check off the leftmost
remaining box in the row corresponding to that metal type. When checking off a box with a single number in it, circle
the number, you will score those points at the end of the game. If a box has two numbers in it, circle the highest
number remaining. If you circle the higher number in a box, each opponent must cross the corresponding number off on
their board, it is no longer available. ... When reaching the 5th space on a shipping row, circle the star icon at the
end of that row. After reaching the 5th space on a shipping row, you may not ship any more of that resource."
The boxes: data/sheet.toml shipping_rows."""

from __future__ import annotations

from solver.core.protocol import IllegalMove
from solver.games.rolled_west.components.texts import _, resource_name
from solver.games.rolled_west.components.values import METALS, Components
from solver.games.rolled_west.rules.sheet import Sheet


def boxes_left(sheet: Sheet, components: Components, metal: str) -> int:
    """The boxes of ``metal``'s row not yet checked (0: the row is complete)."""
    return len(components.shipping_row(metal).boxes) - len(sheet.shipping[metal])


def higher_taken(sheets: list[Sheet], components: Components, metal: str, box: int) -> bool:
    """Whether some player circled the higher number of two-number box ``box`` of ``metal`` (every other player has
    crossed it off)."""
    numbers = components.shipping_row(metal).boxes[box]
    return len(numbers) == 2 and any(len(s.shipping[metal]) > box and s.shipping[metal][box] == numbers[0] for s in sheets)


def check_shipment(sheet: Sheet, components: Components, counts: dict[str, int]) -> None:
    """Raises ``IllegalMove("shipping_row_complete")`` when a count is more than the boxes left in its row
    (``IllegalMove("empty_shipment")`` when nothing is shipped)."""
    if not any(counts.values()):
        raise IllegalMove("empty_shipment", _("a shipment ships at least one metal"))
    for metal, n in counts.items():
        if n > boxes_left(sheet, components, metal):
            raise IllegalMove("shipping_row_complete", _(
                "After reaching the 5th space on a shipping row, you may not ship any more of that resource: {left} "
                "{metal} box(es) left, not {count}").format(left=boxes_left(sheet, components, metal),
                                                            metal=resource_name(metal), count=n))


def ship(sheet: Sheet, sheets: list[Sheet], components: Components, counts: dict[str, int]) -> list[dict[str, object]]:
    """Check off ``counts`` (``{metal: n}``) boxes, leftmost first, on ``sheet`` (one of ``sheets``), circling each
    box's single number or the highest one remaining.  Returns each box checked: ``{"metal", "box" (0-based),
    "points", "first" (the higher number of a two-number box: crossed off for every opponent), "row_complete"}``.
    Raises as ``check_shipment`` (nothing changed); the metals are paid by the caller (``banking.pay``)."""
    check_shipment(sheet, components, counts)
    checked: list[dict[str, object]] = []
    for metal in METALS:
        row = components.shipping_row(metal)
        for _n in range(counts.get(metal, 0)):
            box = len(sheet.shipping[metal])
            numbers = row.boxes[box]
            first = len(numbers) == 2 and not higher_taken(sheets, components, metal, box)
            points = numbers[0] if len(numbers) == 1 or first else numbers[1]
            sheet.shipping[metal].append(points)
            checked.append({"metal": metal, "box": box, "points": points, "first": first,
                            "row_complete": box + 1 == len(row.boxes)})
    return checked


def shipping_points(sheet: Sheet) -> int:
    """The circled numbers of every shipping row, points."""
    return sum(sum(points) for points in sheet.shipping.values())


def rows_complete(sheet: Sheet, components: Components) -> int:
    """The shipping rows whose last box is checked (their end star circled)."""
    return sum(1 for m in METALS if boxes_left(sheet, components, m) == 0)


def stars_checked(sheet: Sheet, components: Components) -> int:
    """The starred shipping boxes checked."""
    return sum(sum(1 for star in components.shipping_row(m).stars[:len(sheet.shipping[m])] if star) for m in METALS)
