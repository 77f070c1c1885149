// How to play (issue 37), the same for every game: the rules page (#/how-to-play[/<entry>]), the entry dialog that a
// tap on a named thing of the game screen opens over the game (the game stays in place), and the frame of the
// first-game guide. The words are the game's: its module's `howTo` (core/games.js) gives them as plain data, which
// this module lays out; its own words are the catalogue's "how-to-play" section.
//
// A game's content, `howTo.content(catalog)`:
//   {title, sections: [{key, title, body}], groups: [{key, title, intro, entries: [{key, title, summary, body}]}]}
// `key`s are unique over sections and entries (they name them in the page's address); a `body` is a list of
// blocks: a string (a paragraph), {list: [strings]}, or {table: {caption, head: [strings], rows: [[strings]]}}.
// `summary` is one line (an entry link's tooltip).
import { fill, h } from "./dom.js";
import { gameInUse, gameModule, loadGame } from "./games.js";
import { language, t } from "./i18n.js";

const GUIDE_KEY = "wtw.howto.guide-closed."; // + the game's id: "1" once the player closed its first-game guide

const contents = new Map(); // `${game.id}/${language}` -> {content, byKey}

/** The content of the game in use (core/games.js loadGame: the screen's), in the page's language: {content, byKey:
 * Map(key -> section or entry)}. */
function current() {
  const shown = gameInUse();
  if (!shown) throw new Error("How to play: no game in use (core/games.js loadGame)");
  const id = `${shown.game.id}/${language()}`;
  if (!contents.has(id)) {
    const content = shown.game.howTo.content(shown.catalog);
    const byKey = new Map();
    for (const section of content.sections) byKey.set(section.key, section);
    for (const group of content.groups) for (const entry of group.entries) byKey.set(entry.key, entry);
    contents.set(id, { content, byKey });
  }
  return contents.get(id);
}

/** The section or entry `key` of the game in use, or null. */
export function entryOf(key) {
  return current().byKey.get(key) || null;
}

/** A block of a body as nodes (see the top of this file). */
function block(item) {
  if (typeof item === "string") return h("p", {}, item);
  if (item.list) return h("ul", {}, item.list.map((line) => h("li", {}, line)));
  if (item.table) {
    const { caption, head, rows } = item.table;
    return h("div", { class: "howto-table" }, h("table", {},
      h("caption", {}, caption),
      h("thead", {}, h("tr", {}, head.map((cell) => h("th", { scope: "col" }, cell)))),
      h("tbody", {}, rows.map((row) => h("tr", {}, row.map((cell, i) => (i ? h("td", {}, cell) : h("th", { scope: "row" }, cell))))))));
  }
  return null;
}

/**
 * A button that opens entry `key` in the dialog, showing `label` (text or nodes) as a dotted name, its tooltip the
 * entry's summary. A key the game has no entry for gives `label` alone (a plain span), so a screen never shows a
 * dead link.
 */
export function entryLink(key, label, attrs = {}) {
  const entry = gameInUse() ? entryOf(key) : null;
  if (!entry) return h("span", {}, label);
  return h("button", { type: "button", class: "entry-link", "aria-haspopup": "dialog", "data-entry": key,
    title: entry.summary || entry.title, onclick: (event) => openEntry(key, event.currentTarget), ...attrs }, label);
}

/** The dialog of the page (made once): a modal <dialog> (focus kept inside, Escape closes it). */
function dialog() {
  let node = document.getElementById("howto-dialog");
  if (!node) {
    node = h("dialog", { id: "howto-dialog", class: "howto-dialog", "aria-labelledby": "howto-dialog-title" });
    node.addEventListener("close", () => {
      const back = node.opener;
      node.opener = null;
      if (back?.isConnected) back.focus();
    });
    node.addEventListener("click", (event) => { if (event.target === node) node.close(); }); // a tap on the backdrop
    document.body.append(node);
  }
  return node;
}

/**
 * Open entry (or section) `key` of the game in use in the dialog, over the screen; `opener` gets the focus back when
 * it closes (Escape, its Close button or a tap outside). Returns false when the game has no such entry.
 */
export function openEntry(key, opener = document.activeElement) {
  const entry = entryOf(key);
  if (!entry) return false;
  const node = dialog();
  const close = h("button", { type: "button", class: "primary", onclick: () => node.close() }, t("how-to-play.close"));
  fill(node,
    h("h2", { id: "howto-dialog-title" }, entry.title),
    h("div", { class: "howto-body" }, entry.body.map(block)),
    h("div", { class: "howto-dialog-tools" },
      h("a", { href: howToHref(key), onclick: () => node.close() }, t("how-to-play.more")), close));
  node.opener = opener;
  if (!node.open) node.showModal();
  close.focus();
  return true;
}

/** The address of How to play at `key` (a section or entry; null: its top) of the game in use: `#/how-to-play/<key>`
 * for the default game, `#/how-to-play/<game id>/<key>` for another (core/games.js). */
export function howToHref(key = null) {
  const shown = gameInUse()?.game;
  const parts = [shown && shown.id !== gameModule().id ? shown.id : null, key].filter(Boolean);
  return `#/how-to-play${parts.map((p) => `/${encodeURIComponent(p)}`).join("")}`;
}

/**
 * The How to play page in `root` of the game `gameId` (null: the game in use, else the default game): its sections,
 * then its groups of entries, with a table of contents; `key` (a section or entry) is scrolled to and gets the focus.
 */
export async function showHowTo(root, key = null, gameId = null) {
  await loadGame(gameId ? gameModule(gameId) : gameInUse()?.game || gameModule());
  const { content } = current();
  const link = (item) => h("a", { href: howToHref(item.key) }, item.title);
  const heading = (level, item) => h(level, { id: `howto-${item.key}`, tabindex: "-1" }, item.title);
  const top = h("a", { class: "howto-top", href: howToHref() }, t("how-to-play.top"));
  fill(root, h("article", { class: "howto-page" },
    h("header", { class: "panel" },
      h("h1", { id: "howto-top", tabindex: "-1" }, t("how-to-play.title", { game: content.title })),
      h("p", {}, t("how-to-play.intro")),
      key && !entryOf(key) ? h("p", { class: "refusal", role: "status" }, t("how-to-play.unknown")) : null,
      h("nav", { class: "howto-contents", "aria-labelledby": "howto-contents" },
        h("h2", { id: "howto-contents" }, t("how-to-play.contents")),
        h("ol", {},
          h("li", {}, h("strong", {}, t("how-to-play.rules")), h("ol", {}, content.sections.map((s) => h("li", {}, link(s))))),
          content.groups.map((g) => h("li", {}, link(g)))))),
    content.sections.map((section) => h("section", { class: "panel howto-section", "data-key": section.key },
      heading("h2", section), section.body.map(block), top.cloneNode(true))),
    content.groups.map((group) => h("section", { class: "panel howto-group", "data-key": group.key },
      heading("h2", group), group.intro ? h("p", {}, group.intro) : null,
      group.entries.map((entry) => h("article", { class: "howto-entry", "data-key": entry.key },
        heading("h3", entry), entry.body.map(block))),
      top.cloneNode(true)))));
  const target = key && document.getElementById(`howto-${key}`);
  (target || document.getElementById("howto-top")).focus({ preventScroll: !target });
  if (target) target.scrollIntoView({ block: "start" });
  else window.scrollTo(0, 0);
}

/** Whether the player closed `game`'s first-game guide (it does not come back). */
export const guideClosed = (game) => localStorage.getItem(GUIDE_KEY + game.id) === "1";

/**
 * The frame of `game`'s first-game guide on the game screen: `{node, update(ctx)}`. `update` asks the game's
 * `howTo.guide(ctx)` for the steps to show now (`{steps: [{title, text}], current, section}`: `current` the step
 * under way, steps before it done; `section` the How to play section that writes them out; null: no guide now) and draws them; once the player closes it, it stays closed (localStorage).
 */
export function mountGuide(game) {
  const node = h("section", { class: "guide", "aria-labelledby": "guide-title", hidden: true });
  let drawn = "";
  const close = () => {
    localStorage.setItem(GUIDE_KEY + game.id, "1");
    node.hidden = true;
    fill(node);
    document.getElementById("decision-title")?.focus();
  };
  return {
    node,
    update(ctx) {
      const guide = guideClosed(game) ? null : game.howTo.guide(ctx);
      if (!guide) {
        node.hidden = true;
        fill(node);
        drawn = "";
        return;
      }
      const id = `${language()}/${guide.current}`;
      if (id === drawn) return;
      drawn = id;
      node.hidden = false;
      fill(node,
        h("div", { class: "guide-head" },
          h("h2", { id: "guide-title" }, t("how-to-play.guide.title")),
          h("button", { type: "button", class: "small guide-close", "aria-label": t("how-to-play.guide.closeLabel"), onclick: close },
            t("how-to-play.guide.close"))),
        h("p", { class: "muted" }, t("how-to-play.guide.intro")),
        h("ol", { class: "guide-steps" }, guide.steps.map((step, i) => h("li", {
          class: i < guide.current ? "done" : i === guide.current ? "now" : "later",
          "aria-current": i === guide.current ? "step" : null },
        h("strong", {}, step.title),
        i === guide.current ? h("span", { class: "guide-tag" }, ` (${t("how-to-play.guide.now")})`) : null,
        i < guide.current ? h("span", { class: "guide-tag" }, ` (${t("how-to-play.guide.done")})`) : null,
        i === guide.current ? h("p", {}, step.text) : null))),
        guide.section ? h("p", {}, h("a", { href: howToHref(guide.section) }, t("how-to-play.guide.rules"))) : null);
    },
  };
}
