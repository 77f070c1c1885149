"""The value of a seat's position, in expected final points, by term: what hints and bots maximise.

``position_value(game, seat)`` is the seat's score as it stands (``Game.score_breakdown``: points scored
plus the Endgame as it would score now) split into the terms a player reasons with, plus estimates of
what the position is worth later:

- ``points``: points scored so far and the Endgame categories other than mining and partners;
- ``partners``: the seat's partner conditions as they score now (rulebook, Endgame / Partners), plus, for
  each card below its expected Endgame points (``solver.games.wild_tiled_west.ai.partner_priors``, derived by self-play), the
  shortfall, falling to 0 at the end;
- ``mining``: the mining marker's Endgame points plus its gold income for each Mining Income still to
  come (a gold at ``GOLD_VALUE``), and ``PARTNER_POTENTIAL`` while the hat space is ahead;
- ``resources``: gold and bullets in hand, worth ``GOLD_VALUE``/``BULLET_VALUE`` at the start of the
  game falling to 0 at its end by ``potential_share``;
- ``town_progress``: for each town not complete, ``TOWN_PROGRESS_SHARE`` of its sign + this year's
  completion bonus per share of its squares covered;
- ``pastures``: ``COW_POTENTIAL`` per cow (at most 7) in each pasture without a cowpoke, falling to 0
  by ``potential_share``;
- ``aces``: progress toward ace sets: each ace credited up to ``ACE_POTENTIAL`` points beyond what its
  sets score now (``max(0, ACE_POTENTIAL x aces - ace points)``), falling to 0 by ``potential_share``;
- ``buildings``: each Stables placed while horseshoes are still uncovered, ``STABLES_PROGRESS_SHARE`` of
  its Endgame points (``STABLES_POINTS``, scored once every horseshoe is covered) per share of the
  horseshoes covered (``stables_progress``);
- ``bandits``: this year's Tussle as the bandits stand now (win: + the year's Tussle points, lose: -, with
  a margin of one bandit counted half), and ``FUTURE_BANDIT_POINTS`` per unshot bandit per later Tussle;
  solo: each later Tussle's points times (2 x the chance of winning it - 1), the chance estimated from
  the bandit cards still to come (``solver.games.wild_tiled_west.rules.solo.ridge_outlook``) against the seat's bandits plus a hill
  bandit per Tussle won meanwhile (Bandit Ridge usually stays well ahead, so a bandit costs little).

Weights live in ``solver.games.wild_tiled_west.planning.weights`` (reconstructed estimates, tuned by self-play: docs/hints.md).
Once the game is over every estimate is 0 and ``points + partners + mining`` is the final score.
"""

from __future__ import annotations

import math

from solver.games.wild_tiled_west.ai.partner_priors import partner_priors
from solver.games.wild_tiled_west.components.values import Catalog, SpaceKind
from solver.games.wild_tiled_west.planning.weights import (
    ACE_POTENTIAL,
    BULLET_VALUE,
    COW_POTENTIAL,
    FUTURE_BANDIT_POINTS,
    GOLD_VALUE,
    PARTNER_POTENTIAL,
    POTENTIAL_EXPONENT,
    SOLO_OWN_BANDIT_VARIANCE,
    STABLES_PROGRESS_SHARE,
    TOWN_PROGRESS_SHARE,
)
from solver.games.wild_tiled_west.rules.aces import ace_counts, ace_points
from solver.games.wild_tiled_west.rules.buildings import building_tiles
from solver.games.wild_tiled_west.rules.buildings.registry import STABLES
from solver.games.wild_tiled_west.rules.endgame import score_breakdown
from solver.games.wild_tiled_west.rules.mining import partner_space
from solver.games.wild_tiled_west.rules.partners import partner_counts, partner_points
from solver.games.wild_tiled_west.rules.player import uncovered
from solver.games.wild_tiled_west.rules.solo import ridge_outlook, uncovered_bandits
from solver.games.wild_tiled_west.rules.towns import town_points
from solver.games.wild_tiled_west.rules.wrangling import pastures

TERMS = ("points", "partners", "mining", "resources", "town_progress", "pastures", "aces", "buildings", "bandits")
LAST_YEAR = 4


def remaining(game) -> float:
    """Share of the game's drafting rounds not yet finished: 1.0 before the first, 0.0 once over."""
    if game.finished:
        return 0.0
    total = sum(game.rounds_this_year(y) for y in range(1, LAST_YEAR + 1))
    done = sum(game.rounds_this_year(y) for y in range(1, game.year)) + game.round_in_year - 1
    return max(0.0, 1.0 - done / total)


def potential_share(game) -> float:
    """Share of their starting worth that the potentials (gold, bullets, cows in open pastures, ace
    progress) keep: ``remaining(game) ** POTENTIAL_EXPONENT``, 1.0 before the first round, 0.0 once the
    game is over.  Reconstructed (tuned by self-play, docs/hints.md)."""
    return remaining(game) ** POTENTIAL_EXPONENT


def stables_progress(catalog: Catalog, player) -> float:
    """Points credited now, before the Endgame, for the player's Stables (Building guide: 8 points each, its
    ``amounts.points``, at the Endgame when every horseshoe of the settlement board is covered): while a horseshoe
    is uncovered, ``STABLES_PROGRESS_SHARE x`` the Stables' points ``x`` (share of the horseshoes covered) per
    Stables; 0 once all are covered (the Endgame points are then in the score) or without a Stables.
    Reconstructed estimate."""
    stables = len(building_tiles(player.settlement, STABLES))
    if not stables:
        return 0.0
    total = player.settlement.side.count(SpaceKind.HORSESHOE)
    open_shoes = len(uncovered(player, SpaceKind.HORSESHOE))
    if not open_shoes or not total:
        return 0.0
    points = catalog.building(STABLES).amount("points")
    return STABLES_PROGRESS_SHARE * points * stables * (total - open_shoes) / total


def _tussle_value(game, seat: int) -> float:
    """This year's Tussle as the bandits stand: + its points when winning, - when losing, half at a
    margin of one."""
    points = game.scoreboard_side.tussle_points[game.year - 1]
    mine = game.bandits(seat)
    if game.solo_game:
        margin = uncovered_bandits(game.catalog, game.solo) - mine  # >= 0: win or tie
        share = 1.0 if margin >= 1 else 0.5 if margin == 0 else -0.5 if margin == -1 else -1.0
        return points * share
    others = [game.bandits(s) for s in range(game.config.players) if s != seat]
    if mine < min(others) or mine == min(others) == max(others):
        return points * (1.0 if mine < min(others) - 1 or mine == max(others) else 0.5)
    if mine > max(others):
        return -points * (1.0 if mine > max(others) + 1 else 0.5)
    return 0.0


def _future_solo_tussles(game, seat: int) -> float:
    """Solo: the later Tussles against Bandit Ridge, each worth + its points when likely won and -
    when likely lost, by the chance (normal approximation) that the seat's bandits, plus a hill bandit
    per Tussle won meanwhile, do not outnumber Bandit Ridge's after the bandit cards still to come."""
    side = game.scoreboard_side
    mine = game.bandits(seat)
    value = 0.0
    for year in range(game.year + 1, LAST_YEAR + 1):
        last_round = sum(game.rounds_this_year(y) for y in range(1, year + 1))
        cards = sum(1 for r in side.paw_rounds if game.round < r <= last_round)
        mean, var = ridge_outlook(game.catalog, game.solo, cards)
        ahead = year - game.year
        margin = mean - (mine + ahead) + 0.5
        sd = math.sqrt(var + SOLO_OWN_BANDIT_VARIANCE * ahead)
        win = 0.5 * (1.0 + math.erf(margin / (sd * math.sqrt(2.0))))
        value += side.tussle_points[year - 1] * (2.0 * win - 1.0)
    return value


def position_value(game, seat: int) -> dict[str, float]:
    """The value of ``seat``'s position by term (``TERMS``), in points (see the module docstring)."""
    player = game.players[seat]
    counts = None if game.finished else partner_counts(player)  # shared by the breakdown and the priors
    breakdown = score_breakdown(game.catalog, player, final=game.finished, counts=counts)
    endgame = breakdown["endgame"]
    terms = dict.fromkeys(TERMS, 0.0)
    terms["partners"] = float(endgame["partners"])
    terms["mining"] = float(endgame["mining"])
    terms["points"] = float(breakdown["total"]) - terms["partners"] - terms["mining"]
    if game.finished:
        return terms
    rest = remaining(game)
    potential = potential_share(game)
    track = game.catalog.mining_track
    incomes_left = LAST_YEAR - game.year
    terms["mining"] += track[player.mining].income * incomes_left * GOLD_VALUE
    if not player.second_partner and player.mining < partner_space(game.catalog):
        terms["mining"] += PARTNER_POTENTIAL * (player.mining + 1) / (partner_space(game.catalog) + 1) * rest
    terms["resources"] = (player.gold * GOLD_VALUE + player.bullets * BULLET_VALUE) * potential
    s = player.settlement
    bonus = game.scoreboard_side.town_bonus
    for town in s.side.towns:
        if town.letter in player.completed_towns:
            continue
        covered = sum(1 for r, c in town.squares if s.cover[r][c] >= 0)
        sign, year_bonus = town_points(town, game.year, bonus)
        terms["town_progress"] += TOWN_PROGRESS_SHARE * (sign + year_bonus) * covered / len(town.squares)
    max_cows = game.catalog.rule_numbers.max_cows
    terms["pastures"] = sum(min(p.cows, max_cows) for p in pastures(s) if not p.wrangled) * COW_POTENTIAL * potential
    priors = partner_priors()
    assert counts is not None  # the game is not over
    for card in player.partners:
        now = partner_points(game.catalog, card["id"], counts)
        terms["partners"] += max(0.0, priors.get(card["id"], 0.0) - now) * rest
    aces = ace_counts(player)
    set_points = game.catalog.rule_numbers.ace_set_points
    terms["aces"] = max(0.0, ACE_POTENTIAL * sum(aces.values()) - ace_points(aces, set_points)) * potential
    terms["buildings"] = stables_progress(game.catalog, player)
    later_tussles = LAST_YEAR - game.year
    if game.solo_game:
        terms["bandits"] = _tussle_value(game, seat) + _future_solo_tussles(game, seat)
    else:
        terms["bandits"] = _tussle_value(game, seat) - FUTURE_BANDIT_POINTS * game.bandits(seat) * later_tussles
    return terms


def total(terms: dict[str, float]) -> float:
    """The sum of the terms, in points."""
    return sum(terms.values())
