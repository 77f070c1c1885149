"""Benchmark: Rolled West's hint latency through the service, at the default budget (issue 38).

The service's app runs in this process (``service.app.create_app``, the heavy-work queue ``immediate``: each hint's
task runs in the requesting process, as one consumer would run it, without the queue's wait), on a fresh SQLite file.
Each 2-player game (seed ``--seed + i``) is created through ``POST /games`` and played by posting random legal moves;
before each move, every seat that must decide asks ``GET /games/<id>/hint`` with its own token (the active player's
whole turn, and a neighbour's bank between turns), until ``--hints`` hints were asked.  Prints the p50, p95 and max
wall time of a hint as the client measures it, and how many simulations the answers ran.  Target (issue 38, as Wild
Tiled West's): p95 <= 900 ms at the default budget (800 ms).
Run: ``python bench/rolled_west_hints.py [--hints N] [--budget-ms MS] [--seed S]``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

import _path  # noqa: F401  (first: keeps bench/solver.py from shadowing the solver package)

os.environ["FLASK_TASK_QUEUE"] = "immediate"  # read when service.heavy is imported

from tqdm import tqdm

from service.app import create_app
from solver.core.bots import DEFAULT_BUDGET_MS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hints", type=int, default=60)
    parser.add_argument("--budget-ms", type=int, default=int(DEFAULT_BUDGET_MS))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{Path(folder) / 'hints.sqlite3'}",
                          "RATELIMIT_ENABLED": False})
        client = app.test_client()
        walls, simulations, kinds = [], [], []
        bar = tqdm(total=args.hints, unit="hint")
        game = 0
        while len(walls) < args.hints:
            created = client.post("/games", json={"game": "rolled-west", "players": 2, "seed": args.seed + game}).get_json()
            game_id, rng = created["id"], random.Random(args.seed + game)
            tokens = {t["seat"]: {"Authorization": f"Bearer {t['token']}"} for t in created["tokens"]}
            game += 1
            state = client.get(f"/games/{game_id}", headers=tokens[0]).get_json()
            while not state["finished"] and len(walls) < args.hints:
                for seat in state["pending_seats"]:
                    start = time.perf_counter()
                    answer = client.get(f"/games/{game_id}/hint?budget_ms={args.budget_ms}", headers=tokens[seat])
                    walls.append((time.perf_counter() - start) * 1000.0)
                    assert answer.status_code == 200, answer.get_json()
                    simulations.append(answer.get_json()["simulations"])
                    kinds.append(state["pending"]["type"] if seat == state["active"] else "bank_between")
                    bar.update()
                seat = rng.choice(state["pending_seats"])
                moves = client.get(f"/games/{game_id}/legal-moves", headers=tokens[seat]).get_json()["moves"]
                move = {k: v for k, v in rng.choice(moves).items() if k != "label"}
                posted = client.post(f"/games/{game_id}/moves", json=move, headers=tokens[seat])
                assert posted.status_code == 200, posted.get_json()
                state = client.get(f"/games/{game_id}", headers=tokens[seat]).get_json()
        bar.close()
        app.extensions["wtw_games"].storage.engine.dispose()
    ordered = sorted(walls)
    print(f"{len(walls)} Rolled West hints through the service ({game} 2-player games; {dict(sorted(_count(kinds).items()))}), "
          f"budget {args.budget_ms} ms: p50 {statistics.median(walls):.0f} ms, p95 {ordered[int(0.95 * (len(ordered) - 1))]:.0f} "
          f"ms, max {ordered[-1]:.0f} ms (target p95 <= 900); simulations per hint median {statistics.median(simulations):.0f}")


def _count(kinds: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for kind in kinds:
        out[kind] = out.get(kind, 0) + 1
    return out


if __name__ == "__main__":
    main()
