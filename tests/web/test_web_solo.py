"""A solo game in the browser, by clicks and keys only (issue 28): played to its final screen and rank by
following the hint button (the result brought into view at the end), then its move review; an illegal placement
shows the engine's reason and changes nothing; an undo; a reload resumes the game; the ghost follows the pointer
without a request per movement."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.web.player import IN_VIEW, Player


def test_a_solo_game_is_played_to_its_final_screen_and_rank_by_following_hints(server, new_page, shots):
    """Each decision by the hint button and its first option, to the end screen: the final score, standings and
    score table agree, the solo rank (or none below Sidekick) is shown, and the last event says the game is over."""
    player = Player(new_page(), server.base)
    player.start_game(["me"], name="Calamity Jane")
    assert "Keep a partner" in player.banner()
    def screenshots(turn: int) -> None:  # a game in progress, and the hint's options shown on the board
        if turn == 10:  # from now on each move is played with the page then scrolled to its foot, as a player may be
            player.page.evaluate("""() => document.addEventListener('click', (e) => {
                if (e.target.closest('.hint-option')) setTimeout(() => scrollTo(0, document.body.scrollHeight)); }, true)""")
        if turn == 9:
            player.page.screenshot(path=str(shots / "game.png"))
            player.ask_hint()
            player.page.screenshot(path=str(shots / "hint.png"))
            # each option with its estimate (the test server's quick hints may end before any simulation: then the
            # one-step estimate alone)
            gains = player.page.locator(".hint-option .hint-gain").all_inner_texts()
            assert gains and all(re.fullmatch(r"[+−]\d+\.\d points expected( \(±\d+\.\d\))?(, \d+% of \d+ simulations?)?",
                                              text) for text in gains), gains
            # asked to think longer, the search runs for 5 seconds and says how many simulations it ran, each option
            # with the search's estimate and its share of the simulations
            quick = int(player.page.locator(".hint-search").inner_text().split()[0])
            player.page.get_by_role("button", name="Think longer (5 s)").click()
            expect(player.page.locator(".hint-box")).to_contain_text("Thinking for up to 5 seconds")
            expect(player.page.get_by_role("button", name="Think longer (5 s)")).to_have_count(0, timeout=30_000)
            searched = player.page.locator(".hint-search").inner_text()
            assert re.fullmatch(r"\d+ simulations in \d+\.\d s", searched), searched
            assert int(searched.split()[0]) >= max(quick, 1)
            gains = player.page.locator(".hint-option .hint-gain").all_inner_texts()
            assert gains and all(re.fullmatch(r"[+−]\d+\.\d points expected( \(±\d+\.\d\))?, \d+% of \d+ simulations",
                                              text) for text in gains), gains

    moves = player.play_to_the_end(before=screenshots)
    assert moves > 33  # a partner, 16 drafts and their placements at least
    page = player.page
    # the result brought into view, though the last move was played with the page scrolled to its foot
    assert page.evaluate(f"() => [...document.querySelectorAll('.end-title, .headline')].every({IN_VIEW})")
    assert page.evaluate("() => document.activeElement.classList.contains('end-title')")
    page.evaluate("() => window.scrollTo(0, 0)")  # the picture from the top: the final score's headline and the rank
    page.screenshot(path=str(shots / "end.png"))
    headline = page.locator(".headline").inner_text()
    assert headline.startswith("You finish with ") and "points" in headline
    total = int(page.locator(".players .player-score").first.inner_text().split()[0])
    assert f"with {total} points" in headline
    standings = page.locator("table.standings tbody tr")
    assert standings.count() == 1 and standings.first.locator("td").nth(1).inner_text() == str(total)
    assert page.locator("table.scores tfoot td").first.inner_text().startswith(str(total))
    # the rank, as the solo chart gives it (or none below Sidekick)
    if page.locator(".rank").count():
        assert page.locator(".rank").inner_text().split(": ")[1] in {"Sidekick", "Deputy", "Ranger", "Marshal", "Mysterious Stranger"}
    else:
        assert "no rank yet" in headline
    expect(page.locator(".events li").first).to_have_text("The game is over.")  # live, from the event stream
    # the move review, asked for from the end screen: each seat's points lost, and my costliest decisions
    page.get_by_role("button", name="Review the game").click()
    expect(page.locator("table.review-seats tbody tr")).to_have_count(1, timeout=60_000)
    cells = page.locator("table.review-seats tbody td").all_inner_texts()
    assert float(cells[0]) >= 0 and cells[1].endswith("%") and float(cells[2]) >= 0
    for line in page.locator(".review-mistakes li").all_inner_texts():  # a solo player following hints may lose none
        # said in the page's words: when (year and round, not a move number), the moves with no tile id or slot key
        # (each line ends with its link to the replay at that move)
        assert re.match(r"−\d+\.\d points? in year [1-4], round \d+: you played .+; the search prefers .+\.( See it in the replay)?$",
                        line), line
        assert not re.search(r"\bt\d\d|#\d|(left|right):\d|\(\d+, \d+\)|move \d", line), line
    page.locator(".review").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "review.png"))


def test_every_decision_of_a_game_is_taken_by_its_own_controls(server, new_page):
    """Not the hint: the trays for drafts, the keys for placements, the board's marked squares, the buttons in the
    rulebook's words; the game reaches its end the same way."""
    player = Player(new_page(), server.base)
    player.start_game(["me"])
    titles = []
    while True:
        player.wait_turn()
        if player.over():
            break
        titles.append(player.play_by_own_controls())
    kinds = {t if not t.startswith("Place ") else "Place a tile" for t in titles}
    assert {"Keep a partner", "Draft a tile", "Place a tile", "Year 4 mining"} <= kinds
    assert player.page.locator(".headline").inner_text().startswith("You finish with ")


def _draft(player: Player) -> None:
    """Draft from the first stack a die reaches (click it in the trays, then its first choice)."""
    player.page.locator("button.stack.draftable").first.click()
    player.act_and_wait(lambda: player.page.locator(".choices .choice.primary").first.click())
    assert player.banner().startswith("Your turn: Place ")


def _to_first_placement(player: Player) -> None:
    """A new solo game up to its first placement: keep a partner, draft."""
    player.start_game(["me"])
    player.act_and_wait(lambda: player.page.locator(".partner-card").first.click())
    _draft(player)


def test_an_illegal_placement_shows_the_engines_reason_and_changes_nothing_then_undo_and_reload(server, new_page):
    """A click where the ghost does not fit: the engine's reason, nothing changed; undo of the draft; a placement by
    the keys; the page reloaded resumes the same decision with the same board."""
    player = Player(new_page(), server.base)
    _to_first_placement(player)
    page = player.page
    version = player.version
    # The first tile must cover the X: find a spot where the ghost does not fit, and click there.
    spot = next((r, c) for r in range(10) for c in range(10) if not (player.point_at(r, c) or player.ghost()[2]))
    page.mouse.click(*player.board_square_centre(*spot))
    refusal = page.locator(".decision .refusal")
    expect(refusal).to_contain_text("Not allowed: ")
    # the engine's reason, e.g. "a tile cannot cover a mine at row 2, column 2"; its rule kept off the screen
    assert re.fullmatch(r"Not allowed: .{10,}", refusal.inner_text()) and "_" not in refusal.inner_text()
    assert re.fullmatch(r"first_tile_off_x|covers_(mine|hill|cow|field)|overlap|off_board", refusal.get_attribute("data-rule"))
    assert player.version == version and player.banner().startswith("Your turn: Place ")
    assert page.locator('.my-board g.square[data-feature^="tile:"]').count() == 0  # nothing placed
    # Undo takes the draft back (nothing hidden was revealed since): the draft decision again, the tile in its stack.
    player.act_and_wait(lambda: page.get_by_role("button", name="Undo my last move").click())
    assert player.banner() == "Your turn: Draft a tile"
    assert page.locator("button.stack.draftable").count() > 0
    _draft(player)
    # Keys: N moves the ghost to a spot that fits, Enter places it.
    page.locator(".my-board").focus()
    page.keyboard.press("n")
    assert player.ghost()[2]
    placing = player.banner()
    player.act_and_wait(lambda: page.keyboard.press("Enter"))
    placed = page.locator('.my-board g.square[data-feature^="tile:"]').count()
    # the tile's placement is done (the next decision may be another placement: an alley a bonus square gave)
    assert placed >= 2 and player.banner() != placing, (placing, player.banner())
    # When the next round's dice were rolled, the placement cannot be taken back: no Undo offered (a wrangle or a
    # bonus decided before that leaves it offered).
    if player.banner() == "Your turn: Draft a tile":
        assert page.get_by_role("button", name="Undo my last move").is_disabled()
    # Reload: the page resumes the game with the seat's token it kept.
    before = (player.version, player.banner(), placed)
    page.reload()
    player.settle()
    assert (player.version, player.banner(), page.locator('.my-board g.square[data-feature^="tile:"]').count()) == before
    assert player.my_turn()


def test_the_ghost_follows_the_pointer_and_keys_without_a_request_per_movement(server, new_page):
    """Moving the pointer over every square and the arrow keys move the ghost; no request reaches the server."""
    player = Player(new_page(), server.base)
    _to_first_placement(player)
    page = player.page
    player.point_at(4, 4)
    page.wait_for_timeout(300)  # the ghost's picture of this orientation is loaded
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    anchors = set()
    for r in range(10):
        for c in range(10):
            player.point_at(r, c)
            anchors.add(player.ghost()[1])
    page.locator(".my-board").focus()
    for key in ("ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown") * 3:
        page.keyboard.press(key)
    assert len(anchors) > 20  # it followed the pointer
    assert requests == []  # and asked the server nothing while it did
    orientation = player.ghost()[0]
    page.keyboard.press("r")
    assert player.ghost()[0] != orientation or player.ways_the_tile_lies() == 1  # one that lies one way only stays


def test_the_partner_hint_names_each_partner(server, new_page):
    """Setup E: the hint's two options keep different partners, and each says which (not "Keep partner" twice)."""
    player = Player(new_page(), server.base)
    player.start_game(["me"], name="Annie Oakley")
    assert "Keep a partner" in player.banner()
    player.ask_hint()
    texts = [t.strip() for t in player.page.locator(".hint-option .hint-label").all_inner_texts()]
    labels = [re.sub(r"^\d+\.\s*", "", t) for t in texts]  # without the option's number
    cards = player.page.locator(".partner-card").all_inner_texts()
    assert len(labels) == 2 and len(set(labels)) == 2, texts
    for label in labels:
        assert label.startswith("Keep "), label
        name = label.removeprefix("Keep ")
        assert name != "partner" and any(name in card for card in cards), (label, cards)


def test_the_event_numbers_fit_in_the_list(server, new_page, shots):
    """The events list scrolls (its overflow clips what lies outside it): its left padding holds its widest number,
    e.g. "12." once there are ten events and more, measured in the list's own font."""
    player = Player(new_page(), server.base)
    player.start_game(["me"], name="Belle Starr")
    while player.page.locator(".events li").count() < 12:
        player.follow_hint()
    room, needed = player.page.evaluate("""() => {
        const list = document.querySelector('.events');
        const style = getComputedStyle(list);
        const context = document.createElement('canvas').getContext('2d');
        context.font = `${style.fontSize} ${style.fontFamily}`;
        const widest = `${list.children.length}. `;
        return [parseFloat(style.paddingLeft), context.measureText(widest).width];
    }""")
    assert room >= needed + 4, (room, needed)  # and a little space before the text
    player.page.locator(".events").screenshot(path=str(shots / "events.png"))
