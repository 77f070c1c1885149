"""A whole game of Wild Tiled West for 1-5 players as a state machine.

At every moment the game has exactly one pending decision (whose it is, what kind, its options) or
is over; chance steps (dice rolls, card draws, shuffles) are resolved at once by the game's seeded
generator.  ``legal_moves()`` lists the options of the pending decision as plain JSON-able dicts;
``apply(move)`` validates a move, changes the state and returns the events it caused.  An illegal
move raises ``IllegalMove`` naming the rule broken, and leaves the state exactly as it was.

The same configuration, seed and moves give the same states and events on any machine: every chance
step draws from ``random.Random("<seed>:<n>")`` for the n-th chance step (string seeds are hashed
with SHA-512, independent of ``PYTHONHASHSEED``).  A state serialises to JSON and back without loss
(``to_json``/``from_json``), a game can be rebuilt from (configuration, moves) with ``replay``, and
``view(seat)`` hides what that seat may not know.

The flow follows the rulebook: Setup (A-F, player counts), Gameplay (Mining income, Drafting rounds:
roll and place dice, drafting a tile, claim jumping, free alleys, moving the round marker; Tussle;
Hill bandits), Solo play, and the Building guide's Sawmill.  ``docs/rulings.md`` lists our choices
where the rulebook is silent.

The pending-decision kinds and their moves (``type``):

=================  =========================================================================
decision           moves
=================  =========================================================================
keep_partner       ``keep_partner`` {partner}
house_site         ``place`` {tile, orientation, row, col} (House in Danger's building)
year4_mining       ``mining`` {choice: income | pickaxes}
draft              ``draft`` {die, slot, tile, jumps, cost}; ``free_alleys`` {count: 1 | 2};
                   ``sawmill`` {slot, tile, cost}; ``signpost`` {tile}; ``pass`` (only if nothing else)
place_tile         ``place`` {tile, orientation, row, col}
place_alley        ``place`` {tile: "alley", orientation: 0, row, col}
second_partner     ``second_partner`` {choice: face_up, partner} or {choice: deck}
hill_bandit        ``hill_bandit`` {row, col}
=================  =========================================================================
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

from solver.core.protocol import GameOver as GameOver  # the core protocol's errors, this game's too
from solver.core.protocol import IllegalMove as IllegalMove
from solver.games.wild_tiled_west.components.catalog import load_catalog
from solver.games.wild_tiled_west.components.texts import _
from solver.games.wild_tiled_west.components.values import Catalog, ScoreboardSide, SpaceKind, Tile
from solver.games.wild_tiled_west.engine import views
from solver.games.wild_tiled_west.engine.effects import PlacementEffects
from solver.games.wild_tiled_west.rules.bonuses import take
from solver.games.wild_tiled_west.rules.buildings.registry import rule_of
from solver.games.wild_tiled_west.rules.dice import Die, faces, place_dice, settle_dice
from solver.games.wild_tiled_west.rules.drafting import alley_spots, draft_options
from solver.games.wild_tiled_west.rules.endgame import ScoreBreakdown, endgame_points, score_breakdown
from solver.games.wild_tiled_west.rules.mining import add_pickaxes, income
from solver.games.wild_tiled_west.rules.moves import (
    AlleyPair,
    Draft,
    FreeAlleys,
    HillBandit,
    KeepPartner,
    Mining,
    Move,
    Pass,
    Place,
    Sawmill,
    SecondPartner,
    Signpost,
)
from solver.games.wild_tiled_west.rules.placement import check_placement, has_legal_placement, legal_placements
from solver.games.wild_tiled_west.rules.player import PlayerState
from solver.games.wild_tiled_west.rules.settlement import Settlement
from solver.games.wild_tiled_west.rules.setup import (
    GameConfig,
    choose_sides,
    deal_partners,
    seat_players,
    setup_contracts,
    setup_dice,
)
from solver.games.wild_tiled_west.rules.solo import SoloState, reveal_bandit_card, solo_rank, solo_tussle, uncovered_bandits
from solver.games.wild_tiled_west.rules.table import Event, Step
from solver.games.wild_tiled_west.rules.trays import TrayState
from solver.games.wild_tiled_west.rules.tussle import WIN, count_bandits, resolve_tussle
from solver.games.wild_tiled_west.rules.wild_sides import rule_of as wild_side
from solver.games.wild_tiled_west.rules.wrangling import Contract

#: The supply items a game tracks (rulebook: Game components).
SUPPLY_ITEMS = ("gold", "alleys", "bullets", "cowpokes", "hill_bandits")

#: The moves of a ``draft`` decision (the module docstring).
DraftTurn = Draft | FreeAlleys | Sawmill | Signpost | Pass


def _step_copy(step: Step) -> Step:
    """A copy of an agenda step that shares no list with it (Setup E's ``kept`` changes in place)."""
    return {k: list(v) if isinstance(v, list) else v for k, v in step.items()}


def _key(move: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted((k, v if not isinstance(v, list) else tuple(v)) for k, v in move.items()))


class Game(PlacementEffects):
    """One game.  Build with ``Game(GameConfig(players=2, seed=7))``; then loop on
    ``legal_moves()`` / ``apply(move)`` until ``finished``.  See the module docstring."""

    def __init__(self, config: GameConfig, catalog: Catalog | None = None):
        self.catalog = catalog or load_catalog()
        self.config = config
        self.chance = 0
        self.version = 0
        self.moves: list[dict[str, Any]] = []
        self.move_seats: list[int] = []
        self.events: list[Event] = []
        self.agenda: list[Step] = [{"step": "setup"}]
        self.year = 1
        self.round = 1
        self.round_in_year = 1
        self.first_player = 0
        self.trays = TrayState.from_catalog(self.catalog)
        self.dice: list[Die] = []
        self.contracts: list[Contract] = []
        self.partner_deck: list[str] = []
        self.face_up_partners: list[str] = []
        self.supply: dict[str, int] = {k: self.catalog.supply.counts[k] for k in SUPPLY_ITEMS}
        self.players: list[PlayerState] = []
        self.solo: SoloState | None = None
        self.ace_cards: list[str] = [s.value for s in self.catalog.supply.ace_cards]
        self.finished = False
        self._advance()

    # --- reading -----------------------------------------------------------------------------

    @property
    def solo_game(self) -> bool:
        """True for a one-player game (rulebook: Solo play)."""
        return self.config.players == 1

    @property
    def scoreboard_side(self) -> ScoreboardSide:
        """The scoreboard side in use: solo or 2+ players (Setup A2, Solo play / Setup)."""
        return self.catalog.scoreboard.solo if self.solo_game else self.catalog.scoreboard.multiplayer

    def rounds_this_year(self, year: int | None = None) -> int:
        """Drafting rounds in ``year`` (default: the current one); 5 players skip Year 1's first
        round (Setup, 5 players: the round marker starts one space right of the mine cart)."""
        year = year or self.year
        n = self.scoreboard_side.rounds_per_year[year - 1]
        return n - 1 if year == 1 and self.config.players == 5 else n

    def seat_order(self) -> list[int]:
        """Seats in turn order this round: the first player, then clockwise (increasing seat)."""
        n = self.config.players
        return [(self.first_player + i) % n for i in range(n)]

    def pending(self) -> dict[str, Any] | None:
        """The pending decision ``{"type", "seat", ...}`` or ``None`` when the game is over; while every seat keeps a
        partner at once (Setup E), the lowest seat that has not chosen yet (``pending_seats`` lists them all)."""
        if self.finished or not self.agenda:
            return None
        step = self._seat_step(self.agenda[0], None)
        out = {"type": step["step"], "seat": step["seat"]}
        for k in ("tile", "source", "adjacent_to", "pair", "rooted_on"):
            if k in step:
                out[k] = step[k]
        return out

    def pending_seats(self) -> list[int]:
        """The seats that must decide now (``solver.core.protocol.State``), in seat order: every seat that has not kept
        its partner yet during Setup E (every seat chooses at once), else the one seat whose decision it is; none
        when the game is over."""
        if self.finished or not self.agenda:
            return []
        step = self.agenda[0]
        if "seats" in step:
            return sorted(s for s in step["seats"] if step["kept"][s] is None)
        return [int(step["seat"])]

    def decision(self, seat: int) -> dict[str, Any] | None:
        """``seat``'s decision now, or ``None`` when it has none: the pending decision when it is the seat's; during
        Setup E's choice of partners, every seat's, with ``"decided": True`` once it has chosen (it may choose again
        until every seat has: the choices are kept secret until then, and are never shown to the others)."""
        if self.finished or not self.agenda:
            return None
        step = self.agenda[0]
        if "seats" in step:
            if seat not in step["seats"]:
                return None
            out: dict[str, Any] = {"type": step["step"], "seat": seat}
            if step["kept"][seat] is not None:
                out["decided"] = True
            return out
        pending = self.pending()
        return pending if pending is not None and pending["seat"] == seat else None

    @staticmethod
    def _seat_step(step: Step, seat: int | None) -> Step:
        """``step`` as one seat's decision: a decision of every seat at once (``"seats"``: Setup E's partners) becomes
        ``{"step", "seat"}`` for ``seat`` (``None``: the lowest seat that has not chosen); any other step is itself."""
        if "seats" not in step:
            return step
        if seat is None:
            seat = min(s for s in step["seats"] if step["kept"][s] is None)
        return {"step": step["step"], "seat": seat}

    def bandits(self, seat: int) -> int:
        """Unshot bandits on a seat's settlement (open information, rulebook: Tussle)."""
        return count_bandits(self.players[seat].settlement)

    # --- options -------------------------------------------------------------------------------

    def legal_moves(self, seat: int | None = None) -> list[dict[str, Any]]:
        """The options of the pending decision, each a move that ``apply`` accepts unchanged; ``[]`` when the game is
        over, or when ``seat`` is given and the pending decision is another seat's."""
        if self.finished or not self.agenda:
            return []
        step = self.agenda[0]
        if "seats" in step:  # Setup E: every seat's decision at once
            if seat is not None and seat not in step["seats"]:
                return []
            step = self._seat_step(step, seat)
        elif seat is not None and step.get("seat") != seat:
            return []
        token = (self.version, len(self.events), len(self.agenda), id(self.agenda[0]), step["seat"])
        cached = getattr(self, "_options_cache", None)
        if cached is None or cached[0] != token:
            cached = (token, DECISION_HANDLERS[step["step"]].options(self, step))
            self._options_cache = cached
        return [dict(o) for o in cached[1]]

    def _player(self, step: Step) -> PlayerState:
        return self.players[step["seat"]]

    def _placeable(self, settlement: Settlement, tile: Tile, cache: dict[str, bool]) -> bool:
        if tile.type_id not in cache:  # the copies of a type have the same squares
            cache[tile.type_id] = has_legal_placement(settlement, tile)
        return cache[tile.type_id]

    def _options_keep_partner(self, step: Step) -> list[KeepPartner]:
        return [{"type": "keep_partner", "partner": p} for p in self._player(step).dealt]

    def _rooted_placements(self, settlement: Settlement, tile: Tile, site: tuple[int, int]) -> list[Place]:
        out: list[Place] = []
        for o in tile.orientations:
            for dr, dc in o.offsets:
                row, col = site[0] - dr, site[1] - dc
                if check_placement(settlement, tile, o.index, row, col, rooted_on=site).legal:
                    out.append({"type": "place", "tile": tile.id, "orientation": o.index, "row": row, "col": col})
        return out

    def _options_house_site(self, step: Step) -> list[Place]:
        return self._rooted_placements(self._player(step).settlement, self.catalog.tile(step["tile"]), tuple(step["rooted_on"]))

    def _options_year4_mining(self, step: Step) -> list[Mining]:
        return [{"type": "mining", "choice": "income"}, {"type": "mining", "choice": "pickaxes"}]

    def _options_draft(self, step: Step) -> list[DraftTurn]:
        player = self._player(step)
        settlement = player.settlement
        cache: dict[str, bool] = {}
        out: list[DraftTurn] = [o.to_move() for o in draft_options(self.catalog, self.trays, self.dice, player.gold)
                                if self._placeable(settlement, self.catalog.tile(o.tile), cache)]
        alleys = self._alley_options(settlement, None, pair=False)
        if self.supply["alleys"] >= 1 and alleys:
            out.append({"type": "free_alleys", "count": 1})
        if self.supply["alleys"] >= 2 and self._alley_options(settlement, None, pair=True):
            out.append({"type": "free_alleys", "count": 2})
        if self._unused_sawmill(player):
            for key, stack in self.trays.stacks.items():
                if not stack:
                    continue
                tile = self.catalog.tile(stack[0])
                cost = self.trays.costs[key]
                rule = rule_of(tile.building)
                another_sawmill = rule is not None and rule.replaces_a_draft  # "except another Sawmill"
                if not another_sawmill and cost <= player.gold and self._placeable(settlement, tile, cache):
                    out.append({"type": "sawmill", "slot": key, "tile": tile.id, "cost": cost})
        signpost = self._signpost_site(player)
        if signpost:
            assert player.set_aside is not None  # a signpost site only while a building is set aside
            if self._rooted_placements(settlement, self.catalog.tile(player.set_aside), signpost):
                out.append({"type": "signpost", "tile": player.set_aside})
        return out or [{"type": "pass"}]

    def _alley_options(self, settlement: Settlement, adjacent_to: tuple[int, int] | None, pair: bool) -> list[Place]:
        """Alley placements as moves (``solver.games.wild_tiled_west.rules.drafting.alley_spots``)."""
        spots = alley_spots(self.catalog, settlement, adjacent_to, pair)
        return [{"type": "place", "tile": "alley", "orientation": 0, "row": p.row, "col": p.col} for p in spots]

    def _options_place_tile(self, step: Step) -> list[Place]:
        settlement = self._player(step).settlement
        tile = self.catalog.tile(step["tile"])
        if step.get("rooted_on"):
            return self._rooted_placements(settlement, tile, tuple(step["rooted_on"]))
        return [{"type": "place", "tile": tile.id, "orientation": p.orientation, "row": p.row, "col": p.col}
                for p in legal_placements(settlement, tile)]

    def _options_place_alley(self, step: Step) -> list[Place | AlleyPair]:
        if self.supply["alleys"] < 1:
            return []
        adjacent = tuple(step["adjacent_to"]) if step.get("adjacent_to") else None
        player = self._player(step)
        out = cast(list[Place | AlleyPair],  # a new list, which may get an alley_pair too
                   self._alley_options(player.settlement, adjacent, pair=bool(step.get("pair"))))
        single = not step.get("pair") and adjacent is None
        if single and player.wheelwright_ongoing and self.supply["alleys"] >= 2 and \
                self._alley_options(player.settlement, None, pair=True):
            out.append({"type": "alley_pair"})  # Wheelwright: two adjacent alleys instead of one
        return out

    def _options_second_partner(self, step: Step) -> list[SecondPartner]:
        out: list[SecondPartner] = [{"type": "second_partner", "choice": "face_up", "partner": p} for p in self.face_up_partners]
        if self.partner_deck:
            out.append({"type": "second_partner", "choice": "deck"})
        return out

    def _options_hill_bandit(self, step: Step) -> list[HillBandit]:
        if self.supply["hill_bandits"] < 1:
            return []
        settlement = self._player(step).settlement
        return [{"type": "hill_bandit", "row": r, "col": c} for r, c in settlement.side.squares(SpaceKind.HILL)
                if (r, c) not in settlement.hill_bandits]

    def _unused_sawmill(self, player: PlayerState) -> str | None:
        for placed in player.settlement.tiles:
            rule = rule_of(placed.tile.building)
            if rule and rule.replaces_a_draft and placed.tile.id not in player.sawmills_used:
                return placed.tile.id
        return None

    def _signpost_site(self, player: PlayerState) -> tuple[int, int] | None:
        """Where the player's set-aside building may be placed now instead of drafting (Signpost 3), or ``None``."""
        site = wild_side(player.settlement.side.rule).placed_instead_of_draft
        return site(player) if site else None

    # --- applying moves -----------------------------------------------------------------------

    def play(self, seat: int, move: Any) -> list[Event]:
        """``apply(move)`` for ``seat`` (``solver.core.protocol.State.play``): refused with ``IllegalMove``
        (``not_your_decision``), changing nothing, when the pending decision is another seat's."""
        if self.finished:
            raise GameOver("game_over", _("the game is over: no more moves"))
        step = self.agenda[0]
        if "seats" not in step and step.get("seat") == seat:  # the one seat deciding
            return self._apply_for(step, move)
        if self.decision(seat) is None:
            pending = self.pending()
            assert pending is not None  # the game is not over
            raise IllegalMove("not_your_decision", _("the pending decision ({decision}) is seat {whose}'s, not seat "
                                                     "{seat}'s").format(decision=pending["type"], whose=pending["seat"], seat=seat))
        return self._apply_for(self._seat_step(self.agenda[0], seat), move)

    def apply(self, move: Any) -> list[Event]:
        """Validate ``move`` against the pending decision and play it; returns the events it caused
        (including the chance steps and automatic steps that follow, up to the next decision).

        Raises ``GameOver`` when the game has ended and ``IllegalMove`` (rule code + reason) when the
        move is not one of the options; either way the state is unchanged.
        """
        if self.finished:
            raise GameOver("game_over", _("the game is over: no more moves"))
        step = self.agenda[0]
        if "seats" in step:  # Setup E: the partner named says whose choice it is (each seat was dealt its own)
            partner = move.get("partner") if isinstance(move, dict) else None
            owner = next((s for s in step["seats"] if partner in self.players[s].dealt), None)
            return self._apply_for(self._seat_step(step, owner), move)
        return self._apply_for(step, move)

    def _apply_for(self, step: Step, move: Any) -> list[Event]:
        """``apply`` of ``move`` for the decision ``step`` (one seat's: ``_seat_step``)."""
        if not isinstance(move, dict) or not isinstance(move.get("type"), str):
            raise IllegalMove("malformed_move", _("a move is a JSON object with a 'type' (see legal moves)"))
        chosen = self._match(step, move)
        start = len(self.events)
        DECISION_HANDLERS[step["step"]].apply(self, step, chosen)
        self.moves.append(chosen)
        self.move_seats.append(step["seat"])
        self.version += 1
        self._advance()
        return self.events[start:]

    def _match(self, step: Step, move: dict[str, Any]) -> dict[str, Any]:
        kind = step["step"]
        match = DECISION_HANDLERS[kind].match
        if match is not None:
            chosen: dict[str, Any] | None = match(self, step, move)
            if chosen is not None:
                return chosen
        options = self.legal_moves(step.get("seat"))
        for option in options:
            if _key(option) == _key(move):
                return option
        for option in options:  # the key fields alone, when the client left out derived ones
            if option["type"] == move["type"] and all(option.get(k) == v for k, v in move.items()):
                return option
        allowed = sorted({o["type"] for o in options})
        if move["type"] not in allowed:
            raise IllegalMove("wrong_decision", _("the pending decision is {decision} for seat {seat}: moves of type "
                                                  "{allowed}, not {given!r}").format(
                decision=kind, seat=step["seat"], allowed=", ".join(allowed), given=move["type"]))
        raise IllegalMove("not_an_option", _("{move} is not one of the {count} options of {decision}; GET the legal "
                                             "moves to see them").format(move=move, count=len(options), decision=kind))

    def _match_placement(self, step: Step, move: dict[str, Any]) -> Place | None:
        """A ``place`` move checked square by square, so an illegal one is refused with the placement rule it
        breaks (rulebook: Drafting a tile); ``None`` for a move of another type."""
        if move.get("type") != "place":
            return None
        player = self._player(step)
        tile_id = step.get("tile", "alley") if step["step"] != "place_alley" else "alley"
        if move.get("tile", tile_id) != tile_id:
            raise IllegalMove("wrong_tile", _("the tile to place is {tile}, not {given!r}").format(tile=tile_id, given=move.get("tile")))
        fields: list[Any] = [move.get(k) for k in ("orientation", "row", "col")]  # a client's: checked below
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in fields):
            raise IllegalMove("malformed_move", _("a placement needs whole numbers orientation, row and col"))
        option: Place = {"type": "place", "tile": tile_id, "orientation": fields[0], "row": fields[1], "col": fields[2]}
        if step["step"] == "place_alley" or step.get("rooted_on"):
            if option not in self.legal_moves():
                check = check_placement(player.settlement, self.catalog.tile(tile_id), *fields,
                                        rooted_on=tuple(step["rooted_on"]) if step.get("rooted_on") else None)
                reason = check.message if not check.legal else _("an alley of a pair must be adjacent to the other")
                raise IllegalMove(check.rule.value if check.rule else "not_adjacent", reason)
            return option
        check = check_placement(player.settlement, self.catalog.tile(tile_id), *fields)
        if not check.legal:
            assert check.rule is not None  # an illegal placement names the rule it breaks
            raise IllegalMove(check.rule.value, check.message)
        return option

    def _place(self, player: PlayerState, tile: Tile, move: Place, rooted_on: tuple[int, int] | None = None) -> None:
        placed = player.settlement.place(tile, move["orientation"], move["row"], move["col"], rooted_on=rooted_on)
        self.emit({"type": "tile_placed", "seat": player.seat, "tile": tile.id, "orientation": move["orientation"],
                    "row": move["row"], "col": move["col"]})
        self._after_placement(player, placed)

    def _apply_keep_partner(self, step: Step, move: KeepPartner) -> None:
        """Setup E: the seat keeps one of its two dealt partners face down (or changes its choice while others
        choose); once every seat has chosen, the others go back to the partner deck, in seat order."""
        player = self._player(step)
        choice = self.agenda[0]
        choice["kept"][player.seat] = move["partner"]
        player.partners = [{"id": move["partner"], "face_down": True}]
        self.emit({"type": "partner_kept", "seat": player.seat})
        self.emit({"type": "partner_kept_card", "seat": player.seat, "partner": move["partner"], "private_to": player.seat})
        if any(k is None for k in choice["kept"]):
            return
        self.agenda.pop(0)
        for seat in choice["seats"]:
            returned = self.players[seat]
            self.partner_deck.extend(p for p in returned.dealt if p != choice["kept"][seat])
            returned.dealt = []

    def _apply_house_site(self, step: Step, move: Place) -> None:
        player = self._player(step)
        self.agenda.pop(0)
        self._place(player, self.catalog.tile(step["tile"]), move, rooted_on=tuple(step["rooted_on"]))

    def _apply_year4_mining(self, step: Step, move: Mining) -> None:
        player = self._player(step)
        self.agenda.pop(0)
        if move["choice"] == "income":
            self._gain_income(player)
            return
        got = take(self.supply, "gold", self.catalog.rule_numbers.year4_gold)
        player.gold += got
        self.emit({"type": "mining_income", "seat": player.seat, "gold": got, "choice": "pickaxes"})
        events, partner = add_pickaxes(self.catalog, player, self.catalog.rule_numbers.year4_pickaxes)
        for e in events:
            self.emit(e)
        if partner:
            self.agenda.insert(0, {"step": "second_partner", "seat": player.seat})

    def _apply_draft(self, step: Step, move: DraftTurn) -> None:
        player = self._player(step)
        self.agenda.pop(0)
        kind = move["type"]
        if move["type"] == "pass":  # move["type"], not kind: mypy narrows the move's type on it
            self.emit({"type": "passed", "seat": player.seat})
        elif move["type"] == "free_alleys":
            self.emit({"type": "free_alleys", "seat": player.seat, "count": move["count"]})
            self.agenda.insert(0, {"step": "place_alley", "seat": player.seat, "source": "free", "pair": move["count"] == 2})
        elif move["type"] == "signpost":
            site = self._signpost_site(player)
            assert site is not None  # the move is offered only when the site is open
            player.set_aside = None
            self.emit({"type": "signpost_building", "seat": player.seat, "tile": move["tile"]})
            self.agenda.insert(0, {"step": "place_tile", "seat": player.seat, "tile": move["tile"], "source": "signpost",
                                   "rooted_on": list(site)})
        else:
            self._pay(player, move["cost"])
            tile_id = self.trays.take(move["slot"])
            if move["type"] == "draft":
                die = next(d for d in self.dice if d.id == move["die"])
                die.used = True
                self.emit({"type": "drafted", "seat": player.seat, "die": die.id, "slot": move["slot"], "tile": tile_id,
                            "jumps": move["jumps"], "cost": move["cost"]})
                die.slot = None
            else:
                sawmill = self._unused_sawmill(player)
                assert sawmill is not None  # the move is offered only with an unused Sawmill
                player.sawmills_used.append(sawmill)
                self.emit({"type": "sawmill_flipped", "seat": player.seat, "sawmill": sawmill, "slot": move["slot"],
                            "tile": tile_id, "cost": move["cost"]})
            for e in settle_dice(self.catalog, self.trays, self.dice):
                self.emit(e)
            self.agenda.insert(0, {"step": "place_tile", "seat": player.seat, "tile": tile_id, "source": kind})

    def _pay(self, player: PlayerState, gold: int) -> None:
        player.gold -= gold
        self.supply["gold"] += gold

    def _apply_place_tile(self, step: Step, move: Place) -> None:
        player = self._player(step)
        self.agenda.pop(0)
        rooted = tuple(step["rooted_on"]) if step.get("rooted_on") else None
        self._place(player, self.catalog.tile(step["tile"]), move, rooted_on=rooted)

    def _apply_place_alley(self, step: Step, move: Place | AlleyPair) -> None:
        player = self._player(step)
        self.agenda.pop(0)
        if move["type"] == "alley_pair":
            self.emit({"type": "wheelwright_pair", "seat": player.seat})
            self.agenda.insert(0, {**step, "pair": True})
            return
        take(self.supply, "alleys", 1)
        self._place(player, self.catalog.alley, move)
        if step.get("pair"):  # the pair's second alley comes before the first one's bonuses
            self.agenda.insert(0, {"step": "place_alley", "seat": player.seat, "source": step["source"],
                                   "adjacent_to": [move["row"], move["col"]]})

    def _apply_second_partner(self, step: Step, move: SecondPartner) -> None:
        player = self._player(step)
        self.agenda.pop(0)
        if move["choice"] == "deck":
            partner = self.partner_deck.pop(0)
        else:
            partner = move["partner"]
            self.face_up_partners.remove(partner)
            if self.partner_deck:
                self.face_up_partners.append(self.partner_deck.pop(0))
        player.partners.append({"id": partner, "face_down": False})
        self.emit({"type": "second_partner", "seat": player.seat, "partner": partner, "choice": move["choice"],
                    "face_up_partners": list(self.face_up_partners)})

    def _apply_hill_bandit(self, step: Step, move: HillBandit) -> None:
        player = self._player(step)
        self.agenda.pop(0)
        take(self.supply, "hill_bandits", 1)
        player.settlement.add_hill_bandit(move["row"], move["col"])
        self.emit({"type": "hill_bandit", "seat": player.seat, "row": move["row"], "col": move["col"]})
        self.agenda.insert(0, {"step": "sheriffs", "seat": player.seat})

    # --- automatic steps ------------------------------------------------------------------------

    def emit(self, event: Event) -> None:
        """Record ``event`` (numbered ``n`` and stamped with the state ``version``) in the game's event log."""
        self.events.append({"n": len(self.events), "version": self.version, **event})

    def _rng(self) -> random.Random:
        rng = random.Random(f"{self.config.seed}:{self.chance}")
        self.chance += 1
        return rng

    def _advance(self) -> None:
        """Run automatic steps until a decision with options is pending or the game is over.
        A decision without any option is skipped with an event (docs/rulings.md R16)."""
        while self.agenda and not self.finished:
            step = self.agenda[0]
            if step["step"] in DECISION_HANDLERS:
                if self.legal_moves():
                    return
                self.agenda.pop(0)
                self.emit({"type": "no_option", "decision": step["step"], "seat": step["seat"],
                            **({"tile": step["tile"]} if "tile" in step else {})})
                if step["step"] in ("place_tile", "house_site"):
                    self.trays.removed.append(step["tile"])
                continue
            self.agenda.pop(0)
            AUTOMATIC_STEPS[step["step"]](self, step)

    def _step_setup(self, step: Step) -> None:
        """Setup A-F for the player count (and Solo play / Setup)."""
        catalog, n = self.catalog, self.config.players
        rng = self._rng()
        removed = self.trays.remove_for_player_count(n)
        self.dice = setup_dice(catalog, n)
        self.contracts = setup_contracts(catalog, self.config.first_game_contracts, rng)
        sides = choose_sides(catalog, self.config, rng)
        self.players = seat_players(catalog, sides)
        self.partner_deck = deal_partners(catalog, self.players, rng)
        self.first_player = rng.randrange(n)
        if self.solo_game:
            cards = [c.id for c in catalog.bandit_cards]
            rng.shuffle(cards)
            self.solo = SoloState(cards)
        self.emit({"type": "setup", "players": n, "first_player": self.first_player, "removed_tiles": len(removed),
                    "dice": dict(zip(("prairie", "river"), catalog.supply.dice[n])), "sides": [s.id for s in sides],
                    "contracts": [c.to_json() for c in self.contracts]})
        if n == 3:
            last = self.players[(self.first_player + n - 1) % n]
            last.gold += take(self.supply, "gold", catalog.rule_numbers.three_player_last_seat_gold)
            self.emit({"type": "setup_gold", "seat": last.seat, "gold": last.gold})
        # Setup E: "Everyone selects one of their two cards to keep": one decision of every seat at once
        steps: list[Step] = [{"step": "keep_partner", "seats": self.seat_order(), "kept": [None] * n}]
        steps.append({"step": "reveal_partners"})
        for player in self.players:
            steps += self._wild_setup(player)
        steps += [{"step": "year_start"}, {"step": "round_start"}]
        self.agenda[0:0] = steps

    def _wild_setup(self, player: PlayerState) -> list[Step]:
        """The wild sides' setup (House in Danger and Signpost take their building from the trays: Wild sides)."""
        setup = wild_side(player.settlement.side.rule).setup
        return setup(self, player) if setup else []

    def _step_reveal_partners(self, step: Step) -> None:
        rng = self._rng()
        rng.shuffle(self.partner_deck)
        face_up = self.catalog.rule_numbers.face_up_partners
        self.face_up_partners = [self.partner_deck.pop(0) for _ in range(min(face_up, len(self.partner_deck)))]
        self.emit({"type": "partners_revealed", "face_up_partners": list(self.face_up_partners)})

    def _gain_income(self, player: PlayerState) -> None:
        got = take(self.supply, "gold", income(self.catalog, player))
        player.gold += got
        self.emit({"type": "mining_income", "seat": player.seat, "gold": got, "choice": "income"})

    def _step_year_start(self, step: Step) -> None:
        """Mining income (rulebook: Mining income; Year 4's choice is a decision)."""
        self.emit({"type": "year_start", "year": self.year})
        if self.year == 4:
            self.agenda[0:0] = [{"step": "year4_mining", "seat": s} for s in self.seat_order()]
            return
        for seat in self.seat_order():
            self._gain_income(self.players[seat])

    def _step_round_start(self, step: Step) -> None:
        """Reveal a bandit card on a paw space (solo), roll all dice and place them (chance)."""
        if self.solo is not None and self.round in self.scoreboard_side.paw_rounds:
            for e in reveal_bandit_card(self.catalog, self.solo, self.contracts, self.supply):
                self.emit(e)
        rng = self._rng()
        for die in self.dice:
            die.value, die.slot, die.used = rng.randint(1, faces(die.kind)), None, False
        self.emit({"type": "round_start", "year": self.year, "round": self.round, "first_player": self.first_player,
                    "rolled": [{"die": d.id, "kind": d.kind, "value": d.value} for d in self.dice]})
        for e in place_dice(self.catalog, self.trays, self.dice):
            self.emit(e)
        turns = []
        for seat in self.seat_order():
            turns += [{"step": "draft", "seat": seat}]
        self.agenda[0:0] = turns + [{"step": "round_end"}]

    def _step_round_end(self, step: Step) -> None:
        """Pass the first player marker clockwise; move the round marker (Move the round marker)."""
        for die in self.dice:
            die.slot, die.used = None, True
        self.first_player = (self.first_player + 1) % self.config.players
        if self.round_in_year >= self.rounds_this_year():
            self.agenda[0:0] = [{"step": "tussle"}, {"step": "year_end"}]
        else:
            self.round += 1
            self.round_in_year += 1
            self.agenda.insert(0, {"step": "round_start"})
        self.emit({"type": "round_end", "first_player": self.first_player})

    def _step_tussle(self, step: Step) -> None:
        """The year's Tussle (rulebook: Tussle; Solo play)."""
        points = self.scoreboard_side.tussle_points[self.year - 1]
        if self.solo is not None:
            player = self.players[0]
            outcome, gained, hill, events = solo_tussle(self.catalog, self.solo, self.bandits(0), points, self.year, self.supply)
            for e in events:
                self.emit(e)
            player.score("tussles", gained)
            if outcome != "lose":
                player.tussles_won += 1
                self._tussle_won(player)
            if hill:
                self.agenda.insert(0, {"step": "hill_bandit", "seat": 0})
            return
        results = resolve_tussle([self.bandits(s) for s in range(self.config.players)], points, self.year)
        hill_steps = []
        for r in results:
            self.players[r.seat].score("tussles", r.points)
            if r.outcome == WIN:
                self.players[r.seat].tussles_won += 1
                self._tussle_won(self.players[r.seat])
        for seat in self.seat_order():
            if results[seat].hill_bandit:
                hill_steps.append({"step": "hill_bandit", "seat": seat})
        self.emit({"type": "tussle", "year": self.year, "results": [
            {"seat": r.seat, "bandits": r.bandits, "outcome": r.outcome, "points": r.points} for r in results]})
        self.agenda[0:0] = hill_steps

    def _step_year_end(self, step: Step) -> None:
        if self.year == 4:
            self.agenda.insert(0, {"step": "game_end"})
            return
        self.year += 1
        self.round += 1
        self.round_in_year = 1
        self.agenda[0:0] = [{"step": "year_start"}, {"step": "round_start"}]

    def _step_game_end(self, step: Step) -> None:
        """After the Year 4 Tussle the game ends (rulebook: Endgame); standings by points, then
        unused gold + bullets; still tied players share the place."""
        for player in self.players:
            for partner in player.partners:  # Endgame: "Reveal any face-down partners"
                partner["face_down"] = False
            for category, points in endgame_points(self.catalog, player).items():
                player.score(category, points)
        self.finished = True
        event: Event = {"type": "game_end", "standings": self.standings(),
                 "scores": [self.score_breakdown(p.seat) for p in self.players]}
        if self.solo_game:
            event["rank"] = solo_rank(self.catalog, self.players[0].points)
        self.emit(event)

    def score_breakdown(self, seat: int) -> ScoreBreakdown:
        """A seat's points by category (in play, and the Endgame as it would score now, or as it
        scored once the game is over) and the total — what a score calculator shows.  A finished solo game's
        breakdown also carries the ``rank`` its total earns (rulebook: Solo play, the chart; ``None`` below
        Sidekick)."""
        breakdown = score_breakdown(self.catalog, self.players[seat], final=self.finished)
        if self.finished and self.solo_game:
            breakdown["rank"] = solo_rank(self.catalog, breakdown["total"])
        return breakdown

    def standings(self) -> list[dict[str, int]]:
        """Seats best first: ``{"seat", "points", "tiebreak", "place"}``; ``tiebreak`` is unused gold +
        bullets; equal points and tiebreak share a place (rulebook: Endgame)."""
        rows = sorted(({"seat": p.seat, "points": p.points, "tiebreak": p.gold + p.bullets} for p in self.players),
                      key=lambda r: (-r["points"], -r["tiebreak"], r["seat"]))
        for i, row in enumerate(rows):
            same = i and (rows[i - 1]["points"], rows[i - 1]["tiebreak"]) == (row["points"], row["tiebreak"])
            row["place"] = rows[i - 1]["place"] if same else i + 1
        return rows

    # --- serialising ------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The whole state as plain JSON data (hidden information included: see ``view``)."""
        return {
            "config": self.config.to_json(), "version": self.version, "chance": self.chance, "finished": self.finished,
            "year": self.year, "round": self.round, "round_in_year": self.round_in_year, "first_player": self.first_player,
            "agenda": [_step_copy(s) for s in self.agenda], "trays": self.trays.to_json(), "dice": [d.to_json() for d in self.dice],
            "contracts": [c.to_json() for c in self.contracts], "partner_deck": list(self.partner_deck),
            "face_up_partners": list(self.face_up_partners), "supply": dict(self.supply), "ace_cards": list(self.ace_cards),
            "players": [p.to_json() for p in self.players], "solo": self.solo.to_json() if self.solo else None,
            "moves": [dict(m) for m in self.moves], "move_seats": list(self.move_seats),
            "events": [dict(e) for e in self.events],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], catalog: Catalog | None = None) -> Game:
        """Rebuild a game from ``to_json`` data (settlements are replayed through the placement rules)."""
        game = cls.__new__(cls)
        game.catalog = catalog or load_catalog()
        game.config = GameConfig.from_json(data["config"])
        for k in ("version", "chance", "finished", "year", "round", "round_in_year", "first_player"):
            setattr(game, k, data[k])
        game.agenda = [_step_copy(s) for s in data["agenda"]]
        game.trays = TrayState.from_json(data["trays"], game.catalog)
        game.dice = [Die.from_json(d) for d in data["dice"]]
        game.contracts = [Contract(c["kind"], c["size"], c["flipped"]) for c in data["contracts"]]
        game.partner_deck = list(data["partner_deck"])
        game.face_up_partners = list(data["face_up_partners"])
        game.supply = dict(data["supply"])
        game.ace_cards = list(data["ace_cards"])
        game.players = [PlayerState.from_json(p, game.catalog) for p in data["players"]]
        game.solo = SoloState.from_json(data["solo"]) if data["solo"] else None
        game.moves = [dict(m) for m in data["moves"]]
        game.move_seats = list(data["move_seats"])
        game.events = [dict(e) for e in data["events"]]
        return game

    @classmethod
    def replay(cls, config: GameConfig, moves: list[dict[str, Any]], catalog: Catalog | None = None) -> Game:
        """Rebuild a game from its configuration and move list; raises ``IllegalMove`` if a move
        does not apply."""
        game = cls(config, catalog)
        for move in moves:
            game.apply(move)
        return game

    def position(self, seat: int) -> dict[str, Any]:
        """What ``seat`` knows, as plain data a planner can resume from: ``view(seat)`` plus ``seat`` and the agenda
        (the steps still to come in this turn and round: open information), built by allow-list in
        ``solver.games.wild_tiled_west.engine.views.position_of``.  ``solver.games.wild_tiled_west.ai.determinize`` rebuilds a playable game from it by sampling
        what the seat cannot see."""
        return views.position_of(self.to_json(), seat, *self._open_information(seat))

    def view(self, seat: int | None) -> dict[str, Any]:
        """The state as ``seat`` may see it (``None``: a spectator), built by allow-list in
        ``solver.games.wild_tiled_west.engine.views.view_of``: only the fields named there, so a field the state gains stays hidden until
        it is named.  Left out: the seed and the chance counter, the partner and bandit deck orders (sizes only),
        other seats' face-down and dealt partners, other seats' private events and partner choices in the move
        log, and the agenda (``pending`` names the decision instead).  Dice not yet rolled do not exist.
        Added: ``pending``, ``bandits`` per seat (open information), ``scores`` (each seat's breakdown;
        another seat's partner points are left out while a partner is face down) and in solo play
        ``solo.bandit_ridge``, the bandits the player tussles against (Solo play / Gameplay)."""
        return views.view_of(self.to_json(), seat, *self._open_information(seat))

    def _open_information(self, seat: int | None) -> tuple[dict[str, Any] | None, list[int], list[ScoreBreakdown], int | None]:
        """What every view adds to the state: the pending decision (``seat``'s own when it has one: ``decision``), each
        seat's unshot bandits and breakdown, and in solo play the bandits on Bandit Ridge and the revealed bandit cards
        not covered by bullets."""
        seats = range(len(self.players))
        ridge = None if self.solo is None else uncovered_bandits(self.catalog, self.solo)
        own = self.decision(seat) if seat is not None else None
        pending = own if own is not None else self.pending()
        return pending, [self.bandits(s) for s in seats], [self.score_breakdown(s) for s in seats], ridge


MoveT = TypeVar("MoveT", bound=Move)  #: the moves of one kind of decision


@dataclass(frozen=True)
class DecisionHandlers(Generic[MoveT]):
    """How the engine plays one kind of decision: ``options(game, step)`` lists its legal moves, ``apply(game,
    step, move)`` plays a chosen one, and ``match(game, step, move)``, when set, accepts a move beyond the
    listed options (a placement checked square by square, a cowpoke on any square of the pasture) or returns
    ``None`` to fall back on the options."""

    options: Callable[[Game, Step], list[MoveT]]
    apply: Callable[[Game, Step, MoveT], None]
    match: Callable[[Game, Step, dict[str, Any]], MoveT | None] | None = None


#: Decision type (the ``step`` of a pending agenda entry) -> its handlers: the one place that says which code
#: plays which decision (docs/engine.md).
DECISION_HANDLERS: dict[str, DecisionHandlers[Any]] = {
    "keep_partner": DecisionHandlers(Game._options_keep_partner, Game._apply_keep_partner),
    "house_site": DecisionHandlers(Game._options_house_site, Game._apply_house_site, Game._match_placement),
    "year4_mining": DecisionHandlers(Game._options_year4_mining, Game._apply_year4_mining),
    "draft": DecisionHandlers(Game._options_draft, Game._apply_draft),
    "place_tile": DecisionHandlers(Game._options_place_tile, Game._apply_place_tile, Game._match_placement),
    "place_alley": DecisionHandlers(Game._options_place_alley, Game._apply_place_alley, Game._match_placement),
    "second_partner": DecisionHandlers(Game._options_second_partner, Game._apply_second_partner),
    "hill_bandit": DecisionHandlers(Game._options_hill_bandit, Game._apply_hill_bandit),
    "wrangle": DecisionHandlers(Game._options_wrangle, Game._apply_wrangle, Game._match_wrangle),
    "shoot": DecisionHandlers(Game._options_shoot, Game._apply_shoot),
    "hideout": DecisionHandlers(Game._options_hideout, Game._apply_hideout),
    "wheelwright": DecisionHandlers(Game._options_wheelwright, Game._apply_wheelwright),
    "general_store": DecisionHandlers(Game._options_general_store, Game._apply_general_store),
    "ace_card": DecisionHandlers(Game._options_ace_card, Game._apply_ace_card),
    "stash": DecisionHandlers(Game._options_stash, Game._apply_stash),
}

#: Automatic step type -> the code that runs it (chance, scoring and the flow between decisions).
AUTOMATIC_STEPS: dict[str, Callable[[Game, Step], None]] = {
    "setup": Game._step_setup,
    "reveal_partners": Game._step_reveal_partners,
    "year_start": Game._step_year_start,
    "round_start": Game._step_round_start,
    "round_end": Game._step_round_end,
    "tussle": Game._step_tussle,
    "year_end": Game._step_year_end,
    "game_end": Game._step_game_end,
    "bonuses": Game._step_bonuses,
    "towns": Game._step_towns,
    "pastures": Game._step_pastures,
    "surround": Game._step_surround,
    "sheriffs": Game._step_sheriffs,
}
