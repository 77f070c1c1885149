"""What a seat may see of a game: its view and its position, built by allow-list.

A view names, field by field and at every nesting level, what a seat (or a spectator, ``seat=None``) may see of
the state ``Game.to_json`` gives: the game, each player and settlement, the solo state, the trays, the dice, the
contracts, each score breakdown, each move, event and agenda step.  Everything else is left out, so a field the
state gains later stays out of every view until it is named here.  Each name is a *spec*:

- ``PLAIN``: a JSON scalar, or a list (of lists) of scalars, copied (an object there is refused: name its fields);
- ``{field: spec}``: an object with only these fields, in the state's own order;
- ``[spec]``: a list, each element through ``spec``;
- ``MapOf(spec, keys)``: an object whose keys are data (tray slots, score categories), each value through ``spec``;
- a function of the value: what a seat sees instead (``len``: a deck's size only).

An event, move or agenda step of a type not named here keeps only its envelope (``UNKNOWN_EVENT``,
``UNKNOWN_MOVE``, ``UNKNOWN_STEP``).  What is withheld follows the rulebook's hidden information:

- Setup E: the partner deck is face down (its size only); each player keeps one of two dealt partners face
  down, so another seat sees a face-down partner as ``{"id": None, "face_down": True}``, another seat's dealt
  cards as a count, its ``keep_partner`` move without the partner, and an event with ``private_to`` is seen by
  that seat only (docs/rulings.md R17); another seat's breakdown leaves out the partner points while one of its
  partners is face down (Endgame: face-down partners are revealed, and the view shows them);
- Solo play / Setup: the bandit deck is face down (its size only);
- the seed and the chance counter (they foretell every die and shuffle) and the agenda (``pending`` names the
  decision; a position adds the agenda, the steps still to come: open information).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, get_type_hints

from solver.games.wild_tiled_west.rules.endgame import ENDGAME, IN_GAME
from solver.games.wild_tiled_west.rules.moves import MOVES as MOVE_TYPES

JSON = dict[str, Any]  #: a JSON object, as the state and its views are



class _Plain:
    """The spec of a plain value (see the module docstring)."""

    def __repr__(self) -> str:
        return "PLAIN"


PLAIN = _Plain()


class MapOf:
    """The spec of an object whose keys are data, not field names: each value through ``spec``; with ``keys``,
    only those keys (e.g. the score categories)."""

    __slots__ = ("keys", "spec")

    def __init__(self, spec: Any, keys: frozenset[str] | None = None):
        self.spec, self.keys = spec, keys


def _fields(*names: str, **specs: Any) -> dict[str, Any]:
    """An object spec: ``names`` are plain fields, ``specs`` the others."""
    return {**dict.fromkeys(names, PLAIN), **specs}


#: The types of plain scalars (a subclass, e.g. a ``str`` enum, is checked with ``isinstance``).
_SCALARS = frozenset((str, int, float, bool, type(None)))


def _plain(value: Any) -> Any:
    if type(value) in _SCALARS or isinstance(value, (str, int, float)):
        return value
    if isinstance(value, (list, tuple)):
        return [v if type(v) in _SCALARS else _plain(v) for v in value]
    raise TypeError(f"a view expects a plain value here, not {type(value).__name__} {value!r:.80}: "
                    "name its fields in solver/games/wild_tiled_west/engine/views.py")


def picker(spec: Any) -> Callable[[Any], Any]:
    """A function that returns a value (JSON data) with only what ``spec`` names (the module docstring lists the
    specs), as new objects and lists; ``None`` stays ``None``.  It raises ``TypeError`` for a value not of the
    spec's shape (an object where a plain value or a list is expected, ...)."""
    if spec is PLAIN:
        return _plain
    if isinstance(spec, dict):
        return _object_picker(spec)
    if isinstance(spec, list):
        each = picker(spec[0])

        def pick_list(value: Any) -> list[Any]:
            if not isinstance(value, (list, tuple)):
                raise TypeError(f"a view expects a list here, not {value!r:.80}")
            return [None if v is None else each(v) for v in value]

        return pick_list
    if isinstance(spec, MapOf):
        each, keys = picker(spec.spec), spec.keys

        def pick_map(value: Any) -> JSON:
            if not isinstance(value, dict):
                raise TypeError(f"a view expects an object here, not {value!r:.80}")
            return {k: None if v is None else each(v) for k, v in value.items() if keys is None or k in keys}

        return pick_map
    function: Callable[[Any], Any] = spec  # a function of the value itself (``len``, ``_withheld``, ...)
    return function


def _object_picker(spec: dict[str, Any]) -> Callable[[Any], JSON]:
    plain = frozenset(k for k, s in spec.items() if s is PLAIN)
    picks = {k: picker(s) if s is PLAIN else _none_or(picker(s)) for k, s in spec.items()}

    def pick_object(value: Any) -> JSON:
        if not isinstance(value, dict):
            raise TypeError(f"a view expects an object with fields {sorted(spec)}, not {value!r:.80}")
        return {k: v if k in plain and type(v) in _SCALARS else picks[k](v) for k, v in value.items() if k in picks}

    return pick_object


def _none_or(pick: Callable[[Any], Any]) -> Callable[[Any], Any]:
    return lambda value: None if value is None else pick(value)


def _withheld(value: Any) -> None:
    return None


def _partner_for_others(card: JSON) -> JSON:
    """A partner card as another seat sees it: a face-down card is only a card (rulebook: Setup E)."""
    return {"id": None, "face_down": True} if card["face_down"] else _PICK_PARTNER(card)


#: The score categories a breakdown or a ledger may name (in play, then the Endgame's).
SCORE_CATEGORIES = frozenset(IN_GAME + ENDGAME)

CONFIG = _fields("players", "first_game_contracts", seats=[_fields("board", "side")])  # not the seed
TRAYS = _fields("removed", stacks=MapOf(PLAIN))  # slot -> tile ids (open: the trays are on the table)
DIE = _fields("id", "kind", "value", "slot", "used")
CONTRACT = _fields("kind", "size", "flipped")
SUPPLY = _fields("gold", "alleys", "bullets", "cowpokes", "hill_bandits")
SOLO = _fields("revealed", "bullets_on_bandits", "spare_bullets", "ridge_hill_bandits", "wrangled_cows",
               deck=len)  # Solo play / Setup: the bandit deck is face down
PARTNER = _fields("id", "face_down")
SETTLEMENT = _fields("side", "hill_bandits", "cowpokes", "tombstones", "buried_tombstones",
                     tiles=[_fields("tile", "orientation", "row", "col", "root")])
#: A player as its own seat sees it.
PLAYER = _fields("seat", "gold", "bullets", "points", "mining", "dealt", "set_aside", "sawmills_used", "second_partner",
                 "tussles_won", "completed_towns", "ace_cards", "wheelwright_ongoing", "triggered", "ropes_done",
                 "stashed_gold", settlement=SETTLEMENT, ledger=MapOf(PLAIN, SCORE_CATEGORIES), partners=[PARTNER])
#: A player as the other seats and spectators see it: face-down partners and dealt cards hidden (Setup E).
OTHER_PLAYER = {**PLAYER, "partners": [_partner_for_others], "dealt": len}
#: ``Game.score_breakdown``: points by category in play and at the Endgame, and the total.
BREAKDOWN = _fields("total", "rank", in_game=MapOf(PLAIN, frozenset(IN_GAME)), endgame=MapOf(PLAIN, frozenset(ENDGAME)))
#: ``Game.pending``: the decision awaited.
PENDING = _fields("type", "seat", "tile", "source", "adjacent_to", "pair", "rooted_on", "decided")

#: Marks a field of ``GAME`` that ``view`` builds for the seat (players, moves, events).
BY_SEAT = object()
#: The game's fields in a view (``to_json``'s, less the seed, the chance counter and the agenda).
GAME = _fields("version", "finished", "year", "round", "round_in_year", "first_player", "face_up_partners",
               "ace_cards", "move_seats", config=CONFIG, trays=TRAYS, dice=[DIE], contracts=[CONTRACT],
               partner_deck=len, supply=SUPPLY, solo=SOLO, players=BY_SEAT, moves=BY_SEAT, events=BY_SEAT)

#: Every event carries these (``private_to`` is read before: such an event is its seat's only).
EVENT_ENVELOPE = ("n", "version", "type")


def _event(*names: str, **specs: Any) -> dict[str, Any]:
    return _fields(*EVENT_ENVELOPE, *names, **specs)


#: Event type -> its fields (solver/games/wild_tiled_west/engine/game.py, effects.py and the rules modules emit them).
EVENTS: dict[str, dict[str, Any]] = {
    "setup": _event("players", "first_player", "removed_tiles", "sides", dice=_fields("prairie", "river"),
                    contracts=[CONTRACT]),
    "setup_gold": _event("seat", "gold"),
    "building_set_aside": _event("seat", "tile", "building"),
    "no_building_in_trays": _event("seat", "building"),
    "partner_kept": _event("seat"),
    "partner_kept_card": _event("seat", "partner", "private_to"),
    "partners_revealed": _event("face_up_partners"),
    "year_start": _event("year"),
    "mining_income": _event("seat", "gold", "choice"),
    "round_start": _event("year", "round", "first_player", rolled=[_fields("die", "kind", "value")]),
    "die_placed": _event("die", "kind", "rolled", "slot"),
    "die_moved": _event("die", "from", "to"),
    "drafted": _event("seat", "die", "slot", "tile", "jumps", "cost"),
    "sawmill_flipped": _event("seat", "sawmill", "slot", "tile", "cost"),
    "signpost_building": _event("seat", "tile"),
    "free_alleys": _event("seat", "count"),
    "wheelwright_pair": _event("seat"),
    "passed": _event("seat"),
    "no_option": _event("decision", "seat", "tile"),
    "tile_placed": _event("seat", "tile", "orientation", "row", "col"),
    "bonus": _event("seat", "item", "count"),
    "gain": _event("seat", "item", "count", "why"),
    "pickaxe": _event("seat", "count", "from", "to"),
    "second_partner": _event("seat", "partner", "choice", "face_up_partners"),
    "town_completed": _event("seat", "town", "sign", "bonus"),
    "wrangle": _event("seat", "cows", "points", "row", "col"),
    "wrangle_declined": _event("seat"),
    "cattle_contract": _event("seat", "contract", "side", "amount"),
    "surrounded": _event("seat", "building", "tile"),
    "rope_trick": _event("seat", "row", "col", "points"),
    "shot": _event("seat", "row", "col"),
    "hideout": _event("seat", "row", "col"),
    "general_store": _event("seat", "choice"),
    "wheelwright": _event("seat", "side"),
    "ace_card": _event("seat", "suit", "source"),
    "stash": _event("seat", "gold"),
    "hotel": _event("seat", "points"),
    "hill_bandit": _event("seat", "row", "col"),
    "round_end": _event("first_player"),
    "tussle": _event("year", results=[_fields("seat", "bandits", "outcome", "points")]),
    "bandit_card_revealed": _event("card", "bandits", "cows", "bullets"),
    "bandit_deck_empty": _event(),
    "ridge_bandits_covered": _event("bullets", "spare_bullets"),
    "contract_flipped_by_bandits": _event("contract", "size", "cows"),
    "solo_tussle": _event("you", "bandit_ridge", "outcome", "points"),
    "ridge_hill_bandit": _event(),
    "game_end": _event("rank", standings=[_fields("seat", "points", "tiebreak", "place")], scores=[BREAKDOWN]),
}
#: An event of a type not in ``EVENTS`` keeps only its envelope and seat.
UNKNOWN_EVENT = _event("seat")

#: Move type -> its fields: every field of its definition in ``solver.games.wild_tiled_west.rules.moves`` (the one list of moves).
MOVES: dict[str, dict[str, Any]] = {kind: _fields(*get_type_hints(cls)) for kind, cls in MOVE_TYPES.items()}
#: Another seat's moves: its kept partner is withheld (Setup E).
OTHERS_MOVES = {**MOVES, "keep_partner": _fields("type", partner=_withheld)}
#: A move of a type not in ``MOVES`` keeps only its type.
UNKNOWN_MOVE = _fields("type")

#: Agenda step -> its fields (a position's agenda: the steps still to come, open information).
STEPS: dict[str, dict[str, Any]] = {
    **{step: _fields("step") for step in ("setup", "reveal_partners", "year_start", "round_start", "round_end",
                                          "tussle", "year_end", "game_end")},
    # Setup E: every seat keeps a partner at once; a position says which seats have chosen, never what
    "keep_partner": _fields("step", "seats", kept=lambda kept: [k is not None for k in kept]),
    **{step: _fields("step", "seat") for step in ("year4_mining", "draft", "second_partner",
                                                  "hill_bandit", "wheelwright", "general_store", "stash", "towns",
                                                  "surround")},
    "house_site": _fields("step", "seat", "tile", "source", "rooted_on"),
    "place_tile": _fields("step", "seat", "tile", "source", "rooted_on"),
    "place_alley": _fields("step", "seat", "source", "adjacent_to", "pair"),
    "wrangle": _fields("step", "seat", "square"),
    "shoot": _fields("step", "seat", "anywhere"),
    "sheriffs": _fields("step", "seat", "anywhere"),
    "hideout": _fields("step", "seat", "left"),
    "ace_card": _fields("step", "seat", "source"),
    "bonuses": _fields("step", "seat", "tile_index"),
    "pastures": _fields("step", "seat", "squares"),
}
#: A step of a type not in ``STEPS`` keeps only its type and seat.
UNKNOWN_STEP = _fields("step", "seat")

# The specs above as pickers, built once (a spec changed at run time is not seen).
_PICK_PARTNER = picker(PARTNER)
_PICK_PLAYER, _PICK_OTHER_PLAYER = picker(PLAYER), picker(OTHER_PLAYER)
_PICK_BREAKDOWN, _PICK_PENDING = picker(BREAKDOWN), picker(PENDING)
_PICK_GAME = {k: picker(spec) for k, spec in GAME.items() if spec is not BY_SEAT}
_PICK_EVENT, _PICK_UNKNOWN_EVENT = {t: picker(spec) for t, spec in EVENTS.items()}, picker(UNKNOWN_EVENT)
_PICK_MOVE, _PICK_OTHERS_MOVE = {t: picker(spec) for t, spec in MOVES.items()}, {t: picker(spec) for t, spec in OTHERS_MOVES.items()}
_PICK_UNKNOWN_MOVE = picker(UNKNOWN_MOVE)
_PICK_STEP, _PICK_UNKNOWN_STEP = {t: picker(spec) for t, spec in STEPS.items()}, picker(UNKNOWN_STEP)


def player_view(player: JSON, seat: int | None) -> JSON:
    """A player (``PlayerState.to_json`` data) as ``seat`` sees it: all of ``PLAYER`` for its own seat,
    ``OTHER_PLAYER`` otherwise (face-down partners as ``{"id": None, "face_down": True}``, ``dealt`` a count;
    rulebook: Setup E)."""
    picked: JSON = (_PICK_PLAYER if player["seat"] == seat else _PICK_OTHER_PLAYER)(player)
    return picked


def event_view(event: JSON, seat: int | None) -> JSON | None:
    """An event as ``seat`` sees it: its type's ``EVENTS`` fields (``UNKNOWN_EVENT``'s for a type not named), or
    ``None`` when it is private to another seat (``private_to``: a kept partner, rulebook Setup E)."""
    if event.get("private_to", seat) != seat:
        return None
    picked: JSON = _PICK_EVENT.get(str(event.get("type")), _PICK_UNKNOWN_EVENT)(event)
    return picked


def move_view(move: JSON, mover: int, seat: int | None) -> JSON:
    """A move of the log, played by ``mover``, as ``seat`` sees it: its type's ``MOVES`` fields
    (``UNKNOWN_MOVE``'s for a type not named); another seat's ``keep_partner`` is ``{"type": "keep_partner",
    "partner": None}`` (rulebook: Setup E, the kept partner is face down)."""
    pickers = _PICK_MOVE if mover == seat else _PICK_OTHERS_MOVE
    picked: JSON = pickers.get(str(move.get("type")), _PICK_UNKNOWN_MOVE)(move)
    return picked


def step_view(step: JSON) -> JSON:
    """An agenda step (``{"step", "seat", ...}``) with its type's ``STEPS`` fields (``UNKNOWN_STEP``'s for a type
    not named)."""
    picked: JSON = _PICK_STEP.get(str(step.get("step")), _PICK_UNKNOWN_STEP)(step)
    return picked


def score_view(breakdown: Mapping[str, Any], partners_hidden: bool) -> JSON:
    """A score breakdown (``{"in_game": {category: points}, "endgame": {category: points}, "total"}``) with the
    ``BREAKDOWN`` fields; ``partners_hidden``: the partner points are left out of ``endgame`` and ``total`` and
    ``"partners_hidden": True`` is added (they depend on a face-down card: rulebook, Setup E and Endgame)."""
    out: JSON = _PICK_BREAKDOWN(breakdown)
    if partners_hidden:
        out["total"] -= out["endgame"].pop("partners", 0)
        out["partners_hidden"] = True
    return out


def view_of(data: JSON, seat: int | None, pending: JSON | None, bandits: list[int],
            scores: Sequence[Mapping[str, Any]], ridge: int | None = None) -> JSON:
    """The view of ``data`` (``Game.to_json``) for ``seat`` (``None``: a spectator): ``GAME``'s fields in
    ``data``'s order, the players, moves and events as ``seat`` sees them (``player_view``, ``move_view``,
    ``event_view``), then ``pending`` (``Game.pending``), ``bandits`` (unshot bandits per seat: open, rulebook
    Tussle) and ``scores`` (``Game.score_breakdown`` per seat, through ``score_view``); in solo play ``ridge``, the
    bandits Bandit Ridge tussles with (open: the cards are face up), is the solo state's ``bandit_ridge``."""
    out: JSON = {}
    for key, value in data.items():
        if key not in GAME:
            continue
        if key in _PICK_GAME:
            out[key] = None if value is None else _PICK_GAME[key](value)
        elif key == "players":
            out[key] = [player_view(p, seat) for p in value]
        elif key == "moves":
            out[key] = [move_view(m, mover, seat) for m, mover in zip(value, data["move_seats"])]
        else:
            out[key] = [e for e in (event_view(e, seat) for e in value) if e is not None]
    out["pending"] = None if pending is None else _PICK_PENDING(pending)
    if out.get("solo") is not None and ridge is not None:
        out["solo"]["bandit_ridge"] = ridge
    out["bandits"] = _plain(bandits)
    face_down = [any(c["face_down"] for c in p["partners"]) for p in data["players"]]
    out["scores"] = [score_view(b, s != seat and face_down[s]) for s, b in enumerate(scores)]
    return out


def position_of(data: JSON, seat: int, pending: JSON | None, bandits: list[int],
                scores: Sequence[Mapping[str, Any]], ridge: int | None = None) -> JSON:
    """``Game.position``: ``view_of`` plus ``seat`` and ``agenda`` (the steps still to come, each through
    ``step_view``: open information), what a planner resumes from (``solver.games.wild_tiled_west.ai.determinize``)."""
    out = view_of(data, seat, pending, bandits, scores, ridge)
    out["seat"] = seat
    out["agenda"] = [step_view(s) for s in data["agenda"]]
    return out
