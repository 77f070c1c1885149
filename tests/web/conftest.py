"""Fixtures of the browser tests (issue 28): one gunicorn serving the app as ``make serve`` does (its own database,
with today's easy puzzles of Wild Tiled West and Rolled West stored in it), one Chromium driven by Playwright for Python, and the figures the tests
measure, printed at the end of the run.

The browser is Debian's ``chromium`` (``.ci/run`` installs it when missing; Playwright's own browser download is not
used): ``$CHROMIUM``, else ``chromium`` on ``PATH``, else ``/usr/bin/chromium``.  Without one every test here is
skipped, and pytest's summary says why (``make test`` runs ``pytest -ra``).  ``SCREENSHOTS_DIR`` (e.g.
``docs/screenshots``) keeps the screenshots the tests take; by default they go to a temporary directory."""

from __future__ import annotations

import datetime
import json
import os
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from puzzles.format import canonical_json, content_id
from service.storage import Storage, StoredPuzzle
from tests.rolled_west.puzzle_data import golden_path
from tests.service.databases import fresh_database
from tests.service.service_http import Server, redated_puzzle
from tests.web.player import FIGURES, summary


def chromium_path() -> str | None:
    """The Chromium to drive: ``$CHROMIUM``; else Debian's ``chromium-headless-shell`` (Chromium's headless shell:
    the same engine without the browser's own user interface; the browser tests cost its processes about 40% less
    CPU than the whole ``chromium``'s); else ``chromium`` (on ``PATH`` or ``/usr/bin/chromium``); None when there is
    none."""
    for candidate in (os.environ.get("CHROMIUM"), shutil.which("chromium-headless-shell"),
                      "/usr/bin/chromium-headless-shell", shutil.which("chromium"), "/usr/bin/chromium"):
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return candidate
    return None


NO_BROWSER = "no Chromium found ($CHROMIUM, chromium-headless-shell or chromium on PATH or in /usr/bin): the browser " \
             "tests of the web client are skipped (install Debian's chromium-headless-shell: apt-get install " \
             "chromium-headless-shell; .ci/run does)"

def pytest_collection_modifyitems(config, items):
    if chromium_path() is None:
        skip = pytest.mark.skip(reason=NO_BROWSER)
        for item in items:
            if "tests/web/" in str(item.fspath).replace(os.sep, "/"):
                item.add_marker(skip)


def pytest_terminal_summary(terminalreporter):
    if not FIGURES:
        return
    terminalreporter.section("web client figures (milliseconds)")
    for name, values in FIGURES.items():
        terminalreporter.write_line(summary(name, values))


@pytest.fixture(scope="session")
def today_puzzle():
    """Today's (UTC) easy puzzle as the server will serve it: the session's real puzzle, re-dated (no generation)."""
    return redated_puzzle(datetime.datetime.now(datetime.UTC).date(), "easy")


@pytest.fixture(scope="session")
def today_rolled_west_puzzle():
    """Today's (UTC) easy Rolled West puzzle as the server will serve it: a golden one (2026-01-01, easy: a real
    generated puzzle), re-dated (no generation), its content id recomputed."""
    puzzle = {**json.loads(golden_path(datetime.date(2026, 1, 1), "easy").read_text()),
              "date": datetime.datetime.now(datetime.UTC).date().isoformat()}
    return {**puzzle, "id": content_id(puzzle)}


@pytest.fixture(scope="session")
def server(tmp_path_factory, today_puzzle, today_rolled_west_puzzle):
    """gunicorn as ``make serve`` starts it, on a free port, with its own database holding today's easy puzzles."""
    url = fresh_database(tmp_path_factory.mktemp("web"), "web")
    storage = Storage(url)
    storage.create_tables()
    storage.insert_puzzle(StoredPuzzle(today_puzzle["id"], today_puzzle["date"], "easy", canonical_json(today_puzzle)))
    rw = today_rolled_west_puzzle
    storage.insert_puzzle(StoredPuzzle(rw["id"], rw["date"], "easy", canonical_json(rw), "rolled-west"))
    storage.engine.dispose()
    # quick hints and move reviews: the page is under test, not the search (its strength is bench/'s)
    s = Server(url, env={"FLASK_REVIEW_MAX_BUDGET_MS": "20", "FLASK_HINT_DEFAULT_BUDGET_MS": "50"}).start()
    s.base = f"http://127.0.0.1:{s.port}/"
    yield s
    s.kill()  # at once: a graceful stop would wait for the event streams the pages left open


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path())
        yield b
        b.close()


@pytest.fixture(scope="session")
def shots(tmp_path_factory) -> Path:
    """Where the screenshots go: ``$SCREENSHOTS_DIR`` or a temporary directory."""
    folder = Path(os.environ.get("SCREENSHOTS_DIR") or tmp_path_factory.mktemp("screenshots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def new_page(browser):
    """``new_page(width=1280, height=800, touch=False, locale="en-GB")``: a page in a browser context of its own (its
    own storage; a touch screen with ``touch``; the browser's language ``locale``), closed after the test; JavaScript
    errors on it fail the test."""
    contexts, errors = [], []

    def make(width: int = 1280, height: int = 800, touch: bool = False, locale: str = "en-GB"):
        context = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch,
                                      locale=locale)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.set_default_timeout(20_000)
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
