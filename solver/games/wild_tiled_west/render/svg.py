"""An SVG picture of a settlement board in play (``GET /games/{id}/players/{seat}/board.svg``).

One square per board space, ``SQUARE`` pixels wide, row 0 at the top, with row and column numbers in the
margins.  Everything a player needs is drawn, never a map letter to decode:

- uncovered spaces show what the board prints: an icon per ``SpaceKind`` (cow, hill, mine, pickaxe,
  horseshoe, bandit, gold, bullet, alley bonus, the X start, and the wild sides' house site, signposts, pocket
  aces, ace card bonus, rope and dry creek) on a background for printed spaces;
- covered spaces show the tile square: street, field or building, and its icon (cow, bandit, sheriff, ace by
  suit, gold, bullet, alley bonus); a named building's squares carry its name, wrapped to fit; a plain house
  shows a small house; an alley tile shows cobbles.  Thick lines outline each placed tile;
- towns: each plot has its own colour and an outline (solid once every square is covered), and a sign on
  its first square with the letter and the sign's points (green once complete);
- tokens on top: hill bandits, cowpokes and tombstones, each its own shape and colour;
- a legend below the board explains every icon, terrain, token and town the picture uses, and nothing else.

Each square carries a ``<title>`` naming it, so a browser shows it on hover.  Elements carry data attributes
for tests and clients: a square's ``data-feature`` (the legend key of what it shows, e.g. ``space:cow`` or
``tile:sheriff``), an icon's ``data-icon``, a token's ``data-feature`` (``token:cowpoke``), a legend entry's
``data-legend``.  The picture is self-contained: icons are inline ``<symbol>`` shapes, text uses the generic
``sans-serif`` family.  The title is wrapped to the picture's width (``text_width`` estimates text widths).

Every word is written in the caller's language (issue 37, "French": ``solver.core.language.speaking``; the game's
catalogue, ``solver.games.wild_tiled_west.components.texts``): the legend, the titles (tooltips), the town signs'
titles and the building names written on their tiles (the French rulebook's: "Bureau du shérif").  The data
attributes stay codes (``data-building`` is the catalog's English name).
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass, field
from itertools import pairwise
from xml.sax.saxutils import escape

from solver.games.wild_tiled_west.components.texts import N_, _, building_name, ngettext, suit_name, wild_side_name
from solver.games.wild_tiled_west.components.values import Icon, SpaceKind, Suit, Terrain, Tile, TileCell, Town
from solver.games.wild_tiled_west.render.board_data import tokens_shown
from solver.games.wild_tiled_west.rules.settlement import Settlement

SQUARE = 44
MARGIN = 20  #: row and column numbers
PAD = 10  #: outer padding
MIN_WIDTH = 340  #: the picture is at least this wide (small boards), so the title and legend fit
TITLE_SIZE = 15
LEGEND_SIZE = 11
LEGEND_ROW = 26
LEGEND_SWATCH = 22

INK = "#2b1a0e"
PARCHMENT = "#f7f0df"
PRINTED_FIELD = "#c5e0a0"
STREET = "#d4b483"
TILE_FIELD = "#79ad52"
BUILDING = "#7b2d12"
HOUSE = "#a0522d"
MINE_BG = "#8a8a8a"
CREEK_BG = "#bcd6e6"
WILD_BG = "#efdcc0"
POCKET_BG = "#e6dbf2"
TOWN_COLOURS = ("#f6c177", "#f3a38f", "#eaa6cb", "#d8c26e")
TOWN_INK = ("#b9770e", "#b2452b", "#a33b79", "#8a7417")
SUIT_COLOURS = {Suit.SPADES: "#111111", Suit.HEARTS: "#d32f2f", Suit.CLUBS: "#111111", Suit.DIAMONDS: "#d32f2f"}


# --- text -----------------------------------------------------------------------------------------------------

_NARROW = set("iljtfrI.,;:!'|() -")
_WIDE = set("MWmw@%")


def text_width(text: str, size: float, bold: bool = False) -> float:
    """An upper estimate of ``text``'s width in pixels at ``size`` in a sans-serif font (per-character widths:
    narrow letters 0.35 em, wide ones 0.9 em, capitals 0.7 em, others 0.58 em; bold 8 % wider)."""
    em = sum(0.35 if ch in _NARROW else 0.9 if ch in _WIDE else 0.7 if ch.isupper() else 0.58 for ch in text)
    return em * size * (1.08 if bold else 1.0)


def _split_word(word: str, size: float, width: float, bold: bool) -> list[str]:
    """``word`` cut into as few pieces as fit ``width``, of about equal length (a hyphen ends every piece but
    the last): ``Wheel-`` ``wright`` rather than ``Wheelwrig-`` ``ht``."""
    if text_width(word, size, bold) <= width:
        return [word]
    for count in range(2, len(word) + 1):
        step = len(word) / count
        cuts = [int(step * i) for i in range(count + 1)]
        pieces = [word[a:b] + ("-" if i < count - 1 else "") for i, (a, b) in enumerate(pairwise(cuts))]
        if all(pieces) and all(text_width(p, size, bold) <= width for p in pieces):
            return pieces
    return list(word)


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """``text`` in lines no wider than ``width`` at ``size`` (greedy by words; a word too long is cut)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        for piece in _split_word(word, size, width, bold):
            candidate = f"{line} {piece}" if line else piece
            if line and (line.endswith("-") or text_width(candidate, size, bold) > width):
                lines.append(line)
                line = piece
            else:
                line = candidate
    return [*lines, line] if line else lines


def fit_text(text: str, width: float, height: float, sizes: tuple[float, ...] = (12, 11, 10, 9, 8, 7.5)) -> tuple[list[str], float]:
    """Lines of ``text`` that fit a ``width`` x ``height`` box (bold, line height 1.15 em), and their size: the
    fewest words cut, then the largest of ``sizes`` (the smallest size, cut to the box's height, if none fits)."""
    fits = []
    for size in sizes:
        lines = wrap(text, size, width, bold=True)
        if len(lines) * size * 1.15 <= height:
            fits.append((sum(line.endswith("-") for line in lines), -size, lines))
    if fits:
        _, size, lines = min(fits, key=lambda fit: fit[:2])
        return lines, -size
    size = sizes[-1]
    return wrap(text, size, width, bold=True)[: max(1, int(height // (size * 1.15)))], size


def _text(x: float, y: float, text: str, size: float = 12, fill: str = "#222", weight: str = "normal",
          anchor: str = "middle", extra: str = "") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:g}" font-weight="{weight}" fill="{fill}" '
            f'text-anchor="{anchor}" dominant-baseline="central"{extra}>{escape(text)}</text>')


def _lines(cx: float, cy: float, lines: list[str], size: float, fill: str, weight: str = "bold",
           anchor: str = "middle", cls: str = "") -> str:
    """Lines of text centred vertically on ``cy`` (x: ``cx`` with ``anchor``)."""
    step = size * 1.15
    top = cy - step * (len(lines) - 1) / 2
    klass = f' class="{cls}"' if cls else ""
    spans = "".join(f'<tspan x="{cx:.1f}" y="{top + i * step:.1f}">{escape(line)}</tspan>' for i, line in enumerate(lines))
    return (f'<text{klass} font-size="{size:g}" font-weight="{weight}" fill="{fill}" text-anchor="{anchor}" '
            f'dominant-baseline="central">{spans}</text>')


# --- icons: symbols drawn in a 100 x 100 box ---------------------------------------------------------------------

def _star(cx: float, cy: float, outer: float, inner: float, points: int) -> str:
    coords = []
    for i in range(2 * points):
        r = outer if i % 2 == 0 else inner
        a = math.pi * i / points - math.pi / 2
        coords.append(f"{cx + r * math.cos(a):.1f},{cy + r * math.sin(a):.1f}")
    return " ".join(coords)


SUIT_PATHS = {
    Suit.HEARTS: '<path d="M50 86C18 62 10 44 20 30C30 17 46 21 50 35C54 21 70 17 80 30C90 44 82 62 50 86Z"/>',
    Suit.DIAMONDS: '<path d="M50 10L80 50L50 90L20 50Z"/>',
    Suit.SPADES: '<path d="M50 10C38 32 14 42 18 62C22 76 40 76 46 66L40 88H60L54 66C60 76 78 76 82 62C86 42 62 32 50 10Z"/>',
    Suit.CLUBS: '<circle cx="50" cy="30" r="17"/><circle cx="30" cy="58" r="17"/><circle cx="70" cy="58" r="17"/>'
                '<path d="M46 50L40 88H60L54 50Z"/>',
}


def _card(suit: Suit) -> str:
    colour = SUIT_COLOURS[suit]
    return ('<rect x="20" y="8" width="60" height="84" rx="8" fill="#fff" stroke="#333" stroke-width="4"/>'
            f'<g fill="{colour}" transform="translate(27 24) scale(0.46)">{SUIT_PATHS[suit]}</g>'
            f'<text x="30" y="22" font-size="20" font-weight="bold" fill="{colour}" text-anchor="middle" '
            'dominant-baseline="central">A</text>')


_COW = ('<path d="M14 52Q6 60 10 72" fill="none" stroke="#222" stroke-width="4" stroke-linecap="round"/>'
        '<path d="M24 66V86M36 68V86M58 68V86M68 66V86" stroke="#222" stroke-width="7" stroke-linecap="round"/>'
        '<ellipse cx="44" cy="56" rx="32" ry="18" fill="#fff" stroke="#222" stroke-width="4"/>'
        '<path d="M30 42Q40 40 42 52Q36 62 26 56Z" fill="#222"/><ellipse cx="58" cy="62" rx="7" ry="5" fill="#222"/>'
        '<path d="M70 28L62 18M88 28L96 18" stroke="#222" stroke-width="4" stroke-linecap="round"/>'
        '<rect x="66" y="26" width="26" height="28" rx="10" fill="#fff" stroke="#222" stroke-width="4"/>'
        '<ellipse cx="79" cy="52" rx="12" ry="8" fill="#f3a6a6" stroke="#222" stroke-width="3"/>'
        '<circle cx="73" cy="36" r="2.6" fill="#222"/><circle cx="85" cy="36" r="2.6" fill="#222"/>')
_BANDIT = ('<circle cx="50" cy="58" r="24" fill="#e9b98b" stroke="#222" stroke-width="3"/>'
           '<path d="M36 20Q50 12 64 20L66 40H34Z" fill="#222"/>'
           '<path d="M14 42Q50 30 86 42" fill="none" stroke="#222" stroke-width="9" stroke-linecap="round"/>'
           '<circle cx="41" cy="53" r="3.5" fill="#222"/><circle cx="59" cy="53" r="3.5" fill="#222"/>'
           '<path d="M25 60Q50 66 75 60L72 72Q62 92 50 94Q38 92 28 72Z" fill="#c62828" stroke="#7f1414" stroke-width="2"/>'
           '<circle cx="44" cy="74" r="2" fill="#fff"/><circle cx="56" cy="78" r="2" fill="#fff"/>')
_SHERIFF = (f'<polygon points="{_star(50, 52, 44, 22, 6)}" fill="#f2c230" stroke="#8a6500" stroke-width="4" '
            'stroke-linejoin="round"/>'
            '<circle cx="50" cy="52" r="13" fill="#fbe08a" stroke="#8a6500" stroke-width="3"/>'
            + "".join(f'<circle cx="{50 + 44 * math.cos(math.pi * i / 3 - math.pi / 2):.1f}" '
                      f'cy="{52 + 44 * math.sin(math.pi * i / 3 - math.pi / 2):.1f}" r="5" fill="#f2c230" stroke="#8a6500" '
                      'stroke-width="2"/>' for i in range(6)))
_GOLD = ('<ellipse cx="50" cy="66" rx="32" ry="13" fill="#c99700" stroke="#7a5c00" stroke-width="3"/>'
         '<ellipse cx="50" cy="58" rx="32" ry="13" fill="#f2c230" stroke="#7a5c00" stroke-width="3"/>'
         '<ellipse cx="50" cy="46" rx="32" ry="13" fill="#c99700" stroke="#7a5c00" stroke-width="3"/>'
         '<ellipse cx="50" cy="38" rx="32" ry="13" fill="#ffd84a" stroke="#7a5c00" stroke-width="3"/>'
         '<ellipse cx="50" cy="38" rx="18" ry="6.5" fill="none" stroke="#b08400" stroke-width="3"/>')
_BULLET = ('<g transform="rotate(30 50 50)">'
           '<path d="M38 44Q38 10 50 6Q62 10 62 44Z" fill="#b8652a" stroke="#5a2e10" stroke-width="3"/>'
           '<rect x="36" y="44" width="28" height="44" rx="2" fill="#e0b43c" stroke="#7a5c00" stroke-width="3"/>'
           '<rect x="32" y="86" width="36" height="8" rx="2" fill="#c99700" stroke="#7a5c00" stroke-width="3"/></g>')
_ALLEY = ('<rect x="14" y="22" width="58" height="58" rx="4" fill="#d4b483" stroke="#4e3423" stroke-width="5"/>'
          '<path d="M14 41H72M14 61H72M33 22V41M53 41V61M33 61V80" stroke="#8b6b45" stroke-width="3"/>'
          '<circle cx="74" cy="24" r="18" fill="#2e7d32" stroke="#fff" stroke-width="3"/>'
          '<path d="M74 14V34M64 24H84" stroke="#fff" stroke-width="6"/>')
_HILL = ('<path d="M4 88Q28 22 52 26Q76 30 96 88Z" fill="#8b6b45" stroke="#4e3423" stroke-width="4"/>'
         '<path d="M30 52Q38 38 50 36" fill="none" stroke="#c8a97e" stroke-width="5" stroke-linecap="round"/>'
         '<path d="M20 88L30 76M70 80L78 88" stroke="#4e3423" stroke-width="3"/>')
_MINE = ('<path d="M4 94L20 34L42 12L64 22L96 94Z" fill="#5b5b5b" stroke="#2d2d2d" stroke-width="4"/>'
         '<path d="M30 94V58Q50 38 70 58V94Z" fill="#111"/>'
         '<path d="M31 94V54M69 94V54M24 54H76" stroke="#a0652d" stroke-width="7"/>'
         '<path d="M38 94L62 80" stroke="#c8a97e" stroke-width="4"/>')
_PICKAXE = ('<path d="M24 88L66 36" stroke="#8d5a2b" stroke-width="10" stroke-linecap="round"/>'
            '<path d="M22 30Q58 4 92 40Q60 24 22 30Z" fill="#6f7b86" stroke="#2d2d2d" stroke-width="4" stroke-linejoin="round"/>')
_HORSESHOE = ('<path d="M28 18V50A22 22 0 0 0 72 50V18" fill="none" stroke="#4e4e4e" stroke-width="18"/>'
              '<path d="M28 18V50A22 22 0 0 0 72 50V18" fill="none" stroke="#9a9a9a" stroke-width="10"/>'
              '<path d="M19 14H37M63 14H81" stroke="#4e4e4e" stroke-width="6"/>'
              + "".join(f'<circle cx="{x}" cy="{y}" r="2.5" fill="#333"/>' for x, y in ((28, 28), (28, 44), (72, 28), (72, 44))))
_START = ('<path d="M20 20L80 80M80 20L20 80" stroke="#fff" stroke-width="20" stroke-linecap="round"/>'
          '<path d="M20 20L80 80M80 20L20 80" stroke="#c62828" stroke-width="12" stroke-linecap="round"/>')
_HOUSE = ('<path d="M16 48L50 16L84 48V86H16Z" fill="#f3e2c7" stroke="#3b1e0e" stroke-width="5" stroke-linejoin="round"/>'
          '<rect x="42" y="60" width="16" height="26" fill="#3b1e0e"/>')
_HOUSE_SITE = ('<path d="M16 48L50 16L84 48V86H16Z" fill="none" stroke="#7b2d12" stroke-width="6" '
               'stroke-dasharray="10 7" stroke-linejoin="round"/>'
               '<path d="M50 44V76M34 60H66" stroke="#7b2d12" stroke-width="7"/>')
_SIGNPOST = ('<path d="M50 30V92" stroke="#6b4226" stroke-width="9"/>'
             '<path d="M12 14H74L92 34L74 54H12Z" fill="#e9c48a" stroke="#6b4226" stroke-width="4" stroke-linejoin="round"/>')
_ACE_CARD = ('<rect x="20" y="8" width="60" height="84" rx="8" fill="#3949ab" stroke="#1a237e" stroke-width="4"/>'
             '<rect x="29" y="17" width="42" height="66" rx="4" fill="none" stroke="#c5cae9" stroke-width="3"/>'
             '<text x="50" y="50" font-size="34" font-weight="bold" fill="#fff" text-anchor="middle" '
             'dominant-baseline="central">A</text>')
_ROPE = ('<ellipse cx="46" cy="46" rx="32" ry="26" fill="none" stroke="#a8742f" stroke-width="8"/>'
         '<ellipse cx="46" cy="46" rx="20" ry="15" fill="none" stroke="#c9954a" stroke-width="7"/>'
         '<path d="M70 64Q82 78 76 92" fill="none" stroke="#a8742f" stroke-width="8" stroke-linecap="round"/>')
_CREEK = ('<path d="M0 30Q25 18 50 30T100 30M0 56Q25 44 50 56T100 56M0 82Q25 70 50 82T100 82" fill="none" '
          'stroke="#5d8fb0" stroke-width="6" stroke-linecap="round"/>')
_GRASS = ('<path d="M18 40l4-12l4 12M60 30l4-12l4 12M36 74l4-12l4 12M74 72l4-12l4 12" fill="none" stroke="#3f7a2a" '
          'stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>')
_COBBLES = ('<path d="M0 25H100M0 50H100M0 75H100M30 0V25M70 0V25M50 25V50M20 50V75M80 50V75M45 75V100" '
            'stroke="#9c7b4f" stroke-width="3"/>')
_COWPOKE = ('<circle cx="50" cy="34" r="15" fill="#1565c0" stroke="#fff" stroke-width="4"/>'
            '<path d="M22 92Q22 56 50 52Q78 56 78 92Z" fill="#1565c0" stroke="#fff" stroke-width="4"/>'
            '<path d="M30 22Q50 4 70 22Z" fill="#0d3c78" stroke="#fff" stroke-width="3"/>'
            '<path d="M18 24Q50 16 82 24" fill="none" stroke="#0d3c78" stroke-width="7" stroke-linecap="round"/>')
_HILL_BANDIT = ('<circle cx="50" cy="36" r="15" fill="#c62828" stroke="#fff" stroke-width="4"/>'
                '<path d="M22 92Q22 58 50 54Q78 58 78 92Z" fill="#c62828" stroke="#fff" stroke-width="4"/>'
                '<rect x="36" y="32" width="28" height="7" rx="3" fill="#111"/>'
                '<path d="M32 24Q50 4 68 24Z" fill="#111" stroke="#fff" stroke-width="3"/>'
                '<path d="M16 26Q50 16 84 26" fill="none" stroke="#111" stroke-width="7" stroke-linecap="round"/>')
_TOMBSTONE = ('<path d="M24 92V38Q24 10 50 10Q76 10 76 38V92Z" fill="#9e9e9e" stroke="#fff" stroke-width="5"/>'
              '<path d="M24 92V38Q24 10 50 10Q76 10 76 38V92Z" fill="none" stroke="#424242" stroke-width="2"/>'
              '<path d="M50 26V64M38 38H62" stroke="#424242" stroke-width="6"/>'
              '<path d="M14 92H86" stroke="#424242" stroke-width="6"/>')

ICONS: dict[str, str] = {
    "cow": _COW, "bandit": _BANDIT, "sheriff": _SHERIFF, "gold": _GOLD, "bullet": _BULLET, "alley": _ALLEY,
    "hill": _HILL, "mine": _MINE, "pickaxe": _PICKAXE, "horseshoe": _HORSESHOE, "start": _START, "house": _HOUSE,
    "house_site": _HOUSE_SITE, "signpost": _SIGNPOST, "ace_card": _ACE_CARD, "rope": _ROPE, "creek": _CREEK,
    "grass": _GRASS, "cobbles": _COBBLES, "cowpoke": _COWPOKE, "hill_bandit": _HILL_BANDIT, "tombstone": _TOMBSTONE,
    **{f"ace_{suit.value}": _card(suit) for suit in Suit},
}
#: icons drawn across the whole square (backgrounds), not as a centred icon
PATTERNS = frozenset({"grass", "cobbles", "creek"})


# --- features: what a square or token shows, and its legend entry -----------------------------------------------

@dataclass(frozen=True)
class Feature:
    """A legend entry: its label, the swatch's background and icon."""

    label: str  #: the English message (``N_``; ``{suit}`` for a suit's)
    fill: str
    icon: str | None = None
    note: str = ""  #: a longer explanation (the entry's tooltip), an English message too
    suit: str = ""  #: the suit (``Suit`` value) that fills ``{suit}``

    def words(self) -> tuple[str, str]:
        """``(label, note)`` in the current language (the note may be empty)."""
        suit = suit_name(self.suit) if self.suit else ""
        return _(self.label).format(suit=suit), _(self.note).format(suit=suit) if self.note else ""


def _features() -> dict[str, Feature]:
    f = {
        "space:empty": Feature(N_("empty space"), PARCHMENT, note=N_("a tile may cover it")),
        "space:start": Feature(N_("start"), PARCHMENT, "start", N_("the first tile must cover it")),
        "space:field": Feature(N_("printed field"), PRINTED_FIELD, "grass", N_("no tile may cover it")),
        "space:cow": Feature(N_("printed cow"), PRINTED_FIELD, "cow", N_("a field with a cow: no tile may cover it")),
        "space:hill": Feature(N_("hill"), PARCHMENT, "hill", N_("hill bandits stand here; no tile may cover it")),
        "space:mine": Feature(N_("mine"), MINE_BG, "mine", N_("no tile may cover it; a pickaxe beside it claims it")),
        "space:pickaxe": Feature(N_("pickaxe"), PARCHMENT, "pickaxe", N_("cover it to claim the adjacent mine")),
        "space:horseshoe": Feature(N_("horseshoe"), PARCHMENT, "horseshoe", N_("trailblazing: each left uncovered costs points")),
        "space:bandit": Feature(N_("bandit (board)"), PARCHMENT, "bandit", N_("a bandit printed on the board")),
        "space:gold": Feature(N_("gold bonus (board)"), PARCHMENT, "gold", N_("cover it to take gold")),
        "space:bullet": Feature(N_("bullet bonus (board)"), PARCHMENT, "bullet", N_("cover it to take a bullet")),
        "space:alley": Feature(N_("alley bonus (board)"), PARCHMENT, "alley", N_("cover it to take an alley")),
        "space:house_site": Feature(N_("house site"), WILD_BG, "house_site", N_("House in Danger: the set-aside building covers it")),
        "space:signpost": Feature(N_("numbered signpost"), WILD_BG, "signpost",
                                  N_("Signpost: once the earlier signposts are covered, the set-aside building may "
                                     "cover the last")),
        "space:ace_card": Feature(N_("ace card bonus"), WILD_BG, "ace_card", N_("Pocket Aces: cover it to take an ace card")),
        "space:rope": Feature(N_("rope trick"), WILD_BG, "rope", N_("Rope Trick: a rope icon")),
        "space:creek": Feature(N_("dry creek"), CREEK_BG, "creek", N_("Dry Creek: only an alley may cover it")),
        "tile:street": Feature(N_("street"), STREET, note=N_("a street square of a tile")),
        "tile:alley_tile": Feature(N_("alley tile"), STREET, "cobbles", N_("a 1-square street tile from the supply")),
        "tile:field": Feature(N_("field"), TILE_FIELD, "grass", N_("a field square of a tile")),
        "tile:cow": Feature(N_("cow"), TILE_FIELD, "cow", N_("a field square of a tile with a cow")),
        "tile:building": Feature(N_("named building"), BUILDING, note=N_("its name is written on it")),
        "tile:house": Feature(N_("plain house"), HOUSE, "house", N_("a building square with no name and no effect")),
        "tile:bandit": Feature(N_("bandit"), STREET, "bandit", N_("a bandit on a tile's street")),
        "tile:sheriff": Feature(N_("sheriff"), STREET, "sheriff", N_("a sheriff on a tile's street")),
        "tile:gold": Feature(N_("gold bonus (tile)"), STREET, "gold", N_("take gold when you place the tile")),
        "tile:bullet": Feature(N_("bullet bonus (tile)"), STREET, "bullet", N_("take a bullet when you place the tile")),
        "tile:alley": Feature(N_("alley bonus (tile)"), STREET, "alley", N_("take an alley when you place the tile")),
        "token:hill_bandit": Feature(N_("hill bandit"), PARCHMENT, "hill_bandit", N_("a hill bandit token on a hill")),
        "token:cowpoke": Feature(N_("cowpoke"), PARCHMENT, "cowpoke", N_("a cowpoke token (wrangled cows)")),
        "token:tombstone": Feature(N_("tombstone"), PARCHMENT, "tombstone", N_("a shot bandit's tombstone")),
    }
    for suit in Suit:
        f[f"space:pocket_ace:{suit.value}"] = Feature(N_("pocket ace of {suit}"), POCKET_BG, f"ace_{suit.value}",
                                                      N_("Pocket Aces: the ace of {suit} printed beside the board"),
                                                      suit.value)
        f[f"tile:ace:{suit.value}"] = Feature(N_("ace of {suit}"), STREET, f"ace_{suit.value}",
                                              N_("an ace of {suit} on a tile's street"), suit.value)
    order = [k for k in f if k.startswith("space:")] + [k for k in f if k.startswith("tile:")] + \
            [k for k in f if k.startswith("token:")]
    return {k: f[k] for k in order}


#: every legend key in legend order (towns, ``town:<letter>``, come last)
FEATURES: dict[str, Feature] = _features()
TOKEN_FEATURES = {"hill_bandits": "token:hill_bandit", "cowpokes": "token:cowpoke", "tombstones": "token:tombstone"}
TOKEN_NAMES = {"hill_bandits": N_("hill bandit"), "cowpokes": N_("cowpoke"), "tombstones": N_("tombstone")}
#: a tile square's terrain and icon, and a printed space's kind, in words (English messages: ``N_``)
TERRAIN_WORDS = {Terrain.STREET: N_("street"), Terrain.FIELD: N_("field"), Terrain.BUILDING: N_("building")}
ICON_WORDS = {Icon.COW: N_("cow"), Icon.BANDIT: N_("bandit"), Icon.SHERIFF: N_("sheriff"), Icon.ACE: N_("ace"),
              Icon.GOLD: N_("gold"), Icon.BULLET: N_("bullet"), Icon.ALLEY: N_("alley")}
SPACE_WORDS = {
    SpaceKind.EMPTY: N_("empty"), SpaceKind.START: N_("start"), SpaceKind.FIELD: N_("field"), SpaceKind.COW: N_("cow"),
    SpaceKind.HILL: N_("hill"), SpaceKind.MINE: N_("mine"), SpaceKind.PICKAXE: N_("pickaxe"),
    SpaceKind.HORSESHOE: N_("horseshoe"), SpaceKind.BANDIT: N_("bandit"), SpaceKind.GOLD: N_("gold"),
    SpaceKind.BULLET: N_("bullet"), SpaceKind.ALLEY: N_("alley"), SpaceKind.TOWN: N_("town"),
    SpaceKind.HOUSE_SITE: N_("house site"), SpaceKind.SIGNPOST: N_("signpost"), SpaceKind.POCKET_ACE: N_("pocket ace"),
    SpaceKind.ACE_CARD: N_("ace card"), SpaceKind.ROPE: N_("rope"), SpaceKind.CREEK: N_("creek")}
SPACE_FILLS = {SpaceKind.MINE: MINE_BG, SpaceKind.FIELD: PRINTED_FIELD, SpaceKind.COW: PRINTED_FIELD,
               SpaceKind.CREEK: CREEK_BG, SpaceKind.POCKET_ACE: POCKET_BG}


@dataclass
class Square:
    """What one space shows: background, icon (a key of ``ICONS``), legend key, tooltip and extra text."""

    fill: str
    feature: str
    title: str
    icon: str | None = None
    label: str = ""  #: text drawn on the icon (a signpost's number)
    town: Town | None = None
    extra: list[str] = field(default_factory=list)


def tile_cell_square(tile: Tile, cell: TileCell, on: str = "") -> Square:
    """What a square of ``tile`` shows (``cell``: its content): background, icon, legend key and a title naming the tile
    and the square's content, followed by ``on`` (what it covers, when placed)."""
    what = building_name(tile.building) if tile.building else _("alley") if tile.is_alley else _("tile")
    plain_house = cell.terrain is Terrain.BUILDING and not cell.named_building
    content = _("plain house") if plain_house else _(TERRAIN_WORDS[cell.terrain])
    if cell.icon is not None:
        icon = _(ICON_WORDS[cell.icon])
        if cell.suit is not None:
            icon = _("{icon} of {suit}").format(icon=icon, suit=suit_name(cell.suit.value))
        content = _("{terrain}, {icon}").format(terrain=content, icon=icon)
    title = (_("{tile}: {content}").format(tile=what, content=content) if tile.is_alley  # no id to show
             else _("{tile} {id}: {content}").format(tile=what, id=tile.id, content=content)) + on
    if cell.terrain is Terrain.BUILDING:
        if cell.named_building:
            return Square(BUILDING, "tile:building", title)
        return Square(HOUSE, "tile:house", title, "house")
    if cell.terrain is Terrain.FIELD:
        return Square(TILE_FIELD, "tile:cow" if cell.icon is Icon.COW else "tile:field", title,
                      "cow" if cell.icon is Icon.COW else "grass")
    if cell.icon is Icon.ACE and cell.suit is not None:
        return Square(STREET, f"tile:ace:{cell.suit.value}", title, f"ace_{cell.suit.value}")
    if cell.icon is not None:
        return Square(STREET, f"tile:{cell.icon.value}", title, cell.icon.value)
    if tile.is_alley:
        return Square(STREET, "tile:alley_tile", title, "cobbles")
    return Square(STREET, "tile:street", title)


def _tile_square(settlement: Settlement, r: int, c: int, cell: TileCell) -> Square:
    placed = settlement.tile_at(r, c)
    assert placed is not None  # a tile covers the square
    printed = settlement.side.space(r, c)
    on = ""
    if printed.kind is SpaceKind.TOWN:
        on = _(" (on town {town})").format(town=printed.town)
    elif printed.kind is not SpaceKind.EMPTY:
        what = _(SPACE_WORDS[printed.kind]) + ("" if printed.number is None else f" {printed.number}")
        on = _(" (on {space})").format(space=what)
    return tile_cell_square(placed.tile, cell, on)


def _square(settlement: Settlement, r: int, c: int) -> Square:
    """What the space ``(r, c)`` shows."""
    cell = settlement.cell_at(r, c)
    if cell is not None:
        return _tile_square(settlement, r, c, cell)
    space = settlement.side.space(r, c)
    kind = space.kind
    name = _(SPACE_WORDS[kind])
    if kind is SpaceKind.TOWN:
        town = next(t for t in settlement.side.towns if t.letter == space.town)
        index = settlement.side.towns.index(town) % len(TOWN_COLOURS)
        sign = ["sign"] if (r, c) == min(town.squares) else []  # the town's sign stands on its first square
        title = ngettext("town {letter} {name} ({points} point)", "town {letter} {name} ({points} points)",
                         town.points).format(letter=town.letter, name=town.name, points=town.points)
        return Square(TOWN_COLOURS[index], f"town:{town.letter}", title, town=town, extra=sign)
    if kind is SpaceKind.POCKET_ACE and space.suit is not None:
        return Square(POCKET_BG, f"space:pocket_ace:{space.suit.value}",
                      _("pocket ace of {suit}").format(suit=suit_name(space.suit.value)), f"ace_{space.suit.value}")
    fill = SPACE_FILLS.get(kind, WILD_BG if space.wild_only else PARCHMENT)
    if kind is SpaceKind.EMPTY:
        return Square(fill, "space:empty", name)
    if kind is SpaceKind.SIGNPOST:
        return Square(fill, "space:signpost", f"{name} {space.number}", "signpost", str(space.number))
    icon = "grass" if kind is SpaceKind.FIELD else kind.value
    return Square(fill, f"space:{kind.value}", name, icon)


def _use(icon: str, x: float, y: float, size: float, cls: str = "icon") -> str:
    return (f'<use class="{cls}" data-icon="{icon}" href="#i-{icon}" x="{x:.1f}" y="{y:.1f}" '
            f'width="{size:.1f}" height="{size:.1f}"/>')


def _draw_square(sq: Square, x: float, y: float, size: float, token: bool = False, sign: bool = False) -> list[str]:
    """Background, icon and label of ``sq`` in the box at ``(x, y)``; with a ``token`` on it, the icon is
    drawn smaller in the top right corner (tokens stand in the bottom left one); under a town ``sign`` (top
    left), it is drawn smaller, below the sign."""
    out = [f'<rect x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" height="{size:.1f}" fill="{sq.fill}" stroke="#a89a80" '
           'stroke-width="0.5"/>']
    if sq.icon in PATTERNS:
        out.append(_use(sq.icon, x, y, size))
    elif sq.icon is not None and token:
        out.append(_use(sq.icon, x + size * 0.5 - 1, y + 1, size * 0.5))
    elif sq.icon is not None and sign:
        out.append(_use(sq.icon, x + size * 0.22, y + size * 0.36, size * 0.6))
    elif sq.icon is not None:
        inset = size * 0.1
        out.append(_use(sq.icon, x + inset, y + inset, size - 2 * inset))
    if sq.label:  # a signpost's number, on its plank
        out.append(_text(x + size * 0.46, y + size * 0.3, sq.label, size * 0.34, "#3b1e0e", "bold"))
    if sq.town is not None and not sq.extra:
        out.append(_text(x + size / 2, y + size / 2, sq.town.letter, size * 0.42, "#5a3a10", "bold", extra=' opacity="0.75"'))
    return out


# --- buildings, towns, outlines ------------------------------------------------------------------------------

SIGN_HEIGHT = 15  #: the height a town sign takes at the top of its square, in pixels


def _building_labels(settlement: Settlement, top: float, left: float) -> list[str]:
    """Each named building's name, fitted in the largest rectangle of its squares."""
    signs = {min(town.squares) for town in settlement.side.towns}
    out = []
    for placed in settlement.tiles:
        named = {rc for rc, cell in placed.squares if cell.named_building}
        if placed.tile.building and named:
            out.append(_building_label(placed.tile.building, named, top, left, signs))
    return out


def _building_label(name: str, named: set[tuple[int, int]], top: float, left: float,
                    signs: Collection[tuple[int, int]] = ()) -> str:
    """The building ``name`` fitted in the largest rectangle of its ``named`` squares, kept clear of a town sign
    (``signs``: the squares whose top stripe, ``SIGN_HEIGHT`` high, a sign covers) in any row of the rectangle: the
    name goes in the rows above the sign's, or below its stripe, whichever is taller."""
    (r0, c0), (r1, c1) = _largest_rectangle(named)
    w, h = (c1 - c0 + 1) * SQUARE, (r1 - r0 + 1) * SQUARE
    y0 = top + r0 * SQUARE
    rows = [r for r, c in signs if r0 <= r <= r1 and c0 <= c <= c1]
    if rows:
        sign_row = min(rows)
        above, below = (sign_row - r0) * SQUARE, (r1 - sign_row + 1) * SQUARE - SIGN_HEIGHT
        y0, h = (y0, above) if above >= below else (top + sign_row * SQUARE + SIGN_HEIGHT, below)
    lines, size = fit_text(building_name(name), w - 4, h - 4)
    cx, cy = left + c0 * SQUARE + w / 2, y0 + h / 2
    return (f'<g class="building-name" data-building="{escape(name)}" data-box="{w - 4:.0f} {h - 4:.0f}">'
            + _lines(cx, cy, lines, size, "#fff3d6") + "</g>")


def _largest_rectangle(squares: set[tuple[int, int]]) -> tuple[tuple[int, int], tuple[int, int]]:
    """The largest axis-aligned rectangle made only of ``squares`` (ties: the first in reading order)."""
    best = ((0, 0), (0, 0))
    best_area = 0
    for r0, c0 in sorted(squares):
        for r1, c1 in sorted(squares):
            if r1 < r0 or c1 < c0:
                continue
            area = (r1 - r0 + 1) * (c1 - c0 + 1)
            if area > best_area and all((r, c) in squares for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)):
                best, best_area = ((r0, c0), (r1, c1)), area
    return best


def _edges(squares: set[tuple[int, int]], top: float, left: float) -> list[tuple[float, float, float, float]]:
    """The boundary segments of a set of squares."""
    out = []
    for r, c in sorted(squares):
        x, y = left + c * SQUARE, top + r * SQUARE
        if (r, c + 1) not in squares:
            out.append((x + SQUARE, y, x + SQUARE, y + SQUARE))
        if (r + 1, c) not in squares:
            out.append((x, y + SQUARE, x + SQUARE, y + SQUARE))
        if (r, c - 1) not in squares:
            out.append((x, y, x, y + SQUARE))
        if (r - 1, c) not in squares:
            out.append((x, y, x + SQUARE, y))
    return out


def _path(segments: list[tuple[float, float, float, float]]) -> str:
    return "".join(f"M{x1:.1f} {y1:.1f}L{x2:.1f} {y2:.1f}" for x1, y1, x2, y2 in segments)


def town_status(settlement: Settlement, town: Town) -> tuple[int, bool]:
    """``(covered squares, complete)`` of ``town`` on ``settlement``."""
    covered = sum(1 for r, c in town.squares if settlement.cover[r][c] >= 0)
    return covered, covered == len(town.squares)


def _town_outlines(settlement: Settlement, top: float, left: float) -> list[str]:
    """Each town's outline inside its plot (a wide stroke clipped to the plot's squares, so tile outlines
    stay visible on top): dashed while a square is uncovered, solid once the town is complete."""
    out = []
    for i, town in enumerate(settlement.side.towns):
        ink = TOWN_INK[i % len(TOWN_INK)]
        _, complete = town_status(settlement, town)
        dash = "" if complete else ' stroke-dasharray="9 5"'
        rects = "".join(f'<rect x="{left + c * SQUARE:.1f}" y="{top + r * SQUARE:.1f}" width="{SQUARE}" height="{SQUARE}"/>'
                        for r, c in town.squares)
        out.append(f'<clipPath id="town-{town.letter}">{rects}</clipPath>'
                   f'<path class="town-outline" data-town="{town.letter}" clip-path="url(#town-{town.letter})" '
                   f'd="{_path(_edges(set(town.squares), top, left))}" fill="none" stroke="{ink}" stroke-width="9"{dash}/>')
    return out


def _town_signs(settlement: Settlement, top: float, left: float) -> list[str]:
    """Each town's sign on its first square: letter and sign points, green with a tick once complete."""
    out = []
    for i, town in enumerate(settlement.side.towns):
        ink = TOWN_INK[i % len(TOWN_INK)]
        covered, complete = town_status(settlement, town)
        r, c = min(town.squares)
        x, y = left + c * SQUARE + 2, top + r * SQUARE + 2
        text = f"{town.letter} {town.points}"
        w = text_width(text, 10, True) + (16 if complete else 8)
        fill, colour = ("#2e7d32", "#fff") if complete else ("#fff8e6", ink)
        sign = [f'<g class="town-sign" data-feature="town:{town.letter}" data-town="{town.letter}" '
                f'data-complete="{str(complete).lower()}">'
                f'<title>{escape(_sign_title(town, covered, complete))}</title>',
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="15" rx="3" fill="{fill}" stroke="{ink}" stroke-width="1.5"/>',
                _text(x + 4, y + 7.5, text, 10, colour, "bold", anchor="start")]
        if complete:
            tx = x + w - 11
            sign.append(f'<path d="M{tx:.1f} {y + 7.5:.1f}l3 3.5l5-7" fill="none" stroke="#fff" stroke-width="2"/>')
        out.append("".join(sign) + "</g>")
    return out


def _sign_title(town: Town, covered: int, complete: bool) -> str:
    """A town sign's tooltip: ``"town A Lone Star: sign 5 points, 3 of 4 squares covered"`` (``, complete``)."""
    points = ngettext("{count} point", "{count} points", town.points).format(count=town.points)
    plot = ngettext("{count} square", "{count} squares", len(town.squares)).format(count=len(town.squares))
    squares = _("{covered} of {squares} covered").format(covered=covered, squares=plot)
    words = _("town {letter} {name}: sign {points}, {squares}").format(letter=town.letter, name=town.name,
                                                                       points=points, squares=squares)
    return words + _(", complete") if complete else words


def _tile_outlines(settlement: Settlement, top: float, left: float) -> list[str]:
    segments = []
    for placed in settlement.tiles:
        segments += _edges({rc for rc, _ in placed.squares}, top, left)
    if not segments:
        return []
    return [f'<path class="tile-outlines" d="{_path(segments)}" fill="none" stroke="{INK}" stroke-width="2.5" '
            'stroke-linecap="square"/>']


# --- legend -------------------------------------------------------------------------------------------------------

def _legend_entries(settlement: Settlement, used: set[str]) -> list[tuple[str, Square, str]]:
    """``(legend key, swatch, label)`` for each feature used, in legend order, towns last."""
    entries = []
    for key, feat in FEATURES.items():
        if key in used:
            label, note = feat.words()
            entries.append((key, Square(feat.fill, key, note or label, feat.icon), label))
    for i, town in enumerate(settlement.side.towns):
        key = f"town:{town.letter}"
        if key in used:
            covered, complete = town_status(settlement, town)
            state = _("complete") if complete else _("{covered}/{count} covered").format(covered=covered,
                                                                                       count=len(town.squares))
            points = ngettext("{count} point", "{count} points", town.points).format(count=town.points)
            label = _("{letter} {name}: {points}, {state}").format(letter=town.letter, name=town.name, points=points,
                                                                  state=state)
            entries.append((key, Square(TOWN_COLOURS[i % len(TOWN_COLOURS)], key, label, town=town), label))
    return entries


def _legend(entries: list[tuple[str, Square, str]], x0: float, y0: float, width: float) -> tuple[list[str], float]:
    """The legend's elements from ``y0`` and its height."""
    columns = max(1, min(3, int(width // 150)))
    col_w = width / columns
    label_w = col_w - LEGEND_SWATCH - 10
    out = [_text(x0, y0 + 9, _("Legend"), 12, INK, "bold", anchor="start")]
    y = y0 + 22
    rows = math.ceil(len(entries) / columns)
    for i, (key, swatch, label) in enumerate(entries):
        col, row = divmod(i, rows)  # fill column by column
        x, top = x0 + col * col_w, y + row * LEGEND_ROW
        lines = wrap(label, LEGEND_SIZE, label_w)
        size = float(LEGEND_SIZE)
        if len(lines) > 2:
            size = LEGEND_SIZE - 1.5
            lines = wrap(label, size, label_w)[:2]
        tip = label if swatch.title == label else _("{label}: {note}").format(label=label, note=swatch.title)
        parts = [f'<g class="legend-item" data-legend="{escape(key)}"><title>{escape(tip)}</title>']
        parts += _draw_square(swatch, x, top, LEGEND_SWATCH)
        parts.append(f'<rect x="{x:.1f}" y="{top:.1f}" width="{LEGEND_SWATCH}" height="{LEGEND_SWATCH}" fill="none" '
                     f'stroke="{INK}" stroke-width="1"/>')
        parts.append(_lines(x + LEGEND_SWATCH + 5, top + LEGEND_SWATCH / 2, lines, size, "#222", "normal", "start",
                            "legend-label"))
        out.append("".join(parts) + "</g>")
    return out, 22 + rows * LEGEND_ROW


# --- the picture ----------------------------------------------------------------------------------------------

def settlement_svg(settlement: Settlement, title: str) -> str:
    """The SVG document (text) of ``settlement``, headed by ``title`` (wrapped to the picture's width)."""
    h, w = settlement.height, settlement.width
    board_w = MARGIN + w * SQUARE
    width = max(MIN_WIDTH, 2 * PAD + board_w + MARGIN // 2)
    title_lines = wrap(title, TITLE_SIZE, width - 2 * PAD, bold=True)
    subtitle = _("wild side: {name}").format(name=wild_side_name(settlement.side.rule)) if settlement.side.rule else ""
    y = PAD + len(title_lines) * TITLE_SIZE * 1.2 + (16 if subtitle else 0) + 4
    left = (width - board_w) / 2 + MARGIN  # the board's left edge (row numbers in the margin before it)
    top = y + MARGIN
    squares = {(r, c): _square(settlement, r, c) for r in range(h) for c in range(w)}
    used = {sq.feature for sq in squares.values()} | {f"town:{town.letter}" for town in settlement.side.towns}  # signs
    shown = tokens_shown(settlement)
    used |= {TOKEN_FEATURES[attr] for attrs in shown.values() for attr in attrs}

    body: list[str] = [_lines(width / 2, PAD + TITLE_SIZE * 0.6 * len(title_lines), title_lines, TITLE_SIZE, INK, cls="title")]
    if subtitle:
        body.append(_text(width / 2, PAD + len(title_lines) * TITLE_SIZE * 1.2 + 8, subtitle, 11, "#6b4226",
                          extra=' font-style="italic" class="subtitle"'))
    for c in range(w):
        # columns and rows numbered from 1, as the page and the move labels count them (issue 37)
        body.append(_text(left + c * SQUARE + SQUARE / 2, top - MARGIN / 2, str(c + 1), 10, "#666"))
    for r in range(h):
        body.append(_text(left - MARGIN / 2, top + r * SQUARE + SQUARE / 2, str(r + 1), 10, "#666"))
    tokens = shown
    signs = {min(town.squares) for town in settlement.side.towns}
    for (r, c), sq in squares.items():
        x, yy = left + c * SQUARE, top + r * SQUARE
        body.append(f'<g class="square" data-row="{r}" data-col="{c}" data-feature="{escape(sq.feature)}">'
                    f"<title>({r}, {c}) {escape(sq.title)}</title>"
                    + "".join(_draw_square(sq, x, yy, SQUARE, (r, c) in tokens, (r, c) in signs)) + "</g>")
    body += _town_outlines(settlement, top, left)
    body += _tile_outlines(settlement, top, left)
    body += _building_labels(settlement, top, left)
    body += _town_signs(settlement, top, left)
    for (r, c), attrs in sorted(shown.items()):
        size = SQUARE * (0.64 if len(attrs) == 1 else 0.5)
        for k, attr in enumerate(attrs):  # from the left
            x, yy = left + c * SQUARE + k * size + 1, top + (r + 1) * SQUARE - size - 1
            key = TOKEN_FEATURES[attr]
            tip = _("{token} at ({row}, {col})").format(token=_(TOKEN_NAMES[attr]), row=r, col=c)
            body.append(f'<g class="token {attr}" data-feature="{key}" data-row="{r}" data-col="{c}">'
                        f"<title>{escape(tip)}</title>"
                        + _use(key.partition(":")[2], x, yy, size, "token-icon") + "</g>")
    legend, legend_h = _legend(_legend_entries(settlement, used), PAD, top + h * SQUARE + 14, width - 2 * PAD)
    body += legend
    height = top + h * SQUARE + 14 + legend_h + PAD
    icons = {sq.icon for sq in squares.values() if sq.icon} | {FEATURES[k].icon or "" for k in used if k in FEATURES}
    return _document(width, height, title, icons, body)


def _document(width: float, height: float, title: str, icons: Collection[str], body: list[str],
              background: str = "#fffaf0") -> str:
    """An SVG document ``width`` x ``height`` pixels: its ``title``, the ``icons`` it uses as ``<symbol>``s, a
    ``background`` (none when empty) and the ``body`` elements."""
    defs = "".join(f'<symbol id="i-{name}" viewBox="0 0 100 100">{ICONS[name]}</symbol>' for name in sorted(set(icons) - {""}))
    head = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif">',
            f"<title>{escape(title)}</title>",
            f"<defs>{defs}</defs>"]
    if background:
        head.append(f'<rect width="{width:.0f}" height="{height:.0f}" fill="{background}"/>')
    return "\n".join([*head, *body, "</svg>"]) + "\n"


def tile_svg(tile: Tile, orientation: int = 0) -> str:
    """The SVG document (text) of ``tile`` in ``orientation`` (an index of ``tile.orientations``), drawn as on a
    board: ``SQUARE`` pixels a square, the bounding box's top-left square at (0, 0), no margin and a transparent
    background (so a client lays it over a board picture as a placement's ghost, or shows it in a tray), each
    square's content, the tile's outline and its building's name.  Each square is a ``<g class="square">`` with
    ``data-row``, ``data-col`` (relative to the anchor) and ``data-feature``.  Raises ``IndexError`` for an
    orientation the tile does not have."""
    if not 0 <= orientation < len(tile.orientations):
        raise IndexError(f"tile {tile.id} has orientations 0 to {len(tile.orientations) - 1}, not {orientation}")
    shape = tile.orientations[orientation]
    body, icons = [], set()
    for (r, c), cell in shape.cells:
        sq = tile_cell_square(tile, cell)
        icons.add(sq.icon or "")
        body.append(f'<g class="square" data-row="{r}" data-col="{c}" data-feature="{escape(sq.feature)}">'
                    f"<title>{escape(sq.title)}</title>" + "".join(_draw_square(sq, c * SQUARE, r * SQUARE, SQUARE)) + "</g>")
    body.append(f'<path class="tile-outlines" d="{_path(_edges(set(shape.offsets), 0, 0))}" fill="none" stroke="{INK}" '
                'stroke-width="3" stroke-linecap="square"/>')
    named = {rc for rc, cell in shape.cells if cell.named_building}
    if tile.building and named:
        body.append(_building_label(tile.building, named, 0, 0))
    words = f"{building_name(tile.building)} ({tile.id})" if tile.building else tile.id
    return _document(shape.width * SQUARE, shape.height * SQUARE, words, icons, body, background="")
