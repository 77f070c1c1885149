"""A state consistent with a seat's position (``solver.core.protocol.Game.sample``): every other seat's sealed bank
choice drawn among its legal moves, the future dice from a new seed; everything else is open and copied."""

from __future__ import annotations

import random
from typing import Any

from solver.core.protocol import JSON
from solver.games.rolled_west.components.values import Components
from solver.games.rolled_west.engine.game import RolledWest
from solver.games.rolled_west.engine.moves import distinct
from solver.games.rolled_west.engine.views import PUBLIC


def sample_state(position: JSON, seed: int, components: Components) -> RolledWest:
    """The determinization of ``position`` (``RolledWest.position``) drawn from ``seed``."""
    rng = random.Random(f"rolled-west:sample:{seed}")
    me = position["seat"]
    data: dict[str, Any] = {k: position[k] for k in PUBLIC if k != "rounds"}
    data.update(players=position["config"]["players"], seed=seed, rolls=position["rolls"], resolved=position["resolved"],
                sheets=position["sheets"], move_seats=position["move_seats"], move_sealed=position["move_sealed"],
                events=[{k: v for k, v in e.items() if k != "n"} for e in position["events"]])
    state = RolledWest.from_json({**data, "moves": [], "sealed": {}}, components)
    offered = state.offered()
    choices: list[str | None] = [*distinct(offered), None]
    sealed: dict[int, str | None] = {}
    for s in position["decided"]:
        sealed[s] = (position["my_bank"] or {}).get("resource") if s == me else rng.choice(choices)
    state.sealed = sealed
    state.moves = [dict(m) if m != {"type": "sealed"} else _sealed_move(sealed.get(position["move_seats"][n]))
                   for n, m in enumerate(position["moves"])]
    return state


def _sealed_move(choice: str | None) -> JSON:
    return {"type": "pass"} if choice is None else {"type": "bank_between", "resource": choice}
