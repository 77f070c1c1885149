// Rolled West's How to play (the frame is the core's: core/howto.js): the rules in our own words, section by section
// under the rule text's section names, then an entry for every named thing of the game (the dice and the terrain die,
// each part of the score sheet, the ghost roll, each score row, each Boomtown office). The words are the catalogue's
// "rolled-west-rules" section; every number comes from the catalog the API serves (GET /rolled-west/components).
import { t } from "../../core/i18n.js";
import { listWords } from "../../core/words.js";
import { amountsWords, bonusWords, terrainWords, tr as words } from "./words.js";

const R = "rolled-west-rules";
const tr = (key, options) => t(`${R}.${key}`, options);

/** The How to play entry of a Boomtown office: "office-copper-silver". */
export const officeEntry = (id) => `office-${id}`;

/** The numbers the rules' words use, from the catalog. */
function numbers(catalog) {
  const n = catalog.numbers;
  const dice = catalog.dice;
  const faces = Object.values(dice.faces).reduce((a, b) => a + b, 0);
  return {
    rounds: n.rounds, playersMin: n.players_min, playersMax: n.players_max, dice: dice.count, faces, ghostDice: dice.ghost_dice,
    ghostPlayers: dice.ghost_players, campWood: n.camp_wood, settlementWood: n.settlement_wood, officeMetals: n.office_metals,
    contracts: catalog.contracts.length, spaces: catalog.claim_rows[0].numbers.length, boxes: catalog.shipping_rows[0].boxes.length,
    faceList: listWords(Object.entries(dice.faces).map(([r, k]) => words("howto_faces", { count: k, resource: words(`resource_name.${r}`) }))),
    terrains: listWords(Object.entries(dice.terrain).map(([r, row]) => words("howto_terrain", { resource: words(`resource_name.${r}`), terrain: terrainWords(row) }))),
  };
}

/** The tables: the claim rows, the shipping rows, the contracts and the offices, from the catalog. */
function tables(catalog) {
  return {
    claims: { table: { caption: tr("tables.claims"), head: [tr("tables.terrain"), ...catalog.claim_rows[0].numbers.map((_, i) => String(i + 1)), tr("tables.majority")],
      rows: catalog.claim_rows.map((row) => [terrainWords(row.terrain), ...row.numbers.map((n, i) => `${n || "–"}${row.stars[i] ? "★" : ""}`), row.majority.join(" / ")]) } },
    shipping: { table: { caption: tr("tables.shipping"), head: [tr("tables.metal"), ...catalog.shipping_rows[0].boxes.map((_, i) => String(i + 1))],
      rows: catalog.shipping_rows.map((row) => [words(`metal.${row.metal}`), ...row.boxes.map((b, i) => `${b.join(" | ")}${row.stars[i] ? "★" : ""}`)]) } },
    contracts: { table: { caption: tr("tables.contracts"), head: [tr("tables.points"), tr("tables.metals")],
      rows: catalog.contracts.map((c) => [String(c.points), amountsWords(c.metals)]) } },
    offices: { table: { caption: tr("tables.offices"), head: [tr("tables.row_column"), ...catalog.metals.map((m) => words(`metal.${m}`))],
      rows: catalog.metals.map((row) => [words(`metal.${row}`), ...catalog.metals.map((column) => bonusWords(catalog.offices.find((o) => o.row === row && o.column === column)))]) } },
  };
}

/** A text of the catalogue with `options`: a list of paragraphs (an array in the catalogue) or one. */
function paragraphs(key, options) {
  const found = t(`${R}.${key}`, { returnObjects: true });
  return Array.isArray(found) ? found.map((_, i) => t(`${R}.${key}.${i}`, options)) : [t(`${R}.${key}`, options)];
}

/** The rules' sections, under the rule text's names, and the entries. */
const SECTIONS = ["object", "rolling", "terrain", "spending", "claims", "contracts", "offices", "shipping", "banking", "passing", "end"];
const THINGS = ["dice", "terrain-die", "camp", "settlement", "claim-row", "majority", "shipping-row", "contract", "boomtown-office",
  "white-box", "dark-box", "ghost-roll"];

/** How to play Rolled West, in the page's language, with the catalog's numbers. */
export function content(catalog) {
  const n = numbers(catalog);
  const tab = tables(catalog);
  const extra = { claims: [tab.claims], contracts: [tab.contracts], offices: [tab.offices], shipping: [tab.shipping] };
  return {
    title: "Rolled West",
    sections: SECTIONS.map((key) => ({ key, title: tr(`sections.${key}.title`), body: [...paragraphs(`sections.${key}.body`, n), ...(extra[key] || [])] })),
    groups: [
      { key: "things", title: tr("groups.things"), intro: tr("groups.things_intro"),
        entries: THINGS.map((key) => ({ key, title: tr(`things.${key}.title`), summary: tr(`things.${key}.summary`, n), body: paragraphs(`things.${key}.body`, n) })) },
      { key: "offices", title: tr("groups.offices"), intro: tr("groups.offices_intro"),
        entries: catalog.offices.map((o) => {
          const name = tr("office_title", { row: words(`metal.${o.row}`), column: words(`metal.${o.column}`) });
          const bonus = bonusWords(o);
          return { key: officeEntry(o.id), title: name, summary: bonus,
            body: [tr("office_body", { cost: amountsWords(o.cost), bonus }), ...o.terms.map((term) => tr(`terms.${term.per}`))] };
        }) },
      { key: "scores", title: tr("groups.scores"), intro: tr("groups.scores_intro"),
        entries: catalog.score_categories.map((k) => ({ key: `score-${k}`, title: words(`category.${k}`), summary: tr(`scores.${k}`, n), body: [tr(`scores.${k}`, n)] })) },
    ],
  };
}

/** No first-game guide: the decision's own words say what to click. */
export const guide = () => null;
