"""Rolled West's planning layer (between the engine and the AI): the solo daily puzzle's game as the planners see it
(``solo``), the CP-SAT model proving its optimum with every roll known (``model``), the exhaustive search it is checked
against on puzzles cut to 2 or 3 rounds (``oracle``) and the greedy player that grades it (``greedy``).  Our design:
docs/puzzles.md, "Rolled West"; the solo mode's rulings: docs/rolled-west-rulings.md, "Solo daily puzzle (our own
mode)"."""
