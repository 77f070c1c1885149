"""Layer 6, pictures of a settlement board: plain text (``text``) and SVG (``svg``).

Imports only the layers below it (docs/architecture.md)."""
