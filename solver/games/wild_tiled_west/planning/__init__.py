"""Layer 4, planning: the plan value, the exhaustive enumerator and the CP-SAT plan model (``cpsat``).

Imports only the layers below it (docs/architecture.md)."""
