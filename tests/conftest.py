"""The tests' process runs the heavy-work queue's tasks at once, in the caller (``service.heavy``: ``immediate``),
so the in-process apps need no consumer; the gunicorn servers of the service tests get their own queue
(``tests.service.service_http.Server``).  Set before any module of the service is imported.

In a pytest-xdist worker, the data ``tests.shared`` computes once per run is shared with the other workers."""

import os

os.environ["FLASK_TASK_QUEUE"] = "immediate"


def pytest_configure(config):
    from tests.shared import share_between_workers

    share_between_workers(config)
