"""Banking resources, and spending what is banked.

rule text, B. Banking Resources:
- "Once on your turn, instead of spending it, you may bank one of your resources to use in a future turn. Make a
  note of that in the white box at the top of your score board for the current round" (``bank_own``);
- "In addition, in between each of your turns, you may bank a resource from one of your neighbors (players to your
  immediate right or left). This does not affect their ability to use the resource themselves. Mark these resources
  in the darker boxes ... You may only bank one resource in between each of your turns." (``neighbours``,
  ``may_bank_between``, ``bank_between``);
- "You may spend any number of your banked resources on your turn, just as if they were rolled on the dice. Cross
  them off on your score board as you use them." (``available``, ``pay``);
- "Remember: You can only bank RESOURCES, you can never bank the die set aside" (the terrain die is never offered);
- "In a 2-player game only, after both players have taken a turn each round, perform a "ghost roll" ... allow both
  players to bank one of the resources rolled ... never both!" (``ghost_roll_due``; the solo mode has it too: ruling
  "Solo daily puzzle (our own mode)").

Rulings (docs/rolled-west-rulings.md): rolled dice are spent before banked ones, banked ones oldest first; the dark
box of round r holds the bank made before your own turn of round r; only a player with a turn left banks."""

from __future__ import annotations

from typing import Any

from solver.core.protocol import IllegalMove
from solver.games.rolled_west.components.texts import _, amounts, resource_name
from solver.games.rolled_west.components.values import RESOURCES, Components
from solver.games.rolled_west.rules import solo
from solver.games.rolled_west.rules.sheet import Sheet


def _boxes(sheet: Sheet) -> list[dict[str, Any]]:
    """The filled bank boxes in the order they were filled: round by round, the dark box (before the turn) before the
    white one (on the turn)."""
    return [b for pair in zip(sheet.dark, sheet.white, strict=True) for b in pair if b is not None]


def banked(sheet: Sheet) -> dict[str, int]:
    """The banked resources not yet spent, ``{resource: count}`` over every resource."""
    held = {r: 0 for r in RESOURCES}
    for box in _boxes(sheet):
        if not box["spent"]:
            held[box["resource"]] += 1
    return held


def available(rolled: dict[str, int], sheet: Sheet) -> dict[str, int]:
    """What the player may spend now: the turn's resources left plus the banked ones ("just as if they were rolled")."""
    held = banked(sheet)
    return {r: rolled.get(r, 0) + held[r] for r in RESOURCES}


def can_pay(cost: dict[str, int], rolled: dict[str, int], sheet: Sheet) -> bool:
    """Whether ``cost`` (``{resource: count}``) can be paid from the turn's resources and the bank."""
    return affords(cost, available(rolled, sheet))


def affords(cost: dict[str, int], have: dict[str, int]) -> bool:
    """Whether ``cost`` (``{resource: count}``) is within ``have`` (``available``'s, computed once for many costs)."""
    return all(have[r] >= n for r, n in cost.items())


def pay(cost: dict[str, int], rolled: dict[str, int], sheet: Sheet, rule: str, what: str) -> dict[str, int]:
    """Spend ``cost``: the rolled resources first, then banked ones, oldest first, each crossed off (ruling: "Rolled
    dice are spent before banked ones").  Changes ``rolled`` and ``sheet``; returns how many of each resource came
    from the bank.  Raises ``IllegalMove(rule)`` (nothing changed) when the resources are not there."""
    if not can_pay(cost, rolled, sheet):
        have = available(rolled, sheet)
        raise IllegalMove(rule, _("{what} takes {cost}, and you have {have}").format(
            what=what, cost=amounts(cost), have=amounts(have, ", ") or _("nothing")))
    from_bank = {r: 0 for r in RESOURCES}
    for resource, n in cost.items():
        rolled_used = min(n, rolled.get(resource, 0))
        rolled[resource] = rolled.get(resource, 0) - rolled_used
        need = from_bank[resource] = n - rolled_used
        for box in _boxes(sheet):
            if need and box["resource"] == resource and not box["spent"]:
                box["spent"], need = True, need - 1
    return from_bank


def not_offered(resource: str, offered: list[str]) -> str:
    """Why ``resource`` cannot be banked between turns from the dice ``offered`` (rule text: "you can never bank the
    die set aside"), in the caller's language."""
    return _("no die you may bank shows {resource} (you may bank {offered}; never the die set aside as the "
             "terrain)").format(resource=resource_name(resource),
                                offered=", ".join(resource_name(r) for r in RESOURCES if r in offered) or _("nothing"))


def bank_own(sheet: Sheet, round_: int, rolled: dict[str, int], resource: str) -> None:
    """Bank one of the turn's resources in round ``round_``'s white box (1-based); takes it from ``rolled``.  Raises
    ``IllegalMove("bank_own")`` when the box is used or no die left shows ``resource``."""
    if sheet.white[round_ - 1] is not None:
        raise IllegalMove("bank_own", _("Once on your turn ... you may bank one of your resources: this round's white box "
                                        "is used"))
    if rolled.get(resource, 0) < 1:
        raise IllegalMove("bank_own", _("you can only bank RESOURCES of your roll left unspent: no {resource} is left "
                                        "(never the die set aside as the terrain)").format(resource=resource_name(resource)))
    rolled[resource] -= 1
    sheet.white[round_ - 1] = {"resource": resource, "spent": False}


def neighbours(seat: int, players: int) -> list[int]:
    """The players to ``seat``'s immediate right and left, in seat order (rule text: "players to your immediate right
    or left"); with 2 players the opponent is both (ruling: "Neighbours with 2 players")."""
    return sorted({(seat - 1) % players, (seat + 1) % players} - {seat})


def may_bank_between(sheet: Sheet, turns_taken: int, rounds: int) -> bool:
    """Whether a player who has taken ``turns_taken`` turns may still bank between turns: its dark box for its next
    turn is empty (rule text: "You may only bank one resource in between each of your turns") and it has a turn left
    to spend it in (ruling: "Round 6: only players with a turn left bank")."""
    return turns_taken < rounds and sheet.dark[turns_taken] is None


def between_bankers(active: int, players: int, sheets: list[Sheet], turns_taken: list[int], rounds: int) -> list[int]:
    """The seats that may bank a resource of ``active``'s roll: its neighbours who may bank between turns."""
    return [s for s in neighbours(active, players) if may_bank_between(sheets[s], turns_taken[s], rounds)]


def bank_between(sheet: Sheet, turns_taken: int, offered: list[str], resource: str) -> None:
    """Bank ``resource`` of another roll (``offered``: its dice that may be banked, never a terrain die) in the dark
    box before the player's next turn.  Raises ``IllegalMove("bank_between")`` when the box is used or no offered
    die shows it."""
    if sheet.dark[turns_taken] is not None:
        raise IllegalMove("bank_between", _("You may only bank one resource in between each of your turns"))
    if resource not in offered:
        raise IllegalMove("bank_between", not_offered(resource, offered))
    sheet.dark[turns_taken] = {"resource": resource, "spent": False}


def ghost_roll_due(components: Components, players: int, round_: int) -> bool:
    """Whether a ghost roll follows round ``round_``: "In a 2-player game only, after both players have taken a turn
    each round" -- in rounds 1 to 5 only (ruling: "The ghost roll in rounds 1-5": after the last round nobody has a
    turn left to spend it in); in the solo mode likewise, after the player's turn (ruling: "Solo daily puzzle (our own
    mode)")."""
    return ((players == components.dice.ghost_players or solo.is_solo(players))
            and round_ < components.numbers.rounds)
