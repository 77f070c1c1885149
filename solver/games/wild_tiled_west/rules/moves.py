"""The moves of a game, typed: the decisions the rulebook gives a player, as the one definition of every move
type and its fields, which the engine's options follow (tests check every option against it), ``docs/engine.md``
lists, and the HTTP API's move schema and the views are built from (no second list of move types).

A move is a JSON object whose ``type`` names it; ``Game.legal_moves()`` lists the pending decision's moves and
``Game.apply(move)`` plays one.  Coordinates are ``row``, ``col``, 0-based, row 0 at the top.  Source: the
rulebook's decisions (Setup E, Mining income, Drafting a tile, Claim jumping, Free alleys, Partners, Tussle / Hill
bandits, Wrangling, Sheriffs and bandits, the Building guide, Wild sides).
"""

# No ``from __future__ import annotations`` here: Python 3.11's TypedDict reads NotRequired only from evaluated
# annotations.
import types
from typing import Any, Literal, NotRequired, TypedDict, Union, cast, get_args, get_origin, get_type_hints


class KeepPartner(TypedDict):
    """Setup E: keep one of the two partner cards dealt (face down)."""

    type: Literal["keep_partner"]
    partner: str | None  #: a partner card id (``None`` where another seat's choice is hidden in a view)


class Place(TypedDict):
    """Place the drafted tile (or an alley, ``tile`` "alley") in orientation ``orientation`` anchored at
    (``row``, ``col``): the top-left square of the orientation's bounding box (Drafting a tile)."""

    type: Literal["place"]
    tile: str
    orientation: int
    row: int
    col: int


class Mining(TypedDict):
    """Year 4's Mining income: the usual ``income``, or 1 gold and 2 ``pickaxes``."""

    type: Literal["mining"]
    choice: Literal["income", "pickaxes"]


class Draft(TypedDict):
    """Draft the top tile of stack ``slot`` with die ``die``, jumping ``jumps`` claims for ``cost`` gold in all
    (Drafting a tile, Claim jumping)."""

    type: Literal["draft"]
    die: int
    slot: str
    tile: str
    jumps: int
    cost: int


class FreeAlleys(TypedDict):
    """Instead of drafting, build ``count`` (1 or 2, adjacent) alleys from the supply (Free alleys)."""

    type: Literal["free_alleys"]
    count: int


class Sawmill(TypedDict):
    """Flip the Sawmill to take the top tile of any stack ``slot`` instead of drafting, paying ``cost`` (Building
    guide)."""

    type: Literal["sawmill"]
    slot: str
    tile: str
    cost: int


class Signpost(TypedDict):
    """Place the set-aside building ``tile`` on signpost 3 instead of drafting (Wild sides / Signpost)."""

    type: Literal["signpost"]
    tile: str


class Pass(TypedDict):
    """Nothing else can be done this turn."""

    type: Literal["pass"]


class AlleyPair(TypedDict):
    """Wheelwright's ongoing side: place two adjacent alleys instead of this one."""

    type: Literal["alley_pair"]


class SecondPartner(TypedDict):
    """The mining track's 4th space: a face-up ``partner`` (``choice`` "face_up"), or the top of the deck
    (``choice`` "deck") (Scoring points / Partners)."""

    type: Literal["second_partner"]
    choice: Literal["face_up", "deck"]
    partner: NotRequired[str]


class HillBandit(TypedDict):
    """Put a hill bandit on the hill at (``row``, ``col``) after a Tussle won (Tussle / Hill bandits)."""

    type: Literal["hill_bandit"]
    row: int
    col: int


class Wrangle(TypedDict):
    """Wrangle the pasture for ``cows`` cows (3-7), the cowpoke on (``row``, ``col``), any square of it; or wait
    (``cows`` 0) (Wrangling)."""

    type: Literal["wrangle"]
    cows: int
    row: NotRequired[int]
    col: NotRequired[int]


class Shoot(TypedDict):
    """Shoot the bandit at (``row``, ``col``) (Sheriffs and bandits)."""

    type: Literal["shoot"]
    row: int
    col: int


class Hideout(TypedDict):
    """Hideout: cover the sheriff at (``row``, ``col``) with a bullet (a tombstone), or stop (``done``)."""

    type: Literal["hideout"]
    row: NotRequired[int]
    col: NotRequired[int]
    done: NotRequired[bool]


class Wheelwright(TypedDict):
    """Wheelwright: two alleys now (``side`` "alleys") or pairs of alleys from then on (``side`` "ongoing")."""

    type: Literal["wheelwright"]
    side: Literal["alleys", "ongoing"]


class GeneralStore(TypedDict):
    """General Store surrounded: 2 ``bullets``, 2 ``pickaxes`` or 2 ``alleys``."""

    type: Literal["general_store"]
    choice: Literal["bullets", "pickaxes", "alleys"]


class AceCard(TypedDict):
    """Take the ace card of ``suit`` from the supply (Fancy Saloon, Pocket Aces)."""

    type: Literal["ace_card"]
    suit: str


class Stash(TypedDict):
    """Carpenters: stash ``gold`` on the building just placed (0: decline)."""

    type: Literal["stash"]
    gold: int


Move = (KeepPartner | Place | Mining | Draft | FreeAlleys | Sawmill | Signpost | Pass | AlleyPair | SecondPartner
        | HillBandit | Wrangle | Shoot | Hideout | Wheelwright | GeneralStore | AceCard | Stash)

class Decision(TypedDict):
    """The pending decision (``Game.pending()``): its ``type`` (a key of ``DECISION_MOVES``) and whose ``seat`` it
    is; a placing decision names the ``tile`` (``"alley"`` for an alley), where it comes from (``source``) and, for a
    building placed on a printed space (House in Danger, Signpost), the square it must cover (``rooted_on``, ``[row,
    col]``); the second alley of a pair must go beside ``adjacent_to``, and ``pair`` marks the first of two."""

    type: str
    seat: int
    tile: NotRequired[str]
    source: NotRequired[str]
    adjacent_to: NotRequired[list[int]]
    pair: NotRequired[bool]
    rooted_on: NotRequired[list[int]]


#: Decision type -> the move types it offers (docs/engine.md's table).
DECISION_MOVES: dict[str, tuple[str, ...]] = {
    "keep_partner": ("keep_partner",),
    "house_site": ("place",),
    "year4_mining": ("mining",),
    "draft": ("draft", "free_alleys", "sawmill", "signpost", "pass"),
    "place_tile": ("place",),
    "place_alley": ("place", "alley_pair"),
    "second_partner": ("second_partner",),
    "hill_bandit": ("hill_bandit",),
    "wrangle": ("wrangle",),
    "shoot": ("shoot",),
    "hideout": ("hideout",),
    "wheelwright": ("wheelwright",),
    "general_store": ("general_store",),
    "ace_card": ("ace_card",),
    "stash": ("stash",),
}

#: Every move type, by its ``type``.
MOVES: dict[str, type] = {get_args(get_type_hints(cls)["type"])[0]: cls for cls in get_args(Move)}

#: What each field of a move means (the HTTP API's schema documents the fields with these).
FIELD_DOCS: dict[str, str] = {
    "partner": "partner card id",
    "tile": "tile id",
    "slot": "tray stack, e.g. left:2,1",
    "choice": "income | pickaxes (mining); face_up | deck (second partner); bullets | pickaxes | alleys",
    "side": "alleys | ongoing (wheelwright)",
    "suit": "spades | hearts | clubs | diamonds (ace card)",
    "orientation": "orientation index of the tile",
    "row": "row of the anchor square (0 = top)",
    "col": "column of the anchor square (0 = left)",
    "die": "die id",
    "jumps": "claim jumps",
    "cost": "gold paid",
    "count": "free alleys: 1 or 2",
    "cows": "wrangle: 3-7 cows, or 0 to wait",
    "gold": "stash: 1 or 0",
    "done": "hideout: no more sheriffs to turn",
}


def move_fields() -> dict[str, type]:
    """Every field any move may carry (besides ``type``), with its value's type (``str``, ``int`` or ``bool``),
    in the order the move types first declare them."""
    out: dict[str, type] = {}
    for cls in MOVES.values():
        for name, hint in get_type_hints(cls).items():
            if name != "type" and name not in out:
                out[name] = _base(hint)
    return out


def _base(hint: Any) -> type:
    """The value type of a field's annotation: ``str`` for a ``Literal`` of strings, the inner type of
    ``NotRequired[...]`` or ``X | None``."""
    args = [a for a in get_args(hint) if a is not type(None)]
    if get_origin(hint) is Literal:
        return type(args[0])
    if args:
        return _base(args[0])
    return cast(type, hint)  # a plain class: str, int or bool


def move_errors(move: dict[str, Any]) -> list[str]:
    """What in ``move`` does not follow its type's definition: an unknown ``type``, a missing or unknown field, or
    a value of the wrong type; ``[]`` for a well-formed move (the engine then checks that it is legal)."""
    cls = MOVES.get(move.get("type", ""))
    if cls is None:
        return [f"unknown move type {move.get('type')!r}: one of {', '.join(MOVES)}"]
    return _errors(move, cls, f"a {move['type']} move")


def decision_errors(decision: dict[str, Any]) -> list[str]:
    """What in a pending decision (``Game.pending()``) does not follow ``Decision``; ``[]`` when it does."""
    return _errors(decision, Decision, "a decision")


def _errors(value: dict[str, Any], cls: type, what: str) -> list[str]:
    hints = get_type_hints(cls, include_extras=True)
    errors = [f"{name}: missing" for name in sorted(cls.__required_keys__) if name not in value]  # type: ignore[attr-defined]
    for name, item in value.items():
        if name not in hints:
            errors.append(f"{name}: not a field of {what}")
        elif name != "type" and not _fits(item, hints[name]):
            errors.append(f"{name}: {item!r} does not fit {hints[name]}")
    return errors


def _fits(value: Any, hint: Any) -> bool:
    origin = get_origin(hint)
    if origin is NotRequired:
        return _fits(value, get_args(hint)[0])
    if origin is Literal:
        return value in get_args(hint)
    if origin is list:
        return isinstance(value, list) and all(_fits(v, get_args(hint)[0]) for v in value)
    if origin is Union or origin is types.UnionType:
        return any(_fits(value, a) for a in get_args(hint))
    if hint is type(None):
        return value is None
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)
