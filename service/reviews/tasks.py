"""Move reviews on the heavy-work queue (``service.heavy``): a slice of decisions per task, at the reviews' priority
(``PRIORITY_REVIEW``: below people's hints, bot opponents and the stateless analysis, above all-bot games;
``service.fairness``), and a sweep every minute that queues again the reviews a dead process left unfinished."""

from __future__ import annotations

import logging

from huey import crontab

from service.fairness import TIERS, tier
from service.heavy import BACKGROUND, huey, task_app
from service.reviews.store import Reviews

log = logging.getLogger(__name__)


def _reviews() -> Reviews:
    return task_app().extensions["wtw_reviews"]


def queue_review_slice(review_id: str) -> None:
    """Queue the next slice of the review ``review_id`` (``review_slice``) at ``PRIORITY_REVIEW``."""
    review_slice(review_id, priority=tier(task_app().config, "REVIEW"))


@huey.task(priority=TIERS["REVIEW"])
def review_slice(review_id: str) -> None:
    """Review the next ``REVIEW_SLICE_SECONDS`` of decisions of ``review_id``, then queue the rest as another task."""
    if _reviews().work(review_id, float(task_app().config["REVIEW_SLICE_SECONDS"])):
        queue_review_slice(review_id)


@huey.periodic_task(crontab(minute="*"), priority=BACKGROUND)
def sweep_stalled_reviews() -> None:
    """Every minute: queue the next slice of each review left unfinished and unwritten for ``REVIEW_STALL_SECONDS``."""
    stalled = _reviews().stalled(float(task_app().config["REVIEW_STALL_SECONDS"]))
    for review_id in stalled:
        queue_review_slice(review_id)
    if stalled:
        log.info("queued %d stalled move reviews", len(stalled))
