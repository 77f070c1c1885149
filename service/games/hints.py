"""A seat's hint in any registered game, as a heavy-work task (``service.heavy``): its game object's ``hint``
(``solver.core.protocol.Game.hint``) from the seat's position only, run by the queue's consumer processes and waited
for by the request that asked (``service.fairness.run_for_request``, at the ``HINT`` priority)."""

from __future__ import annotations

import logging
from typing import Any

from service.fairness import TIERS
from service.heavy import huey, refusals, task_app
from service.language import _
from service.problems import Refused

log = logging.getLogger(__name__)


@huey.task(priority=TIERS["HINT"])
@refusals
def game_hint_task(game: str, position: dict[str, Any], top: int, budget_ms: int, simulations: int | None = None,
                   seed: int = 0) -> dict[str, Any]:
    """The ``top`` best options of ``position``'s seat (``State.position`` data) in the game ``game`` (a registered
    game's id), within ``budget_ms`` milliseconds (already capped by the server) or ``simulations`` where the game's hint
    counts them, its sampling of hidden information seeded by ``seed`` (answered as ``search_seed``: apart from the
    game's own seed, which no answer shows).  Refused: 422 ``no_hint`` for a position the game gives no hint from, 422
    ``malformed_position`` when the game fails on it (only the exception's type is logged: no game data)."""
    rules = task_app().extensions["wtw_games"].game_object(game)
    try:
        answer = rules.hint(position, top=top, budget_ms=budget_ms, seed=seed, simulations=simulations)
    except ValueError as exc:
        raise Refused(422, str(exc), rule="no_hint") from None
    except Exception as exc:
        log.info("the %s engine failed on a position while giving a hint: %s", game, type(exc).__name__)
        raise Refused(422, _("the engine cannot give a hint from this position ({error})").format(error=type(exc).__name__),
                      rule="malformed_position") from None
    if "seed" in answer:
        answer["search_seed"] = answer.pop("seed")
    return answer
