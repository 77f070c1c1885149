// A finished game's replay, the same for every game (#/replay/<id>[/<n>]): the game as it was after each move, forward
// and back, a move or a round at a time (buttons, the arrow keys, a slider), the boards and the table drawn by the
// game's own table (its module's mountTable, as on the game screen) from the server's state at that point
// (GET /games/<id>/states/<n>: what my seat, or a spectator, could see then), the events up to there and what the
// move did, and the move review's losses marked on the timeline (the review kept with the game: core/store.js), each
// going to its decision with the better option in words and drawn on the table.
import { ApiError, explain, get } from "./api.js";
import { fill, h } from "./dom.js";
import { renderEvents } from "./events.js";
import { TABLE_MEMBERS, gameOf, loadGame, missingMembers } from "./games.js";
import { t } from "./i18n.js";
import { renderScores } from "./scores.js";
import { renderPlayers, seatLabel } from "./seats.js";
import { keptReview, seatTokens } from "./store.js";

const PAGE = 500; //: moves asked for at a time (the move log's largest page)
const MIN_LOSS = 0.5; //: a decision that lost at least this many points is marked on the timeline

/** Show the replay of game `gameId` in `root`, at point `at` (the moves played; null: the end); returns a function
 * that stops it. */
export async function showReplay(root, gameId, at = null) {
  const replay = new Replay(root, gameId);
  await replay.start(at);
  return () => replay.stop();
}

/** The point a round step goes to from `at` (`direction` -1: the start of this round, or of the one before when
 * at it; +1: the start of the next round, else the end), `starts` the points where rounds start, ascending. */
export function roundStep(starts, at, direction, total) {
  if (direction < 0) return [...starts].reverse().find((s) => s < at) ?? 0;
  return starts.find((s) => s > at) ?? total;
}

/** The first event number each point's next move caused: `moves` the move log (`{n, first_event}`), `events` its
 * length; point `at` holds the events numbered below `boundary(moves, at, last)`. */
const boundary = (moves, at, last) => (at < moves.length ? moves[at].first_event : last + 1);

/** The events of `log` (the viewer's, in order) that had happened after `at` moves. */
export const eventsUpTo = (moves, log, at) => {
  const end = boundary(moves, at, log.at(-1)?.n ?? -1);
  return log.filter((e) => e.n < end);
};

/** The events of `log` that the `at`-th move (1-based: the one that led to point `at`) caused. */
export const eventsOfMove = (moves, log, at) => {
  if (at < 1) return [];
  const start = moves[at - 1].first_event;
  const end = boundary(moves, at, log.at(-1)?.n ?? -1);
  return log.filter((e) => e.n >= start && e.n < end);
};

/** The point each event number leads to: after the move that caused it (0 for the set-up's events). */
export function pointOfEvent(moves, n) {
  let point = 0;
  for (const move of moves) {
    if (move.first_event > n) break;
    point = move.n + 1;
  }
  return point;
}

/** The timeline's marks: the review's decisions that lost at least `MIN_LOSS` points and name a better option, of
 * `seats` (a Set; empty: every seat's), in play order. */
export function lossMarks(review, seats) {
  if (!review || review.status !== "done") return [];
  return review.decisions.filter((d) => d.loss >= MIN_LOSS && d.best && (!seats.size || seats.has(d.seat)));
}

class Replay {
  constructor(root, gameId) {
    this.root = root;
    this.gameId = gameId;
    this.tokens = seatTokens(gameId);
    this.mySeats = new Set(Object.keys(this.tokens).map(Number));
    const mine = [...this.mySeats].sort((a, b) => a - b);
    this.token = mine.length ? this.tokens[mine[0]] : null;
    this.focus = mine.length ? mine[0] : 0; // the seat whose board is drawn large
    this.at = null; // the point shown: the moves played
    this.wanted = null;
    this.state = null;
    this.moves = [];
    this.review = null;
    this.onKey = (e) => this.key(e);
  }

  // --- what the game's table reads (core/games.js: the session it is given) -----------------------------------

  get seat() {
    return this.focus;
  }

  get myDecision() {
    return false;
  }

  get ctx() {
    return { gameId: this.gameId, game: this.game, state: this.state, catalog: this.catalog, mySeats: this.mySeats,
      seats: this.state?.seats, pending: this.state?.pending, moves: [] };
  }

  // --- loading -----------------------------------------------------------------------------------------------

  async start(at) {
    fill(this.root, h("p", { class: "loading" }, t("replay.loading")));
    let now;
    try {
      now = (await get(`/games/${this.gameId}`, { token: this.token })).data;
    } catch (error) {
      this.fail(explain(error));
      return;
    }
    if (!now.finished) {
      this.fail(t("replay.not_over"), h("a", { href: `#/game/${this.gameId}` }, t("replay.back")));
      return;
    }
    this.game = gameOf(now);
    [this.catalog, this.log, this.review] = await Promise.all([loadGame(this.game), this.events(), this.kept()]);
    this.log = this.log.sort((a, b) => a.n - b.n);
    this.moves = await this.moveLog();
    this.total = this.moves.length;
    this.state = now;
    this.rounds = this.roundStarts();
    this.marks = lossMarks(this.review, this.mySeats);
    this.layout();
    document.addEventListener("keydown", this.onKey);
    await this.go(at === null || Number.isNaN(at) ? this.total : at);
  }

  stop() {
    document.removeEventListener("keydown", this.onKey);
  }

  fail(text, ...more) {
    fill(this.root, h("section", { class: "panel" }, h("h1", {}, t("replay.heading")), h("p", { class: "refusal" }, text),
      ...more, h("p", {}, h("a", { href: "#/" }, t("replay.start_page")))));
  }

  async events() {
    return (await get(`/games/${this.gameId}/events`, { token: this.token })).data.events;
  }

  /** The whole move log, by pages. */
  async moveLog() {
    const moves = [];
    for (let after = -1; ;) {
      const page = (await get(`/games/${this.gameId}/moves?after=${after}&limit=${PAGE}`, { token: this.token })).data;
      moves.push(...page.moves);
      if (!page.moves.length || moves.at(-1).n >= page.last) return moves;
      after = moves.at(-1).n;
    }
  }

  /** The move review kept with the game (asked for on the end screen), or null. */
  async kept() {
    const id = keptReview(this.gameId);
    if (!id) return null;
    try {
      return (await get(`/games/${this.gameId}/reviews/${encodeURIComponent(id)}`, { token: this.token })).data;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return null; // no review to mark: the replay goes on without
    }
  }

  /** The points where rounds start, with their words (the game's `roundStarts`). */
  roundStarts() {
    const seen = new Map();
    for (const { n, words } of this.game.roundStarts(this.ctx, this.log)) {
      const point = pointOfEvent(this.moves, n);
      if (!seen.has(point)) seen.set(point, words);
    }
    return [...seen].map(([point, words]) => ({ point, words })).sort((a, b) => a.point - b.point);
  }

  /** The words of the round point `at` is in ("" before the first). */
  roundAt(at) {
    return [...this.rounds].reverse().find((r) => r.point <= at)?.words || "";
  }

  // --- the page ------------------------------------------------------------------------------------------------

  layout() {
    this.table = this.game.mountTable(this);
    const missing = missingMembers(this.table, TABLE_MEMBERS);
    if (missing.length) throw new Error(`the table of ${this.game.id} has no ${missing.join(", ")}`);
    const button = (cls, label, words, go, keys) => h("button", { type: "button", class: cls, title: words,
      "aria-label": words, "aria-keyshortcuts": keys, onclick: () => go() }, t(label));
    this.el = {
      slider: h("input", { type: "range", class: "timeline-slider", min: 0, max: this.total, step: 1, value: this.total,
        "aria-label": t("replay.slider"), oninput: (e) => this.showWhere(Number(e.target.value)),
        onchange: (e) => this.go(Number(e.target.value)) }),
      marks: h("div", { class: "timeline-marks" }),
      where: h("p", { class: "replay-where", role: "status", "aria-live": "polite" }),
      happened: h("div", { class: "replay-move" }),
      better: h("div", { class: "replay-better", "aria-live": "polite" }),
      large: h("select", { class: "replay-large", onchange: (e) => { this.focus = Number(e.target.value); this.draw(); } }),
      players: h("section", { class: "players-panel" }),
      scores: h("section", { class: "scores-panel" }),
      events: h("section", { class: "events-panel" }),
    };
    const steps = h("div", { class: "replay-steps", role: "group", "aria-label": t("replay.steps") },
      button("step-first", "replay.first_short", t("replay.first"), () => this.go(0), "Home"),
      button("step-round-back", "replay.round_back_short", t("replay.round_back"), () => this.go(roundStep(this.points(), this.at, -1, this.total)), "PageUp"),
      button("step-back", "replay.back_one_short", t("replay.back_one"), () => this.go(this.at - 1), "ArrowLeft"),
      button("step-forward", "replay.forward_one_short", t("replay.forward_one"), () => this.go(this.at + 1), "ArrowRight"),
      button("step-round-forward", "replay.round_forward_short", t("replay.round_forward"), () => this.go(roundStep(this.points(), this.at, 1, this.total)), "PageDown"),
      button("step-last", "replay.last_short", t("replay.last"), () => this.go(this.total), "End"));
    this.drawMarks();
    const controls = h("section", { class: "replay-controls panel", "aria-label": t("replay.controls") },
      this.el.where, steps, h("div", { class: this.marks.length ? "timeline marked" : "timeline" }, this.el.slider, this.el.marks),
      this.marks.length ? h("p", { class: "muted small-print" }, t("replay.marks_help", { count: this.marks.length }))
        : h("p", { class: "muted small-print" }, t(this.review ? "replay.no_marks" : "replay.no_review")),
      h("p", { class: "muted small-print keys" }, t("replay.keys")),
      this.state.players.length > 1 ? h("label", { class: "replay-large-label" }, t("replay.large"), " ", this.el.large) : null,
      this.el.better, this.el.happened);
    fill(this.root, h("div", { class: "game replay" },
      h("header", { class: "game-head" }, h("h1", { class: "game-title" }, t("replay.heading")), this.table.info,
        h("a", { href: `#/game/${this.gameId}`, class: "replay-back" }, t("replay.back"))),
      h("div", { class: "col-board" }, this.table.board),
      h("div", { class: "col-main" }, controls, this.table.main),
      h("aside", { class: "col-side" }, this.el.players, this.el.scores, this.el.events)),
    this.table.page);
  }

  /** The points a round step stops at: the rounds' starts. */
  points() {
    return this.rounds.map((r) => r.point);
  }

  drawMarks() {
    fill(this.el.marks, this.marks.map((d) => {
      const words = t("replay.mark", { move: d.index + 1, player: seatLabel(this.ctx, d.seat), loss: d.loss.toFixed(1) });
      return h("button", { type: "button", class: "loss-mark", style: `left: ${this.total ? (100 * d.index) / this.total : 0}%`,
        "data-point": d.index, title: words, "aria-label": words, onclick: () => this.goToMark(d) }, "▲");
    }));
  }

  /** Go to a costly decision: the point before it, its seat's board large. */
  goToMark(decision) {
    this.focus = decision.seat;
    return this.go(decision.index);
  }

  /** "Move 10 of 84 · Year 1, round 2" for point `at` (while the slider moves, before the state is drawn). */
  showWhere(at) {
    const round = this.roundAt(at);
    const move = at === 0 ? t("replay.setup", { total: this.total }) : t("replay.where", { n: at, total: this.total });
    this.el.where.textContent = round ? `${move} · ${round}` : move;
  }

  /** Show the game after `at` moves (clamped to the game), asking the server for that state. */
  async go(at) {
    const point = Math.max(0, Math.min(this.total, Math.round(at)));
    this.wanted = point;
    let state;
    try {
      state = (await get(`/games/${this.gameId}/states/${point}`, { token: this.token })).data;
    } catch (error) {
      this.el.where.textContent = explain(error);
      return;
    }
    if (this.wanted !== point) return; // another step was asked for meanwhile
    this.at = point;
    this.state = state;
    history.replaceState(null, "", `#/replay/${encodeURIComponent(this.gameId)}/${point}`);
    await this.draw();
  }

  /** Draw the state shown: the table, the players, the points, the events, where we are and what the move did. */
  async draw() {
    const { ctx, at } = this;
    this.el.slider.value = String(at);
    this.showWhere(at);
    fill(this.el.large, this.state.players.map((p) => h("option", { value: p.seat, selected: p.seat === this.focus },
      seatLabel(ctx, p.seat))));
    const drawn = this.table.update(this.state);
    renderScores(this.el.scores, ctx, this.game);
    renderEvents(this.el.events, ctx, this.game, eventsUpTo(this.moves, this.log, at));
    await drawn;
    renderPlayers(this.el.players, ctx, this.game, { onShowBoard: (s) => this.table.enlarge(s), thumbnail: (s) => this.table.thumbnail(s) });
    this.table.reset();
    this.table.idle();
    this.drawMove();
    this.drawBetter();
    for (const [cls, off] of [["step-first", at === 0], ["step-round-back", at === 0], ["step-back", at === 0],
      ["step-forward", at === this.total], ["step-round-forward", at === this.total], ["step-last", at === this.total]]) {
      this.root.querySelector(`.${cls}`).disabled = off;
    }
    this.root.dataset.replayAt = String(at);
  }

  /** What the move that led here did: whose it was and its events in the game's words. */
  drawMove() {
    const { at, ctx } = this;
    if (at === 0) {
      fill(this.el.happened, h("h2", {}, t("replay.setup_title")), h("p", { class: "muted" }, t("replay.setup_text")));
      return;
    }
    const move = this.moves[at - 1];
    const words = eventsOfMove(this.moves, this.log, at).map((e) => this.game.eventWords(ctx, e)).filter(Boolean);
    fill(this.el.happened, h("h2", {}, t("replay.move_title", { n: at, player: seatLabel(ctx, move.seat) })),
      words.length ? h("ul", { class: "replay-events" }, words.map((w) => h("li", {}, w)))
        : h("p", { class: "muted" }, t("replay.nothing_seen")));
  }

  /** At a marked decision: the better option in words, and drawn on the table. */
  drawBetter() {
    const decision = this.marks.find((d) => d.index === this.at);
    this.root.querySelectorAll(".loss-mark").forEach((m) => m.setAttribute("aria-current", String(Number(m.dataset.point) === this.at)));
    if (!decision) {
      this.el.better.replaceChildren();
      this.table.hideHint();
      return;
    }
    fill(this.el.better, h("h2", {}, t("replay.better_title", { move: decision.index + 1, loss: decision.loss.toFixed(1) })),
      h("p", {}, t("replay.better", { player: seatLabel(this.ctx, decision.seat), played: decision.played || t("replay.hidden"),
        best: decision.best })));
    if (decision.seat === this.focus && this.table.showHint({ moves: decision.best_moves, squares: [] })) {
      this.el.better.append(h("p", { class: "muted" }, t("replay.better_drawn")));
    }
  }

  /** The arrow keys step a move, Page Up and Page Down a round, Home and End go to either end (not while typing
   * in a field, where the keys are the field's). */
  key(event) {
    if (event.altKey || event.ctrlKey || event.metaKey || this.at === null) return;
    if (event.target.closest?.("input, select, textarea, dialog")) return;
    const rounds = this.points();
    const to = { ArrowLeft: this.at - 1, ArrowRight: this.at + 1, Home: 0, End: this.total,
      PageUp: roundStep(rounds, this.at, -1, this.total), PageDown: roundStep(rounds, this.at, 1, this.total) }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    this.go(to);
  }
}
