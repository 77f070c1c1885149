// The seats of a game: who sits where in words with their badges, and the players' cards (name, points, whose turn,
// the first player, an open seat's invitation link, the game's own details and a small picture of its table).
import { fill, h } from "./dom.js";
import { t } from "./i18n.js";
import { personName } from "./words.js";

/** A bot's badge: "hint bot" ("core.seats.bot.<name>"; "<name> bot" for one the catalogue lacks). */
const botWords = (bot) => t(`core.seats.bot.${bot}`, { defaultValue: t("core.seats.bot_other", { bot }) });

/** Who sits at `seat`, in words with its badges: "Ann (you)", "Seat 3 (hint bot)", "Hint bot (hint bot)", "Open
 * seat"; seats counted from 1, never by an id. A bot's badge comes from the seat's `bot`, whatever its name: a
 * person's name can never pass for a bot's. */
export function seatLabel(ctx, seat) {
  const info = ctx.state.seats?.[seat] || {};
  if (info.open) return t("core.seats.open");
  const name = personName(info, seat);
  const tags = [];
  if (ctx.mySeats.has(seat)) tags.push(t("core.words.you"));
  if (info.bot) tags.push(botWords(info.bot)); // by the seat, never by its name (issue 39)
  return tags.length ? t("core.seats.tagged", { name, tags: tags.join(", ") }) : name;
}

/** The players' cards in `host`: name, points, whose turn, the first player, the game's details (`game`: its module),
 * an open seat's invitation link, and `thumbnail(seat)` (`{node, name}` or null: a small picture of the seat's part of the
 * table, and its name; `onShowBoard(seat)` enlarges it). */
export function renderPlayers(host, ctx, game, { onShowBoard, thumbnail }) {
  const { state } = ctx;
  fill(host, h("h2", {}, t("core.seats.title")));
  const list = h("ul", { class: "players" });
  for (const player of state.players) {
    const seat = player.seat;
    const score = game.scoreOf(ctx, seat);
    const info = state.seats?.[seat] || {};
    const turn = state.pending?.seat === seat;
    const invite = info.open ? `${location.origin}${location.pathname}#/join/${ctx.gameId}/${seat}` : null;
    const thumb = thumbnail(seat);
    list.append(h("li", { class: `player${turn ? " turn" : ""}${ctx.mySeats.has(seat) ? " mine" : ""}`, "data-seat": seat },
      h("div", { class: "player-head" },
        h("span", { class: "player-name" }, turn ? h("span", { class: "turn-mark", title: t("core.seats.whose_turn") }, "▶ ") : null, seatLabel(ctx, seat),
          state.first_player === seat && state.players.length > 1 ? h("span", { class: "first-mark", title: t("core.seats.first_player") }, " ★") : null),
        h("span", { class: "player-score", "aria-label": t("core.seats.points", { count: score.total }) }, t("core.seats.points_short", { count: score.total, partial: score.partial ? "+?" : "" }))),
      game.playerDetails(ctx, player),
      invite ? h("div", { class: "invite" }, t("core.seats.invite"),
        h("input", { class: "invite-link", readonly: true, value: invite, "aria-label": t("core.seats.invite_label", { number: seat + 1 }), onfocus: (e) => e.target.select() }),
        h("button", { type: "button", onclick: () => navigator.clipboard?.writeText(invite) }, t("core.words.copy"))) : null,
      thumb ? h("button", { class: "thumb", type: "button", title: t("core.seats.enlarge", { name: thumb.name }), onclick: () => onShowBoard(seat) },
        thumb.node) : null));
  }
  host.append(list);
  const note = game.playersNote(ctx);
  if (note) host.append(note);
}
