// The start page: a new game (seats: me, an open seat to invite someone, or a bot; the game's own choices for each
// seat and for the game), my games, the open games of the lobby to join, and the daily puzzles.
import { explain, get, post } from "./api.js";
import { fill, h, toast } from "./dom.js";
import { allGames, canShow, gameModule, gameOf, loadGame } from "./games.js";
import { language, t } from "./i18n.js";
import { botOfName, listWords, personName } from "./words.js";
import { seatTitle } from "./seats.js";
import { puzzleHref } from "./puzzle.js";
import { forgetGame, keepPlayerName, keepSeat, myGames, playerName } from "./store.js";

const LOBBY_PAGE = 20; // open games asked for at a time

/** Who may play a seat: the form's value and its words' key ("core.start.who.<key>"). */
const WHO = [
  ["me", "me"],
  ["open", "open"],
  ["bot:random", "random"],
  ["bot:greedy", "greedy"],
  ["bot:hint:200", "hint_quick"],
  ["bot:hint", "hint"],
  ["bot:search", "search"],
];

/** The bots each game offers (`GET /games/catalog`: game id -> the names of its bots), asked once per page; null
 * when the server could not say (every bot choice is then offered, and the server refuses one the game lacks). */
let houseBots = null;
async function botsOfGames() {
  if (!houseBots) {
    houseBots = get("/games/catalog").then((r) => new Map(r.data.games.map((g) => [g.id, Object.keys(g.bots)])), () => null);
  }
  return houseBots;
}

/** The start page in `root` (the default game's words: core/games.js; the new game form offers every game). */
export async function showStart(root) {
  const game = gameModule();
  const catalog = await loadGame(game);
  const lobby = h("div", { class: "lobby-list", "aria-live": "polite" });
  const puzzles = allGames().filter((g) => g.puzzle); // a game without a daily puzzle has `puzzle: null`
  fill(root, h("div", { class: "start" },
    h("section", { class: "intro" }, h("h1", {}, game.title), h("p", {}, game.intro),
      h("p", { class: "howto-link" }, h("a", { href: "#/how-to-play" }, t("how-to-play.startLink")))),
    newGameForm(game, catalog),
    h("section", { class: "panel my-games" }, h("h2", {}, t("core.start.my_games")), myGamesList()),
    h("section", { class: "panel lobby" }, h("h2", {}, t("core.start.open_games")),
      h("p", { class: "muted" }, t("core.start.lobby_intro")),
      h("label", {}, t("core.start.your_name"), " ", h("input", { id: "lobby-name", maxlength: 40, value: playerName(), autocomplete: "nickname" })),
      h("button", { type: "button", class: "small", onclick: () => fillLobby(lobby) }, t("core.start.refresh")),
      lobby),
    puzzles.length ? h("section", { class: "panel puzzles-card" }, h("h2", {}, t("core.nav.puzzle")),
      puzzles.map((g) => h("div", { class: "puzzle-offer", "data-game": g.id }, h("h3", {}, g.title), h("p", {}, g.puzzle.intro),
        h("div", { class: "choices" }, ["easy", "medium", "hard"].map((d) => h("a", { class: "button", href: puzzleHref(g === game ? null : g.id, d) }, t(`core.difficulty.${d}`))))))) : null));
  fillLobby(lobby);
}

/** The name the server gives a seat left unnamed, in the page's words: "Hint bot" for `bot:hint:200`, "Seat 3" for a
 * person's seat 2 (seats counted from 1; core/words.js personName says the server's bot names in the page's
 * language). */
function defaultName(who, seat) {
  const bot = who.startsWith("bot:") ? who.split(":")[1] : null;
  return bot ? personName({ name: `${bot[0].toUpperCase()}${bot.slice(1)} bot`, bot }, seat) : personName(null, seat);
}

/** The new game form, first of `game` (its module: the numbers of players, its own fields for each seat and the
 * game); with several games a choice of the game redraws it for the one chosen, offering the bots that game has (the
 * default game's are not asked for: the first page load waits for no more than before). */
function newGameForm(first, firstCatalog) {
  let game = first;
  let catalog = firstCatalog;
  let bots = null; // each game's bots, once another game is chosen (null: every bot choice offered)
  const seatsBox = h("div", { class: "seats" });
  const players = h("select", { id: "players", name: "players" });
  const optionsBox = h("div", { class: "game-options" });
  let options = null;
  const error = h("p", { class: "refusal", role: "alert" });
  let rows = [];
  let form = null;
  const offered = () => WHO.filter(([v]) => !v.startsWith("bot:") || !bots?.get(game.id) || bots.get(game.id).includes(v.split(":")[1]));
  const drawGame = () => { // the chosen game's numbers of players and its own fields
    fill(players, game.players.map((n) => h("option", { value: n }, n === 1 ? t("core.start.players_solo", { count: n }) : String(n))));
    players.value = String(game.defaultPlayers);
    options = game.gameFields(catalog);
    fill(optionsBox, options.nodes);
    drawSeats();
    form.dataset.game = game.id; // the form drawn for this game (a test waits for it)
  };
  const games = allGames();
  const choice = games.length > 1 ? h("select", { id: "game", name: "game", onchange: async (e) => {
    game = gameModule(e.target.value);
    [catalog, bots] = await Promise.all([loadGame(game), botsOfGames()]); // its words and How to play entries from now on
    drawGame();
  } }, games.map((g) => h("option", { value: g.id }, g.title))) : null;
  if (choice) choice.value = game.id;
  const drawSeats = () => {
    const n = Number(players.value);
    rows = [];
    const choices = offered();
    for (let seat = 0; seat < n; seat++) {
      const who = h("select", { name: `who-${seat}`, "aria-label": t("core.start.who_plays", { number: seat + 1 }) }, choices.filter(([v]) => n === 1 ? v === "me" : true).map(([v, key]) => h("option", { value: v }, t(`core.start.who.${key}`))));
      who.value = seat === 0 ? "me" : (choices.find(([v]) => v === "bot:hint:200") || choices.find(([v]) => v.startsWith("bot:")))[0];
      const name = h("input", { name: `name-${seat}`, maxlength: 40, placeholder: personName(null, seat), "aria-label": t("core.start.seat_name", { number: seat + 1 }), value: seat === 0 ? playerName() : "" });
      const own = game.seatFields(catalog, seat);
      const sync = () => { // an open seat is named by whoever claims it; a bot's name defaults to "Hint bot" and the like
        name.disabled = who.value === "open";
        name.placeholder = defaultName(who.value, seat);
      };
      who.addEventListener("change", sync);
      sync();
      rows.push({ who, name, own, node: h("fieldset", { class: "seat-row" }, h("legend", {}, personName(null, seat)), who, name, own.nodes) });
    }
    fill(seatsBox, ...rows.map((row) => row.node));
  };
  players.addEventListener("change", drawSeats);
  const submit = async (event) => {
    event.preventDefault();
    error.textContent = "";
    const n = Number(players.value);
    const seats = [];
    rows.forEach(({ who: whoField, name: nameField, own }, seat) => {
      const who = whoField.value;
      const name = nameField.value.trim();
      const place = own.read();
      if (who === "me") {
        seats.push({ ...place, ...(name ? { name } : {}) });
        if (name && seat === 0) keepPlayerName(name);
      } else if (who === "open") {
        seats.push({ ...place, open: true });
      } else {
        const [, bot, budget] = who.split(":");
        seats.push({ ...place, bot, ...(budget ? { budget_ms: Number(budget) } : {}), ...(name ? { name } : {}) });
      }
    });
    try {
      const created = await post("/games", { ...(choice ? { game: game.id } : {}), players: n, seats, ...options.read() });
      for (const { seat, token } of created.data.tokens) keepSeat(created.data.id, seat, token, { players: n });
      location.hash = `#/game/${created.data.id}`;
    } catch (e) {
      error.textContent = t("core.start.not_created", { reason: explain(e) });
    }
  };
  const section = h("section", { class: "panel new-game" }, h("h2", {}, t("core.start.new_game")),
    form = h("form", { onsubmit: submit },
      choice ? h("p", {}, h("label", { for: "game" }, t("core.start.game"), " "), choice) : null,
      h("label", { for: "players" }, t("core.start.players"), " "), players,
      seatsBox,
      optionsBox,
      error,
      h("button", { type: "submit", class: "primary" }, t("core.start.start_game"))));
  drawGame();
  return section;
}

function myGamesList() {
  const games = myGames();
  if (!games.length) return h("p", { class: "muted" }, t("core.start.none_yet"));
  return h("ul", { class: "game-list" }, games.slice(0, 12).map((g) => h("li", {},
    h("a", { href: `#/game/${g.id}` }, myGameWords(g)),
    h("span", { class: "muted" }, ` ${myGameStatus(g)}`),
    " ", h("button", { type: "button", class: "small", onclick: (e) => { forgetGame(g.id); e.target.closest("li").remove(); } }, t("core.start.forget")))));
}

/** The title of a game of "Your games" (store.js aboutGame's words): the game and who plays it, "Wild Tiled West
 * with Ann and Hint bot", "Wild Tiled West, solo"; never its id. */
export function myGameWords(g) {
  let title;
  try { title = gameModule(g.game).title; } catch { title = gameModule().title; }
  if (g.players === 1) return t("core.start.game_solo", { title });
  if (!g.names) return t("core.start.game_players", { title, count: g.players || 0 });
  const mine = new Set(g.mine || []);
  const others = g.names.map((name, seat) => ({ name, seat })).filter((s) => !mine.has(s.seat))
    .map((s) => (s.name === null ? t("core.seats.open_lower") : personName({ ...s, bot: botOfName(s.name) }, s.seat)));
  return t("core.start.game_with", { title, players: listWords(others) });
}

/** Where a game of "Your games" stands and when it began: "your turn · started 3 May 2025, 14:02". */
export function myGameStatus(g) {
  const mine = new Set(g.mine || []);
  const status = g.finished ? t("core.start.finished")
    : g.turn === null || g.turn === undefined ? t("core.start.in_progress")
    : mine.has(g.turn) ? t("core.start.your_turn")
    : t("core.start.their_turn", { name: g.names?.[g.turn] === null ? t("core.seats.open_lower") : personName({ name: g.names?.[g.turn], bot: botOfName(g.names?.[g.turn]) }, g.turn) });
  const since = new Date(g.since).toLocaleString(language(), { dateStyle: "medium", timeStyle: "short" });
  return t("core.start.status", { status, since });
}

/** The lobby's open games in `host`, newest first, a page of LOBBY_PAGE at a time: "More open games" adds the next. */
async function fillLobby(host, before = null) {
  const more = host.querySelector(".lobby-more");
  if (before === null) fill(host, h("p", { class: "muted" }, t("core.start.looking")));
  let page;
  const catalogs = new Map(); // game id -> its catalog
  try {
    page = (await get(`/games?status=open&limit=${LOBBY_PAGE}${before ? `&before=${encodeURIComponent(before)}` : ""}`)).data;
    page.games = page.games.filter(canShow); // a game this page cannot show is not offered (the API still lists it)
    for (const g of page.games) {
      const game = gameOf(g);
      if (!catalogs.has(game.id)) catalogs.set(game.id, await game.load()); // their words only: the page's game stays in use
    }
  } catch (error) {
    if (before === null) fill(host, h("p", { class: "refusal" }, explain(error)));
    else more?.replaceWith(h("p", { class: "refusal" }, explain(error)));
    return;
  }
  if (!page.games.length && before === null) {
    fill(host, h("p", { class: "muted" }, t("core.start.no_open")));
    return;
  }
  const items = page.games.map((g) => h("li", { "data-game": g.id },
    h("div", {}, h("strong", {}, g.players === 1 ? t("core.start.game_solo", { title: gameOf(g).title }) : t("core.start.game_players", { title: gameOf(g).title, count: g.players })),
      h("span", { class: "muted" }, t("core.start.created", { when: new Date(g.created).toLocaleString(language(), { dateStyle: "medium", timeStyle: "short" }) }))),
    h("div", { class: "lobby-seats" }, g.seats.map((s) => (s.open
      ? h("button", { type: "button", class: "primary small", onclick: () => join(g.id, s.seat) }, t("core.start.join_side", { join: t("core.start.join_seat", { number: s.seat + 1 }), side: gameOf(g).lobbySeatWords(catalogs.get(gameOf(g).id), g, s.seat) }))
      : h("span", { class: "taken" }, seatTitle(s, s.seat))))))); // a bot by its seat, not its name
  const next = page.next ? h("button", { type: "button", class: "small lobby-more", onclick: () => fillLobby(host, page.next) }, t("core.start.more")) : null;
  if (before === null) {
    fill(host, h("ul", { class: "game-list" }, items), next);
  } else {
    host.querySelector("ul.game-list").append(...items);
    if (next) more.replaceWith(next); else more.remove();
  }
}

/** Claim `seat` of `gameId` under the name typed in (or the one kept), keep its token, open the game. */
export async function join(gameId, seat, nameInput = document.getElementById("lobby-name")) {
  const name = (nameInput?.value || playerName() || "").trim();
  if (!name) {
    toast(t("core.start.type_name"), "error");
    nameInput?.focus();
    return false;
  }
  try {
    const claimed = await post(`/games/${gameId}/seats/${seat}/claim`, { name });
    keepPlayerName(name);
    keepSeat(gameId, seat, claimed.data.token, { players: claimed.data.state.players.length });
    location.hash = `#/game/${gameId}`;
    return true;
  } catch (error) {
    toast(t("core.start.join_failed", { reason: explain(error) }), "error");
    return false;
  }
}
