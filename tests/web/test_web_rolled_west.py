"""Rolled West in the browser (issue 38): a 2-player game against a greedy bot started from the start page and played
to its end by clicking the page — a die to set aside as the terrain, the score sheet's places to spend (a claim row's
space, a contract, a Boomtown office, shipping boxes then Ship), a die to bank, End the turn; between turns the page
asks me to bank from the bot's roll and the ghost roll (a die, or Pass) — the end screen showing the final scores by
category.  The test picks each move from the legal moves (``GET /games/<id>/legal-moves`` with the page's own seat
token) but plays it only by clicking.  Also: a click the engine refuses shows its reason and changes nothing, a hint
is pencilled on the sheet, How to play's entries, and the screenshots of the README (desktop and phone width)."""

from __future__ import annotations

import time

from tests.web.player import READY, Player, record

#: JavaScript: the legal moves of my pending decision, read with this browser's seat token (what the page itself asks).
LEGAL = """async () => {
  const game = location.hash.split('/')[2];
  const token = JSON.parse(localStorage.getItem('wtw.games'))[game].seats['0'];
  const answer = await fetch(`/games/${game}/legal-moves`, { headers: { Authorization: `Bearer ${token}` } });
  return (await answer.json()).moves;
}"""

#: JavaScript: the game's state as my seat sees it (its view: GET /games/<id> with this browser's seat token).
STATE = LEGAL.replace("/legal-moves", "").replace("(await answer.json()).moves", "await answer.json()")

#: The moves of a turn in the order the test plays them (the first legal one of these, each turn action once).
PREFERENCE = ("terrain", "contract", "office", "claim", "ship", "bank", "end_turn", "bank_between", "pass")


def start_rolled_west(player: Player, who: str = "bot:greedy") -> str:
    """A 2-player Rolled West game from the start page, me against ``who``: its id, once its screen is drawn."""
    page = player.page
    player.open("#/")
    page.select_option("#game", "rolled-west")
    page.wait_for_selector('form[data-game="rolled-west"]')  # the form drawn again for the game chosen
    page.select_option("#players", "2")
    page.select_option('select[name="who-1"]', who)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/#/game/*")
    player.settle()
    return page.url.rsplit("/", 1)[1]


def choose(moves: list[dict]) -> dict:
    """The move the test plays: by ``PREFERENCE``; of the claims a settlement first, of the shipments the largest."""
    for kind in PREFERENCE:
        found = [m for m in moves if m["type"] == kind]
        if found:
            if kind == "claim":
                return max(found, key=lambda m: m["kind"] == "settlement")
            if kind == "ship":
                return max(found, key=lambda m: (m["copper"] + m["silver"] + m["gold"], m["gold"], m["silver"]))
            return found[0]
    raise AssertionError(f"no move to play among {moves}")


def click_move(player: Player, move: dict) -> None:
    """Play ``move`` by clicking the page: the dice, my sheet's places, or the decision's buttons."""
    page = player.page
    sheet = page.locator(".rw-my-sheet .rw-sheet")
    kind = move["type"]
    if kind in ("terrain", "bank", "bank_between"):
        dice = page.locator(f'.rw-dice-panel button.rw-die[data-resource="{move["resource"]}"]:not(.terrain):not(.used)')
        target = dice.first if dice.count() else page.locator(f'.rw-dice-panel button.rw-die[data-resource="{move["resource"]}"]').first
        player.act_and_wait(target.click)
    elif kind == "claim":
        row = page.locator(".rw-my-sheet .rw-claim-row.now")
        first = row.locator('[data-mark=""]').first.get_attribute("data-claim")
        terrain, index = first.split(":")
        at = int(index) + (1 if move["kind"] == "settlement" else 0)
        player.act_and_wait(sheet.locator(f'[data-claim="{terrain}:{at}"]').click)
    elif kind == "contract":
        player.act_and_wait(sheet.locator(f'[data-contract="{move["contract"]}"]').click)
    elif kind == "office":
        player.act_and_wait(sheet.locator(f'[data-office="{move["office"]}"]').click)
    elif kind == "ship":
        for metal in ("copper", "silver", "gold"):
            if move[metal]:
                checked = sheet.locator(f'.rw-ship-row[data-metal="{metal}"] [data-mark="checked"]').count()
                sheet.locator(f'[data-ship="{metal}:{checked + move[metal] - 1}"]').click()
        player.act_and_wait(page.locator(".choices-box button.rw-ship").click)
    elif kind == "end_turn":
        player.act_and_wait(page.get_by_role("button", name="End the turn").click)
    elif kind == "pass":
        player.act_and_wait(page.get_by_role("button", name="Pass: bank nothing").click)
    else:
        raise AssertionError(f"no click for {move}")


def majority_marks(page, sheet: str) -> dict[str, tuple[int, str, int]]:
    """The majority bonus circled on each claim row of the sheet ``sheet`` (a selector): terrain -> (its place, how it
    is held: "standing" or "won", its printed points)."""
    marks = {}
    for row in page.locator(f"{sheet} .rw-claim-row").all():
        held = row.locator(".rw-bonus.held")
        assert held.count() <= 1  # one bonus per row at most: 1st or 2nd
        if held.count():
            assert held.locator("svg.rw-mark-circle").count() == 1
            marks[row.get_attribute("data-terrain")] = (int(held.get_attribute("data-place")), held.get_attribute("data-held"),
                                                        int(held.inner_text().split()[-1]))
    return marks


def assert_majorities_drawn(page, held: str) -> dict[str, tuple[int, str, int]]:
    """Each sheet circles the majority bonus its seat holds in each terrain, as the state says (``majority_places``),
    marked ``held`` ("standing" before the end, "won" after); my sheet's marks."""
    places = page.evaluate(STATE)["majority_places"]
    mine, theirs = majority_marks(page, ".rw-my-sheet"), majority_marks(page, ".rw-others")
    for marks, seat in ((mine, 0), (theirs, 1)):
        assert {t: (place, how) for t, (place, how, _points) in marks.items()} == {t: (p, held) for t, p in places[seat].items()}
    return mine


def test_a_two_player_game_against_a_greedy_bot_to_its_end(server, new_page, shots):
    page = new_page(1280, 900)
    player = Player(page, server.base)
    game_id = start_rolled_west(player)
    assert page.locator(".rw-my-sheet .rw-claim-row").count() == 4  # one claim row per terrain, from the server's data
    assert page.locator(".rw-my-sheet [data-contract]").count() == 9
    assert page.locator(".rw-my-sheet [data-office]").count() == 9
    assert page.locator(".rw-others .rw-sheet").count() == 1  # the bot's sheet beside mine
    asked_to_bank, played, kinds = set(), 0, set()
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        player.wait_turn()
        if player.over():
            break
        moves = page.evaluate(LEGAL)
        if {m["type"] for m in moves} == {"bank_between", "pass"}:
            assert player.banner().startswith("Your turn: Bank from")
            if not asked_to_bank:  # the bot's dice on the table, a die of its roll to click
                assert page.locator(".rw-dice-panel button.rw-die").count() >= 1
                page.screenshot(path=str(shots / "rolled-west-bank.png"))
            # each time asked (a click lost while the bot's moves redraw the dice is asked again: counted once)
            asked_to_bank.add((page.locator(".table-info").inner_text(), player.banner()))
        if played == 3:  # my first turn under way: the sheet as a player sees it
            page.screenshot(path=str(shots / "rolled-west-game.png"), full_page=True)
        move = choose(moves)
        click_move(player, move)
        if move["type"] == "claim" and "claim" not in kinds:  # my first claim: a majority bonus held as things stand
            assert assert_majorities_drawn(page, "standing")
            note = page.locator(".rw-my-sheet .rw-claims h4 .rw-standing")
            assert note.inner_text() == "Majority bonuses circled as things stand"
            held = page.locator(".rw-my-sheet .rw-bonus.held").first
            assert held.get_attribute("aria-label").endswith(", held as things stand")
            page.locator(".rw-my-sheet").screenshot(path=str(shots / "rolled-west-majority-standing.png"))
        kinds.add(move["type"])
        played += 1
    else:
        raise AssertionError("the game did not end in time")
    # asked once between each two of my turns (the bot's roll first; having banked, not again at the ghost roll)
    assert len(asked_to_bank) == 5 and {"terrain", "end_turn", "bank_between"} <= kinds and len(kinds) >= 6, kinds
    standings = page.locator("table.standings")
    assert standings.locator("tbody tr").count() == 2
    scores = page.locator(".scores-panel table.scores")
    rows = [r.strip() for r in scores.locator("tbody th").all_inner_texts()]
    assert rows == ["Claims", "Majority bonuses", "Contracts", "Shipping", "Boomtown offices"]
    total = int(scores.locator("tfoot td").first.inner_text())
    cells = [int(c) for c in scores.locator("tbody tr td:nth-child(2)").all_inner_texts()]
    assert total == sum(cells) > 0
    # the end: the majority bonuses each sheet circles are those won, mine adding up to my majority bonuses' points
    won = assert_majorities_drawn(page, "won")
    assert sum(points for _place, _how, points in won.values()) == cells[1]
    assert page.locator(".rw-sheet .rw-standing").count() == 0
    page.locator(".end-title").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "rolled-west-end.png"), full_page=True)
    assert page.locator(".players .player").nth(1).inner_text().startswith("Greedy bot")
    record("Rolled West: a move's result drawn after its click", *player.move_timings())
    # the replay draws the sheets as they were: after move 3, nothing claimed yet on the bot's sheet
    page.get_by_role("link", name="Watch the replay").click()
    page.wait_for_url("**/#/replay/*")
    page.wait_for_function(READY)  # drawn at the end before going to another point
    player.open(f"#/replay/{game_id}/3")
    page.locator(".rw-sheet").first.wait_for()
    assert page.locator(".rw-sheet").count() == 2
    assert page.locator('.rw-others [data-claim][data-mark="triangle"]').count() == 0


def test_a_refused_click_says_the_engines_reason_and_a_hint_is_pencilled_on_the_sheet(server, new_page, shots):
    page = new_page(1280, 900)
    player = Player(page, server.base)
    start_rolled_west(player)
    player.act_and_wait(page.locator(".rw-dice-panel button.rw-die").first.click)  # the terrain die set aside
    assert page.locator(".rw-dice-panel .rw-die.terrain").count() == 1
    page.locator(".players .player").nth(1).filter(has_text="sealed").wait_for()  # the bot's bank: no move to come
    # the state of both moves (my terrain die, the bot's sealed bank) drawn to its end: its version set last
    page.wait_for_function("() => Number(document.getElementById('app').dataset.version) >= 2")
    player.settle()
    version = player.version
    page.locator('.rw-my-sheet [data-contract="gold-5"]').click()  # five gold: never in one roll of the first turn
    page.locator(".decision .refusal").filter(has_text="gold").wait_for()
    assert player.version == version and page.locator('.rw-my-sheet [data-contract="gold-5"]').get_attribute("data-mark") == ""
    player.ask_hint()
    assert page.locator(".rw-my-sheet .hinted, .rw-dice-panel .rw-die.hinted").count() >= 1
    page.screenshot(path=str(shots / "rolled-west-hint.png"))


def test_rolled_west_on_a_phone_and_its_how_to_play(server, new_page, shots):
    page = new_page(390, 844, touch=True)
    player = Player(page, server.base)
    start_rolled_west(player)
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    player.act_and_wait(page.locator(".rw-dice-panel button.rw-die").first.tap)
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    page.locator(".rw-my-sheet .rw-sheet").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "rolled-west-phone.png"))
    page.locator('.scores-panel button.entry-link').first.click()  # a score row's entry over the game
    assert page.locator("#howto-dialog h2").inner_text() == "Claims"
    page.keyboard.press("Escape")
    player.open("#/how-to-play/rolled-west/ghost-roll")
    assert page.locator("h1").first.inner_text() == "How to play Rolled West"
    assert page.locator("#howto-ghost-roll").is_visible()
    assert page.locator(".howto-group[data-key=offices] .howto-entry").count() == 9
