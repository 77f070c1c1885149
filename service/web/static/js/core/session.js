// The game screen's session, the same for every game: the seats this browser plays (their tokens), the state as it
// changes (a move's answer, the event stream), the decision awaited in words with its choices, playing a move (the
// engine's reason when it is refused), undo (when the server says the seat may), leaving, a hint, the players, the
// points, the events and the end. The game's own table (its boards, trays, decision widgets) is its module's
// (mountTable: core/games.js).
import { ApiError, explain, get, post, postMove } from "./api.js";
import { clearErrorToast, fill, focusInView, h, inView, toast } from "./dom.js";
import { TABLE_MEMBERS, gameOf, loadGame, missingMembers } from "./games.js";
import { showHint } from "./hint.js";
import { mountGuide } from "./howto.js";
import { GameFeed } from "./live.js";
import { reviewPanel } from "./review.js";
import { renderEvents } from "./events.js";
import { signalTurn, soundSwitch, stopSignals } from "./following.js";
import { t } from "./i18n.js";
import { renderEnd, renderScores } from "./scores.js";
import { renderPlayers } from "./seats.js";
import { aboutGame, noteGame, seatTokens } from "./store.js";
import { personName } from "./words.js";

/** Show game `gameId` in `root`; returns a function that stops following it. */
export async function showGame(root, gameId) {
  const session = new GameSession(root, gameId);
  await session.start();
  return () => session.stop();
}

export class GameSession {
  constructor(root, gameId) {
    this.root = root;
    this.gameId = gameId;
    this.tokens = seatTokens(gameId);
    this.mySeats = new Set(Object.keys(this.tokens).map(Number));
    this.state = null;
    this.moves = [];
    this.undoSeat = null; // the seat whose last move Undo takes back (the server said it may), or null
    this.undoWhy = ""; // why Undo is not offered, in the server's words
    this.undoing = false; // an undo is under way: Undo is not offered again until its answer
    this.errorAt = null; // the version an error was shown at: a later one drawn takes it away
    this.focusWanted = null; // after my move: the focus goes to the next decision (true: scrolled into view)
    this.endShown = false; // whether the game's end was drawn (and brought into view) on this screen
    this.busy = false;
    this.queue = Promise.resolve();
  }

  /** The seat this screen plays in `state`: the one whose decision is pending when it is mine, else my first seat
   * (null: I watch). */
  seatIn(state) {
    const pending = state?.pending?.seat;
    if (pending !== undefined && pending !== null && this.playable(pending, state)) return pending;
    const mine = [...this.mySeats].sort((a, b) => a - b);
    return mine.length ? mine[0] : null;
  }

  get seat() {
    return this.seatIn(this.state);
  }

  /** Whether I play `seat` in `state`: I hold its token and have not left it to a bot. */
  playable(seat, state = this.state) {
    return this.mySeats.has(seat) && !state?.seats?.[seat]?.bot;
  }

  get token() {
    return this.seat === null ? null : this.tokens[this.seat];
  }

  /** What the game's words and widgets are given: the game, its state and catalog, my seats, the legal moves. */
  get ctx() {
    return { gameId: this.gameId, game: this.game, state: this.state, catalog: this.catalog, mySeats: this.mySeats,
      seats: this.state?.seats, pending: this.state?.pending, moves: this.moves };
  }

  get myDecision() {
    const pending = this.state?.pending;
    return !!pending && this.playable(pending.seat);
  }

  async start() {
    fill(this.root, h("p", { class: "loading" }, t("core.session.loading")));
    let first;
    try {
      first = await get(`/games/${this.gameId}`, { token: this.token });
    } catch (error) {
      fill(this.root, h("section", { class: "panel" }, h("h1", {}, t("core.session.not_found")), h("p", {}, explain(error)), h("p", {}, h("a", { href: "#/" }, t("core.error.back")))));
      return;
    }
    this.game = gameOf(first.data);
    this.catalog = await loadGame(this.game);
    this.layout();
    await this.apply(first.data);
    this.feed = new GameFeed(this.gameId, {
      token: this.token,
      onEvents: (log) => renderEvents(this.el.events, this.ctx, this.game, log),
      onVersion: (v) => { if (!this.state || v.version > this.state.version) this.refresh(); },
      onLink: (status) => this.showLink(status),
    });
    this.feed.start().catch((error) => toast(explain(error), "error"));
    this.watchdog = setInterval(() => this.refresh(), 30000); // in case a stream message was missed
  }

  /** The event stream's state in the header: live, reconnecting (EventSource does it by itself), or the game over. */
  showLink(status) {
    const shown = this.state?.finished ? "ended" : status;
    this.el.link.textContent = t(`core.session.link.${shown}`);
    this.el.link.dataset.status = shown;
  }

  stop() {
    this.feed?.close();
    clearInterval(this.watchdog);
    stopSignals();
  }

  /** The page: the header, the game's table (its board column, what goes under the decision), the turn and the
   * decision, the players, the points and the events. */
  layout() {
    this.el = {
      title: h("h1", { class: "game-title" }),
      link: h("span", { class: "link-status", "aria-live": "polite" }),
      turn: h("div", { class: "turn-banner", role: "status", "aria-live": "polite" }),
      decision: h("section", { class: "decision", "aria-labelledby": "decision-title" }),
      players: h("section", { class: "players-panel" }),
      scores: h("section", { class: "scores-panel" }),
      events: h("section", { class: "events-panel" }),
    };
    this.table = this.game.mountTable(this);
    this.guide = mountGuide(this.game); // the first-game guide (core/howto.js)
    const missing = missingMembers(this.table, TABLE_MEMBERS);
    if (missing.length) throw new Error(`the table of ${this.game.id} has no ${missing.join(", ")}`);
    fill(this.root, h("div", { class: "game" },
      h("header", { class: "game-head" }, this.el.title, this.table.info, this.el.link, soundSwitch()),
      this.el.colBoard = h("div", { class: "col-board" }, this.table.board),
      this.el.colMain = h("div", { class: "col-main" }, this.guide.node, this.el.turn, this.el.decision, this.table.main),
      h("aside", { class: "col-side" }, this.el.players, this.el.scores, this.el.events)),
    this.table.page);
  }

  /** Read the state again (after a stream message, or a refused move). */
  refresh() {
    this.queue = this.queue.then(async () => {
      try {
        const r = await get(`/games/${this.gameId}`, { token: this.token });
        await this.update(r.data);
      } catch (error) {
        toast(explain(error), "error");
      }
    });
    return this.queue;
  }

  /** Show a newer state (queued after any update under way). */
  apply(state) {
    this.queue = this.queue.then(() => this.update(state)).catch((error) => toast(explain(error), "error"));
    return this.queue;
  }

  async update(state) {
    if (this.state && state.version <= this.state.version) return; // drawn already (the answer to my move, then the stream)
    const wanted = this.seatIn(state);
    if (wanted !== null && state.seat !== wanted) { // another of my seats decides now: its own view (its partners)
      state = (await get(`/games/${this.gameId}`, { token: this.tokens[wanted] })).data;
    }
    const followed = this.state !== null; // a state was drawn before this one on this screen
    this.state = state;
    if (this.errorAt !== null && state.version > this.errorAt) { // what the error said is over
      clearErrorToast();
      this.errorAt = null;
    }
    this.judgeUndo(state);
    const ctx = this.ctx;
    this.el.title.textContent = this.state.players.length === 1 ? t("core.words.game_solo") : t("core.words.game_players", { count: this.state.players.length });
    noteGame(this.gameId, aboutGame(state, this.mySeats));
    const drawn = this.table.update(state);
    renderScores(this.el.scores, ctx, this.game);
    await drawn;
    renderPlayers(this.el.players, ctx, this.game, { onShowBoard: (s) => this.table.enlarge(s), thumbnail: (s) => this.table.thumbnail(s) });
    await this.renderDecision();
    this.guide.update(this.ctx);
    this.focusDecision();
    if (state.finished && !this.endShown) this.showEnd(followed);
    if (performance.getEntriesByName("wtw:move").length) {
      performance.measure("wtw:move-drawn", "wtw:move");
      performance.clearMarks("wtw:move");
    }
    this.root.dataset.version = state.version;
    if (state.finished) this.showLink("ended");
    this.findUndo(state);
  }

  async renderDecision() {
    const state = this.state;
    this.table.reset();
    if (state.finished) {
      this.el.turn.textContent = t("core.end.over");
      this.el.turn.dataset.mine = "no";
      const end = await this.gameEnd();
      renderEnd(this.el.decision, this.ctx, this.game, end);
      const mine = [...this.mySeats].sort((a, b) => a - b)[0];
      this.el.decision.append(h("p", { class: "replay-link" }, h("a", { href: `#/replay/${this.gameId}`, class: "button" }, t("replay.open"))),
        reviewPanel(this.ctx, this.gameId, mine === undefined ? null : this.tokens[mine]));
      signalTurn(false);
      this.moves = [];
      this.table.idle();
      return;
    }
    const pending = state.pending;
    if (!this.myDecision) {
      this.moves = [];
      this.drawnDecision = null;
      const [title] = this.game.decisionWords(this.ctx, pending, false);
      this.el.turn.textContent = `${title}…`;
      this.el.turn.dataset.mine = "no";
      signalTurn(false);
      fill(this.el.decision, h("h2", { id: "decision-title", tabindex: "-1" }, t("core.session.waiting")),
        h("p", {}, t(state.seats?.[pending.seat]?.open ? "core.session.waiting_open"
          : this.mySeats.size ? "core.session.waiting_others" : "core.session.watching")),
        this.mySeats.size ? this.undoButton() : null, this.leaveButton());
      this.table.idle();
      return;
    }
    const legal = await get(`/games/${this.gameId}/legal-moves`, { token: this.tokens[pending.seat] });
    if (legal.data.version !== this.state.version) { // the game moved on meanwhile: draw the newer state
      fill(this.el.decision, h("p", { class: "muted" }, t("core.session.moved_on")));
      this.refresh();
      return;
    }
    this.moves = legal.data.moves;
    const [title, text] = this.game.decisionWords(this.ctx, pending, true);
    const who = this.mySeats.size > 1 ? `, ${personName(state.seats?.[pending.seat], pending.seat)}` : "";
    // A choice made while others still decide at once may be changed, but it is no longer this seat's turn
    this.el.turn.textContent = t(pending.decided ? "core.session.turn_decided" : "core.session.turn_yours", { title, who });
    this.el.turn.dataset.mine = pending.decided ? "no" : "yes";
    signalTurn(!pending.decided);
    this.el.choices = h("div", { class: "choices-box" });
    // The same decision drawn again (other seats deciding at once moved): a hint asked or shown for it stays
    const drawn = JSON.stringify(pending);
    if (drawn !== this.drawnDecision || !this.el.hint) this.el.hint = h("div", { class: "hint-box", "aria-live": "polite" });
    this.drawnDecision = drawn;
    this.el.error = h("p", { class: "refusal", role: "alert" });
    fill(this.el.decision,
      h("h2", { id: "decision-title", tabindex: "-1" }, title),
      h("p", {}, text),
      this.table.figure(pending),
      this.el.error, this.el.choices,
      h("div", { class: "decision-tools" },
        h("button", { type: "button", class: "hint-button", onclick: () => this.hint() }, t("core.session.hint")),
        this.undoButton(), this.leaveButton()),
      this.el.hint);
    this.table.decide({ choices: this.el.choices, play: (move) => this.play(move) });
  }

  /** Who may undo now, as the state says (its `undo`, for the state's seat): that seat, or none. */
  judgeUndo(state) {
    const undo = state.undo;
    this.undoSeat = undo?.allowed ? state.seat : null;
    this.undoWhy = undo?.detail || "";
  }

  /** When I play several seats and the last move was another of mine than the state's seat: ask that seat's state
   * whether it may undo (the server judges; the state says it for its own seat only). */
  async findUndo(state) {
    if (this.undoSeat !== null || state.undo?.rule !== "not_your_move" || this.mySeats.size < 2) return;
    for (const seat of this.mySeats) {
      if (seat === state.seat || !this.playable(seat)) continue;
      let view;
      try {
        view = (await get(`/games/${this.gameId}`, { token: this.tokens[seat] })).data;
      } catch {
        return;
      }
      if (this.state.version !== state.version || view.version !== state.version) return;
      if (view.undo?.allowed) {
        this.undoSeat = seat;
        this.drawUndo();
        return;
      }
    }
  }

  undoButton() {
    const allowed = this.undoSeat !== null;
    return h("button", { type: "button", class: "undo-button", disabled: !allowed || this.undoing, title: allowed ? t("core.session.undo_title") : this.undoWhy,
      onclick: () => this.undo() }, t("core.session.undo"));
  }

  /** The Undo buttons drawn again as the state and an undo under way say (in place: the focus stays on them). */
  drawUndo() {
    const fresh = this.undoButton();
    for (const button of this.root.querySelectorAll(".undo-button")) {
      button.disabled = fresh.disabled;
      button.title = fresh.title;
    }
  }

  /** Take back my last move (POST /games/<id>/undo, the server judges); Undo is not offered again until the answer
   * is drawn, and then only if the new state's `undo.allowed` says so. A refusal is said until a later state. */
  async undo() {
    const seat = this.undoSeat;
    if (seat === null || !this.tokens[seat] || this.undoing) return;
    this.undoing = true;
    this.drawUndo();
    this.focusWanted = keyboardFocus();
    try {
      const answer = await post(`/games/${this.gameId}/undo`, undefined, { token: this.tokens[seat], ifMatch: this.state.version });
      this.undoing = false;
      toast(t("core.session.undone"));
      await this.apply(answer.data.state);
    } catch (error) {
      this.undoing = false;
      this.focusWanted = null;
      if (error instanceof ApiError && error.status === 412) await this.refresh();
      toast(explain(error), "error");
      this.errorAt = this.state.version;
    } finally {
      this.undoing = false;
      this.drawUndo();
    }
  }

  /** After my move or undo, once the next state is drawn: the keyboard focus to the decision awaited (the table's
   * widget for it, else its first choice, else its title), unless the player put the focus elsewhere meanwhile
   * (the players, the events, a field); kept for my next decision while others decide. */
  focusDecision() {
    if (this.focusWanted === null) return;
    const now = document.activeElement;
    if (!this.focusLost()) { this.focusWanted = null; return; }
    const title = this.el.decision.querySelector("#decision-title");
    const mine = this.myDecision && !this.state.finished;
    const target = (mine && (this.table.focusTarget?.() || this.el.choices?.querySelector("button"))) || title;
    if (target !== now) focusInView(target, this.focusWanted);
    if (mine || this.state.finished) this.focusWanted = null;
  }

  /** Whether the keyboard focus is nowhere the player put it: on the page's body, gone with what was drawn, or on the
   * game's own columns (a choice, the board) that a new state draws again. */
  focusLost() {
    const now = document.activeElement;
    return !now || now === document.body || !now.isConnected || this.el.colMain.contains(now) || this.el.colBoard.contains(now);
  }

  /** The game's end, drawn for the first time on this screen (it has just ended, or the screen opens on it): its
   * result brought into view wherever the player was scrolled (at the board, where the last tile went; on a phone the
   * result is a screen above it). When it ended while the screen `followed` the game, its title is given the keyboard
   * focus unless the player put the focus elsewhere; a screen opened on a finished game (a reload) leaves the focus
   * where a page load puts it, with no focus ring drawn on the title. */
  showEnd(followed) {
    this.endShown = true;
    const title = this.el.decision.querySelector(".end-title");
    if (!title) return;
    if (followed && this.focusLost()) title.focus({ preventScroll: true });
    this.focusWanted = null;
    const headline = this.el.decision.querySelector(".headline") || title;
    // from the banner that says it is over (app.css: a little room above it)
    if (!inView(title) || !inView(headline)) this.el.turn.scrollIntoView({ block: "start" });
  }

  /** "Leave the game": a bot plays my seat from now on (POST /games/<id>/leave); only while I play it. */
  leaveButton() {
    const seat = this.seat;
    if (seat === null || !this.playable(seat) || this.state.finished) return null;
    return h("button", { type: "button", class: "leave-button", onclick: () => this.leave(seat) }, t("core.session.leave"));
  }

  async leave(seat) {
    if (!window.confirm(t("core.session.leave_confirm"))) return;
    try {
      const answer = await post(`/games/${this.gameId}/leave`, undefined, { token: this.tokens[seat] });
      toast(t("core.session.left"));
      await this.apply(answer.data.state);
    } catch (error) {
      toast(explain(error), "error");
    }
  }

  /** The log's game_end event (its standings): from the stream's log, else read. */
  async gameEnd() {
    const fromFeed = this.feed?.log.find((e) => e.type === "game_end");
    if (fromFeed) return fromFeed;
    try {
      const page = await get(`/games/${this.gameId}/events`, { token: this.token });
      return page.data.events.find((e) => e.type === "game_end") || null;
    } catch {
      return null;
    }
  }

  setBusy(busy) {
    this.busy = busy;
    document.body.dataset.busy = String(busy || !!this.following);
    this.el.decision.classList.toggle("busy", busy);
    this.el.decision.setAttribute("aria-busy", String(busy));
  }

  /** Play `move` for the pending seat; an illegal one shows the engine's reason and changes nothing. */
  async play(move) {
    if (this.busy) return;
    const pending = this.state.pending;
    this.drawnDecision = null;  // a move of mine: the decision drawn next is a new one, its hint asked afresh
    performance.clearMarks("wtw:move");
    performance.mark("wtw:move");
    this.focusWanted = keyboardFocus();
    this.setBusy(true);
    try {
      const answer = await postMove(this.gameId, this.tokens[pending.seat], move, this.state.version);
      this.feed?.add(answer.data.events);
      await this.apply(answer.data.state);
      return true;
    } catch (error) {
      performance.clearMarks("wtw:move");
      this.focusWanted = null;
      this.refused(error);
      if (error instanceof ApiError && (error.status === 412 || error.status === 403 || error.status === 409)) await this.refresh();
      this.errorAt = this.state.version;
      return false;
    } finally {
      this.setBusy(false);
    }
  }

  /** A refused move: the server's reason in the page's language (the rule broken, an internal id, is kept in the
   * refusal's `data-rule`, not shown). */
  refused(error) {
    const text = error instanceof ApiError && error.rule ? t("core.session.refused", { reason: error.message }) : explain(error);
    if (this.el.error) {
      this.el.error.textContent = text;
      this.el.error.dataset.rule = error?.rule || "";
    }
    this.table.refused();
    toast(text, "error");
  }

  /** Ask for a hint of my decision (core/hint.js), `budgetMs` (null: the server's default). */
  hint(budgetMs = null) {
    return showHint(this, this.el.hint, budgetMs);
  }

  /** Play a hint option's moves one after another (a draft, then its placement). */
  async follow(option) {
    this.following = true;
    document.body.dataset.busy = "true";
    try {
      for (const move of option.moves) {
        if (!this.myDecision) break;
        if (!(await this.play(move))) break;
      }
    } finally {
      this.following = false;
      document.body.dataset.busy = String(this.busy);
    }
  }
}

/** Whether the player works with the keyboard now: the focused element shows its focus ring (:focus-visible). */
function keyboardFocus() {
  return !!document.activeElement?.matches?.(":focus-visible");
}
