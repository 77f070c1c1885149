"""The page's languages (issue 37, "French"): the page speaks the browser's language when it has it, the switch in
the top bar changes it at once and for the next visits, and a string missing from a catalogue falls back to English."""

from __future__ import annotations

from tests.web.player import Player


def nav_words(page) -> list[str]:
    return page.locator(".topbar nav a").all_inner_texts()


def test_a_french_browser_gets_the_page_in_french_and_the_switch_changes_it(server, new_page):
    page = new_page(locale="fr-FR")
    player = Player(page, server.base)
    player.open("#/")
    assert page.evaluate("() => document.documentElement.lang") == "fr"
    assert nav_words(page) == ["Jouer", "Défi du jour", "Comment jouer", "API"]
    assert page.get_by_label("Langue").input_value() == "fr"
    refusal = page.evaluate("""async () => {
      const { get } = await import("/app/js/core/api.js");
      try { await get("/games/no-such-game"); } catch (error) { return [error.status, error.message]; }
    }""")
    assert refusal == [404, "aucune partie n’a l’identifiant 'no-such-game'"]  # the server's words in the page's language
    page.get_by_label("Langue").select_option("en")
    page.wait_for_function("() => document.body.dataset.ready === 'true' && document.documentElement.lang === 'en'")
    assert nav_words(page) == ["Play", "Daily puzzle", "How to play", "API"]
    page.reload()  # the choice is kept over the browser's language
    page.wait_for_function("() => document.body.dataset.ready === 'true'")
    assert page.evaluate("() => document.documentElement.lang") == "en" and nav_words(page)[0] == "Play"


def test_a_browser_in_a_language_the_page_lacks_gets_english(server, new_page):
    page = new_page(locale="de-DE")
    Player(page, server.base).open("#/")
    assert page.evaluate("() => document.documentElement.lang") == "en"
    assert nav_words(page) == ["Play", "Daily puzzle", "How to play", "API"]
