// Rolled West in words, in the rule text's terms (camp, settlement, contract, shipment, Boomtown office, bank, ghost
// roll, terrain die): resources, terrains, moves, decisions and events. Every number comes from the catalog or the
// state; the words are the catalogue's "rolled-west" section.
import { t } from "../../core/i18n.js";
import { capital, listWords, whoOptions } from "../../core/words.js";
import { terrainOf } from "./catalog.js";

export const tr = (key, options) => t(`rolled-west.${key}`, options);

/** "2 copper", "a wood" (`count` 1: the article) in the page's language. */
export const resourceWords = (resource, count = 1) => tr(`resource.${resource}`, { count });

/** A terrain's name: "the woods". */
export const terrainWords = (terrain) => tr(`terrain.${terrain}`);

/** Metals by count, `{copper: 2, silver: 2}`, in words: "2 copper and 2 silver" (none left out). */
export const amountsWords = (counts) => listWords(Object.entries(counts).filter(([, n]) => n).map(([r, n]) => resourceWords(r, n)));

/** A contract in words: "the 9-point contract (2 copper and 2 silver)". */
export function contractWords(catalog, id) {
  const contract = catalog.contract(id);
  return contract ? tr("contract.words", { count: contract.points, metals: amountsWords(contract.metals) }) : id;
}

/** An office's bonus in words, its terms: "1 point per office and 1 per contract". */
export const bonusWords = (office) => listWords(office.terms.map((term, i) => tr(`term.${term.per}${i ? "_more" : ""}`, { count: term.points })));

/** A Boomtown office in words: "the copper-silver Boomtown office (1 point per office and 1 per majority)". */
export function officeWords(catalog, id) {
  const office = catalog.office(id);
  return office ? tr("office.words", { row: tr(`metal.${office.row}`), column: tr(`metal.${office.column}`), bonus: bonusWords(office) }) : id;
}

/** One move in words (the hint's options, the choices): "set the wood die aside (the woods)", "build a camp". */
export function moveWords(ctx, move) {
  const { catalog } = ctx;
  switch (move.type) {
    case "terrain": return tr("move.terrain", { resource: resourceWords(move.resource), terrain: terrainWords(terrainOf(catalog, move.resource)) });
    case "claim": return tr(`move.${move.kind}`);
    case "contract": return tr("move.contract", { contract: contractWords(catalog, move.contract) });
    case "office": return tr("move.office", { office: officeWords(catalog, move.office) });
    case "ship": return tr("move.ship", { metals: amountsWords(Object.fromEntries(catalog.metals.map((m) => [m, move[m]]))) });
    case "bank": return tr("move.bank", { resource: resourceWords(move.resource) });
    case "end_turn": return tr("move.end_turn");
    case "bank_between": return tr("move.bank_between", { resource: resourceWords(move.resource) });
    case "pass": return tr("move.pass");
    default: return move.label || move.type;
  }
}

/** Moves in one line (a hint option: a whole turn): "Set the wood die aside (the woods), build a camp, end the turn". */
export const movesWords = (ctx, moves) => capital(moves.map((m) => moveWords(ctx, m)).join(", "));

/** Whose roll a between-turns bank is of, in words: "Ann's roll", "the ghost roll". */
export const rollWords = (ctx, roll) => (roll === "ghost" ? tr("roll.ghost") : tr("roll.seat", whoOptions(ctx, roll)));

/** The decision awaited, `[title, what to do]` (`mine`: the player's own). */
export function decisionWords(ctx, pending, mine) {
  const who = whoOptions(ctx, pending.seat);
  const round = { round: pending.round, rounds: ctx.state.rounds };
  if (pending.type === "terrain") {
    return mine ? [tr("decision.terrain_title"), tr("decision.terrain_text", round)] : [tr("decision.terrain_other", who), ""];
  }
  if (pending.type === "spend") {
    const terrain = terrainWords(pending.terrain);
    return mine ? [tr("decision.spend_title", { terrain }), tr("decision.spend_text", { terrain })] : [tr("decision.spend_other", { ...who, terrain }), ""];
  }
  if (pending.type === "bank_between") {
    const roll = rollWords(ctx, pending.roll);
    if (!mine) return [tr("decision.bank_other", { ...who, roll }), ""];
    const chosen = ctx.state.my_bank;
    return [tr("decision.bank_title", { roll }),
      pending.decided ? tr(chosen?.resource ? "decision.bank_sealed" : "decision.bank_passed", { resource: resourceWords(chosen?.resource || "wood") })
        : tr("decision.bank_text")];
  }
  return [pending.type, ""];
}

/** An event of the log in words, or null. */
export function eventWords(ctx, e) {
  const who = e.seat === undefined ? {} : whoOptions(ctx, e.seat);
  const fromBank = e.from_bank && Object.keys(e.from_bank).length ? tr("event.from_bank", { amounts: amountsWords(e.from_bank) }) : "";
  switch (e.type) {
    case "rolled": return tr("event.rolled", { ...who, round: e.round, dice: listWords(e.dice.map((d) => resourceWords(d))) });
    case "terrain_chosen": return tr("event.terrain_chosen", { ...who, resource: resourceWords(e.resource), terrain: terrainWords(e.terrain) });
    case "claim": return tr(`event.${e.kind}`, { ...who, terrain: terrainWords(e.terrain), from_bank: fromBank });
    case "contract": return tr("event.contract", { ...who, contract: contractWords(ctx.catalog, e.contract), from_bank: fromBank });
    case "office": return tr("event.office", { ...who, office: officeWords(ctx.catalog, e.office), from_bank: fromBank });
    case "shipped": {
      const counts = {};
      for (const box of e.boxes) counts[box.metal] = (counts[box.metal] || 0) + 1;
      return tr("event.shipped", { ...who, metals: amountsWords(counts), from_bank: fromBank });
    }
    case "bank": return tr("event.bank", { ...who, resource: resourceWords(e.resource) });
    case "turn_ended": return tr("event.turn_ended", who);
    case "bank_sealed": return tr(e.changed ? "event.bank_changed" : "event.bank_sealed", who);
    case "banks_revealed": {
      const banks = Object.entries(e.banks).map(([seat, r]) => (r ? tr("event.banked", { ...whoOptions(ctx, Number(seat)), resource: resourceWords(r) })
        : tr("event.passed", whoOptions(ctx, Number(seat)))));
      return tr("event.banks_revealed", { roll: rollWords(ctx, e.roll), banks: listWords(banks) });
    }
    case "ghost_rolled": return tr("event.ghost_rolled", { round: e.round, dice: listWords(e.dice.map((d) => resourceWords(d))) });
    case "game_end": return tr("event.game_end");
    default: return null;
  }
}
