// The daily puzzle's frame, the same for every game: the day's puzzle fetched (asked again while the server builds
// it), the difficulty tabs and the days before and after, the progress kept in the browser, and the submitted
// solution's verdict with a line to share without spoilers, then, when the player asks, the optimal solution (drawn by
// the game's widget beside the player's board). The puzzle's board and pieces are the game's
// (its module's puzzle.mount(frame): core/games.js).
import { ApiError, explain, get, post } from "./api.js";
import { fill, h, toast } from "./dom.js";
import { gameModule, gameOf } from "./games.js";
import { useGame } from "./howto.js";
import { t } from "./i18n.js";
import { keepPuzzleProgress, puzzleProgress } from "./store.js";

export async function showPuzzle(root, difficulty = "medium", date = null) {
  fill(root, h("p", { class: "loading" }, "Fetching the daily puzzle (the first request of a day builds it: a few seconds)…"));
  await gameModule().load(); // the default game's catalog, while the puzzle is asked for
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
  const game = gameOf(puzzle);
  const catalog = await game.load();
  useGame(game, catalog); // the entries the puzzle's board opens
  new PuzzleFrame(root, game, catalog, puzzle).start();
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

/**
 * What a game's puzzle widget is given (`frame`): `puzzle`, `catalog`, `progress` (what the browser kept of it: the
 * widget's own members), `result` (the node of the verdict, for the widget to place), `save(progress)` (keep the
 * widget's progress), `changed()` (the player changed the solution: what was submitted no longer holds),
 * `submit()` (post the widget's `solution()` and show the verdict).
 */
class PuzzleFrame {
  constructor(root, game, catalog, puzzle) {
    Object.assign(this, { root, game, catalog, puzzle });
    const { submitted = null, ...progress } = puzzleProgress(puzzle.id);
    this.progress = progress;
    this.submitted = submitted;
    this.result = h("section", { class: "result", "aria-live": "polite" });
  }

  async start() {
    const p = this.puzzle;
    this.widget = this.game.puzzle.mount(this);
    const tabs = h("nav", { class: "tabs", "aria-label": "Difficulty" }, ["easy", "medium", "hard"].map((d) =>
      h("a", { href: `#/puzzle/${d}${p.date ? `/${p.date}` : ""}`, class: d === p.difficulty ? "current" : "", "aria-current": d === p.difficulty ? "page" : null }, d[0].toUpperCase() + d.slice(1))));
    fill(this.root, h("div", { class: "puzzle game" },
      h("header", { class: "game-head" }, h("h1", { class: "game-title" }, `Daily puzzle · ${p.date}`), tabs, dayNav(p)),
      this.widget.nodes));
    await this.widget.start();
    if (this.submitted) this.showResult(this.submitted);
  }

  save(progress) {
    this.progress = progress;
    keepPuzzleProgress(this.puzzle.id, { ...progress, submitted: this.submitted });
  }

  /** The solution changed: what was submitted no longer holds. */
  changed() {
    this.submitted = null;
    this.result.replaceChildren();
  }

  async submit() {
    try {
      const verdict = (await post(`/puzzles/${this.puzzle.id}/solutions`, this.widget.solution())).data;
      this.submitted = verdict;
      this.save(this.progress);
      this.showResult(verdict);
    } catch (error) {
      toast(explain(error), "error");
    }
  }

  showResult(verdict) {
    const p = this.puzzle;
    if (!verdict.legal) {
      fill(this.result, h("h2", {}, "Not a legal solution"), h("p", { class: "refusal" }, verdict.reason));
      return;
    }
    const gap = verdict.optimum - verdict.score;
    const line = `${this.game.title} daily puzzle ${p.date} (${p.difficulty}): ${verdict.score}/${verdict.optimum}${verdict.optimal ? " ★ optimal" : ""}${this.widget.shareWords()}`;
    const share = h("input", { class: "share-line", readonly: true, value: line, "aria-label": "Result to share", onfocus: (e) => e.target.select() });
    fill(this.result,
      h("h2", {}, verdict.optimal ? "Optimal! ★" : "Submitted"),
      h("p", { class: "verdict", "data-optimal": String(!!verdict.optimal) }, verdict.optimal
        ? `You scored ${verdict.score}: the proven optimum.`
        : `You scored ${verdict.score}; the proven optimum is ${verdict.optimum} (${gap} more to find).`),
      h("p", {}, "Share your result (no spoilers): "), share,
      h("button", { type: "button", onclick: () => { navigator.clipboard?.writeText(line); toast("Copied."); } }, "Copy"),
      this.optimalSwitch());
  }

  /** After a submission: a button that shows the puzzle's optimal solution (the game's widget draws it) or hides it. */
  optimalSwitch() {
    const host = h("div", { class: "optimal", "aria-live": "polite" });
    const button = h("button", { type: "button", class: "show-optimal", "aria-expanded": "false", onclick: async () => {
      const open = button.getAttribute("aria-expanded") !== "true";
      button.setAttribute("aria-expanded", String(open));
      button.textContent = t(open ? "replay.puzzle.hide" : "replay.puzzle.show");
      if (!open) {
        host.replaceChildren();
        return;
      }
      try {
        await this.widget.showOptimal(host);
      } catch (error) {
        fill(host, h("p", { class: "refusal" }, explain(error)));
      }
    } }, t("replay.puzzle.show"));
    return h("div", { class: "optimal-box" }, h("p", { class: "muted" }, t("replay.puzzle.spoiler")), button, host);
  }
}
