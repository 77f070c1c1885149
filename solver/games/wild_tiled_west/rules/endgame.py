"""Endgame scoring and the per-category score breakdown.

Source: rulebook, Endgame: trailblazing (-1 per uncovered horseshoe), buildings with pink signs,
tombstones (2 each), aces, mining (the points beside the marker), partners (each card's condition: ``solver.games.wild_tiled_west.rules.partners``);
Building guide (Ranch House, Chapel, Stables); Wild sides (Pocket Aces; Carpenters' stash, reconstructed).
Points scored during play are kept in each player's ledger by category; ``score_breakdown`` adds what
the Endgame would give now, as a score calculator shows it.
"""

from __future__ import annotations

from typing import TypedDict

from solver.games.wild_tiled_west.components.values import Catalog, SpaceKind
from solver.games.wild_tiled_west.rules.aces import ace_counts, ace_points
from solver.games.wild_tiled_west.rules.buildings.registry import BUILDINGS
from solver.games.wild_tiled_west.rules.partners import partner_counts, partner_points
from solver.games.wild_tiled_west.rules.player import PlayerState, uncovered
from solver.games.wild_tiled_west.rules.wild_sides import WILD_SIDES
from solver.games.wild_tiled_west.rules.wild_sides import rule_of as wild_side

#: In-game ledger categories, in display order (points scored during play).
IN_GAME = ("start", "towns", "wrangles", "contracts", "tussles", "buildings", "rope_trick")
#: Endgame categories, in the rulebook's order (helper card), then the wild sides'.
ENDGAME = ("trailblazing", "pink_buildings", "tombstones", "aces", "mining", "partners", "pocket_aces", "carpenters")


class _ScoreBreakdownKeys(TypedDict):
    in_game: dict[str, int]
    endgame: dict[str, int]
    total: int


class ScoreBreakdown(_ScoreBreakdownKeys, total=False):
    """A seat's points by category (``score_breakdown``); a view of another seat's may leave out its partner
    points (``partners_hidden``: ``solver.games.wild_tiled_west.engine.game.Game.view``); a finished solo game's carries its ``rank``
    (``solver.games.wild_tiled_west.engine.game.Game.score_breakdown``)."""

    partners_hidden: bool
    rank: str | None


def pink_building_points(catalog: Catalog, player: PlayerState) -> int:
    """The pink signs at the Endgame (Ranch House, Chapel, Stables), in points: ``BUILDINGS``' ``at_endgame``."""
    return sum(rule.at_endgame(catalog, player) for rule in BUILDINGS.values() if rule.at_endgame)


def wild_side_points(catalog: Catalog, player: PlayerState) -> dict[str, int]:
    """The Endgame categories of the wild sides (``WILD_SIDES``' ``endgame``), each 0 unless the player's side
    scores it: ``pocket_aces`` (Pocket Aces) and ``carpenters`` (stashed gold)."""
    side = wild_side(player.settlement.side.rule)
    return {rule.endgame: rule.at_endgame(catalog, player) if rule is side else 0
            for rule in WILD_SIDES.values() if rule.endgame and rule.at_endgame}


def endgame_points(catalog: Catalog, player: PlayerState, counts: dict[str, int] | None = None) -> dict[str, int]:
    """Every Endgame category for ``player`` as the settlement stands now (``counts``: the player's
    ``partner_counts`` if already computed)."""
    counts = counts if counts is not None else partner_counts(player)
    numbers = catalog.rule_numbers
    return {
        "trailblazing": numbers.trailblazing_points * len(uncovered(player, SpaceKind.HORSESHOE)),
        "pink_buildings": pink_building_points(catalog, player),
        "tombstones": numbers.tombstone_points * counts["tombstones"],
        "aces": ace_points(ace_counts(player), numbers.ace_set_points),
        "mining": catalog.mining_track[player.mining].points,
        "partners": sum(partner_points(catalog, p["id"], counts) for p in player.partners),
    } | wild_side_points(catalog, player)


def score_breakdown(catalog: Catalog, player: PlayerState, final: bool,
                    counts: dict[str, int] | None = None) -> ScoreBreakdown:
    """``{"in_game": {category: points}, "endgame": {category: points}, "total": points}``.

    ``final``: the Endgame has been scored into the ledger already (the game is over); otherwise the
    endgame part is what it would give now.  ``counts``: the player's ``partner_counts`` when the caller
    has them already (computed here otherwise)."""
    in_game = {k: player.ledger.get(k, 0) for k in IN_GAME}
    endgame = {k: player.ledger.get(k, 0) for k in ENDGAME} if final else endgame_points(catalog, player, counts)
    return {"in_game": in_game, "endgame": endgame, "total": sum(in_game.values()) + sum(endgame.values())}
