// The game screen: my settlement board (placing tiles), the decision awaited with its choices, a hint, undo, the
// trays and dice, the players and their boards, the scores by category, the events as they happen, the end.
import { ApiError, explain, get, getText, post, postMove } from "./api.js";
import { BoardView, showStatus } from "./board.js";
import { describeTile, loadCatalog, scoreboardOf, sideName, tileOf, tilePicture } from "./catalog.js";
import { isPlacing, renderChoices } from "./decisions.js";
import { fill, h, toast } from "./dom.js";
import { GameFeed } from "./live.js";
import { renderEnd, renderEvents, renderPlayers, renderScores, renderTable, seatLabel } from "./panels.js";
import { noteGame, seatTokens } from "./store.js";
import { renderTrays } from "./trays.js";
import { reviewPanel } from "./review.js";
import { decisionWords, movesWords } from "./words.js";

/** Events that reveal something hidden (a die roll, a card drawn or shuffled): the move that caused them cannot be
 * taken back (docs/api.md, "Undo"), so the Undo button is not offered after it. */
const REVEALING = new Set(["round_start", "die_placed", "partners_revealed", "bandit_card_revealed", "second_partner", "year_start"]);

/** Show game `gameId` in `root`; returns a function that stops following it. */
export async function showGame(root, gameId) {
  const game = new GameScreen(root, gameId);
  await game.start();
  return () => game.stop();
}

class GameScreen {
  constructor(root, gameId) {
    this.root = root;
    this.gameId = gameId;
    this.tokens = seatTokens(gameId);
    this.mySeats = new Set(Object.keys(this.tokens).map(Number));
    this.state = null;
    this.moves = [];
    this.boards = new Map(); // seat -> BoardView
    this.shownSettlement = new Map(); // seat -> settlement JSON drawn
    this.thumbs = new Map(); // seat -> element
    this.selectedStack = null;
    this.hintShown = null;
    this.lastMover = null;
    this.undoable = true; // false when my last move revealed something hidden (the server refuses its undo)
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

  get ctx() {
    return { gameId: this.gameId, state: this.state, catalog: this.catalog, mySeats: this.mySeats, seats: this.state?.seats,
      scoreboard: scoreboardOf(this.catalog, this.state.players.length), pending: this.state.pending, moves: this.moves };
  }

  async start() {
    fill(this.root, h("p", { class: "loading" }, "Loading the game…"));
    this.catalog = await loadCatalog();
    let first;
    try {
      first = await get(`/games/${this.gameId}`, { token: this.token });
    } catch (error) {
      fill(this.root, h("section", { class: "panel" }, h("h1", {}, "Game not found"), h("p", {}, explain(error)), h("p", {}, h("a", { href: "#/" }, "Back to the start"))));
      return;
    }
    this.layout();
    await this.apply(first.data);
    this.feed = new GameFeed(this.gameId, {
      token: this.token,
      onEvents: (log) => renderEvents(this.el.events, this.ctx, log),
      onVersion: (v) => { if (!this.state || v.version > this.state.version) this.refresh(); },
      onLink: (status) => this.showLink(status),
    });
    this.feed.start().catch((error) => toast(explain(error), "error"));
    this.watchdog = setInterval(() => this.refresh(), 30000); // in case a stream message was missed
  }

  /** The event stream's state in the header: live, reconnecting (EventSource does it by itself), or the game over. */
  showLink(status) {
    const shown = this.state?.finished ? "ended" : status;
    this.el.link.textContent = { live: "● live", reconnecting: "○ reconnecting…", ended: "● game over" }[shown];
    this.el.link.dataset.status = shown;
  }

  stop() {
    this.feed?.close();
    clearInterval(this.watchdog);
  }

  layout() {
    const status = h("p", { class: "board-status", role: "status", "aria-live": "polite" });
    this.el = {
      title: h("h1", { class: "game-title" }),
      table: h("div", { class: "table-info" }),
      link: h("span", { class: "link-status", "aria-live": "polite" }),
      boardTitle: h("h2", {}),
      board: h("div", { class: "my-board" }),
      status,
      tools: h("div", { class: "place-tools", hidden: true }),
      turn: h("div", { class: "turn-banner", role: "status", "aria-live": "polite" }),
      decision: h("section", { class: "decision", "aria-labelledby": "decision-title" }),
      trays: h("section", { class: "trays", "aria-label": "Tile trays and dice" }),
      players: h("section", { class: "players-panel" }),
      scores: h("section", { class: "scores-panel" }),
      events: h("section", { class: "events-panel" }),
      mine: h("div", { class: "my-things" }),
      dialog: h("dialog", { class: "board-dialog", "aria-label": "Settlement board" }),
    };
    const legend = h("button", { type: "button", class: "small", "aria-pressed": "false", onclick: (e) => {
      const full = e.target.getAttribute("aria-pressed") !== "true";
      e.target.setAttribute("aria-pressed", String(full));
      e.target.textContent = full ? "Hide legend" : "Show legend";
      this.boards.get(this.boardSeat)?.setFull(full);
    } }, "Show legend");
    fill(this.root, h("div", { class: "game" },
      h("header", { class: "game-head" }, this.el.title, this.el.table, this.el.link),
      h("div", { class: "col-board" }, h("div", { class: "board-head" }, this.el.boardTitle, legend), this.el.board, this.el.status, this.el.tools, this.el.mine),
      h("div", { class: "col-main" }, this.el.turn, this.el.decision, this.el.trays),
      h("aside", { class: "col-side" }, this.el.players, this.el.scores, this.el.events)),
    this.el.dialog);
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
    this.state = state;
    const ctx = this.ctx;
    this.el.title.textContent = this.state.players.length === 1 ? "Solo game" : `${this.state.players.length}-player game`;
    renderTable(this.el.table, ctx);
    noteGame(this.gameId, { players: state.players.length, finished: state.finished, version: state.version });
    const boards = this.loadBoards();
    renderScores(this.el.scores, ctx);
    this.renderMine();
    await boards;
    renderPlayers(this.el.players, ctx, { onShowBoard: (s) => this.enlarge(s), thumbnails: this.thumbs });
    await this.renderDecision();
    if (performance.getEntriesByName("wtw:move").length) {
      performance.measure("wtw:move-drawn", "wtw:move");
      performance.clearMarks("wtw:move");
    }
    this.root.dataset.version = state.version;
    if (state.finished) this.showLink("ended");
    this.findLastMover();
  }

  /** The board drawn large: my seat's, else seat 0's (a spectator). */
  get boardSeat() {
    return this.seat ?? 0;
  }

  /** Fetch the pictures of the boards whose settlement changed. */
  async loadBoards() {
    const jobs = [];
    const big = this.boardSeat;
    this.el.boardTitle.textContent = `${this.mySeats.has(big) ? "Your settlement" : `${seatLabel(this.ctx, big)}'s settlement`}: ${sideName(this.catalog, this.state.players[big].settlement.side)}`;
    for (const player of this.state.players) {
      const seat = player.seat;
      const drawn = JSON.stringify(player.settlement);
      const large = seat === big;
      let view = this.boards.get(seat);
      if (!view || view.large !== large) {
        // a new element each time, so that a board shown before (another of my seats) leaves no listener behind
        const host = h("div", { class: large ? "my-board" : "thumb-board" });
        if (large) {
          this.el.board.replaceWith(host);
          this.el.board = host;
        }
        view = new BoardView(host, {
          label: `${seatLabel(this.ctx, seat)}'s settlement board`, interactive: large,
          onStatus: (text, fits) => showStatus(this.el.status, text, fits),
        });
        view.large = large;
        this.boards.set(seat, view);
        if (large) this.thumbs.delete(seat); else this.thumbs.set(seat, host);
        this.shownSettlement.delete(seat);
      }
      if (this.shownSettlement.get(seat) === drawn) continue;
      const version = this.state.version;
      jobs.push(getText(`/games/${this.gameId}/players/${seat}/board.svg`).then((svg) => {
        if (this.state.version === version || !view.svg) view.show(svg, version);
        this.shownSettlement.set(seat, drawn);
      }));
    }
    await Promise.all(jobs);
  }

  enlarge(seat) {
    const host = h("div", { class: "dialog-board" });
    const view = new BoardView(host, { label: `${seatLabel(this.ctx, seat)}'s settlement board` });
    view.full = true;
    fill(this.el.dialog, h("h2", {}, `${seatLabel(this.ctx, seat)}: ${sideName(this.catalog, this.state.players[seat].settlement.side)}`), host,
      h("form", { method: "dialog" }, h("button", { type: "submit", class: "primary" }, "Close")));
    getText(`/games/${this.gameId}/players/${seat}/board.svg`).then((svg) => view.show(svg, this.state.version));
    this.el.dialog.showModal();
  }

  drawTrays() {
    const draftable = new Map();
    if (this.state.pending?.type === "draft" && this.myDecision) {
      for (const m of this.moves) if (m.slot) draftable.set(m.slot, [...(draftable.get(m.slot) || []), m]);
    }
    renderTrays(this.el.trays, this.catalog, this.state, {
      draftable, selected: this.selectedStack,
      onStack: (slot) => { this.selectedStack = slot; this.drawTrays(); this.drawChoices(); this.el.decision.querySelector(".choice.primary")?.focus(); },
    });
  }

  /** My gold, bullets, mining, partners and ace cards (the state shows my own face-down partner). */
  renderMine() {
    const seat = this.seat;
    if (seat === null) { fill(this.el.mine, h("p", { class: "muted" }, "You are watching this game.")); return; }
    const me = this.state.players[seat];
    const track = this.catalog.scoreboard.mining_track;
    const partners = (me.partners || []).map((p) => {
      const card = this.catalog.partners.get(p.id);
      return h("li", {}, h("strong", {}, card?.name || "?"), p.face_down ? " (face down)" : "", card ? `: ${card.text}` : "");
    });
    fill(this.el.mine, h("h3", {}, "Your supply"),
      h("p", {}, `${me.gold} gold · ${me.bullets} bullets · mining track space ${me.mining} (income ${track[me.mining]?.income ?? "?"} gold)`,
        me.ace_cards?.length ? ` · ace cards: ${me.ace_cards.join(", ")}` : ""),
      partners.length ? h("ul", { class: "partners-list" }, partners) : null);
  }

  get myDecision() {
    const pending = this.state?.pending;
    return !!pending && this.playable(pending.seat);
  }

  async renderDecision() {
    const state = this.state;
    const board = this.boards.get(this.boardSeat);
    board?.stopPlacing();
    board?.choose([], () => {});
    board?.clearPreview();
    this.el.tools.hidden = true;
    this.hintShown = null;
    if (state.finished) {
      this.el.turn.textContent = "The game is over.";
      this.el.turn.dataset.mine = "no";
      const end = await this.gameEnd();
      renderEnd(this.el.decision, this.ctx, end);
      const mine = [...this.mySeats].sort((a, b) => a - b)[0];
      this.el.decision.append(reviewPanel(this.ctx, this.gameId, mine === undefined ? null : this.tokens[mine]));
      this.moves = [];
      this.drawTrays();
      return;
    }
    const pending = state.pending;
    if (!this.myDecision) {
      this.moves = [];
      const [title] = decisionWords(this.ctx, pending, false);
      this.el.turn.textContent = `${title}…`;
      this.el.turn.dataset.mine = "no";
      fill(this.el.decision, h("h2", { id: "decision-title" }, "Waiting"),
        h("p", {}, state.seats?.[pending.seat]?.open ? "That seat is still open: share its invitation link (Players)."
          : this.mySeats.size ? "The other players are deciding; their moves appear here as they happen." : "You are watching: the moves appear here as they happen."),
        this.mySeats.size ? this.undoButton() : null, this.leaveButton());
      this.drawTrays();
      return;
    }
    const legal = await get(`/games/${this.gameId}/legal-moves`, { token: this.tokens[pending.seat] });
    if (legal.data.version !== this.state.version) { // the game moved on meanwhile: draw the newer state
      fill(this.el.decision, h("p", { class: "muted" }, "The game moved on…"));
      this.refresh();
      return;
    }
    this.moves = legal.data.moves;
    if (pending.type !== "draft") this.selectedStack = null;
    const [title, text] = decisionWords(this.ctx, pending, true);
    const who = this.mySeats.size > 1 ? `, ${state.seats?.[pending.seat]?.name || `Seat ${pending.seat}`}` : "";
    this.el.turn.textContent = `Your turn${who}: ${title}`;
    this.el.turn.dataset.mine = "yes";
    this.el.choices = h("div", { class: "choices-box" });
    this.el.hint = h("div", { class: "hint-box", "aria-live": "polite" });
    this.el.error = h("p", { class: "refusal", role: "alert" });
    const tile = pending.tile;
    fill(this.el.decision,
      h("h2", { id: "decision-title" }, title),
      h("p", {}, text),
      tile ? h("figure", { class: "tile-card" }, h("img", { src: tilePicture(tile), alt: describeTile(this.catalog, tile) }),
        h("figcaption", {}, describeTile(this.catalog, tile))) : null,
      this.el.error, this.el.choices,
      h("div", { class: "decision-tools" },
        h("button", { type: "button", class: "hint-button", onclick: () => this.hint() }, "Hint"),
        this.undoButton(), this.leaveButton()),
      this.el.hint);
    this.drawChoices();
    this.drawTrays();
    if (isPlacing(pending)) this.startPlacing(pending);
  }

  drawChoices() {
    if (!this.el.choices || !this.myDecision) return;
    renderChoices(this.el.choices, this.ctx, { play: (m) => this.play(m), board: this.boards.get(this.boardSeat), selected: this.selectedStack });
  }

  startPlacing(pending) {
    const board = this.boards.get(this.boardSeat);
    const options = this.moves.filter((m) => m.type === "place");
    const tile = pending.tile || options[0]?.tile || "alley";
    const shapes = tileOf(this.catalog, tile).orientation_shapes;
    board.startPlacing({ tile, shapes, options, onPlace: (move) => this.play(move) });
    this.el.tools.hidden = false;
    fill(this.el.tools,
      h("button", { type: "button", onclick: () => { board.rotate(); board.host.focus(); }, "aria-keyshortcuts": "R" }, "↻ Rotate (R)"),
      h("button", { type: "button", onclick: () => { board.flip(); board.host.focus(); }, "aria-keyshortcuts": "F" }, "⇋ Flip (F)"),
      h("button", { type: "button", onclick: () => { board.nextLegal(); board.host.focus(); }, "aria-keyshortcuts": "N" }, "Next spot that fits (N)"),
      h("button", { type: "button", class: "primary", onclick: () => board.placeHere(), "aria-keyshortcuts": "Enter" }, "Place here (Enter)"),
      h("p", { class: "muted keys" }, "Keyboard: focus the board, arrows move the tile, R rotates, F flips, N finds a spot, Enter places."));
  }

  undoButton() {
    const allowed = this.lastMover !== null && this.playable(this.lastMover) && this.undoable && !this.state.finished;
    return h("button", { type: "button", class: "undo-button", disabled: !allowed, title: allowed ? "Take back your last move" : "Your last move can be taken back only while nothing was revealed since",
      onclick: () => this.undo() }, "Undo my last move");
  }

  /** "Leave the game": a bot plays my seat from now on (POST /games/<id>/leave); only while I play it. */
  leaveButton() {
    const seat = this.seat;
    if (seat === null || !this.playable(seat) || this.state.finished) return null;
    return h("button", { type: "button", class: "leave-button", onclick: () => this.leave(seat) }, "Leave the game");
  }

  async leave(seat) {
    if (!window.confirm("Leave this game? A bot plays your seat from now on, and you cannot come back.")) return;
    try {
      const answer = await post(`/games/${this.gameId}/leave`, undefined, { token: this.tokens[seat] });
      toast("You left the game: a bot plays your seat now.");
      await this.apply(answer.data.state);
    } catch (error) {
      toast(explain(error), "error");
    }
  }

  /** Who made the last move (undo is offered only for my own): the last entry of the move log. */
  async findLastMover() {
    const version = this.state.version;
    const played = this.state.moves_played;
    let seat = null;
    if (played > 0) {
      try {
        const page = await get(`/games/${this.gameId}/moves?after=${played - 2}&limit=1`, { token: this.token });
        seat = page.data.moves[0]?.seat ?? null;
      } catch {
        seat = null;
      }
    }
    if (this.state.version !== version || seat === this.lastMover) return;
    this.lastMover = seat;
    this.undoable = true; // not known from the log: the server judges
    this.drawUndo();
  }

  drawUndo() {
    this.root.querySelectorAll(".undo-button").forEach((b) => b.replaceWith(this.undoButton()));
  }

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
    performance.clearMarks("wtw:move");
    performance.mark("wtw:move");
    this.setBusy(true);
    try {
      const answer = await postMove(this.gameId, this.tokens[pending.seat], move, this.state.version);
      this.selectedStack = null;
      this.lastMover = pending.seat;
      this.undoable = !answer.data.events.some((e) => REVEALING.has(e.type));
      this.feed?.add(answer.data.events);
      await this.apply(answer.data.state);
      this.drawUndo(); // the stream may have drawn this state first
      return true;
    } catch (error) {
      performance.clearMarks("wtw:move");
      this.refused(error);
      if (error instanceof ApiError && (error.status === 412 || error.status === 403 || error.status === 409)) await this.refresh();
      return false;
    } finally {
      this.setBusy(false);
    }
  }

  refused(error) {
    const text = error instanceof ApiError && error.rule ? `Not allowed: ${error.message} (${error.rule.replaceAll("_", " ")})` : explain(error);
    if (this.el.error) this.el.error.textContent = text;
    this.boards.get(this.boardSeat)?.flashRefused();
    toast(text, "error");
  }

  async undo() {
    const seat = this.lastMover;
    if (seat === null || !this.tokens[seat]) return;
    try {
      const answer = await post(`/games/${this.gameId}/undo`, undefined, { token: this.tokens[seat], ifMatch: this.state.version });
      toast("Your last move was taken back.");
      this.lastMover = null;
      await this.apply(answer.data.state);
    } catch (error) {
      toast(explain(error), "error");
      if (error instanceof ApiError && error.status === 412) await this.refresh();
    }
  }

  /** Ask the server for the best options of my decision, its search thinking `budgetMs` (null: the server's default,
   * 800 ms); each option is shown on the board before I take it, and "Think longer" asks again with LONG_HINT_MS. */
  async hint(budgetMs = null) {
    const box = this.el.hint;
    const version = this.state.version;
    fill(box, h("p", { class: "muted" }, budgetMs ? `Thinking for up to ${budgetMs / 1000} seconds…` : "Thinking…"));
    let answer;
    try {
      const budget = budgetMs ? `&budget_ms=${budgetMs}` : "";
      answer = (await get(`/games/${this.gameId}/hint?top=3${budget}`, { token: this.tokens[this.state.pending.seat] })).data;
    } catch (error) {
      fill(box, h("p", { class: "refusal" }, explain(error)));
      return;
    }
    if (this.state.version !== version) { box.replaceChildren(); return; }
    const board = this.boards.get(this.boardSeat);
    const show = (option) => {
      const places = option.moves.filter((m) => m.type === "place");
      board.preview(places, (tile) => tileOf(this.catalog, tile)?.orientation_shapes, option.squares);
      const draft = option.moves.find((m) => m.slot);
      if (draft && draft.slot !== this.selectedStack) { this.selectedStack = draft.slot; this.drawTrays(); }
    };
    const items = answer.options.map((option, i) => h("li", { class: "hint-option", onmouseenter: () => show(option), onfocusin: () => show(option) },
      h("div", { class: "hint-label" }, h("strong", {}, `${i + 1}. `), movesWords(this.catalog, this.state, option.moves)),
      h("div", { class: "hint-gain" }, gainWords(option, answer.simulations)),
      h("div", { class: "hint-actions" },
        h("button", { type: "button", onclick: () => show(option) }, "Show on board"),
        h("button", { type: "button", class: "primary", onclick: () => this.follow(option) }, `Play option ${i + 1}`))));
    fill(box, h("h3", {}, "Hint"), answer.partial ? h("p", { class: "muted" }, "(the search was cut short by its time budget)") : null,
      h("p", { class: "muted hint-search" }, `${answer.simulations} simulations in ${(answer.wall_ms / 1000).toFixed(1)} s`),
      h("ol", { class: "hint-options" }, items),
      h("div", { class: "hint-actions" },
        answer.budget_ms < LONG_HINT_MS ? h("button", { type: "button", class: "small", onclick: () => this.hint(LONG_HINT_MS) }, `Think longer (${LONG_HINT_MS / 1000} s)`) : null,
        h("button", { type: "button", class: "small", onclick: () => { board.clearPreview(); box.replaceChildren(); } }, "Hide the hint")));
    if (answer.options[0]) show(answer.options[0]);
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

/** The budget of a hint asked to think longer, in milliseconds: the search's answer gets better with time. */
const LONG_HINT_MS = 5000;

/** An option's expected gain in words: the search's estimate with its standard error and share of the simulations
 * ("+4.2 points expected (±0.6), 38% of 120 simulations"), or the one-step estimate when the search has none. */
function gainWords(option, simulations) {
  const figures = option.search || {};
  const gain = figures.gain ?? option.gain;
  const sign = gain >= 0 ? "+" : "";
  const spread = figures.stderr >= 0.05 ? ` (±${figures.stderr.toFixed(1)})` : "";  // null or below 0.05: none shown
  const share = simulations ? `, ${Math.round(100 * figures.share)}% of ${simulations} simulations` : "";
  return `${sign}${gain.toFixed(1)} points expected${spread}${share}`;
}
