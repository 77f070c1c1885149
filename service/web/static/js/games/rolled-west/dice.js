// The dice on the table: the active player's roll with the terrain die set aside, the dice already spent dimmed (the
// state's `rolled` holds the resources left), or the 2-player ghost roll. While the player decides, a die is a
// button: set aside as the terrain, banked in this round's white box, or banked between turns (`onDie`).
import { h, pictured } from "../../core/dom.js";
import { whoOptions } from "../../core/words.js";
import { terrainOf } from "./catalog.js";
import { chip } from "./sheet.js";
import { resourceWords, terrainWords, tr } from "./words.js";

/** The dice of `state` as nodes, each a button when `onDie(index, resource)` is given; `hint`: a die's resource the
 * hint sets aside or banks (outlined); `spent`: the dice the active player spent are dimmed (for the active player:
 * a neighbour may still bank them, rule text: "This does not affect their ability to use the resource themselves"). */
export function renderDice(ctx, { onDie = null, hint = null, spent = true } = {}) {
  const { state, catalog } = ctx;
  if (state.finished) return h("p", { class: "muted" }, tr("dice.none"));
  const ghost = state.phase === "ghost";
  const dice = ghost ? state.ghost_dice : state.dice;
  const aside = ghost ? null : state.terrain_die;
  // the dice of each resource still unspent (the state's `rolled`); the others are dimmed, from the last one back
  const left = { ...(state.rolled || {}) };
  const unspent = dice.map((resource, i) => {
    if (i === aside || ghost || aside === null || !spent) return true;
    if ((left[resource] || 0) > 0) { left[resource] -= 1; return true; }
    return false;
  });
  const die = (resource, i) => {
    const words = tr(i === aside ? "dice.terrain_die" : unspent[i] ? "dice.die" : "dice.spent_die",
      { resource: resourceWords(resource), terrain: terrainWords(terrainOf(catalog, resource)) });
    const cls = `rw-die rw-${resource}${i === aside ? " terrain" : ""}${unspent[i] ? "" : " used"}${hint === resource && i !== aside ? " hinted" : ""}`;
    const face = [chip(resource), h("span", { class: "rw-die-name" }, tr(`resource_name.${resource}`))];
    return onDie ? h("button", { type: "button", class: cls, "data-die": i, "data-resource": resource, title: words, onclick: () => onDie(i, resource) }, pictured(words, face))
      : h("span", { class: cls, "data-die": i, "data-resource": resource, role: "img", "aria-label": words, title: words }, face);
  };
  const heading = ghost ? tr("dice.ghost", { round: state.round }) : tr("dice.roll", { ...whoOptions(ctx, state.active), round: state.round });
  const rolled = dice.map((r, i) => (i === aside ? null : die(r, i)));
  return h("div", { class: "rw-dice-box" },
    h("h3", {}, heading),
    h("div", { class: "rw-dice-row" },
      h("div", { class: "rw-dice" }, rolled),
      aside === null || aside === undefined ? null
        : h("div", { class: "rw-aside" }, h("span", { class: "rw-aside-label" }, tr("dice.aside", { terrain: terrainWords(terrainOf(catalog, dice[aside])) })), die(dice[aside], aside))));
}
