"""Layer 3, the engine: the ``Game`` state machine (decisions, moves, events, replay, views).

Imports only its game's ``rules`` and ``components`` (docs/architecture.md)."""
