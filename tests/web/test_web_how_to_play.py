"""How to play (issue 37): a newcomer finds the rules from the start page and reads a section; on the game screen a
building's entry opens from the board (its name under the board, the building on it, the legend) and from the tile
to place, in a dialog that keeps the game in place and closes with Escape, the focus back where it was; a new solo
game's first turn has a first-game guide, which stays closed once closed (a reload does not bring it back)."""

from __future__ import annotations

from tests.web.player import READY, Player


def dialog_title(page) -> str:
    page.wait_for_selector("#howto-dialog[open]")
    return page.locator("#howto-dialog h2").inner_text()


def close_with_escape(page) -> str:
    """Escape closes the dialog; the text of the element that has the focus then."""
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.getElementById('howto-dialog').open")
    return page.evaluate("() => document.activeElement.textContent")


def test_a_newcomer_opens_how_to_play_from_the_start_page_and_reads_a_section(server, new_page):
    page = new_page()
    player = Player(page, server.base)
    player.open("#/")
    page.get_by_role("link", name="New to the game? Read How to play").click()
    page.wait_for_url("**/#/how-to-play")
    page.wait_for_function(READY)
    assert page.locator("h1").inner_text() == "How to play Wild Tiled West"
    assert page.locator('.topbar [data-nav="howto"]').get_attribute("aria-current") == "page"
    scoreboard = server.client.get("/catalog/scoreboard").json()
    tiles = server.client.get("/catalog/tiles").json()
    entries = {key: page.locator(f'.howto-group[data-key="{key}"] .howto-entry').count()
               for key in ("buildings", "partners", "wild-sides", "contracts", "scores")}
    categories = scoreboard["score_categories"]
    assert entries == {"buildings": len(tiles["buildings"]), "partners": len(scoreboard["partners"]),
                       "wild-sides": len(scoreboard["wild_sides"]), "contracts": len(scoreboard["cattle_contracts"]),
                       "scores": len(categories["in_game"]) + len(categories["endgame"])}

    page.locator(".howto-contents").get_by_role("link", name="Wrangling").click()
    page.wait_for_url("**/#/how-to-play/wrangling")
    page.wait_for_function(READY)
    heading = page.locator("#howto-wrangling")
    assert page.evaluate("() => document.activeElement.id") == "howto-wrangling"
    page.wait_for_function("() => { const r = document.getElementById('howto-wrangling').getBoundingClientRect();"
                           " return r.top >= 0 && r.top < innerHeight; }")
    section = page.locator('.howto-section[data-key="wrangling"]')
    rules = scoreboard["rules"]
    # the words' numbers and the table's rows are the catalog's
    assert f"at least {rules['min_cows']} cows" in section.inner_text() and heading.inner_text() == "Wrangling"
    rows = section.locator("tbody tr").all_inner_texts()
    assert [row.split() for row in rows] == [[cows, str(points)] for cows, points in scoreboard["multiplayer"]["wrangle_points"].items()]


def test_entries_open_over_the_game_and_the_first_game_guide_stays_closed(server, new_page):
    page = new_page()
    player = Player(page, server.base)
    player.open("#/")
    page.select_option("#players", "1")
    page.select_option('select[name="board-0"]', "coyote-canyon")  # its wild side: House in Danger (a Ranch House)
    page.select_option('select[name="side-0"]', "wild")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/#/game/*")
    player.settle()

    guide = page.locator(".guide")
    assert guide.is_visible() and guide.locator("h2").inner_text() == "Your first game"
    now = guide.locator('li[aria-current="step"] strong')
    assert now.inner_text() == "Keep a partner"
    player.act_and_wait(lambda: page.locator(".choice.partner-card").first.click())
    assert now.inner_text() == "Place it on your board"  # House in Danger: the Ranch House first

    # the tile to place: its building's entry, and the focus back on the link after Escape
    about = page.locator(".tile-card").get_by_role("button", name="About: Ranch House")
    about.focus()
    page.keyboard.press("Enter")
    assert dialog_title(page) == "Ranch House"
    assert "each cow" in page.locator("#howto-dialog").inner_text()
    assert page.locator(".my-board").is_visible()  # the game stays in place under the dialog
    assert close_with_escape(page) == "About: Ranch House"

    player.play_by_own_controls()  # the Ranch House on the board
    assert now.inner_text() == "See what scored"
    named = page.locator(".on-board").get_by_role("button", name="Ranch House")
    named.focus()
    page.keyboard.press("Enter")
    assert dialog_title(page) == "Ranch House"
    assert close_with_escape(page) == "Ranch House"

    box = page.locator('.my-board g.square[data-feature="tile:building"] rect').first.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # the building itself
    assert dialog_title(page) == "Ranch House"
    close_with_escape(page)
    page.get_by_role("button", name="Show legend").click()
    page.locator('.my-board [data-legend="tile:building"]').click()
    assert dialog_title(page) == "Buildings"
    close_with_escape(page)

    # a score row explains itself; "Read it in How to play" leads to the page
    page.locator(".scores-panel").get_by_role("button", name="Trailblazing").click()
    assert dialog_title(page) == "Trailblazing (end)"
    close_with_escape(page)

    page.get_by_role("button", name="Close the guide for good").click()
    assert guide.is_hidden()
    page.reload()
    player.settle()
    assert page.locator(".guide").is_hidden() and page.locator(".guide li").count() == 0
