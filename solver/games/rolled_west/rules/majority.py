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


def all_places(sheets: list[Sheet], components: Components) -> dict[str, dict[int, int]]:
    """Per terrain, ``places`` (seat -> 1 or 2): what ``bonuses`` and ``firsts`` read, computed once for a score."""
    return {row.terrain: places(sheets, row.terrain) for row in components.claim_rows}


def seat_places(sheets: list[Sheet], components: Components,
                placed: dict[str, dict[int, int]] | None = None) -> list[dict[str, int]]:
    """Per seat, terrain -> the majority place (1 or 2) it holds there as the sheets stand (``all_places`` by seat; a
    terrain where it holds none is absent): the bonus it circles if the game ends now."""
    placed = all_places(sheets, components) if placed is None else placed
    out: list[dict[str, int]] = [{} for _s in sheets]
    for terrain, held in placed.items():
        for seat, place in held.items():
            out[seat][terrain] = place
    return out


def bonuses(sheets: list[Sheet], components: Components,
            placed: dict[str, dict[int, int]] | None = None) -> list[dict[str, int]]:
    """Per seat, terrain -> the majority bonus it circles (points; 0 when none); ``placed``: ``all_places`` when the
    caller has it."""
    placed = all_places(sheets, components) if placed is None else placed
    out: list[dict[str, int]] = [{row.terrain: 0 for row in components.claim_rows} for _s in sheets]
    for row in components.claim_rows:
        for seat, place in placed[row.terrain].items():
            out[seat][row.terrain] = row.majority[place - 1]
    return out


def firsts(sheets: list[Sheet], components: Components, seat: int,
           placed: dict[str, dict[int, int]] | None = None) -> int:
    """The terrains where ``seat`` wins the 1st place (shared or not): an office's "claim majority" (``placed``:
    ``all_places`` when the caller has it)."""
    placed = all_places(sheets, components) if placed is None else placed
    return sum(1 for row in components.claim_rows if placed[row.terrain].get(seat) == 1)
