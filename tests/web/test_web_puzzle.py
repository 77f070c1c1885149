"""Today's daily puzzle in the browser (issue 28), by clicks and keys only: each tile of the optimal solution (taken
from the analysis API, as a player could read it elsewhere) picked in the hand, turned with the keys and placed by
the pointer; the score as the server verifies it; submitted: the verdict says optimal, and the line to share holds
no spoiler."""

from __future__ import annotations

import datetime
import re
from collections import deque

from playwright.sync_api import expect

from tests.web.player import Player


def _keys_to(shapes: list[dict], start: int, goal: int) -> list[str]:
    """The shortest run of R (quarter-turn) and F (flip) presses from orientation ``start`` to ``goal``."""
    seen, todo = {start: []}, deque([start])
    while todo:
        at = todo.popleft()
        if at == goal:
            return seen[at]
        for key, step in (("r", shapes[at]["turned"]), ("f", shapes[at]["mirrored"])):
            if step not in seen:
                seen[step] = [*seen[at], key]
                todo.append(step)
    raise AssertionError(f"orientation {goal} cannot be reached from {start}")


def test_todays_puzzle_is_solved_to_its_optimum_and_the_verdict_shown(server, new_page, today_puzzle, shots):
    plan = server.client.post("/analysis/placements", {"puzzle": today_puzzle["id"]}, timeout=60).json()
    assert plan["status"] == "OPTIMAL" and plan["value"] == today_puzzle["optimum"]
    tiles = {t["id"]: t for t in server.client.get("/catalog/tiles").json()["tiles"]}
    player = Player(new_page(), server.base)
    player.open("#/puzzle/easy")
    page = player.page
    expect(page.locator(".hand-tile")).to_have_count(len(today_puzzle["hand"]))
    assert f"target: {today_puzzle['optimum']}" in page.locator(".decision h2").inner_text()
    # the archive: the day before at the same difficulty, no day after today, a date to go to
    yesterday = (datetime.date.fromisoformat(today_puzzle["date"]) - datetime.timedelta(days=1)).isoformat()
    nav = page.get_by_role("navigation", name="Other days")
    assert nav.get_by_role("link", name="← Previous day").get_attribute("href") == f"#/puzzle/easy/{yesterday}"
    assert nav.get_by_role("link", name="Next day →").count() == 0
    assert nav.get_by_label("Another day's puzzle").input_value() == today_puzzle["date"]
    for n, placement in enumerate(plan["placements"], start=1):
        page.locator(f'.hand-tile[data-tile="{placement["tile"]}"]').click()
        shapes = tiles[placement["tile"].split("#")[0]]["orientation_shapes"]
        for key in _keys_to(shapes, player.ghost()[0], placement["orientation"]):
            page.keyboard.press(key)
        assert player.ghost()[0] == placement["orientation"]
        shape = shapes[placement["orientation"]]
        row, col = placement["row"] + shape["height"] // 2, placement["col"] + shape["width"] // 2
        player.point_at(row, col)
        assert player.ghost()[1:] == ((placement["row"], placement["col"]), True)
        page.mouse.click(*player.board_square_centre(row, col))
        expect(page.locator(".my-board")).to_have_attribute("data-version", str(n))
        if n == 2:
            page.screenshot(path=str(shots / "puzzle.png"))
    expect(page.locator(".score-value")).to_have_text(str(today_puzzle["optimum"]))
    page.get_by_role("button", name="Submit my solution").click()
    verdict = page.locator(".verdict")
    expect(verdict).to_have_attribute("data-optimal", "true")
    assert verdict.inner_text() == f"You scored {today_puzzle['optimum']}: the proven optimum."
    share = page.locator(".share-line").input_value()
    assert f"{today_puzzle['optimum']}/{today_puzzle['optimum']}" in share and "optimal" in share
    assert not re.search(r"t\d\d|#|\(\d+, \d+\)", share)  # no tile, no square: nothing of the solution
    verdict.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "puzzle-solved.png"))
    # A reload keeps the solution and its verdict (the browser's storage).
    page.reload()
    expect(page.locator(".verdict")).to_have_attribute("data-optimal", "true")
    expect(page.locator(".my-board")).to_have_attribute("data-version", str(len(plan["placements"])))
