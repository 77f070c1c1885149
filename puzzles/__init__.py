"""Daily solo puzzles (issue 7, docs/puzzles.md): ``puzzles.daily.daily_puzzle(date, difficulty)``,
``puzzles.verify.verify_solution(puzzle, solution)``, ``puzzles.format.canonical_json(obj)``; bad input
raises ``puzzles.position.PuzzleError`` (a ``ValueError``); ``python -m puzzles`` is the command line."""
