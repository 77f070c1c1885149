// The points: every seat's by category while the game goes on (the game's module gives the rows), and the end of
// the game (the standings of the log's game_end event with the tie-break, and the game's own words).
import { fill, h } from "./dom.js";
import { entryLink } from "./howto.js";
import { seatLabel } from "./seats.js";
import { t } from "./i18n.js";
import { capital, listWords, ordinal, whoOptions } from "./words.js";

/** The points of every seat by category, as `game.scoreSheet(ctx)` gives them, in `host`; a row with an `entry`
 * opens that How to play entry (core/howto.js) from its name. */
export function renderScores(host, ctx, game) {
  const seats = ctx.state.players.map((p) => p.seat);
  const sheet = game.scoreSheet(ctx);
  const table = h("table", { class: "scores" },
    h("caption", {}, sheet.caption),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("core.scores.category")), seats.map((s) => h("th", { scope: "col" }, seatLabel(ctx, s))))),
    h("tbody", {}, sheet.rows.map((row) => h("tr", { class: row.cls },
      h("th", { scope: "row" }, row.entry ? entryLink(row.entry, row.label) : row.label, row.note ? h("span", { class: "muted" }, row.note) : null),
      row.cells.map((cell) => h("td", {}, cell))))),
    h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, t("core.scores.total")), sheet.totals.map((total) => h("td", {}, total)))));
  fill(host, h("details", { open: true }, h("summary", {}, t("core.scores.summary")), table));
}

/** The end of the game in `host`: the headline (who won, or the game's own: a solo score), the game's notes, the
 * standings of `end` (the game_end event) with the tie-break (none for a game whose `endWords` gives `tiebreak:
 * null`: tied players share the place). */
export function renderEnd(host, ctx, game, end) {
  const words = game.endWords(ctx, end);
  const standings = end?.standings || [];
  const top = standings.filter((s) => s.place === 1);
  const sameTotal = standings.filter((s) => s.points === top[0]?.points).length > top.length;
  let headline = words.headline;
  if (!headline) {
    if (top.length > 1) {
      headline = t("core.end.shared", { names: capital(listWords(top.map((s) => whoOptions(ctx, s.seat).who))), count: top[0].points });
    } else if (top.length) {
      const tiebreak = sameTotal && words.tiebreak ? t("core.end.on_tiebreak", { words: words.tiebreak.words(top[0].tiebreak) }) : "";
      headline = t("core.end.wins", { ...whoOptions(ctx, top[0].seat), count: top[0].points, tiebreak });
    } else headline = t("core.end.over");
  }
  const rows = standings.map((s) => h("tr", {},
    h("td", {}, ordinal(s.place)), h("th", { scope: "row" }, seatLabel(ctx, s.seat)),
    h("td", {}, String(s.points)), words.tiebreak ? h("td", {}, String(s.tiebreak)) : null));
  fill(host,
    h("h2", { class: "end-title", tabindex: "-1" }, t("core.scores.game_over")),
    h("p", { class: "headline", role: "status" }, headline),
    words.notes,
    standings.length ? h("table", { class: "standings" },
      h("caption", {}, words.tiebreak ? t("core.scores.standings", { tiebreak: words.tiebreak.caption }) : t("core.scores.standings_plain")),
      h("thead", {}, h("tr", {}, [t("core.scores.place"), t("core.scores.player"), t("core.scores.points"), words.tiebreak?.column].filter(Boolean).map((head) => h("th", { scope: "col" }, head)))),
      h("tbody", {}, rows)) : null,
    h("p", {}, h("a", { href: "#/" }, t("core.scores.new_game"))));
}
