"""Layer 3, the engine: the ``Game`` state machine (decisions, moves, events, replay, views).

Imports only ``solver.rules`` and ``solver.components`` (docs/architecture.md)."""
