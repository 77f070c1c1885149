"""Rebuild the partner priors (``solver.games.wild_tiled_west.ai.partner_priors``) by self-play: ``python -m solver priors --games 20``.

Plays hint-bot games (solo and 2 players), scores every partner card's condition on every final settlement
(``solver.games.wild_tiled_west.rules.partners.partner_points``) and writes the means to ``solver/games/wild_tiled_west/components/data/partner_priors.toml``.
Source: our design (docs/hints.md); the priors are derived data, not the rulebook's.
"""

from __future__ import annotations

import statistics
from pathlib import Path

from tqdm import tqdm

from solver.games.wild_tiled_west.ai.bots import make_bot, play_game
from solver.games.wild_tiled_west.ai.partner_priors import PRIORS_FILE
from solver.games.wild_tiled_west.components.catalog import load_catalog
from solver.games.wild_tiled_west.engine.game import Game
from solver.games.wild_tiled_west.rules.partners import partner_counts, partner_points
from solver.games.wild_tiled_west.rules.setup import GameConfig


def measure(games: int, seed: int = 1) -> dict[str, float]:
    """Mean points of every partner card on the final settlements of ``games`` solo and ``games``
    2-player hint-bot games (seeds ``seed``, ``seed + 1``, ...)."""

    catalog = load_catalog()
    finals = []
    for i in tqdm(range(2 * games), desc="partner priors", unit="game"):
        players = 1 + i % 2
        game = Game(GameConfig(players=players, seed=seed + i), catalog)
        play_game(game, {s: make_bot("hint", (seed + i) * 7 + s) for s in range(players)})
        finals += [partner_counts(p) for p in game.players]
    return {c.id: round(statistics.mean(partner_points(catalog, c.id, counts) for counts in finals), 2)
            for c in catalog.partners}


def write_priors(priors: dict[str, float], games: int, seed: int, path: Path = PRIORS_FILE) -> None:
    """Write ``priors`` (partner id -> points) as the priors file, saying how they were measured."""
    lines = ["# Expected Endgame points per partner card: derived by self-play (solver/games/wild_tiled_west/ai/partner_priors_rebuild.py),",
             f"# python -m solver priors --games {games} --seed {seed}.", "",
             f'source = "derived: mean over the final settlements of {2 * games} hint-bot games"', ""]
    for card_id, points in priors.items():
        lines += ["[[partner]]", f'id = "{card_id}"', f"points = {points}", ""]
    path.write_text("\n".join(lines), encoding="utf-8")
