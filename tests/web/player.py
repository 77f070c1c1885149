"""A player at the web client, for the browser tests: every action is a click or a key press on the page, as a
person would do it; the tests read only what the page shows (text, and the data attributes the client keeps on its
elements: the game version drawn, the ghost's orientation and anchor)."""

from __future__ import annotations

import statistics
import time

#: Figures measured while the tests run (name -> values in milliseconds), printed at the end of the run.
FIGURES: dict[str, list[float]] = {}


def record(name: str, *values: float) -> None:
    """Keep measured values (milliseconds) under ``name`` for the summary of the run."""
    FIGURES.setdefault(name, []).extend(values)


def summary(name: str, values: list[float]) -> str:
    """``name: n=20 median 310, p95 420, max 455``."""
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"{name}: n={len(values)} median {statistics.median(values):.0f}, p95 {p95:.0f}, max {max(values):.0f}"

#: JavaScript: the page of the address's route is drawn (not still the page before it: a link's hash change reaches
#: the page's router a moment after the address changes).
READY = "() => document.body.dataset.ready === 'true' && document.body.dataset.route === location.hash"

#: JavaScript: whether element `e` is wholly inside the window (to a pixel) and is what a tap at its centre reaches.
IN_VIEW = """(e) => { const r = e.getBoundingClientRect();
  const inside = r.top > -1 && r.left > -1 && r.bottom < innerHeight + 1 && r.right < innerWidth + 1 && r.height > 0;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return inside && !!hit && (e === hit || e.contains(hit)); }"""

#: JavaScript: the page has drawn a state and is not busy with a move.
SETTLED = """() => {
  const app = document.getElementById('app');
  return document.body.dataset.ready === 'true' && document.body.dataset.route === location.hash
    && app.dataset.version !== undefined
    && document.body.dataset.busy !== 'true'
    && (document.querySelector('.turn-banner[data-mine]') !== null || document.querySelector('.end-title') !== null);
}"""


class Player:
    """One browser page of the web client at ``base`` (the server's URL)."""

    def __init__(self, page, base: str):
        self.page = page
        self.base = base

    # --- pages -------------------------------------------------------------------------------------------------

    def open(self, fragment: str = "#/") -> None:
        self.page.goto(self.base + fragment)
        self.page.wait_for_function(READY)

    def start_game(self, seats: list[str], name: str | None = None, names: dict[int, str] | None = None) -> str:
        """On the start page, a new game: ``seats`` are the "who plays" choices (``me``, ``open``, ``bot:hint:200`` ...);
        ``name`` the first seat's, ``names`` other seats' by number.  Returns the game id, once its screen is drawn."""
        self.open("#/")
        self.page.select_option("#players", str(len(seats)))
        for seat, who in enumerate(seats):
            self.page.select_option(f'select[name="who-{seat}"]', who)
        for seat, seat_name in {**({0: name} if name else {}), **(names or {})}.items():
            self.page.fill(f'input[name="name-{seat}"]', seat_name)
        self.page.get_by_role("button", name="Start the game").click()
        self.page.wait_for_url("**/#/game/*")
        self.settle()
        return self.page.url.rsplit("/", 1)[1]

    # --- state of the page -------------------------------------------------------------------------------------

    @property
    def version(self) -> int:
        return int(self.page.locator("#app").get_attribute("data-version"))

    def settle(self, timeout: float = 30_000) -> None:
        """Wait until the page shows a state and no move is under way."""
        self.page.wait_for_function(SETTLED, timeout=timeout)

    def my_turn(self) -> bool:
        return self.page.locator('.turn-banner[data-mine="yes"]').count() > 0

    def over(self) -> bool:
        return self.page.locator(".end-title").count() > 0

    def wait_turn(self, timeout: float = 60_000) -> None:
        """Wait until it is my turn or the game is over (others and bots play meanwhile)."""
        self.page.wait_for_function(
            "() => document.querySelector('.end-title') || (document.querySelector('.turn-banner[data-mine=\"yes\"]')"
            " && document.body.dataset.busy !== 'true' && document.querySelector('.decision .choices-box'))",
            timeout=timeout)

    def banner(self) -> str:
        return self.page.locator(".turn-banner").inner_text()

    # --- acting ------------------------------------------------------------------------------------------------

    def act_and_wait(self, action) -> None:
        """Do ``action`` (a click that plays moves) and wait until the page drew the state it made."""
        before = self.version
        action()
        self.page.wait_for_function(f"() => Number(document.getElementById('app').dataset.version) > {before}")
        self.settle()

    def ask_hint(self) -> None:
        """Press the hint button and wait for its options (shown on the board)."""
        self.page.locator(".hint-button").click()
        self.page.locator(".hint-option").first.wait_for(timeout=30_000)

    def follow_hint(self, option: int = 1) -> None:
        """Ask for a hint (unless it is shown) and play its option ``option`` (its moves one after another)."""
        if not self.page.locator(".hint-option").count():
            self.ask_hint()
        self.act_and_wait(lambda: self.page.get_by_role("button", name=f"Play option {option}").click())

    def board_square_centre(self, row: int, col: int, selector: str = ".my-board") -> tuple[float, float]:
        """The page coordinates of the centre of board square (row, col)."""
        box = self.page.locator(f'{selector} g.square[data-row="{row}"][data-col="{col}"] rect').bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def point_at(self, row: int, col: int) -> None:
        """Move the mouse over board square (row, col)."""
        self.page.mouse.move(*self.board_square_centre(row, col))

    def ghost(self) -> tuple[int, tuple[int, int], bool]:
        """The ghost's orientation, anchor and whether it fits, as the board shows it."""
        board = self.page.locator(".my-board")
        row, col = map(int, board.get_attribute("data-anchor").split(","))
        return int(board.get_attribute("data-orientation")), (row, col), board.get_attribute("data-fits") == "yes"

    def ways_the_tile_lies(self) -> int:
        """How many distinct ways (orientations) the tile being placed lies, from the catalog: 1 for a tile that
        turning and flipping leave as it is."""
        return self.page.evaluate("""async () => {
          const game = location.hash.split('/')[2];
          const state = await (await fetch(`/games/${game}`)).json();
          const type = state.pending.tile.split('#')[0];
          return (await (await fetch('/catalog/tiles')).json()).tiles.find((t) => t.id === type).orientations;
        }""")

    def move_timings(self) -> list[float]:
        """The durations (ms) from each move's click to its result drawn, as the page measured them."""
        return self.page.evaluate("() => performance.getEntriesByName('wtw:move-drawn').map((e) => e.duration)")

    def play_by_own_controls(self) -> str:
        """Take my decision by its own controls, not the hint: a placement by the keys (N finds a spot, Enter places),
        a draft by the first stack the dice reach in the trays and its first choice, a square (a bandit, a hill, a
        sheriff) by a click on the board, any other decision by its first button.  Returns the decision's title."""
        page = self.page
        title = page.locator("#decision-title").inner_text()
        if page.locator(".board-view.placing").count():
            page.locator(".my-board").focus()
            page.keyboard.press("n")
            self.act_and_wait(lambda: page.keyboard.press("Enter"))
        elif page.locator("button.stack.draftable").count():
            page.locator("button.stack.draftable").first.click()
            self.act_and_wait(lambda: page.locator(".choices .choice.primary").first.click())
        elif page.locator(".overlay .choice-square").count() and not title.startswith("Wrangle"):
            box = page.locator(".overlay .choice-square").first.bounding_box()
            self.act_and_wait(lambda: page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2))
        else:
            self.act_and_wait(lambda: page.locator(".choices-box .choice").first.click())
        return title

    def play_to_the_end(self, before=None, limit_s: float = 600) -> int:
        """Play my decisions, following the hint, until the game is over (``before(n)`` is called before the n-th, from
        0); returns how many moves I played."""
        deadline = time.monotonic() + limit_s
        turn = 0
        while time.monotonic() < deadline:
            self.wait_turn()
            if self.over():
                timings = self.move_timings()
                record("a move's result drawn after its click", *timings)
                return len(timings)
            if before:
                before(turn)
            self.follow_hint()
            turn += 1
        raise AssertionError("the game did not end in time")
