"""One play of Rolled West: ``RolledWest``, a ``solver.core.protocol.State``.

The turn (rule text, "Game Play"): the active player's dice are rolled (a chance step), it chooses the terrain die
(``terrain``), then spends and banks (``claim``, ``contract``, ``office``, ``ship``, ``bank``, any order, each once)
until ``end_turn``.  As soon as the terrain is chosen, each neighbour who may bank decides **at the same time** as the
active player: one resource of that roll (``bank_between``) or ``pass``, sealed (other seats see only that it
decided) and replaceable until the decision resolves, which is when the active player has ended its turn and every
such neighbour has decided; then the banks are revealed and written in the dark boxes, and the dice pass clockwise.
With 2 players, after both turns of rounds 1-5 the ghost roll's 3 dice are rolled and each player who may bank decides
likewise.  After the last turn of round 6 the game ends: majorities, offices, the tally.

The dice come from the seed's generators (``rules.rolling.roll_generator``), or from rolls given in advance
(``rules.rolling.GivenRolls``).  ``RolledWest.solo`` sets up the solo daily puzzle (our own mode, ``rules.solo``): one
player, the rolls given, a ghost roll after each of rounds 1-5 to bank from.

Rulings: docs/rolled-west-rulings.md."""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping, Sequence
from typing import Any

from solver.core.protocol import JSON, ConfigError, GameOver, IllegalMove
from solver.games.rolled_west.components.texts import _, contract_name, office_name
from solver.games.rolled_west.components.values import METALS, Components
from solver.games.rolled_west.engine import views
from solver.games.rolled_west.engine.moves import DECISION_MOVES, SEALED, check_shape, distinct
from solver.games.rolled_west.rules import banking, boomtown_offices, claims, contracts, scoring, shipments, solo, terrain, turn
from solver.games.rolled_west.rules.rolling import GivenRolls, roll, roll_generator
from solver.games.rolled_west.rules.sheet import Sheet, new_sheet

#: The phases of play: the active player chooses its terrain; it spends (neighbours may bank meanwhile); the turn is
#: over but a neighbour has not decided; the 2-player ghost roll's banks; the game is over.
TERRAIN, SPEND, WAITING, GHOST, OVER = "terrain", "spend", "waiting", "ghost", "over"


class RolledWest:
    """The state of one play, from ``(players, seed)`` and the moves played (``solver.core.protocol.State``).

    Public: ``round`` (1-based), ``active`` (whose turn), ``phase``, ``dice`` (the active roll), ``terrain_die`` (its
    index, or ``None``), ``rolled`` (the turn's resources left unspent, ``{resource: n}``), ``done`` (the turn's
    actions taken, ``rules.turn.ACTIONS``), ``ghost_dice``, ``bankers`` (the seats deciding a bank now), ``turns_taken``,
    ``sheets``.  Hidden: ``sealed`` (each banker's choice, a resource or ``None`` for a pass, until revealed) and the
    seed (future dice).  ``given``: the rolls given in advance (``GivenRolls``), drawn from instead of the seed's
    generators, or ``None``."""

    def __init__(self, components: Components, players: int, seed: int, given: GivenRolls | None = None):
        self.components, self.players, self.seed, self.given = components, players, seed, given
        if given is not None:
            ghosts = sum(banking.ghost_roll_due(components, players, r) for r in range(1, components.numbers.rounds + 1))
            problems = given.problems(components.dice, players, components.numbers.rounds, ghosts)
            if problems:
                raise ConfigError("the rolls given cannot serve this game: " + "; ".join(problems))
        self.round, self.active, self.phase = 1, 0, TERRAIN
        self.dice: list[str] = []
        self.terrain_die: int | None = None
        self.rolled: dict[str, int] = {}
        self.done: list[str] = []
        self.ghost_dice: list[str] = []
        self.bankers: list[int] = []
        self.sealed: dict[int, str | None] = {}
        self.turns_taken = [0] * players
        self.sheets: list[Sheet] = [new_sheet(components) for _seat in range(players)]
        self.rolls = 0  #: chance steps taken (rolls revealed)
        self.resolved = 0  #: sealed decisions revealed
        self.version = 0
        self.finished = False
        self.moves: list[JSON] = []
        self.move_seats: list[int] = []
        #: per move: the number of the sealed decision it belongs to (``resolved`` when it was played), or ``None``
        self.move_sealed: list[int | None] = []
        self.events: list[JSON] = []
        self._start_turn()

    @classmethod
    def solo(cls, components: Components, given: GivenRolls) -> RolledWest:
        """The solo daily puzzle's game (our own mode: ``rules.solo``; docs/rolled-west-rulings.md, "Solo daily
        puzzle (our own mode)"): one player, the rolls ``given`` (a turn's per round, a ghost roll after each round
        but the last).  Raises ``ConfigError`` for rolls that cannot serve it."""
        return cls(components, solo.PLAYERS, 0, given)

    # --- reading -------------------------------------------------------------------------------------

    @property
    def rounds(self) -> int:
        """The game's rounds (data/game.toml)."""
        return self.components.numbers.rounds

    def offered(self) -> list[str]:
        """The dice that may be banked between turns now: the active roll without its terrain die, or the ghost roll."""
        if self.phase == GHOST:
            return list(self.ghost_dice)
        return [d for i, d in enumerate(self.dice) if i != self.terrain_die]

    def pending_seats(self) -> list[int]:
        """The active player while its turn lasts, and every banker that has not decided, in seat order."""
        if self.finished:
            return []
        seats = {s for s in self.bankers if s not in self.sealed}
        if self.phase in (TERRAIN, SPEND):
            seats.add(self.active)
        return sorted(seats)

    def decision(self, seat: int) -> JSON | None:
        """``seat``'s decision now: ``terrain`` or ``spend`` (the active player), ``bank_between`` (a banker; ``decided``
        once it has moved: it may still change its move), or ``None``."""
        if self.finished or not isinstance(seat, int) or not 0 <= seat < self.players:
            return None
        if seat == self.active and self.phase in (TERRAIN, SPEND):
            found: JSON = {"type": self.phase, "seat": seat, "round": self.round}
            if self.phase == SPEND:
                found["terrain"] = terrain.terrain_row(self.components, self._terrain_resource())
            return found
        if seat in self.bankers:
            return {"type": "bank_between", "seat": seat, "round": self.round,
                    "roll": "ghost" if self.phase == GHOST else self.active, "decided": seat in self.sealed}
        return None

    def _terrain_resource(self) -> str:
        assert self.terrain_die is not None
        return self.dice[self.terrain_die]

    def legal_moves(self, seat: int | None = None) -> list[JSON]:
        """``seat``'s legal moves (``None``: the first pending seat's), ``engine.moves`` shapes, in a fixed order."""
        if seat is None:
            seat = (self.pending_seats() or [0])[0]
        decision = self.decision(seat)
        if decision is None:
            return []
        if decision["type"] == TERRAIN:
            return [{"type": "terrain", "resource": r} for r in distinct(self.dice)]
        if decision["type"] == "bank_between":
            return [*({"type": "bank_between", "resource": r} for r in distinct(self.offered())), {"type": "pass"}]
        return self._spend_moves(seat)

    def _spend_moves(self, seat: int) -> list[JSON]:
        sheet, c = self.sheets[seat], self.components
        have = banking.available(self.rolled, sheet)
        out: list[JSON] = []
        if "claim" not in self.done:
            row = terrain.terrain_row(c, self._terrain_resource())
            out += [{"type": "claim", "kind": k} for k in claims.KINDS
                    if claims.empty_spaces(sheet, row) >= claims.spaces_taken(k)
                    and banking.affords(claims.wood_cost(c, k), have)]
        if "contract" not in self.done:
            out += [{"type": "contract", "contract": x.id} for x in contracts.remaining(c, self.sheets)
                    if banking.affords(x.cost(), have)]
        if "office" not in self.done:
            out += [{"type": "office", "office": o.id} for o in boomtown_offices.remaining(c, self.sheets)
                    if banking.affords(o.cost(), have)]
        if "ship" not in self.done:
            most = [min(have[m], shipments.boxes_left(sheet, c, m)) for m in METALS]
            out += [{"type": "ship", **dict(zip(METALS, (a, b, g), strict=True))}
                    for a in range(most[0] + 1) for b in range(most[1] + 1) for g in range(most[2] + 1) if a + b + g]
        if "bank" not in self.done and self.sheets[seat].white[self.round - 1] is None:
            out += [{"type": "bank", "resource": r} for r, n in self.rolled.items() if n]
        return [*out, {"type": "end_turn"}]

    def view(self, seat: int | None) -> JSON:
        """The state as ``seat`` may see it (``engine.views.view``: by allow-list)."""
        return views.view(self, seat)

    def position(self, seat: int) -> JSON:
        """What ``seat`` knows, for a planner (``engine.views.position``)."""
        return views.position(self, seat)

    def score_breakdown(self, seat: int) -> Mapping[str, Any]:
        """``seat``'s points by the sheet's categories (``rules.scoring.CATEGORIES``) and ``total``, as the game would
        end now (final once it is over)."""
        return scoring.breakdown(self.sheets, self.components, seat)

    def score_breakdowns(self) -> list[dict[str, int]]:
        """Every seat's ``score_breakdown``, the majorities ranked once (``rules.scoring.breakdowns``)."""
        return scoring.breakdowns(self.sheets, self.components)

    def totals(self) -> list[int]:
        """Every seat's total, points."""
        return [b["total"] for b in self.score_breakdowns()]

    def standings(self) -> Sequence[Mapping[str, Any]]:
        """Seats best first, ``{"seat", "points", "place"}``; a tied score shares the place (``rules.scoring``)."""
        return scoring.standings(self.totals())

    # --- playing -------------------------------------------------------------------------------------

    def play(self, seat: int, move: Any) -> list[JSON]:
        """Play ``seat``'s ``move``; returns the events it caused, the rolls and revelations that follow included.
        Raises ``GameOver``, or ``IllegalMove`` (the rule and why) with nothing changed."""
        if self.finished:
            raise GameOver("game_over", "the game is over: no more moves")
        decision = self.decision(seat)
        if decision is None:
            raise IllegalMove("not_your_decision", _("seat {seat} has no decision now (pending: {pending})").format(
                seat=seat, pending=self.pending_seats()))
        move = check_shape(move, str(decision["type"]))
        start = len(self.events)
        sealed = move["type"] in SEALED
        getattr(self, f"_{move['type']}")(seat, move)
        self.moves.append(dict(move))
        self.move_seats.append(seat)
        self.move_sealed.append(self.resolved if sealed else None)
        self.version += 1
        self._resolve_if_ready()
        return self.events[start:]

    def _terrain(self, seat: int, move: JSON) -> None:
        """rule text: "Choose 1 die to represent the terrain for the turn"; then each neighbour who may bank decides."""
        self.terrain_die = terrain.terrain_die(self.dice, move["resource"])
        self.rolled = terrain.resources_left(self.dice, self.terrain_die)
        self.phase = SPEND
        self.bankers = banking.between_bankers(seat, self.players, self.sheets, self.turns_taken, self.rounds)
        self.events.append({"type": "terrain_chosen", "seat": seat, "resource": move["resource"], "die": self.terrain_die,
                            "terrain": terrain.terrain_row(self.components, move["resource"]), "may_bank": list(self.bankers)})

    def _claim(self, seat: int, move: JSON) -> None:
        turn.check_once(self.done, "claim")
        row = terrain.terrain_row(self.components, self._terrain_resource())
        claims.check_claim(self.sheets[seat], row, move["kind"])
        from_bank = banking.pay(claims.wood_cost(self.components, move["kind"]), self.rolled, self.sheets[seat],
                                "claim_wood", f"a {move['kind']}")
        spaces = claims.claim(self.sheets[seat], row, move["kind"])
        self._spent(seat, "claim", {"terrain": row, "kind": move["kind"], "spaces": spaces}, from_bank)

    def _contract(self, seat: int, move: JSON) -> None:
        turn.check_once(self.done, "contract")
        contract = contracts.check_remaining(self.components, self.sheets, move["contract"])
        from_bank = banking.pay(contract.cost(), self.rolled, self.sheets[seat], "contract_metals",
                                contract_name(contract.points))
        contracts.fulfil(self.sheets[seat], contract)
        self._spent(seat, "contract", {"contract": contract.id, "points": contract.points,
                                       "crossed_off_for": self._opponents(seat)}, from_bank)

    def _office(self, seat: int, move: JSON) -> None:
        turn.check_once(self.done, "office")
        office = boomtown_offices.check_remaining(self.components, self.sheets, move["office"])
        from_bank = banking.pay(office.cost(), self.rolled, self.sheets[seat], "office_metals",
                                office_name(office.row, office.column))
        boomtown_offices.buy(self.sheets[seat], office)
        self._spent(seat, "office", {"office": office.id, "crossed_off_for": self._opponents(seat)}, from_bank)

    def _ship(self, seat: int, move: JSON) -> None:
        turn.check_once(self.done, "ship")
        counts = {m: move[m] for m in METALS}
        shipments.check_shipment(self.sheets[seat], self.components, counts)
        from_bank = banking.pay(counts, self.rolled, self.sheets[seat], "shipment_metals", _("the shipment"))
        boxes = shipments.ship(self.sheets[seat], self.sheets, self.components, counts)
        self._spent(seat, "ship", {"boxes": boxes, "crossed_off_for": self._opponents(seat)
                                   if any(b["first"] for b in boxes) else []}, from_bank)

    def _bank(self, seat: int, move: JSON) -> None:
        turn.check_once(self.done, "bank")
        banking.bank_own(self.sheets[seat], self.round, self.rolled, move["resource"])
        self._spent(seat, "bank", {"resource": move["resource"], "box": "white", "round": self.round}, None)

    def _end_turn(self, seat: int, move: JSON) -> None:
        """rule text: "4. Pass the dice to the next player" (once the neighbours' banks are revealed)."""
        self.turns_taken[seat] += 1
        self.phase = WAITING
        self.events.append({"type": "turn_ended", "seat": seat, "round": self.round, "unspent": dict(self.rolled)})

    def _bank_between(self, seat: int, move: JSON) -> None:
        if move["resource"] not in self.offered():
            raise IllegalMove("bank_between", banking.not_offered(move["resource"], self.offered()))
        self._seal(seat, move["resource"])

    def _pass(self, seat: int, move: JSON) -> None:
        self._seal(seat, None)

    def _seal(self, seat: int, choice: str | None) -> None:
        self.events.append({"type": "bank_sealed", "seat": seat, "changed": seat in self.sealed})
        self.sealed[seat] = choice

    def _spent(self, seat: int, action: str, details: JSON, from_bank: dict[str, int] | None) -> None:
        self.done.append(action)
        event = {"type": action if action != "ship" else "shipped", "seat": seat, **details}
        if from_bank is not None:
            event["from_bank"] = {r: n for r, n in from_bank.items() if n}
        self.events.append(event)

    def _opponents(self, seat: int) -> list[int]:
        return [s for s in range(self.players) if s != seat]

    # --- chance and automatic steps ------------------------------------------------------------------

    def _start_turn(self) -> None:
        """rule text: "Take all 4 resource dice and roll them within view of all players." """
        self.dice = (self.given.turn(self.round, self.active) if self.given is not None else
                     roll(roll_generator(self.seed, self.round, self.active), self.components.dice, self.components.dice.count))
        self.rolls += 1
        self.terrain_die, self.rolled, self.done, self.ghost_dice = None, {}, [], []
        self.phase, self.bankers, self.sealed = TERRAIN, [], {}
        self.events.append({"type": "rolled", "seat": self.active, "round": self.round, "dice": list(self.dice)})

    def _resolve_if_ready(self) -> None:
        """When the turn (or the ghost roll) is over and every banker has decided: reveal and write the banks, then
        go on (the next turn, the ghost roll, the next round or the end)."""
        if self.phase not in (WAITING, GHOST) or any(s not in self.sealed for s in self.bankers):
            return
        if self.bankers:
            offered = self.offered()
            for s in self.bankers:
                choice = self.sealed[s]
                if choice is not None:
                    banking.bank_between(self.sheets[s], self.turns_taken[s], offered, choice)
            self.events.append({"type": "banks_revealed", "roll": "ghost" if self.phase == GHOST else self.active,
                                "banks": {str(s): self.sealed[s] for s in self.bankers}})
            self.resolved += 1
        was_ghost = self.phase == GHOST
        self.bankers, self.sealed = [], {}
        if not was_ghost and self.active + 1 < self.players:
            self.active = turn.next_seat(self.active, self.players)
            self._start_turn()
        elif not was_ghost and banking.ghost_roll_due(self.components, self.players, self.round):
            self._ghost_roll()
        else:
            self._next_round()

    def _ghost_roll(self) -> None:
        """rule text: "after both players have taken a turn each round, perform a "ghost roll" - roll 3 of the dice
        one extra time, and allow both players to bank one of the resources rolled if they like"."""
        self.phase = GHOST
        self.ghost_dice = (self.given.ghost(self.round) if self.given is not None else
                           roll(roll_generator(self.seed, self.round, None), self.components.dice, self.components.dice.ghost_dice))
        self.rolls += 1
        self.bankers = [s for s in range(self.players)
                        if banking.may_bank_between(self.sheets[s], self.turns_taken[s], self.rounds)]
        self.events.append({"type": "ghost_rolled", "round": self.round, "dice": list(self.ghost_dice),
                            "may_bank": list(self.bankers)})
        self._resolve_if_ready()

    def _next_round(self) -> None:
        if self.round == self.rounds:
            self._end_game()
            return
        self.round += 1
        self.active = 0
        self._start_turn()

    def _end_game(self) -> None:
        """rule text: "After the last player's turn in the 6th round, award majority bonuses for claims" ... the tally."""
        self.phase, self.finished = OVER, True
        self.dice, self.terrain_die, self.rolled, self.done, self.ghost_dice = [], None, {}, [], []
        self.events.append({"type": "game_end", "scores": [dict(self.score_breakdown(s)) for s in range(self.players)],
                            "standings": [dict(r) for r in self.standings()],
                            "winners": scoring.winners(self.totals())})

    # --- serialising ---------------------------------------------------------------------------------

    FIELDS = ("players", "seed", "round", "active", "phase", "dice", "terrain_die", "rolled", "done", "ghost_dice",
              "bankers", "turns_taken", "rolls", "resolved", "version", "finished", "moves", "move_seats", "move_sealed",
              "events")

    def to_json(self) -> JSON:
        """Everything, the sealed choices, the seed and the rolls given (``given``, only when there are) included
        (``from_json`` reads it back)."""
        data: JSON = json.loads(json.dumps({k: getattr(self, k) for k in self.FIELDS}))
        data["sheets"] = [s.to_json() for s in self.sheets]
        data["sealed"] = {str(s): c for s, c in sorted(self.sealed.items())}
        if self.given is not None:
            data["given"] = self.given.to_json()
        return data

    def clone(self) -> RolledWest:
        """A copy that plays on independently (events and moves are never changed once logged: shared)."""
        state = copy.copy(self)
        for key in ("dice", "done", "ghost_dice", "bankers", "turns_taken", "moves", "move_seats", "move_sealed", "events"):
            setattr(state, key, list(getattr(self, key)))
        state.rolled, state.sealed = dict(self.rolled), dict(self.sealed)
        state.sheets = [s.copy() for s in self.sheets]
        return state

    @classmethod
    def from_json(cls, data: JSON, components: Components) -> RolledWest:
        """The state ``to_json`` wrote, playing with ``components``."""
        state = cls.__new__(cls)
        state.components = components
        for key, value in json.loads(json.dumps({k: data[k] for k in cls.FIELDS})).items():
            setattr(state, key, value)
        state.sheets = [Sheet.from_json(s) for s in data["sheets"]]
        state.sealed = {int(s): c for s, c in data["sealed"].items()}
        state.given = GivenRolls.from_json(data["given"]) if data.get("given") is not None else None
        return state


__all__ = ["DECISION_MOVES", "GHOST", "OVER", "SPEND", "TERRAIN", "WAITING", "RolledWest"]
