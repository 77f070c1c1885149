// The two combined tile trays: each stack's top tile, the copies left and the slot's gold cost; the dice on their
// slots (prairie dice at the ends of the rows, river dice at the ends of the river columns); the stacks a draft
// can take highlighted, each a button.
import { h } from "../../core/dom.js";
import { t } from "../../core/i18n.js";
import { capital } from "../../core/words.js";
import { describeTile, tilePicture } from "./catalog.js";
import { slotWords } from "./words.js";

/**
 * Draw the trays of `state` in `host`. `draftable`: slot -> the draft moves taking its stack (highlighted, clickable);
 * `onStack(slot)`: a stack button pressed; `selected`: the slot chosen.
 */
export function renderTrays(host, catalog, state, { draftable = new Map(), onStack = () => {}, selected = null } = {}) {
  const trays = catalog.trays;
  const stacks = state.trays?.stacks || {};
  const dice = new Map();
  for (const die of state.dice || []) {
    if (die.slot !== null && die.slot !== undefined && !die.used) dice.set(`${die.kind}:${die.slot}`, die);
  }
  // Which stacks each die reaches (the draft choices using it): shown while the pointer or the focus is on the die.
  const reach = new Map();
  for (const moves of draftable.values()) for (const m of moves) if (m.die !== undefined) reach.set(m.die, [...(reach.get(m.die) || []), m.slot]);
  const showReach = (die, on) => {
    for (const slot of reach.get(die) || []) host.querySelector(`.stack[data-slot="${slot}"]`)?.classList.toggle("reach", on);
  };
  const dieAt = (kind, number) => {
    const die = dice.get(`${kind}:${number}`);
    const reached = die ? (reach.get(die.id) || []) : [];
    const label = die
      ? t(reached.length ? "wild-tiled-west.trays.die_reaches" : "wild-tiled-west.trays.die", { kind: t(`wild-tiled-west.die.${kind}`), value: die.value, slot: number, reached: reached.map((s) => slotWords(catalog, s)).join("; ") })
      : t("wild-tiled-west.trays.slot_empty", { kind: t(`wild-tiled-west.die.${kind}`), slot: number });
    return h("div", {
      class: `slot ${kind}${die ? " has-die" : ""}`, title: label, role: "img", "aria-label": label, "data-die": die ? die.id : null,
      tabindex: reached.length ? "0" : null,
      onmouseenter: die ? () => showReach(die.id, true) : null, onmouseleave: die ? () => showReach(die.id, false) : null,
      onfocus: die ? () => showReach(die.id, true) : null, onblur: die ? () => showReach(die.id, false) : null,
    }, die ? h("span", { class: `die ${kind}` }, String(die.value)) : h("span", { class: "slot-number" }, String(number)));
  };
  host.replaceChildren();
  for (const tray of ["left", "right"]) {
    const grid = h("div", { class: "tray", role: "group", "aria-label": t("wild-tiled-west.trays.tray", { tray: t(`wild-tiled-west.slot.${tray}`) }) });
    const river = (row, end) => {
      const cells = [h("div", { class: "corner" })];
      for (let col = 0; col < trays.cols; col++) {
        const slot = trays.river_slots.find((s) => s.tray === tray && s.col === col && s.end === end);
        cells.push(slot ? dieAt("river", slot.number) : h("div", { class: "corner" }));
      }
      cells.push(h("div", { class: "corner" }));
      return cells;
    };
    grid.append(...river(-1, "top"));
    for (let row = 0; row < trays.rows; row++) {
      const leftSlot = trays.prairie_slots.find((s) => s.tray === tray && s.row === row && s.end === "left");
      const rightSlot = trays.prairie_slots.find((s) => s.tray === tray && s.row === row && s.end === "right");
      grid.append(leftSlot ? dieAt("prairie", leftSlot.number) : h("div", { class: "corner" }));
      for (let col = 0; col < trays.cols; col++) {
        const slotKey = `${tray}:${row},${col}`;
        const info = trays.slots.find((s) => s.tray === tray && s.row === row && s.col === col);
        const stack = stacks[slotKey] || [];
        const moves = draftable.get(slotKey) || [];
        const top = stack[0];
        const words = top
          ? capital(t(info?.cost ? "wild-tiled-west.trays.stack_cost" : "wild-tiled-west.trays.stack", { slot: slotWords(catalog, slotKey), tile: describeTile(catalog, top), count: stack.length, cost: info?.cost }))
          : capital(t("wild-tiled-west.trays.stack_empty", { slot: slotWords(catalog, slotKey) }));
        const cell = h(moves.length ? "button" : "div", {
          class: `stack${info?.on_river ? " river" : ""}${moves.length ? " draftable" : ""}${selected === slotKey ? " selected" : ""}${top ? "" : " empty"}`,
          "data-slot": slotKey,
          title: words,
          "aria-label": moves.length ? t("wild-tiled-west.trays.draft_it", { words }) : words,
          role: moves.length ? null : "img",
          type: moves.length ? "button" : null,
          onclick: moves.length ? () => onStack(slotKey) : null,
        },
        top ? h("img", { src: tilePicture(top), alt: "", draggable: "false" }) : null,
        top ? h("span", { class: "count", "aria-hidden": "true" }, `×${stack.length}`) : null,
        info?.cost ? h("span", { class: "cost", "aria-hidden": "true" }, `${info.cost}`) : null);
        grid.append(cell);
      }
      grid.append(rightSlot ? dieAt("prairie", rightSlot.number) : h("div", { class: "corner" }));
    }
    grid.append(...river(trays.rows, "bottom"));
    host.append(grid);
  }
}
