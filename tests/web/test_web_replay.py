"""Replay, the review kept, the puzzle's optimal solution and the turn signals in the browser (issue 37). Whole games
are played through the API (random legal moves posted for every seat, each seat's token kept), then the page opened:
the replay steps back to move 10 and shows that board as the server has it there (its tiles, the tile placed last
outlined), forward a move and a round, a tile landing (not under reduced motion), and to a costly decision of the
review; a game's end is brought into view on a phone scrolled elsewhere; the review survives a reload; after a puzzle
submission the optimal solution is shown beside the player's board; the title says "Your turn" when it is mine and
not when a bot decides, and the turn sound is off until turned on (kept), then beeps when my turn comes."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from tests.web.player import IN_VIEW, Player

SEED = 20_370


def play_at_random(client, game_id: str, tokens: list[str], rng: random.Random, stop: int | None = None) -> None:
    """Play game ``game_id`` to its end (or until ``stop`` moves are played) through the API: each pending seat a
    random legal move."""
    while True:
        state = client.get(f"/games/{game_id}").json()
        if state["finished"] or state["moves_played"] == stop:
            return
        seat = state["pending_seats"][0]
        legal = client.get(f"/games/{game_id}/legal-moves", token=tokens[seat]).json()["moves"]
        r = client.post(f"/games/{game_id}/moves", rng.choice(legal), token=tokens[seat])
        assert r.status == 200, r.text


@pytest.fixture(scope="module")
def finished(server) -> tuple[str, list[str]]:
    """A 2-player game played to its end through the API: its id and both seats' tokens."""
    created = server.client.post("/games", {"players": 2, "seed": SEED, "seats": [{"name": "Ann"}, {"name": "Bea"}]}).json()
    tokens = [t["token"] for t in sorted(created["tokens"], key=lambda t: t["seat"])]
    play_at_random(server.client, created["id"], tokens, random.Random(SEED))
    return created["id"], tokens


def hold_seats(page, base: str, game_id: str, seats: dict[int, str], review: str | None = None) -> None:
    """Make the page's browser hold ``seats`` (seat -> token) of ``game_id`` (and its review's id), as if it had
    created the game: the storage the client keeps (core/store.js). The start page is drawn first: a screen opened
    while it still loads would be drawn over by it (the router does not drop a screen it left)."""
    page.goto(base + "#/")
    page.wait_for_function("() => document.body.dataset.ready === 'true'")
    page.evaluate("""([gameId, seats, review]) => {
      localStorage.setItem('wtw.games', JSON.stringify({[gameId]: {seats, since: new Date().toISOString()}}));
      if (review) localStorage.setItem('wtw.reviews', JSON.stringify({[gameId]: review}));
    }""", [game_id, {str(s): t for s, t in seats.items()}, review])


def tile_squares(page, selector: str) -> set[tuple[int, int]]:
    """The squares a placed tile covers on the board drawn at ``selector`` (the server's picture marks them)."""
    cells = page.locator(f'{selector} g.square[data-feature^="tile:"]')
    return {(int(c.get_attribute("data-row")), int(c.get_attribute("data-col"))) for c in cells.all()}


def covered(board: dict) -> set[tuple[int, int]]:
    """The squares a tile covers in a board as data (``GET .../board``)."""
    return {(r, c) for r, row in enumerate(board["squares"]) for c, square in enumerate(row) if square["tile"] is not None}


def test_a_finished_games_replay_steps_back_to_move_10_and_forward_with_the_reviews_losses(server, new_page, finished, shots):
    game_id, tokens = finished
    client = server.client
    total = client.get(f"/games/{game_id}").json()["moves_played"]
    review = client.post(f"/games/{game_id}/reviews", {}, token=tokens[0]).json()
    while review["status"] != "done":
        review = client.get(f"/games/{game_id}/reviews/{review['id']}", token=tokens[0]).json()
    # The test server's reviews think 20 ms a decision and find no better option: two of seat 0's decisions are
    # made costly in the answer the page gets (the page is under test, not the search)
    costly = [d for d in review["decisions"] if d["seat"] == 0 and d["decision"] == "draft" and d["index"] > 12][:2]
    for d, loss in zip(costly, (2.5, 0.7), strict=True):
        d.update(loss=loss, best=f"the better option of move {d['index'] + 1}", best_moves=d["played_moves"])
    page = new_page()
    page.route(f"**/games/{game_id}/reviews/{review['id']}", lambda route: route.fulfill(json=review))
    hold_seats(page, server.base, game_id, {0: tokens[0]}, review["id"])
    player = Player(page, server.base)
    player.open(f"#/replay/{game_id}")
    app = page.locator("#app")
    expect(app).to_have_attribute("data-replay-at", str(total))
    assert tile_squares(page, ".my-board") == covered(client.get(f"/games/{game_id}/players/0/board").json())
    # back a move by the arrow key, then to move 10 by the slider
    page.keyboard.press("ArrowLeft")
    expect(app).to_have_attribute("data-replay-at", str(total - 1))
    page.locator(".timeline-slider").fill("10")
    expect(app).to_have_attribute("data-replay-at", "10")
    expect(page.locator(".replay-where")).to_contain_text(f"After move 10 of {total}")
    assert page.url.endswith(f"#/replay/{game_id}/10")
    then = client.get(f"/games/{game_id}/states/10", token=tokens[0]).json()
    for seat, selector in ((0, ".my-board"), (1, ".thumb-board")):
        board = client.get(f"/games/{game_id}/players/{seat}/board?moves_played=10").json()
        assert len(board["tiles"]) == len(then["players"][seat]["settlement"]["tiles"])
        expect(page.locator(selector)).to_have_attribute("data-last", " ".join(f"{r},{c}" for r, c in board["tiles"][-1]["squares"]))
        assert tile_squares(page, selector) == covered(board)  # the board as the server has it after move 10
        assert covered(board) != covered(client.get(f"/games/{game_id}/players/{seat}/board").json())
    page.set_viewport_size({"width": 1280, "height": 800})
    page.screenshot(path=str(shots / "replay.png"))
    # forward a move (the button), then a round (Page Down): the next round's start, where the dice are rolled
    page.get_by_role("button", name="Forward a move").click()
    expect(app).to_have_attribute("data-replay-at", "11")
    expect(page.locator(".replay-move h2")).to_contain_text("Move 11:")
    page.keyboard.press("PageDown")
    page.wait_for_function("() => Number(document.getElementById('app').dataset.replayAt) > 11")
    at = int(app.get_attribute("data-replay-at"))
    assert client.get(f"/games/{game_id}/states/{at}").json()["round"] > then["round"]
    # a tile placed lands on its board (a short animation), not under reduced motion
    moves = client.get(f"/games/{game_id}/moves?limit=500").json()["moves"]
    placed = next(m for m in moves if m["n"] > at and m["seat"] == 0 and m["move"]["type"] == "place")
    page.locator(".timeline-slider").fill(str(placed["n"]))
    expect(app).to_have_attribute("data-replay-at", str(placed["n"]))
    page.get_by_role("button", name="Forward a move").click()
    expect(app).to_have_attribute("data-replay-at", str(placed["n"] + 1))
    landing = page.locator(".my-board .last-placed.landing .last-square")
    expect(landing).not_to_have_count(0)
    assert landing.first.evaluate("e => getComputedStyle(e).animationName") == "land"
    page.emulate_media(reduced_motion="reduce")
    assert landing.first.evaluate("e => getComputedStyle(e).animationName") == "none"
    page.emulate_media(reduced_motion="no-preference")
    # the review's costly decisions on the timeline: one goes there and says the better option
    marks = page.locator(".loss-mark")
    expect(marks).to_have_count(2)
    assert [int(m.get_attribute("data-point")) for m in marks.all()] == [d["index"] for d in costly]
    marks.first.click()
    expect(app).to_have_attribute("data-replay-at", str(costly[0]["index"]))
    expect(page.locator(".replay-better")).to_contain_text(f"the search prefers {costly[0]['best']}")
    expect(page.locator(".replay-better h2")).to_have_text(f"Next, move {costly[0]['index'] + 1}: a costly decision (−2.5 points)")
    expect(page.locator(".replay-better")).to_contain_text("drawn on the board")  # its tile placed, as a ghost
    expect(page.locator(".my-board .preview-tile")).to_have_count(1)
    page.screenshot(path=str(shots / "replay-mark.png"))
    page.keyboard.press("End")
    expect(app).to_have_attribute("data-replay-at", str(total))
    expect(page.get_by_role("button", name="Forward a move")).to_be_disabled()
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(shots / "replay-phone.png"), full_page=True)


def test_the_end_comes_into_view_on_a_phone_and_the_move_review_survives_a_reload(server, new_page, finished, shots):
    # The finished game again but its last move (the same seed and random moves: the same game), open on a phone
    # scrolled to the foot of the page; the last move comes by the event stream: the result is brought into view.
    client = server.client
    total = client.get(f"/games/{finished[0]}").json()["moves_played"]
    created = client.post("/games", {"players": 2, "seed": SEED, "seats": [{"name": "Ann"}, {"name": "Bea"}]}).json()
    game_id, tokens = created["id"], [t["token"] for t in sorted(created["tokens"], key=lambda t: t["seat"])]
    rng = random.Random(SEED)
    play_at_random(client, game_id, tokens, rng, stop=total - 1)
    assert not client.get(f"/games/{game_id}").json()["finished"]
    page = new_page(390, 844, touch=True)
    hold_seats(page, server.base, game_id, {1: tokens[1]})
    player = Player(page, server.base)
    player.open(f"#/game/{game_id}")
    player.settle()
    page.evaluate("() => scrollTo(0, document.body.scrollHeight)")
    play_at_random(client, game_id, tokens, rng)  # the last move
    assert client.get(f"/games/{game_id}").json()["moves_played"] == total
    page.locator(".end-title").wait_for()
    player.settle()
    assert page.evaluate(f"() => [...document.querySelectorAll('.end-title, .headline')].every({IN_VIEW})")
    page.screenshot(path=str(shots / "end-phone.png"))
    expect(page.get_by_role("link", name="Watch the replay")).to_have_attribute("href", f"#/replay/{game_id}")
    page.get_by_role("button", name="Review the game").click()
    expect(page.locator(".review-seats")).to_be_visible(timeout=60_000)
    seats = page.locator(".review-seats").inner_text()
    page.reload()
    player.settle()
    # a page opened on a finished game leaves the focus where a page load puts it: no focus ring on "Game over"
    assert page.evaluate("() => !document.activeElement.matches('.end-title')")
    expect(page.locator(".review-seats")).to_be_visible()
    assert page.locator(".review-seats").inner_text() == seats
    expect(page.get_by_role("button", name="Review the game")).to_have_count(0)
    page.screenshot(path=str(shots / "review-kept.png"))


def test_after_a_puzzle_submission_the_optimal_solution_is_shown_beside_mine(server, new_page, today_puzzle, shots):
    plan = server.client.post("/analysis/placements", {"puzzle": today_puzzle["id"]}, timeout=60).json()
    player = Player(new_page(), server.base)
    player.open("#/puzzle/easy")
    page = player.page
    expect(page.get_by_role("button", name="Show the optimal solution")).to_have_count(0)  # not before a submission
    page.get_by_role("button", name="Submit my solution").click()
    expect(page.locator(".verdict")).to_be_visible()
    page.get_by_role("button", name="Show the optimal solution").click()
    optimal = page.locator(".optimal")
    # the server plans it on its heavy-work queue (CP-SAT, up to a second or so, more on a busy machine)
    expect(optimal.locator("h3")).to_have_text(f"The optimal solution: {today_puzzle['optimum']} points", timeout=60_000)
    expect(optimal.locator(".optimal-tiles li")).to_have_count(len(plan["placements"]))
    assert [li.get_attribute("data-tile") for li in optimal.locator(".optimal-tiles li").all()] == [
        p["tile"] for p in plan["placements"]]
    shown = tile_squares(page, ".optimal-board")
    mine = tile_squares(page, ".my-board")  # my board (no tile placed) stays beside it
    assert mine < shown and optimal.locator(".marked-square").count() == len(shown - mine)
    optimal.locator(".optimal-board").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "puzzle-optimal.png"))
    page.get_by_role("button", name="Hide the optimal solution").click()
    expect(optimal.locator(".optimal-board")).to_have_count(0)


def test_the_title_says_your_turn_when_it_is_mine_and_not_when_a_bot_decides(server, new_page):
    created = server.client.post("/games", {"players": 2, "seed": 5, "seats": [
        {"name": "Ann"}, {"bot": "search", "budget_ms": 1500}]}).json()
    assert created["state"]["first_player"] == 1, "the seed is chosen for the bot to draft first"
    game_id, token = created["id"], created["tokens"][0]["token"]
    page = new_page()
    hold_seats(page, server.base, game_id, {0: token})
    player = Player(page, server.base)
    player.open(f"#/game/{game_id}")
    player.wait_turn()
    assert "Keep a partner" in player.banner()
    assert page.title().startswith("(Your turn) ")
    sound = page.get_by_label("Sound on my turn")
    expect(sound).not_to_be_checked()  # off by default
    sound.check()
    assert page.evaluate("() => localStorage.getItem('wtw.sound')") == "on"
    assert page.evaluate("() => Number(document.body.dataset.beeps || 0)") == 1  # turning it on plays it once
    player.act_and_wait(lambda: page.locator(".partner-card").first.click())
    # the bot decides now (its partner, then the first draft: it is the first player)
    expect(page.locator(".turn-banner")).to_have_attribute("data-mine", "no")
    assert not page.title().startswith("(Your turn)") and "Your turn" not in page.title()
    player.wait_turn()  # the bot has kept its partner, drafted and placed: my turn again, said and heard
    assert "Your turn" in player.banner() and page.title().startswith("(Your turn) ")
    assert page.evaluate("() => Number(document.body.dataset.beeps || 0)") == 2
    page.reload()
    player.settle()
    expect(page.get_by_label("Sound on my turn")).to_be_checked()  # kept
    assert page.title().startswith("(Your turn) ")  # a reload does not beep: the turn is not news
    assert page.evaluate("() => Number(document.body.dataset.beeps || 0)") == 0
    player.open("#/")  # another screen: no turn to signal
    assert page.title() == "Wild Tiled West"
