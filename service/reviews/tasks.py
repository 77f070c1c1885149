"""Move reviews on the heavy-work queue (``service.heavy``): a slice of decisions per task, at background priority
(``service.reviews.store``), and a sweep every minute that queues again the reviews a dead process left unfinished."""

from __future__ import annotations

import logging

from huey import crontab

from service.heavy import BACKGROUND, huey, task_app
from service.reviews.store import Reviews

log = logging.getLogger(__name__)


def _reviews() -> Reviews:
    return task_app().extensions["wtw_reviews"]


@huey.task(priority=BACKGROUND)
def review_slice(review_id: str) -> None:
    """Review the next ``REVIEW_SLICE_SECONDS`` of decisions of ``review_id``, then queue the rest as another task."""
    if _reviews().work(review_id, float(task_app().config["REVIEW_SLICE_SECONDS"])):
        review_slice(review_id)


@huey.periodic_task(crontab(minute="*"), priority=BACKGROUND)
def sweep_stalled_reviews() -> None:
    """Every minute: queue the next slice of each review left unfinished and unwritten for ``REVIEW_STALL_SECONDS``."""
    stalled = _reviews().stalled(float(task_app().config["REVIEW_STALL_SECONDS"]))
    for review_id in stalled:
        review_slice(review_id)
    if stalled:
        log.info("queued %d stalled move reviews", len(stalled))
