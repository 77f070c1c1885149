"""Expected Endgame points of each partner card, for hints and bots that choose or hold partners.

A partner's condition scores on the settlement at the end of the game (rulebook, Partners / Endgame); at a
partner decision the board is still bare, so its points *now* say little.  The prior is what the card would
score on the final settlements of self-play games: ``solver/games/wild_tiled_west/components/data/partner_priors.toml`` holds, per card, the
mean of ``solver.games.wild_tiled_west.rules.partners.partner_points`` over the final ``partner_counts`` of every seat of hint-bot games
(solo and 2 players), whatever partners those seats held.  It is derived data (our self-play, not the
rulebook); ``python -m solver priors --games 20`` measures it again and rewrites the file
(``solver.games.wild_tiled_west.ai.partner_priors_rebuild``).
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

PRIORS_FILE = Path(__file__).parent.parent / "components" / "data" / "partner_priors.toml"


@cache
def partner_priors() -> dict[str, float]:
    """Partner id -> expected Endgame points (derived by self-play; empty if the file is missing)."""
    if not PRIORS_FILE.exists():
        return {}
    with PRIORS_FILE.open("rb") as fh:
        data = tomllib.load(fh)
    return {row["id"]: float(row["points"]) for row in data.get("partner", [])}
