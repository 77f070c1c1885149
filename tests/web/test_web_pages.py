"""The pages themselves in the browser (issue 28): the first load asks nothing of another host (and how long it
takes is measured), the start page and a game are usable on a phone-sized touch screen (a tap moves the ghost, a
second tap places the tile), nothing overflows sideways, and every control has an accessible name."""

from __future__ import annotations

from urllib.parse import urlsplit

from tests.web.player import READY, Player, record

#: JavaScript: the controls (buttons, fields, links, the board) that have no accessible name.
UNNAMED = """() => [...document.querySelectorAll('button, select, input, a, [role=application], [role=img]')]
  .filter((e) => e.offsetParent !== null || e.getAttribute('role'))
  .filter((e) => !((e.getAttribute('aria-label') || '').trim() || (e.textContent || '').trim()
                   || (e.labels && e.labels.length) || (e.getAttribute('title') || '').trim()))
  .map((e) => e.outerHTML.slice(0, 120))"""


def test_the_first_page_load_asks_only_this_host(server, browser, shots):
    loads, hosts = [], set()
    for n in range(20):
        context = browser.new_context(viewport={"width": 1280, "height": 800})  # a fresh one: nothing cached
        page = context.new_page()
        page.on("request", lambda r: hosts.add(urlsplit(r.url).netloc))
        page.goto(server.base)
        page.wait_for_function(READY)
        loads.append(page.evaluate("() => performance.getEntriesByName('wtw:ready')[0].startTime"))
        assert page.get_by_role("button", name="Start the game").is_visible()
        if n == 0:
            page.screenshot(path=str(shots / "start.png"))
        context.close()
    assert hosts == {f"127.0.0.1:{server.port}"}
    record("first page load, ready to play (fresh browser context, loopback)", *loads)


def test_a_game_on_a_phone_sized_touch_screen(server, new_page, shots):
    page = new_page(390, 844, touch=True)
    player = Player(page, server.base)
    player.open("#/")
    assert page.evaluate(UNNAMED) == []
    player.start_game(["me"])
    player.act_and_wait(lambda: page.locator(".partner-card").first.tap())
    page.locator("button.stack.draftable").first.tap()
    player.act_and_wait(lambda: page.locator(".choices .choice.primary").first.tap())
    assert player.banner().startswith("Your turn: Place ")
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    assert page.evaluate(UNNAMED) == []
    # A first tap moves the ghost where it fits; a second tap on the same square places the tile.
    page.locator(".my-board").focus()
    page.keyboard.press("n")
    _, anchor, fits = player.ghost()
    assert fits
    centre = tuple(map(int, page.locator(".my-board").get_attribute("data-cursor").split(",")))
    page.keyboard.press("ArrowUp" if anchor[0] > 0 else "ArrowDown")  # the ghost a square away
    assert player.ghost()[1] != anchor
    version = player.version
    page.touchscreen.tap(*player.board_square_centre(*centre))
    assert player.ghost()[1:] == (anchor, True) and player.version == version  # moved there, not placed yet
    page.locator(".turn-banner").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "phone-game.png"))
    placing = player.banner()
    # the square in the middle of the screen (the placing controls stay over the foot of the screen)
    page.locator(f'.my-board g.square[data-row="{centre[0]}"][data-col="{centre[1]}"] rect').evaluate(
        "(e) => e.scrollIntoView({ block: 'center' })")
    player.act_and_wait(lambda: page.touchscreen.tap(*player.board_square_centre(*centre)))
    # the tile's placement is done (the next decision may be another placement: an alley a bonus square gave)
    assert player.version > version and player.banner() != placing, (placing, player.banner())
    assert page.locator('.my-board g.square[data-feature^="tile:"]').count() >= 2


def test_each_game_module_of_the_registry_provides_the_interface(server, new_page):
    """Every module of the registry (js/games/index.js) has each member of the interface the core reaches games by
    (GAME_MEMBERS, js/core/games.js), of its type, and the default game is one of them; the table a game mounts is
    checked the same way (TABLE_MEMBERS) by the core each time a game screen opens.  A game without a daily puzzle
    (Rolled West, for now) has ``puzzle: null``; the default game has one."""
    page = new_page()
    Player(page, server.base).open("#/")
    found = page.evaluate("""async () => {
      const core = await import('/app/js/core/games.js');
      const { GAMES, DEFAULT_GAME } = await import('/app/js/games/index.js');
      return { members: Object.keys(core.GAME_MEMBERS), table: Object.keys(core.TABLE_MEMBERS), defaultGame: DEFAULT_GAME,
               games: GAMES.map((g) => ({ id: g.id, missing: core.missingMembers(g), puzzle: g.puzzle && typeof g.puzzle.mount })) };
    }""")
    assert {"id", "title", "load", "decisionWords", "eventWords", "mountTable", "puzzle"} <= set(found["members"])
    assert {"update", "decide", "showHint", "refused"} <= set(found["table"])
    assert [g["id"] for g in found["games"]] == ["wild-tiled-west", "rolled-west"] and found["defaultGame"] == "wild-tiled-west"
    assert all(g["missing"] == [] and g["puzzle"] in ("function", None) for g in found["games"]), found["games"]
    assert found["games"][0]["puzzle"] == "function"


def _luminance(rgb: str) -> float:
    """The relative luminance (WCAG 2) of a computed colour ``rgb(r, g, b)``."""
    channels = [int(x) / 255 for x in rgb[rgb.index("(") + 1:rgb.index(")")].split(",")[:3]]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_the_solo_rank_reads_at_a_contrast_of_at_least_4_5(server, new_page, shots):
    """The end screen's "Solo rank: Ranger" on its card, with the page's own stylesheet: WCAG AA's 4.5:1 for text
    (it was gold on cream, 2.16:1)."""
    player = Player(new_page(), server.base)
    player.open("#/")
    text, background = player.page.evaluate("""() => {
        const box = document.createElement('div');
        box.className = 'result';
        box.innerHTML = '<p class="rank">Solo rank: Ranger</p>';
        document.body.append(box);
        return [getComputedStyle(box.firstChild).color, getComputedStyle(box).backgroundColor];
    }""")
    light, dark = sorted((_luminance(text), _luminance(background)), reverse=True)
    assert (light + 0.05) / (dark + 0.05) >= 4.5, (text, background)
    player.page.locator(".result .rank").last.screenshot(path=str(shots / "rank.png"))


def test_a_screen_still_loading_when_the_player_leaves_it_never_draws(server, new_page):
    """The router drops a screen whose answer comes after the player went elsewhere: the game's first answer is held
    until How to play is shown, and then the game must not draw over it (it did before)."""
    page = new_page()
    player = Player(page, server.base)
    player.open("#/")
    game_id = player.start_game(["me"])
    player.open("#/")
    held = []
    page.route(f"**/games/{game_id}", lambda route: held.append(route))
    with page.expect_request(f"**/games/{game_id}"):
        page.evaluate(f"() => {{ location.hash = '#/game/{game_id}'; }}")
    page.wait_for_function("() => document.querySelector('#app .loading') !== null")
    player.open("#/how-to-play")
    with page.expect_response(f"**/games/{game_id}"):
        held[0].continue_()
    # the dropped game screen would fetch its catalog and draw now; give it the time to (a test wait, not a timing)
    page.wait_for_timeout(1500)
    assert page.locator("main").count() == 1
    assert page.locator(".turn-banner").count() == 0
    assert page.locator("#app h1").first.inner_text() != ""
    assert page.evaluate("() => document.body.dataset.route") == "#/how-to-play"
