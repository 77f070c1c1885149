"""Wild Tiled West's words in the languages the game is written in (issue 37, "French"): the message catalogue of
this game's refusals and reasons (``solver.core.language.Catalogue``; the French in
``solver/games/wild_tiled_west/locales/fr/LC_MESSAGES/wild_tiled_west.po``, with the French rulebook's terms:
plateau Colonie, tuile, ruelle, vache, colline, mine, as de poche, lit de rivière asséché).  ``_`` writes a message in
the caller's language (``solver.core.language.speaking``); ``N_`` marks one written later.  Source: our design."""

from __future__ import annotations

from pathlib import Path

from solver.core.language import N_, Catalogue

TEXTS = Catalogue(Path(__file__).resolve().parent.parent / "locales", "wild_tiled_west")
_ = TEXTS.gettext
__all__ = ["N_", "TEXTS", "_"]

