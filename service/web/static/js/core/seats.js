// The seats of a game: who sits where in words with their badges, and the players' cards (name, points, whose turn,
// the first player, an open seat's invitation link, the game's own details and a small picture of its table).
import { fill, h } from "./dom.js";
import { t } from "./i18n.js";
import { personName } from "./words.js";

/** A bot's badge: "hint bot" ("core.seats.bot.<name>"; "<name> bot" for one the catalogue lacks). */
const botWords = (bot) => t(`core.seats.bot.${bot}`, { defaultValue: t("core.seats.bot_other", { bot }) });

/** Whether a person's `name` reads like a bot's label, as the server refuses since issue 39 (service/games/names.py
 * passes_for_a_bot: its last word "bot", or a bot's kind and "bot" run together, numbers after either aside): a
 * name stored before that check. */
function passesForABot(name) {
  const words = (name.normalize("NFKD").replace(/\p{M}|\p{Cf}/gu, "").toLowerCase().match(/\p{L}+|\p{N}+/gu) || []);
  while (words.length && /^\p{N}+$/u.test(words.at(-1))) words.pop();
  const joined = words.join("");
  const kinds = Object.keys(t("core.seats.bot", { returnObjects: true })); // the bots the catalogue names
  return words.at(-1) === "bot" || kinds.some((kind) => joined.endsWith(`${kind}bot`));
}

/** A seat (`info`: the state's or a lobby entry's seat, `{name, bot, ...}`) in words with its badges (`tags`, e.g.
 * "you", and the bot's): "Ann (you)", "Doc (greedy bot)", "Hint bot", "Seat 3"; seats counted from 1, never by an id.
 * A bot is said once: its kind as a badge only when its name does not say it already ("Hint bot", not "Hint bot
 * (hint bot)"). A bot is known by the seat's `bot`, never by its name (issue 39): a person's name that reads like a
 * bot's (stored before the server refused them) is badged "not a bot". */
export function seatTitle(info, seat, tags = []) {
  const name = personName(info, seat);
  const badges = [...tags];
  if (info?.bot) {
    const kind = botWords(info.bot);
    if (name.toLocaleLowerCase() !== kind.toLocaleLowerCase()) badges.push(kind);
  } else if (info?.name && passesForABot(name)) badges.push(t("core.seats.not_a_bot"));
  return badges.length ? t("core.seats.tagged", { name, tags: badges.join(", ") }) : name;
}

/** Who sits at `seat` of the session's game (`ctx`), in words with its badges (seatTitle, "you" for my seat):
 * "Ann (you)", "Seat 3 (hint bot)", "Hint bot", "Open seat". */
export function seatLabel(ctx, seat) {
  const info = ctx.state.seats?.[seat] || {};
  if (info.open) return t("core.seats.open");
  return seatTitle(info, seat, ctx.mySeats.has(seat) ? [t("core.words.you")] : []);
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
