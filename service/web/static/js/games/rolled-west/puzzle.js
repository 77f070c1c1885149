// Rolled West's daily puzzle, a solo mode of our own (the rule text has no solo play: docs/rolled-west-rulings.md,
// "Solo daily puzzle (our own mode)"): six rounds of rolls given in advance, played on one score sheet by clicking the
// sheet and the dice exactly as a game's turn is (sheet.js, dice.js, table.js's placeClicked), each move checked by the
// server's board resource (POST /puzzles/<id>/board: a refused move shows the engine's reason and changes nothing),
// the last move taken back at will; the score so far by category. The frame around it (the day, the verdict, the line
// to share, the optimal solution on request) is the core's (core/puzzle.js).
import { ApiError, explain, post } from "../../core/api.js";
import { fill, h, toast } from "../../core/dom.js";
import { t } from "../../core/i18n.js";
import { renderDice } from "./dice.js";
import { chip, renderSheet } from "./sheet.js";
import { placeClicked, shipMove } from "./table.js";
import { movesWords, terrainWords, tr } from "./words.js";

const pz = (key, options) => tr(`puzzle.${key}`, options);

/** The puzzle's words on the start page, in the page's language. */
export const puzzleIntro = () => pz("intro");

/** The puzzle of `frame` (core/puzzle.js): its sheet, dice and score. */
export function mountPuzzle(frame) {
  return new SoloPuzzle(frame);
}

/**
 * The state sheet.js and dice.js draw (a game's view: docs/api.md, "Rolled West") made of the puzzle's board answer
 * (`board`: POST /puzzles/<id>/board, `{sheet, score, decision, round, dice, terrain_die, rolled, ghost_dice,
 * majority_places, finished}`, the last seven as the game's view has them): one seat, the active one, so its spent
 * dice are dimmed as a game's table dims them for the active player; the ghost roll's phase while its bank is decided.
 */
export function boardState(puzzle, board) {
  const pending = board.decision;
  return {
    round: board.round, rounds: puzzle.rounds, active: 0, phase: pending?.type === "bank_between" ? "ghost" : "turn",
    finished: board.finished, dice: board.dice, ghost_dice: board.ghost_dice, terrain_die: board.terrain_die, rolled: board.rolled,
    majority_places: board.majority_places, sheets: [board.sheet], scores: [board.score], players: [{ seat: 0 }], pending,
  };
}

/** Moves in turns: each round's moves from its terrain die to the bank of the ghost roll after it. */
export function turnsOf(moves) {
  const turns = [];
  for (const move of moves) {
    if (move.type === "terrain" || !turns.length) turns.push([]);
    turns[turns.length - 1].push(move);
  }
  return turns;
}

/** Points by category (`breakdown`: the verdict's or the board's `score`) as a table in the catalog's order of the
 * categories, with the total. */
function categoryTable(catalog, breakdown, caption) {
  const parts = catalog.score_categories.filter((category) => category in breakdown).map((category) => [category, breakdown[category]]);
  const rows = parts.map(([category, points]) => h("tr", { "data-category": category },
    h("th", { scope: "row" }, tr(`category.${category}`, { defaultValue: category })), h("td", {}, String(points))));
  const total = breakdown.total ?? parts.reduce((sum, [, points]) => sum + points, 0);
  return h("table", { class: "scores rw-puzzle-scores" }, h("caption", {}, caption), h("tbody", {}, rows),
    h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, pz("total")), h("td", {}, String(total)))));
}

/** Every roll of `puzzle`, round by round (its 4 dice and the ghost roll after it), the round `now` outlined: the
 * player plans with them all known (docs/rolled-west-rulings.md, "Solo: the rolls are given, and known"). */
function rollsTable(puzzle, now) {
  const dice = (roll) => h("span", { class: "rw-roll" }, (roll || []).map((r) => chip(r)));
  return h("table", { class: "rw-rolls" }, h("caption", {}, pz("rolls")),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, pz("rolls_round")), h("th", { scope: "col" }, pz("rolls_dice")), h("th", { scope: "col" }, pz("rolls_ghost")))),
    h("tbody", {}, puzzle.rolls.map((roll, i) => h("tr", { class: i + 1 === now ? "now" : "", "data-round": i + 1 },
      h("th", { scope: "row" }, String(i + 1)), h("td", {}, dice(roll)), h("td", {}, dice(puzzle.ghost_rolls[i]))))));
}

class SoloPuzzle {
  constructor(frame) {
    this.frame = frame;
    this.catalog = frame.catalog;
    this.puzzle = frame.puzzle;
    this.moves = frame.progress.moves || [];
    this.board = null;
    this.plan = {}; // the shipment being chosen on the sheet: {metal: n}
    this.ctx = { catalog: this.catalog, seat: 0, mySeats: new Set([0]), state: null };
    this.el = {
      note: h("p", { class: "rw-note", role: "status", "aria-live": "polite" }),
      sheet: h("div", { class: "rw-my-sheet" }),
      dice: h("div", { class: "rw-dice-panel" }),
      what: h("p", { class: "rw-puzzle-what" }),
      tools: h("div", { class: "decision-tools" }),
      score: h("section", { class: "score-box", "aria-live": "polite" }),
      rolls: h("div", { class: "rw-rolls-box" }),
    };
    const p = this.puzzle;
    this.nodes = [
      h("div", { class: "col-board" }, h("div", { class: "rw-table rw-puzzle" }, this.el.note, this.el.sheet)),
      h("div", { class: "col-main" },
        h("section", { class: "decision" },
          h("h2", {}, pz("goal", { optimum: p.optimum, rounds: p.rounds })),
          h("p", { class: "muted rw-mode" }, pz("mode", { rounds: p.rounds, ghosts: p.ghost_rolls.length })),
          this.el.dice, this.el.what, this.el.tools, this.el.rolls),
        this.el.score, frame.result),
    ];
  }

  start() {
    return this.refresh();
  }

  /** The sheet after my moves (and `extra`, a move tried now), as the server's board resource plays them: true when
   * it was played; a refused move shows the engine's reason and changes nothing. */
  async refresh(extra = null) {
    const moves = extra ? [...this.moves, extra] : this.moves;
    let board;
    try {
      board = (await post(`/puzzles/${this.puzzle.id}/board`, { moves })).data;
    } catch (error) {
      const text = error instanceof ApiError && error.rule ? t("core.session.refused", { reason: error.message }) : explain(error);
      this.say(text);
      if (!extra) { this.moves = []; this.save(); await this.refresh(); } // a kept move no longer holds: start over
      return false;
    }
    if (extra) {
      this.moves.push(extra);
      this.el.note.textContent = "";
      this.frame.changed();
    }
    if (extra?.type === "ship" || extra?.type === "end_turn") this.plan = {};
    this.board = board;
    this.ctx.state = boardState(this.puzzle, board);
    this.save();
    this.draw();
    this.el.sheet.dataset.placed = String(this.moves.length); // the moves the sheet drawn holds (the browser tests wait on it)
    return true;
  }

  save() {
    this.frame.save({ moves: this.moves });
  }

  /** Say why a click does nothing, above the sheet and in a toast; the sheet flashes. */
  say(text) {
    this.el.note.textContent = text;
    toast(text, "error");
    const sheet = this.el.sheet.firstElementChild;
    sheet?.classList.remove("refused");
    void sheet?.offsetWidth; // restart the flash
    sheet?.classList.add("refused");
  }

  play(move) {
    return this.refresh(move);
  }

  draw() {
    const state = this.ctx.state;
    const pending = state.pending;
    const spending = pending?.type === "spend";
    const planned = spending && Object.values(this.plan).some(Boolean);
    fill(this.el.sheet, renderSheet(this.catalog, state, 0, {
      title: pz("sheet"), mine: true, terrain: pending?.terrain, plan: spending ? this.plan : null,
      onPlace: spending ? (where) => this.place(where) : null,
      onShip: planned ? h("div", { class: "rw-ship-tools" },
        h("button", { type: "button", class: "primary rw-ship", onclick: () => this.play(shipMove(this.catalog, this.plan)) }, pz("ship")),
        h("button", { type: "button", class: "small", onclick: () => { this.plan = {}; this.draw(); } }, tr("choice.clear_shipment"))) : null,
    }));
    const dieMove = { terrain: "terrain", spend: "bank", bank_between: "bank_between" }[pending?.type];
    fill(this.el.dice, renderDice(this.ctx, { onDie: dieMove ? (i, resource) => this.play({ type: dieMove, resource }) : null }),
      spending ? h("p", { class: "muted rw-dice-note" }, pz("dice_note")) : null);
    this.el.what.textContent = state.finished ? pz("finished", { rounds: state.rounds })
      : pz(`decide.${pending.type}`, { round: state.round, rounds: state.rounds, terrain: pending.terrain ? terrainWords(pending.terrain) : "" });
    fill(this.el.tools,
      spending ? h("button", { type: "button", class: "rw-end-turn", onclick: () => this.play({ type: "end_turn" }) }, pz("end_turn")) : null,
      pending?.type === "bank_between" ? h("button", { type: "button", class: "rw-pass", onclick: () => this.play({ type: "pass" }) }, pz("pass")) : null,
      h("button", { type: "button", class: "rw-undo", disabled: !this.moves.length, onclick: () => this.takeBack() }, pz("take_back")),
      h("button", { type: "button", disabled: !this.moves.length, onclick: () => this.startOver() }, pz("start_over")),
      h("button", { type: "button", class: "primary rw-submit", onclick: () => this.frame.submit() }, pz("submit")));
    fill(this.el.rolls, rollsTable(this.puzzle, state.finished ? null : state.round));
    const score = this.board.score;
    fill(this.el.score, h("h2", {}, pz("score")),
      h("p", { class: "big-score" }, h("span", { class: "score-value" }, String(score.total)), pz("of_points", { optimum: this.puzzle.optimum }),
        h("span", { class: "muted" }, pz("moves_played", { count: this.moves.length, round: state.round, rounds: state.rounds }))),
      categoryTable(this.catalog, score, pz("caption")));
  }

  /** A place of the sheet clicked while I spend: a move to play, a note, or the shipment planned. */
  place(where) {
    const { move, say, plan } = placeClicked(this.board.sheet, this.ctx.state.pending.terrain, where, this.plan);
    if (move) this.play(move);
    else if (say) this.say(say);
    else { this.plan = plan; this.el.note.textContent = ""; this.draw(); }
  }

  async takeBack() {
    if (!this.moves.length) return;
    this.moves.pop();
    this.plan = {};
    this.frame.changed();
    await this.refresh();
  }

  async startOver() {
    this.moves = [];
    this.plan = {};
    this.frame.changed();
    await this.refresh();
  }

  /** The solution to verify (the body of the puzzle's resources): the moves in order. */
  solution() {
    return { moves: this.moves };
  }

  /** The game's name in the line to share: it says the mode is solo (our own). */
  shareTitle() {
    return pz("share_title");
  }

  /** What the line to share says of the solution beyond the score: nothing (no spoilers). */
  shareWords() {
    return "";
  }

  /** Under the verdict: its points by category. */
  details(verdict) {
    return verdict.breakdown ? categoryTable(this.catalog, verdict.breakdown, pz("verdict_caption")) : null;
  }

  spoiler() {
    return pz("spoiler");
  }

  /**
   * The optimal solution in `host` (after a submission, when the player asks): the stored plan the server proved best
   * (POST /puzzles/<id>/optimal, answered to a legal solution played to the end), its sheet drawn by the board
   * resource, its points by category and its turns in words, round by round.
   */
  async showOptimal(host) {
    fill(host, h("p", { class: "muted" }, t("replay.puzzle.finding")));
    const optimal = (await post(`/puzzles/${this.puzzle.id}/optimal`, this.solution())).data;
    const moves = optimal.solution.moves;
    const board = (await post(`/puzzles/${this.puzzle.id}/board`, { moves })).data;
    const state = boardState(this.puzzle, board);
    fill(host, h("h3", {}, pz("optimal_title", { points: optimal.optimum })),
      h("div", { class: "rw-table rw-optimal-sheet" }, renderSheet(this.catalog, state, 0, { title: pz("optimal_sheet") })),
      optimal.breakdown ? categoryTable(this.catalog, optimal.breakdown, pz("optimal_caption")) : null,
      h("ol", { class: "rw-optimal-turns" }, turnsOf(moves).map((turn, i) => h("li", { "data-round": i + 1 },
        h("strong", {}, pz("round", { round: i + 1 })), " ", movesWords(this.ctx, turn)))));
  }
}
