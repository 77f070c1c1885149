"""Every weight the planners use, named and kept in one place.

A plan's value is in points. Game points (towns, Town Hall, horseshoes, mining's endgame points) count
as themselves; resources are converted at these documented values (reconstructed: our estimate of what
one unit is worth in points over a game, see docs/solver.md). They must be whole numbers (CP-SAT's
objective is integral).
"""

from __future__ import annotations

POINTS_PER_GOLD = 1  #: a gold spends on claim jumps and costly stacks: about a point
POINTS_PER_BULLET = 1  #: a bullet is a tombstone (2 points) when a bandit is in sight, else little
POINTS_PER_ALLEY = 1  #: an alley covers one more square (icons, towns, surroundings)
POINTS_PER_HORSESHOE = 1  #: exact: each uncovered horseshoe costs 1 point at the Endgame (Trailblazing)
SECOND_PARTNER_POINTS = 4  #: reaching the mining track's hat space: a second partner's expected points
#: General Store surrounded: the best of 2 bullets, 2 pickaxes or 2 alleys is the player's choice; the
#: planner values it at 2 of the better resource (pickaxes are valued through the mining track instead
#: when the engine resolves the choice).
GENERAL_STORE_POINTS = 2 * max(POINTS_PER_BULLET, POINTS_PER_ALLEY)
BANK_POINTS = 3 * POINTS_PER_GOLD  #: Bank surrounded: 3 gold (Building guide)
TOWN_HALL_POINTS = 10  #: Town Hall surrounded: 10 points (Building guide)
#: Value of each red building when surrounded, by name.
SURROUND_POINTS = {"Town Hall": TOWN_HALL_POINTS, "Bank": BANK_POINTS, "General Store": GENERAL_STORE_POINTS}
#: Value of each bonus kind (board space or tile icon).
BONUS_POINTS = {"gold": POINTS_PER_GOLD, "bullets": POINTS_PER_BULLET, "alleys": POINTS_PER_ALLEY}
#: Value of one unit of each cattle contract's reward, by contract kind (points are points).
CONTRACT_POINTS = {"points": 1, "gold": POINTS_PER_GOLD, "bullets": POINTS_PER_BULLET, "alleys": POINTS_PER_ALLEY}
#: Positional and bandit terms (reconstructed estimates, docs/solver.md).
BANDIT_POINTS = 1  #: an unshot bandit on the board: the tussles it may lose
TOMBSTONE_POINTS = 2  #: exact: a tombstone scores 2 at the Endgame
TOWN_SQUARE_POINTS = 1  #: a square covered in a town not yet complete: progress toward its sign
#: Bullets a building gives when placed (Building guide: Cache 2, Sheriff's Office 1).
BUILDING_BULLETS = {"Cache": 2, "Sheriff's Office": 1}
COW_POTENTIAL_POINTS = 1  #: a cow (up to 7) in an open pasture the plan touches and keeps growing

# --- Position evaluation for hints and bots (solver.ai.evaluation). Reconstructed estimates, tuned by
# self-play (docs/hints.md): not from the rulebook. ---------------------------------------------------
#: The potentials below (gold, bullets, cows in open pastures, ace progress) are credited in full at the
#: start of the game and fall to 0 at its end as (share of the game left) ** POTENTIAL_EXPONENT
#: (``solver.ai.evaluation.potential_share``): with 0.5 they keep most of their worth until late in the game,
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
#: ``solver.rules.buildings.STABLES_POINTS``, scored only once every horseshoe is covered) per share of the
#: settlement's horseshoes covered, like a town's progress.
STABLES_PROGRESS_SHARE = 0.9
