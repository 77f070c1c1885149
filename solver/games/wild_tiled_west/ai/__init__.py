"""Layer 5, the AI: position value, determinisation, hints, bots, self-play, partner priors.

Imports only the layers below it (docs/architecture.md)."""
