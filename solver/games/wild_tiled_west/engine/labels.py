"""Moves in words and placements as squares, for people and for frontends (issue 27, "Geometry and labels").

``move_label(game, move)`` writes any legal move of ``game`` as one line a player reads ("Prairie die 7: the Sheriff's
Office from the left tray, row 2, column 3", "the Sheriff's Office at row 4, column 5, flipped, turned 90°"): tiles by
what they are (their building, or their size and what they show), never by an id; rows and columns counted from 1 as
on the page (issue 37, names a player reads); it is what
``GET /games/{id}/legal-moves`` and the hints show.  ``placement_squares(game, move)`` gives the board squares a
``place`` move covers, ``[(row, col), ...]`` (0-based, row 0 at the top), so that a client draws a placement
without re-implementing the orientation order (``solver.games.wild_tiled_west.components.geometry.orientations``).

The words are in the caller's language (issue 37, "French": ``solver.core.language.speaking``; the game's catalogue,
``solver.games.wild_tiled_west.components.texts``, with the French rulebook's terms: "Dé Prairie 7 : le Bureau du
shérif, depuis l’éventaire gauche, rangée 2, colonne 3"); counts pick their plural form by the language's rule, and
every number is the move's or the game's data (the Year 4 mining choice's and the General Store's amounts).

Source: our design; the names follow the rulebook's (prairie and river dice, claim jumps, the buildings, the
decisions of the Building Guide and the wild sides).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from solver.games.wild_tiled_west.components.geometry import Coord, Orientation
from solver.games.wild_tiled_west.components.texts import N_, _, component_name, ngettext, suit_name, the_building
from solver.games.wild_tiled_west.components.values import Catalog, Tile, TileCell
from solver.games.wild_tiled_west.engine.game import Game

#: Quarter-turns clockwise in words (English messages: ``N_``; ``orientation_words`` writes them).
TURNS = (N_("as printed"), N_("turned 90°"), N_("turned 180°"), N_("turned 270°"))


def orientation_words(orientation: Orientation[TileCell]) -> str:
    """``"as printed"``, ``"turned 90°"`` (clockwise) ... and ``", flipped"`` when mirrored left-right first
    (``Orientation.flipped``, ``.turns``: solver.games.wild_tiled_west.components.geometry), in the current language."""
    if orientation.flipped:
        return _("flipped") if orientation.turns == 0 else _("flipped, {turned}").format(
            turned=_(TURNS[orientation.turns]))
    return _(TURNS[orientation.turns])


#: A tile square's part in words (``_part`` picks it): one (``"a field"``) and a count of them (``"2 fields"``, by the
#: language's plural rule: ``ngettext``).
PART_WORDS: dict[str, tuple[str, Callable[[int], str]]] = {
    "street": (N_("a street"), lambda n: ngettext("{count} street", "{count} streets", n)),
    "field": (N_("a field"), lambda n: ngettext("{count} field", "{count} fields", n)),
    "house": (N_("a house"), lambda n: ngettext("{count} house", "{count} houses", n)),
    "building": (N_("the building"), lambda n: ngettext("{count} building square", "{count} building squares", n)),
    "cow": (N_("a cow"), lambda n: ngettext("{count} cow", "{count} cows", n)),
    "bandit": (N_("a bandit"), lambda n: ngettext("{count} bandit", "{count} bandits", n)),
    "sheriff": (N_("a sheriff"), lambda n: ngettext("{count} sheriff", "{count} sheriffs", n)),
    "gold": (N_("a gold bonus"), lambda n: ngettext("{count} gold bonus", "{count} gold bonuses", n)),
    "bullet": (N_("a bullet bonus"), lambda n: ngettext("{count} bullet bonus", "{count} bullet bonuses", n)),
    "alley": (N_("an alley bonus"), lambda n: ngettext("{count} alley bonus", "{count} alley bonuses", n)),
    "ace": (N_("an ace of {suit}"), lambda n: ngettext("{count} ace of {suit}", "{count} aces of {suit}", n)),
}


def _part(cell: TileCell) -> str:
    """What a square shows, as a key of ``PART_WORDS``, with ``-<suit>`` for an ace: its icon (an ace with its suit),
    else its terrain (a plain building square is a house)."""
    if cell.icon is not None:
        return f"ace-{cell.suit.value}" if cell.icon.value == "ace" and cell.suit else cell.icon.value
    if cell.terrain.value == "building":
        return "building" if cell.named_building else "house"
    return str(cell.terrain.value)


def _part_words(part: str, count: int) -> str:
    """``count`` squares showing ``part`` (a ``_part`` key) in words: ``"a cow"``, ``"2 aces of hearts"``."""
    kind, _dash, suit = part.partition("-")
    one, several = PART_WORDS[kind]
    words = _(one) if count == 1 else several(count)
    return words.format(count=count, suit=suit_name(suit) if suit else "")


def words_list(parts: list[str]) -> str:
    """``"a, b and c"`` (``"a, b et c"``)."""
    if len(parts) == 1:
        return parts[0]
    return _("{first} and {last}").format(first=", ".join(parts[:-1]), last=parts[-1])


def tile_squares(tile: Tile) -> str:
    """What a tile's squares show, in order of first appearance: ``"2 fields and a cow"``."""
    counts: dict[str, int] = {}
    for _square, cell in tile.cells:
        counts[_part(cell)] = counts.get(_part(cell), 0) + 1
    return words_list([_part_words(k, n) for k, n in counts.items()])


def tile_name(catalog: Catalog, tile_id: str) -> str:
    """A tile as a player names it, never by its id (issue 37): ``"the Sheriff's Office"`` for a building's tile,
    ``"a 3-square tile (2 fields and a cow)"`` for another, ``"an alley"``; raises ``KeyError`` for an unknown id."""
    if tile_id == "alley":
        return _("an alley")
    tile = catalog.tile(tile_id)
    if tile.building:
        return the_building(tile.building)
    return ngettext("a {size}-square tile ({squares})", "a {size}-square tile ({squares})", tile.size).format(
        size=tile.size, squares=tile_squares(tile))


#: The trays by their ids in ``trays.toml``, in words (another tray: ``"the <id> tray"``).
TRAY_WORDS = {"left": N_("the left tray"), "right": N_("the right tray")}


def slot_words(catalog: Catalog, slot: str) -> str:
    """A stack's slot (``"left:1,2"``) in words, rows and columns counted from 1: ``"the left tray, row 2, column 3"``
    (``"(river)"`` added for a river slot)."""
    tray, _colon, where = slot.partition(":")
    row, col = (int(x) for x in where.split(","))
    name = _(TRAY_WORDS[tray]) if tray in TRAY_WORDS else f"the {tray} tray"
    words = _("{tray}, row {row}, column {col}").format(tray=name, row=row + 1, col=col + 1)
    return words + _(" (river)") if catalog.trays.slot(tray, row, col).on_river else words


def square_words(row: int, col: int) -> str:
    """A board square in words, counted from 1 as the page counts them: ``"row 3, column 4"`` for ``(2, 3)``."""
    return _("row {row}, column {col}").format(row=row + 1, col=col + 1)


def _placed_tile(game: Game, move: dict[str, Any]) -> Tile:
    return game.catalog.alley if move["tile"] == "alley" else game.catalog.tile(move["tile"])


def placement_squares(game: Game, move: dict[str, Any]) -> list[Coord]:
    """The ``(row, col)`` squares a ``place`` move covers, in the tile's square order; raises ``KeyError`` for an
    unknown tile and ``IndexError`` for an orientation the tile does not have."""
    orientation: Orientation[TileCell] = _placed_tile(game, move).orientations[int(move["orientation"])]
    return orientation.squares_at(int(move["row"]), int(move["col"]))


def _partner_name(game: Game, partner_id: str | None) -> str | None:
    """The partner card ``partner_id``'s name in the current language; ``None`` for a face-down (withheld) one."""
    return next((component_name(p.name) for p in game.catalog.partners if p.id == partner_id), None)


def _cost(move: dict[str, Any]) -> str:
    """`` (2 gold)``: what a draft or the Sawmill costs; empty when free."""
    return _(" ({cost} gold)").format(cost=move["cost"]) if move.get("cost") else ""


def _draft_label(game: Game, move: dict[str, Any]) -> str:
    die = next(d for d in game.dice if d.id == move["die"])
    named = (_("Prairie die {value}") if die.kind == "prairie" else _("River die {value}")).format(value=die.value)
    text = _("{die}: {tile} from {slot}").format(die=named, tile=tile_name(game.catalog, move["tile"]),
                                                 slot=slot_words(game.catalog, move["slot"]))
    if move.get("jumps"):
        text += ngettext(", claim jumping over {count} stack", ", claim jumping over {count} stacks",
                         move["jumps"]).format(count=move["jumps"])
    return text + _cost(move)


def placement_label(catalog: Catalog, tile_id: str, orientation: int, row: int, col: int) -> str:
    """``"the Sheriff's Office at row 4, column 5, flipped, turned 90°"``: a placement of the tile ``tile_id``
    (``"alley"`` for an alley) at the 0-based square ``(row, col)`` in words (counted from 1); raises ``KeyError`` for
    an unknown tile, ``IndexError`` for an orientation it lacks."""
    shape = (catalog.alley if tile_id == "alley" else catalog.tile(tile_id)).orientations[orientation]
    return _("{tile} at {square}, {orientation}").format(tile=tile_name(catalog, tile_id),
                                                         square=square_words(row, col),
                                                         orientation=orientation_words(shape))


def _place_label(game: Game, move: dict[str, Any]) -> str:
    return placement_label(game.catalog, move["tile"], move["orientation"], move["row"], move["col"])


def _mining_label(game: Game, move: dict[str, Any]) -> str:
    """The last year's mining choice: the income, or the rulebook's gold and pickaxes (``rules.toml``)."""
    year = len(game.catalog.scoreboard.multiplayer.rounds_per_year)
    if move["choice"] == "income":
        return _("Year {year} mining: take the income").format(year=year)
    numbers = game.catalog.rule_numbers
    gold = ngettext("{count} gold", "{count} gold", numbers.year4_gold).format(count=numbers.year4_gold)
    pickaxes = ngettext("{count} pickaxe", "{count} pickaxes", numbers.year4_pickaxes).format(
        count=numbers.year4_pickaxes)
    return _("Year {year} mining: {gold} and {pickaxes}").format(year=year, gold=gold, pickaxes=pickaxes)


#: The General Store's choices (its ``amounts`` in ``buildings.toml``) in words, by count.
STORE_WORDS: dict[str, Callable[[int], str]] = {
    "bullets": lambda n: ngettext("{count} bullet", "{count} bullets", n),
    "pickaxes": lambda n: ngettext("{count} pickaxe", "{count} pickaxes", n),
    "alleys": lambda n: ngettext("{count} alley", "{count} alleys", n)}


def _general_store_label(game: Game, move: dict[str, Any]) -> str:
    count = game.catalog.building("General Store").amount(move["choice"])
    return _("{building}: {choice}").format(building=component_name("General Store"),
                                           choice=STORE_WORDS[move["choice"]](count).format(count=count))


#: The words of each move that needs no more than its own fields (the others: ``move_label``).
PLAIN_LABELS: dict[str, Callable[[dict[str, Any]], str]] = {
    "free_alleys": lambda m: ngettext("{count} free alley instead of drafting", "{count} free alleys instead of drafting",
                                      m["count"]).format(count=m["count"]),
    "wrangle": lambda m: (ngettext("wrangle {count} cow", "wrangle {count} cows", m["cows"]).format(count=m["cows"])
                          if m["cows"] else _("keep the pasture growing")),
    "hill_bandit": lambda m: _("hill bandit at {square}").format(square=square_words(m["row"], m["col"])),
    "shoot": lambda m: _("shoot the bandit at {square}").format(square=square_words(m["row"], m["col"])),
    "hideout": lambda m: (_("Hideout: cover no more sheriffs") if m.get("done")
                          else _("Hideout: the sheriff at {square} becomes a tombstone").format(
                              square=square_words(m["row"], m["col"]))),
    "wheelwright": lambda m: (_("Wheelwright: two alleys now") if m["side"] == "alleys"
                              else _("Wheelwright: two adjacent alleys whenever you place one")),
    "ace_card": lambda m: _("the ace card of {suit}").format(suit=suit_name(m["suit"])),
    "stash": lambda m: (ngettext("stash {count} gold", "stash {count} gold", m["gold"]).format(count=m["gold"])
                        if m["gold"] else _("stash nothing")),
    "alley_pair": lambda m: _("two adjacent alleys (Wheelwright)"),
    "pass": lambda m: _("pass (nothing can be placed)"),
}


def move_label(game: Game, move: dict[str, Any]) -> str:
    """One line describing ``move`` (a legal move of ``game``'s pending decision): which die, stack and tile a
    draft takes, which tile a placement puts where and how it is turned, and each other decision's choice in
    the Building Guide's and the rulebook's words, in the current language.  Raises ``KeyError`` for a move naming
    an unknown tile."""
    kind = move["type"]
    if kind == "draft":
        return _draft_label(game, move)
    if kind == "place":
        return _place_label(game, move)
    if kind == "mining":
        return _mining_label(game, move)
    if kind == "general_store":
        return _general_store_label(game, move)
    if kind == "sawmill":
        return _("Sawmill: {tile} from {slot}").format(tile=tile_name(game.catalog, move["tile"]),
                                                       slot=slot_words(game.catalog, move["slot"])) + _cost(move)
    if kind == "signpost":
        return _("Signpost: place the set-aside building, {tile}").format(tile=tile_name(game.catalog, move["tile"]))
    if kind == "keep_partner":
        name = _partner_name(game, move["partner"])
        return _("keep {partner}").format(partner=name) if name else _("keep a face-down partner")
    if kind == "second_partner":
        name = _partner_name(game, move["partner"]) if move["choice"] == "face_up" else None
        return _("second partner: {partner}").format(partner=name) if name else _("second partner from the deck")
    if kind in PLAIN_LABELS:
        return PLAIN_LABELS[kind](move)
    detail = ", ".join(f"{k} {v}" for k, v in move.items() if k != "type")
    return f"{kind.replace('_', ' ')}{' ' + detail if detail else ''}"


def annotated(game: Game, move: dict[str, Any]) -> dict[str, Any]:
    """``move`` with its ``label`` and, for a ``place`` move, the ``squares`` it covers (``[[row, col], ...]``):
    what ``GET /games/{id}/legal-moves`` serves; posting it back unchanged is accepted (the service drops both)."""
    out = {**move, "label": move_label(game, move)}
    if move["type"] == "place":
        out["squares"] = [list(rc) for rc in placement_squares(game, move)]
    return out
