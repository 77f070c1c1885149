// An invitation link (#/join/<game>/<seat>): the game's seats, and joining the open one under a name.
import { explain, get } from "./api.js";
import { fill, h } from "./dom.js";
import { gameOf } from "./games.js";
import { join } from "./start.js";
import { playerName, seatTokens } from "./store.js";
import { t } from "./i18n.js";
import { personName } from "./words.js";

export async function showJoin(root, gameId, seat) {
  if (seatTokens(gameId)[seat]) {
    location.hash = `#/game/${gameId}`;
    return;
  }
  let state;
  try {
    state = (await get(`/games/${gameId}`)).data;
  } catch (error) {
    fill(root, h("section", { class: "panel" }, h("h1", {}, "Invitation"), h("p", { class: "refusal" }, explain(error))));
    return;
  }
  const game = gameOf(state);
  const catalog = await game.load();
  const open = state.seats[seat]?.open;
  const name = h("input", { id: "join-name", maxlength: 40, value: playerName(), autocomplete: "nickname", required: true });
  fill(root, h("section", { class: "panel join" },
    h("h1", {}, `Join a ${state.players.length}-player game of ${game.title}`),
    h("ul", {}, state.seats.map((s) => h("li", {}, `${personName(null, s.seat)}: `, s.open ? h("em", {}, "open") : personName(s, s.seat),
      ` — ${game.seatWords(catalog, state, s.seat)}`, s.seat === seat ? h("strong", {}, " ← your invitation") : null))),
    open
      ? h("form", { onsubmit: (e) => { e.preventDefault(); join(gameId, seat, name); } },
        h("label", { for: "join-name" }, "Your name "), name, " ",
        h("button", { type: "submit", class: "primary" }, t("core.start.join_seat", { number: seat + 1 })))
      : h("p", { class: "refusal" }, "This seat is taken already."),
    h("p", {}, h("a", { href: `#/game/${gameId}` }, "Watch the game"), " · ", h("a", { href: "#/" }, "Start page"))));
  name.focus();
}
