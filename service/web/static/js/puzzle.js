// The daily puzzle: place the hand's tiles on the settlement by the same placement interaction as in a game, see
// the score as the server verifies it, submit, see the optimum and whether mine is optimal, share a spoiler-free line.
import { ApiError, explain, get, post } from "./api.js";
import { BoardView, showStatus, squaresOf } from "./board.js";
import { buildingRule, describeTile, loadCatalog, sideName, tileName, tileOf, tilePicture } from "./catalog.js";
import { fill, h, toast } from "./dom.js";
import { contractWords } from "./panels.js";
import { keepPuzzleProgress, puzzleProgress } from "./store.js";

const TERMS = { towns: "Towns", bonuses: "Bonuses", mining: "Mining", horseshoes: "Horseshoes covered", buildings: "Buildings", wrangles: "Wrangling", bandits: "Bandits" };

export async function showPuzzle(root, difficulty = "medium", date = null) {
  fill(root, h("p", { class: "loading" }, "Fetching the daily puzzle (the first request of a day builds it: a few seconds)…"));
  const catalog = await loadCatalog();
  let puzzle;
  const url = `/puzzles/daily?difficulty=${encodeURIComponent(difficulty)}${date ? `&date=${encodeURIComponent(date)}` : ""}`;
  try {
    // A day not built yet is built on the server's queue: 503 "generating" says when to ask again (for a minute).
    for (let tries = 0; ; tries++) {
      try {
        puzzle = (await get(url)).data;
        break;
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 503 && error.rule === "generating" && tries < 12)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1000 * Math.min(10, Number(error.retryAfter) || 2)));
      }
    }
  } catch (error) {
    fill(root, h("section", { class: "panel" }, h("h1", {}, "Daily puzzle"), h("p", { class: "refusal" }, explain(error)),
      h("p", {}, h("a", { href: "#/puzzle/medium" }, "Today's medium puzzle"), " · ", h("a", { href: "#/" }, "Start page"))));
    return;
  }
  new PuzzleScreen(root, catalog, puzzle).start();
}

/** YYYY-MM-DD `days` after `date` (UTC). */
function dayAfter(date, days) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Links to the day before and after puzzle `p` (at its difficulty; none after today, UTC) and a date to go to: the
 * archive of past puzzles.  A day outside the server's range answers with the range it serves. */
function dayNav(p) {
  const today = new Date().toISOString().slice(0, 10);
  const go = (date) => { if (date) location.hash = `#/puzzle/${p.difficulty}/${date}`; };
  const picker = h("input", { type: "date", value: p.date, max: today, "aria-label": "Another day's puzzle",
    onchange: (e) => go(e.target.value) });
  return h("nav", { class: "day-nav", "aria-label": "Other days" },
    h("a", { href: `#/puzzle/${p.difficulty}/${dayAfter(p.date, -1)}`, rel: "prev" }, "← Previous day"),
    p.date < today ? h("a", { href: `#/puzzle/${p.difficulty}/${dayAfter(p.date, 1)}`, rel: "next" }, "Next day →") : null,
    picker);
}

class PuzzleScreen {
  constructor(root, catalog, puzzle) {
    Object.assign(this, { root, catalog, puzzle });
    const kept = puzzleProgress(puzzle.id);
    this.placements = kept.placements || [];
    this.submitted = kept.submitted || null;
    this.selected = null;
    this.options = {};
    this.verdict = null;
  }

  async start() {
    const p = this.puzzle;
    const position = p.position;
    const status = h("p", { class: "board-status", role: "status", "aria-live": "polite" });
    this.el = {
      status,
      board: h("div", { class: "my-board" }),
      tools: h("div", { class: "place-tools" }),
      hand: h("div", { class: "hand", role: "group", "aria-label": "Your hand" }),
      score: h("section", { class: "score-box", "aria-live": "polite" }),
      error: h("p", { class: "refusal", role: "alert" }),
      result: h("section", { class: "result", "aria-live": "polite" }),
    };
    this.board = new BoardView(this.el.board, { label: "The puzzle's settlement board", interactive: true,
      onStatus: (text, fits) => showStatus(status, text, fits) });
    const tabs = h("nav", { class: "tabs", "aria-label": "Difficulty" }, ["easy", "medium", "hard"].map((d) =>
      h("a", { href: `#/puzzle/${d}${p.date ? `/${p.date}` : ""}`, class: d === p.difficulty ? "current" : "", "aria-current": d === p.difficulty ? "page" : null }, d[0].toUpperCase() + d.slice(1))));
    fill(this.root, h("div", { class: "puzzle game" },
      h("header", { class: "game-head" }, h("h1", { class: "game-title" }, `Daily puzzle · ${p.date}`), tabs, dayNav(p)),
      h("div", { class: "col-board" }, h("div", { class: "board-head" }, h("h2", {}, sideName(this.catalog, position.board.side))), this.el.board, status, this.el.tools),
      h("div", { class: "col-main" },
        h("section", { class: "decision" },
          h("h2", {}, `Place your hand for the most points (target: ${p.optimum})`),
          h("p", {}, `Year ${position.year} · ${position.gold} gold · ${position.bullets} bullets · mining space ${position.mining} · ${position.cowpokes_left} cowpokes left`),
          h("p", { class: "muted" }, "Cattle contracts: ", position.contracts.map((c) => contractWords(this.catalog, c)).join(" · ")),
          h("p", { class: "muted" }, "Pick a tile of your hand, then place it on the board (R rotates, F flips, N finds a spot). Place any of them, in any order; each at most once."),
          this.el.error, this.el.hand,
          h("div", { class: "decision-tools" },
            h("button", { type: "button", onclick: () => this.takeBack() }, "Take back the last tile"),
            h("button", { type: "button", onclick: () => this.startOver() }, "Start over"),
            h("button", { type: "button", class: "primary", onclick: () => this.submit() }, "Submit my solution"))),
        this.el.score, this.el.result)));
    await this.refresh();
    if (this.submitted) this.showResult(this.submitted);
  }

  save() {
    keepPuzzleProgress(this.puzzle.id, { placements: this.placements, submitted: this.submitted });
  }

  /** The board after my placements, the options of the tiles left, and the score as the server verifies it. */
  async refresh(extra = null) {
    const placements = extra ? [...this.placements, extra] : this.placements;
    const body = this.body(placements);
    let board;
    let verdict;
    try {
      [board, verdict] = await Promise.all([post(`/puzzles/${this.puzzle.id}/board`, body), post(`/puzzles/${this.puzzle.id}/solutions`, body)]);
    } catch (error) {
      const text = error instanceof ApiError && error.rule ? `Not allowed: ${error.message} (${error.rule.replaceAll("_", " ")})` : explain(error);
      this.el.error.textContent = text;
      this.board.flashRefused();
      toast(text, "error");
      if (!extra) { this.placements = []; this.save(); } // a kept placement no longer fits: start over
      return false;
    }
    if (extra) this.placements.push(extra);
    this.el.error.textContent = "";
    this.options = board.data.options;
    this.verdict = verdict.data;
    this.save();
    this.board.show(board.data.svg, placements.length);
    this.board.highlight(placements.flatMap((m) => squaresOf(this.catalog, m)));
    this.renderScore();
    const left = this.puzzle.hand.map((t) => t.tile).filter((t) => this.options[t]);
    if (!left.includes(this.selected)) this.selected = left[0] || null;
    this.renderHand();
    this.place();
    return true;
  }

  renderHand() {
    const placed = new Set(this.placements.map((p) => p.tile));
    fill(this.el.hand, ...this.puzzle.hand.map(({ tile }) => {
      const done = placed.has(tile);
      const count = this.options[tile]?.length ?? 0;
      return h("button", {
        type: "button", class: `hand-tile${done ? " placed" : ""}${this.selected === tile ? " selected" : ""}`, "data-tile": tile,
        "aria-pressed": String(this.selected === tile), disabled: done,
        title: [describeTile(this.catalog, tile), buildingRule(this.catalog, tile)].filter(Boolean).join(". "),
        onclick: () => { this.selected = tile; this.renderHand(); this.place(); this.board.host.focus(); },
      }, h("img", { src: tilePicture(tile), alt: "" }),
      h("span", {}, tileName(this.catalog, tile)),
      h("span", { class: "muted" }, done ? "placed" : count ? `${count} spots` : "no spot fits"));
    }));
  }

  place() {
    this.board.stopPlacing();
    this.el.tools.replaceChildren();
    if (!this.selected) {
      this.el.status.textContent = this.placements.length ? "Every tile of your hand that fits is placed: submit when you are happy." : "";
      return;
    }
    const tile = this.selected;
    this.board.startPlacing({ tile, shapes: tileOf(this.catalog, tile).orientation_shapes, options: this.options[tile] || [],
      onPlace: (move) => this.refresh({ type: "place", tile, orientation: move.orientation, row: move.row, col: move.col }) });
    const board = this.board;
    fill(this.el.tools,
      h("button", { type: "button", onclick: () => { board.rotate(); board.host.focus(); } }, "↻ Rotate (R)"),
      h("button", { type: "button", onclick: () => { board.flip(); board.host.focus(); } }, "⇋ Flip (F)"),
      h("button", { type: "button", onclick: () => { board.nextLegal(); board.host.focus(); } }, "Next spot that fits (N)"),
      h("button", { type: "button", class: "primary", onclick: () => board.placeHere() }, "Place here (Enter)"));
  }

  renderScore() {
    const v = this.verdict;
    if (!v) return;
    const rows = Object.entries(v.breakdown || {}).filter(([, pts]) => pts).map(([term, pts]) => h("tr", {}, h("th", { scope: "row" }, TERMS[term] || term), h("td", {}, String(pts))));
    fill(this.el.score, h("h2", {}, "Score"),
      h("p", { class: "big-score" }, h("span", { class: "score-value" }, String(v.score ?? 0)), ` of ${v.optimum} points`,
        h("span", { class: "muted" }, ` · ${this.placements.length} of ${this.puzzle.hand.length} tiles placed`)),
      rows.length ? h("table", { class: "scores" }, h("caption", {}, "Points by term, as the server verifies them"), h("tbody", {}, rows)) : null);
  }

  async takeBack() {
    if (!this.placements.length) return;
    this.selected = this.placements.pop().tile;
    await this.changed();
  }

  async startOver() {
    this.placements = [];
    await this.changed();
  }

  /** The placements changed by the player: what was submitted no longer holds. */
  async changed() {
    this.submitted = null;
    this.el.result.replaceChildren();
    await this.refresh();
  }

  /** The body of the puzzle's resources: the placements (tile, orientation, row, col). */
  body(placements = this.placements) {
    return { placements: placements.map(({ tile, orientation, row, col }) => ({ tile, orientation, row, col })) };
  }

  async submit() {
    try {
      const verdict = (await post(`/puzzles/${this.puzzle.id}/solutions`, this.body())).data;
      this.submitted = verdict;
      this.save();
      this.showResult(verdict);
    } catch (error) {
      toast(explain(error), "error");
    }
  }

  showResult(verdict) {
    const p = this.puzzle;
    if (!verdict.legal) {
      fill(this.el.result, h("h2", {}, "Not a legal solution"), h("p", { class: "refusal" }, verdict.reason));
      return;
    }
    const gap = verdict.optimum - verdict.score;
    const line = `Wild Tiled West daily puzzle ${p.date} (${p.difficulty}): ${verdict.score}/${verdict.optimum}${verdict.optimal ? " ★ optimal" : ""} with ${this.placements.length}/${p.hand.length} tiles`;
    const share = h("input", { class: "share-line", readonly: true, value: line, "aria-label": "Result to share", onfocus: (e) => e.target.select() });
    fill(this.el.result,
      h("h2", {}, verdict.optimal ? "Optimal! ★" : "Submitted"),
      h("p", { class: "verdict", "data-optimal": String(!!verdict.optimal) }, verdict.optimal
        ? `You scored ${verdict.score}: the proven optimum.`
        : `You scored ${verdict.score}; the proven optimum is ${verdict.optimum} (${gap} more to find).`),
      h("p", {}, "Share your result (no spoilers): "), share,
      h("button", { type: "button", onclick: () => { navigator.clipboard?.writeText(line); toast("Copied."); } }, "Copy"));
  }
}
