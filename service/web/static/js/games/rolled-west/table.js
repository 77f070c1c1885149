// Rolled West's table on the game screen (and the replay's): the dice with the terrain die set aside, my score sheet
// large, the other players' sheets beside the decision, and my decision played by clicking: a die to set aside as
// the terrain, the sheet's places to spend (a claim row's space, a contract, an office, shipping boxes then Ship), a
// die to bank; a neighbour banks between turns by clicking a die of the roll, or passes. What the engine refuses comes
// back in its words (core/session.js); a hint's option is pencilled on the sheet and the dice.
import { fill, h, toast } from "../../core/dom.js";
import { language, t } from "../../core/i18n.js";
import { seatLabel } from "../../core/seats.js";
import { capital } from "../../core/words.js";
import { renderDice } from "./dice.js";
import { renderTableInfo } from "./panels.js";
import { hintMarks, renderSheet, shipmentWords } from "./sheet.js";
import { moveWords, terrainWords, tr } from "./words.js";

/** The table of `session` (core/session.js or core/replay.js): the members of core/games.js's TABLE_MEMBERS. */
export function mountTable(session) {
  return new Table(session);
}

/**
 * What a click on a place of `sheet` (a sheet's JSON) plays while its player spends in the claim row `terrain`
 * (sheet.js renderSheet's `onPlace` place): `{move}` to play (a claim: the row's leftmost empty space a camp, the one
 * after it a settlement, as the rule text marks them; a contract; an office), `{say}` why it plays nothing (words), or
 * `{plan}` the shipment `plan` (`{metal: n}`) after a shipping box clicked (clicked again: one box fewer).
 */
export function placeClicked(sheet, terrain, where, plan) {
  if (where.kind === "contract") return { move: { type: "contract", contract: where.id } };
  if (where.kind === "office") return { move: { type: "office", office: where.id } };
  if (where.kind === "bank") return { say: tr("note.bank_box") };
  if (where.kind === "claim") {
    if (where.terrain !== terrain) return { say: tr("note.claim_row", { terrain: terrainWords(terrain) }) };
    const first = sheet.claims[terrain].indexOf("");
    // the leftmost empty space: a camp; the one after it: a settlement (its circle); a full row: the engine says why
    if (first < 0 || where.index === first) return { move: { type: "claim", kind: "camp" } };
    if (where.index === first + 1) return { move: { type: "claim", kind: "settlement" } };
    return { say: tr("note.claim_space") };
  }
  if (where.index < where.checked) return { say: tr("note.ship_checked") };
  const n = where.index + 1 - where.checked;
  return { plan: { ...plan, [where.metal]: plan[where.metal] === n ? n - 1 : n } };
}

/** The shipment `plan` (`{metal: n}`) as the engine's move: every metal's count, 0 for those not shipped. */
export const shipMove = (catalog, plan) => ({ type: "ship", ...Object.fromEntries(catalog.metals.map((m) => [m, plan[m] || 0])) });

class Table {
  constructor(session) {
    this.session = session;
    this.deciding = false;
    this.play = null;
    this.choices = null;
    this.hint = null; // a hint option's marks on my sheet (sheet.js hintMarks)
    this.plan = {}; // the shipment being chosen on my sheet: {metal: n}
    this.planTurn = null; // the turn the plan is of ("round:seat")
    this.el = {
      dice: h("div", { class: "rw-dice-panel" }),
      note: h("p", { class: "rw-note", role: "status", "aria-live": "polite" }),
      mine: h("div", { class: "rw-my-sheet" }),
      others: h("div", { class: "rw-others" }),
      dialog: h("dialog", { class: "board-dialog rw-dialog", "aria-label": tr("table.sheet_dialog") }),
    };
    this.info = h("div", { class: "table-info" });
    this.board = [h("div", { class: "rw-table" }, this.el.note, this.el.mine, this.el.others)];
    this.main = [this.el.dice];
    this.page = [this.el.dialog];
  }

  get ctx() {
    return this.session.ctx;
  }

  get state() {
    return this.session.state;
  }

  get catalog() {
    return this.session.catalog;
  }

  /** The sheet drawn large: my seat's, else seat 0's (a spectator). */
  get sheetSeat() {
    return this.session.seat ?? 0;
  }

  /** My decision now, when I decide (the session's pending, mine). */
  get pending() {
    return this.deciding && this.session.myDecision ? this.state.pending : null;
  }

  update() {
    const turn = `${this.state.round}:${this.state.active}`;
    if (turn !== this.planTurn || this.state.done?.includes("ship")) { this.plan = {}; this.planTurn = turn; }
    renderTableInfo(this.info, this.ctx);
    this.draw();
    return Promise.resolve();
  }

  /** Fill `host` by `build()` unless what it would show (`key`) is what it shows: a state that changed nothing of it
   * (another seat's sealed bank) leaves its buttons in place, so a click under way is not lost. */
  put(host, key, build) {
    const text = JSON.stringify([language(), key]);
    if (host.dataset.drawn === text) return;
    host.dataset.drawn = text;
    fill(host, build());
  }

  /** The dice, my sheet and the others', as the state and my decision say. */
  draw() {
    const { state, catalog } = this;
    const pending = this.pending;
    const seat = this.sheetSeat;
    const spending = pending?.type === "spend";
    const dieChoice = pending && ["terrain", "spend", "bank_between"].includes(pending.type);
    const dieHint = this.hint?.terrain || this.hint?.bank || this.hint?.between || null;
    const roll = [state.round, state.active, state.phase, state.dice, state.ghost_dice, state.terrain_die, state.rolled, state.seats];
    this.put(this.el.dice, [roll, seat, dieChoice && pending.type, dieHint],
      () => renderDice(this.ctx, { spent: seat === state.active, onDie: dieChoice ? (i, r) => this.die(r) : null, hint: dieHint }));
    const mine = this.session.mySeats?.has(seat);
    const title = mine ? tr("table.your_sheet") : tr("table.sheet_of", { name: seatLabel(this.ctx, seat) });
    const shipping = spending && Object.values(this.plan).some(Boolean);
    const sheets = [state.sheets, state.round, state.pending?.terrain, state.seats];
    this.put(this.el.mine, [sheets, seat, title, spending, this.plan, this.hint], () => renderSheet(catalog, state, seat, {
      title, mine: true, terrain: state.pending?.terrain, plan: spending ? this.plan : null, hint: this.hint,
      onPlace: spending ? (where) => this.place(where) : null,
      onShip: shipping ? h("div", { class: "rw-ship-tools" }, this.shipButton(), this.clearButton()) : null,
    }));
    const others = state.players.map((p) => p.seat).filter((s) => s !== seat);
    this.put(this.el.others, [sheets, others, state.active], () => others.map((s) => h("details", { class: "rw-other", open: true },
      h("summary", {}, tr("table.sheet_of", { name: seatLabel(this.ctx, s) }), " — ", t("core.seats.points", { count: state.scores[s].total })),
      renderSheet(catalog, state, s, { terrain: state.active === s ? state.pending?.terrain : null }))));
  }

  shipButton() {
    return h("button", { type: "button", class: "primary rw-ship", onclick: () => this.ship() }, shipmentWords(this.plan));
  }

  clearButton() {
    return h("button", { type: "button", class: "small", onclick: () => { this.plan = {}; this.redraw(); } }, tr("choice.clear_shipment"));
  }

  /** Say why a click does nothing, next to the sheet and in the status line. */
  say(text) {
    this.el.note.textContent = text;
    toast(text, "error");
    this.refused();
  }

  /** A die clicked while I decide: set aside as the terrain, banked in the white box, or banked between turns. */
  die(resource) {
    const type = { terrain: "terrain", spend: "bank", bank_between: "bank_between" }[this.pending?.type];
    if (type) this.play({ type, resource });
  }

  /** A place of my sheet clicked while I spend (sheet.js renderSheet's `onPlace`). */
  place(where) {
    this.el.note.textContent = "";
    const { move, say, plan } = placeClicked(this.state.sheets[this.sheetSeat], this.state.pending.terrain, where, this.plan);
    if (move) this.play(move);
    else if (say) this.say(say);
    else { this.plan = plan; this.redraw(); }
  }

  /** Ship the metals planned on the sheet (one shipment a turn: every metal at once). */
  ship() {
    this.play(shipMove(this.catalog, this.plan));
  }

  /** The sheet and the choices drawn again (a shipment planned). */
  redraw() {
    this.draw();
    this.drawChoices();
  }

  figure() {
    return null;
  }

  /** My decision: the dice and my sheet become buttons; its other choices in `choices`. */
  decide({ choices, play }) {
    this.deciding = true;
    this.choices = choices;
    this.play = play;
    this.el.note.textContent = "";
    this.redraw();
  }

  drawChoices() {
    const pending = this.pending;
    if (!this.choices || !pending) return;
    const moves = this.session.moves;
    const button = (move, primary = false) => h("button", { type: "button", class: `choice${primary ? " primary" : ""}`, onclick: () => this.play(move) }, capital(moveWords(this.ctx, move)));
    if (pending.type === "spend") {
      const planned = Object.values(this.plan).some(Boolean);
      fill(this.choices,
        h("div", { class: "choices" }, moves.filter((m) => m.type === "claim").map((m) => button(m)),
          planned ? [this.shipButton(), this.clearButton()] : null,
          button({ type: "end_turn" }, true)));
    } else {
      fill(this.choices, h("p", { class: "muted" }, tr(`choice.${pending.type}_help`)),
        h("div", { class: "choices" }, moves.map((m) => button(m))));
    }
  }

  /** Where the keyboard focus goes when my decision is drawn: the first die to click. */
  focusTarget() {
    return this.pending && this.pending.type !== "spend" ? this.el.dice.querySelector("button.rw-die") : null;
  }

  reset() {
    this.deciding = false;
    this.choices = null;
    this.hint = null;
  }

  idle() {
    this.deciding = false;
    this.draw();
  }

  showHint(option) {
    this.hint = hintMarks(this.catalog, this.state, this.sheetSeat, option.moves);
    this.draw();
    return true;
  }

  hideHint() {
    this.hint = null;
    this.draw();
  }

  refused() {
    const sheet = this.el.mine.firstElementChild;
    sheet?.classList.remove("refused");
    void sheet?.offsetWidth; // restart the flash
    sheet?.classList.add("refused");
  }

  thumbnail() {
    return null; // every sheet is drawn on the table
  }

  /** `seat`'s sheet in a dialog over the game. */
  enlarge(seat) {
    fill(this.el.dialog, h("h2", {}, tr("table.sheet_of", { name: seatLabel(this.ctx, seat) })),
      renderSheet(this.catalog, this.state, seat, {}),
      h("form", { method: "dialog" }, h("button", { type: "submit", class: "primary" }, t("core.words.close"))));
    this.el.dialog.showModal();
  }
}
