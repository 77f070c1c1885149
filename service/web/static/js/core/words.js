// Words every game's page uses: who sits where ("you", a name, "Seat 2" counted from 1), capitals, plurals, lists,
// places. The words themselves are the catalogue's ("core.words": locales/<language>.json through i18n.js).
import { language, t } from "./i18n.js";

/** The name the server gives a seat taken without one ("Seat 0" before issue 37, "Seat 1" since): not a person's. */
const DEFAULT_NAME = /^Seat \d+$/;

/** Whether `seat` is the one seat this browser plays (`ctx.mySeats`): then the page says "you" of it. */
export const isYou = (ctx, seat) => !!ctx.mySeats?.has(seat) && ctx.mySeats.size === 1;

/** Whether `name` is the one the server gives a bot's seat left unnamed ("Hint bot" for a `hint` bot). */
const isBotName = (name, bot) => !!bot && name === `${bot.charAt(0).toUpperCase()}${bot.slice(1)} bot`;

/** The bot whose default name `name` is ("hint" for "Hint bot"), for a seat known only by its name (the list of my
 * games keeps names only); null for any other name. */
export function botOfName(name) {
  const bot = /^([A-Z][a-z]+) bot$/.exec(String(name || ""))?.[1]?.toLowerCase();
  return bot && t(`core.seats.bot_name.${bot}`, { defaultValue: "" }) ? bot : null;
}

/** A seat's name without "you": its player's name, "Seat 2" (counted from 1) for a seat taken without one, or the
 * page's words for the name the server gives an unnamed bot ("Bot conseil" for "Hint bot" in French)
 * (`info`: the state's seat, `{name, bot, ...}`, or undefined). */
export function personName(info, seat) {
  const name = info?.name;
  if (isBotName(name, info?.bot)) return t(`core.seats.bot_name.${info.bot}`, { defaultValue: name });
  return name && !DEFAULT_NAME.test(name) ? name : t("core.words.seat", { number: seat + 1 });
}

/** "Ann" or "you" for a seat (`ctx.mySeats`: the seats this browser plays; `ctx.seats`: the state's seats). */
export function seatName(ctx, seat) {
  if (seat === null || seat === undefined) return t("core.words.someone");
  if (isYou(ctx, seat)) return t("core.words.you");
  return personName(ctx.seats?.[seat], seat);
}

/** The i18next options naming `seat` in a sentence: `{who, context}` — `context: "you"` picks the key's "you" form
 * (`key_you`: "You draft…" against "{{who}} drafts…"), so that person and agreement are the catalogue's. */
export function whoOptions(ctx, seat) {
  return isYou(ctx, seat) ? { who: t("core.words.you"), context: "you" } : { who: seatName(ctx, seat) };
}

/** "Text" from "text". */
export const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** "1 stack", "2 stacks" (English only: the catalogue's plurals, `key_one`/`key_other` with `count`, are the rule). */
export const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** "1st", "2nd", "3rd", "4th" in English, "1er", "2e" in French (the catalogue's ordinal plurals). */
export function ordinal(n) {
  return t("core.words.place", { count: n, ordinal: true });
}

const listFormats = new Map(); // language -> its Intl.ListFormat (made once: making one is slow)

/** "a, b and c" in the page's language (Intl.ListFormat). */
export function listWords(items) {
  const code = language();
  if (!listFormats.has(code)) listFormats.set(code, new Intl.ListFormat(code, { style: "long", type: "conjunction" }));
  return listFormats.get(code).format(items.map(String));
}
