// Words every game's page uses: who sits where ("you", a name), capitals, plurals, places.

/** "Ann" or "you" for a seat (`ctx.mySeats`: the seats this browser plays; `ctx.seats`: the state's seats). */
export function seatName(ctx, seat) {
  if (seat === null || seat === undefined) return "someone";
  if (ctx.mySeats?.has(seat) && ctx.mySeats.size === 1) return "you";
  return ctx.seats?.[seat]?.name || `Seat ${seat}`;
}

/** "Text" from "text". */
export const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** "1 stack", "2 stacks". */
export const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** "1st", "2nd", "3rd", "4th". */
export function ordinal(n) {
  return `${n}${n === 1 ? "st" : n === 2 ? "nd" : n === 3 ? "rd" : "th"}`;
}
