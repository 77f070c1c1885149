// The page's router: the URL fragment says which screen to show (#/, #/game/<id>, #/join/<id>/<seat>,
// #/puzzle/[<game id>/]<difficulty>[/<date>], #/how-to-play[/<game id>][/<entry>], #/replay/<id>[/<moves played>]). Every screen talks only to the public JSON API. The router installs the games'
// registry (games/index.js) in the core (core/games.js), which reaches a game only through it.
import { explain } from "./core/api.js";
import { fill, h } from "./core/dom.js";
import { allGames, gameModule, installGames } from "./core/games.js";
import { showHowTo } from "./core/howto.js";
import { showJoin } from "./core/join.js";
import { showPuzzle } from "./core/puzzle.js";
import { showReplay } from "./core/replay.js";
import { showGame } from "./core/session.js";
import { showStart } from "./core/start.js";
import { LANGUAGES, language, setLanguage, startLanguages, t } from "./core/i18n.js";
import { DEFAULT_GAME, GAMES } from "./games/index.js";

installGames(GAMES, DEFAULT_GAME);
const title = gameModule().title;
let stop = null; // what ends the screen shown (its event stream, timers and keys), or null
let shown = 0; // how many screens were asked for: a screen still loading when the next is asked for is dropped

/** A new, empty #app in place of the old one (none of its data- attributes): a screen still loading draws into the
 * old one, out of the page. */
function freshRoot() {
  const root = h("main", { id: "app", tabindex: "-1" });
  document.getElementById("app").replaceWith(root);
  return root;
}

/** The top bar's words in the page's language, and its language switch. */
function drawTopbar() {
  document.querySelector('[data-nav="play"]').textContent = t("core.nav.play");
  document.querySelector('[data-nav="puzzle"]').textContent = t("core.nav.puzzle");
  document.querySelector('[data-nav="api"]').textContent = t("core.nav.api");
  document.querySelector('[data-nav="howto"]').textContent = t("how-to-play.nav");
  document.querySelector(".skip").textContent = t("core.nav.skip");
  document.querySelector('nav[aria-label]').setAttribute("aria-label", t("core.nav.main"));
  const label = document.querySelector('label[for="language"]');
  label.textContent = t("core.nav.language");
  const select = document.getElementById("language");
  fill(select, Object.entries(LANGUAGES).map(([code, name]) => h("option", { value: code, lang: code }, name)));
  select.value = language();
}

async function route() {
  const mine = ++shown;
  if (stop) {
    stop();
    stop = null;
  }
  const root = freshRoot();
  /** Keep the screen's `end` while it is the one shown; end it at once when another was asked for meanwhile. */
  const keep = (end) => {
    if (mine === shown) stop = end ?? null;
    else end?.();
  };
  const parts = (location.hash.replace(/^#\/?/, "") || "").split("/").filter(Boolean).map(decodeURIComponent);
  document.querySelectorAll("[data-nav]").forEach((a) => a.removeAttribute("aria-current"));
  try {
    if (parts[0] === "game" && parts[1]) {
      document.title = t("core.titles.game", { title });
      keep(await showGame(root, parts[1]));
    } else if (parts[0] === "replay" && parts[1]) {
      document.title = t("replay.title", { title });
      keep(await showReplay(root, parts[1], parts[2] === undefined ? null : Number(parts[2])));
    } else if (parts[0] === "join" && parts[1]) {
      document.title = t("core.titles.join", { title });
      await showJoin(root, parts[1], Number(parts[2] || 0));
    } else if (parts[0] === "puzzle") {
      document.title = t("core.titles.puzzle", { title });
      document.querySelector('[data-nav="puzzle"]')?.setAttribute("aria-current", "page");
      const other = allGames().some((g) => g.id === parts[1]); // #/puzzle/<game id>/<difficulty>[/<date>]: another game's
      await showPuzzle(root, (other ? parts[2] : parts[1]) || "medium", (other ? parts[3] : parts[2]) || null, other ? parts[1] : null);
    } else if (parts[0] === "how-to-play") {
      document.title = t("how-to-play.pageTitle", { title });
      document.querySelector('[data-nav="howto"]')?.setAttribute("aria-current", "page");
      const other = allGames().some((g) => g.id === parts[1]); // #/how-to-play/<game id>[/<entry>]: another game's
      await showHowTo(root, (other ? parts[2] : parts[1]) || null, other ? parts[1] : null);
    } else {
      document.title = title;
      document.querySelector('[data-nav="play"]')?.setAttribute("aria-current", "page");
      await showStart(root);
    }
  } catch (error) {
    if (mine !== shown) return;
    fill(root, h("section", { class: "panel" }, h("h1", {}, t("core.error.title")), h("p", { class: "refusal" }, explain(error)),
      h("p", {}, h("a", { href: "#/" }, t("core.error.back")))));
  }
  if (mine !== shown) return; // a later screen was asked for: it says when it is ready
  document.body.dataset.route = location.hash; // what is drawn: a test waits for the page of the hash it went to
  document.body.dataset.ready = "true";
  performance.mark("wtw:ready");
}

window.addEventListener("hashchange", () => { document.body.dataset.ready = "false"; route(); });
await startLanguages();
drawTopbar();
document.getElementById("language").addEventListener("change", async (event) => {
  await setLanguage(event.target.value);
  drawTopbar();
  document.body.dataset.ready = "false";
  await route();
});
route();
