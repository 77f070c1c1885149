"""An accessibility check of the web client (issue 37): axe-core, the checker of Deque (from the npm registry, for the
tests only: the client never serves it), run in Chromium over the start page, How to play, a solo game's first turn
(its first decision, then a tile to place, in English and in French), a 2-player game against a bot, the daily puzzle
after a placement and a finished game's replay and end screen.  No violation of impact "serious" or "critical" is
allowed; the failure lists each one (rule, impact, elements, help).

axe-core is fetched once with ``npm pack`` at the pinned version, its tarball checked against the pinned integrity,
and ``axe.min.js`` kept in pytest's cache (``.pytest_cache/d/axe-core-<version>/``); the test injects it into each
page (``page.add_script_tag``).  Without npm the test is skipped, saying so (``.ci/run`` installs npm with
apt-get when missing)."""

from __future__ import annotations

import base64
import hashlib
import os
import random
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

import pytest

from tests.web.player import Player
from tests.web.test_web_replay import hold_seats, play_at_random
from tests.web.test_web_rolled_west import LEGAL, click_move, start_rolled_west

AXE_VERSION = "4.14.1"
#: the tarball's integrity as the npm registry publishes it (``npm view axe-core@4.14.1 dist.integrity``)
AXE_INTEGRITY = "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ=="
#: the impacts that fail the test (axe's scale: minor, moderate, serious, critical)
FAILING = ("serious", "critical")
SEED = 20_371


def fetch_axe(folder: Path) -> Path:
    """``axe.min.js`` of axe-core ``AXE_VERSION`` in ``folder``: fetched with ``npm pack`` when missing (the tarball's
    integrity checked), written at once (a rename) so that two test processes may fetch it together."""
    script = folder / "axe.min.js"
    if script.is_file():
        return script
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip(f"npm not found: the accessibility check needs axe-core {AXE_VERSION} from the npm registry "
                    "(install Debian's npm: apt-get install npm; .ci/run does)")
    with tempfile.TemporaryDirectory() as scratch:
        done = subprocess.run([npm, "pack", f"axe-core@{AXE_VERSION}", "--pack-destination", scratch, "--silent"],
                              cwd=scratch, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, f"npm pack axe-core@{AXE_VERSION} failed: {done.stderr}"
        tarball = Path(scratch) / f"axe-core-{AXE_VERSION}.tgz"
        digest = base64.b64encode(hashlib.sha512(tarball.read_bytes()).digest()).decode()
        assert f"sha512-{digest}" == AXE_INTEGRITY, f"axe-core {AXE_VERSION}'s tarball is not the one pinned"
        with tarfile.open(tarball) as archive:
            member = archive.extractfile("package/axe.min.js")
            assert member is not None
            partial = folder / f"axe.min.js.{os.getpid()}"
            partial.write_bytes(member.read())
        partial.replace(script)
    return script


@pytest.fixture(scope="session")
def axe_script(request, tmp_path_factory) -> Path:
    """axe-core's script, kept in pytest's cache (or, without one, fetched for this run)."""
    cache = getattr(request.config, "cache", None)
    folder = cache.mkdir(f"axe-core-{AXE_VERSION}") if cache else tmp_path_factory.mktemp("axe-core")
    return fetch_axe(folder)


def violations(page, script: Path) -> list[dict]:
    """axe's violations of impact ``FAILING`` on the page as it is (the whole document)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(script))
    found = page.evaluate("""async () => (await axe.run(document, {resultTypes: ['violations']})).violations
      .map((v) => ({id: v.id, impact: v.impact, help: v.help,
                    targets: v.nodes.map((n) => n.target.join(' ') + (n.failureSummary ? ': ' + n.failureSummary.split('\\n').slice(1).join(' ') : ''))}))""")
    return [v for v in found if v["impact"] in FAILING]


class Check:
    """The pages checked and what axe found on each."""

    def __init__(self, script: Path):
        self.script = script
        self.found: dict[str, list[dict]] = {}

    def __call__(self, name: str, page) -> None:
        self.found[name] = violations(page, self.script)

    def report(self) -> str:
        lines = []
        for name, found in self.found.items():
            for v in found:
                lines.append(f"{name}: {v['id']} ({v['impact']}): {v['help']}")
                lines.extend(f"    {t}" for t in v["targets"][:8])
        return "\n".join(lines)


def solo_game(server, seed: int) -> tuple[str, str]:
    """A solo game created through the API: its id and its seat's token."""
    created = server.client.post("/games", {"players": 1, "seed": seed, "seats": [{"name": "Ann"}]}).json()
    return created["id"], created["tokens"][0]["token"]


def test_no_serious_or_critical_violation_on_the_start_game_puzzle_and_how_to_play_pages(server, new_page, axe_script, shots):
    check = Check(axe_script)
    page = new_page()
    player = Player(page, server.base)
    player.open("#/")
    assert page.evaluate("() => typeof window.axe") == "undefined"  # the client does not load it: the test does
    check("start page", page)
    player.open("#/how-to-play")
    check("How to play", page)
    page.screenshot(path=str(shots / "how-to-play.png"))
    # a solo game's first turn: its first decision, then (a partner and a stack chosen) a tile to place
    player.start_game(["me"], name="Ann")
    check("solo game, first decision", page)
    player.act_and_wait(lambda: page.locator(".partner-card").first.click())
    page.locator("button.stack.draftable").first.click()
    player.act_and_wait(lambda: page.locator(".choices .choice.primary").first.click())
    assert player.banner().startswith("Your turn: Place ")
    check("solo game, a tile to place", page)
    player.ask_hint()
    check("solo game, a hint shown", page)
    page.locator(".scores-panel").get_by_role("button", name="Trailblazing").click()  # an entry of How to play
    page.wait_for_selector("#howto-dialog[open]")
    check("How to play's entry over a game", page)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(shots / "how-to-play-entry.png"))
    page.keyboard.press("Escape")
    # a 2-player game against a bot
    player.start_game(["me", "bot:hint:200"], name="Ann", names={1: "Doc"})
    player.wait_turn()
    check("2-player game with a bot", page)
    page.locator(".thumb").click()  # the other seat's board, enlarged
    page.wait_for_selector("dialog.board-dialog[open] .dialog-board svg")
    check("another seat's board enlarged", page)
    page.keyboard.press("Escape")
    # the daily puzzle after a placement (a tile of the hand, a spot that fits found by N, placed by Enter)
    player.open("#/puzzle/easy")
    page.locator(".hand-tile").first.click()
    page.keyboard.press("n")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('.my-board').dataset.version === '1'")
    check("daily puzzle, a tile placed", page)
    # Rolled West's daily puzzle after its first move (a die set aside as the terrain by a click)
    player.open("#/puzzle/rolled-west/easy")
    page.locator(".rw-dice-panel button.rw-die").first.click()
    page.wait_for_function("() => document.querySelector('.rw-puzzle .rw-my-sheet').dataset.placed === '1'")
    check("Rolled West's daily puzzle, a die set aside", page)
    # the game screen in French (a solo game this browser holds)
    french = new_page(locale="fr-FR")
    game_id, token = solo_game(server, SEED)
    hold_seats(french, server.base, game_id, {0: token})
    french_player = Player(french, server.base)
    french_player.open(f"#/game/{game_id}")
    french_player.settle()
    assert french.evaluate("() => document.documentElement.lang") == "fr"
    check("solo game in French", french)
    french.screenshot(path=str(shots / "game-fr.png"))
    failing = [name for name, found in check.found.items() if found]
    assert not failing, "axe-core's serious or critical violations:\n" + check.report()


def test_no_serious_or_critical_violation_on_a_finished_games_replay_and_end(server, new_page, axe_script):
    created = server.client.post("/games", {"players": 2, "seed": SEED, "seats": [{"name": "Ann"}, {"name": "Bea"}]}).json()
    tokens = [t["token"] for t in sorted(created["tokens"], key=lambda t: t["seat"])]
    game_id = created["id"]
    play_at_random(server.client, game_id, tokens, random.Random(SEED))
    check = Check(axe_script)
    page = new_page()
    hold_seats(page, server.base, game_id, {0: tokens[0]})
    player = Player(page, server.base)
    player.open(f"#/replay/{game_id}/10")
    page.wait_for_function("() => document.getElementById('app').dataset.replayAt === '10'")
    check("replay at move 10", page)
    player.open(f"#/game/{game_id}")
    page.locator(".end-title").wait_for()
    check("a finished game's end", page)
    failing = [name for name, found in check.found.items() if found]
    assert not failing, "axe-core's serious or critical violations:\n" + check.report()


def test_no_serious_or_critical_violation_on_rolled_wests_pages(server, new_page, axe_script):
    """Rolled West (issue 38) on the same check: its How to play, a game's first decisions (the terrain die, then the
    spending on the score sheet), a finished game's end and its replay."""
    check = Check(axe_script)
    page = new_page()
    player = Player(page, server.base)
    player.open("#/how-to-play/rolled-west")
    check("Rolled West's How to play", page)
    start_rolled_west(player)
    player.wait_turn()
    check("Rolled West, the terrain die to choose", page)
    click_move(player, next(m for m in page.evaluate(LEGAL) if m["type"] == "terrain"))
    check("Rolled West, spending on the score sheet", page)
    created = server.client.post("/games", {"game": "rolled-west", "players": 2, "seed": SEED,
                                            "seats": [{"name": "Ann"}, {"name": "Bea"}]}).json()
    tokens = [t["token"] for t in sorted(created["tokens"], key=lambda t: t["seat"])]
    play_at_random(server.client, created["id"], tokens, random.Random(SEED))
    hold_seats(page, server.base, created["id"], {0: tokens[0]})
    player.open(f"#/game/{created['id']}")
    page.locator(".end-title").wait_for()
    check("Rolled West, a finished game's end", page)
    player.open(f"#/replay/{created['id']}/10")
    page.wait_for_function("() => document.getElementById('app').dataset.replayAt === '10'")
    check("Rolled West, replay at move 10", page)
    failing = [name for name, found in check.found.items() if found]
    assert not failing, "axe-core's serious or critical violations:\n" + check.report()
