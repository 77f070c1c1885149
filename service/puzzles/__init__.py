"""The daily puzzle resource, ``/puzzles/...`` (blueprint ``puzzles``): ``GET /puzzles/daily``, ``GET
/puzzles/{puzzle_id}``, ``POST /puzzles/{puzzle_id}/solutions`` and ``POST /puzzles/{puzzle_id}/board``, plus the
``flask puzzles generate`` command, for every game of the house with a daily puzzle.  ``routes`` holds the views and
the command, ``schemas`` their marshmallow schemas and ``store`` the ``PuzzleStore`` that generates each game's day's
puzzle once (with the game's own puzzle package, found through the registry: ``puzzles.archive.daily_of``) and keeps
it in the shared database layer (``service.storage``), one row per game, date and difficulty.
"""
