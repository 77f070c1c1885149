"""Choosing the terrain.

rule text: "Of the 4 die results, choose one of them to represent the terrain for the turn: Set the chosen die
aside. That die cannot be used or banked as a resource, it indicates the terrain track where you will lay claim this
turn, if you choose to make a claim."  The terrain a die names: data/dice.toml [terrain]."""

from __future__ import annotations

from solver.core.protocol import IllegalMove
from solver.games.rolled_west.components.texts import _, resource_name
from solver.games.rolled_west.components.values import RESOURCES, Components


def terrain_die(dice: list[str], resource: str) -> int:
    """The index of the die set aside for ``resource`` (the first die showing it: dice showing one resource are
    alike).  Raises ``IllegalMove("terrain_not_rolled")`` when no die shows it."""
    if resource not in dice:
        raise IllegalMove("terrain_not_rolled", _("no die shows {resource}: the terrain is one of the dice rolled ({dice})").format(
            resource=resource_name(resource), dice=", ".join(resource_name(d) for d in dice)))
    return dice.index(resource)


def terrain_row(components: Components, resource: str) -> str:
    """The claim row a terrain die of ``resource`` names (rule text: "it indicates the terrain track")."""
    return components.dice.terrain_of(resource)


def resources_left(dice: list[str], terrain_index: int) -> dict[str, int]:
    """The resources of the other dice (rule text: "the remaining 3 dice represent resources"), ``{resource:
    count}`` over every resource."""
    left = {r: 0 for r in RESOURCES}
    for i, resource in enumerate(dice):
        if i != terrain_index:
            left[resource] += 1
    return left
