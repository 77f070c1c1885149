"""Rolled West's daily puzzle in the browser (issue 38), a solo mode of our own: today's easy puzzle opened from the
start page, played to its end by clicking the page as a game's turn is played — a die to set aside as the terrain,
the score sheet's places to spend (a claim row's space, a contract, a Boomtown office, shipping boxes then Ship), a
die to bank, End the turn, a die of the ghost roll or Pass — each move taken from the stored puzzle's optimal plan
(the test server's store: the service never answers it before a submission) but played only by clicking; submitted,
the verdict says optimal with the optimum's points by category, and the optimal plan is shown.  Also: a click the
engine refuses shows its reason and changes nothing, the last move taken back, and the page at a phone's width."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.web.player import Player
from tests.web.test_web_languages import assert_french

#: The move the test plays at each kind of click (table.js's and puzzle.js's buttons).
METALS = ("copper", "silver", "gold")


def wait_placed(page, count: int) -> None:
    """Wait until the sheet drawn holds ``count`` moves."""
    expect(page.locator(".rw-puzzle .rw-my-sheet")).to_have_attribute("data-placed", str(count))


def paid(move: dict) -> list[str]:
    """The resources a spend of the golden plan takes: a shipment's metals, an office's two (its id: '<row>-<column>
    metal'), a claim's wood (one a camp, two a settlement: data/game.toml)."""
    if move["type"] == "ship":
        return [m for m in METALS for _n in range(move[m])]
    if move["type"] == "office":
        return move["office"].split("-")
    if move["type"] == "claim":
        return ["wood"] * (2 if move["kind"] == "settlement" else 1)
    raise AssertionError(f"the golden plan's second move is no spend the test knows: {move}")


def click_move(page, move: dict, buttons: tuple[str, str] = ("End the turn", "Pass: bank nothing")) -> None:
    """Play ``move`` of the solo seat by clicking the puzzle's page: the dice, the sheet's places or a button
    (``buttons``: the names of End the turn and Pass in the page's language)."""
    sheet = page.locator(".rw-puzzle .rw-sheet")
    kind = move["type"]
    if kind in ("terrain", "bank", "bank_between"):
        dice = page.locator(f'.rw-dice-panel button.rw-die[data-resource="{move["resource"]}"]:not(.terrain)')
        (dice.first if dice.count() else page.locator(f'.rw-dice-panel button.rw-die[data-resource="{move["resource"]}"]').first).click()
    elif kind == "claim":
        first = page.locator('.rw-puzzle .rw-claim-row.now [data-mark=""]').first.get_attribute("data-claim")
        terrain, index = first.split(":")
        sheet.locator(f'[data-claim="{terrain}:{int(index) + (move["kind"] == "settlement")}"]').click()
    elif kind == "contract":
        sheet.locator(f'[data-contract="{move["contract"]}"]').click()
    elif kind == "office":
        sheet.locator(f'[data-office="{move["office"]}"]').click()
    elif kind == "ship":
        for metal in METALS:
            if move[metal]:
                checked = sheet.locator(f'.rw-ship-row[data-metal="{metal}"] [data-mark="checked"]').count()
                sheet.locator(f'[data-ship="{metal}:{checked + move[metal] - 1}"]').click()
        sheet.locator("button.rw-ship").click()
    elif kind == "end_turn":
        page.get_by_role("button", name=buttons[0]).click()
    elif kind == "pass":
        page.get_by_role("button", name=buttons[1]).click()
    else:
        raise AssertionError(f"no click for {move}")


def test_todays_rolled_west_puzzle_is_played_by_clicks_to_its_optimum(server, new_page, today_rolled_west_puzzle, shots):
    puzzle = today_rolled_west_puzzle
    moves = puzzle["solution"]["moves"]
    page = new_page(1280, 900)
    player = Player(page, server.base)
    player.open("#/")
    offer = page.locator('.puzzles-card .puzzle-offer[data-game="rolled-west"]')
    assert "solo mode of our own" in offer.inner_text()
    page.locator(".puzzles-card").screenshot(path=str(shots / "rolled-west-puzzle-offer.png"))
    offer.get_by_role("link", name="Easy").click()
    page.wait_for_url("**/#/puzzle/rolled-west/easy")
    wait_placed(page, 0)
    assert f"target: {puzzle['optimum']}" in page.locator(".decision h2").inner_text()
    assert "Our own solo mode" in page.locator(".rw-mode").inner_text()
    assert page.locator("h1.game-title").inner_text() == f"Rolled West · Daily puzzle · {puzzle['date']}"
    assert page.locator(".rw-dice-panel button.rw-die").count() == len(puzzle["rolls"][0])
    # every roll known in advance: the rounds' dice and the ghost rolls, the round now outlined
    assert page.locator(".rw-rolls tbody tr").count() == puzzle["rounds"]
    assert page.locator(".rw-rolls tr.now").get_attribute("data-round") == "1"
    assert page.locator('.rw-rolls tr[data-round="2"] td').first.locator(".rw-chip").count() == len(puzzle["rolls"][1])
    assert page.locator(".tabs a[aria-current=page]").get_attribute("href") == f"#/puzzle/rolled-west/easy/{puzzle['date']}"
    # a move taken back: the terrain die set aside, then the sheet as before
    click_move(page, moves[0])
    wait_placed(page, 1)
    assert page.locator(".rw-dice-panel .rw-die.terrain").count() == 1
    page.get_by_role("button", name="Take back the last move").click()
    wait_placed(page, 0)
    assert page.locator(".rw-dice-panel .rw-die.terrain").count() == 0
    for n, move in enumerate(moves, start=1):
        click_move(page, move)
        wait_placed(page, n)
        if n == 1:  # a refused click: five gold are never at hand in the first turn; the engine's reason, no change
            page.locator('.rw-puzzle [data-contract="gold-5"]').click()
            expect(page.locator(".rw-puzzle .rw-note")).to_contain_text("gold")
            assert page.locator('.rw-puzzle [data-contract="gold-5"]').get_attribute("data-mark") == ""
            wait_placed(page, 1)
        if n == 2:  # the first turn's first spend: nothing is banked yet, so it is paid by the roll, its dice dimmed
            assert moves[0]["type"] == "terrain"
            used = page.locator(".rw-dice-panel .rw-die.used")
            assert sorted(used.evaluate_all("dice => dice.map((d) => d.dataset.resource)")) == sorted(paid(move))
            assert all(title.endswith("die, spent") for title in used.evaluate_all("dice => dice.map((d) => d.title)"))
            assert page.locator(".rw-dice-panel .rw-die:not(.used):not(.terrain)").count() == len(puzzle["rolls"][0]) - 3
            assert float(used.first.evaluate("d => getComputedStyle(d).opacity")) < 1
        if n == 8:  # the refusal's toast gone (it fades after 8 s; the test plays faster than that)
            page.evaluate("() => document.getElementById('toast').classList.remove('shown')")
            page.screenshot(path=str(shots / "rolled-west-puzzle.png"), full_page=True)
    assert "rounds are played" in page.locator(".rw-puzzle-what").inner_text()
    expect(page.locator(".score-value")).to_have_text(str(puzzle["optimum"]))
    page.get_by_role("button", name="Submit my solution").click()
    verdict = page.locator(".verdict")
    expect(verdict).to_have_attribute("data-optimal", "true")
    assert verdict.inner_text() == f"You scored {puzzle['optimum']}: the proven optimum."
    by_category = page.locator(".result table.rw-puzzle-scores")
    assert [r.strip() for r in by_category.locator("tbody th").all_inner_texts()] == [
        "Claims", "Majority bonuses", "Contracts", "Shipping", "Boomtown offices"]
    rows = by_category.locator("tbody tr")
    assert {rows.nth(i).get_attribute("data-category"): int(rows.nth(i).locator("td").inner_text())
            for i in range(rows.count())} == puzzle["breakdown"]
    assert by_category.locator("tfoot td").inner_text() == str(puzzle["optimum"])
    share = page.locator(".share-line").input_value()
    assert share.startswith(f"Rolled West solo daily puzzle {puzzle['date']} (easy): {puzzle['optimum']}/{puzzle['optimum']}")
    assert not any(word in share for word in ("camp", "ship", "contract", "office", "bank", "wood", "copper"))
    page.get_by_role("button", name="Show the optimal solution").click()
    turns = page.locator(".rw-optimal-turns li")
    expect(turns).to_have_count(puzzle["rounds"])
    assert turns.first.inner_text().startswith("Round 1: Set")
    assert page.locator(".rw-optimal-sheet .rw-sheet").count() == 1
    assert page.locator(f'.optimal h3:text-is("The optimal plan: {puzzle["optimum"]} points")').count() == 1
    page.locator(".optimal-box").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "rolled-west-puzzle-solved.png"), full_page=True)
    # a reload keeps the solution and its verdict (the browser's storage)
    page.reload()
    expect(page.locator(".verdict")).to_have_attribute("data-optimal", "true")
    wait_placed(page, len(moves))


def test_rolled_west_puzzle_on_a_phone(server, new_page, today_rolled_west_puzzle, shots):
    moves = today_rolled_west_puzzle["solution"]["moves"]
    page = new_page(390, 844, touch=True)
    player = Player(page, server.base)
    player.open("#/puzzle/rolled-west/easy")
    wait_placed(page, 0)
    for n, move in enumerate(moves[:3], start=1):
        click_move(page, move)
        wait_placed(page, n)
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(shots / "rolled-west-puzzle-phone.png"), full_page=True)


def test_rolled_west_puzzle_in_french(server, new_page, today_rolled_west_puzzle):
    page = new_page(1280, 900, locale="fr-FR")
    player = Player(page, server.base)
    player.open("#/puzzle/rolled-west/easy")
    wait_placed(page, 0)
    rounds = today_rolled_west_puzzle["rounds"]
    assert page.locator(".rw-puzzle-what").inner_text() == f"Manche 1 sur {rounds} : cliquez sur un dé pour l’écarter comme terrain."
    assert page.locator(".decision h2").inner_text().startswith(f"Jouez les {rounds} manches")
    assert page.get_by_role("button", name="Reprendre le dernier coup").is_disabled()
    # played up to its first claim: the majority bonus it holds circled, said in French to be as things stand
    moves = today_rolled_west_puzzle["solution"]["moves"]
    claimed = next(n for n, m in enumerate(moves) if m["type"] == "claim") + 1
    for n, move in enumerate(moves[:claimed], start=1):
        click_move(page, move, ("Finir le tour", "Passer : rien en réserve"))
        wait_placed(page, n)
    held = page.locator(".rw-puzzle .rw-bonus.held")
    assert held.count() == 1 and held.get_attribute("data-place") == "1" and held.get_attribute("data-held") == "standing"
    assert held.get_attribute("aria-label").startswith("Prime de la 1re place : ")
    assert held.get_attribute("aria-label").endswith(", tenue à ce stade de la partie")
    assert page.locator(".rw-puzzle .rw-standing").inner_text() == "Primes de majorité entourées à ce stade de la partie"
    assert_french(page, ("Rolled West",))
