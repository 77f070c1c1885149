"""The configuration of a game: player count, seed, each seat's settlement board and side.

A game is fully determined by (configuration, move list): the seed drives every chance step.
Source: rulebook, Setup (D1: board and side per player; B: cattle contracts at random, or the
first-game order).
"""

from __future__ import annotations

from dataclasses import dataclass, field

SIDE_CHOICES = ("normal", "wild", "random")


class ConfigError(ValueError):
    """The configuration is invalid; the message says which field and why."""


@dataclass(frozen=True)
class SeatConfig:
    """One seat's board: ``board`` id (``None``: a random board no other seat has) and ``side``
    (``normal``, ``wild`` or ``random``; the rulebook advises normal for a first game)."""

    board: str | None = None
    side: str = "normal"


@dataclass(frozen=True)
class GameConfig:
    """``players`` 1-5 (1 = solo), ``seed`` (any whole number), ``seats`` (one ``SeatConfig`` per
    player, default: random boards, normal sides) and ``first_game_contracts`` (cattle contracts
    in the rulebook's first-game order instead of at random)."""

    players: int
    seed: int = 0
    seats: tuple[SeatConfig, ...] = field(default_factory=tuple)
    first_game_contracts: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or isinstance(self.players, bool) or not 1 <= self.players <= 5:
            raise ConfigError(f"players must be 1 to 5, got {self.players!r}")
        if not isinstance(self.seed, int) or isinstance(self.seed, bool):
            raise ConfigError(f"seed must be a whole number, got {self.seed!r}")
        if not self.seats:
            object.__setattr__(self, "seats", tuple(SeatConfig() for _ in range(self.players)))
        if len(self.seats) != self.players:
            raise ConfigError(f"seats must list one board per player: {self.players} players, {len(self.seats)} seats")
        for i, seat in enumerate(self.seats):
            if seat.side not in SIDE_CHOICES:
                raise ConfigError(f"seats[{i}].side must be one of {SIDE_CHOICES}, got {seat.side!r}")
        chosen = [s.board for s in self.seats if s.board is not None]
        if len(chosen) != len(set(chosen)):
            raise ConfigError("two seats cannot use the same settlement board")

    def to_json(self) -> dict[str, object]:
        """Plain data."""
        return {"players": self.players, "seed": self.seed, "first_game_contracts": self.first_game_contracts,
                "seats": [{"board": s.board, "side": s.side} for s in self.seats]}

    @classmethod
    def from_json(cls, data: dict) -> GameConfig:
        """Build from plain data; raises ``ConfigError`` for bad values."""
        try:
            seats = tuple(SeatConfig(s.get("board"), s.get("side", "normal")) for s in data.get("seats") or ())
            return cls(data["players"], data.get("seed", 0), seats, bool(data.get("first_game_contracts", False)))
        except (KeyError, TypeError, AttributeError) as exc:
            raise ConfigError(f"malformed configuration: {exc}") from None
