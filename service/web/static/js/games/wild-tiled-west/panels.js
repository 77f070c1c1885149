// Wild Tiled West's parts of the read-only panels: the year, round and cattle contracts; each player's gold,
// bullets, unshot bandits, mining, partners and board; Bandit Ridge in solo; the points by category; the end's words
// (the solo rank, the tie-break on gold and bullets). The panels themselves are the core's (core/seats.js,
// core/scores.js).
import { fill, h } from "../../core/dom.js";
import { entryLink } from "../../core/howto.js";
import { t } from "../../core/i18n.js";
import { partnerText, scoreboardOf, sideName } from "./catalog.js";
import { contractEntry, partnerEntry, scoreEntry, wildSideEntry } from "./howto.js";
import { itemWords } from "./words.js";

const tr = (key, options) => t(`wild-tiled-west.${key}`, options);

/** A score category's name ("wild-tiled-west.category.<key>"; the key itself for one the catalogue lacks). */
const categoryWords = (k) => tr(`category.${k}`, { defaultValue: k });

/** The categories shown even while every seat has 0 points in them. */
const ALWAYS_SHOWN = ["start", "towns", "wrangles", "tussles", "mining", "partners"];

/** A cattle contract in words: size, reward and whether flipped to the smaller side. */
export function contractWords(catalog, contract) {
  const info = catalog.scoreboard.cattle_contracts.find((c) => c.kind === contract.kind);
  const amount = info ? (contract.flipped ? info.small : info.large) : 0;
  const reward = contract.kind === "points" ? tr("points", { count: amount }) : itemWords(contract.kind, amount);
  return tr(contract.flipped ? "contract.words_flipped" : "contract.words", { count: contract.size, reward });
}

/** The year, the round of the year and the cattle contracts, in the game's header. */
export function renderTableInfo(host, ctx) {
  const { state, catalog } = ctx;
  const perYear = scoreboardOf(catalog, state.players.length).rounds_per_year || [];
  const rounds = perYear[state.year - 1];
  fill(host,  // the number of years is the scoreboard's (its rounds per year), never written here
    h("span", {}, tr("info.year", { year: state.year ?? "–", years: perYear.length })),
    h("span", {}, rounds ? tr("info.round_of", { round: state.round_in_year ?? "–", rounds }) : tr("info.round", { round: state.round_in_year ?? "–" })),
    h("span", { class: "contracts", title: tr("info.contracts_title") }, tr("info.contracts_label"), " ",
      state.contracts.map((c, i) => [i ? " · " : null, entryLink(contractEntry(c.kind), contractWords(catalog, c))])));
}

function stat(cls, value, key) {
  const words = tr(`stat.${key}`, { count: value });
  return h("span", { class: `stat ${cls}`, role: "img", title: tr(`stat.${key}_title`), "aria-label": words }, h("span", { class: `glyph ${cls}`, "aria-hidden": "true" }), String(value));
}

/** A seat's points now; partial while some of its partners are face down. */
export function scoreOf(ctx, seat) {
  const score = ctx.state.scores[seat];
  return { total: score.total, partial: !!score.partners_hidden };
}

/** A player's card below its name: gold, bullets, unshot bandits, mining, partners; its board. */
export function playerDetails(ctx, player) {
  const { state, catalog } = ctx;
  const partners = (player.partners || []).map((p, i) => [i ? ", " : null, p.id ? entryLink(partnerEntry(catalog, p.id), partnerText(catalog, p.id).name) : tr("partner.face_down_short")]);
  return [
    h("div", { class: "player-stats" },
      stat("gold", player.gold, "gold"), stat("bullets", player.bullets, "bullets"),
      stat("bandits", state.bandits[player.seat], "bandits"), stat("mining", player.mining, "mining"),
      partners.length ? h("span", { class: "stat partners", title: tr("stat.partners_title") }, tr("stat.partners_label"), " ", partners) : null),
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
  return h("p", { class: "ridge" }, h("strong", {}, tr("ridge.title")),
    tr("ridge.text", { bandits: tr("item.bandit", { count: state.solo.bandit_ridge ?? 0 }), revealed: tr("ridge.cards", { count: state.solo.revealed.length }), deck: state.solo.deck }));
}

/** The points of every seat by category, the endgame's as if the game ended now. */
export function scoreSheet(ctx) {
  const { state } = ctx;
  const seats = state.players.map((p) => p.seat);
  const rows = [];
  for (const part of ["in_game", "endgame"]) {
    for (const k of Object.keys(state.scores[0][part])) {
      if (seats.every((s) => !state.scores[s][part][k]) && !ALWAYS_SHOWN.includes(k)) continue;
      rows.push({ cls: part, label: categoryWords(k), note: part === "endgame" ? tr("scores.end_note") : null, entry: scoreEntry(k),
        cells: seats.map((s) => (k in state.scores[s][part] ? String(state.scores[s][part][k]) : "?")) });
    }
  }
  return {
    caption: tr("scores.caption"),
    rows,
    totals: seats.map((s) => (state.scores[s].partners_hidden ? tr("scores.total_hidden", { total: state.scores[s].total }) : String(state.scores[s].total))),
  };
}

/** A solo rank's name in the page's language (the rulebook's: "Sidekick", "Fidèle compagnon"). */
const rankName = (name) => tr(`rank.${String(name).toLowerCase().replace(/[^a-z]+/g, "_")}`, { defaultValue: name });

/** The end's words: in solo the final score and rank (with the solo chart), the tie-break on gold and bullets. */
export function endWords(ctx) {
  const { state, catalog } = ctx;
  const tiebreak = { caption: tr("end.tiebreak_caption"), column: tr("end.tiebreak_column"), words: (n) => tr("end.tiebreak_words", { count: n }) };
  if (state.players.length !== 1) return { headline: null, notes: [], tiebreak };
  const { rank, total } = state.scores[0];
  const ranks = catalog.scoreboard.solo_ranks;
  return {
    headline: rank ? tr("end.solo_rank", { count: total, rank: rankName(rank) })
      : tr("end.solo_no_rank", { count: total, first: rankName(ranks[0].name), points: ranks[0].points }),
    notes: [rank ? h("p", { class: "rank" }, tr("end.rank", { rank: rankName(rank) })) : null,
      h("p", { class: "muted" }, ranks.map((r) => tr("end.rank_points", { rank: rankName(r.name), points: r.points })).join(" · "))],
    tiebreak,
  };
}
