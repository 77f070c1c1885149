// Wild Tiled West's table on the game screen: the settlement boards (mine large, placing tiles with a ghost; the
// others small, to enlarge), my supply, the two combined trays and the dice, the year and round with the cattle
// contracts, the choices of my decision and a hint's options shown on the board and in the trays.
import { getText } from "../../core/api.js";
import { fill, focusInView, h } from "../../core/dom.js";
import { entryLink, entryOf, openEntry } from "../../core/howto.js";
import { t } from "../../core/i18n.js";
import { seatLabel } from "../../core/seats.js";
import { listWords } from "../../core/words.js";
import { BoardView, lastPlacedSquares, placingButtons, showStatus, squaresOf } from "./board.js";
import { describeTile, partnerText, sideName, tileOf, tilePicture } from "./catalog.js";
import { isPlacing, renderChoices } from "./decisions.js";
import { buildingEntry, legendEntry, partnerEntry } from "./howto.js";
import { renderTableInfo, sideLink } from "./panels.js";
import { renderTrays } from "./trays.js";

/** The table of `session` (core/session.js): the members of core/games.js's TABLE_MEMBERS. */
export function mountTable(session) {
  return new Table(session);
}

class Table {
  constructor(session) {
    this.session = session;
    this.boards = new Map(); // seat -> BoardView
    this.shownSettlement = new Map(); // seat -> settlement JSON drawn
    this.thumbs = new Map(); // seat -> element
    this.tileCounts = new Map(); // seat -> the tiles on the settlement drawn (a new one lands)
    this.selectedStack = null;
    this.choices = null; // the host of my decision's choices, while I decide
    const status = h("p", { class: "board-status", role: "status", "aria-live": "polite" });
    this.el = {
      boardTitle: h("h2", {}),
      board: h("div", { class: "my-board" }),
      status,
      tools: h("div", { class: "place-tools", hidden: true }),
      mine: h("div", { class: "my-things" }),
      onBoard: h("p", { class: "on-board" }),
      trays: h("section", { class: "trays", "aria-label": t("wild-tiled-west.table.trays") }),
      dialog: h("dialog", { class: "board-dialog", "aria-label": t("wild-tiled-west.board.default") }),
    };
    const legend = h("button", { type: "button", class: "small", "aria-pressed": "false", onclick: (e) => {
      const full = e.target.getAttribute("aria-pressed") !== "true";
      e.target.setAttribute("aria-pressed", String(full));
      e.target.textContent = t(full ? "wild-tiled-west.table.hide_legend" : "wild-tiled-west.table.show_legend");
      this.boards.get(this.boardSeat)?.setFull(full);
    } }, t("wild-tiled-west.table.show_legend"));
    this.info = h("div", { class: "table-info" });
    // the ghost's words and its controls: kept in view while placing on a phone (app.css: .place-bar)
    const bar = h("div", { class: "place-bar" }, this.el.status, this.el.tools);
    this.board = [h("div", { class: "board-head" }, this.el.boardTitle, legend), this.el.board, bar, this.el.onBoard, this.el.mine];
    this.main = [this.el.trays];
    this.page = [this.el.dialog];
  }

  get ctx() {
    return this.session.ctx;
  }

  get catalog() {
    return this.session.catalog;
  }

  get state() {
    return this.session.state;
  }

  /** The board drawn large: my seat's, else seat 0's (a spectator). */
  get boardSeat() {
    return this.session.seat ?? 0;
  }

  get myBoard() {
    return this.boards.get(this.boardSeat);
  }

  /** A new state: the year, round and contracts, the boards whose settlement changed, my supply. */
  update() {
    this.selectedStack = null;
    renderTableInfo(this.info, this.ctx);
    this.renderOnBoard();
    const boards = this.loadBoards();
    this.renderMine();
    return boards;
  }

  /** The buildings placed on `seat`'s board, each once, in the order placed (their names). */
  buildingsOn(seat) {
    const names = this.state.players[seat].settlement.tiles.map((placed) => tileOf(this.catalog, placed.tile)?.building);
    return [...new Set(names.filter(Boolean))];
  }

  /** Under the large board: its wild side and its buildings, each opening its How to play entry. */
  renderOnBoard() {
    const seat = this.boardSeat;
    const side = sideLink(this.catalog, this.state.players[seat].settlement.side);
    const links = this.buildingsOn(seat).map((name) => entryLink(buildingEntry(name), entryOf(buildingEntry(name))?.title || name));
    if (typeof side === "string" && !links.length) { fill(this.el.onBoard); return; }
    fill(this.el.onBoard, h("span", { class: "muted" }, t("wild-tiled-west-rules.onBoard"), " "),
      [typeof side === "string" ? null : side, ...links].filter(Boolean).map((link, i) => [i ? " · " : null, link]));
  }

  /** A click on `seat`'s board that neither places nor chooses: a legend item's or a building's How to play entry. */
  explain(seat, { legend, row, col }) {
    if (legend) {
      const key = legendEntry(legend);
      if (key) openEntry(key);
      return;
    }
    const placed = this.state.players[seat].settlement.tiles.find((p) => squaresOf(this.catalog, p).some(([r, c]) => r === row && c === col));
    const building = placed && tileOf(this.catalog, placed.tile)?.building;
    if (building) openEntry(buildingEntry(building));
  }

  /** The picture of `seat`'s board: as it is now, or in a replay as it was after the session's `at` moves. */
  boardUrl(seat) {
    const at = this.session.at;
    return `/games/${this.session.gameId}/players/${seat}/board.svg${at === null || at === undefined ? "" : `?moves_played=${at}`}`;
  }

  /** Fetch the pictures of the boards whose settlement changed; the tile each player placed last is outlined, and
   * lands when it is new since the last state drawn. */
  async loadBoards() {
    const jobs = [];
    const state = this.state;
    const big = this.boardSeat;
    const { mySeats } = this.session;
    const side = sideName(this.catalog, this.state.players[big].settlement.side);
    this.el.boardTitle.textContent = mySeats.has(big) ? t("wild-tiled-west.board.yours", { side })
      : t("wild-tiled-west.board.theirs", { name: seatLabel(this.ctx, big), side });
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
          label: t("wild-tiled-west.board.label", { name: seatLabel(this.ctx, seat) }), interactive: large,
          onStatus: (text, fits) => { showStatus(this.el.status, text, fits); this.turnFigure(view); }, onExplain: (what) => this.explain(seat, what),
        });
        view.large = large;
        this.boards.set(seat, view);
        if (large) this.thumbs.delete(seat); else this.thumbs.set(seat, host);
        this.shownSettlement.delete(seat);
      }
      if (this.shownSettlement.get(seat) === drawn) continue;
      const version = state.version;
      const count = player.settlement.tiles?.length ?? 0;
      const landing = this.tileCounts.has(seat) && count > this.tileCounts.get(seat);
      this.tileCounts.set(seat, count);
      jobs.push(getText(this.boardUrl(seat)).then((svg) => {
        if (this.state !== state && view.svg) return; // a newer state is being drawn
        view.show(svg, version);
        view.markLast(lastPlacedSquares(this.catalog, player.settlement), landing);
        this.shownSettlement.set(seat, drawn);
      }));
    }
    await Promise.all(jobs);
  }

  thumbnail(seat) {
    const node = this.thumbs.get(seat);
    return node ? { node, name: t("wild-tiled-west.board.label", { name: seatLabel(this.ctx, seat) }) } : null;
  }

  enlarge(seat) {
    const host = h("div", { class: "dialog-board" });
    const view = new BoardView(host, { label: t("wild-tiled-west.board.label", { name: seatLabel(this.ctx, seat) }), onExplain: (what) => this.explain(seat, what) });
    view.full = true;
    fill(this.el.dialog, h("h2", {}, t("wild-tiled-west.board.dialog", { name: seatLabel(this.ctx, seat), side: sideName(this.catalog, this.state.players[seat].settlement.side) })), host,
      h("form", { method: "dialog" }, h("button", { type: "submit", class: "primary" }, t("core.words.close"))));
    getText(this.boardUrl(seat)).then((svg) => {
      view.show(svg, this.state.version);
      view.markLast(lastPlacedSquares(this.catalog, this.state.players[seat].settlement));
    });
    this.el.dialog.showModal();
  }

  drawTrays() {
    const draftable = new Map();
    if (this.state.pending?.type === "draft" && this.session.myDecision) {
      for (const m of this.session.moves) if (m.slot) draftable.set(m.slot, [...(draftable.get(m.slot) || []), m]);
    }
    renderTrays(this.el.trays, this.catalog, this.state, {
      draftable, selected: this.selectedStack,
      onStack: (slot) => { this.selectedStack = slot; this.drawTrays(); this.drawChoices(); this.showStackChoice(slot); },
    });
    this.el.trays.classList.toggle("drafting", draftable.size > 0); // on a phone, right under the decision (app.css)
  }

  /** After a tap on stack `slot`: the choice it offers gets the focus, and both stay in view. On a phone that
   * choice is a bar at the foot of the window (app.css), so the trays do not move: the stack is scrolled only as
   * far as needed to stand clear of the bar. */
  showStackChoice(slot) {
    const choice = this.session.el.decision.querySelector(".for-stack .choice.primary");
    focusInView(choice);
    const stack = this.el.trays.querySelector(`.stack[data-slot="${slot}"]`);
    if (!choice || !stack) return;
    const bar = choice.closest(".for-stack");
    if (getComputedStyle(bar).position !== "fixed") return; // a wide screen: the choice sits in the decision panel
    const hidden = stack.getBoundingClientRect().bottom - bar.getBoundingClientRect().top;
    if (hidden > 0) window.scrollBy(0, hidden + 8);
  }

  /** My gold, bullets, mining, partners and ace cards (the state shows my own face-down partner). */
  renderMine() {
    const seat = this.session.seat;
    if (seat === null) { fill(this.el.mine, h("p", { class: "muted" }, t("wild-tiled-west.table.watching"))); return; }
    const me = this.state.players[seat];
    const track = this.catalog.scoreboard.mining_track;
    const partners = (me.partners || []).map((p) => {
      const card = this.catalog.partners.get(p.id) && partnerText(this.catalog, p.id);
      return h("li", {}, h("strong", {}, card ? entryLink(partnerEntry(this.catalog, p.id), card.name) : "?"),
        p.face_down ? t("wild-tiled-west.table.face_down") : "", card ? t("wild-tiled-west.table.partner", { text: card.text }) : "");
    });
    const income = track[me.mining]?.income;
    fill(this.el.mine, h("h3", {}, this.session.mySeats.has(seat) ? t("wild-tiled-west.table.supply_yours") : t("wild-tiled-west.table.supply_theirs", { name: seatLabel(this.ctx, seat) })),
      h("p", {}, t("wild-tiled-west.table.supply", { gold: t("wild-tiled-west.item.gold", { count: me.gold }), bullets: t("wild-tiled-west.item.bullet", { count: me.bullets }),
        mining: me.mining, income: income === undefined ? "?" : t("wild-tiled-west.item.gold", { count: income }) }),
      me.ace_cards?.length ? t("wild-tiled-west.table.ace_cards", { cards: listWords(me.ace_cards.map((suit) => t(`wild-tiled-west.suit.${suit}`, { defaultValue: suit }))) }) : ""),
      partners.length ? h("ul", { class: "partners-list" }, partners) : null);
  }

  /** Before a decision is drawn: no placing, no square to choose, no hint shown, no tools. */
  reset() {
    const board = this.myBoard;
    board?.stopPlacing();
    board?.choose([], () => {});
    board?.clearPreview();
    this.el.tools.hidden = true;
    this.choices = null;
  }

  /** No decision of mine (another seat's, or the game is over): the trays without a stack to draft. */
  idle() {
    this.drawTrays();
  }

  /** The tile to place, under the decision's words. */
  figure(pending) {
    const tile = pending.tile;
    const building = tile && tileOf(this.catalog, tile)?.building;
    const entry = building && entryOf(buildingEntry(building));
    this.figureImage = tile ? h("img", { src: tilePicture(tile), alt: describeTile(this.catalog, tile) }) : null;
    return tile ? h("figure", { class: "tile-card" }, this.figureImage,
      h("figcaption", {}, describeTile(this.catalog, tile),
        entry ? [" ", entryLink(buildingEntry(building), t("how-to-play.about", { name: entry.title }))] : null)) : null;
  }

  /** The decision's tile picture turned and flipped as the ghost on `view` (my board, placing) is. */
  turnFigure(view) {
    const m = view.mode;
    if (!m || !this.figureImage?.isConnected || view !== this.myBoard) return;
    const src = tilePicture(m.tile, m.orientation);
    if (this.figureImage.getAttribute("src") !== src) this.figureImage.setAttribute("src", src);
    this.figureImage.dataset.orientation = m.orientation;
  }

  /** Where the keyboard focus goes when my decision is drawn: the board while placing, the first stack to draft
   * from in the trays; null: the decision's own first choice (core/session.js). */
  focusTarget() {
    if (this.myBoard?.mode) return this.myBoard.host;
    return this.el.trays.querySelector("button.stack.draftable");
  }

  /** My decision: its choices in `choices`, the stacks to draft in the trays, the tile to place on my board. */
  decide({ choices, play }) {
    const pending = this.state.pending;
    if (pending.type !== "draft") this.selectedStack = null;
    this.choices = choices;
    this.play = play;
    this.drawChoices();
    this.drawTrays();
    if (isPlacing(pending)) this.startPlacing(pending);
  }

  drawChoices() {
    if (!this.choices || !this.session.myDecision) return;
    renderChoices(this.choices, this.ctx, { play: this.play, board: this.myBoard, selected: this.selectedStack });
  }

  startPlacing(pending) {
    const board = this.myBoard;
    const options = this.session.moves.filter((m) => m.type === "place");
    const tile = pending.tile || options[0]?.tile || "alley";
    const shapes = tileOf(this.catalog, tile).orientation_shapes;
    board.startPlacing({ tile, shapes, options, onPlace: (move) => this.play(move) });
    this.el.tools.hidden = false;
    fill(this.el.tools, placingButtons(board), h("p", { class: "muted keys" }, t("wild-tiled-west.tools.keys")));
  }

  /** A hint option on the table: its placements as ghosts on my board, the stack it drafts selected in the trays;
   * whether it drew anything. */
  showHint(option) {
    const places = option.moves.filter((m) => m.type === "place");
    this.myBoard.preview(places, (tile) => tileOf(this.catalog, tile)?.orientation_shapes, option.squares);
    const draft = option.moves.find((m) => m.slot);
    if (draft && draft.slot !== this.selectedStack) { this.selectedStack = draft.slot; this.drawTrays(); }
    return places.length > 0 || !!draft;
  }

  hideHint() {
    this.myBoard?.clearPreview();
  }

  /** A refused move: my board flashes. */
  refused() {
    this.myBoard?.flashRefused();
  }
}
