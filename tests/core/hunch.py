"""Hunch: a tiny made-up game for the core's tests, so the core's search, bots, self-play and review are shown to work
for a game that is not Wild Tiled West: several seats decide at once, each holds a hidden value, and a turn takes
one or two moves.  Not registered (the house's games are); its rules, whole:

- 2 or 3 players; each is dealt a secret hand, 1 to 3 (from the configuration's seed).
- **Guess**, every seat at once: each names the total of all hands (``players`` to ``3 x players``), secret until
  every seat has guessed; then the guesses and hands are revealed and a seat scores ``max(0, 3 - |guess - total|)``
  points.
- **Pile**, in turn from seat 0: a pile of 5 stones; a turn takes a stone (``take``) then, while stones are left,
  one more (``more``) or stops (``stop``).  Taking the last stone scores 2 points and ends the game.

So the best guess with hand 3 in a 2-player game is 5 (expected 7/3 points against 2 for 4 or 6), and the best turn
at a pile of 5 takes two stones (leaving 3: the pile is then won).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from solver.core.bots import GreedyBot, RandomBot, SearchBot, parse_bot
from solver.core.protocol import JSON, Bot, GameOver, IllegalMove
from solver.core.registry import GameEntry
from solver.core.review import ReviewedBySearch
from solver.core.search import GameSearch, search

PILE = 5
LAST_STONE = 2
HANDS = (1, 3)


class HunchState:
    """One play of Hunch (``solver.core.protocol.State``)."""

    def __init__(self, players: int, seed: int):
        rng = random.Random(f"hunch:{seed}")
        self.players, self.seed = players, seed
        self.hands = [rng.randint(*HANDS) for _ in range(players)]
        self.guesses: list[int | None] = [None] * players
        self.points = [0] * players
        self.pile, self.phase, self.turn, self.turns = PILE, "guess", 0, 0
        self.version, self.finished = 0, False
        self.moves: list[JSON] = []
        self.move_seats: list[int] = []
        self.events: list[JSON] = []

    def pending_seats(self) -> list[int]:
        if self.finished:
            return []
        if self.phase == "guess":
            return [s for s in range(self.players) if self.guesses[s] is None]
        return [self.turn]

    def decision(self, seat: int) -> JSON | None:
        return {"type": self.phase, "seat": seat} if seat in self.pending_seats() else None

    def legal_moves(self, seat: int | None = None) -> list[JSON]:
        pending = self.pending_seats()
        seat = pending[0] if seat is None and pending else seat
        if seat not in pending:
            return []
        if self.phase == "guess":
            return [{"type": "guess", "total": t} for t in range(self.players * HANDS[0], self.players * HANDS[1] + 1)]
        return [{"type": "take"}] if self.phase == "take" else [{"type": "more"}, {"type": "stop"}]

    def play(self, seat: int, move: JSON) -> list[JSON]:
        if self.finished:
            raise GameOver("game_over", "the game is over")
        if seat not in self.pending_seats():
            raise IllegalMove("not_your_decision", f"seat {seat} has no decision")
        if move not in self.legal_moves(seat):
            raise IllegalMove("not_an_option", f"{move} is not one of seat {seat}'s moves")
        events = self._apply(seat, move)
        self.events.extend(events)
        self.version += 1
        self.moves.append(dict(move))
        self.move_seats.append(seat)
        return events

    def _apply(self, seat: int, move: JSON) -> list[JSON]:
        if move["type"] == "guess":
            self.guesses[seat] = move["total"]
            if any(g is None for g in self.guesses):
                return [{"type": "guessed", "seat": seat}]
            total = sum(self.hands)
            for s, g in enumerate(self.guesses):
                assert g is not None
                self.points[s] += max(0, 3 - abs(g - total))
            self.phase, self.turns = "take", self.turns + 1
            return [{"type": "revealed", "hands": list(self.hands), "guesses": list(self.guesses)}]
        if move["type"] in ("take", "more"):
            self.pile -= 1
            if self.pile == 0:
                self.points[seat] += LAST_STONE
                self.finished = True
                return [{"type": "last_stone", "seat": seat}]
            if move["type"] == "take":
                self.phase = "more"
                return [{"type": "took", "seat": seat}]
        self.turn, self.phase, self.turns = (self.turn + 1) % self.players, "take", self.turns + 1
        return [{"type": "turn_ended", "seat": seat}]

    def view(self, seat: int | None) -> JSON:
        revealed = self.phase != "guess"
        out: JSON = {"players": self.players, "pile": self.pile, "phase": self.phase, "turn": self.turn,
                     "points": list(self.points), "finished": self.finished,
                     "guessed": [g is not None for g in self.guesses]}
        if revealed:
            out.update(hands=list(self.hands), guesses=list(self.guesses))
        elif seat is not None:
            out.update(hand=self.hands[seat], guess=self.guesses[seat])
        return out

    def position(self, seat: int) -> JSON:
        return {**self.view(seat), "seat": seat, "version": self.version, "turns": self.turns}

    def score_breakdown(self, seat: int) -> JSON:
        return {"total": self.points[seat]}

    def standings(self) -> list[JSON]:
        rows: list[JSON] = sorted(({"seat": s, "points": p} for s, p in enumerate(self.points)),
                                  key=lambda r: (-r["points"], r["seat"]))
        for i, row in enumerate(rows):
            row["place"] = rows[i - 1]["place"] if i and rows[i - 1]["points"] == row["points"] else i + 1
        return rows

    def to_json(self) -> JSON:
        return {k: (list(v) if isinstance(v, list) else v) for k, v in vars(self).items()}


class HunchSearch(GameSearch):
    """The core's ``GameSearch`` for Hunch: a turn's ``more``/``stop`` continues the ``take`` (nothing is revealed);
    the playout policy plays the pile as a player who knows it (leave a multiple of 3 when it can), the rest one step
    ahead (``GameSearch.policy``)."""

    def mark(self, state: Any) -> int:
        return int(state.turns)

    def continues(self, state: Any, seat: int, mark: Any) -> bool:
        return not state.finished and state.phase == "more" and state.turn == seat and state.turns == mark

    def policy(self, state: Any, seat: int, budget_ms: float, memory: dict[Any, Any]) -> list[JSON] | None:
        if state.phase == "take":
            return [{"type": "take"}, {"type": "more" if state.pile % 3 == 2 else "stop"}][:2 if state.pile > 1 else 1]
        return super().policy(state, seat, budget_ms, memory)


class Hunch(ReviewedBySearch):
    """Hunch's game object (``solver.core.protocol.Game``); its bots and hint are the core's."""

    entry = GameEntry("hunch", "Hunch", range(2, 4), "hunch (tests/core/hunch.py)", "tests.core.hunch")

    def config_schema(self) -> JSON:
        return {"type": "object", "required": ["players"], "properties": {
            "players": {"type": "integer", "minimum": 2, "maximum": 3}, "seed": {"type": "integer"}}}

    def new_state(self, config: JSON) -> HunchState:
        return HunchState(config["players"], config.get("seed", 0))

    def config_of(self, state: Any) -> JSON:
        return {"players": state.players, "seed": state.seed}

    def from_json(self, data: JSON) -> HunchState:
        state = HunchState.__new__(HunchState)
        state.__dict__.update({k: (list(v) if isinstance(v, list) else v) for k, v in data.items()})
        return state

    def replay(self, config: JSON, moves: Sequence[tuple[int, JSON]]) -> HunchState:
        state = self.new_state(config)
        for seat, move in moves:
            state.play(seat, move)
        return state

    def labelled_moves(self, state: Any, seat: int) -> list[JSON]:
        words = {"take": "take a stone", "more": "take another", "stop": "stop"}
        return [{**m, "label": f"guess {m['total']}" if m["type"] == "guess" else words[m["type"]]}
                for m in state.legal_moves(seat)]

    def spent(self, state: Any) -> JSON:
        return {"phase": state.phase}

    def revealed(self, before: JSON, after: JSON) -> str | None:
        return "the hands were revealed" if before["phase"] == "guess" and after["phase"] != "guess" else None

    def with_components(self, components: Any) -> Hunch:
        return self

    def seat_summaries(self, state: Any) -> list[str]:
        return []

    def sample(self, position: JSON, seed: int) -> HunchState:
        """A state agreeing with ``position``: unseen hands drawn 1-3, another seat's secret guess drawn at random."""
        rng = random.Random(f"sample:{seed}")
        n, seat = position["players"], position["seat"]
        state = HunchState(n, seed)
        if "hands" in position:
            state.hands, state.guesses = list(position["hands"]), list(position["guesses"])
        else:
            state.hands = [position["hand"] if s == seat else rng.randint(*HANDS) for s in range(n)]
            state.guesses = [position["guess"] if s == seat else rng.randint(n * HANDS[0], n * HANDS[1]) if done
                             else None for s, done in enumerate(position["guessed"])]
        state.points, state.pile, state.phase = list(position["points"]), position["pile"], position["phase"]
        state.turn, state.turns, state.version = position["turn"], position["turns"], position["version"]
        state.finished = position["finished"]
        return state

    def value(self, state: Any, seat: int) -> float:
        return float(state.points[seat])

    def bots(self) -> Mapping[str, str]:
        return {"random": "a random legal move", "greedy": "the move best one step ahead",
                "search": "the information-set search's best option"}

    def make_bot(self, name: str, seed: int = 0, budget_ms: float | None = None) -> Bot:
        kind, own = parse_bot(name, self.bots())
        if kind == "random":
            return RandomBot(seed)
        if kind == "greedy":
            return GreedyBot(self, seed)
        return SearchBot(HunchSearch(self), seed, own or budget_ms or 50.0)

    def search_game(self) -> Any:
        return HunchSearch(self)

    def move_view(self, move: JSON, mover: int, viewer: int | None) -> JSON:
        """Every guess is open once the game is over."""
        return dict(move)


    def hint(self, position: JSON, top: int = 3, budget_ms: float | None = None, seed: int = 0,
             simulations: int | None = None) -> JSON:
        found = search(HunchSearch(self), position, budget_ms or 50.0, simulations, seed=seed)
        return {"options": [found.option_json(o) for o in found.options[:top]]}


HUNCH = Hunch()
