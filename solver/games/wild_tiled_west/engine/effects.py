"""The effects of a placement inside the game state machine (mixed into ``solver.games.wild_tiled_west.engine.game.Game``).

After every placement the engine runs, in this order (docs/rulings.md R24):

1. the placed building's white-sign effect (Cache, Sheriff's Office, Fancy Saloon, Hideout,
   Wheelwright) and, on Carpenters, the offer to stash gold on a building;
2. bonus spaces and icons (gold, bullets, alleys placed at once, the ace card space of Pocket Aces) and
   pickaxes (mining, the second partner at the 4th space) — ``solver.games.wild_tiled_west.rules.bonuses``;
3. town completion (sign points + the year's bonus) — ``solver.games.wild_tiled_west.rules.towns``;
4. a wrangle offer for each pasture the tile created or expanded — ``solver.games.wild_tiled_west.rules.wrangling``;
5. surround checks for every red building not yet paid, once each, and Rope Trick icons —
   ``solver.games.wild_tiled_west.rules.buildings``;
6. sheriffs shooting — ``solver.games.wild_tiled_west.rules.sheriffs_and_bandits`` — which also runs after a hill bandit arrives.

Each step is an automatic agenda step or a decision for the player, so effects chain (an alley placed
from a bonus has effects of its own).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, cast

from solver.games.wild_tiled_west.components.values import Catalog, ScoreboardSide, SpaceKind
from solver.games.wild_tiled_west.rules.bonuses import placement_effects, take
from solver.games.wild_tiled_west.rules.buildings import building_tiles, surrounded
from solver.games.wild_tiled_west.rules.buildings.registry import (
    BUILDINGS,
    GENERAL_STORE_CHOICES,
    general_store_choice,
    wheelwright_choice,
)
from solver.games.wild_tiled_west.rules.moves import AceCard, GeneralStore, Hideout, Shoot, Stash, Wheelwright, Wrangle
from solver.games.wild_tiled_west.rules.player import PlayerState
from solver.games.wild_tiled_west.rules.settlement import PlacedTile
from solver.games.wild_tiled_west.rules.sheriffs_and_bandits import active_sheriffs, all_bandits, shoot, targets_in_sight
from solver.games.wild_tiled_west.rules.table import Event, Step
from solver.games.wild_tiled_west.rules.towns import completed_towns, town_points
from solver.games.wild_tiled_west.rules.trays import TrayState
from solver.games.wild_tiled_west.rules.wild_sides import pocket_aces
from solver.games.wild_tiled_west.rules.wild_sides import rule_of as wild_side
from solver.games.wild_tiled_west.rules.wild_sides.carpenters import stash, stash_options
from solver.games.wild_tiled_west.rules.wrangling import (
    Contract,
    Pasture,
    claim_cattle_contract,
    pasture_containing,
    touched_pastures,
)


class PlacementEffects:
    """Agenda steps and decisions for the effects of placements (see the module docstring).

    A mixin of ``solver.games.wild_tiled_west.engine.game.Game``: the attributes and methods of the game it uses are declared here."""

    catalog: Catalog
    agenda: list[Step]
    supply: dict[str, int]
    trays: TrayState
    contracts: list[Contract]
    ace_cards: list[str]
    year: int

    if TYPE_CHECKING:  # defined by Game
        @property
        def scoreboard_side(self) -> ScoreboardSide: ...

        def _player(self, step: Step) -> PlayerState: ...

        def emit(self, event: Event) -> None: ...

    # --- wiring -----------------------------------------------------------------------------

    def _after_placement(self, player: PlayerState, placed: PlacedTile) -> None:
        seat = player.seat
        steps: list[Step] = []
        building = placed.tile.building
        if building:
            steps += self._white_building(player, building)
            side_rule = wild_side(player.settlement.side.rule)
            if side_rule.after_building:
                steps += side_rule.after_building(self, player)
        steps.append({"step": "bonuses", "seat": seat, "tile_index": len(player.settlement.tiles) - 1})
        if any(player.settlement.side.space(r, c).kind is SpaceKind.ACE_CARD for (r, c), _ in placed.squares):
            steps.append({"step": "ace_card", "seat": seat, "source": pocket_aces.KEY})
        fields = [rc for rc, cell in placed.squares if cell.terrain.value == "field"]
        steps += [{"step": "towns", "seat": seat}]
        if fields:
            steps.append({"step": "pastures", "seat": seat, "squares": [list(rc) for rc in fields]})
        steps += [{"step": "surround", "seat": seat}, {"step": "sheriffs", "seat": seat}]
        self.agenda[0:0] = steps

    def _step_bonuses(self, step: Step) -> None:
        """Bonus spaces and icons and pickaxes of the placed tile (after its white sign: R24)."""
        player = self._player(step)
        placed = player.settlement.tiles[step["tile_index"]]
        events, steps = placement_effects(self.catalog, player, self.supply, placed)
        for e in events:
            self.emit(e)
        self.agenda[0:0] = steps

    def gain(self, player: PlayerState, item: str, count: int, why: str) -> int:
        """Move up to ``count`` gold or bullets (``item``) from the supply to ``player`` (the supply may run out:
        docs/rulings.md R12), with a ``gain`` event naming ``why``; returns how many were taken."""
        got = take(self.supply, item, count)
        if item == "gold":
            player.gold += got
        elif item == "bullets":
            player.bullets += got
        self.emit({"type": "gain", "seat": player.seat, "item": item, "count": got, "why": why})
        return got

    def _white_building(self, player: PlayerState, building: str) -> list[Step]:
        """White signs: what the building gives when placed (Building guide; ``BUILDINGS``' ``when_placed``)."""
        rule = BUILDINGS[building]
        return rule.when_placed(self, player, self.catalog.building(building)) if rule.when_placed else []

    # --- towns ----------------------------------------------------------------------------------

    def _step_towns(self, step: Step) -> None:
        player = self._player(step)
        year4_bonus = wild_side(player.settlement.side.rule).town_year4_bonus
        for town in completed_towns(player.settlement):
            if town.letter in player.completed_towns:
                continue
            player.completed_towns.append(town.letter)
            sign, bonus = town_points(town, self.year, self.scoreboard_side.town_bonus, year4_bonus=year4_bonus)
            player.score("towns", sign + bonus)
            self.emit({"type": "town_completed", "seat": player.seat, "town": town.name, "sign": sign, "bonus": bonus})

    # --- wrangling ------------------------------------------------------------------------------

    def _step_pastures(self, step: Step) -> None:
        player = self._player(step)
        squares = [tuple(rc) for rc in step["squares"]]
        offers: list[Step] = []
        for pasture in touched_pastures(player.settlement, squares):
            if pasture.wrangle_sizes(self.catalog.rule_numbers) and self.supply["cowpokes"] > 0:
                offers.append({"step": "wrangle", "seat": player.seat, "square": list(pasture.squares[0])})
        self.agenda[0:0] = offers

    def _options_wrangle(self, step: Step) -> list[Wrangle]:
        pasture = pasture_containing(self._player(step).settlement, tuple(step["square"]))
        if pasture is None or self.supply["cowpokes"] < 1:
            return []
        r, c = pasture.squares[0]
        wrangles: list[Wrangle] = [{"type": "wrangle", "cows": k, "row": r, "col": c}
                                   for k in pasture.wrangle_sizes(self.catalog.rule_numbers)]
        return wrangles + [{"type": "wrangle", "cows": 0}]

    def _match_wrangle(self, step: Step, move: dict[str, Any]) -> Wrangle | None:
        """A wrangle may put its cowpoke on any square of the pasture, not only the listed one."""
        if move.get("type") != "wrangle" or not move.get("cows"):
            return None
        pasture = pasture_containing(self._player(step).settlement, tuple(step["square"]))
        sizes = pasture.wrangle_sizes(self.catalog.rule_numbers) if pasture else []
        square: tuple[Any, Any] = (move.get("row"), move.get("col"))  # a client's: checked below
        if move["cows"] in sizes and square in cast(Pasture, pasture).squares:  # sizes is [] without a pasture
            return {"type": "wrangle", "cows": move["cows"], "row": square[0], "col": square[1]}
        return None

    def _apply_wrangle(self, step: Step, move: Wrangle) -> None:
        """Rulebook, Wrangling: cowpoke, the scoreboard's points, the cattle contract for 4+ cows
        (large side the first time, then flipped); Barn: 1 gold per Barn."""
        player = self._player(step)
        self.agenda.pop(0)
        if not move["cows"]:
            self.emit({"type": "wrangle_declined", "seat": player.seat})
            return
        cows = move["cows"]
        take(self.supply, "cowpokes", 1)
        player.settlement.cowpokes.add((move["row"], move["col"]))
        points = self.scoreboard_side.wrangle_points[cows]
        player.score("wrangles", points)
        self.emit({"type": "wrangle", "seat": player.seat, "cows": cows, "points": points, "row": move["row"], "col": move["col"]})
        steps = claim_cattle_contract(self, player, self.contracts, cows)
        for _, placed in building_tiles(player.settlement):  # the Barn: once per Barn on the board
            rule = BUILDINGS[cast(str, placed.tile.building)]  # building_tiles lists building tiles only
            if rule.whenever_wrangling:
                steps += rule.whenever_wrangling(self, player, self.catalog.building(rule.name))
        self.agenda[0:0] = steps + [{"step": "sheriffs", "seat": player.seat}]

    # --- surrounding: red buildings and Rope Trick -----------------------------------------------------

    def _step_surround(self, step: Step) -> None:
        player = self._player(step)
        s = player.settlement
        steps: list[Step] = []
        for index, placed in building_tiles(s):
            assert placed.tile.building is not None  # building_tiles lists building tiles only
            building = self.catalog.building(placed.tile.building)
            if building.sign != "red" or index in player.triggered or not surrounded(s, [rc for rc, _ in placed.squares]):
                continue
            player.triggered.append(index)
            self.emit({"type": "surrounded", "seat": player.seat, "building": building.name, "tile": placed.tile.id})
            hook = BUILDINGS[building.name].when_surrounded
            if hook:
                steps += hook(self, player, building)
        after_surround = wild_side(s.side.rule).after_surround
        if after_surround:
            after_surround(self, player)
        self.agenda[0:0] = steps

    def _options_general_store(self, step: Step) -> list[GeneralStore]:
        return [{"type": "general_store", "choice": c} for c in GENERAL_STORE_CHOICES]

    def _apply_general_store(self, step: Step, move: GeneralStore) -> None:
        """General Store surrounded: the player's choice (``general_store_choice``, Building guide)."""
        player = self._player(step)
        self.agenda.pop(0)
        self.agenda[0:0] = general_store_choice(self, player, move["choice"])

    # --- sheriffs, Sheriff's Office, Hideout ----------------------------------------------------------

    def _step_sheriffs(self, step: Step) -> None:
        """Sheriffs shoot whenever they can; when more bandits are in sight than bullets, the player
        chooses (one ``shoot`` decision per bullet).  Sheriff's Office (``anywhere``) shoots any bandit."""
        player = self._player(step)
        s = player.settlement
        targets = all_bandits(s) if step.get("anywhere") else targets_in_sight(s)
        if not targets or player.bullets < 1:
            return
        if player.bullets >= len(targets):
            for square in targets:
                self._shoot(player, square)
            if not step.get("anywhere"):
                self.agenda.insert(0, {"step": "sheriffs", "seat": player.seat})  # a shot may open new lines
            return
        self.agenda.insert(0, {"step": "shoot", "seat": player.seat, **({"anywhere": True} if step.get("anywhere") else {})})

    def _shoot(self, player: PlayerState, square: tuple[int, int]) -> None:
        s = player.settlement
        printed = s.side.space(*square).kind is SpaceKind.BANDIT and s.cover[square[0]][square[1]] < 0
        shoot(s, square)
        player.bullets -= 1
        self.emit({"type": "shot", "seat": player.seat, "row": square[0], "col": square[1]})
        bounty = wild_side(s.side.rule).printed_bandit_shot
        if printed and bounty:
            bounty(self, player)

    def _options_shoot(self, step: Step) -> list[Shoot]:
        s = self._player(step).settlement
        targets = all_bandits(s) if step.get("anywhere") else targets_in_sight(s)
        if self._player(step).bullets < 1:
            return []
        return [{"type": "shoot", "row": r, "col": c} for r, c in targets]

    def _apply_shoot(self, step: Step, move: Shoot) -> None:
        player = self._player(step)
        self.agenda.pop(0)
        self._shoot(player, (move["row"], move["col"]))
        self.agenda.insert(0, {"step": "sheriffs", "seat": player.seat, **({"anywhere": True} if step.get("anywhere") else {})})

    def _options_hideout(self, step: Step) -> list[Hideout]:
        if self.supply["bullets"] < 1:
            return []
        sheriffs = active_sheriffs(self._player(step).settlement)
        if not sheriffs:
            return []
        covers: list[Hideout] = [{"type": "hideout", "row": r, "col": c} for r, c in sheriffs]
        return covers + [{"type": "hideout", "done": True}]

    def _apply_hideout(self, step: Step, move: Hideout) -> None:
        """Hideout: cover up to two sheriffs with bullets from the supply; they become tombstones."""
        player = self._player(step)
        self.agenda.pop(0)
        if move.get("done"):
            return
        take(self.supply, "bullets", 1)
        player.settlement.tombstones.add((move["row"], move["col"]))
        self.emit({"type": "hideout", "seat": player.seat, "row": move["row"], "col": move["col"]})
        if step["left"] > 1:
            self.agenda.insert(0, {"step": "hideout", "seat": player.seat, "left": step["left"] - 1})

    # --- Wheelwright, ace cards, Carpenters ------------------------------------------------------------

    def _options_wheelwright(self, step: Step) -> list[Wheelwright]:
        return [{"type": "wheelwright", "side": "alleys"}, {"type": "wheelwright", "side": "ongoing"}]

    def _apply_wheelwright(self, step: Step, move: Wheelwright) -> None:
        """Wheelwright: two alleys now, or from now on a single alley may be two adjacent alleys (``wheelwright_choice``)."""
        player = self._player(step)
        self.agenda.pop(0)
        self.agenda[0:0] = wheelwright_choice(self, player, move["side"])

    def _options_ace_card(self, step: Step) -> list[AceCard]:
        return [{"type": "ace_card", "suit": suit} for suit in self.ace_cards]

    def _apply_ace_card(self, step: Step, move: AceCard) -> None:
        """Fancy Saloon / Pocket Aces: take an ace card of the chosen suit from the supply."""
        player = self._player(step)
        self.agenda.pop(0)
        self.ace_cards.remove(move["suit"])
        player.ace_cards.append(move["suit"])
        self.emit({"type": "ace_card", "seat": player.seat, "suit": move["suit"], "source": step.get("source")})

    def _options_stash(self, step: Step) -> list[Stash]:
        return stash_options(self.catalog, self._player(step))

    def _apply_stash(self, step: Step, move: Stash) -> None:
        """Carpenters: stash gold on the building just placed (its cost was paid first)."""
        player = self._player(step)
        self.agenda.pop(0)
        stash(self, player, move["gold"])

    # --- tussle and hill bandit hooks -------------------------------------------------------------------

    def _tussle_won(self, player: PlayerState) -> None:
        """The ongoing buildings of a Tussle's winner (the Hotel: ``BUILDINGS``' ``whenever_tussle_won``, given how
        many the board holds)."""
        counts = Counter(placed.tile.building for _, placed in building_tiles(player.settlement))
        for name, rule in BUILDINGS.items():
            if rule.whenever_tussle_won and counts[name]:
                self.agenda[0:0] = rule.whenever_tussle_won(self, player, self.catalog.building(name), counts[name])
