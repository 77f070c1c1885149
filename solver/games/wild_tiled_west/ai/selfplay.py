"""Self-play: bots play whole games against each other (or solo) and the results are summarised.

``python -m solver selfplay --players 1 --games 200 --bot hint --seed 1`` plays 200 solo games with the
hint bot; ``--players 2 --bot hint --bot greedy`` seats the listed bots in turn (the seats rotate from
game to game so that no bot always plays first).  A progress bar (tqdm) shows the games; at the end it
prints the score distribution per bot, the solo ranks reached (Sidekick to Mysterious Stranger), the
win rates per bot and, with other seats, its mean margin over the best of them, both with 95% intervals, and the
mean and 95th-percentile time per decision.  ``--json FILE`` also writes the
figures; ``--side wild`` seats every player on a board's wild side; ``--save DIR`` writes each game's configuration
and moves (``game-<seed>.json``, what ``python -m solver review`` reads); with ``--resume`` the games already saved
there are counted, not played again, so a measurement of hours can be stopped and taken up again; ``--against DIR``
pairs each game with the game of the same seed saved in another run's ``--save`` folder (the same deal) and reports
each bot's points less that run's in the same seat, deal by deal, with a 95% interval: far less noisy than two
medians (a solo bot has no margin to compare by).  A bot named ``name:ms``
(``--bot search:3000``) has that budget instead of ``--budget-ms``.  Game ``i`` uses seed ``seed + i``:
the same command gives the same games (time budgets aside: a search cut by the clock depends on the machine).

The machinery is the core's (``solver.core.selfplay``: seating and rotating the bots, the paired comparisons with
their 95% intervals, saving and resuming, the summary); this module plugs in Wild Tiled West's configurations (a
random board's side for every seat), bots (``solver.games.wild_tiled_west.ai.bots``) and solo ranks
(``WildTiledWestSelfPlay``), and keeps the functions the command line and the benchmarks call.

Source: our design (docs/hints.md).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from solver.core import selfplay as core
from solver.core.protocol import Bot
from solver.core.selfplay import SelfPlayResult, SelfPlaySummary, print_summary, record_game
from solver.games.wild_tiled_west.ai.bots import BOTS, make_bot
from solver.games.wild_tiled_west.ai.hints import DEFAULT_BUDGET_MS
from solver.games.wild_tiled_west.engine.game import Game
from solver.games.wild_tiled_west.rules.setup import GameConfig, SeatConfig
from solver.games.wild_tiled_west.rules.solo import solo_rank

__all__ = ["SelfPlayResult", "SelfPlaySummary", "WildTiledWestSelfPlay", "play_game", "print_summary", "record_game",
           "run"]


class WildTiledWestSelfPlay:
    """Wild Tiled West's plug-in to the core's self-play (``solver.core.selfplay.SelfPlayGame``): every seat on the
    ``side`` (``normal``, ``wild`` or ``random``) of a random board, the bots of ``BOTS`` (``make_bot``), a solo
    game's rank (``solo_rank``: Sidekick to Mysterious Stranger, ``"no rank"`` below)."""

    bot_names = BOTS
    simultaneous = True  #: every seat keeps its partner at once (Setup E): saved games keep each move's seat

    def __init__(self, side: str = "normal"):
        self.side = side

    def config(self, players: int, seed: int) -> dict[str, Any]:
        """``GameConfig(players, seed, every seat on the side)`` as plain data; ``ConfigError`` for a bad side."""
        return GameConfig(players=players, seed=seed, seats=(SeatConfig(side=self.side),) * players).to_json()

    def new_state(self, config: dict[str, Any]) -> Game:
        """A new game (the packaged catalog)."""
        return Game(GameConfig.from_json(config))

    def config_of(self, state: Any) -> dict[str, Any]:
        """The game's configuration as plain data."""
        return dict(state.config.to_json())

    def make_bot(self, spec: str, seed: int, budget_ms: float) -> Bot:
        """``make_bot``."""
        return make_bot(spec, seed, budget_ms)

    def rank(self, state: Any) -> str | None:
        """A solo game's rank (``"no rank"`` below Sidekick); ``None`` with other seats."""
        if len(state.players) != 1:
            return None
        return solo_rank(state.catalog, state.players[0].points) or "no rank"


def play_game(players: int, seed: int, bot_names: list[str], budget_ms: float,
              side: str = "normal") -> tuple[Game, list[list[float]]]:
    """Play one game with seed ``seed``, seat ``i`` played by ``bot_names[i]`` (``make_bot``: ``name`` or
    ``name:ms``), every seat on the ``side`` (``normal``, ``wild`` or ``random``) of a random board.  Returns the
    finished game and, per seat, the wall time of each of its decisions in milliseconds (``solver.core.selfplay.play_game``)."""
    plug = WildTiledWestSelfPlay(side)
    game, times = core.play_game(plug, plug.config(players, seed), bot_names, seed, budget_ms)
    return game, times


def run(players: int, games: int, bots: list[str], seed: int, budget_ms: float = DEFAULT_BUDGET_MS,
        progress: bool = True, side: str = "normal", save: Path | None = None, resume: bool = False,
        against: Path | None = None) -> SelfPlayResult:
    """Play ``games`` games on ``side`` boards (``solver.core.selfplay.run`` on ``WildTiledWestSelfPlay(side)``);
    seats take the ``bots`` in turn (``name`` or ``name:ms``, ``solver.games.wild_tiled_west.ai.bots.parse_bot``), rotated
    by one seat each game; ``save``: a folder to write each game to (``game-<seed>.json``: ``config``, ``moves``,
    ``bots`` by seat, ``decision_ms`` by seat); ``resume``: a game already saved there is replayed and counted instead
    of played again, so a long measurement stopped part way goes on where it stopped; ``against``: another run's
    ``save`` folder, whose game of each seed (the same deal, whatever its bots) is the baseline of this run's
    (``SelfPlayResult.paired``).  Raises ``ValueError`` for an unknown bot name, a bad budget or a bad count, a saved
    game that is not this run's, a baseline game missing or of another configuration, or ``resume`` without
    ``save``; ``ConfigError`` for a bad side."""
    return core.run(WildTiledWestSelfPlay(side), players, games, bots, seed, budget_ms, progress, save, resume, against)
