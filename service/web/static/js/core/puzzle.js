// The daily puzzle's frame, the same for every game: the day's puzzle fetched (asked again while the server builds
// it), the difficulty tabs and the days before and after, the progress kept in the browser, and the submitted
// solution's verdict with a line to share without spoilers, then, when the player asks, the optimal solution (drawn by
// the game's widget beside the player's board). The puzzle's board and pieces are the game's
// (its module's puzzle.mount(frame): core/games.js).
import { ApiError, explain, get, post } from "./api.js";
import { fill, h, toast } from "./dom.js";
import { gameModule, gameOf, loadGame } from "./games.js";
import { t } from "./i18n.js";
import { keepPuzzleProgress, puzzleProgress } from "./store.js";

/** The address of a daily puzzle: `#/puzzle/<difficulty>[/<date>]` for the default game's,
 * `#/puzzle/<game id>/<difficulty>[/<date>]` for another game's (`gameId` null: the default game). */
export const puzzleHref = (gameId, difficulty, date = null) => `#/puzzle/${gameId ? `${gameId}/` : ""}${difficulty}${date ? `/${date}` : ""}`;

/** The day's puzzle of the game `gameId` (null: the default game's) at `difficulty` (of `date`, default today). */
export async function showPuzzle(root, difficulty = "medium", date = null, gameId = null) {
  fill(root, h("p", { class: "loading" }, t("core.puzzle.fetching")));
  await gameModule(gameId).load(); // the game's catalog, while the puzzle is asked for
  let puzzle;
  const url = `/puzzles/daily?difficulty=${encodeURIComponent(difficulty)}${date ? `&date=${encodeURIComponent(date)}` : ""}${gameId ? `&game=${encodeURIComponent(gameId)}` : ""}`;
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
    fill(root, h("section", { class: "panel" }, h("h1", {}, t("core.nav.puzzle")), h("p", { class: "refusal" }, explain(error)),
      h("p", {}, h("a", { href: puzzleHref(gameId, "medium") }, t("core.puzzle.today_medium")), " · ", h("a", { href: "#/" }, t("core.words.start_page")))));
    return;
  }
  const game = gameId ? gameModule(gameId) : gameOf(puzzle); // the served puzzle need not name its game
  const catalog = await loadGame(game);
  new PuzzleFrame(root, game, catalog, puzzle, gameId).start();
}

/** YYYY-MM-DD `days` after `date` (UTC). */
function dayAfter(date, days) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Links to the day before and after puzzle `p` of the game `gameId` (at its difficulty; none after today, UTC) and a
 * date to go to: the archive of past puzzles.  A day outside the server's range answers with the range it serves. */
function dayNav(p, gameId) {
  const today = new Date().toISOString().slice(0, 10);
  const go = (date) => { if (date) location.hash = puzzleHref(gameId, p.difficulty, date); };
  const picker = h("input", { type: "date", value: p.date, max: today, "aria-label": t("core.puzzle.another_day"),
    onchange: (e) => go(e.target.value) });
  return h("nav", { class: "day-nav", "aria-label": t("core.puzzle.other_days") },
    h("a", { href: puzzleHref(gameId, p.difficulty, dayAfter(p.date, -1)), rel: "prev" }, t("core.puzzle.previous")),
    p.date < today ? h("a", { href: puzzleHref(gameId, p.difficulty, dayAfter(p.date, 1)), rel: "next" }, t("core.puzzle.next")) : null,
    picker);
}

/**
 * What a game's puzzle widget is given (`frame`): `puzzle`, `catalog`, `progress` (what the browser kept of it: the
 * widget's own members), `result` (the node of the verdict, for the widget to place), `save(progress)` (keep the
 * widget's progress), `changed()` (the player changed the solution: what was submitted no longer holds),
 * `submit()` (post the widget's `solution()` and show the verdict).  A widget may also give `shareTitle()` (the
 * game's name in the line to share, default its title), `details(verdict)` (a node under the verdict: its points by
 * term) and `spoiler()` (what the optimal solution shown is, in words).
 */
class PuzzleFrame {
  constructor(root, game, catalog, puzzle, gameId = null) {
    Object.assign(this, { root, game, catalog, puzzle, gameId });
    const { submitted = null, ...progress } = puzzleProgress(puzzle.id);
    this.progress = progress;
    this.submitted = submitted;
    this.result = h("section", { class: "result", "aria-live": "polite" });
  }

  async start() {
    const p = this.puzzle;
    this.widget = this.game.puzzle.mount(this);
    const tabs = h("nav", { class: "tabs", "aria-label": t("core.puzzle.difficulty") }, ["easy", "medium", "hard"].map((d) =>
      h("a", { href: puzzleHref(this.gameId, d, p.date), class: d === p.difficulty ? "current" : "", "aria-current": d === p.difficulty ? "page" : null }, t(`core.difficulty.${d}`))));
    fill(this.root, h("div", { class: "puzzle game" },
      h("header", { class: "game-head" }, h("h1", { class: "game-title" }, this.gameId ? `${this.game.title} · ` : "", t("core.puzzle.heading", { date: p.date })), tabs, dayNav(p, this.gameId)),
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
      fill(this.result, h("h2", {}, t("core.puzzle.not_legal")), h("p", { class: "refusal" }, verdict.reason));
      return;
    }
    const gap = verdict.optimum - verdict.score;
    const line = t("core.puzzle.share_line", { title: this.widget.shareTitle?.() ?? this.game.title, date: p.date, difficulty: t(`core.difficulty.${p.difficulty}_lower`, { defaultValue: p.difficulty }),
      score: verdict.score, optimum: verdict.optimum, optimal: verdict.optimal ? t("core.puzzle.share_optimal") : "", extra: this.widget.shareWords() });
    const share = h("input", { class: "share-line", readonly: true, value: line, "aria-label": t("core.puzzle.share_label"), onfocus: (e) => e.target.select() });
    fill(this.result,
      h("h2", {}, t(verdict.optimal ? "core.puzzle.optimal" : "core.puzzle.submitted")),
      h("p", { class: "verdict", "data-optimal": String(!!verdict.optimal) }, verdict.optimal
        ? t("core.puzzle.scored_optimal", { score: verdict.score })
        : t("core.puzzle.scored", { score: verdict.score, optimum: verdict.optimum, gap })),
      this.widget.details?.(verdict) ?? null,
      h("p", {}, t("core.puzzle.share")), share,
      h("button", { type: "button", onclick: () => { navigator.clipboard?.writeText(line); toast(t("core.puzzle.copied")); } }, t("core.words.copy")),
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
    return h("div", { class: "optimal-box" }, h("p", { class: "muted" }, this.widget.spoiler?.() ?? t("replay.puzzle.spoiler")), button, host);
  }
}
