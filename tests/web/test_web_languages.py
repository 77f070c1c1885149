"""The page's languages (issue 37, "French"): the page speaks the browser's language when it has it, the switch in
the top bar changes it at once and for the next visits, and a string missing from a catalogue falls back to English."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.web.player import READY, Player


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
    page.wait_for_function(f"() => ({READY})() && document.documentElement.lang === 'en'")
    assert nav_words(page) == ["Play", "Daily puzzle", "How to play", "API"]
    page.reload()  # the choice is kept over the browser's language
    page.wait_for_function(READY)
    assert page.evaluate("() => document.documentElement.lang") == "en" and nav_words(page)[0] == "Play"


def test_a_browser_in_a_language_the_page_lacks_gets_english(server, new_page):
    page = new_page(locale="de-DE")
    Player(page, server.base).open("#/")
    assert page.evaluate("() => document.documentElement.lang") == "en"
    assert nav_words(page) == ["Play", "Daily puzzle", "How to play", "API"]


# --- nothing left in English on a French page (issue 37, "French": "the whole client ... in English or French") ---

LOCALES = Path(__file__).resolve().parents[2] / "service" / "web" / "static" / "locales"

#: English words a French page never shows (none of them is also a French word the page uses: "on", "place",
#: "points", "round", "total", "solo" are left out on purpose)
ENGLISH_WORDS = re.compile(
    r"\b(the|your|yours|you|game|games|player|players|tile|tiles|board|move|moves|turn|seat|seats|show|hide|with|and|"
    r"of|to|waiting|undo|leave|hint|gold|bullets?|partners?|supply|legend|random|none|yet|refresh|more|copy|close|"
    r"next|previous|day|rotate|flip|here|keyboard|watching|settlement|found|take|back|submit|spots?|this|that|is|are|"
    r"it|for|from|not|no|new|name|enlarge|category|scores|loading|daily|puzzle|open|join|watch|fits|"
    r"left|right|year|cattle|contracts?|side|wild|normal|me|strong|quick|first|down|share|result|"
    r"scored|placed|target|hand|start|over|live|reconnecting|what|happens|how|play|forget)\b",
    re.IGNORECASE)


def english_strings() -> set[str]:
    """The English catalogue's strings that its French one says otherwise (without placeholders: whole sentences)."""
    def leaves(node, path=()):
        if isinstance(node, dict):
            for key, value in node.items():
                yield from leaves(value, (*path, key))
        elif isinstance(node, list):
            for i, value in enumerate(node):
                yield from leaves(value, (*path, str(i)))
        else:
            yield path, str(node)
    fr = dict(leaves(json.loads((LOCALES / "fr.json").read_text(encoding="utf-8"))))
    return {text.strip() for path, text in leaves(json.loads((LOCALES / "en.json").read_text(encoding="utf-8")))
            if "{{" not in text and fr.get(path) != text and len(text.strip()) > 2}


#: JavaScript: the page's visible words: its text nodes, and the title, aria-label and placeholder of its visible
#: elements (a select's options too), with document.title; the server's board pictures left out (their words are
#: the server's, drawn in the SVG: not the client's catalogue)
VISIBLE_WORDS = """() => {
  const out = [document.title];
  const shown = (el) => el && el.checkVisibility({ visibilityProperty: true }) && !(el.closest('svg') && !el.closest('g.overlay'));
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.textContent.trim() && shown(node.parentElement) && !node.parentElement.closest('noscript, option')) out.push(node.textContent.trim());
  }
  for (const el of document.body.querySelectorAll('[title], [aria-label], [placeholder], select')) {
    if (!shown(el)) continue;
    for (const name of ['title', 'aria-label', 'placeholder']) if (el.getAttribute(name)) out.push(el.getAttribute(name));
    if (el.tagName === 'SELECT') for (const option of el.options) out.push(option.textContent.trim());
  }
  return out;
}"""


def english_left(page, allowed: tuple[str, ...] = ()) -> list[str]:
    """The visible words of `page` that are English: one of the English catalogue's strings, or holding a common
    English word once the names in `allowed` (players', the game's title, boards', languages') are taken out."""
    strings = english_strings()
    names = ("Wild Tiled West", "English", *allowed)
    found = []
    for text in page.evaluate(VISIBLE_WORDS):
        rest = text
        for name in names:
            rest = rest.replace(name, " ")
        if text in strings or ENGLISH_WORDS.search(rest):
            found.append(text)
    return sorted(set(found))


def tile_pictures(page) -> list[str]:
    """The URLs of the tile pictures on `page` (`<img src>` and the board's `<image href>`)."""
    return page.evaluate("""() => [...document.querySelectorAll('img[src*="/catalog/tiles/"], image[href*="/catalog/tiles/"]')]
      .map((e) => e.getAttribute("src") || e.getAttribute("href"))""")


def assert_french(page, allowed: tuple[str, ...] = ()) -> None:
    """No English on `page` (english_left), the words found said when some are."""
    left = english_left(page, allowed)
    assert left == [], f"English on the French page {page.url}: {left}"


def test_a_french_page_shows_no_english_and_a_french_game_plays_a_turn(server, new_page):
    page = new_page(locale="fr-FR")
    player = Player(page, server.base)
    boards = tuple(b["name"] for b in page.request.get(server.base + "catalog/boards").json()["boards"])
    player.open("#/")
    assert_french(page, boards)
    # a solo game, its first turn played by the page's own controls: keep a partner, draft, place
    page.select_option("#players", "1")
    page.fill('input[name="name-0"]', "Annie")
    page.locator(".new-game button[type=submit]").click()
    page.wait_for_url("**/#/game/*")
    player.settle()
    game_id = page.url.rsplit("/", 1)[1]
    titles = []
    for _ in range(3):
        assert_french(page, (*boards, "Annie"))
        titles.append(player.play_by_own_controls())
    assert_french(page, (*boards, "Annie"))
    assert titles[0] == "Garder un partenaire"
    # the server's pictures in the page's language: every tile picture's URL names it (an <img> request carries the
    # browser's language, not the page's), and the board's picture is drawn in it
    assert tile_pictures(page) and all(src.endswith("&lang=fr") for src in tile_pictures(page))
    assert "Légende" in page.locator(".my-board svg").first.text_content()
    assert "Annie" not in page.locator(".events-panel").inner_text()  # "vous": the events speak to me, in French
    events = page.locator(".events-panel li").all_inner_texts()
    assert events and not [e for e in events if ENGLISH_WORDS.search(e)]
    # the switch redraws the game screen and its events in English, with no reload
    page.evaluate("() => { window.notReloaded = true; }")
    page.get_by_label("Langue").select_option("en")
    page.wait_for_function(f"() => document.documentElement.lang === 'en' && ({READY})()")
    player.settle()
    assert page.evaluate("() => window.notReloaded") is True
    assert page.locator(".game-title").inner_text() == "Solo game"
    assert tile_pictures(page) and all(src.endswith("&lang=en") for src in tile_pictures(page))
    page.wait_for_function("() => /\\byou\\b/i.test(document.querySelector('.events-panel').innerText)")
    page.get_by_label("Language").select_option("fr")
    page.wait_for_function(f"() => document.documentElement.lang === 'fr' && ({READY})()")
    player.settle()
    assert_french(page, (*boards, "Annie"))
    # How to play, the daily puzzle (a tile placed), an invitation to join
    player.open("#/how-to-play")
    assert_french(page, boards)
    player.open("#/puzzle/easy")
    page.locator(".hand-tile").first.wait_for()
    assert_french(page, boards)
    page.locator(".hand-tile:not([disabled])").first.click()
    page.keyboard.press("n")
    page.keyboard.press("Enter")
    page.locator(".hand-tile.placed").first.wait_for()
    page.locator(".decision-tools .primary").click()
    page.locator(".verdict").wait_for()
    assert_french(page, boards)
    created = page.evaluate("""async () => {
      const { post } = await import("/app/js/core/api.js");
      return (await post("/games", { players: 2, seats: [{ name: "Annie" }, { open: true }] })).data.id;
    }""")
    player.open(f"#/join/{created}/1")
    assert_french(page, (*boards, "Annie"))
    assert game_id
