// Wild Tiled West in plain words: events as they happen, stack slots, dice and draft choices (the rulebook's terms).
import { capital, plural, seatName } from "../../core/words.js";
import { partnerText, tileName, tileOf } from "./catalog.js";

/** A stack slot in words: "left tray, row 2, column 3 (on the river)". */
export function slotWords(catalog, slot) {
  const [tray, rc] = String(slot).split(":");
  const [row, col] = (rc || "").split(",").map(Number);
  const river = catalog.trays.slots.find((s) => s.tray === tray && s.row === row && s.col === col)?.on_river;
  return `${tray} tray, row ${row + 1}, column ${col + 1}${river ? " (river)" : ""}`;
}

/** A die in words: "prairie die 7". */
function dieWords(state, dieId) {
  const die = (state.dice || []).find((d) => d.id === dieId);
  return die ? `${die.kind} die ${die.value}` : `die ${dieId}`;
}

/** A draft option in words (die, stack, claim jumps and price). */
export function draftWords(catalog, state, move) {
  const tile = tileName(catalog, move.tile);
  if (move.type === "sawmill") return `Flip the Sawmill: take ${tile} from the ${slotWords(catalog, move.slot)}${move.cost ? `, paying ${move.cost} gold` : ""}`;
  if (move.type === "signpost") return `Place your set-aside ${tile} on signpost 3 instead of drafting`;
  let text = `Use the ${dieWords(state, move.die)} to take ${tile}`;
  if (move.jumps) text += `, claim jumping over ${plural(move.jumps, "stack")}`;
  text += move.cost ? ` — pay ${move.cost} gold` : " — free";
  return text;
}

const TURNS = ["as printed", "turned 90°", "turned 180°", "turned 270°"];

/** An orientation in words, as the server's labels say it: "turned 90°", "flipped, turned 180°". */
export function orientationWords(shape) {
  if (!shape) return "";
  const turned = TURNS[shape.turns];
  if (!shape.flipped) return turned;
  return shape.turns === 0 ? "flipped" : `flipped, ${turned}`;
}

/** A placement in words: "Sheriff's Office at row 3, column 4, turned 90°" (`shape`: the catalog's orientation). */
function placeWords(catalog, move, shape) {
  return `${tileName(catalog, move.tile)} at row ${move.row}, column ${move.col}${shape ? `, ${orientationWords(shape)}` : ""}`;
}

/** Moves in words, one line: "Use the river die 4 to take tile t15 — pay 1 gold; then tile t15 at row 8, ...". */
export function movesWords(catalog, state, moves) {
  return capital(moves.map((m) => moveWords(catalog, state, m)).join("; then "));
}

/** Any move in words: drafts and placements by the client's words, the others by the server's label or type. */
function moveWords(catalog, state, move) {
  if (move.type === "draft" || move.type === "sawmill" || move.type === "signpost") return draftWords(catalog, state, move);
  if (move.type === "place") return placeWords(catalog, move, tileOf(catalog, move.tile)?.orientation_shapes[move.orientation]);
  if (move.type === "wrangle") return move.cows ? `wrangle ${move.cows} cows` : "keep the pasture growing";
  // a hint's moves carry no label: the partner is named, so that two options never read the same (Setup E)
  if (move.type === "keep_partner" && move.partner) return `keep ${partnerText(catalog, move.partner).name}`;
  return move.label || move.type.replaceAll("_", " ");
}

const OUTCOME = { win: "wins", lose: "loses", tie: "ties", none: "neither wins nor loses" };

/** One event of the log in words, or null for bookkeeping that says nothing to a player. */
export function eventWords(ctx, e) {
  const who = seatName(ctx, e.seat);
  const Who = capital(who);
  const does = (verb, you) => (who === "you" ? you : verb);
  const c = ctx.catalog;
  switch (e.type) {
    case "setup": {
      const first = seatName(ctx, e.first_player);
      return `The game is set up for ${plural(e.players, "player")}; ${first} ${first === "you" ? "go" : "goes"} first.`;
    }
    case "setup_gold": return `${Who} ${does("takes", "take")} ${e.gold} gold for going last in the first round.`;
    case "building_set_aside": return `${Who} ${does("sets", "set")} aside ${tileName(c, e.tile)} (wild side).`;
    case "no_building_in_trays": return `No ${e.building} is left in the trays for ${who}.`;
    case "partner_kept": return `${Who} ${does("keeps", "keep")} a partner face down.`;
    case "partner_kept_card": return `${Who} ${does("keeps", "keep")} ${partnerText(c, e.partner).name} as a partner (face down).`;
    case "partners_revealed": return `Face-up partners: ${e.face_up_partners.map((p) => partnerText(c, p).name).join(", ")}.`;
    case "year_start": return `Year ${e.year} begins.`;
    case "mining_income": return `${Who} ${does("mines", "mine")} ${e.gold} gold${e.choice === "pickaxes" ? " and takes 2 pickaxes" : ""}.`;
    case "round_start": return `Round ${e.round}: the dice are rolled (${e.rolled.map((d) => `${d.kind} ${d.value}`).join(", ")}).`;
    case "die_placed": return e.slot === e.rolled ? null : `The ${e.kind} die showing ${e.rolled} moves to slot ${e.slot}.`;
    case "die_moved": return `A die moves from slot ${e.from} to slot ${e.to} (its row or column is empty).`;
    case "drafted": return `${Who} ${does("drafts", "draft")} ${tileName(c, e.tile)} with a die${e.jumps ? `, claim jumping over ${plural(e.jumps, "stack")}` : ""}${e.cost ? ` for ${e.cost} gold` : ""}.`;
    case "sawmill_flipped": return `${Who} ${does("flips", "flip")} the Sawmill to take ${tileName(c, e.tile)}${e.cost ? ` for ${e.cost} gold` : ""}.`;
    case "signpost_building": return `${Who} ${does("places", "place")} the set-aside ${tileName(c, e.tile)}.`;
    case "free_alleys": return `${Who} ${does("builds", "build")} ${e.count === 1 ? "a free alley" : "two free alleys"} instead of drafting.`;
    case "wheelwright_pair": return `${Who} ${does("places", "place")} two alleys (Wheelwright).`;
    case "passed": return `${Who} ${does("passes", "pass")}: nothing can be placed.`;
    case "no_option": return `${Who} cannot use this choice (${String(e.decision).replace("_", " ")}): nothing to choose.`;
    case "tile_placed": return `${Who} ${does("places", "place")} ${tileName(c, e.tile)} at row ${e.row}, column ${e.col}.`;
    case "bonus": return `${Who} ${does("gains", "gain")} ${plural(e.count, e.item.replace(/s$/, ""))} from a bonus space.`;
    case "gain": return `${Who} ${does("gains", "gain")} ${plural(e.count, e.item.replace(/s$/, ""))}${e.why ? ` (${e.why})` : ""}.`;
    case "pickaxe": return `${Who} ${does("advances", "advance")} ${plural(e.count, "space")} on the mining track (${e.from} → ${e.to}).`;
    case "second_partner": return e.choice === "face_up"
      ? `${Who} ${does("takes", "take")} ${partnerText(c, e.partner).name} as a second partner.`
      : `${Who} ${does("takes", "take")} a second partner from the deck without looking.`;
    case "town_completed": return `${Who} ${does("completes", "complete")} ${e.town}: ${e.sign} points${e.bonus ? ` + ${e.bonus} completion bonus` : ""}.`;
    case "wrangle": return `${Who} ${does("wrangles", "wrangle")} ${e.cows} cows for ${e.points} points.`;
    case "wrangle_declined": return `${Who} ${does("keeps", "keep")} the pasture growing.`;
    case "cattle_contract": return `${Who} ${does("claims", "claim")} the ${e.contract} cattle contract (${e.side} side): ${e.amount} ${e.contract}.`;
    case "surrounded": return `${Who}: ${e.building} is surrounded.`;
    case "rope_trick": return `${Who} ${does("surrounds", "surround")} a rope: ${e.points} points.`;
    case "shot": return `A sheriff of ${who} shoots the bandit at row ${e.row}, column ${e.col}: a tombstone.`;
    case "hideout": return `${Who}: the Hideout turns the sheriff at row ${e.row}, column ${e.col} into a tombstone.`;
    case "general_store": return `${Who} ${does("chooses", "choose")} ${e.choice} from the General Store.`;
    case "wheelwright": return `${Who} ${does("places", "place")} the Wheelwright ${e.side === "alleys" ? "for two alleys now" : "for alley pairs from now on"}.`;
    case "ace_card": return `${Who} ${does("takes", "take")} the ace card of ${e.suit}.`;
    case "stash": return e.gold ? `${Who} ${does("stashes", "stash")} 1 gold on the building (Carpenters).` : null;
    case "hotel": return `${Who} ${does("scores", "score")} ${e.points} more points (Hotel).`;
    case "hill_bandit": return `${Who} ${does("places", "place")} a hill bandit at row ${e.row}, column ${e.col}.`;
    case "round_end": return null;
    case "tussle": return `Year ${e.year} Tussle: ${e.results.map((r) => `${seatName(ctx, r.seat)} (${plural(r.bandits, "bandit")}) ${OUTCOME[r.outcome] || r.outcome}${r.points ? ` ${r.points > 0 ? "+" : ""}${r.points}` : ""}`).join("; ")}.`;
    case "bandit_card_revealed": return `A bandit card is revealed: ${plural(e.bandits, "bandit")}, ${plural(e.cows, "cow")}, ${plural(e.bullets, "bullet")}.`;
    case "bandit_deck_empty": return "The bandit deck is empty.";
    case "ridge_bandits_covered": return `${plural(e.bullets, "bullet")} cover bandits on Bandit Ridge.`;
    case "contract_flipped_by_bandits": return `The bandits' cows flip the ${e.contract} cattle contract (${e.size} cows).`;
    case "solo_tussle": return `Tussle with Bandit Ridge: your ${e.you} against its ${e.bandit_ridge} bandits — you ${e.outcome} (${e.points > 0 ? "+" : ""}${e.points} points).`;
    case "ridge_hill_bandit": return "Bandit Ridge takes a hill bandit.";
    case "game_end": return "The game is over.";
    default: return `${e.type.replaceAll("_", " ")}${e.seat !== undefined ? ` (${who})` : ""}.`;
  }
}

/** The decision awaited, in words: `[title, what to do]`, for the seat that decides (`mine`) or the others. */
export function decisionWords(ctx, pending, mine) {
  const c = ctx.catalog;
  const who = seatName(ctx, pending.seat);
  const tile = pending.tile ? tileName(c, pending.tile) : "";
  const mineText = {
    keep_partner: ["Keep a partner", "Choose one of your two partner cards to keep face down; the other goes back to the deck."],
    house_site: ["Place your house", `House in Danger: place ${tile} covering the house site. Your first tiles will connect to it.`],
    year4_mining: ["Year 4 mining", "Take your Mining Income as usual, or take only 1 gold and 2 pickaxes (two spaces up your mining track)."],
    draft: ["Draft a tile", "Choose a stack a die reaches (the highlighted ones in the trays), or build free alleys instead."],
    place_tile: [`Place ${tile}`, "Move the tile over your settlement board; rotate and flip it; the green squares show where it fits. Click to place it."],
    place_alley: [pending.pair ? "Place two alleys" : "Place an alley", pending.adjacent_to ? "The second alley must go beside the first one." : "Place the alley on your settlement board, connected to your tiles."],
    second_partner: ["Take a second partner", "Your mining marker reached the hat: take one of the face-up partners, or the top card of the deck without looking."],
    hill_bandit: ["Place a hill bandit", "You won the Tussle: put a hill bandit on any free hill of your settlement board."],
    wrangle: ["Wrangle?", "This pasture can be wrangled: take a cowpoke now for the points (and a cattle contract for 4 or more cows), or keep it growing. Each pasture is wrangled only once."],
    shoot: ["Shoot a bandit", "Your sheriffs can shoot more bandits than you have bullets: choose which one to shoot."],
    hideout: ["Hideout", "Cover up to two sheriffs on your board with bullets: they become tombstones and stop shooting."],
    wheelwright: ["Wheelwright", "Take two alleys now, or from now on place two adjacent alleys whenever you would place one."],
    general_store: ["General Store", "Your General Store is surrounded: choose 2 bullets, 2 pickaxes or 2 alleys."],
    ace_card: ["Take an ace card", "Choose an ace card from the supply: it counts like an ace on your board at the Endgame."],
    stash: ["Carpenters", "You may stash 1 gold on the building you placed: it scores 2 points at the Endgame."],
  };
  if (mine) return mineText[pending.type] || [capital(pending.type.replaceAll("_", " ")), "Choose one of the options."];
  const doing = {
    keep_partner: "choosing a partner", draft: "drafting a tile", place_tile: `placing ${tile}`, place_alley: "placing an alley",
    wrangle: "deciding whether to wrangle", shoot: "choosing a bandit to shoot", second_partner: "taking a second partner",
    hill_bandit: "placing a hill bandit", year4_mining: "choosing their Year 4 mining", house_site: "placing their house",
  }[pending.type] || pending.type.replaceAll("_", " ");
  return [`${capital(who)} ${who === "you" ? "are" : "is"} ${doing}`, ""];
}
