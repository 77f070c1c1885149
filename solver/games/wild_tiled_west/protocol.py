"""Wild Tiled West's game object: the game as the house sees it (``solver.core.protocol.Game``), ``GAME``.

The state is ``solver.games.wild_tiled_west.engine.game.Game`` (one seat decides at a time); this module plugs the
layers below into the core's protocol: setting up from a configuration, replay, labels, what an undo may not cross,
determinization, the value function, the bots and the hint.  Source: our own design (docs/adding-a-game.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from solver.core.protocol import JSON, Bot, Decision
from solver.core.review import ReviewedBySearch
from solver.games.wild_tiled_west import ENTRY
from solver.games.wild_tiled_west.ai.bots import BOTS, make_bot
from solver.games.wild_tiled_west.ai.determinize import sample_game
from solver.games.wild_tiled_west.ai.evaluation import position_value, total
from solver.games.wild_tiled_west.ai.hints import DEFAULT_BUDGET_MS
from solver.games.wild_tiled_west.ai.search import WildTiledWestSearch, search_hint
from solver.games.wild_tiled_west.components.catalog import load_catalog
from solver.games.wild_tiled_west.components.texts import _
from solver.games.wild_tiled_west.components.values import Catalog
from solver.games.wild_tiled_west.engine.game import Game
from solver.games.wild_tiled_west.engine.labels import annotated
from solver.games.wild_tiled_west.engine.views import move_view
from solver.games.wild_tiled_west.rules.setup import SIDE_CHOICES, GameConfig

#: One line per bot (``BOTS``): what the catalog of games and the API say of it.
BOT_LINES = {
    "random": "plays a random legal move",
    "greedy": "plays the option that scores the most points at once",
    "hint": "plays the top option of the one-step hint",
    "search": "plays the best option of the information-set search at its budget",
}


class WildTiledWest(ReviewedBySearch):
    """The game object of Wild Tiled West (``solver.core.protocol.Game``), with the catalog its states use
    (default: the catalog of ``solver.games.wild_tiled_west.components.data``)."""

    entry = ENTRY

    def __init__(self, catalog: Catalog | None = None):
        self._catalog = catalog

    @property
    def catalog(self) -> Catalog:
        """The catalog (loaded on first use)."""
        if self._catalog is None:
            self._catalog = load_catalog()
        return self._catalog

    def config_schema(self) -> JSON:
        """The configuration (rulebook: Setup): ``players`` 1-5 (1: Solo play), ``seed``, per seat a settlement
        ``board`` (its id; null: dealt at random) and ``side`` (normal, wild or random), ``first_game_contracts``
        (Setup D's first-game contracts)."""
        return {
            "type": "object", "required": ["players"], "additionalProperties": False,
            "properties": {
                "players": {"type": "integer", "minimum": self.entry.players.start, "maximum": self.entry.players.stop - 1},
                "seed": {"type": "integer"},
                "first_game_contracts": {"type": "boolean"},
                "seats": {"type": "array", "items": {"type": "object", "additionalProperties": False, "properties": {
                    "board": {"type": ["string", "null"]}, "side": {"enum": list(SIDE_CHOICES)}}}},
            },
        }

    def new_state(self, config: JSON) -> Game:
        """A new game from ``config`` (``GameConfig.from_json``); raises ``ConfigError``."""
        return Game(GameConfig.from_json(config), self.catalog)

    def config_of(self, state: Any) -> JSON:
        """The game's configuration as plain data."""
        return dict(state.config.to_json())

    def with_components(self, components: Any) -> WildTiledWest:
        """This game reading ``components`` (a ``Catalog``: a corrected copy of the data, ``load_catalog_from``)."""
        if not isinstance(components, Catalog):
            raise TypeError(f"Wild Tiled West's components are a Catalog, not {type(components).__name__}")
        return WildTiledWest(components)

    def seat_summaries(self, state: Any) -> list[str]:
        """Each seat's settlement board side id (``"<board>/<side>"``, rulebook: Setup A)."""
        return [p.settlement.side.id for p in state.players]

    def from_json(self, data: JSON) -> Game:
        """``Game.from_json``."""
        return Game.from_json(data, self.catalog)

    def replay(self, config: JSON, moves: Sequence[tuple[int, JSON]]) -> Game:
        """The game after ``moves`` (``(seat, move)``), each played by its seat (``Game.play``)."""
        game = self.new_state(config)
        for seat, move in moves:
            game.play(seat, move)
        return game

    def labelled_moves(self, state: Any, seat: int) -> list[JSON]:
        """``seat``'s legal moves with their labels and, for a placement, its squares (``engine.labels.annotated``)."""
        return [annotated(state, m) for m in state.legal_moves(seat)]

    def spent(self, state: Any) -> JSON:
        """The chance steps taken (dice rolls, shuffles) and the cards left in the partner and bandit decks (the bandit
        deck: null when not solo)."""
        return {"chance": state.chance, "partner_deck": len(state.partner_deck),
                "bandit_deck": len(state.solo.deck) if state.solo else None}

    def revealed(self, before: JSON, after: JSON) -> str | None:
        """The hidden information revealed between two ``spent`` (docs/rulings.md, undo): dice rolled or a deck
        shuffled (a chance step), a partner card drawn, a bandit card revealed."""
        if after["chance"] != before["chance"]:
            return _("dice were rolled or cards shuffled")
        if after["partner_deck"] < before["partner_deck"]:
            return _("a partner card was drawn")
        if before["bandit_deck"] is not None and after["bandit_deck"] is not None and after["bandit_deck"] < before["bandit_deck"]:
            return _("a bandit card was revealed")
        return None

    def sample(self, position: JSON, seed: int) -> Game:
        """``ai.determinize.sample_game``: unseen partners and the bandit deck drawn, future chance from ``seed``."""
        return sample_game(position, seed, self.catalog)

    def value(self, state: Any, seat: int) -> float:
        """``ai.evaluation.position_value``'s total (points)."""
        return total(position_value(state, seat))

    def bots(self) -> Mapping[str, str]:
        """``ai.bots.BOTS``, each with its line."""
        return {name: BOT_LINES[name] for name in BOTS}

    def make_bot(self, name: str, seed: int = 0, budget_ms: float | None = None) -> Bot:
        """``ai.bots.make_bot``; ``KeyError`` for an unknown name."""
        if name not in BOTS:
            raise KeyError(f"no bot {name!r}: choose one of {', '.join(BOTS)}")
        return make_bot(name, seed, DEFAULT_BUDGET_MS if budget_ms is None else budget_ms)

    def search_game(self) -> WildTiledWestSearch:
        """``ai.search.WildTiledWestSearch`` on this catalog: the move review's search (``ReviewedBySearch``)."""
        return WildTiledWestSearch(self.catalog)

    def review_decision(self, decision: Decision, budget_ms: float | None, simulations: int | None,
                        seed: int = 0) -> JSON:
        """The core's review of ``decision`` (``ReviewedBySearch.review_decision``) with its ``moment``: the ``year``
        and the round of the year (``round_in_year``) it was made in and the ``dice`` as they lay then, from the
        seat's position (open information), so that a page says when it was and which die a draft used (issue 37)."""
        row = super().review_decision(decision, budget_ms, simulations, seed)
        position = decision.position
        return {**row, "moment": {"year": position["year"], "round_in_year": position["round_in_year"],
                                  "dice": position["dice"]}}

    def move_view(self, move: JSON, mover: int, viewer: int | None) -> JSON:
        """``engine.views.move_view``: another seat's kept partner stays face down (rulebook: Setup E)."""
        return move_view(move, mover, viewer)


    def hint(self, position: JSON, top: int = 3, budget_ms: float | None = None, seed: int = 0,
             simulations: int | None = None) -> JSON:
        """``ai.search.search_hint``: the information-set search's best options (``HintError``, ``PositionError``:
        ``ValueError``s)."""
        return search_hint(position, top=top, budget_ms=DEFAULT_BUDGET_MS if budget_ms is None else budget_ms,
                           simulations=simulations, seed=seed, catalog=self.catalog)


GAME = WildTiledWest()

__all__ = ["GAME", "WildTiledWest"]
