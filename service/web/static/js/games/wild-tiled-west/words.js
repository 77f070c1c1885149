// Wild Tiled West in plain words: events as they happen, stack slots, dice and draft choices, in the rulebook's terms.
// Every sentence is the catalogue's ("wild-tiled-west" in locales/<language>.json, through core/i18n.js): plurals by
// `count`, and a seat's person by `context: "you"` ("You draft…" against "Ann drafts…": core/words.js whoOptions).
import { deviceContext } from "../../core/dom.js";
import { t } from "../../core/i18n.js";
import { capital, listWords, whoOptions } from "../../core/words.js";
import { buildingName, partnerText, scoreboardOf, tileName, tileOf } from "./catalog.js";

const W = "wild-tiled-west";
const tr = (key, options) => t(`${W}.${key}`, options);

/** A stack slot in words, rows and columns counted from 1: "the left tray, row 2, column 3 (river)". */
export function slotWords(catalog, slot) {
  const [tray, rc] = String(slot).split(":");
  const [row, col] = (rc || "").split(",").map(Number);
  const river = catalog.trays.slots.find((s) => s.tray === tray && s.row === row && s.col === col)?.on_river;
  return tr(river ? "slot.river" : "slot.plain", { tray: tr(`slot.${tray}`), row: row + 1, col: col + 1 });
}

/** A board square in words, counted from 1: "row 3, column 4" for the 0-based `(2, 3)`. */
export const squareWords = (row, col) => tr("square", { row: row + 1, col: col + 1 });

/** A die's kind in words: "prairie", "river". */
const kindWords = (kind) => tr(`die.${kind}`);

/** A die in words: "the prairie die 7" (`state.dice`: the dice as they lie). */
function dieWords(state, dieId) {
  const die = (state.dice || []).find((d) => d.id === dieId);
  return die ? tr("die.named", { kind: kindWords(die.kind), value: die.value }) : tr("die.some");
}

/** ", paying 2 gold" or "" (the gold is a mass noun: "1 gold", "2 gold"). */
const paying = (cost) => (cost ? tr("draft.paying", { count: cost }) : "");

/** A draft option in words (die, stack, claim jumps and price). */
export function draftWords(catalog, state, move) {
  const tile = tileName(catalog, move.tile);
  if (move.type === "sawmill") return tr("draft.sawmill", { tile, slot: slotWords(catalog, move.slot), paying: paying(move.cost) });
  if (move.type === "signpost") return tr("draft.signpost", { tile });
  const jumps = move.jumps ? tr("draft.jumps", { count: move.jumps }) : "";
  return tr("draft.die", { die: dieWords(state, move.die), tile, jumps, price: move.cost ? tr("draft.price", { count: move.cost }) : tr("draft.free") });
}

/** An orientation in words: "as printed", "turned 90°", "flipped, turned 180°" (the catalog's orientation shape). */
export function orientationWords(shape) {
  if (!shape) return "";
  const turned = tr(`turn.${shape.turns}`);
  if (!shape.flipped) return turned;
  return shape.turns === 0 ? tr("turn.flipped") : tr("turn.flipped_turned", { turned });
}

/** A placement in words: "the Sheriff's Office at row 3, column 4, turned 90°" (`move.row`, `move.col`: 0-based). */
function placeWords(catalog, move, shape) {
  const where = squareWords(move.row, move.col);
  const tile = tileName(catalog, move.tile);
  return shape ? tr("place.turned", { tile, where, turned: orientationWords(shape) }) : tr("place.plain", { tile, where });
}

/** When a reviewed decision was made (its `moment`: `{year, round_in_year}`), in words: "in year 2, round 3". */
export const momentWords = (moment) => tr("moment", { year: moment.year, round: moment.round_in_year });

/** Moves in words, one line: "Use the river die 4 to take the Bank — pay 1 gold; then the Bank at row 8, ...". */
export function movesWords(catalog, state, moves) {
  return capital(moves.map((m, i) => {
    const before = moves[i - 1];
    // the tile just drafted is placed: "then place it at …" rather than its name again
    if (m.type === "place" && before && before.tile === m.tile && before.type !== "place") {
      const shape = tileOf(catalog, m.tile)?.orientation_shapes[m.orientation];
      return tr("place.it", { where: squareWords(m.row, m.col), turned: orientationWords(shape) });
    }
    return moveWords(catalog, state, m);
  }).join(tr("then")));
}

/** The words of each move that needs only its own fields (the others: `moveWords`). */
const PLAIN = {
  wrangle: (m) => (m.cows ? tr("move.wrangle", { count: m.cows }) : tr("move.keep_growing")),
  free_alleys: (m) => tr("move.free_alleys", { count: m.count }),
  mining: (m) => tr(m.choice === "income" ? "move.mining_income" : "move.mining_pickaxes"),
  hill_bandit: (m) => tr("move.hill_bandit", { where: squareWords(m.row, m.col) }),
  shoot: (m) => tr("move.shoot", { where: squareWords(m.row, m.col) }),
  hideout: (m) => (m.done ? tr("move.hideout_done") : tr("move.hideout", { where: squareWords(m.row, m.col) })),
  general_store: (m) => tr(`move.general_store.${m.choice}`),
  wheelwright: (m) => tr(m.side === "alleys" ? "move.wheelwright_now" : "move.wheelwright_pairs"),
  ace_card: (m) => tr("move.ace_card", { suit: tr(`suit.${m.suit}`) }),
  stash: (m) => tr(m.gold ? "move.stash" : "move.stash_nothing"),
  alley_pair: () => tr("move.alley_pair"),
  pass: () => tr("move.pass"),
  second_partner: () => tr("move.second_partner_deck"),
};

/** Any move in words: drafts and placements by their fields, the others by the words of their type (a hint's moves
 * carry no label: the partner is named, so that two options never read the same, Setup E). */
export function moveWords(catalog, state, move) {
  if (move.type === "draft" || move.type === "sawmill" || move.type === "signpost") return draftWords(catalog, state, move);
  if (move.type === "place") return placeWords(catalog, move, tileOf(catalog, move.tile)?.orientation_shapes[move.orientation]);
  if (move.type === "keep_partner") return tr("move.keep_partner", { partner: partnerText(catalog, move.partner).name });
  if (move.type === "second_partner" && move.choice === "face_up") return tr("move.second_partner", { partner: partnerText(catalog, move.partner).name });
  if (PLAIN[move.type]) return PLAIN[move.type](move);
  return tr("move.other");
}

/** An item gained (a bonus space, a contract, a building) in words: "2 bullets", "1 gold". */
export const itemWords = (item, count) => tr(`item.${String(item).replace(/s$/, "")}`, { count });

/** A Tussle result of one seat: "Ann (2 bandits) wins +2 points", "you (1 bandit) lose −1 point". */
function tussleResult(ctx, r) {
  const points = r.points ? tr("tussle.points", { count: r.points, signed: `${r.points > 0 ? "+" : "−"}${Math.abs(r.points)}` }) : "";
  return tr(`tussle.${r.outcome}`, { ...whoOptions(ctx, r.seat), bandits: tr("tussle.bandits", { count: r.bandits }), points });
}

/** Whether the catalogue has `key` (under "wild-tiled-west"). */
const has = (key) => t(`${W}.${key}`) !== `${W}.${key}`;

/** Event types that say nothing to a player: the round's end, a die that stays where it was rolled. */
const SILENT = new Set(["round_end"]);

/** The round of its year that a `round_start` event begins (1-based), as the game's header counts it: the game's round
 * less the rounds of the years before (the scoreboard's rounds per year, for the table's number of players). */
function roundOfYear(ctx, e) {
  const perYear = scoreboardOf(ctx.catalog, ctx.state?.players?.length || 1)?.rounds_per_year || [];
  return e.round - perYear.slice(0, Math.max(0, e.year - 1)).reduce((sum, n) => sum + n, 0);
}

/** One event of the log in words, or null for bookkeeping that says nothing to a player. */
export function eventWords(ctx, e) {
  const c = ctx.catalog;
  const w = whoOptions(ctx, e.seat);
  const ev = (key, options = {}) => tr(`event.${key}`, { ...w, ...options });
  if (SILENT.has(e.type)) return null;
  switch (e.type) {
    case "setup": return tr("event.setup", { count: e.players, ...whoOptions(ctx, e.first_player) });
    case "setup_gold": return ev("setup_gold", { count: e.gold });
    case "building_set_aside": return ev("building_set_aside", { tile: tileName(c, e.tile) });
    case "no_building_in_trays": return ev("no_building_in_trays", { building: buildingName(e.building) });
    case "partner_kept": return ev("partner_kept");
    case "partner_kept_card": return ev("partner_kept_card", { partner: partnerText(c, e.partner).name });
    case "partners_revealed": return ev("partners_revealed", { partners: listWords(e.face_up_partners.map((p) => partnerText(c, p).name)) });
    case "year_start": return ev("year_start", { year: e.year });
    case "mining_income": return ev(e.choice === "pickaxes" ? "mining_pickaxes" : "mining_income", { count: e.gold });
    case "round_start": return ev("round_start", { year: e.year, round: roundOfYear(ctx, e), dice: listWords(e.rolled.map((d) => tr("die.rolled", { kind: kindWords(d.kind), value: d.value }))) });
    case "die_placed": return e.slot === e.rolled ? null : ev("die_placed", { kind: kindWords(e.kind), value: e.rolled, slot: e.slot });
    case "die_moved": return ev("die_moved", { from: e.from, to: e.to });
    case "drafted": return ev("drafted", { tile: tileName(c, e.tile), jumps: e.jumps ? tr("draft.jumps", { count: e.jumps }) : "", cost: e.cost ? tr("event.for_gold", { count: e.cost }) : "" });
    case "sawmill_flipped": return ev("sawmill_flipped", { tile: tileName(c, e.tile), cost: e.cost ? tr("event.for_gold", { count: e.cost }) : "" });
    case "signpost_building": return ev("signpost_building", { tile: tileName(c, e.tile) });
    case "free_alleys": return ev("free_alleys", { count: e.count });
    case "wheelwright_pair": return ev("wheelwright_pair");
    case "passed": return ev("passed");
    case "no_option": return ev(`no_option.${has(`event.no_option.${e.decision}`) ? e.decision : "other"}`, { tile: e.tile ? tileName(c, e.tile) : "" });
    case "tile_placed": return ev("tile_placed", { tile: tileName(c, e.tile), where: squareWords(e.row, e.col) });
    case "bonus": return ev("bonus", { items: itemWords(e.item, e.count) });
    case "gain": return ev("gain", { items: itemWords(e.item, e.count), why: e.why ? tr("event.why", { why: whyWords(e.why) }) : "" });
    case "pickaxe": return ev("pickaxe", { count: e.count, from: e.from, to: e.to });
    case "second_partner": return e.choice === "face_up" ? ev("second_partner", { partner: partnerText(c, e.partner).name }) : ev("second_partner_deck");
    case "town_completed": return ev(e.bonus ? "town_completed_bonus" : "town_completed", { town: e.town, count: e.sign, bonus: e.bonus });
    case "wrangle": return ev("wrangle", { count: e.cows, points: tr("points", { count: e.points }) });
    case "wrangle_declined": return ev("wrangle_declined");
    case "cattle_contract": return ev(e.side === "small" ? "cattle_contract_small" : "cattle_contract", { contract: tr(`contract.${e.contract}`), items: itemWords(e.contract, e.amount) });
    case "surrounded": return ev("surrounded", { building: buildingName(e.building) });
    case "rope_trick": return ev("rope_trick", { count: e.points });
    case "shot": return ev("shot", { where: squareWords(e.row, e.col) });
    case "hideout": return ev("hideout", { where: squareWords(e.row, e.col) });
    case "general_store": return ev("general_store", { choice: tr(`move.general_store.${e.choice}`) });
    case "wheelwright": return ev(e.side === "alleys" ? "wheelwright_now" : "wheelwright_pairs");
    case "ace_card": return ev("ace_card", { suit: tr(`suit.${e.suit}`) });
    case "stash": return e.gold ? ev("stash") : null;
    case "hotel": return ev("hotel", { count: e.points });
    case "hill_bandit": return ev("hill_bandit", { where: squareWords(e.row, e.col) });
    case "tussle": return tr("event.tussle", { year: e.year, results: e.results.map((r) => tussleResult(ctx, r)).join(tr("event.tussle_separator")) });
    case "bandit_card_revealed": return tr("event.bandit_card_revealed", { cows: tr("item.cow", { count: e.cows }), bandits: tr("item.bandit", { count: e.bandits }), bullets: tr("item.bullet", { count: e.bullets }) });
    case "bandit_deck_empty": return tr("event.bandit_deck_empty");
    case "ridge_bandits_covered": return tr("event.ridge_bandits_covered", { count: e.bullets });
    case "contract_flipped_by_bandits": return tr("event.contract_flipped_by_bandits", { contract: tr(`contract.${e.contract}`), count: e.size });
    case "solo_tussle": return tr(`event.solo_tussle_${e.outcome}`, { you: tr("item.bandit", { count: e.you }), ridge: tr("item.bandit", { count: e.bandit_ridge }), points: tr("points_signed", { count: Math.abs(e.points), signed: `${e.points >= 0 ? "+" : "−"}${Math.abs(e.points)}` }) });
    case "ridge_hill_bandit": return tr("event.ridge_hill_bandit");
    case "game_end": return tr("event.game_end");
    default: return tr("event.other");
  }
}

/** Why an item was gained (a `gain` event's `why`: a building's, a partner's or the Tussle's name) in words. */
function whyWords(why) {
  const key = `${W}.why.${String(why).toLowerCase().replace(/[^a-z]+/g, "_")}`;
  const text = t(key);
  return text === key ? buildingName(why) : text;
}

/** The decision awaited, in words: `[title, what to do]`, for the seat that decides (`mine`) or the others. */
export function decisionWords(ctx, pending, mine) {
  const tile = pending.tile ? tileName(ctx.catalog, pending.tile) : "";
  if (mine) {
    const key = `${W}.decision.${pending.type}`;
    if (t(`${key}.title`) === `${key}.title`) return [tr("decision.other.title"), tr("decision.other.text")];
    const variant = pending.type === "place_alley" ? (pending.pair ? "_pair" : "") : "";
    const text = pending.type === "place_alley" && pending.adjacent_to ? tr("decision.place_alley.second") : t(`${key}.text`, { tile, context: deviceContext() });
    return [t(`${key}.title${variant}`, { tile }), text];
  }
  const who = whoOptions(ctx, pending.seat);
  const doing = tr(`doing.${pending.type}`, { tile, context: who.context, defaultValue: tr("doing.other") });
  return [tr("doing.sentence", { ...who, doing }), ""];
}
