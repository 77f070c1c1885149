"""Imported first by every benchmark: drops this folder from ``sys.path`` so that ``bench/solver.py``
(the name issue 5 gives the solver benchmark) never shadows the ``solver`` package."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]
