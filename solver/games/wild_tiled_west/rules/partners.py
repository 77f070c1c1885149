"""Partners: what each partner card's condition counts on a settlement, and its points.

Source: rulebook, Scoring points / Partners ("Partners create additional opportunities to earn points by meeting
certain conditions by the Endgame"), Endgame ("score all of your partners according to their unique
conditions"); the cards' conditions are in ``partners.toml`` (reconstructed: the cards' faces are lost).  How a
partner is gained (setup, the mining track's 4th space) is in the engine and ``solver.games.wild_tiled_west.rules.mining``.
"""

from __future__ import annotations

from solver.games.wild_tiled_west.components.values import Catalog, SpaceKind
from solver.games.wild_tiled_west.rules.aces import ace_counts
from solver.games.wild_tiled_west.rules.buildings import building_tiles, surrounded
from solver.games.wild_tiled_west.rules.player import PlayerState, uncovered
from solver.games.wild_tiled_west.rules.sheriffs_and_bandits import active_sheriffs
from solver.games.wild_tiled_west.rules.tussle import count_bandits
from solver.games.wild_tiled_west.rules.wrangling import pastures


def partner_counts(player: PlayerState) -> dict[str, int]:
    """The settlement quantities partner conditions count (solver.games.wild_tiled_west.components.catalog.PARTNER_COUNTS)."""
    s = player.settlement
    side = s.side
    claimed = {mine for pick, mine in side.pickaxe_mines().items() if s.cover[pick[0]][pick[1]] >= 0}
    all_pastures = pastures(s)
    buildings = building_tiles(s)
    rows_closed = sum(1 for r in range(s.height) if not any(s.open & s.grid.bit(r, c) for c in range(s.width)))
    return {
        "tombstones": s.tombstone_count,
        "completed_towns": len(player.completed_towns),
        "claimed_mines": len(claimed),
        "covered_horseshoes": side.count(SpaceKind.HORSESHOE) - len(uncovered(player, SpaceKind.HORSESHOE)),
        "aces": sum(ace_counts(player).values()),
        "wrangled_pastures": len(s.cowpokes),
        "unused_gold": player.gold,
        "unused_bullets": player.bullets,
        "building_tiles": len(buildings),
        "sheriffs": len(active_sheriffs(s)),
        "cows_in_largest_pasture": max((p.cows for p in all_pastures), default=0),
        "unshot_bandits": count_bandits(s),
        "alleys": sum(1 for p in s.tiles if p.tile.is_alley),
        "hill_bandits": len(s.hill_bandits),
        "surrounded_buildings": sum(1 for _, p in buildings if surrounded(s, [rc for rc, _ in p.squares])),
        "closed_rows": rows_closed,
    }


def partner_points(catalog: Catalog, partner_id: str, counts: dict[str, int]) -> int:
    """Points one partner card gives for the settlement's ``counts`` (partners.toml conditions)."""
    card = next(p for p in catalog.partners if p.id == partner_id)
    cond = card.condition
    n = counts[cond["count"]]
    if cond["kind"] == "if_zero":
        return cond["points"] if n == 0 else 0
    points = (n // cond.get("every", 1)) * cond["points"]
    return min(points, cond["max"]) if "max" in cond else points
