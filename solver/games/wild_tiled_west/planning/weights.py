"""Every weight the planners use, named and kept in one place.

A plan's value is in points. Game points (towns, Town Hall, horseshoes, tombstones, mining's endgame points)
count as themselves, read from the catalog (``solver.games.wild_tiled_west.planning.plans.PlanPosition``); resources are converted
at these documented values (reconstructed: our estimate of what one unit is worth in points over a game, see
docs/solver.md). Only estimates live here, never a rule's number. They must be whole numbers (CP-SAT's
objective is integral).
"""

from __future__ import annotations

POINTS_PER_GOLD = 1  #: a gold spends on claim jumps and costly stacks: about a point
POINTS_PER_BULLET = 1  #: a bullet is a tombstone (2 points) when a bandit is in sight, else little
POINTS_PER_ALLEY = 1  #: an alley covers one more square (icons, towns, surroundings)
SECOND_PARTNER_POINTS = 4  #: reaching the mining track's hat space: a second partner's expected points
#: Value of each bonus kind (board space or tile icon).
BONUS_POINTS = {"gold": POINTS_PER_GOLD, "bullets": POINTS_PER_BULLET, "alleys": POINTS_PER_ALLEY}
#: Value of one unit of each cattle contract's reward, by contract kind (points are points).
CONTRACT_POINTS = {"points": 1, "gold": POINTS_PER_GOLD, "bullets": POINTS_PER_BULLET, "alleys": POINTS_PER_ALLEY}
#: Value of one unit of a building's reward when surrounded (the Town Hall's points, the Bank's gold, ...).
REWARD_POINTS = CONTRACT_POINTS
#: Positional and bandit terms (reconstructed estimates, docs/solver.md).
BANDIT_POINTS = 1  #: an unshot bandit on the board: the tussles it may lose
TOWN_SQUARE_POINTS = 1  #: a square covered in a town not yet complete: progress toward its sign
COW_POTENTIAL_POINTS = 1  #: a cow (up to 7) in an open pasture the plan touches and keeps growing

# --- Position evaluation for hints and bots (solver.games.wild_tiled_west.ai.evaluation). Reconstructed estimates, tuned by
# self-play (docs/hints.md): not from the rulebook. ---------------------------------------------------
#: The potentials below (gold, bullets, cows in open pastures, ace progress) are credited in full at the
#: start of the game and fall to 0 at its end as (share of the game left) ** POTENTIAL_EXPONENT
#: (``solver.games.wild_tiled_west.ai.evaluation.potential_share``): with 0.5 they keep most of their worth until late in the game,
#: when the last turns to use them run out (linear, 1.0, measured weaker: docs/hints.md).
POTENTIAL_EXPONENT = 0.5
#: A unit of gold or a bullet is worth this many points at the start of the game, falling to 0 at the
#: end by ``potential_share`` (gold buys claim jumps and costly stacks; bullets shoot bandits in sight).
GOLD_VALUE = 2.0
BULLET_VALUE = 1.0
#: Share of a town's sign + current completion bonus credited per share of its squares covered.
TOWN_PROGRESS_SHARE = 0.9
#: Points per cow (up to 7) in an open pasture without a cowpoke, at the start of the game (falls to 0
#: by ``potential_share``).
COW_POTENTIAL = 2.0
#: Each unshot bandit after this year: points per remaining Tussle (bandits stay on the board).
FUTURE_BANDIT_POINTS = 1.5
#: A second partner's expected Endgame points (the mining track's hat space).
PARTNER_POTENTIAL = 4.0
#: Aces not yet worth this many points each (sets of 3 or 4 score at the Endgame) are credited up to
#: it, falling to 0 at the end by ``potential_share``: progress toward the next set.
ACE_POTENTIAL = 2.0
#: Solo: variance, per year ahead, of the seat's own unshot bandits (tiles with bandits, shots), in the
#: chance of winning the later Tussles against Bandit Ridge.
SOLO_OWN_BANDIT_VARIANCE = 1.0
#: A Stables placed while horseshoes are still uncovered: this share of its Endgame points (Building guide:
#: the Stables' points in buildings.toml, scored only once every horseshoe is covered) per share of the
#: settlement's horseshoes covered, like a town's progress.
STABLES_PROGRESS_SHARE = 0.9
