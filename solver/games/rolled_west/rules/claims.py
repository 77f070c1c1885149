"""Claims: camps and settlements.

rule text: "Once per turn, you may spend a single wood resource to build a camp, or two wood resources to build a
settlement. For a camp, draw a triangle in the leftmost empty space in the claim row corresponding to the terrain die
you set aside earlier. For a settlement, draw a triangle as you would for a camp, and then also draw a circle in the
next empty space. At the end of the game you will score the numbers in your camps and settlements".  The wood each
takes: data/game.toml [costs]; the spaces' numbers and stars: data/sheet.toml claim_rows.  ruling: "A settlement needs
two empty spaces"."""

from __future__ import annotations

from itertools import compress

from solver.core.protocol import IllegalMove
from solver.games.rolled_west.components.texts import N_, _, terrain_name
from solver.games.rolled_west.components.values import WOOD, Components
from solver.games.rolled_west.rules.sheet import CIRCLE, EMPTY, TRIANGLE, Sheet

#: The claims, by the rule text's names.
CAMP, SETTLEMENT = "camp", "settlement"
KINDS = (CAMP, SETTLEMENT)
#: why a claim of each kind does not fit its row (``claim_row_full``)
CLAIM_ROOM = {CAMP: N_("the row of {terrain} has {empty} empty space(s): a camp needs {needed}"),
              SETTLEMENT: N_("the row of {terrain} has {empty} empty space(s): a settlement needs {needed}")}


def wood_cost(components: Components, kind: str) -> dict[str, int]:
    """The wood a ``kind`` of claim takes, ``{"wood": n}`` (``KeyError`` for a kind that is not a claim)."""
    costs = {CAMP: components.numbers.camp_wood, SETTLEMENT: components.numbers.settlement_wood}
    return {WOOD: costs[kind]}


def spaces_taken(kind: str) -> int:
    """How many spaces a claim marks: a camp one (a triangle), a settlement two (a triangle and a circle)."""
    return 1 if kind == CAMP else 2


def empty_spaces(sheet: Sheet, terrain: str) -> int:
    """The empty spaces left in ``terrain``'s row (they are always the rightmost: claims fill it from the left)."""
    return sheet.claims[terrain].count(EMPTY)


def check_claim(sheet: Sheet, terrain: str, kind: str) -> None:
    """Raises ``IllegalMove("claim_row_full")`` when ``terrain``'s row has too few empty spaces for ``kind``
    (``IllegalMove("claim_kind")`` for a kind that is not a camp or a settlement)."""
    if kind not in KINDS:
        raise IllegalMove("claim_kind", _("a claim is a camp or a settlement, not {kind!r}").format(kind=kind))
    if empty_spaces(sheet, terrain) < spaces_taken(kind):
        raise IllegalMove("claim_row_full", _(CLAIM_ROOM[kind]).format(
            terrain=terrain_name(terrain), empty=empty_spaces(sheet, terrain), needed=spaces_taken(kind)))


def claim(sheet: Sheet, terrain: str, kind: str) -> list[int]:
    """Draw the claim in ``terrain``'s row: a triangle in the leftmost empty space, and for a settlement a circle in
    the next one.  Returns the spaces marked (0-based); raises as ``check_claim`` (the sheet unchanged)."""
    check_claim(sheet, terrain, kind)
    row = sheet.claims[terrain]
    first = row.index(EMPTY)
    row[first] = TRIANGLE
    if kind == SETTLEMENT:
        row[first + 1] = CIRCLE
    return list(range(first, first + spaces_taken(kind)))


def claims_in(sheet: Sheet, terrain: str) -> int:
    """Camps + settlements in ``terrain``'s row (each claim has one triangle)."""
    return sheet.claims[terrain].count(TRIANGLE)


def settlements_in(sheet: Sheet, terrain: str) -> int:
    """Settlements in ``terrain``'s row (each has one circle)."""
    return sheet.claims[terrain].count(CIRCLE)


def settlements(sheet: Sheet) -> int:
    """Settlements in every row."""
    return sum(settlements_in(sheet, t) for t in sheet.claims)


def claim_points(sheet: Sheet, components: Components) -> int:
    """The numbers of every space with a triangle or a circle, points (rule text: "add up all the numbers you have
    drawn a circle or triangle around")."""
    return sum(sum(compress(row.numbers, map(EMPTY.__ne__, sheet.claims[row.terrain]))) for row in components.claim_rows)


def claim_stars(sheet: Sheet, components: Components) -> int:
    """The starred claim spaces marked (an office's bonus counts them)."""
    return sum(1 for row in components.claim_rows for star, mark in zip(row.stars, sheet.claims[row.terrain], strict=True)
               if star and mark != EMPTY)
