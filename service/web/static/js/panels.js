// The read-only parts of the game screen: the players (scores, gold, bullets, bandits), the score breakdown by
// category, the cattle contracts, the events in words, and the end of the game (standings, tie-break, solo rank).
import { partnerText, sideName } from "./catalog.js";
import { fill, h } from "./dom.js";
import { eventWords, seatName } from "./words.js";

const CATEGORY_WORDS = {
  start: "Start", towns: "Towns", wrangles: "Wrangling", contracts: "Cattle contracts", tussles: "Tussles",
  buildings: "Buildings", rope_trick: "Rope Trick", trailblazing: "Trailblazing",
  pink_buildings: "Pink buildings", tombstones: "Tombstones", aces: "Aces", mining: "Mining", partners: "Partners",
  pocket_aces: "Pocket Aces", carpenters: "Carpenters",
};

const BOT_WORDS = { random: "random bot", greedy: "greedy bot", hint: "hint bot", search: "search bot" };

/** Who sits at `seat`, in words with its badges: "Ann (you)", "Seat 2 (hint bot)", "Hint bot (hint bot)", "open seat".
 * A bot's badge comes from the seat's `bot`, whatever its name: a person's name can never pass for a bot's. */
export function seatLabel(ctx, seat) {
  const info = ctx.state.seats?.[seat] || {};
  if (info.open) return "Open seat";
  const name = info.name || `Seat ${seat}`;
  const tags = [];
  if (ctx.mySeats.has(seat)) tags.push("you");
  if (info.bot) tags.push(BOT_WORDS[info.bot] || `${info.bot} bot`); // by the seat, never by its name (issue 39)
  return tags.length ? `${name} (${tags.join(", ")})` : name;
}

/** The players' cards: name, score, gold, bullets, unshot bandits, mining, partners; whose turn it is. */
export function renderPlayers(host, ctx, { onShowBoard, thumbnails }) {
  const { state, catalog } = ctx;
  fill(host, h("h2", {}, "Players"));
  const list = h("ul", { class: "players" });
  for (const player of state.players) {
    const seat = player.seat;
    const score = state.scores[seat];
    const info = state.seats?.[seat] || {};
    const turn = state.pending?.seat === seat;
    const partners = (player.partners || []).map((p) => (p.id ? partnerText(catalog, p.id).name : "face down"));
    const invite = info.open ? `${location.origin}${location.pathname}#/join/${ctx.gameId}/${seat}` : null;
    list.append(h("li", { class: `player${turn ? " turn" : ""}${ctx.mySeats.has(seat) ? " mine" : ""}`, "data-seat": seat },
      h("div", { class: "player-head" },
        h("span", { class: "player-name" }, turn ? h("span", { class: "turn-mark", title: "whose turn" }, "▶ ") : null, seatLabel(ctx, seat),
          state.first_player === seat && state.players.length > 1 ? h("span", { class: "first-mark", title: "first player" }, " ★") : null),
        h("span", { class: "player-score", "aria-label": `${score.total} points` }, `${score.total}`, score.partners_hidden ? "+?" : "", " pts")),
      h("div", { class: "player-stats" },
        stat("gold", player.gold, "gold"), stat("bullets", player.bullets, "bullets"),
        stat("bandits", state.bandits[seat], "unshot bandits"), stat("mining", player.mining, "mining track space"),
        partners.length ? h("span", { class: "stat partners", title: "partners" }, `Partners: ${partners.join(", ")}`) : null),
      h("div", { class: "player-side" }, sideName(catalog, player.settlement.side)),
      invite ? h("div", { class: "invite" }, "Invite a player: ",
        h("input", { class: "invite-link", readonly: true, value: invite, "aria-label": `invitation link for seat ${seat}`, onfocus: (e) => e.target.select() }),
        h("button", { type: "button", onclick: () => navigator.clipboard?.writeText(invite) }, "Copy")) : null,
      thumbnails.get(seat) ? h("button", { class: "thumb", type: "button", "aria-label": `Enlarge ${seatLabel(ctx, seat)}'s settlement board`, onclick: () => onShowBoard(seat) },
        thumbnails.get(seat)) : null));
  }
  host.append(list);
  if (state.solo) {
    host.append(h("p", { class: "ridge" }, h("strong", {}, "Bandit Ridge: "),
      `${state.solo.bandit_ridge ?? "?"} bandits to tussle against (${state.solo.revealed.length} bandit cards revealed, ${state.solo.deck} in the deck).`));
  }
}

function stat(cls, value, words) {
  return h("span", { class: `stat ${cls}`, title: words, "aria-label": `${value} ${words}` }, h("span", { class: `glyph ${cls}`, "aria-hidden": "true" }), String(value));
}

/** The score breakdown of every seat by category, as if the game ended now. */
export function renderScores(host, ctx) {
  const { state } = ctx;
  const seats = state.players.map((p) => p.seat);
  const rows = [];
  for (const part of ["in_game", "endgame"]) {
    const keys = Object.keys(state.scores[0][part]);
    for (const k of keys) {
      if (seats.every((s) => !state.scores[s][part][k]) && !["start", "towns", "wrangles", "tussles", "mining", "partners"].includes(k)) continue;
      rows.push(h("tr", { class: part },
        h("th", { scope: "row" }, CATEGORY_WORDS[k] || k, part === "endgame" ? h("span", { class: "muted" }, " (end)") : null),
        seats.map((s) => h("td", {}, k in state.scores[s][part] ? String(state.scores[s][part][k]) : "?"))));
    }
  }
  const table = h("table", { class: "scores" },
    h("caption", {}, "Points by category (endgame rows: if the game ended now)"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Category"), seats.map((s) => h("th", { scope: "col" }, seatLabel(ctx, s))))),
    h("tbody", {}, rows),
    h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, "Total"), seats.map((s) => h("td", {}, `${state.scores[s].total}${state.scores[s].partners_hidden ? " + hidden partners" : ""}`)))));
  fill(host, h("details", { open: true }, h("summary", {}, "Scores by category"), table));
}

/** The cattle contracts on the scoreboard: size, reward and whether flipped to the smaller side. */
export function contractWords(catalog, contract) {
  const info = catalog.scoreboard.cattle_contracts.find((c) => c.kind === contract.kind);
  const amount = info ? (contract.flipped ? info.small : info.large) : "?";
  const unit = contract.kind === "points" ? "points" : contract.kind;
  return `${contract.size} cows: ${amount} ${unit}${contract.flipped ? " (flipped)" : ""}`;
}

export function renderTable(host, ctx) {
  const { state, catalog } = ctx;
  const rounds = (ctx.scoreboard.rounds_per_year || [])[state.year - 1];
  fill(host,
    h("span", {}, `Year ${state.year ?? "–"} of 4`),
    h("span", {}, `Round ${state.round_in_year ?? "–"}${rounds ? ` of ${rounds}` : ""}`),
    h("span", { title: "cattle contracts" }, "Contracts: ", state.contracts.map((c) => contractWords(catalog, c)).join(" · ")));
}

/** The events in words, newest first. */
export function renderEvents(host, ctx, log) {
  const items = [];
  for (let i = log.length - 1; i >= 0 && items.length < 150; i--) {
    const text = eventWords(ctx, log[i]);
    if (text) items.push(h("li", { "data-type": log[i].type }, text));
  }
  fill(host, h("h2", {}, "What happens"), h("ol", { class: "events", reversed: true }, items));
}

/** The end of the game: standings with the tie-break, each seat's points by category, the solo rank. */
export function renderEnd(host, ctx, end) {
  const { state } = ctx;
  const standings = end?.standings || [];
  const top = standings.filter((s) => s.place === 1);
  const tie = top.length > 1;
  const sameTotal = standings.filter((s) => s.points === top[0]?.points).length > top.length;
  let headline;
  if (state.players.length === 1) {
    const rank = state.scores[0].rank;
    headline = rank ? `You finish with ${state.scores[0].total} points: ${rank}!` : `You finish with ${state.scores[0].total} points: no rank yet (Sidekick needs ${ctx.catalog.scoreboard.solo_ranks[0].points}).`;
  } else if (tie) {
    headline = `${top.map((s) => seatName(ctx, s.seat)).join(" and ")} share the victory with ${top[0].points} points.`;
  } else if (top.length) {
    headline = `${seatName(ctx, top[0].seat) === "you" ? "You win" : `${seatName(ctx, top[0].seat)} wins`} with ${top[0].points} points${sameTotal ? `, on the tie-break (${top[0].tiebreak} gold and bullets left)` : ""}.`;
  } else headline = "The game is over.";
  const rows = standings.map((s) => h("tr", {},
    h("td", {}, ordinal(s.place)), h("th", { scope: "row" }, seatLabel(ctx, s.seat)),
    h("td", {}, String(s.points)), h("td", {}, String(s.tiebreak))));
  fill(host,
    h("h2", { class: "end-title" }, "Game over"),
    h("p", { class: "headline", role: "status" }, headline),
    state.players.length === 1 && state.scores[0].rank ? h("p", { class: "rank" }, `Solo rank: ${state.scores[0].rank}`) : null,
    state.players.length === 1 ? h("p", { class: "muted" }, ctx.catalog.scoreboard.solo_ranks.map((r) => `${r.name} ${r.points}+`).join(" · ")) : null,
    standings.length ? h("table", { class: "standings" },
      h("caption", {}, "Final standings (tie-break: unused gold and bullets)"),
      h("thead", {}, h("tr", {}, ["Place", "Player", "Points", "Gold + bullets"].map((t) => h("th", { scope: "col" }, t)))),
      h("tbody", {}, rows)) : null,
    h("p", {}, h("a", { href: "#/" }, "Start a new game")));
}

function ordinal(n) {
  return `${n}${n === 1 ? "st" : n === 2 ? "nd" : n === 3 ? "rd" : "th"}`;
}
