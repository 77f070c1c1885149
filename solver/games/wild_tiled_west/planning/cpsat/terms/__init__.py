"""The plan model's objective terms, one function per term of ``solver.games.wild_tiled_west.planning.plans.TERMS``: each adds its
variables and constraints to the model and returns its linear expressions, in points (their sum is the
objective, ``solve.build_model``).

- ``towns.towns_term`` and ``towns.town_progress_term`` (positional);
- ``spaces.bonuses_term``, ``spaces.horseshoes_term`` and ``spaces.mining_term`` (spaces covered, tile icons);
- ``buildings.buildings_term`` (red buildings surrounded);
- ``wrangles.wrangles_terms`` (``wrangles`` and, positional, ``pasture_potential``; pastures in ``cpsat.pastures``);
- ``bandits.bandits_term`` (exposure and shots).
"""
