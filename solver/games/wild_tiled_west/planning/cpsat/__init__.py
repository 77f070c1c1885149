"""The CP-SAT plan model (OR-Tools): the best plan for a set of tiles on a settlement, proven optimal when time
allows.  ``solve.solve_plan`` is the entry point; docs/solver.md describes the model and why it is so.

- **Variables** (``candidates``, ``placements``).  One boolean per candidate placement (tile, orientation,
  anchor) whose squares are on the board, uncovered and coverable by that tile (cell-level rules); candidates
  that cannot be joined to the settlement by the other tiles (0-1 distance through printed fields) are pruned.
- **Constraints.**  At most one placement per tile (exactly one when ``required``); no square covered twice
  (``placements``).  **Connectivity** to the root (the settlement; for a first plan, the tile covering the X,
  which must be placed), where two placements touch directly or through a printed field group that both
  touch, exactly as the rulebook's connection rule: by cuts on the tiles' contact graph for small plans, by a
  rooted order on the tiles for larger ones (``connectivity``).
- **Objective** (``terms``: one function per term of ``solver.games.wild_tiled_west.planning.plans.TERMS``, which defines the
  value).  Each term stated linearly: towns (a boolean per town, at most each of its open squares' coverage),
  bonus squares and icons, horseshoes, pickaxes through a staircase of booleans over the mining track's value
  table, red buildings surrounded, wrangles over the pastures after the plan (``pastures``: explicit classes,
  or labelled components for many classes), bandits' exposure and shots, and the positional terms.
- **Search** (``parameters``, ``solve``).  One worker and a fixed seed, the hard time limit also enforced by a
  timer thread; the parameters, by plan size or for every plan, were chosen by CP-SAT's deterministic time on
  ``bench/solver.py``'s positions (docs/solver.md, "Search parameters, and why").

CP-SAT's search depends on the order in which variables and constraints are created, and the daily puzzles
depend on that search: ``solve.build_model`` calls the parts in a fixed order.
"""
