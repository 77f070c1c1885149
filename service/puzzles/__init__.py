"""The daily puzzle resource, ``/puzzles/...`` (blueprint ``puzzles``): ``GET /puzzles/daily``, ``GET
/puzzles/{puzzle_id}`` and ``POST /puzzles/{puzzle_id}/solutions``, plus the ``flask puzzles generate``
command.  ``routes`` holds the views and the command, ``schemas`` their marshmallow schemas and ``store``
the ``PuzzleStore`` that generates each day's puzzle once (with the top-level ``puzzles`` package) and keeps
it in the shared database layer (``service.storage``).
"""
