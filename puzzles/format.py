"""The puzzle's canonical JSON and its content id (our design, docs/puzzles.md).

A puzzle is published as canonical JSON: keys sorted, no spaces (``","`` and ``":"`` separators), ASCII
only (anything else ``\\u``-escaped), no NaN or infinity.  The same data gives the same bytes on every
machine and under any ``PYTHONHASHSEED``.  A puzzle's ``id`` is derived from its content, so a stored
puzzle can be told apart from a regenerated one that differs.
"""

from __future__ import annotations

import hashlib
import json

ID_HEX_DIGITS = 16  #: a puzzle id is the first 16 hex digits (64 bits) of the SHA-256 of its content


def canonical_json(obj: object) -> str:
    """``obj`` (JSON data: dict, list, str, int, float, bool, None) as canonical JSON text.

    Raises ``TypeError`` for data JSON cannot hold and ``ValueError`` for NaN or infinity."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


def content_id(puzzle: dict) -> str:
    """The id of a puzzle: SHA-256 of the canonical JSON of every field but ``"id"`` itself, first
    ``ID_HEX_DIGITS`` hex digits.  Raises like ``canonical_json``."""
    content = {k: v for k, v in puzzle.items() if k != "id"}
    return hashlib.sha256(canonical_json(content).encode("ascii")).hexdigest()[:ID_HEX_DIGITS]
