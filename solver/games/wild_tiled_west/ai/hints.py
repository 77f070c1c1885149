"""Move hints: the best complete options for the seat to act, ranked by expected final-score gain.

``hint(position, top=3, budget_ms=...)`` answers "what should I do now?" from one seat's knowledge only
(``Game.position(seat)``): the hidden cards and future chance are sampled (``solver.games.wild_tiled_west.ai.determinize``), never
read.  An *option* is everything the seat does before anything new is revealed or another decision
point is reached: for a draft turn, the draft (die, stack, claim jumps) or the free alleys, the Sawmill
or the Signpost, then the tile's placement and every follow-up choice (bonus alleys, wrangle or wait and
with how many cows, shots, building choices, ace cards).  Each option carries

- ``moves``: the moves in the exact form ``Game.apply`` accepts, to be played one after another;
- ``gain``: the change of ``solver.games.wild_tiled_west.ai.evaluation.position_value`` (expected final points), with ``terms``
  (immediate points, partner conditions, mining value, resources, town progress, pastures, aces, buildings,
  bandits);
- ``label``: one readable line ("River die 3, jump 1 (2 gold): Town Hall at (2, 3), completes Lone Star
  +9.0").

Search: for a draft, every legal placement of every draftable tile is valued exactly with
``solver.games.wild_tiled_west.planning.plans.evaluate_plan`` (the CP-SAT solver's own value, one tile) plus the Endgame points it adds
to the Ranch Houses and Chapels (``solver.games.wild_tiled_west.planning.plans.pink_building_gain``, which ``evaluate_plan`` leaves out),
the draft's gold counted at ``GOLD_VALUE``; the best candidates are then played through the rules
engine on a sampled copy of the game, the follow-up decisions chosen one at a time by the same
evaluation, and ranked by the exact change of ``position_value``.  Other decisions are played through
the engine option by option.  The search stops at ``budget_ms``: the answer is then marked ``partial``
(candidates not yet played keep their first move and estimated gain).  Bots also look one own turn
ahead in solo (``rank_options(..., look_ahead=True)``, ``_look_ahead``), which also decides whether to
wrangle now or wait for more cows.

Source: our design (docs/hints.md); the rules are the engine's.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from babel.numbers import get_decimal_symbol

from solver.core.language import current_language
from solver.games.wild_tiled_west.ai.determinize import sample_game
from solver.games.wild_tiled_west.ai.evaluation import position_value, remaining
from solver.games.wild_tiled_west.components.catalog import load_catalog
from solver.games.wild_tiled_west.components.texts import _, ngettext
from solver.games.wild_tiled_west.components.values import Catalog, Tile
from solver.games.wild_tiled_west.engine.game import Game
from solver.games.wild_tiled_west.engine.labels import move_label, placement_squares
from solver.games.wild_tiled_west.planning.plans import PlanPosition, evaluate_plan, evaluate_plan_with_pink
from solver.games.wild_tiled_west.planning.weights import GOLD_VALUE
from solver.games.wild_tiled_west.rules.placement import Placement, legal_placements

DEFAULT_BUDGET_MS = 800  #: the default time budget of a hint, in milliseconds
MAX_BUDGET_MS = 10_000  #: budgets are capped here
PLACEMENTS_PER_TILE = 3  #: placements of each tile kept as candidates
#: Placements are shortlisted by ``evaluate_plan``'s total plus the Endgame points the plan adds to the
#: Ranch Houses and Chapels as they would score right after it (``solver.games.wild_tiled_west.planning.plans.pink_building_gain``),
#: which ``evaluate_plan`` (the CP-SAT planner's value) leaves out (docs/hints.md).
PINK_SHORTLIST = True
#: Also keep, beyond the best PLACEMENTS_PER_TILE, this many placements with the largest pink-building gain
#: (> 0) of each tile.
PINK_EXTRA = 1
#: Solo draft turns: the best options are re-ranked by what the next own turns add after them
#: (``_look_ahead``): this many options, over this many sampled futures (dice), this many turns ahead,
#: each turn chosen by a lighter search that plays only its best candidates by estimate (tuned by
#: self-play: docs/hints.md).
LOOKAHEAD_OPTIONS = 4
LOOKAHEAD_SAMPLES = 1
LOOKAHEAD_TURNS = 1
LOOKAHEAD_PLAYS = 12
#: Solo draft turns: an option that meets a wrangle decision is also played with the other choice
#: (keep the pasture growing instead of wrangling, or the best wrangle instead of waiting), and the
#: look-ahead weighs both: whether to wait for more cows is decided by the next turn, not by the
#: pasture potential alone (docs/hints.md).
LOOKAHEAD_WRANGLE_BRANCH = True
FOLLOW_UPS = frozenset({"place_tile", "house_site", "place_alley", "wrangle", "shoot", "hideout", "wheelwright",
                        "general_store", "ace_card", "stash", "second_partner"})
#: Decisions whose options are placements, valued with evaluate_plan before being played.
PLACING = frozenset({"place_tile", "house_site", "place_alley"})


class HintError(ValueError):
    """The hint cannot be computed: no pending decision, or it is not the position's seat's."""


@dataclass
class Option:
    """One complete option: ``moves`` to apply in order, ``gain`` (points, ``terms`` by
    ``solver.games.wild_tiled_west.ai.evaluation.TERMS``), a readable ``label``, and ``played``: False when the search was cut
    short before playing it through (then ``moves`` holds only its first move and ``gain`` is the
    estimate).  ``squares``: the ``[row, col]`` squares its ``place`` moves cover, in order (``[]`` when it
    places nothing), for a frontend to show the option on the board."""

    moves: list[dict]
    gain: float
    terms: dict[str, float] = field(default_factory=dict)
    label: str = ""
    played: bool = True
    #: played with the other wrangle choice than the evaluation's (``LOOKAHEAD_WRANGLE_BRANCH``)
    other_wrangle: bool = False
    squares: list[list[int]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """Plain data (points rounded to 0.01)."""
        return {"moves": self.moves, "gain": round(self.gain, 2), "terms": {k: round(v, 2) for k, v in self.terms.items()},
                "label": self.label, "complete": self.played, "squares": self.squares}


def continues(game: Game, seat: int, chance: int) -> bool:
    """An option of ``seat`` begun when ``game.chance`` was ``chance`` goes on: the seat faces a follow-up
    decision (``FOLLOW_UPS``) and nothing was revealed since (no chance step)."""
    pending = game.decision(seat)
    return pending is not None and pending["type"] in FOLLOW_UPS and game.chance == chance


def _placed_tile(game: Game, pending: dict) -> Tile:
    """The tile a placing decision (``PLACING``) places: the alley, or the decision's tile."""
    return game.catalog.alley if pending["type"] == "place_alley" else game.catalog.tile(pending["tile"])


class _Search:
    """A hint search on one sampled game: forks the game, plays options, values them."""

    def __init__(self, game: Game, seat: int, deadline: float, value_fn=position_value, cache: dict | None = None):
        self.game, self.seat, self.deadline, self.value_fn = game, seat, deadline, value_fn
        self.base = game.to_json()
        self.before = value_fn(game, seat)
        self.partial = False
        self._plan_values: dict[tuple, tuple[list, list]] = {} if cache is None else cache

    def out_of_time(self) -> bool:
        if time.perf_counter() >= self.deadline:
            self.partial = True
        return self.partial

    def fork(self, seed: int | None = None) -> Game:
        """A copy of the searched game; ``seed``: with another seed for what chance draws next."""
        base = self.base if seed is None else dict(self.base, config=dict(self.base["config"], seed=seed))
        return Game.from_json(base, self.game.catalog)

    def _key(self, game: Game, tile: Tile, moves: list[dict] | None) -> tuple:
        player = game.players[self.seat]
        state = json.dumps([player.settlement.to_json(), player.gold, player.bullets, player.mining, game.year,
                            [c.flipped for c in game.contracts], game.supply["cowpokes"]], sort_keys=True)
        options = None if moves is None else tuple((m["type"], m.get("orientation"), m.get("row"), m.get("col"))
                                                   for m in moves)
        return (tile.id, state, options)

    def placements(self, game: Game, tile: Tile, moves: list[dict] | None = None) -> list[tuple[float, dict]]:
        """Legal placements of ``tile`` on the seat's settlement in ``game`` (or ``moves``, the
        decision's options), best first, valued with ``evaluate_plan`` (one tile) plus, with
        ``PINK_SHORTLIST``, the pink-building gain (``solver.games.wild_tiled_west.planning.plans.evaluate_plan_with_pink``)."""
        return self._valued(game, tile, moves)[0]

    def shortlist(self, game: Game, tile: Tile, moves: list[dict] | None = None) -> list[tuple[float, dict]]:
        """The placements of ``tile`` worth playing through: the best ``PLACEMENTS_PER_TILE`` by value,
        then the ``PINK_EXTRA`` with the largest pink-building gain (> 0 points) when not among them."""
        valued, extra = self._valued(game, tile, moves)
        best = valued[:PLACEMENTS_PER_TILE]
        return best + [vm for vm in extra if all(vm[1] is not b[1] for b in best)]

    def _valued(self, game: Game, tile: Tile, moves: list[dict] | None) -> tuple[list, list]:
        """``(placements, extra)``: ``placements`` as ``placements`` returns them, ``extra`` the
        ``PINK_EXTRA`` with the largest pink-building gain (> 0), largest first; valued once per state."""
        key = self._key(game, tile, moves)
        if key not in self._plan_values:
            player = game.players[self.seat]
            position = PlanPosition.from_game(game, self.seat, [tile])
            pending = game.decision(self.seat)
            if moves is not None and pending and pending.get("rooted_on") and pending.get("tile") == tile.id:
                position.rooted_on = (tile.id, tuple(pending["rooted_on"]))  # House in Danger, Signpost
            if moves is None:
                spots = legal_placements(player.settlement, tile)
                moves = [{"type": "place", **p.to_json()} for p in spots]
            valued: list[tuple[float, dict]] = []
            pinks: list[tuple[float, float, dict]] = []
            for n, m in enumerate(m for m in moves if m.get("type") == "place"):
                if n % 8 == 0 and self.out_of_time():
                    return sorted(valued, key=lambda vm: -vm[0]), []  # cut short: not kept
                placement = Placement(tile.id, m["orientation"], m["row"], m["col"])
                if PINK_SHORTLIST:
                    value, pink = evaluate_plan_with_pink(position, [placement])
                    valued.append((value.total + pink, m))
                    if pink > 0:
                        pinks.append((pink, value.total + pink, m))
                else:
                    valued.append((evaluate_plan(position, [placement]).total, m))
            valued.sort(key=lambda vm: -vm[0])
            pinks.sort(key=lambda pvm: (-pvm[0], -pvm[1]))
            self._plan_values[key] = (valued, [(v, m) for _, v, m in pinks[:PINK_EXTRA]])
        return self._plan_values[key]

    def value(self, game: Game) -> dict[str, float]:
        return self.value_fn(game, self.seat)

    def gain(self, game: Game) -> tuple[float, dict[str, float]]:
        after = self.value(game)
        terms = {k: after[k] - self.before[k] for k in after}
        return sum(terms.values()), terms

    def continues(self, game: Game, chance: int) -> bool:
        """The option goes on: the same seat faces a follow-up decision and nothing was revealed."""
        return continues(game, self.seat, chance)

    def follow_up(self, game: Game, options: list[dict] | None = None) -> dict:
        """The best move of a follow-up decision, by one step of the evaluation, among ``options``
        (default: every legal move)."""
        pending = game.decision(self.seat)
        assert pending is not None  # a follow-up decision
        options = game.legal_moves(self.seat) if options is None else options
        if pending["type"] in PLACING:
            tile = _placed_tile(game, pending)
            places = [m for _, m in self.shortlist(game, tile, options)] or [m for m in options if m["type"] == "place"][:1]
            others = [m for m in options if m["type"] != "place"]
            if not others:
                return places[0]
            options = places + others
        if len(options) == 1:
            return options[0]
        base = game.to_json()
        best, best_value = options[0], None
        for move in options:
            trial = Game.from_json(base, game.catalog)
            trial.apply(move)
            v = sum(self.value(trial).values())
            if best_value is None or v > best_value:
                best, best_value = move, v
        return best

    def play(self, first: list[dict], other_wrangle: bool = False) -> tuple[list[dict], Game, list[dict]]:
        """Play ``first`` then the follow-ups; returns (moves, game after, events).  ``other_wrangle``:
        at the first wrangle decision, take the best move of the other kind than the evaluation's
        (keep the pasture growing instead of wrangling, or the best wrangle instead of waiting).
        Afterwards ``self.met_wrangle`` tells whether a wrangle decision was met."""
        game = self.fork()
        chance = game.chance
        events: list[dict] = []
        moves = []
        self.met_wrangle = False
        for move in first:
            events += game.apply(move)
            moves.append(move)
        while self.continues(game, chance):
            move = self.follow_up(game)
            pending = game.decision(self.seat)
            assert pending is not None  # continues() saw the decision
            if pending["type"] == "wrangle" and not self.met_wrangle:
                self.met_wrangle = True
                if other_wrangle:
                    wrangles = bool(move.get("cows"))
                    move = self.follow_up(game, [m for m in game.legal_moves(self.seat) if bool(m.get("cows")) != wrangles])
            events += game.apply(move)
            moves.append(move)
        return moves, game, events


def _draft_candidates(search: _Search) -> list[tuple[float, list[dict]]]:
    """(estimated gain, first moves) for every draft-turn option worth playing through."""
    game = search.game
    out = []
    for move in game.legal_moves():
        kind = move["type"]
        if kind in ("draft", "sawmill", "signpost"):
            tile = game.catalog.tile(move["tile"])
            cost = move.get("cost", 0) * GOLD_VALUE * max(remaining(game), 0.0)
            if kind == "signpost":  # its building must cover signpost 3 (Wild sides / Signpost): the engine's options
                after = search.fork()
                after.apply(move)
                valued = search.shortlist(after, tile, after.legal_moves())
            else:
                valued = search.shortlist(game, tile)
            for value, place in valued:
                out.append((value - cost, [move, place]))
            if not valued:  # the budget ran out before this tile was valued
                out.append((-cost, [move]))
        elif kind == "free_alleys":
            valued = search.placements(game, game.catalog.alley)
            best = sum(v for v, _move in valued[:move["count"]])
            out.append((best, [move]))
        else:
            out.append((0.0, [move]))
    return out


def _candidates(search: _Search) -> list[tuple[float, list[dict]]]:
    game = search.game
    pending = game.decision(search.seat)
    assert pending is not None  # the searched seat's decision
    if pending["type"] == "draft":
        return _draft_candidates(search)
    options = game.legal_moves(search.seat)
    if pending["type"] in PLACING:
        tile = _placed_tile(game, pending)
        placed = [(v, [m]) for v, m in search.placements(game, tile, options)]
        others = [(0.0, [m]) for m in options if m["type"] != "place"]
        return (placed or [(0.0, [m]) for m in options if m["type"] == "place"][:1]) + others
    return [(0.0, [m]) for m in options]


def turn_key(game: Game, moves: list[dict]) -> str:
    """What a turn does, whichever die does it: its moves with each draft's die named by kind and face (two dice
    of one face on one slot draft the same stack)."""
    faces = {d.id: (d.kind, d.value) for d in game.dice}
    return repr([{**m, "die": faces.get(m["die"])} if m["type"] == "draft" else m for m in moves])


def option_squares(game: Game, moves: list[dict]) -> list[list[int]]:
    """The ``[row, col]`` squares the ``place`` moves of ``moves`` cover, in order (``placement_squares``)."""
    return [list(rc) for move in moves if move["type"] == "place" for rc in placement_squares(game, move)]


def label(game: Game, moves: list[dict], events: list[dict], gain: float) -> str:
    """A one-line description of an option: each move in words (``solver.games.wild_tiled_west.engine.labels.move_label``: the draft,
    the placement with its orientation, the choices), then what it achieves and its ``gain`` in points."""
    parts = [move_label(game, move) for move in moves]
    for event in events:
        if event["type"] == "town_completed":
            points = event["sign"] + event["bonus"]
            parts.append(ngettext("completes {town} (+{count} point)", "completes {town} (+{count} points)",
                                  points).format(town=event["town"], count=points))
        elif event["type"] == "shot":
            parts.append(_("shoots a bandit"))
    head, *rest = parts or [_("nothing")]
    points = gain_words(gain)
    return _("{head}: {rest} {gain}").format(head=head, rest=", ".join(rest), gain=points) if rest \
        else f"{head} {points}"


def gain_words(gain: float) -> str:
    """A gain in points as an option's label ends: signed, one decimal, the current language's decimal sign
    (``"+1.5"``, ``"+1,5"``; Babel's locale data)."""
    return f"{gain:+.1f}".replace(".", get_decimal_symbol(current_language()))


def _look_ahead(search: _Search, played: list[Option], value_fn) -> list[Option]:
    """``played`` (best first) with its ``LOOKAHEAD_OPTIONS`` best re-ranked by their gain plus the mean
    gain of the next ``LOOKAHEAD_TURNS`` own turns after them, each found by a lighter search
    (``LOOKAHEAD_PLAYS``) on ``LOOKAHEAD_SAMPLES`` sampled futures; every option meets the same futures
    (the same dice seeds).  The wrangle twins (``Option.other_wrangle``) of those options are re-ranked
    with them.  Solo only: between two own turns nobody else moves.  Out of time: unchanged."""
    head = played[:LOOKAHEAD_OPTIONS]
    firsts = {repr(o.moves[:2]) for o in head}  # the draft and placement of each option in the head
    head += [o for o in played[LOOKAHEAD_OPTIONS:] if o.other_wrangle and repr(o.moves[:2]) in firsts]
    rest = [o for o in played if all(o is not h for h in head)]
    extra = {id(o): 0.0 for o in head}
    for sample in range(LOOKAHEAD_SAMPLES):
        seed = search.base["config"]["seed"] * 7919 + sample + 1
        for option in head:
            if search.out_of_time():
                return played
            after = search.fork(seed)
            for move in option.moves:
                after.apply(move)
            for _turn in range(LOOKAHEAD_TURNS):
                pending = after.pending()
                if pending is None or pending["seat"] != search.seat:
                    break
                budget = max(1.0, (search.deadline - time.perf_counter()) * 1000.0)
                nxt, _cut = rank_options(after, search.seat, 1, budget, value_fn, plays=LOOKAHEAD_PLAYS,
                                      cache=search._plan_values)
                if not nxt or not nxt[0].played:
                    break
                extra[id(option)] += nxt[0].gain / LOOKAHEAD_SAMPLES
                for move in nxt[0].moves:
                    after.apply(move)
    head.sort(key=lambda o: -(o.gain + extra[id(o)]))
    return head + rest


def rank_options(game: Game, seat: int, top: int, budget_ms: float, value_fn=position_value,
                 look_ahead: bool = False, plays: int | None = None, cache: dict | None = None,
                 twins: bool = False) -> tuple[list[Option], bool]:
    """The ``top`` best options of ``game``'s pending decision for ``seat`` (which must be the seat to
    act), best first, and whether the search was cut short.  ``value_fn(game, seat)`` values a
    position by term (default ``solver.games.wild_tiled_west.ai.evaluation.position_value``).  ``game`` is not changed.  Reads
    the whole ``game``: callers that must not see hidden values pass a sampled game (``hint`` does).
    ``look_ahead``: re-rank a solo draft's best options by the next own turns (``_look_ahead``: the
    order is then no longer by ``gain`` alone, and options meeting a wrangle decision are also played
    with the other wrangle choice, ``LOOKAHEAD_WRANGLE_BRANCH``; the bots use it, hints keep the order by
    gain);
    ``plays``: play only that many candidates, best estimate first (default all); ``cache``: placement
    values shared between searches (keyed by tile and position); ``twins``: also play every option that meets
    a wrangle decision with the other choice (``Option.other_wrangle``), in any decision and player count, as
    the solo look-ahead does (``solver.games.wild_tiled_west.ai.search`` weighs both by simulation)."""
    start = time.perf_counter()
    search = _Search(game, seat, start + budget_ms / 1000.0, value_fn, cache)
    candidates = sorted(_candidates(search), key=lambda c: -c[0])
    played: list[Option] = []
    pending = game.decision(seat)
    assert pending is not None  # the seat's decision (_candidates read it)
    looking_ahead = look_ahead and LOOKAHEAD_OPTIONS and game.solo_game and pending["type"] == "draft"
    for _estimate, first in candidates[:plays]:
        if search.out_of_time():
            break
        moves, after, events = search.play(first)
        gain, terms = search.gain(after)
        played.append(Option(moves, gain, terms, label(game, moves, events, gain), squares=option_squares(game, moves)))
        if (twins or (looking_ahead and LOOKAHEAD_WRANGLE_BRANCH)) and search.met_wrangle and not search.out_of_time():
            moves, after, events = search.play(first, other_wrangle=True)
            gain, terms = search.gain(after)
            played.append(Option(moves, gain, terms, label(game, moves, events, gain), other_wrangle=True,
                                 squares=option_squares(game, moves)))
    played.sort(key=lambda o: -o.gain)
    distinct: dict[tuple[str, float], Option] = {}  # two dice of one face give the same turn: keep one
    for option in played:
        distinct.setdefault((turn_key(game, option.moves), round(option.gain, 6)), option)
    played = list(distinct.values())
    if looking_ahead and len(played) > 1:
        played = _look_ahead(search, played, value_fn)
    seen = {tuple(map(repr, o.moves[:1])) for o in played}
    if len(played) < top:
        for estimate, first in candidates:
            if tuple(map(repr, first[:1])) not in seen:
                seen.add(tuple(map(repr, first[:1])))
                played.append(Option(first[:1], estimate, {}, label(game, first[:1], [], estimate), played=False,
                                     squares=option_squares(game, first[:1])))
            if len(played) >= top:
                break
    return played[:top], search.partial


def check_decision(position: dict[str, Any], top: int = 1) -> dict[str, Any]:
    """The pending decision of ``position`` (``Game.position(seat)`` data), which must be its seat's; raises
    ``HintError`` when the game is over, the decision is another seat's or ``top`` is not a whole number >= 1."""
    if not isinstance(top, int) or top < 1:
        raise HintError(f"top must be a whole number >= 1, got {top!r}")
    pending = position.get("pending")
    if not pending:
        raise HintError("the game is over: there is nothing to decide")
    if pending.get("seat") != position.get("seat"):
        raise HintError(f"the pending {pending.get('type')} decision is seat {pending.get('seat')}'s, "
                        f"not seat {position.get('seat')}'s")
    return pending


def hint(position: dict[str, Any], top: int = 3, budget_ms: float = DEFAULT_BUDGET_MS, sample_seed: int = 0,
         catalog: Catalog | None = None) -> dict[str, Any]:
    """The ``top`` best options for the seat of ``position`` (``Game.position(seat)`` data).

    Returns ``{"version", "seat", "decision", "options": [Option.to_json()...], "partial", "budget_ms",
    "wall_ms"}``: ``version`` echoes the state version the hint is for, ``partial`` is true when the
    budget (milliseconds, capped at ``MAX_BUDGET_MS``) cut the search short.  Hidden values are
    sampled with ``sample_seed``.  Raises ``HintError`` when the game is over or the pending decision
    is another seat's, and ``solver.games.wild_tiled_west.ai.determinize.PositionError`` for a malformed position."""
    start = time.perf_counter()
    pending = check_decision(position, top)
    budget_ms = min(float(budget_ms), MAX_BUDGET_MS)
    game = sample_game(position, sample_seed, catalog or load_catalog())
    spent = (time.perf_counter() - start) * 1000.0
    options, partial = rank_options(game, position["seat"], top, max(1.0, budget_ms - spent))
    return {"version": position["version"], "seat": position["seat"], "decision": pending,
            "options": [o.to_json() for o in options], "partial": partial, "budget_ms": budget_ms,
            "wall_ms": round((time.perf_counter() - start) * 1000.0, 1)}
