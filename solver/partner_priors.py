"""Expected Endgame points of each partner card, for hints and bots that choose or hold partners.

A partner's condition scores on the settlement at the end of the game (rulebook, Partners / Endgame); at a
partner decision the board is still bare, so its points *now* say little.  The prior is what the card would
score on the final settlements of self-play games: ``solver/data/partner_priors.toml`` holds, per card, the
mean of ``solver.scoring.partner_points`` over the final ``partner_counts`` of every seat of hint-bot games
(solo and 2 players), whatever partners those seats held.  It is derived data (our self-play, not the
rulebook); ``python -m solver.partner_priors --games 20`` measures it again and rewrites the file.
"""

from __future__ import annotations

import argparse
import statistics
import tomllib
from functools import cache
from pathlib import Path

from tqdm import tqdm

from solver.catalog import load_catalog
from solver.scoring import partner_counts, partner_points

PRIORS_FILE = Path(__file__).parent / "data" / "partner_priors.toml"


@cache
def partner_priors() -> dict[str, float]:
    """Partner id -> expected Endgame points (derived by self-play; empty if the file is missing)."""
    if not PRIORS_FILE.exists():
        return {}
    with PRIORS_FILE.open("rb") as fh:
        data = tomllib.load(fh)
    return {row["id"]: float(row["points"]) for row in data.get("partner", [])}


def measure(games: int, seed: int = 1) -> dict[str, float]:
    """Mean points of every partner card on the final settlements of ``games`` solo and ``games``
    2-player hint-bot games (seeds ``seed``, ``seed + 1``, ...)."""
    from solver.bots import make_bot, play_game
    from solver.config import GameConfig
    from solver.game import Game

    catalog = load_catalog()
    finals = []
    for i in tqdm(range(2 * games), desc="partner priors", unit="game"):
        players = 1 + i % 2
        game = Game(GameConfig(players=players, seed=seed + i), catalog)
        play_game(game, {s: make_bot("hint", (seed + i) * 7 + s) for s in range(players)})
        finals += [partner_counts(p) for p in game.players]
    return {c.id: round(statistics.mean(partner_points(catalog, c.id, counts) for counts in finals), 2)
            for c in catalog.partners}


def main(argv: list[str] | None = None) -> int:
    """Measure the priors and rewrite ``solver/data/partner_priors.toml``."""
    parser = argparse.ArgumentParser(prog="python -m solver.partner_priors", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per player count (1 and 2)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    priors = measure(args.games, args.seed)
    lines = ["# Expected Endgame points per partner card: derived by self-play (solver/partner_priors.py),",
             f"# python -m solver.partner_priors --games {args.games} --seed {args.seed}.", "",
             f'source = "derived: mean over the final settlements of {2 * args.games} hint-bot games"', ""]
    for card_id, points in priors.items():
        lines += ["[[partner]]", f'id = "{card_id}"', f"points = {points}", ""]
    PRIORS_FILE.write_text("\n".join(lines), encoding="utf-8")
    print(", ".join(f"{k} {v}" for k, v in priors.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
