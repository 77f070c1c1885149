"""Wild Tiled West's bots, which play any seat through the engine's own interface (``legal_moves`` / ``play``).

A bot is any object with ``choose(game, seat) -> move`` (``solver.core.protocol.Bot``).  Four bots: ``RandomBot``
(the core's: uniform among the legal moves), ``GreedyBot`` (the complete option scoring the most immediate points),
``HintBot`` (the top hint) and ``SearchBot`` (the best option of the core's information-set search on this game's
plug-in, ``solver.games.wild_tiled_west.ai.search``, at a budget or a simulation count).  The last three see only
their seat's knowledge (``Game.position``), with the hidden values sampled (``solver.games.wild_tiled_west.ai.determinize``),
and play a complete option's moves one after another (the core's ``OptionBot``).  ``make_bot`` builds one by name
(``"search:3000"``: with a budget of its own); ``play_game`` (the core's) runs a game to its end.
"""

from __future__ import annotations

from typing import Any

from solver.core import bots as core
from solver.core.bots import RandomBot, play_game
from solver.core.protocol import Bot
from solver.core.search import SearchGame
from solver.games.wild_tiled_west.ai.determinize import sample_game
from solver.games.wild_tiled_west.ai.evaluation import position_value
from solver.games.wild_tiled_west.ai.hints import DEFAULT_BUDGET_MS, rank_options
from solver.games.wild_tiled_west.ai.search import WildTiledWestSearch
from solver.games.wild_tiled_west.engine.game import Game

__all__ = ["BOTS", "Bot", "GreedyBot", "HintBot", "RandomBot", "SearchBot", "immediate_points", "make_bot", "parse_bot",
           "play_game"]


def immediate_points(game: Game, seat: int) -> dict[str, float]:
    """The seat's score as it stands (points scored + the Endgame as it would score now), as one term."""
    return {"points": float(game.score_breakdown(seat)["total"])}


class _OptionBot(core.OptionBot):
    """Plays complete options from ``rank_options`` on a sample of its seat's position (the core's ``OptionBot``:
    keeps the option's remaining moves while they stay legal)."""

    value_fn = staticmethod(position_value)

    def __init__(self, seed: int = 0, budget_ms: float = DEFAULT_BUDGET_MS):
        super().__init__(seed)
        self.budget_ms = budget_ms

    def best_option(self, game: Game, seat: int, seed: int) -> list[dict[str, Any]]:
        """The moves of the best complete option for ``seat``'s pending decision, from its position only;
        ``seed``: this decision's seed for the hidden values."""
        sampled = sample_game(game.position(seat), seed, game.catalog)
        options, _ = rank_options(sampled, seat, 1, self.budget_ms, self.value_fn, look_ahead=True)
        return options[0].moves


class GreedyBot(_OptionBot):
    """Plays the complete option that scores the most immediate points (``immediate_points``)."""

    name = "greedy"
    value_fn = staticmethod(immediate_points)


class HintBot(_OptionBot):
    """Plays the top hint (``solver.games.wild_tiled_west.ai.hints``: expected final points, ``solver.games.wild_tiled_west.ai.evaluation``)."""

    name = "hint"


class SearchBot(core.SearchBot):
    """The core's search bot (``solver.core.bots.SearchBot``) on this game's plug-in (``WildTiledWestSearch`` on the
    played game's catalog): the best option of the information-set search from its seat's position, for
    ``budget_ms`` milliseconds a decision or, when given, ``simulations`` simulations instead (then the same seed
    plays the same game), over ``workers`` processes (a pool kept for the bot's life).  ``searches``: per decision
    searched, (simulations, wall milliseconds)."""

    def __init__(self, seed: int = 0, budget_ms: float = DEFAULT_BUDGET_MS, simulations: int | None = None,
                 workers: int = 1):
        super().__init__(None, seed, budget_ms, simulations, workers)

    def searcher(self, state: Any) -> SearchGame:
        """``WildTiledWestSearch`` on ``state``'s catalog."""
        return WildTiledWestSearch(state.catalog)


#: The bots by name: self-play's and the server's bot seats (``service.games``).
BOTS: dict[str, type] = {"random": RandomBot, "greedy": GreedyBot, "hint": HintBot, "search": SearchBot}


def parse_bot(spec: str) -> tuple[str, float | None]:
    """A bot's name and its own budget from ``"name"`` or ``"name:ms"`` (``"search:3000"``), milliseconds or
    ``None`` (``solver.core.bots.parse_bot`` over ``BOTS``); raises ``ValueError`` for a name not in ``BOTS`` or a
    budget that is not a positive number."""
    return core.parse_bot(spec, BOTS)


def make_bot(name: str, seed: int = 0, budget_ms: float = DEFAULT_BUDGET_MS) -> Bot:
    """A bot by name (``BOTS``), ``"name:ms"`` giving it a budget of its own instead of ``budget_ms``
    (``parse_bot``): raises ``ValueError`` for an unknown name or a bad budget."""
    kind, own = parse_bot(name)
    bot: Bot = RandomBot(seed) if kind == "random" else BOTS[kind](seed, budget_ms if own is None else own)
    return bot
