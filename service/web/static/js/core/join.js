// An invitation link (#/join/<game>/<seat>): the game's seats, and joining the open one under a name.
import { explain, get } from "./api.js";
import { fill, h } from "./dom.js";
import { gameOf, loadGame } from "./games.js";
import { join } from "./start.js";
import { seatTitle } from "./seats.js";
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
    fill(root, h("section", { class: "panel" }, h("h1", {}, t("core.join.invitation")), h("p", { class: "refusal" }, explain(error))));
    return;
  }
  const game = gameOf(state);
  const catalog = await loadGame(game);
  const open = state.seats[seat]?.open;
  const name = h("input", { id: "join-name", maxlength: 40, value: playerName(), autocomplete: "nickname", required: true });
  fill(root, h("section", { class: "panel join" },
    h("h1", {}, t("core.join.title", { count: state.players.length, title: game.title })),
    h("ul", {}, state.seats.map((s) => h("li", {}, t("core.join.seat", { seat: personName(null, s.seat) }), s.open ? h("em", {}, t("core.join.open")) : seatTitle(s, s.seat),
      ` — ${game.seatWords(catalog, state, s.seat)}`, s.seat === seat ? h("strong", {}, t("core.join.yours")) : null))),
    open
      ? h("form", { onsubmit: (e) => { e.preventDefault(); join(gameId, seat, name); } },
        h("label", { for: "join-name" }, t("core.start.your_name"), " "), name, " ",
        h("button", { type: "submit", class: "primary" }, t("core.start.join_seat", { number: seat + 1 })))
      : h("p", { class: "refusal" }, t("core.join.taken")),
    h("p", {}, h("a", { href: `#/game/${gameId}` }, t("core.join.watch")), " · ", h("a", { href: "#/" }, t("core.words.start_page")))));
  name.focus();
}
