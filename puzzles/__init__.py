"""Daily solo puzzles (issue 7, docs/puzzles.md).  ``puzzles.archive`` is the house's daily archive, for any game: the
seed text of a date, the difficulties, ``DailyPuzzles`` (what a game's puzzle package offers), ``daily_of(game_id)``
and ``daily_games()`` finding each registered game's package ``puzzles.<leaf>`` (``puzzles.wild_tiled_west``), and the
errors (``PuzzleError``, a ``ValueError``, for bad input); ``puzzles.format`` the canonical JSON and content id;
``python -m puzzles [--game ID]`` is the command line."""
