// The events of a game in words, newest first (the game's module says each in words).
import { fill, h } from "./dom.js";
import { t } from "./i18n.js";

const SHOWN = 150; // the newest events shown

/** The events of `log` in `host`, newest first, each in the words of `game` (its module). */
export function renderEvents(host, ctx, game, log) {
  const items = [];
  for (let i = log.length - 1; i >= 0 && items.length < SHOWN; i--) {
    const text = game.eventWords(ctx, log[i]);
    if (text) items.push(h("li", { "data-type": log[i].type }, text));
  }
  fill(host, h("h2", {}, t("core.events.title")), h("ol", { class: "events", reversed: true, tabindex: "0", "aria-label": t("core.events.title") }, items));
}
