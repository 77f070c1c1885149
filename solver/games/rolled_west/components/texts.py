"""Rolled West's words in the languages the game is written in (issues 37 and 38, "French"): the message catalogue of
this game's move labels (``solver.core.language.Catalogue``; the French in
``solver/games/rolled_west/locales/fr/LC_MESSAGES/rolled_west.po``).  ``_`` writes a message in the caller's language
(``solver.core.language.speaking``); ``N_`` marks one written later.

The components' names a player reads, identifiers in the data files (``wood``, ``woods``), are messages too:
``RESOURCE_NAMES`` and ``TERRAIN_NAMES`` (``tests/rolled_west/test_components.py`` checks they name every one of the
data's).  There is no French rule text of this game: the French words are our own, the web client's
(``service/web/static/locales/fr.json``, ``rolled-west``): bois, cuivre, argent, or; la forêt, la vallée, les
collines, les montagnes; campement, colonie, contrat, bureau de Boomtown, case blanche, case sombre.  Source: our
design."""

from __future__ import annotations

from pathlib import Path

from solver.core.language import N_, Catalogue

TEXTS = Catalogue(Path(__file__).resolve().parent.parent / "locales", "rolled_west")
_ = TEXTS.gettext
__all__ = ["N_", "RESOURCE_NAMES", "TERRAIN_NAMES", "TEXTS", "_", "amounts", "contract_name", "office_name", "resource_name",
           "terrain_name"]

#: each resource of the dice (``dice.toml``), as a label names it after a number ("2 copper")
RESOURCE_NAMES = {"wood": N_("wood"), "copper": N_("copper"), "silver": N_("silver"), "gold": N_("gold")}
#: each terrain a claim row is for (``sheet.toml``), with the article a label writes ("the woods")
TERRAIN_NAMES = {"woods": N_("the woods"), "valley": N_("the valley"), "hills": N_("the hills"),
                 "mountains": N_("the mountains")}


def resource_name(resource: str) -> str:
    """``resource`` (an id of the data: ``copper``) in the caller's language; an unknown id as it is."""
    return _(RESOURCE_NAMES[resource]) if resource in RESOURCE_NAMES else resource


def terrain_name(terrain: str) -> str:
    """``terrain`` (a claim row's id: ``woods``) with its article in the caller's language (``the woods``); an unknown
    id as it is."""
    return _(TERRAIN_NAMES[terrain]) if terrain in TERRAIN_NAMES else terrain


def amounts(counts: dict[str, int], joiner: str = " + ") -> str:
    """``{"copper": 2, "gold": 1}`` as "2 copper + 1 gold" (a cost; ``joiner=", "``: "2 copper, 1 gold", what one
    holds) in the caller's language, resources without a count left out ("" for none)."""
    return joiner.join(f"{n} {resource_name(r)}" for r, n in counts.items() if n)


def contract_name(points: int) -> str:
    """A contract named by its points (each of the sheet's contracts has its own printed value): "the 12-point
    contract"."""
    return _("the {points}-point contract").format(points=points)


def office_name(row: str, column: str) -> str:
    """A Boomtown office named by the metals of its row and column (``copper``, ``silver``): "the copper/silver
    Boomtown office"."""
    return _("the {row}/{column} Boomtown office").format(row=resource_name(row), column=resource_name(column))
