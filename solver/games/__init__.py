"""The games: one package per game, each with the same layers, never importing another game."""
