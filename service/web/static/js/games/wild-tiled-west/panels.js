// Wild Tiled West's parts of the read-only panels: the year, round and cattle contracts; each player's gold,
// bullets, unshot bandits, mining, partners and board; Bandit Ridge in solo; the points by category; the end's words
// (the solo rank, the tie-break on gold and bullets). The panels themselves are the core's (core/seats.js,
// core/scores.js).
import { fill, h } from "../../core/dom.js";
import { entryLink } from "../../core/howto.js";
import { partnerText, scoreboardOf, sideName } from "./catalog.js";
import { contractEntry, partnerEntry, scoreEntry, wildSideEntry } from "./howto.js";

const CATEGORY_WORDS = {
  start: "Start", towns: "Towns", wrangles: "Wrangling", contracts: "Cattle contracts", tussles: "Tussles",
  buildings: "Buildings", rope_trick: "Rope Trick", trailblazing: "Trailblazing",
  pink_buildings: "Pink buildings", tombstones: "Tombstones", aces: "Aces", mining: "Mining", partners: "Partners",
  pocket_aces: "Pocket Aces", carpenters: "Carpenters",
};

/** The categories shown even while every seat has 0 points in them. */
const ALWAYS_SHOWN = ["start", "towns", "wrangles", "tussles", "mining", "partners"];

/** A cattle contract in words: size, reward and whether flipped to the smaller side. */
export function contractWords(catalog, contract) {
  const info = catalog.scoreboard.cattle_contracts.find((c) => c.kind === contract.kind);
  const amount = info ? (contract.flipped ? info.small : info.large) : "?";
  const unit = contract.kind === "points" ? "points" : contract.kind;
  return `${contract.size} cows: ${amount} ${unit}${contract.flipped ? " (flipped)" : ""}`;
}

/** The year, the round of the year and the cattle contracts, in the game's header. */
export function renderTableInfo(host, ctx) {
  const { state, catalog } = ctx;
  const rounds = (scoreboardOf(catalog, state.players.length).rounds_per_year || [])[state.year - 1];
  fill(host,
    h("span", {}, `Year ${state.year ?? "–"} of 4`),
    h("span", {}, `Round ${state.round_in_year ?? "–"}${rounds ? ` of ${rounds}` : ""}`),
    h("span", { class: "contracts" }, "Contracts: ", state.contracts.map((c, i) => [i ? " · " : null, entryLink(contractEntry(c.kind), contractWords(catalog, c))])));
}

function stat(cls, value, words) {
  return h("span", { class: `stat ${cls}`, title: words, "aria-label": `${value} ${words}` }, h("span", { class: `glyph ${cls}`, "aria-hidden": "true" }), String(value));
}

/** A seat's points now; partial while some of its partners are face down. */
export function scoreOf(ctx, seat) {
  const score = ctx.state.scores[seat];
  return { total: score.total, partial: !!score.partners_hidden };
}

/** A player's card below its name: gold, bullets, unshot bandits, mining, partners; its board. */
export function playerDetails(ctx, player) {
  const { state, catalog } = ctx;
  const partners = (player.partners || []).map((p, i) => [i ? ", " : null, p.id ? entryLink(partnerEntry(catalog, p.id), partnerText(catalog, p.id).name) : "face down"]);
  return [
    h("div", { class: "player-stats" },
      stat("gold", player.gold, "gold"), stat("bullets", player.bullets, "bullets"),
      stat("bandits", state.bandits[player.seat], "unshot bandits"), stat("mining", player.mining, "mining track space"),
      partners.length ? h("span", { class: "stat partners" }, "Partners: ", partners) : null),
    h("div", { class: "player-side" }, sideLink(catalog, player.settlement.side)),
  ];
}

/** A board side's name, opening its wild side's How to play entry when it is a wild side. */
export function sideLink(catalog, sideId) {
  const [boardId, side] = String(sideId).split("/");
  const rule = side === "wild" ? catalog.boards.find((b) => b.id === boardId)?.sides.find((s) => s.side === "wild")?.rule : null;
  return rule ? entryLink(wildSideEntry(rule), sideName(catalog, sideId)) : sideName(catalog, sideId);
}

/** Bandit Ridge under the player, in solo play. */
export function playersNote(ctx) {
  const { state } = ctx;
  if (!state.solo) return null;
  return h("p", { class: "ridge" }, h("strong", {}, "Bandit Ridge: "),
    `${state.solo.bandit_ridge ?? "?"} bandits to tussle against (${state.solo.revealed.length} bandit cards revealed, ${state.solo.deck} in the deck).`);
}

/** The points of every seat by category, the endgame's as if the game ended now. */
export function scoreSheet(ctx) {
  const { state } = ctx;
  const seats = state.players.map((p) => p.seat);
  const rows = [];
  for (const part of ["in_game", "endgame"]) {
    for (const k of Object.keys(state.scores[0][part])) {
      if (seats.every((s) => !state.scores[s][part][k]) && !ALWAYS_SHOWN.includes(k)) continue;
      rows.push({ cls: part, label: CATEGORY_WORDS[k] || k, note: part === "endgame" ? " (end)" : null, entry: scoreEntry(k),
        cells: seats.map((s) => (k in state.scores[s][part] ? String(state.scores[s][part][k]) : "?")) });
    }
  }
  return {
    caption: "Points by category (endgame rows: if the game ended now)",
    rows,
    totals: seats.map((s) => `${state.scores[s].total}${state.scores[s].partners_hidden ? " + hidden partners" : ""}`),
  };
}

/** The end's words: in solo the final score and rank (with the solo chart), the tie-break on gold and bullets. */
export function endWords(ctx) {
  const { state, catalog } = ctx;
  const tiebreak = { caption: "unused gold and bullets", column: "Gold + bullets", words: (n) => `${n} gold and bullets left` };
  if (state.players.length !== 1) return { headline: null, notes: [], tiebreak };
  const { rank, total } = state.scores[0];
  const ranks = catalog.scoreboard.solo_ranks;
  return {
    headline: rank ? `You finish with ${total} points: ${rank}!` : `You finish with ${total} points: no rank yet (Sidekick needs ${ranks[0].points}).`,
    notes: [rank ? h("p", { class: "rank" }, `Solo rank: ${rank}`) : null, h("p", { class: "muted" }, ranks.map((r) => `${r.name} ${r.points}+`).join(" · "))],
    tiebreak,
  };
}
