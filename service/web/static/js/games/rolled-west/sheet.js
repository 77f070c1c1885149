// One player's score sheet, drawn as players know the printed one: the bank boxes per round (white: banked on one's
// own turn; dark: from a neighbour's roll), the four claim rows (numbers, stars, triangles and circles, the majority
// bonuses at the right, the one the player holds circled), the three shipping rows (one- and two-number boxes,
// circled or crossed off, the star at the end), the nine contracts and the 3 x 3 Boomtown offices (circled by their
// owner, crossed off on everyone else's).
// Every number is the catalog's (GET /rolled-west/components) or the state's; the marks are the state's sheets.
// On the player's own sheet, while it spends, every place is a button: `onPlace(place)` says which was clicked.
import { h, pictured } from "../../core/dom.js";
import { listWords } from "../../core/words.js";
import { bonusWords, contractWords, officeWords, resourceWords, terrainWords, tr } from "./words.js";

const SVG = "http://www.w3.org/2000/svg";
const SHAPES = {
  triangle: (svg) => svg.append(el("polygon", { points: "20,3 38,36 2,36" })),
  circle: (svg) => svg.append(el("circle", { cx: 20, cy: 20, r: 17 })),
  cross: (svg) => svg.append(el("line", { x1: 5, y1: 35, x2: 35, y2: 5 })),
};

function el(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

/** A pen mark drawn over a number: a triangle, a circle or a stroke crossing it off. */
function penMark(kind) {
  const svg = el("svg", { viewBox: "0 0 40 40", class: `rw-mark rw-mark-${kind}`, "aria-hidden": "true", preserveAspectRatio: "none" });
  SHAPES[kind](svg);
  return svg;
}

/** A resource as a small coloured die face with its initial (the catalogue's letter), named for screen readers. */
export function chip(resource, extra = "") {
  return h("span", { class: `rw-chip rw-${resource}${extra ? ` ${extra}` : ""}`, role: "img", "aria-label": tr(`resource_name.${resource}`) },
    tr(`letter.${resource}`));
}

/** A place of the sheet: a button on the player's own sheet while it spends (`play`: the click's callback), else a
 * picture with its words. */
function place(cls, attrs, label, play, ...children) {
  if (play) return h("button", { type: "button", class: `rw-place ${cls}`, title: label, onclick: play, ...attrs }, pictured(label, children));
  return h("span", { class: `rw-place ${cls}`, role: "img", "aria-label": label, title: label, ...attrs }, children);
}

/** Which seat circled each contract or office id (`kind`: "contracts" or "offices"). */
function owners(state, kind) {
  const found = new Map();
  state.sheets.forEach((sheet, seat) => sheet[kind].forEach((id) => found.set(id, seat)));
  return found;
}

/** The bank boxes: a white and a dark box per round, the round now outlined. */
function banks(catalog, state, seat, { hint, onPlace }) {
  const sheet = state.sheets[seat];
  const rounds = sheet.white.map((_, i) => i + 1);
  const box = (kind, r) => {
    const held = sheet[kind][r - 1];
    const hinted = hint?.bank && kind === "white" && r === state.round && !held;
    const words = held ? tr(held.spent ? "sheet.bank_spent" : "sheet.bank_held", { resource: resourceWords(held.resource) }) : tr("sheet.bank_empty");
    const label = tr(`sheet.bank_${kind}`, { round: r, words });
    const play = onPlace && r === state.round ? () => onPlace({ kind: "bank", box: kind }) : null;
    return place(`rw-bank rw-bank-${kind}${r === state.round ? " now" : ""}${hinted ? " hinted" : ""}`, { "data-bank": `${kind}:${r}` }, label, play,
      held ? chip(held.resource, held.spent ? "spent" : "") : hinted ? chip(hint.bank, "pencil") : null, held?.spent ? penMark("cross") : null);
  };
  return h("div", { class: "rw-banks" },
    h("span", { class: "rw-banks-label" }, tr("sheet.round")), rounds.map((r) => h("span", { class: `rw-round${r === state.round ? " now" : ""}` }, String(r))),
    h("span", { class: "rw-banks-label" }, tr("sheet.white")), rounds.map((r) => box("white", r)),
    h("span", { class: "rw-banks-label" }, h("span", { class: "rw-people", "aria-hidden": "true" }), tr("sheet.dark")), rounds.map((r) => box("dark", r)));
}

/** A claim row's majority bonuses, 1st and 2nd (`bonuses`: the row's printed numbers), the one the seat holds
 * (`held`: 1, 2 or none) circled: in pencil (dashed) as things stand, in pen once the game is over and it is won. */
function majorityBoxes(bonuses, held, finished) {
  const status = tr(finished ? "sheet.majority_won" : "sheet.majority_standing");
  return h("span", { class: "rw-majority", title: tr("sheet.majority_title") }, bonuses.map((points, i) => {
    const place = i + 1;
    const mine = held === place;
    const label = [tr(place === 1 ? "sheet.majority_first" : "sheet.majority_second", { count: points }), mine ? status : null].filter(Boolean).join(", ");
    return h("span", { class: `rw-bonus${mine ? ` held${finished ? "" : " standing"}` : ""}`, role: "img", "aria-label": label, title: label,
      "data-place": place, "data-held": mine ? (finished ? "won" : "standing") : "" },
    h("small", {}, tr(place === 1 ? "sheet.first" : "sheet.second")), h("span", { class: "rw-number" }, String(points), mine ? penMark("circle") : null));
  }));
}

/** The claim rows: each space's number and star, its triangle or circle; the terrain of the turn outlined; the
 * majority bonus the seat holds circled (the state's `majority_places`), said to be as things stand before the end. */
function claims(catalog, state, seat, { terrain, hint, onPlace }) {
  const sheet = state.sheets[seat];
  const resourceOf = Object.fromEntries(Object.entries(catalog.dice.terrain).map(([r, row]) => [row, r]));
  const held = state.majority_places?.[seat] || {};
  const standing = !state.finished && Object.keys(held).length > 0;
  return h("div", { class: "rw-claims" },
    h("h4", {}, tr("sheet.claims"), standing ? h("span", { class: "rw-standing" }, tr("sheet.majority_note")) : null),
    catalog.claim_rows.map((row) => {
      const marks = sheet.claims[row.terrain];
      const hinted = hint?.claim?.terrain === row.terrain ? hint.claim.spaces : [];
      return h("div", { class: `rw-claim-row${row.terrain === terrain ? " now" : ""}`, "data-terrain": row.terrain },
        h("span", { class: "rw-row-label" }, chip(resourceOf[row.terrain]), h("span", { class: "rw-label-words" }, " ", tr(`terrain_name.${row.terrain}`))),
        h("div", { class: "rw-spaces" }, row.numbers.map((n, i) => {
          const mark = marks[i];
          const parts = [n ? tr("sheet.points", { count: n }) : tr("sheet.no_number"), row.stars[i] ? tr("sheet.star") : null,
            mark ? tr(`sheet.${mark}`) : null].filter(Boolean);
          const label = tr("sheet.space", { terrain: terrainWords(row.terrain), number: i + 1, words: parts.join(", ") });
          const play = onPlace ? () => onPlace({ kind: "claim", terrain: row.terrain, index: i }) : null;
          return place(`rw-space${row.stars[i] ? " star" : ""}${hinted.includes(i) ? " hinted" : ""}`,
            { "data-claim": `${row.terrain}:${i}`, "data-mark": mark }, label, play,
            h("span", { class: "rw-number" }, n ? String(n) : ""), mark ? penMark(mark) : null);
        })),
        majorityBoxes(row.majority, held[row.terrain], state.finished));
    }));
}

/** The shipping rows: the boxes checked leftmost first, each number circled (or the higher one of a two-number box
 * crossed off when an opponent shipped it first), the star at the end circled when the row is complete. */
function shipping(catalog, state, seat, { plan, hint, onPlace, onShip }) {
  const sheet = state.sheets[seat];
  return h("div", { class: "rw-shipping" },
    h("h4", {}, tr("sheet.shipping")),
    catalog.shipping_rows.map((row) => {
      const checked = sheet.shipping[row.metal];
      const planned = (plan?.[row.metal] || 0) + checked.length;
      const hinted = (hint?.ship?.[row.metal] || 0) + checked.length;
      const firstTaken = (i) => state.sheets.some((other, s) => s !== seat && other.shipping[row.metal][i] === row.boxes[i][0]);
      const boxes = row.boxes.map((numbers, i) => {
        const done = i < checked.length;
        const circled = done ? checked[i] : null;
        const crossed = numbers.length === 2 && ((done && circled !== numbers[0]) || (!done && firstTaken(i)));
        const words = [numbers.join(" | "), row.stars[i] ? tr("sheet.star") : null, done ? tr("sheet.checked", { count: circled }) : null,
          crossed ? tr("sheet.crossed", { count: numbers[0] }) : null].filter(Boolean).join(", ");
        const label = tr("sheet.box", { metal: tr(`metal.${row.metal}`), number: i + 1, words });
        const play = onPlace ? () => onPlace({ kind: "ship", metal: row.metal, index: i, checked: checked.length }) : null;
        return place(`rw-box${row.stars[i] ? " star" : ""}${done ? " checked" : ""}${!done && i < planned ? " planned" : ""}${!done && i < hinted ? " hinted" : ""}`,
          { "data-ship": `${row.metal}:${i}`, "data-mark": done ? "checked" : "" }, label, play,
          numbers.map((n, k) => h("span", { class: "rw-number" }, String(n),
            done && n === circled && (k === 0 || crossed) ? penMark("circle") : null,
            k === 0 && crossed ? penMark("cross") : null)));
      });
      const complete = checked.length === row.boxes.length;
      return h("div", { class: "rw-ship-row", "data-metal": row.metal },
        h("span", { class: "rw-row-label" }, chip(row.metal), h("span", { class: "rw-label-words" }, " ", tr(`metal.${row.metal}`))),
        h("div", { class: "rw-boxes" }, boxes),
        h("span", { class: `rw-row-star${complete ? " circled" : ""}`, role: "img", "aria-label": tr(complete ? "sheet.row_star_circled" : "sheet.row_star") }, "★",
          complete ? penMark("circle") : null));
    }),
    onShip ? onShip : null);
}

/** The nine contracts: points and the metals each takes; circled by its owner, crossed off on the others' sheets. */
function contracts(catalog, state, seat, { hint, onPlace }) {
  const owner = owners(state, "contracts");
  return h("div", { class: "rw-contracts" },
    h("h4", {}, tr("sheet.contracts")),
    h("div", { class: "rw-contract-grid" }, catalog.contracts.map((c) => {
      const who = owner.get(c.id);
      const mark = who === undefined ? "" : who === seat ? "mine" : "taken";
      const label = [contractWords(catalog, c.id), mark ? tr(`sheet.${mark}`) : null].filter(Boolean).join(", ");
      const play = onPlace ? () => onPlace({ kind: "contract", id: c.id }) : null;
      return place(`rw-contract${hint?.contract === c.id ? " hinted" : ""}`, { "data-contract": c.id, "data-mark": mark }, label, play,
        h("span", { class: "rw-points" }, String(c.points)),
        h("span", { class: "rw-cost" }, Object.entries(c.metals).map(([m, n]) => h("span", { class: "rw-cost-item" }, `${n}×`, chip(m)))),
        mark ? penMark(mark === "mine" ? "circle" : "cross") : null);
    })));
}

/** The Boomtown offices: a 3 x 3 grid, each office costing the metal of its row and the metal of its column. */
function offices(catalog, state, seat, { hint, onPlace }) {
  const owner = owners(state, "offices");
  const metals = catalog.metals;
  return h("div", { class: "rw-offices" },
    h("h4", {}, tr("sheet.offices")),
    h("div", { class: "rw-office-grid" },
      h("span", {}), metals.map((m) => h("span", { class: "rw-office-head" }, chip(m))),
      metals.map((row) => [h("span", { class: "rw-office-head" }, chip(row)), metals.map((column) => {
        const office = catalog.offices.find((o) => o.row === row && o.column === column);
        const who = owner.get(office.id);
        const mark = who === undefined ? "" : who === seat ? "mine" : "taken";
        const label = [officeWords(catalog, office.id), mark ? tr(`sheet.${mark}`) : null].filter(Boolean).join(", ");
        const play = onPlace ? () => onPlace({ kind: "office", id: office.id }) : null;
        return place(`rw-office${hint?.office === office.id ? " hinted" : ""}`, { "data-office": office.id, "data-mark": mark }, label, play,
          h("span", { class: "rw-bonus-words" }, bonusWords(office)), mark ? penMark(mark === "mine" ? "circle" : "cross") : null);
      })])));
}

/**
 * `seat`'s score sheet in `state`, as a node. Options: `title` (its heading), `terrain` (the turn's claim row,
 * outlined), `plan` (a shipment being chosen, `{metal: n}`), `hint` (a hint option on the sheet: `{claim: {terrain,
 * spaces}, contract, office, ship: {metal: n}, bank: resource}`), `onPlace(place)` (the sheet's places are buttons:
 * `{kind: "claim", terrain, index}`, `{kind: "contract", id}`, `{kind: "office", id}`, `{kind: "ship", metal, index,
 * checked}`, `{kind: "bank", box}`), `onShip` (a node under the shipping rows: the shipment's button).
 */
export function renderSheet(catalog, state, seat, options = {}) {
  const { title, mine } = options;
  return h("section", { class: `rw-sheet${mine ? " mine" : ""}${options.onPlace ? " playing" : ""}`, "data-seat": seat, "aria-label": title },
    title ? h("h3", { class: "rw-sheet-title" }, title) : null,
    banks(catalog, state, seat, options),
    claims(catalog, state, seat, options),
    h("div", { class: "rw-lower" },
      shipping(catalog, state, seat, options),
      contracts(catalog, state, seat, options),
      offices(catalog, state, seat, options)));
}

/** What a hint option (its moves) marks on the sheet of `seat` in `state` (renderSheet's `hint`), and the die it
 * banks or sets aside. */
export function hintMarks(catalog, state, seat, moves) {
  const marks = { ship: null };
  let terrain = state.pending?.terrain;
  for (const move of moves) {
    if (move.type === "terrain") { marks.terrain = move.resource; terrain = catalog.dice.terrain[move.resource]; }
    if (move.type === "claim" && terrain) {
      const first = state.sheets[seat].claims[terrain].indexOf("");
      marks.claim = { terrain, spaces: move.kind === "settlement" ? [first, first + 1] : [first] };
    }
    if (move.type === "contract") marks.contract = move.contract;
    if (move.type === "office") marks.office = move.office;
    if (move.type === "ship") marks.ship = Object.fromEntries(catalog.metals.map((m) => [m, move[m]]));
    if (move.type === "bank") marks.bank = move.resource;
    if (move.type === "bank_between") marks.between = move.resource;
  }
  return marks;
}

/** A shipment in words for its button: "Ship 2 copper and a gold". */
export const shipmentWords = (plan) => tr("choice.ship", { metals: listWords(Object.entries(plan).filter(([, n]) => n).map(([m, n]) => resourceWords(m, n))) });
