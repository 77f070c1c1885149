"""The wild sides (rulebook: Wild sides): one module per side, each registered here with the hooks the engine
calls.  A side's key (``carpenters``, ``signpost``, ...) is written as a literal only in its module and in the
data (``wild_sides.toml``); its numbers are the catalog's (``WildSide.amount``).

Five sides are the rulebook's (Carpenters, House in Danger, Pocket Aces, Rope Trick, Signpost), partly
reconstructed where its pictures are lost; three are ours (Boomtown, Wanted, Dry Creek): ``docs/rulings.md``.
Placement rules that depend only on a printed space (pocket aces, creek beds, the house site) are in
``solver.games.wild_tiled_west.rules.placement``; their sides need no hook for them.
"""

from __future__ import annotations

from solver.games.wild_tiled_west.rules.wild_sides import (
    boomtown,
    carpenters,
    dry_creek,
    house_in_danger,
    pocket_aces,
    rope_trick,
    signpost,
    wanted,
)
from solver.games.wild_tiled_west.rules.wild_sides.hooks import WildSideRule

#: Every wild side's rule by key (``BoardSide.rule``).
WILD_SIDES: dict[str, WildSideRule] = {m.RULE.key: m.RULE for m in (
    carpenters, house_in_danger, pocket_aces, rope_trick, signpost, boomtown, wanted, dry_creek)}


def rule_of(key: str | None) -> WildSideRule:
    """The rule of the side whose ``BoardSide.rule`` is ``key``; a normal side (``None``) has ``NO_RULE``."""
    return WILD_SIDES[key] if key else NO_RULE


NO_RULE = WildSideRule("")  #: a normal side: no hook
