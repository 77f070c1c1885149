// Rolled West's parts of the core's panels: the round in the game's header, each player's banked resources and
// sealed choice on its card, the points by the sheet's categories, the end's words and where the rounds start.
import { fill, h } from "../../core/dom.js";
import { t } from "../../core/i18n.js";
import { chip } from "./sheet.js";
import { terrainWords, tr } from "./words.js";

/** The score categories' How to play entries: "score-claims". */
export const scoreEntry = (category) => `score-${category}`;

/** The round and the turn's terrain, in the game's header. */
export function renderTableInfo(host, ctx) {
  const { state } = ctx;
  fill(host,
    h("span", {}, state.finished ? tr("info.over") : tr("info.round", { round: state.round, rounds: state.rounds })),
    state.pending?.terrain ? h("span", {}, tr("info.terrain", { terrain: terrainWords(state.pending.terrain) })) : null,
    state.phase === "ghost" ? h("span", {}, tr("info.ghost")) : null);
}

/** A seat's points now, as the game would end now (every sheet is open). */
export const scoreOf = (ctx, seat) => ({ total: ctx.state.scores[seat].total, partial: false });

/** Under a player's name: its banked resources not spent yet, and whether it has chosen a bank (sealed). */
export function playerDetails(ctx, player) {
  const { state } = ctx;
  const sheet = state.sheets[player.seat];
  const held = [...sheet.white, ...sheet.dark].filter((box) => box && !box.spent);
  return [
    h("div", { class: "player-stats" },
      h("span", { class: "stat" }, tr("player.banked"), " ", held.length ? held.map((box) => chip(box.resource)) : tr("player.none")),
      h("span", { class: "stat" }, tr("player.turns", { count: state.turns_taken[player.seat], rounds: state.rounds }))),
    state.decided.includes(player.seat) ? h("div", { class: "player-side" }, tr("player.sealed")) : null,
  ];
}

/** The points of every seat by the sheet's categories (as if the game ended now), each opening its entry. */
export function scoreSheet(ctx) {
  const { state, catalog } = ctx;
  const seats = state.players.map((p) => p.seat);
  return {
    caption: tr("scores.caption"),
    rows: catalog.score_categories.map((k) => ({ label: tr(`category.${k}`), note: null, cls: "", entry: scoreEntry(k),
      cells: seats.map((s) => String(state.scores[s][k])) })),
    totals: seats.map((s) => String(state.scores[s].total)),
  };
}

/** The end: the core's headline; tied scores share the place (the rule text's rematch is not played): no tie-break. */
export const endWords = () => ({ headline: null, notes: [h("p", { class: "muted" }, tr("end.note"))], tiebreak: null });

/** Where each round starts in the event log: its first roll (`[{n, words: "Round 2"}]`). */
export function roundStarts(ctx, events) {
  const starts = [];
  let round = null;
  for (const e of events) {
    if (e.type !== "rolled" || e.round === round) continue;
    round = e.round;
    starts.push({ n: e.n, words: t("rolled-west.info.round", { round, rounds: ctx.state?.rounds ?? "" }) });
  }
  return starts;
}
