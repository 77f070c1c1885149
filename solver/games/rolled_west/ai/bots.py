"""Rolled West's bots besides the core's random one, each choosing a whole-turn option (``ai.search``) from its seat's
position only (a determinization, ``ai.determinize``) and playing its moves one after another (the core's
``OptionBot``):

- ``GreedyBot``: the option after which ``ai.value.immediate`` (the score now, a little per banked resource) is
  highest;
- ``HintBot``: the option the one-step hint ranks first, by ``ai.value.lead`` (the estimated final margin): the
  search's prior and the top option the search starts from, without the simulations;
- the search bot is the core's ``SearchBot`` on ``ai.search.RolledWestSearch``.

Source: our design, as Wild Tiled West's bots (docs/hints.md, "Bots")."""

from __future__ import annotations

from typing import Any

from solver.core.bots import DEFAULT_BUDGET_MS, OptionBot
from solver.core.protocol import JSON, Game
from solver.games.rolled_west.ai.search import RolledWestSearch
from solver.games.rolled_west.ai.value import immediate, lead


class RankingBot(OptionBot):
    """Plays the whole-turn option that ``search`` (a ``RolledWestSearch``, by its ``worth``) ranks first one step
    ahead, on a determinization of its seat's position (each decision's own seed), the options found within
    ``budget_ms`` milliseconds."""

    def __init__(self, search: RolledWestSearch, seed: int = 0, budget_ms: float = DEFAULT_BUDGET_MS):
        super().__init__(seed)
        self.search, self.budget_ms = search, budget_ms

    def best_option(self, state: Any, seat: int, seed: int) -> list[JSON]:
        """The moves of the option best by one-step gain (``RolledWestSearch.options``)."""
        sampled = self.search.sample(state.position(seat), seed)
        options, _partial = self.search.options(sampled, seat, self.budget_ms)
        return list(options[0].moves)


class GreedyBot(RankingBot):
    """``RankingBot`` valuing by ``ai.value.immediate`` (``game``: Rolled West's game object)."""

    name = "greedy"

    def __init__(self, game: Game, seed: int = 0, budget_ms: float = DEFAULT_BUDGET_MS):
        super().__init__(RolledWestSearch(game, immediate), seed, budget_ms)


class HintBot(RankingBot):
    """``RankingBot`` valuing by ``ai.value.lead``: the hint's top option by one-step gain (``game``: Rolled West's
    game object)."""

    name = "hint"

    def __init__(self, game: Game, seed: int = 0, budget_ms: float = DEFAULT_BUDGET_MS):
        super().__init__(RolledWestSearch(game, lead), seed, budget_ms)
