// Wild Tiled West's How to play (issue 37; the frame is the core's: core/howto.js): the rules section by section under
// the rulebook's section names, an entry for every building, partner, wild side, cattle contract and score row, and
// the first-game guide through a solo game's first turn. The words are the catalogue's "wild-tiled-west-rules"
// section; every number comes from the catalog the API serves (GET /catalog/...), never from these words.
import { deviceContext } from "../../core/dom.js";
import { t } from "../../core/i18n.js";

const R = "wild-tiled-west-rules";
const tr = (key, options) => t(`${R}.${key}`, options);

/** A name as a catalogue key: "Sheriff's Office" -> "sheriffs-office", "house_in_danger" -> "house-in-danger". */
export const slug = (name) => String(name).toLowerCase().replace(/['’]/g, "").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");

/** The How to play entry of a building (by its name), a partner (by its card id), a wild side (by its rule key), a
 * cattle contract (by its kind) or a score row (by its category: "pink_buildings"). */
export const buildingEntry = (name) => `building-${slug(name)}`;
export const partnerEntry = (catalog, id) => {
  const partner = catalog.partners.get(id);
  return partner ? `partner-${slug(partner.name)}` : null;
};
export const wildSideEntry = (rule) => `wild-${slug(rule)}`;
export const contractEntry = (kind) => `contract-${slug(kind)}`;
export const scoreEntry = (category) => `score-${slug(category)}`;

/** The entry or section that explains a legend item of the board's picture (its `data-legend`, svg.py's features),
 * or null. */
export function legendEntry(legend) {
  const [kind, what] = String(legend).split(":");
  if (kind === "town") return scoreEntry("towns");
  const wild = { house_site: "house_in_danger", signpost: "signpost", ace_card: "pocket_aces", pocket_ace: "pocket_aces",
    rope: "rope_trick", creek: "dry_creek" }[what];
  if (wild) return wildSideEntry(wild);
  return {
    start: "placing", empty: "placing", street: "placing", alley_tile: "placing", gold: "placing", bullet: "placing", alley: "placing",
    field: "wrangling", cow: "wrangling", cowpoke: "wrangling", hill: "tussle", hill_bandit: "tussle",
    bandit: "sheriffs", sheriff: "sheriffs", tombstone: scoreEntry("tombstones"), mine: scoreEntry("mining"),
    pickaxe: scoreEntry("mining"), horseshoe: scoreEntry("trailblazing"), ace: scoreEntry("aces"),
    building: "buildings", house: "buildings",
  }[what] || null;
}

/** The numbers the rules' words use, from the catalog (rules.toml's, the scoreboard's, the mining track's). */
function numbers(catalog) {
  const board = catalog.scoreboard;
  const rules = board.rules;
  return {
    years: board.multiplayer.rounds_per_year.length, startPoints: rules.starting_points,
    dealtPartners: rules.dealt_partners, faceUpPartners: rules.face_up_partners,
    year1Income: board.mining_track[0].income, year4Gold: rules.year4_gold, year4Pickaxes: rules.year4_pickaxes,
    trailblazingPoints: rules.trailblazing_points, tombstonePoints: rules.tombstone_points,
    aceSet3: rules.ace_set_points["3"], aceSet4: rules.ace_set_points["4"],
    minCows: rules.min_cows, contractMinCows: rules.contract_min_cows, maxCows: rules.max_cows,
  };
}

/** The tables of the rules, from the catalog: the years (Gameplay), wrangle points (Wrangling), the mining track
 * (Scoring points) and the solo ranks (Solo Play). */
function tables(catalog) {
  const board = catalog.scoreboard;
  const side = board.multiplayer;
  const head = (name, columns) => columns.map((c) => tr(`tables.${name}.${c}`));
  return {
    gameplay: { caption: tr("tables.years.caption"), head: head("years", ["year", "rounds", "tussle", "bonus"]),
      rows: side.rounds_per_year.map((rounds, i) => [String(i + 1), String(rounds), String(side.tussle_points[i]),
        side.town_bonus[i] === undefined ? tr("tables.years.none") : String(side.town_bonus[i])]) },
    wrangling: { caption: tr("tables.wrangle.caption"), head: head("wrangle", ["cows", "points"]),
      rows: Object.entries(side.wrangle_points).map(([cows, points]) => [cows, String(points)]) },
    scoring: { caption: tr("tables.mining.caption"), head: head("mining", ["space", "income", "points", "partner"]),
      rows: board.mining_track.map((space, i) => [String(i + 1), String(space.income), String(space.points),
        space.partner ? tr("tables.mining.yes") : ""]) },
    solo: { caption: tr("tables.ranks.caption"), head: head("ranks", ["rank", "points"]),
      rows: board.solo_ranks.map((rank) => [tr(`ranks.${slug(rank.name)}`), `${rank.points}+`]) },
  };
}

/** The rulebook's sections, in its order (keys of the catalogue's sections). */
const SECTIONS = ["overview", "setup", "gameplay", "mining-income", "drafting-rounds", "drafting-a-tile", "placing",
  "tussle", "scoring", "buildings", "wrangling", "sheriffs", "endgame", "wild-sides", "solo", "first-game", "tips"];

const GUIDE_STEPS = ["keep", "draft", "place", "scored"];

/** An entry: its body's first paragraph is its summary (an entry link's tooltip). */
const entry = (key, title, body) => ({ key, title, summary: body[0], body });

/** The whole How to play of `catalog` in the page's language (core/howto.js: the content's shape). */
export function content(catalog) {
  const n = numbers(catalog);
  const extra = tables(catalog);
  const steps = GUIDE_STEPS.map((step) => tr("guideLine", { title: tr(`guide.${step}.title`), text: tr(`guide.${step}.text`, { context: deviceContext() }) }));
  const sections = SECTIONS.map((key) => {
    const body = [...tr(`sections.${key}.body`, { ...n, returnObjects: true })];
    if (extra[key]) body.push({ table: extra[key] });
    if (key === "first-game") body.push({ list: steps });
    return { key, title: tr(`sections.${key}.title`), body };
  });
  const group = (key, entries) => ({ key, title: tr(`groups.${key}.title`), intro: tr(`groups.${key}.intro`), entries });
  const buildings = [...catalog.buildings.values()].map((b) => {
    const amounts = b.amounts || {};
    const key = slug(b.name);
    return entry(buildingEntry(b.name), tr(`buildings.${key}.name`),
      [tr(`buildings.${key}.effect`, { ...amounts, count: Object.values(amounts)[0] }), tr(`signs.${b.sign}`)]);
  });
  const partners = [...catalog.partners.values()].map((p) => entry(partnerEntry(catalog, p.id), tr(`partners.${slug(p.name)}.name`),
    [tr(`partners.${slug(p.name)}.text`, p.condition), tr("groups.partners.intro")]));
  const wildSides = [...catalog.wildSides.values()].map((w) => {
    const board = catalog.boards.find((b) => b.sides.some((s) => s.rule === w.key));
    return entry(wildSideEntry(w.key), tr(`wild-sides.${slug(w.key)}.name`), [tr(`wild-sides.${slug(w.key)}.text`, w.amounts || {}),
      tr("wildStars.stars", { count: w.stars }), board ? tr("wildBoard", { board: board.name }) : null].filter(Boolean));
  });
  const contracts = catalog.scoreboard.cattle_contracts.map((c) => entry(contractEntry(c.kind), tr(`contracts.${slug(c.kind)}.name`),
    [tr(`contracts.${slug(c.kind)}.text`, { large: c.large, small: c.small }), tr("contractNote")]));
  const categories = catalog.scoreboard.score_categories;
  const scores = ["in_game", "endgame"].flatMap((part) => categories[part].map((category) => {
    const name = tr(`scores.${part}.${category}.name`);
    return entry(scoreEntry(category), part === "endgame" ? tr("scoreEnd", { name }) : name, [tr(`scores.${part}.${category}.text`, n)]);
  }));
  return {
    title: tr("title"),
    sections,
    groups: [group("buildings", buildings), group("partners", partners), group("wild-sides", wildSides),
      group("contracts", contracts), group("scores", scores)],
  };
}

/** The first-game guide for `ctx` (core/howto.js, mountGuide): in a solo game I play, through its first turn — keep
 * a partner, draft a tile, place it, then what scored (through the second round); null otherwise. */
export function guide(ctx) {
  const { state } = ctx;
  if (!state || state.finished || state.players.length !== 1 || !ctx.mySeats?.has(0)) return null;
  const placed = state.players[0].settlement.tiles.length;
  const pending = state.pending?.type;
  let current;
  if (placed === 0) current = pending === "keep_partner" ? 0 : pending === "draft" ? 1 : 2;
  else if (state.year === 1 && state.round_in_year <= 2) current = 3;
  else return null;
  return { current, section: "first-game",
    steps: GUIDE_STEPS.map((step) => ({ title: tr(`guide.${step}.title`), text: tr(`guide.${step}.text`, { context: deviceContext() }) })) };
}
