"""Layer 1, the components: value types, the TOML loader and its validation, provenance, the data files.

Imports nothing else of the project (docs/architecture.md)."""
