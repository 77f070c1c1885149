// Wild Tiled West's daily puzzle: the hand's tiles placed on the settlement by the same placement interaction as in
// a game, and the score as the server verifies it, by term. The frame around it (the day, the submitted verdict,
// the line to share) is the core's (core/puzzle.js).
import { ApiError, explain, post } from "../../core/api.js";
import { fill, h, toast } from "../../core/dom.js";
import { t } from "../../core/i18n.js";
import { BoardView, placingButtons, showStatus, squaresOf } from "./board.js";
import { buildingRule, describeTile, sideName, tileName, tileOf, tilePicture } from "./catalog.js";
import { contractWords } from "./panels.js";

const tr = (key, options) => t(`wild-tiled-west.puzzle.${key}`, options);

/** A term of the puzzle's score (the verdict's breakdown: "towns", "horseshoes"...) in words; the key itself for one
 * the catalogue lacks. */
const termWords = (term) => tr(`term.${term}`, { defaultValue: term });

/** The puzzle's words on the start page, in the page's language. */
export const puzzleIntro = () => tr("intro");

/** The puzzle of `frame` (core/puzzle.js): its board, hand and score. */
export function mountPuzzle(frame) {
  return new PuzzleBoard(frame);
}

class PuzzleBoard {
  constructor(frame) {
    this.frame = frame;
    this.catalog = frame.catalog;
    this.puzzle = frame.puzzle;
    this.placements = frame.progress.placements || [];
    this.selected = null;
    this.options = {};
    this.verdict = null;
    const p = this.puzzle;
    const position = p.position;
    const status = h("p", { class: "board-status", role: "status", "aria-live": "polite" });
    this.el = {
      status,
      board: h("div", { class: "my-board" }),
      tools: h("div", { class: "place-tools" }),
      hand: h("div", { class: "hand", role: "group", "aria-label": tr("hand") }),
      score: h("section", { class: "score-box", "aria-live": "polite" }),
      error: h("p", { class: "refusal", role: "alert" }),
    };
    this.board = new BoardView(this.el.board, { label: tr("board"), interactive: true,
      onStatus: (text, fits) => showStatus(status, text, fits) });
    this.nodes = [
      h("div", { class: "col-board" }, h("div", { class: "board-head" }, h("h2", {}, sideName(this.catalog, position.board.side))), this.el.board, status, this.el.tools),
      h("div", { class: "col-main" },
        h("section", { class: "decision" },
          h("h2", {}, tr("goal", { optimum: p.optimum })),
          h("p", {}, tr("position", { year: position.year, gold: t("wild-tiled-west.item.gold", { count: position.gold }),
            bullets: t("wild-tiled-west.item.bullet", { count: position.bullets }), mining: position.mining, cowpokes: tr("cowpokes", { count: position.cowpokes_left }) })),
          h("p", { class: "muted" }, tr("contracts"), position.contracts.map((c) => contractWords(this.catalog, c)).join(" · ")),
          h("p", { class: "muted" }, tr("help")),
          this.el.error, this.el.hand,
          h("div", { class: "decision-tools" },
            h("button", { type: "button", onclick: () => this.takeBack() }, tr("take_back")),
            h("button", { type: "button", onclick: () => this.startOver() }, tr("start_over")),
            h("button", { type: "button", class: "primary", onclick: () => frame.submit() }, tr("submit")))),
        this.el.score, frame.result),
    ];
  }

  start() {
    return this.refresh();
  }

  save() {
    this.frame.save({ placements: this.placements });
  }

  /** The board after my placements, the options of the tiles left, and the score as the server verifies it. */
  async refresh(extra = null) {
    const placements = extra ? [...this.placements, extra] : this.placements;
    const body = this.solution(placements);
    let board;
    let verdict;
    try {
      [board, verdict] = await Promise.all([post(`/puzzles/${this.puzzle.id}/board`, body), post(`/puzzles/${this.puzzle.id}/solutions`, body)]);
    } catch (error) {
      const text = error instanceof ApiError && error.rule ? t("core.session.refused", { reason: error.message }) : explain(error);
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
      h("span", { class: "muted" }, done ? tr("placed") : count ? tr("spots", { count }) : tr("no_spot")));
    }));
  }

  place() {
    this.board.stopPlacing();
    this.el.tools.replaceChildren();
    if (!this.selected) {
      this.el.status.textContent = this.placements.length ? tr("all_placed") : "";
      return;
    }
    const tile = this.selected;
    this.board.startPlacing({ tile, shapes: tileOf(this.catalog, tile).orientation_shapes, options: this.options[tile] || [],
      onPlace: (move) => this.refresh({ type: "place", tile, orientation: move.orientation, row: move.row, col: move.col }) });
    fill(this.el.tools, placingButtons(this.board));
  }

  renderScore() {
    const v = this.verdict;
    if (!v) return;
    const rows = Object.entries(v.breakdown || {}).filter(([, pts]) => pts).map(([term, pts]) => h("tr", {}, h("th", { scope: "row" }, termWords(term)), h("td", {}, String(pts))));
    fill(this.el.score, h("h2", {}, tr("score")),
      h("p", { class: "big-score" }, h("span", { class: "score-value" }, String(v.score ?? 0)), tr("of_points", { optimum: v.optimum }),
        h("span", { class: "muted" }, tr("tiles_placed", { count: this.placements.length, total: this.puzzle.hand.length }))),
      rows.length ? h("table", { class: "scores" }, h("caption", {}, tr("caption")), h("tbody", {}, rows)) : null);
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
    this.frame.changed();
    await this.refresh();
  }

  /** The solution to verify (the body of the puzzle's resources): the placements (tile, orientation, row, col). */
  solution(placements = this.placements) {
    return { placements: placements.map(({ tile, orientation, row, col }) => ({ tile, orientation, row, col })) };
  }

  /**
   * The optimal solution in `host` (after a submission, when the player asks): the plan the server proves best for the
   * hand (POST /analysis/placements with the puzzle: a spoiler by request), drawn on a board of its own beside the
   * player's (POST /puzzles/<id>/board), its tiles outlined and listed in play order.
   */
  async showOptimal(host) {
    fill(host, h("p", { class: "muted" }, t("replay.puzzle.finding")));
    const plan = (await post("/analysis/placements", { puzzle: this.puzzle.id })).data;
    const placements = plan.placements.map(({ tile, orientation, row, col }) => ({ tile, orientation, row, col }));
    const board = (await post(`/puzzles/${this.puzzle.id}/board`, { placements })).data;
    const holder = h("div", { class: "optimal-board" });
    const view = new BoardView(holder, { label: t("replay.puzzle.board") });
    fill(host, h("h3", {}, t("replay.puzzle.title", { points: plan.value ?? this.puzzle.optimum })), holder,
      h("ol", { class: "optimal-tiles" }, placements.map((p) => h("li", { "data-tile": p.tile }, tileName(this.catalog, p.tile)))));
    view.show(board.svg, "optimal");
    view.highlight(placements.flatMap((m) => squaresOf(this.catalog, m)));
  }

  /** What the line to share says of the solution: " with 5/5 tiles". */
  shareWords() {
    return tr("share", { placed: this.placements.length, count: this.puzzle.hand.length });
  }
}
