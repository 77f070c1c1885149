"""Wild Tiled West's words in the languages the game is written in (issue 37, "French"): the message catalogue of
this game's refusals, reasons, move labels and pictures (``solver.core.language.Catalogue``; the French in
``solver/games/wild_tiled_west/locales/fr/LC_MESSAGES/wild_tiled_west.po``, with the French rulebook's terms:
plateau Colonie, tuile, éventaire, route, pré, vache, colline, mine, pioche, santiag, tombe, pancarte, Paires d’as,
ruisseau à sec).  ``_`` writes a message in the caller's language (``solver.core.language.speaking``); ``N_`` marks
one written later; ``ngettext`` picks a count's form.

The components' names a player reads (the buildings, partners and wild sides of the data files, in English there)
are messages too: ``BUILDING_NAMES`` (each with its article: ``the Bank``, ``la Banque``), ``PARTNER_NAMES`` and
``WILD_SIDE_NAMES`` mark them, and ``tests/render/test_french_pictures.py`` checks they name every one of the data
files'.  Board and town names are proper names the French rulebook keeps in English ("nous avons choisi de
conserver les noms de villes ... dans leur version originale"): never translated.  Source: our design; the French
words are the French rulebook's (``../shared/seeds/wild-tiled-west-rulebook-fr.txt``) and the web client's How to
play (``service/web/static/locales/fr.json``)."""

from __future__ import annotations

from pathlib import Path

from solver.core.language import N_, Catalogue

TEXTS = Catalogue(Path(__file__).resolve().parent.parent / "locales", "wild_tiled_west")
_ = TEXTS.gettext
ngettext = TEXTS.ngettext
__all__ = ["BUILDING_NAMES", "N_", "PARTNER_NAMES", "SUIT_NAMES", "TEXTS", "WILD_SIDE_NAMES", "_", "building_name",
           "component_name", "ngettext", "puzzle_title", "suit_name", "the_building", "wild_side_name"]

#: each building of ``buildings.toml`` (its English name): its name, and its name with the article a label writes
BUILDING_NAMES: dict[str, tuple[str, str]] = {
    "Bank": (N_("Bank"), N_("the Bank")),
    "Hotel": (N_("Hotel"), N_("the Hotel")),
    "Barn": (N_("Barn"), N_("the Barn")),
    "Ranch House": (N_("Ranch House"), N_("the Ranch House")),
    "Cache": (N_("Cache"), N_("the Cache")),
    "Sawmill": (N_("Sawmill"), N_("the Sawmill")),
    "Chapel": (N_("Chapel"), N_("the Chapel")),
    "Sheriff's Office": (N_("Sheriff's Office"), N_("the Sheriff's Office")),
    "Fancy Saloon": (N_("Fancy Saloon"), N_("the Fancy Saloon")),
    "Stables": (N_("Stables"), N_("the Stables")),
    "General Store": (N_("General Store"), N_("the General Store")),
    "Town Hall": (N_("Town Hall"), N_("the Town Hall")),
    "Hideout": (N_("Hideout"), N_("the Hideout")),
    "Wheelwright": (N_("Wheelwright"), N_("the Wheelwright")),
}
#: each partner card of ``partners.toml`` (its English name)
PARTNER_NAMES: tuple[str, ...] = (
    N_("Undertaker"), N_("Mayor"), N_("Prospector"), N_("Trail Boss"), N_("Card Sharp"), N_("Cattle Baron"),
    N_("Banker"), N_("Gunslinger"), N_("Architect"), N_("Lawman"), N_("Rancher"), N_("Hermit"), N_("Alley Cat"),
    N_("Peacemaker"), N_("Builder"), N_("Surveyor"))
#: each wild side of ``wild_sides.toml``: its key and English name
WILD_SIDE_NAMES: dict[str, str] = {
    "carpenters": N_("Carpenters"), "house_in_danger": N_("House in Danger"), "pocket_aces": N_("Pocket Aces"),
    "rope_trick": N_("Rope Trick"), "signpost": N_("Signpost"), "boomtown": N_("Boomtown"), "wanted": N_("Wanted"),
    "dry_creek": N_("Dry Creek")}
#: the four suits (``Suit`` values) as a player names them after "ace of"
SUIT_NAMES: dict[str, str] = {"spades": N_("spades"), "hearts": N_("hearts"), "clubs": N_("clubs"),
                              "diamonds": N_("diamonds")}


#: the daily puzzle's difficulties (``puzzles.archive.DIFFICULTIES``) in words
DIFFICULTY_NAMES: dict[str, str] = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}


def puzzle_title(date: str, difficulty: str) -> str:
    """The title of a daily puzzle's board picture in the current language: ``"Daily puzzle 2026-11-28 (easy)"``,
    ``"Défi du jour 2026-11-28 (facile)"`` (``date`` in ISO form; a difficulty not in ``DIFFICULTY_NAMES`` as given)."""
    named = DIFFICULTY_NAMES.get(difficulty)
    return _("Daily puzzle {date} ({difficulty})").format(date=date, difficulty=_(named) if named else difficulty)


def component_name(english: str) -> str:
    """A building's, partner's or wild side's name (its data file's English ``name``) in the current language; a
    name the catalogue lacks (a test's made-up component) as given."""
    return _(english)


def building_name(english: str) -> str:
    """The building ``english`` (``"Sheriff's Office"``) in the current language (``"Bureau du shérif"``)."""
    return _(english)


def the_building(english: str) -> str:
    """The building ``english`` with its article, as a sentence writes it: ``"the Sheriff's Office"``, ``"le Bureau
    du shérif"``, ``"l’Hôtel"``; ``"the <name>"`` for a name not in ``BUILDING_NAMES``."""
    words = BUILDING_NAMES.get(english)
    return _(words[1]) if words else f"the {english}"


def wild_side_name(key: str) -> str:
    """The wild side ``key`` (``"pocket_aces"``) by its name in the current language (``"Paires d’as"``); the key in
    words for one not in ``WILD_SIDE_NAMES``."""
    english = WILD_SIDE_NAMES.get(key)
    return _(english) if english else key.replace("_", " ")


def suit_name(suit: str) -> str:
    """A suit (``"hearts"``) in the current language (``"cœur"``)."""
    english = SUIT_NAMES.get(suit)
    return _(english) if english else suit
