"""The tests' process runs the heavy-work queue's tasks at once, in the caller (``service.heavy``: ``immediate``),
so the in-process apps need no consumer; the gunicorn servers of the service tests get their own queue
(``tests.service.service_http.Server``).  Set before any module of the service is imported.

How ``make test``'s processes share out the tests (pytest-xdist, ``--dist worksteal``: ``[tool.pytest.ini_options]``):
pytest-xdist gives each process an equal number of consecutive tests in the order of the items, and a process that
runs out takes the second half of the tests another one still has waiting.  The items are ordered here
(``share_out``) so that each process's share holds about the same work, its longest first and the many short tests
last, and so that a module whose tests share a server or a browser (``TOGETHER``) lies whole in one share: its
server starts once, not once in each process, and what a process takes from another at the end is short tests.

In a pytest-xdist worker, the data ``tests.shared`` computes once per run is shared with the other workers."""

from __future__ import annotations

import os

import pytest

os.environ["FLASK_TASK_QUEUE"] = "immediate"

#: the modules (or folders) whose tests share a server or a browser started by a module- or session-scoped fixture, or
#: data a process makes once for them (the placement model's positions)
TOGETHER = (
    "tests/web/",  # one gunicorn and one Chromium (tests/web/conftest.py)
    "tests/service/test_service_analysis.py",
    "tests/service/test_service_bots.py",
    "tests/service/test_service_crowd.py",
    "tests/service/test_service_fairness.py",
    "tests/service/test_service_games.py",
    "tests/service/test_service_lobby.py",
    "tests/service/test_service_protocol.py",
    "tests/service/test_service_puzzles.py",
    "tests/service/test_service_reviews.py",  # a game played to its end over the API, reviewed by most tests
    "tests/service/test_service_serving.py",
    "tests/planning/test_placement_model.py",  # its positions, made once in the process that runs it
)

#: about how many seconds each of the longest modules takes in make test (2 processes on the 2-core machine); the
#: others count as short.  Only the order of the tests depends on it: a figure out of date costs time, nothing else.
SECONDS = {  # measured 2026-11-28 (pytest -n 2, each module's tests' wall time in its process)
    "tests/web/": 165,
    "tests/puzzles/test_golden_puzzles.py": 163,
    "tests/service/test_service_openapi.py": 125,
    "tests/planning/test_placement_model.py": 96,
    "tests/service/test_service_reviews.py": 56,
    "tests/service/test_service_bots.py": 53,
    "tests/service/test_service_games.py": 46,
    "tests/service/test_service_consumer.py": 45,
    "tests/ai/test_search.py": 33,
    "tests/ai/test_hints.py": 32,
    "tests/service/test_service_analysis.py": 29,
    "tests/service/test_service_fairness.py": 28,
    "tests/service/test_service_event_log.py": 25,
    "tests/service/test_service_protocol.py": 21,
    "tests/core/test_conformance.py": 20,
    "tests/service/test_service_storage.py": 20,
    "tests/service/test_service_serving.py": 19,
    "tests/engine/test_playthroughs.py": 17,
    "tests/service/test_service_queue.py": 15,
    "tests/service/test_service_lobby.py": 12,
    "tests/service/test_service_crowd.py": 12,
    "tests/service/test_service_puzzles.py": 8,
    "tests/rolled_west/test_puzzles.py": 20,  # its golden puzzles, generated (measured 2026-11-28, one process)
    "tests/rolled_west/test_planning.py": 9,
    "tests/service/test_service_text.py": 7,
}


def pytest_configure(config):
    from tests.shared import share_between_workers

    share_between_workers(config)


def _module(item: pytest.Item) -> str:
    """The module of ``item`` as ``TOGETHER`` and ``SECONDS`` name it: its folder when they name the folder."""
    path = item.nodeid.split("::", 1)[0]
    return next((name for name in (*TOGETHER, *SECONDS) if path.startswith(name)), path)


def share_out(items: list[pytest.Item], processes: int) -> list[pytest.Item]:
    """``items`` in the order that gives each of ``processes`` consecutive equal shares of them (as pytest-xdist's
    ``worksteal`` hands them out) about the same seconds (``SECONDS``): the long work is dealt out, longest first, to
    the share with the fewest seconds so far, a ``TOGETHER`` module whole, another module's tests one by one.  Each
    share runs its ``TOGETHER`` modules first (what a process takes from another at the end is never one of them),
    then its other long tests, longest first, and is filled up with the short tests, in their order."""
    modules: dict[str, list[pytest.Item]] = {}
    for item in items:
        modules.setdefault(_module(item), []).append(item)
    units: list[tuple[float, bool, list[pytest.Item]]] = []  # (seconds, a TOGETHER module, items dealt together)
    short: list[pytest.Item] = []
    for name, tests in modules.items():
        if name not in SECONDS:
            short.extend(tests)
        elif name in TOGETHER:
            units.append((SECONDS[name], True, tests))
        else:
            units.extend((SECONDS[name] / len(tests), False, [test]) for test in tests)
    units.sort(key=lambda unit: -unit[0])  # stable: a module's tests keep their order
    shares: list[list[tuple[float, bool, list[pytest.Item]]]] = [[] for _ in range(processes)]
    seconds = [0.0] * processes
    for unit in units:
        least = seconds.index(min(seconds))
        shares[least].append(unit)
        seconds[least] += unit[0]
    out: list[pytest.Item] = []
    for k, share in enumerate(shares):
        share.sort(key=lambda unit: not unit[1])  # stable: the TOGETHER modules first, each part longest first
        tests = [test for _, _, unit_tests in share for test in unit_tests]
        size = (len(items) - len(out)) // (processes - k)  # pytest-xdist's share of what is left
        fill = max(0, size - len(tests))
        out.extend(tests + short[:fill])
        del short[:fill]
    return out + short


def pytest_collection_modifyitems(config, items):
    workerinput = getattr(config, "workerinput", None)
    items[:] = share_out(items, int(workerinput["workercount"]) if workerinput else 1)
