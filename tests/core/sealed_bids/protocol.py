"""Sealed Bids' game object and state (``solver.core.protocol``): the rules are in the package's docstring."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

from solver.core.protocol import JSON, ConfigError, GameOver, IllegalMove
from solver.core.review import ReviewedBySearch
from solver.core.search import GameSearch
from tests.core.sealed_bids import ENTRY

ROUNDS = 3
COINS = 6
MAX_BID = 3


class SealedBidsState:
    """One play of Sealed Bids (``solver.core.protocol.State``); every seat decides at once each round."""

    def __init__(self, players: int, seed: int):
        self.players, self.seed = players, seed
        self.chance = 0
        self.round = 1
        self.prize = 0
        self.coins = [COINS] * players
        self.points = [0] * players
        self.bids: dict[int, int] = {}
        self.version = 0
        self.finished = False
        self.moves: list[JSON] = []
        self.move_seats: list[int] = []
        self.move_rounds: list[int] = []
        self.events: list[JSON] = []
        self._roll()

    # --- reading ---------------------------------------------------------------------------------

    def pending_seats(self) -> list[int]:
        """The seats that have not bid this round (every seat decides at once)."""
        return [] if self.finished else [s for s in range(self.players) if s not in self.bids]

    def decision(self, seat: int) -> JSON | None:
        """Every seat's bid of the round, ``decided`` once it has bid (it may still change its bid)."""
        if self.finished or not 0 <= seat < self.players:
            return None
        return {"type": "bid", "seat": seat, "round": self.round, "decided": seat in self.bids}

    def legal_moves(self, seat: int | None = None) -> list[JSON]:
        """``{"type": "bid", "amount": a}`` for a = 0 .. min(MAX_BID, the seat's coins)."""
        if seat is None:
            seat = (self.pending_seats() or [0])[0]
        if self.decision(seat) is None:
            return []
        return [{"type": "bid", "amount": a} for a in range(min(MAX_BID, self.coins[seat]) + 1)]

    def score_breakdown(self, seat: int) -> Mapping[str, Any]:
        """The prizes won: ``{"prizes", "total"}``."""
        return {"prizes": self.points[seat], "total": self.points[seat]}

    def standings(self) -> Sequence[Mapping[str, Any]]:
        """Most points first (then most coins left); ties share a place."""
        rows = sorted(({"seat": s, "points": self.points[s], "tiebreak": self.coins[s]} for s in range(self.players)),
                      key=lambda r: (-r["points"], -r["tiebreak"], r["seat"]))
        for i, row in enumerate(rows):
            same = i and (rows[i - 1]["points"], rows[i - 1]["tiebreak"]) == (row["points"], row["tiebreak"])
            row["place"] = rows[i - 1]["place"] if same else i + 1
        return rows

    def _move_view(self, n: int, seat: int | None) -> JSON:
        open_ = self.move_seats[n] == seat or self.move_rounds[n] < self.round or self.finished
        return dict(self.moves[n]) if open_ else {"type": "bid"}

    def view(self, seat: int | None) -> JSON:
        """By allow-list: the public counts, who has bid (``decided``), the seat's own bid (``my_bid``); another seat's
        bid of the round being played is withheld, in the move log too."""
        return {"config": {"players": self.players}, "round": self.round, "prize": self.prize, "coins": list(self.coins),
                "points": list(self.points), "finished": self.finished, "version": self.version,
                "players": [{"seat": s} for s in range(self.players)],
                "pending": self.decision(self.pending_seats()[0]) if self.pending_seats() else None,
                "pending_seats": self.pending_seats(), "decided": sorted(self.bids),
                "my_bid": self.bids.get(seat) if seat is not None else None,
                "events": [{**e, "n": n} for n, e in enumerate(self.events)],
                "moves": [self._move_view(n, seat) for n in range(len(self.moves))], "move_seats": list(self.move_seats)}

    def position(self, seat: int) -> JSON:
        """The seat's view, its seat and the move rounds (public)."""
        return {**self.view(seat), "seat": seat, "move_rounds": list(self.move_rounds)}

    # --- playing ---------------------------------------------------------------------------------

    def play(self, seat: int, move: Any) -> list[JSON]:
        """Seal (or change) ``seat``'s bid; the last bid of the round reveals them all and plays the round out."""
        if self.finished:
            raise GameOver("game_over", "the game is over: no more moves")
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalMove("not_your_decision", f"there is no seat {seat!r}")
        if not isinstance(move, dict) or not isinstance(move.get("type"), str):
            raise IllegalMove("malformed_move", "a move is a JSON object with a 'type'")
        if move["type"] != "bid":
            raise IllegalMove("wrong_decision", f"the decision is a bid, not {move['type']!r}")
        amount = move.get("amount")
        if not isinstance(amount, int) or isinstance(amount, bool) or set(move) != {"type", "amount"}:
            raise IllegalMove("malformed_move", "a bid is {'type': 'bid', 'amount': <whole number>}")
        if not 0 <= amount <= min(MAX_BID, self.coins[seat]):
            raise IllegalMove("bid_too_high", f"a bid is 0 to {min(MAX_BID, self.coins[seat])} coins, not {amount}")
        start = len(self.events)
        self.events.append({"type": "bid_sealed", "seat": seat, "changed": seat in self.bids})
        self.bids[seat] = amount
        self.moves.append({"type": "bid", "amount": amount})
        self.move_seats.append(seat)
        self.move_rounds.append(self.round)
        self.version += 1
        if len(self.bids) == self.players:
            self._reveal()
        return self.events[start:]

    def _roll(self) -> None:
        self.prize = random.Random(f"{self.seed}:{self.chance}").randint(1, 6)
        self.chance += 1
        self.events.append({"type": "round_start", "round": self.round, "prize": self.prize})

    def _reveal(self) -> None:
        bids = [self.bids[s] for s in range(self.players)]
        for s, bid in enumerate(bids):
            self.coins[s] -= bid
        unique = [b for b in bids if bids.count(b) == 1]
        winner = bids.index(max(unique)) if unique else None
        if winner is not None:
            self.points[winner] += self.prize
        self.events.append({"type": "bids_revealed", "bids": bids, "winner": winner, "prize": self.prize})
        self.bids = {}
        self.round += 1
        if self.round > ROUNDS:
            self.finished = True
            self.events.append({"type": "game_end", "standings": [dict(r) for r in self.standings()]})
        else:
            self._roll()

    # --- serialising -----------------------------------------------------------------------------

    def to_json(self) -> JSON:
        """Everything, hidden bids included."""
        return {"players": self.players, "seed": self.seed, "chance": self.chance, "round": self.round,
                "prize": self.prize, "coins": list(self.coins), "points": list(self.points),
                "bids": {str(s): b for s, b in sorted(self.bids.items())}, "version": self.version,
                "finished": self.finished, "moves": [dict(m) for m in self.moves], "move_seats": list(self.move_seats),
                "move_rounds": list(self.move_rounds), "events": json.loads(json.dumps(self.events))}

    @classmethod
    def from_json(cls, data: JSON) -> SealedBidsState:
        """The state ``to_json`` wrote."""
        state = cls.__new__(cls)
        for k in ("players", "seed", "chance", "round", "prize", "version", "finished"):
            setattr(state, k, data[k])
        state.coins, state.points = list(data["coins"]), list(data["points"])
        state.bids = {int(s): b for s, b in data["bids"].items()}
        state.moves = [dict(m) for m in data["moves"]]
        state.move_seats, state.move_rounds = list(data["move_seats"]), list(data["move_rounds"])
        state.events = json.loads(json.dumps(data["events"]))
        return state


class RandomBidder:
    """Bids at random."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: Any, seat: int) -> JSON:
        return self.rng.choice(state.legal_moves(seat))


class GreedyBidder:
    """Bids all it may on a prize of 4 or more, nothing below."""

    def choose(self, state: Any, seat: int) -> JSON:
        moves = state.legal_moves(seat)
        return moves[-1] if state.prize >= 4 else moves[0]


class SealedBids(ReviewedBySearch):
    """Sealed Bids' game object."""

    entry = ENTRY

    def config_schema(self) -> JSON:
        return {"type": "object", "required": ["players"], "properties": {
            "players": {"type": "integer", "minimum": 2, "maximum": 4}, "seed": {"type": "integer"}}}

    def new_state(self, config: JSON) -> SealedBidsState:
        players, seed = config.get("players"), config.get("seed", 0)
        if not isinstance(players, int) or players not in self.entry.players:
            raise ConfigError(f"players must be 2 to 4, got {players!r}")
        if not isinstance(seed, int):
            raise ConfigError(f"seed must be a whole number, got {seed!r}")
        return SealedBidsState(players, seed)

    def config_of(self, state: Any) -> JSON:
        return {"players": state.players, "seed": state.seed}

    def with_components(self, components: Any) -> SealedBids:
        return self

    def seat_summaries(self, state: Any) -> list[str]:
        return []

    def from_json(self, data: JSON) -> SealedBidsState:
        return SealedBidsState.from_json(data)

    def replay(self, config: JSON, moves: Sequence[tuple[int, JSON]]) -> SealedBidsState:
        state = self.new_state(config)
        for seat, move in moves:
            state.play(seat, move)
        return state

    def labelled_moves(self, state: Any, seat: int) -> list[JSON]:
        return [{**m, "label": f"bid {m['amount']} coin{'s' if m['amount'] != 1 else ''}"} for m in state.legal_moves(seat)]

    def spent(self, state: Any) -> JSON:
        """The rounds whose bids were revealed."""
        return {"round": state.round, "finished": state.finished}

    def revealed(self, before: JSON, after: JSON) -> str | None:
        """Bids revealed (a round played out) in between."""
        return "the bids were revealed" if after != before else None

    def sample(self, position: JSON, seed: int) -> SealedBidsState:
        """The other seats' withheld bids drawn at random (within what they may bid), future prizes from ``seed``."""
        rng = random.Random(f"sample:{seed}")
        me = position["seat"]
        state = SealedBidsState.__new__(SealedBidsState)
        state.players, state.seed, state.chance = position["config"]["players"], seed, 0
        state.round, state.prize, state.finished = position["round"], position["prize"], position["finished"]
        state.version = position["version"]
        state.coins, state.points = list(position["coins"]), list(position["points"])
        state.events = [{k: v for k, v in e.items() if k != "n"} for e in position["events"]]
        state.move_seats, state.move_rounds = list(position["move_seats"]), list(position["move_rounds"])
        state.moves, state.bids = [], {}
        for n, move in enumerate(position["moves"]):
            seat = state.move_seats[n]
            if "amount" not in move:
                move = {"type": "bid", "amount": rng.randint(0, min(MAX_BID, state.coins[seat]))}
            state.moves.append(dict(move))
            if state.move_rounds[n] == state.round:
                state.bids[seat] = move["amount"]
        if position["my_bid"] is not None:
            state.bids[me] = position["my_bid"]
        return state

    def value(self, state: Any, seat: int) -> float:
        return state.points[seat] + 0.5 * state.coins[seat]

    def bots(self) -> Mapping[str, str]:
        return {"random": "bids at random", "greedy": "bids all it may on a prize of 4 or more"}

    def make_bot(self, name: str, seed: int = 0, budget_ms: float | None = None) -> Any:
        if name == "random":
            return RandomBidder(seed)
        if name == "greedy":
            return GreedyBidder()
        raise KeyError(f"no bot {name!r}")

    def search_game(self) -> Any:
        return GameSearch(self)

    def move_view(self, move: JSON, mover: int, viewer: int | None) -> JSON:
        """Every bid is open once the game is over."""
        return dict(move)


    def hint(self, position: JSON, top: int = 3, budget_ms: float | None = None, seed: int = 0,
             simulations: int | None = None) -> JSON:
        state = self.sample(position, seed)
        seat = position["seat"]
        ranked = sorted(state.legal_moves(seat), key=lambda m: -m["amount"] if state.prize >= 4 else m["amount"])
        return {"options": [{"moves": [m], "label": f"bid {m['amount']}", "gain": 0.0} for m in ranked[:top]]}


GAME = SealedBids()
