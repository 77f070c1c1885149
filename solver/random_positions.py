"""Random legal settlements, for property tests, benchmarks and solver checks.

Every position is built by placing random catalog tiles at random legal placements, so it is one
that real play could reach as far as placement goes (no effects are applied).
"""

from __future__ import annotations

import random

from solver.catalog import load_catalog
from solver.components import BoardSide
from solver.placement import legal_placements
from solver.settlement import Settlement


def random_settlement(seed: int, *, tiles: int = 400, covered: int | None = None, side: BoardSide | None = None) -> Settlement:
    """A settlement on ``side`` (default: a random catalog side with an X) after trying ``tiles``
    random tile draws, stopping early once ``covered`` squares (cells) are covered.

    Deterministic for a given ``seed``.  A draw with no legal placement is skipped.
    """
    catalog = load_catalog()
    rng = random.Random(seed)
    if side is None:
        side = rng.choice([s for b in catalog.boards for s in b.sides if s.start is not None])
    settlement = Settlement(side)
    for _ in range(tiles):
        if covered is not None and settlement.covered.bit_count() >= covered:
            break
        tile = rng.choice(catalog.tiles)
        options = legal_placements(settlement, tile)
        if options:
            p = rng.choice(options)
            settlement.place(tile, p.orientation, p.row, p.col)
    return settlement
