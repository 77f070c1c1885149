"""The protocol every game of the house implements: a ``Game`` (the game object: what a game is, how a play of it
starts, its bots and hint) and the ``State`` of one play of it.

The split is OpenSpiel's (``spiel.h``: ``Game`` makes ``State``s; a state lists the players to act, their legal
actions, applies them, and gives each player's observation), with boardgame.io's ``activePlayers`` for decisions
by several seats at once.  The service, the puzzles archive, the conformance tests and the core's search reach a
game only through these two protocols and ``solver.core.registry``.

Terms: a *seat* is a player's place at the table, ``0 .. players - 1``; a *move* is a JSON object with a
``"type"`` (the game's own move kinds); an *event* is a JSON object with a ``"type"`` that a move or a chance step
caused; a *view* is what a seat (or a spectator, ``None``) may see, built by allow-list; a *position* is a seat's
view plus what a planner needs to go on from it, from which ``Game.sample`` rebuilds a playable state by drawing the
hidden rest (a *determinization*).

**Decisions by several seats at once.**  ``State.pending_seats()`` lists every seat that must decide now (any
number; empty when the game is over).  A game whose decision involves several seats accepts each seat's move at
once with ``State.play(seat, move)`` and keeps it secret from the other seats (their views say only that the seat
has decided) until every required seat has moved; a seat may play again to replace its move while the decision is
unresolved.  An optional decision (bank a die, or pass) is a move like any other.  A sequential game lists one seat.

This module imports no game (``tests/test_architecture.py``).  Source: our own design, after OpenSpiel's
``spiel.h`` and boardgame.io's game object.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from solver.core import registry
from solver.core.registry import GameEntry

__all__ = ["JSON", "Bot", "ConfigError", "Decision", "Game", "GameOver", "IllegalMove", "State", "load"]

JSON = dict[str, Any]  #: a JSON object: a move, an event, a view, a configuration


class IllegalMove(ValueError):
    """A move the state does not allow now; ``rule`` is a short code (``"not_your_decision"``, a rule of the game's
    rule text, ...), the message says why in a sentence.  Raised by ``State.play``, which then changed nothing."""

    def __init__(self, rule: str, message: str):
        self.rule = rule
        super().__init__(message)


class GameOver(IllegalMove):
    """A move was sent to a finished game (rule ``game_over``)."""


class ConfigError(ValueError):
    """A configuration the game cannot be set up with (``Game.new_state``); the message says which field and why."""


@runtime_checkable
class State(Protocol):
    """One play of a game, from its configuration and seed to its end.

    Every method reads the state except ``play``.  Coordinates, if a game has them, are ``(row, col)``, 0-based, row 0
    at the top.  Points are the game's own points."""

    #: the number of moves played so far (every seat's, in order: the move log's length)
    version: int
    #: True once the game is over (``pending_seats()`` is then empty)
    finished: bool
    #: the move log: each move as played, and the seat that played it, in order
    moves: list[JSON]
    move_seats: list[int]
    #: every event so far, in order (an event's number is its place here); views show a seat those it may see
    events: list[JSON]

    def pending_seats(self) -> list[int]:
        """Every seat that must decide now, in seat order (any number; ``[]`` when the game is over)."""
        ...

    def decision(self, seat: int) -> JSON | None:
        """The decision ``seat`` must make now, ``{"type": <decision kind>, "seat": seat, ...}``, or ``None`` when it
        has none."""
        ...

    def legal_moves(self, seat: int | None = None) -> list[JSON]:
        """``seat``'s legal moves now (``[]`` when it has no decision); each is a move ``play`` accepts unchanged.
        ``None``: the moves of the first pending seat (a sequential game's only one)."""
        ...

    def play(self, seat: int, move: JSON) -> list[JSON]:
        """Play ``seat``'s ``move``; returns the events it caused (chance steps and automatic steps up to the next
        decision included).  Raises ``GameOver`` when the game has ended and ``IllegalMove`` (rule and reason) when
        ``seat`` has no decision or the move is not allowed; either way the state is unchanged."""
        ...

    def view(self, seat: int | None) -> JSON:
        """The state as ``seat`` may see it (``None``: a spectator), built by allow-list: only the fields the game
        names are there, so a field the state gains stays hidden until it is named."""
        ...

    def position(self, seat: int) -> JSON:
        """What ``seat`` knows, as plain data a planner can resume from (``Game.sample`` rebuilds a state from it)."""
        ...

    def score_breakdown(self, seat: int) -> Mapping[str, Any]:
        """``seat``'s points by category and the ``"total"`` (as the game would score now; final once it is over)."""
        ...

    def standings(self) -> Sequence[Mapping[str, Any]]:
        """Seats best first: ``{"seat", "points", "place", ...}``; tied seats share a place."""
        ...

    def to_json(self) -> JSON:
        """The whole state as plain JSON data, hidden information included (``Game.from_json`` reads it back)."""
        ...


@runtime_checkable
class Bot(Protocol):
    """A player the server or a test can seat: it chooses a legal move for a pending seat."""

    def choose(self, state: Any, seat: int) -> JSON:
        """A legal move of ``seat`` in ``state`` (``state`` unchanged)."""
        ...


@dataclass(frozen=True)
class Decision:
    """One decision of a move log, as a review weighs it (``solver.core.review``, ``Game.review_decisions``): ``index`` of its first move in the log, the ``seat`` and ``kind`` (the pending
    decision's type), the seat's ``position`` before it (``State.position(seat)``), the ``moves`` it played (a
    complete option) and ``choices``, the number of legal moves it had at its first move."""

    index: int
    seat: int
    kind: str
    position: JSON
    moves: list[JSON]
    choices: int


@runtime_checkable
class Game(Protocol):
    """The game object: what the house knows of one game and how to play it (one per game, registered by its
    ``entry.id``).  ``State`` is the kind of state it makes."""

    entry: GameEntry

    def config_schema(self) -> JSON:
        """The configuration a new game takes, as a JSON Schema object (``"players"`` and ``"seed"`` at least)."""
        ...

    def new_state(self, config: JSON) -> State:
        """A new game set up from ``config`` (its ``"seed"`` drives every chance step); raises ``ConfigError``."""
        ...

    def config_of(self, state: State) -> JSON:
        """The configuration ``state`` was set up from (``new_state`` of it, replaying the same moves, gives back the
        same state)."""
        ...

    def with_components(self, components: Any) -> Game:
        """The same game reading its components from ``components`` (a corrected copy of its data, as the game's own
        loader returns it) instead of its own data files."""
        ...

    def seat_summaries(self, state: State) -> list[str]:
        """What a list of games (the lobby) shows of each seat's setup, one short id per seat in seat order (``[]``:
        nothing to show)."""
        ...

    def from_json(self, data: JSON) -> State:
        """The state ``State.to_json`` wrote."""
        ...

    def replay(self, config: JSON, moves: Sequence[tuple[int, JSON]]) -> State:
        """The state after playing ``moves`` (``(seat, move)`` in order) from ``new_state(config)``; raises
        ``IllegalMove`` at the first move that does not apply."""
        ...

    def labelled_moves(self, state: State, seat: int) -> list[JSON]:
        """``seat``'s legal moves, each with a one-line ``"label"`` a player reads (unique within the decision) and
        whatever else the game's clients draw from (a placement's squares, ...)."""
        ...

    def spent(self, state: State) -> JSON:
        """How much hidden information ``state`` has revealed so far (chance steps, cards drawn, secret moves revealed),
        as a small summary that ``revealed`` compares: an undo never crosses a revelation."""
        ...

    def revealed(self, before: JSON, after: JSON) -> str | None:
        """What an undo from a state whose ``spent`` is ``after`` back to one whose ``spent`` is ``before`` may not
        cross: the hidden information revealed in between (dice rolled, cards drawn, a secret move revealed), said in
        a few words; ``None`` when nothing was revealed, so the undo is allowed."""
        ...

    def sample(self, position: JSON, seed: int) -> State:
        """A state consistent with ``position`` (``State.position(seat)``), the hidden rest drawn from ``seed``: the
        seat's view of it equals its view of the true state."""
        ...

    def value(self, state: State, seat: int) -> float:
        """The game's estimate of ``seat``'s final points from ``state`` (its points so far included)."""
        ...

    def bots(self) -> Mapping[str, str]:
        """The bots the game offers: name -> one line saying how it plays."""
        ...

    def make_bot(self, name: str, seed: int = 0, budget_ms: float | None = None) -> Bot:
        """The bot ``name`` (one of ``bots()``), its random choices from ``seed``, thinking ``budget_ms``
        milliseconds per decision where it searches (``None``: its default); ``KeyError`` for an unknown name."""
        ...

    def move_view(self, move: JSON, mover: int, viewer: int | None) -> JSON:
        """A move ``mover`` played (or could have played) as ``viewer`` (a seat, or ``None``: a spectator) may see it in
        a finished game's log, by allow-list: what stays hidden after the end (a face-down card kept) is withheld.
        Reviews show other seats' played and best moves this way."""
        ...

    def review_decisions(self, config: JSON, moves: Sequence[tuple[int, JSON]]) -> list[Decision]:
        """The decisions of the move log ``new_state(config)`` + ``moves`` (``(seat, move)`` in order), as the core's
        review cuts them (``solver.core.review.decisions``: the moves one seat played from one decision until the
        option it weighs is complete).  Raises ``IllegalMove`` at a move that does not apply."""
        ...

    def review_decision(self, decision: Decision, budget_ms: float | None, simulations: int | None,
                        seed: int = 0) -> JSON:
        """One decision reviewed from its seat's position only (``solver.core.review.review_decision``): ``{"index",
        "seat", "decision", "played", "played_moves", "best", "best_moves", "loss", "loss_stderr", "options",
        "simulations", "partial"}`` (``loss`` in points); the search thinks ``budget_ms`` milliseconds and/or
        ``simulations``, its determinizations seeded by ``seed``."""
        ...

    def hint(self, position: JSON, top: int = 3, budget_ms: float | None = None, seed: int = 0,
             simulations: int | None = None) -> JSON:
        """The best moves for the seat of ``position`` (its own knowledge only): ``{"options": [{"moves", "label",
        "gain", ...}, ...]}`` best first, at most ``top``, each of whose moves is legal; thinking ``budget_ms``
        milliseconds (``None``: its default) or ``simulations`` where it counts them, its sampling of hidden
        information from ``seed``.  Raises ``ValueError`` (the message says why) for a position it gives no hint from
        (the game over, the decision another seat's)."""
        ...


def load(game_id: str) -> Game:
    """The game object of the registered game ``game_id``: ``GAME`` of its package's ``protocol`` module, imported on
    first use (``KeyError`` naming the known ids for an unknown one; ``TypeError`` when the module's ``GAME`` does not
    implement ``Game``)."""
    entry = registry.get(game_id)
    game = importlib.import_module(entry.protocol_module).GAME
    if not isinstance(game, Game) or game.entry != entry:
        raise TypeError(f"{entry.protocol_module}.GAME is not the game object of {game_id!r}")
    return game
