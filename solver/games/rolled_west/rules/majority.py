"""Majority bonuses for claims, awarded at the end of the game.

rule text: "After the last player's turn in the 6th round, award majority bonuses for claims. For each terrain type:
The player with the most camps + settlements [in] the terrain circles the larger number to the right of that row. The
player with the 2nd most camps + settlements in that terrain circles the smaller number. In case of a tie, the tied
player with more settlements in that terrain wins the tie. If still tied, then both players score the full amount of
the bonus. If the tie is for 1st place, then 2nd is still awarded."  The bonuses: data/sheet.toml claim_rows
``majority``.  Rulings: "A majority needs at least one claim", "Ties for 2nd place"."""

from __future__ import annotations

from solver.games.rolled_west.components.values import Components
from solver.games.rolled_west.rules.claims import claims_in, settlements_in
from solver.games.rolled_west.rules.sheet import Sheet


def places(sheets: list[Sheet], terrain: str) -> dict[int, int]:
    """Seat -> 1 or 2, the majority place each seat wins in ``terrain`` (a seat without a place is absent).  Seats
    are ranked by camps + settlements, ties broken by settlements; seats still tied share the place (each scores
    the full bonus); after the 1st place (one seat or several tied) the next rank is 2nd.  A seat without a claim in
    the row wins nothing."""
    keys = {s: (claims_in(sheet, terrain), settlements_in(sheet, terrain)) for s, sheet in enumerate(sheets)}
    ranks = sorted({k for k in keys.values() if k[0] > 0}, reverse=True)
    return {s: ranks.index(k) + 1 for s, k in keys.items() if k in ranks[:2]}


def seat_places(sheets: list[Sheet], components: Components) -> list[dict[str, int]]:
    """Per seat, terrain -> the majority place (1 or 2) it holds there as the sheets stand (``places`` of every claim
    row; a terrain where it holds none is absent): the bonus it circles if the game ends now."""
    out: list[dict[str, int]] = [{} for _s in sheets]
    for row in components.claim_rows:
        for seat, place in places(sheets, row.terrain).items():
            out[seat][row.terrain] = place
    return out


def bonuses(sheets: list[Sheet], components: Components) -> list[dict[str, int]]:
    """Per seat, terrain -> the majority bonus it circles (points; 0 when none)."""
    held = seat_places(sheets, components)
    return [{row.terrain: row.majority[mine[row.terrain] - 1] if row.terrain in mine else 0 for row in components.claim_rows}
            for mine in held]


def firsts(sheets: list[Sheet], components: Components, seat: int) -> int:
    """The terrains where ``seat`` wins the 1st place (shared or not): an office's "claim majority"."""
    return sum(1 for row in components.claim_rows if places(sheets, row.terrain).get(seat) == 1)
