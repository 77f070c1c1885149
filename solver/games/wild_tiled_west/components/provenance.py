"""Provenance of component data: where each value of the catalog comes from.

Every entry of the data files under ``solver/games/wild_tiled_west/components/data`` carries a ``source`` string (and optionally a
``sources`` table overriding it field by field).  This module parses those strings; see
``docs/data-format.md`` (section "Provenance") for the format.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class SourceKind(str, Enum):
    """How sure a value is (``../shared/design/components.md``)."""

    RULEBOOK = "rulebook"  #: stated in the rulebook text; the note cites the section
    PUBLIC = "public"  #: from public material about the game
    DERIVED = "derived"  #: follows by arithmetic from rulebook statements
    RECONSTRUCTED = "reconstructed"  #: not known; chosen by us within every known constraint


@dataclass(frozen=True)
class Provenance:
    """The source of one value: its kind and a free-text note (section, material or reasoning)."""

    kind: SourceKind
    note: str = ""

    def __str__(self) -> str:
        return f"{self.kind.value}: {self.note}" if self.note else self.kind.value

    def to_json(self) -> dict[str, str]:
        """``{"kind": ..., "note": ...}`` for the HTTP API."""
        return {"kind": self.kind.value, "note": self.note}


def parse_source(text: object) -> Provenance:
    """Parse a source string such as ``"rulebook: Setup"`` or ``"reconstructed"``.

    Raises ``ValueError`` when the string is not one of the four kinds, or when a ``rulebook``,
    ``public`` or ``derived`` source gives no section, material or reasoning after the colon.
    """
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"source must be a non-empty string, got {text!r}")
    head, _, note = text.partition(":")
    try:
        kind = SourceKind(head.strip())
    except ValueError:
        kinds = ", ".join(k.value for k in SourceKind)
        raise ValueError(f"source {text!r} must start with one of: {kinds}") from None
    note = note.strip()
    if kind is not SourceKind.RECONSTRUCTED and not note:
        raise ValueError(f"a {kind.value} source must say which section, material or reasoning: {text!r}")
    return Provenance(kind, note)


@dataclass(frozen=True)
class Sourced:
    """The provenance of one catalog entry: a default plus per-field overrides."""

    default: Provenance
    fields: tuple[tuple[str, Provenance], ...] = ()

    def of(self, field: str) -> Provenance:
        """The provenance of ``field`` (the override if there is one, else the default)."""
        for name, prov in self.fields:
            if name == field:
                return prov
        return self.default

    def to_json(self) -> dict[str, object]:
        """``{"source": {...}, "fields": {name: {...}}}`` for the HTTP API."""
        return {"source": self.default.to_json(), "fields": {n: p.to_json() for n, p in self.fields}}

    def reconstructed_fields(self, names: list[str]) -> list[str]:
        """The names among ``names`` whose provenance is ``reconstructed``."""
        return [n for n in names if self.of(n).kind is SourceKind.RECONSTRUCTED]
