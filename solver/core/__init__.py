"""What every game uses and no game owns: for now the registry of the games (``registry``).

Imports no game: the games import the core, never the other way round (docs/architecture.md)."""
