"""Setup: the configuration of a game (player count, seed, each seat's settlement board and side) and the
setup steps that draw from it.

A game is fully determined by (configuration, move list): the seed drives every chance step.  The engine runs
setup in the rulebook's order with one random generator (``solver.games.wild_tiled_west.engine.game.Game._step_setup``); each step is a
function here.  Source: rulebook, Setup (A-F and the player counts: B contracts at random or the first-game order;
C2 the dice for the player count; D1 a board and side per player; D4 the starting points; E the partners dealt;
F the first player and the 3-player gold) and Solo play / Setup.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from solver.core.protocol import ConfigError as ConfigError  # the core protocol's, this game's too
from solver.games.wild_tiled_west.components.catalog import player_counts
from solver.games.wild_tiled_west.components.texts import _
from solver.games.wild_tiled_west.components.values import BoardSide, Catalog
from solver.games.wild_tiled_west.rules.dice import PRAIRIE, RIVER, Die
from solver.games.wild_tiled_west.rules.player import PlayerState
from solver.games.wild_tiled_west.rules.settlement import Settlement
from solver.games.wild_tiled_west.rules.wrangling import Contract

SIDE_CHOICES = ("normal", "wild", "random")


@dataclass(frozen=True)
class SeatConfig:
    """One seat's board: ``board`` id (``None``: a random board no other seat has) and ``side``
    (``normal``, ``wild`` or ``random``; the rulebook advises normal for a first game)."""

    board: str | None = None
    side: str = "normal"


@dataclass(frozen=True)
class GameConfig:
    """``players`` 1-5 (1 = solo; the numbers supply.toml's dice table covers: ``components.catalog.player_counts``), ``seed`` (any whole number), ``seats`` (one ``SeatConfig`` per
    player, default: random boards, normal sides) and ``first_game_contracts`` (cattle contracts
    in the rulebook's first-game order instead of at random)."""

    players: int
    seed: int = 0
    seats: tuple[SeatConfig, ...] = field(default_factory=tuple)
    first_game_contracts: bool = False

    def __post_init__(self) -> None:
        counts = player_counts()  # supply.toml's dice per number of players (Setup C2)
        if not isinstance(self.players, int) or isinstance(self.players, bool) or self.players not in counts:
            raise ConfigError(_("players must be {first} to {last}, got {players!r}").format(
                first=counts[0], last=counts[-1], players=self.players))
        if not isinstance(self.seed, int) or isinstance(self.seed, bool):
            raise ConfigError(_("seed must be a whole number, got {seed!r}").format(seed=self.seed))
        if not self.seats:
            object.__setattr__(self, "seats", tuple(SeatConfig() for _seat in range(self.players)))
        if len(self.seats) != self.players:
            raise ConfigError(_("seats must list one board per player: {players} players, {seats} seats").format(
                players=self.players, seats=len(self.seats)))
        for i, seat in enumerate(self.seats):
            if seat.side not in SIDE_CHOICES:
                raise ConfigError(_("seats[{index}].side must be one of {choices}, got {side!r}").format(
                    index=i, choices=", ".join(SIDE_CHOICES), side=seat.side))
        chosen = [s.board for s in self.seats if s.board is not None]
        if len(chosen) != len(set(chosen)):
            raise ConfigError(_("two seats cannot use the same settlement board"))

    def to_json(self) -> dict[str, object]:
        """Plain data."""
        return {"players": self.players, "seed": self.seed, "first_game_contracts": self.first_game_contracts,
                "seats": [{"board": s.board, "side": s.side} for s in self.seats]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameConfig:
        """Build from plain data; raises ``ConfigError`` for bad values."""
        try:
            seats = tuple(SeatConfig(s.get("board"), s.get("side", "normal")) for s in data.get("seats") or ())
            return cls(data["players"], data.get("seed", 0), seats, bool(data.get("first_game_contracts", False)))
        except (KeyError, TypeError, AttributeError) as exc:
            raise ConfigError(_("malformed configuration: {error}").format(error=exc)) from None


def setup_dice(catalog: Catalog, players: int) -> list[Die]:
    """The dice rolled this game (Setup C2: one more die than players; solo two prairie dice and a river die):
    the prairie dice first, numbered from 0."""
    prairie, river = catalog.supply.dice[players]
    return [Die(i, PRAIRIE, 1) for i in range(prairie)] + [Die(prairie + i, RIVER, 1) for i in range(river)]


def setup_contracts(catalog: Catalog, first_game: bool, rng: random.Random) -> list[Contract]:
    """The four cattle contracts on the contract spaces, large sides up (Setup B): at random, or in the first
    game's order (alleys, gold, bullets, points)."""
    contracts = list(catalog.scoreboard.contracts)
    if first_game:
        contracts.sort(key=lambda c: c.first_game_position)
    else:
        rng.shuffle(contracts)
    return [Contract(c.kind, size) for c, size in zip(contracts, catalog.scoreboard.contract_sizes)]


def choose_sides(catalog: Catalog, config: GameConfig, rng: random.Random) -> list[BoardSide]:
    """Each seat's settlement board side (Setup D1): the seat's board, or a random one no other seat has; the
    seat's side, or a random side."""
    taken = {s.board for s in config.seats if s.board}
    free = [b for b in catalog.boards if b.id not in taken]
    rng.shuffle(free)
    out = []
    for seat in config.seats:
        board = catalog.board(seat.board) if seat.board else free.pop(0)
        side = seat.side if seat.side != "random" else rng.choice(("normal", "wild"))
        out.append(getattr(board, side))
    return out


def seat_players(catalog: Catalog, sides: list[BoardSide]) -> list[PlayerState]:
    """A player per side, each with the starting points on the score track (Setup D4) and the mining marker on
    the track's bottom space."""
    return [PlayerState(seat, Settlement(side), ledger={"start": catalog.rule_numbers.starting_points})
            for seat, side in enumerate(sides)]


def deal_partners(catalog: Catalog, players: list[PlayerState], rng: random.Random) -> list[str]:
    """Shuffle the partner deck and deal each player its cards to choose from (Setup E); returns the deck left."""
    deck = [p.id for p in catalog.partners]
    rng.shuffle(deck)
    for player in players:
        player.dealt = [deck.pop(0) for _ in range(catalog.rule_numbers.dealt_partners)]
    return deck
