"""Phone and keyboard (issue 37), in the browser: on a phone-sized touch screen the first tap on the board never
places the tile (a tap on the square where the ghost starts only previews it there), every button and tray tile is
a 44 px target, tapping a stack keeps the trays in view, the placing controls stay in view while placing, and the
keyboard help and the keys' hints in the buttons' names ("↻ Rotate (R)") are not shown; with a mouse and a keyboard,
R, F and N turn the ghost while the pointer is over the board, the buttons say their keys, the decision's tile
picture turns and flips with the ghost, the focus goes to the next decision after each move, and Undo after an undo
is offered only as the state says, a second press leaving no error over later moves."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from tests.web.player import IN_VIEW, Player

#: JavaScript: the buttons (inline "About ..." names in sentences aside: WCAG 2.5.5's inline exception), tray tiles
#: and form fields (by their label) of the game screen, and the top bar's links and language switch, that are under
#: 44 px wide or high: `[what, width, height]`.
SMALL_TARGETS = """() => [...document.querySelectorAll('#app button:not(.entry-link), #app .stack, #app input, #app select,'
  + ' .topbar a, .topbar select')]
  .filter((e) => e.offsetParent !== null)
  .map((e) => e.closest('label') || e)
  .map((e) => [e.className + ': ' + (e.getAttribute('aria-label') || e.textContent).trim().slice(0, 40),
               e.getBoundingClientRect().width, e.getBoundingClientRect().height])
  .filter(([, w, h]) => w < 44 || h < 44)"""


def _figure_orientation(page) -> str:
    """The orientation the decision's tile picture is drawn in (its picture's ``orientation`` parameter)."""
    src = page.locator(".decision .tile-card img").get_attribute("src") or ""
    return parse_qs(urlsplit(src).query)["orientation"][0]


def test_placing_on_a_phone_the_first_tap_never_places_and_every_target_is_44_px(server, new_page, shots):
    page = new_page(390, 844, touch=True)
    player = Player(page, server.base)
    player.start_game(["me"])
    player.act_and_wait(lambda: page.locator(".partner-card").first.tap())
    # Tapping a stack selects it where it is: the trays stay in view, and the choice it offers is in view too, even
    # for the stack lowest in the trays (the last one), a whole tray's height below the decision panel.
    stack = page.locator("button.stack.draftable").last
    stack.scroll_into_view_if_needed()
    slot = stack.get_attribute("data-slot")
    stack.tap()
    selected = page.locator(f'.stack[data-slot="{slot}"]')
    assert "selected" in (selected.get_attribute("class") or "")
    assert page.evaluate(IN_VIEW, selected.element_handle()), "the tapped stack went out of view"
    choice = page.locator(".choices .choice.primary").first
    assert page.evaluate(IN_VIEW, choice.element_handle())
    player.act_and_wait(lambda: choice.tap())
    assert player.banner().startswith("Your turn: Place ")
    # Words for a finger: the decision says tap, not click, and the first-game guide names no key to press.
    decision = page.locator(".decision").inner_text()
    assert "Tap a square" in decision and "Click" not in decision, decision
    guide = page.locator(".guide").inner_text()
    assert "(Rotate)" in guide and "(R)" not in guide and "(F)" not in guide, guide
    # Every button and tray tile of the game screen, and the top bar's links and language switch, is a 44 px target;
    # the keyboard help is not shown on a touch screen.
    assert page.evaluate(SMALL_TARGETS) == []
    assert page.locator(".place-tools .keys").count() == 1 and not page.locator(".place-tools .keys").is_visible()
    # The placing controls and the ghost's words stay in view while the board fills the screen (its foot at the
    # window's foot, as after scrolling down to it).
    page.evaluate("() => { const b = document.querySelector('.my-board').getBoundingClientRect();"
                  " scrollBy(0, b.bottom - innerHeight); }")
    # (named without their keys' hints: a phone has no keyboard)
    for name in ("↻ Rotate", "⇋ Flip", "Next spot that fits", "Place here"):
        assert page.evaluate(IN_VIEW, page.get_by_role("button", name=name, exact=True).element_handle()), name
    assert page.locator(".place-tools").inner_text().count("(") == 0  # no "(R)", "(Enter)" shown
    assert page.evaluate(IN_VIEW, page.locator(".board-status").element_handle())
    page.screenshot(path=str(shots / "phone-placing.png"))
    # ... and while the page's top is read (the guide, the decision's words), the board below the window; the board's
    # last row can still be scrolled above them
    page.evaluate("() => scrollTo(0, 0)")
    for name in ("↻ Rotate", "⇋ Flip", "Next spot that fits", "Place here"):
        assert page.evaluate(IN_VIEW, page.get_by_role("button", name=name, exact=True).element_handle()), name
    page.evaluate("() => scrollTo(0, document.documentElement.scrollHeight)")
    tools_top = page.evaluate("() => document.querySelector('.place-bar').getBoundingClientRect().top")
    assert page.evaluate("() => document.querySelector('.my-board svg').getBoundingClientRect().bottom") <= tools_top + 1
    # The first tap, on the very square where the ghost starts, only shows the tile there: nothing is placed.
    version, (orientation, anchor, fits) = player.version, player.ghost()
    assert fits
    row, col = map(int, page.locator(".my-board").get_attribute("data-cursor").split(","))
    square = page.locator(f'.my-board g.square[data-row="{row}"][data-col="{col}"] rect')
    square.evaluate("(e) => e.scrollIntoView({ block: 'center' })")
    page.touchscreen.tap(*player.board_square_centre(row, col))
    page.wait_for_function(f"""() => document.querySelector('.my-board').dataset.armed === '{row},{col}'
        || document.body.dataset.busy === 'true' || Number(document.getElementById('app').dataset.version) > {version}""")
    player.settle()  # a move the tap sent, if any, drawn
    assert player.ghost() == (orientation, anchor, True)
    assert player.version == version and player.banner().startswith("Your turn: Place ")
    assert page.locator('.my-board g.square[data-feature^="tile:"]').count() == 0
    # The second tap on the same square places it.
    player.act_and_wait(lambda: page.touchscreen.tap(*player.board_square_centre(row, col)))
    assert player.version > version and page.locator('.my-board g.square[data-feature^="tile:"]').count() >= 2


def test_keys_over_the_board_the_turning_picture_the_focus_after_a_move_and_undo_after_an_undo(server, new_page, shots):
    page = new_page()
    player = Player(page, server.base)
    player.start_game(["me"])
    # A choice made with the keyboard: the focus goes to the next decision (the first stack to draft from), not to
    # the page's body; a stack chosen, then its draft: the focus is on the board, ready to place.
    page.locator(".partner-card").first.focus()
    player.act_and_wait(lambda: page.keyboard.press("Enter"))
    assert page.evaluate("() => document.activeElement.matches('button.stack.draftable')"), \
        page.evaluate("() => document.activeElement.outerHTML.slice(0, 80)")
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.matches('.decision .choice.primary')")
    player.act_and_wait(lambda: page.keyboard.press("Enter"))
    assert player.banner().startswith("Your turn: Place ")
    assert page.evaluate("() => document.activeElement.classList.contains('my-board')")
    # Undo, pressed twice at once: one undo (the draft's), then Undo is offered only if the new state allows it
    # (it does not: the dice were rolled before that draft), and the second press leaves no error over later moves.
    undo = page.get_by_role("button", name="Undo my last move")
    assert undo.is_enabled()
    version = player.version
    player.act_and_wait(lambda: undo.evaluate("(b) => { b.click(); b.click(); }"))
    assert player.version == version + 1 and player.banner() == "Your turn: Draft a tile"
    assert undo.is_disabled() and "cannot undo" in undo.get_attribute("title")
    page.locator("button.stack.draftable").first.click()
    player.act_and_wait(lambda: page.locator(".choices .choice.primary").first.click())
    assert page.locator(".toast.error.shown").count() == 0, page.locator(".toast").inner_text()
    assert page.locator(".place-tools .keys").is_visible()  # a keyboard's help, with a mouse
    for name, key in (("↻ Rotate (R)", "R"), ("⇋ Flip (F)", "F"), ("Next spot that fits (N)", "N"), ("Place here (Enter)", "Enter")):
        assert page.get_by_role("button", name=name, exact=True).get_attribute("aria-keyshortcuts") == key  # its key said
    # R, F and N with the pointer over the board and the focus elsewhere: the ghost turns, flips and finds a spot;
    # the decision's tile picture turns and flips with it.
    page.evaluate("() => document.activeElement.blur()")
    player.point_at(4, 4)
    seen = {player.ghost()[0]}
    for key in ("r", "f", "r"):
        page.keyboard.press(key)
        orientation = player.ghost()[0]
        assert _figure_orientation(page) == str(orientation)
        seen.add(orientation)
    assert len(seen) > 1 or player.ways_the_tile_lies() == 1  # a tile that lies one way only has nothing to turn
    page.keyboard.press("n")
    assert player.ghost()[2]
    assert page.evaluate("() => document.activeElement === document.body")  # the keys did not need the focus
    page.screenshot(path=str(shots / "placing-keys.png"))
