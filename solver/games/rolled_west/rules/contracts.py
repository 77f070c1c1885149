"""Contracts.

rule text: "Once per turn, you may spend the indicated metals (all at once) for one of the remaining contracts, and
then circle that contract on your score board. Each opponent must cross that contract off on their board, it is no
longer available."  The contracts: data/sheet.toml."""

from __future__ import annotations

from solver.games.rolled_west.components.values import Components, Contract
from solver.games.rolled_west.rules.sheet import Sheet, check_available, uncircled


def remaining(components: Components, sheets: list[Sheet]) -> list[Contract]:
    """The contracts no player has circled, in the sheet's order."""
    return uncircled(components.contracts, sheets, "contracts")


def check_remaining(components: Components, sheets: list[Sheet], contract_id: str) -> Contract:
    """The contract ``contract_id``; raises ``IllegalMove("no_such_contract")`` or, when a seat circled it,
    ``IllegalMove("contract_taken")``."""
    check_available(sheets, "contracts", contract_id, [x.id for x in components.contracts], "contract")
    return components.contract(contract_id)


def fulfil(sheet: Sheet, contract: Contract) -> None:
    """Circle ``contract`` on ``sheet`` (its metals paid by the caller, ``banking.pay``)."""
    sheet.contracts.append(contract.id)


def contract_points(sheet: Sheet, components: Components) -> int:
    """The points of the circled contracts."""
    return sum(components.contract(c).points for c in sheet.contracts)


def metal_in_contracts(sheet: Sheet, components: Components, metal: str) -> int:
    """How many of ``metal`` the circled contracts took (an office's bonus counts copper)."""
    return sum(components.contract(c).cost().get(metal, 0) for c in sheet.contracts)
