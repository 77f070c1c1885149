"""Layer 2, the rules: one module per rulebook section, as the rulebook names it, over plain game state.

Imports only ``solver.games.wild_tiled_west.components`` (docs/architecture.md)."""
