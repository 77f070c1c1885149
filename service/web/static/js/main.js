// The page's router: the URL fragment says which screen to show (#/, #/game/<id>, #/join/<id>/<seat>,
// #/puzzle/<difficulty>[/<date>]). Every screen talks only to the public JSON API.
import { explain } from "./api.js";
import { fill, h } from "./dom.js";
import { showGame } from "./game.js";
import { showJoin } from "./join.js";
import { showPuzzle } from "./puzzle.js";
import { showStart } from "./start.js";

const root = document.getElementById("app");
let stop = null;

async function route() {
  if (stop) {
    stop();
    stop = null;
  }
  const parts = (location.hash.replace(/^#\/?/, "") || "").split("/").filter(Boolean).map(decodeURIComponent);
  document.querySelectorAll("[data-nav]").forEach((a) => a.removeAttribute("aria-current"));
  try {
    if (parts[0] === "game" && parts[1]) {
      document.title = "Wild Tiled West: game";
      stop = await showGame(root, parts[1]);
    } else if (parts[0] === "join" && parts[1]) {
      document.title = "Wild Tiled West: join a game";
      await showJoin(root, parts[1], Number(parts[2] || 0));
    } else if (parts[0] === "puzzle") {
      document.title = "Wild Tiled West: daily puzzle";
      document.querySelector('[data-nav="puzzle"]')?.setAttribute("aria-current", "page");
      await showPuzzle(root, parts[1] || "medium", parts[2] || null);
    } else {
      document.title = "Wild Tiled West";
      document.querySelector('[data-nav="play"]')?.setAttribute("aria-current", "page");
      await showStart(root);
    }
  } catch (error) {
    fill(root, h("section", { class: "panel" }, h("h1", {}, "Something went wrong"), h("p", { class: "refusal" }, explain(error)),
      h("p", {}, h("a", { href: "#/" }, "Back to the start"))));
  }
  document.body.dataset.ready = "true";
  performance.mark("wtw:ready");
}

window.addEventListener("hashchange", () => { document.body.dataset.ready = "false"; route(); });
route();
