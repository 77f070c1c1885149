"""The registry of the games the house hosts: one ``GameEntry`` per game, by its id.

A game's package holds its entry's data (``solver.games.<game>.ENTRY``) and ``solver.games`` registers every
game when it is imported, so the command line, the puzzles and the service can find a game by its id
(``get("wild-tiled-west")``) and list them all (``entries()``) without naming one.  This module imports no game.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from types import ModuleType

__all__ = ["GameEntry", "companion_module", "entries", "get", "register"]


@dataclass(frozen=True)
class GameEntry:
    """What the house knows of a game before loading it.

    ``id``: the game's id in URLs, stored games and seeds (``"wild-tiled-west"``); ``title``: its name as its rule
    text prints it; ``players``: the numbers of players it is played with (``range(1, 6)``: 1 to 5); ``rules``: the
    file name of its rule text under shared/seeds (``"wild-tiled-west-rulebook-en.md"``); ``package``: the Python
    package that implements it (``"solver.games.wild_tiled_west"``), whose ``protocol`` module holds its game object
    (``solver.core.protocol.load``)."""

    id: str
    title: str
    players: range
    rules: str
    package: str
    #: what of the game's components is reconstructed rather than printed in a sourced list, in a sentence ("" when
    #: nothing is): what the catalog of games says beside the game
    reconstructed: str = ""

    def companion(self, top: str) -> str:
        """The name of the game's package under the top-level package ``top``, named as its own package's last part
        (``solver.games.wild_tiled_west``, ``"service"`` -> ``service.wild_tiled_west``): where the service and the
        puzzles keep what only this game has (``companion_module``)."""
        return f"{top}.{self.package.rpartition('.')[2]}"

    @property
    def protocol_module(self) -> str:
        """The module holding the game's ``solver.core.protocol.Game`` object, as ``GAME``: ``<package>.protocol``."""
        return f"{self.package}.protocol"

    def __post_init__(self) -> None:
        if not self.id or not self.title or not self.rules or not self.package:
            raise ValueError(f"a game entry needs an id, a title, a rule text and a package: {self!r}")
        if not self.players or self.players.step != 1 or self.players.start < 1:
            raise ValueError(f"{self.id}: players must be a range of player counts from 1 up, got {self.players!r}")


_ENTRIES: dict[str, GameEntry] = {}


def register(entry: GameEntry) -> GameEntry:
    """Add ``entry`` to the registry and return it; raises ``ValueError`` when a game of that id is registered."""
    if entry.id in _ENTRIES:
        raise ValueError(f"a game with the id {entry.id!r} is already registered ({_ENTRIES[entry.id].package})")
    _ENTRIES[entry.id] = entry
    return entry


def get(game_id: str) -> GameEntry:
    """The entry of the game ``game_id``; raises ``KeyError`` naming the known ids when there is none."""
    try:
        return _ENTRIES[game_id]
    except KeyError:
        known = ", ".join(sorted(_ENTRIES)) or "none"
        raise KeyError(f"no game with the id {game_id!r} (known: {known})") from None


def entries() -> tuple[GameEntry, ...]:
    """Every registered game's entry, in the order they were registered."""
    return tuple(_ENTRIES.values())


def companion_module(entry: GameEntry, top: str) -> ModuleType | None:
    """The game's companion package ``entry.companion(top)`` (its HTTP extras under ``service``, its daily puzzle under
    ``puzzles``), imported, or ``None`` when the game has none (a convention: nothing else registers it).  Raises
    whatever importing it raises."""
    name = entry.companion(top)
    return importlib.import_module(name) if importlib.util.find_spec(name) is not None else None
