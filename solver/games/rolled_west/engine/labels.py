"""One-line labels of Rolled West's moves, unique within a decision (each move names a different thing), in the
rule text's words and in the caller's language (``components.texts``)."""

from __future__ import annotations

from typing import Any

from solver.core.protocol import JSON
from solver.games.rolled_west.components.texts import (
    N_,
    _,
    amounts,
    contract_name,
    office_name,
    resource_name,
    terrain_name,
)
from solver.games.rolled_west.components.values import METALS
from solver.games.rolled_west.rules import claims, terrain

#: a claim's label by the kind of claim (rule text: "a camp ... a settlement")
CLAIM_LABELS = {"camp": N_("build a camp in {terrain}, from space {space} ({wood} wood)"),
                "settlement": N_("build a settlement in {terrain}, from space {space} ({wood} wood)")}


def label(state: Any, seat: int, move: JSON) -> str:
    """The label of ``seat``'s legal ``move`` in ``state``, in the caller's language."""
    c = state.components
    kind = move["type"]
    if kind == "terrain":
        return _("set the {resource} die aside (terrain: {terrain})").format(
            resource=resource_name(move["resource"]), terrain=terrain_name(terrain.terrain_row(c, move["resource"])))
    if kind == "claim":
        row = terrain.terrain_row(c, state.dice[state.terrain_die])
        space = state.sheets[seat].claims[row].index("")
        wood = claims.wood_cost(c, move["kind"])["wood"]
        return _(CLAIM_LABELS[move["kind"]]).format(terrain=terrain_name(row), space=space + 1, wood=wood)
    if kind == "contract":
        contract = c.contract(move["contract"])
        return _("fulfil {contract} ({amounts})").format(contract=contract_name(contract.points),
                                                         amounts=amounts(contract.cost()))
    if kind == "office":
        office = c.office(move["office"])
        return _("buy {office} ({amounts})").format(office=office_name(office.row, office.column),
                                                    amounts=amounts(office.cost()))
    if kind == "ship":
        return _("ship {amounts}").format(amounts=", ".join(f"{move[m]} {resource_name(m)}" for m in METALS if move[m]))
    if kind == "bank":
        return _("bank a {resource} (this round's white box)").format(resource=resource_name(move["resource"]))
    if kind == "end_turn":
        return _("end the turn: pass the dice")
    if kind == "bank_between":
        words = (N_("bank a {resource} from the ghost roll (dark box)") if state.phase == "ghost"
                 else N_("bank a {resource} from the active player's roll (dark box)"))
        return _(words).format(resource=resource_name(move["resource"]))
    return _("pass: bank nothing this time")


def labelled(state: Any, seat: int) -> list[JSON]:
    """``seat``'s legal moves, each with its ``label``."""
    return [{**m, "label": label(state, seat, m)} for m in state.legal_moves(seat)]
