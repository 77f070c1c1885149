"""What every game uses and no game owns: the registry of the games (``registry``), the protocol every game
implements (``protocol``), the information-set search over a game's plug-in (``search``), bots (``bots``), self-play
(``selfplay``) and move review (``review``).

Imports no game: the games import the core, never the other way round (docs/architecture.md)."""
