"""Random legal settlements, for property tests, benchmarks and solver checks, and the draft decisions of bot games.

Every settlement is built by placing random catalog tiles at random legal placements, so it is one
that real play could reach as far as placement goes (no effects are applied); ``draft_positions`` are games stopped
at draft decisions that hint bots met (benchmarks of hints and of the search).
"""

from __future__ import annotations

import random

from solver.games.wild_tiled_west.ai.bots import RandomBot, make_bot
from solver.games.wild_tiled_west.components.catalog import load_catalog
from solver.games.wild_tiled_west.components.values import BoardSide
from solver.games.wild_tiled_west.engine.game import Game
from solver.games.wild_tiled_west.planning.plans import PlanPosition
from solver.games.wild_tiled_west.rules.placement import legal_placements
from solver.games.wild_tiled_west.rules.settlement import Settlement
from solver.games.wild_tiled_west.rules.setup import GameConfig, SeatConfig


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


def game_positions(count: int, seed: int, tiles: int | tuple[int, ...] = 1, max_size: int = 6, with_games: bool = False,
                   side: str = "normal"):
    """``count`` planning positions taken from random games played by the engine: a random seat at a
    random moment of a 2-4 player game, with ``tiles`` tiles (or a random count among them) drawn from
    the tiles still in the trays (at most ``max_size`` squares each).  Every seat plays the ``side``
    (``normal``, ``wild`` or ``random``) of a random board.  Deterministic for ``seed``.
    ``with_games``: each item is ``(position, game, seat)``, the game stopped at that moment.
    Raises ``ValueError`` when the catalog holds fewer such tiles than a position asks for (the search for
    one would never end)."""
    small = sum(1 for t in load_catalog().tiles if t.size <= max_size)
    wanted = tiles if isinstance(tiles, int) else max(tiles)
    if small < wanted:
        raise ValueError(f"{wanted} tiles of at most {max_size} squares are asked for, the catalog has {small}")
    rng = random.Random(seed)
    out: list[PlanPosition | tuple[PlanPosition, Game, int]] = []
    while len(out) < count:
        players = rng.randint(2, 4)
        game = Game(GameConfig(players=players, seed=rng.randrange(10**9), seats=(SeatConfig(side=side),) * players))
        bot = RandomBot(rng.randrange(10**9))
        stop = rng.randint(0, 140)
        while not game.finished and len(game.moves) < stop:
            pending = game.pending()
            assert pending is not None  # the game is not over
            game.apply(bot.choose(game, pending["seat"]))
        if game.finished:
            continue
        pool = [game.catalog.tile(t) for stack in game.trays.stacks.values() for t in stack]
        pool = [t for t in pool if t.size <= max_size]
        n = tiles if isinstance(tiles, int) else rng.choice(tiles)
        if len(pool) < n:
            continue
        seat = rng.randrange(len(game.players))
        position = PlanPosition.from_game(game, seat, rng.sample(pool, n))
        out.append((position, game, seat) if with_games else position)
    return out


def draft_positions(count: int) -> list[tuple[Game, int]]:
    """``count`` draft decisions met by hint bots in solo and 2-player games, alternately (every other round of a
    year), as ``(game stopped there, seat to decide)``; deterministic."""
    out: list[tuple[Game, int]] = []
    seed = 0
    while len(out) < count:
        players = 1 + seed % 2
        game = Game(GameConfig(players=players, seed=1000 + seed))
        bots = [make_bot("hint", seed * 7 + s) for s in range(players)]
        while not game.finished and len(out) < count:
            pending = game.pending()
            assert pending is not None  # the game is not over
            if pending["type"] == "draft" and game.round_in_year % 2 == 1:
                out.append((Game.from_json(game.to_json(), game.catalog), pending["seat"]))
            game.apply(bots[pending["seat"]].choose(game, pending["seat"]))
        seed += 1
    return out
