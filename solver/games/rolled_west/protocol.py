"""Rolled West's game object: the game as the house sees it (``solver.core.protocol.Game``), ``GAME``.

The state is ``engine.game.RolledWest`` (the active player and the neighbours who may bank decide at once); this
module plugs the layers below into the core's protocol: setting up from a configuration, replay, labels, what an
undo may not cross, determinization, the value function, the core's bots and search.  Source: our own design
(docs/adding-a-game.md); the rulings: docs/rolled-west-rulings.md."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from solver.core.bots import DEFAULT_BUDGET_MS, RandomBot, SearchBot
from solver.core.protocol import JSON, Bot, ConfigError
from solver.core.review import ReviewedBySearch
from solver.core.search import NoDecision, search
from solver.games.rolled_west import ENTRY
from solver.games.rolled_west.ai.bots import GreedyBot, HintBot
from solver.games.rolled_west.ai.determinize import sample_state
from solver.games.rolled_west.ai.search import KEEP, ROLLOUT_ROUNDS, RolledWestSearch
from solver.games.rolled_west.ai.value import value
from solver.games.rolled_west.components.catalog import load_components
from solver.games.rolled_west.components.texts import _
from solver.games.rolled_west.components.values import Components
from solver.games.rolled_west.engine.game import RolledWest
from solver.games.rolled_west.engine.labels import labelled
from solver.games.rolled_west.engine.views import move_view

#: One line per bot: what the catalog of games and the API say of it.
BOT_LINES = {
    "random": "plays a random legal move",
    "greedy": "plays the whole turn after which its score (and a little for each banked resource) is highest",
    "hint": "plays the top option of the one-step hint (the whole turn best by estimated final margin)",
    "search": "plays the best whole turn of the information-set search at its budget",
}


class RolledWestGame(ReviewedBySearch):
    """The game object of Rolled West, with the components its states use (default: ``components/data``)."""

    entry = ENTRY

    def __init__(self, components: Components | None = None):
        self._components = components

    @property
    def components(self) -> Components:
        """The components (loaded and checked on first use)."""
        if self._components is None:
            self._components = load_components()
        return self._components

    def config_schema(self) -> JSON:
        """``players`` (2-4, data/game.toml) and ``seed``."""
        n = self.components.numbers
        return {"type": "object", "required": ["players"], "additionalProperties": False, "properties": {
            "players": {"type": "integer", "minimum": n.players_min, "maximum": n.players_max},
            "seed": {"type": "integer"}}}

    def new_state(self, config: JSON) -> RolledWest:
        """A new game; ``ConfigError`` for players outside the data's range, a seed that is not a whole number, or an
        unknown field."""
        if not isinstance(config, dict):
            raise ConfigError(_("the configuration is a JSON object"))
        players, seed = config.get("players"), config.get("seed", 0)
        n = self.components.numbers
        extra = set(config) - {"players", "seed"}
        if extra:
            raise ConfigError(_("unknown configuration field(s): {fields}").format(fields=sorted(extra)))
        if not isinstance(players, int) or isinstance(players, bool) or not n.players_min <= players <= n.players_max:
            raise ConfigError(_("players must be {first} to {last}, got {players!r}").format(
                first=n.players_min, last=n.players_max, players=players))
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ConfigError(_("seed must be a whole number, got {seed!r}").format(seed=seed))
        return RolledWest(self.components, players, seed)

    def config_of(self, state: Any) -> JSON:
        """``{"players", "seed"}``."""
        return {"players": state.players, "seed": state.seed}

    def with_components(self, components: Any) -> RolledWestGame:
        """This game playing with ``components`` (``Components``: a corrected copy, ``load_components_from``)."""
        if not isinstance(components, Components):
            raise TypeError(f"Rolled West's components are Components, not {type(components).__name__}")
        return RolledWestGame(components)

    def seat_summaries(self, state: Any) -> list[str]:
        """Nothing: every seat starts with a blank sheet."""
        return []

    def from_json(self, data: JSON) -> RolledWest:
        """``RolledWest.from_json``."""
        return RolledWest.from_json(data, self.components)

    def replay(self, config: JSON, moves: Sequence[tuple[int, JSON]]) -> RolledWest:
        """The game after ``moves`` (``(seat, move)``), each played by its seat."""
        state = self.new_state(config)
        for seat, move in moves:
            state.play(seat, move)
        return state

    def labelled_moves(self, state: Any, seat: int) -> list[JSON]:
        """``engine.labels.labelled``."""
        return labelled(state, seat)

    def spent(self, state: Any) -> JSON:
        """The rolls made and the sealed decisions revealed so far."""
        return {"rolls": state.rolls, "resolved": state.resolved}

    def revealed(self, before: JSON, after: JSON) -> str | None:
        """An undo never crosses a roll or the revelation of the banks chosen at once (docs/rolled-west-rulings.md,
        "Undo")."""
        if after["rolls"] != before["rolls"]:
            return "dice were rolled"
        if after["resolved"] != before["resolved"]:
            return "the banks chosen at once were revealed"
        return None

    def sample(self, position: JSON, seed: int) -> RolledWest:
        """``ai.determinize.sample_state``."""
        return sample_state(position, seed, self.components)

    def value(self, state: Any, seat: int) -> float:
        """``ai.value.value`` (points)."""
        return value(state, seat)

    def bots(self) -> Mapping[str, str]:
        """Random (the core's), greedy and hint (``ai.bots``: the whole turn best one step ahead by the score now or by
        the estimated final margin) and search (the core's search over whole turns)."""
        return dict(BOT_LINES)

    def make_bot(self, name: str, seed: int = 0, budget_ms: float | None = None) -> Bot:
        """The bot ``name``; ``KeyError`` for an unknown name."""
        budget = DEFAULT_BUDGET_MS if budget_ms is None else budget_ms
        if name == "random":
            return RandomBot(seed)
        if name == "greedy":
            return GreedyBot(self, seed, budget)
        if name == "hint":
            return HintBot(self, seed, budget)
        if name == "search":
            return SearchBot(self.search_game(), seed, budget)
        raise KeyError(f"no bot {name!r}: choose one of {', '.join(BOT_LINES)}")

    def search_game(self) -> RolledWestSearch:
        """``ai.search.RolledWestSearch`` on this game object, its root's ``KEEP`` best options, its rollouts
        ``ROLLOUT_ROUNDS`` rounds past a leaf's."""
        return RolledWestSearch(self, keep=KEEP, rounds=ROLLOUT_ROUNDS)

    def move_view(self, move: JSON, mover: int, viewer: int | None) -> JSON:
        """``engine.views.move_view``: every move is open once the game is over."""
        return move_view(move, mover, viewer)

    def hint(self, position: JSON, top: int = 3, budget_ms: float | None = None, seed: int = 0,
             simulations: int | None = None) -> JSON:
        """The search's best whole-turn options for the position's seat (``solver.core.search.search``), at most
        ``top``; ``ValueError`` when the seat has nothing to decide."""
        start = time.perf_counter()
        seat = position.get("seat")
        if position.get("finished") or seat not in position.get("pending_seats", []):
            raise NoDecision(f"seat {seat!r} has nothing to decide in this position")
        budget = DEFAULT_BUDGET_MS if budget_ms is None and simulations is None else budget_ms
        found = search(self.search_game(), position, budget, simulations, seed)
        return {"version": position["version"], "seat": seat, "options": [found.option_json(o) for o in found.options[:top]],
                "partial": found.partial, "simulations": found.simulations, "seed": seed,
                "wall_ms": round((time.perf_counter() - start) * 1000.0, 1)}


GAME = RolledWestGame()

__all__ = ["GAME", "RolledWestGame"]
