// The game's components (GET /catalog/...), loaded once per page, and their names in words.
import { get, inLanguage } from "../../core/api.js";
import { language, t } from "../../core/i18n.js";
import { listWords } from "../../core/words.js";
import { slug } from "./howto.js";

let loading = null;

/** The catalog: `{tiles: Map(type -> tile), alley, buildings: Map(name -> building), trays, scoreboard, boards}`. */
export function loadCatalog() {
  if (!loading) {
    loading = Promise.all([get("/catalog/tiles"), get("/catalog/scoreboard"), get("/catalog/boards")]).then(
      ([tiles, scoreboard, boards]) => ({
        tiles: new Map(tiles.data.tiles.map((t) => [t.id, t])),
        alley: tiles.data.alley,
        buildings: new Map(tiles.data.buildings.map((b) => [b.name, b])),
        trays: tiles.data.trays,
        scoreboard: scoreboard.data,
        partners: new Map(scoreboard.data.partners.map((p) => [p.id, p])),
        banditCards: new Map(scoreboard.data.bandit_cards.map((c) => [c.id, c])),
        wildSides: new Map(scoreboard.data.wild_sides.map((w) => [w.key, w])),
        boards: boards.data.boards,
      }),
    );
    loading.catch(() => { loading = null; });
  }
  return loading;
}

/** The tile type of a tile id: `t07#2` -> `t07`; `alley` stays `alley`. */
const tileType = (tileId) => String(tileId).split("#")[0];

/** The catalog entry of a tile id (a copy, a type or the alley). */
export function tileOf(catalog, tileId) {
  return tileId === "alley" ? catalog.alley : catalog.tiles.get(tileType(tileId));
}

/** What a tile square shows, as a key of the catalogue's "wild-tiled-west.tile.part": its icon (an ace by its suit),
 * else its terrain (a plain building square is a house). */
function partKey(cell) {
  if (cell.icon === "ace") return `ace_${cell.suit}`;
  if (cell.icon) return cell.icon;
  if (cell.terrain === "building") return cell.named_building ? "building" : "house";
  return cell.terrain;
}

/** What a tile's squares show, in the order they first appear: "2 fields and a cow". */
export function tileSquares(catalog, tileId) {
  const tile = tileOf(catalog, tileId);
  const counts = new Map();
  for (const cell of tile.cells) counts.set(partKey(cell), (counts.get(partKey(cell)) || 0) + 1);
  return listWords([...counts].map(([part, count]) => t(`wild-tiled-west.tile.part.${part}`, { count })));
}

/** A building's name in the page's language ("Sheriff's Office", "Bureau du shérif"; the catalog's when the
 * catalogue lacks it). */
export function buildingName(name) {
  const key = `wild-tiled-west.building.${String(name).toLowerCase().replace(/[^a-z]+/g, "_")}`;
  const text = t(key);
  return text === key ? name : text;
}

const names = new Map(); // "<language>|<tile type>" -> the tile's name

/** A tile as a player names it, never by its id (issue 37): "the Sheriff's Office", "a 3-square tile (2 fields and
 * a cow)", "an alley" (the catalogue's words: "wild-tiled-west.tile"). */
export function tileName(catalog, tileId) {
  if (tileId === "alley") return t("wild-tiled-west.tile.alley");
  const tile = tileOf(catalog, tileId);
  if (!tile) return t("wild-tiled-west.tile.unknown");
  const key = `${language()}|${tile.id}`; // a tile type's name depends only on the language: worked out once
  if (!names.has(key)) {
    names.set(key, tile.building ? t("wild-tiled-west.tile.building", { building: buildingName(tile.building) })
      : t("wild-tiled-west.tile.shape", { size: tile.size, squares: tileSquares(catalog, tileId) }));
  }
  return names.get(key);
}

/** The URL of a tile's picture in an orientation (GET /catalog/tiles/<type>.svg), its words in the page's language
 * (`lang`: an <img> request carries the browser's language, not the one chosen on the page). */
export function tilePicture(tileId, orientation = 0) {
  return inLanguage(`/catalog/tiles/${encodeURIComponent(tileType(tileId))}.svg?orientation=${orientation}`);
}

/** What a tile shows, in words (its picture's alt text): "the Sheriff's Office (3 squares: the building, a sheriff
 * and a street)", "a 3-square tile (2 fields and a cow)". */
export function describeTile(catalog, tileId) {
  const tile = tileOf(catalog, tileId);
  if (!tile) return t("wild-tiled-west.tile.unknown");
  if (!tile.building) return tileName(catalog, tileId);
  return t("wild-tiled-west.tile.described", { name: tileName(catalog, tileId), count: tile.size, squares: tileSquares(catalog, tileId) });
}

/** A text of the catalog's data in the page's language: in English the catalog's own (`english`, the rulebook's
 * words), in another language the catalogue's `key` with `options` (How to play's words, the French rulebook's),
 * falling back to the English. */
const dataText = (key, options, english) => (language() === "en" ? english : t(key, { ...options, defaultValue: english }));

/** A building's effect in the page's language ("When the Bank is surrounded, gain 3 gold."; in French How to
 * play's words, "wild-tiled-west-rules.buildings.<name>.effect", with the catalog's amounts). */
export function buildingEffect(building) {
  const amounts = building.amounts || {};
  return dataText(`wild-tiled-west-rules.buildings.${slug(building.name)}.effect`, { ...amounts, count: Object.values(amounts)[0] }, building.text);
}

/** A building's rule (Building guide), or "" for a tile without one: "Bank (red sign): When the Bank is surrounded,
 * gain 3 gold." in the page's language. */
export function buildingRule(catalog, tileId) {
  const tile = tileOf(catalog, tileId);
  const building = tile?.building && catalog.buildings.get(tile.building);
  return building ? t("wild-tiled-west.tile.rule", { name: buildingName(building.name), sign: t(`wild-tiled-west.sign.${building.sign}`), text: buildingEffect(building) }) : "";
}

/** A partner card's name and condition (`{name, text}`) in the page's language (the catalog's in English; in French
 * How to play's words for the card, "wild-tiled-west-rules.partners.<name>", with its condition); "a face-down
 * partner" for a card not shown. */
export function partnerText(catalog, partnerId) {
  const partner = catalog.partners.get(partnerId);
  if (!partner) return { name: t("wild-tiled-west.partner.face_down"), text: "" };
  const key = `wild-tiled-west-rules.partners.${slug(partner.name)}`;
  return { name: dataText(`${key}.name`, {}, partner.name), text: dataText(`${key}.text`, partner.condition, partner.text) };
}

/** A board side id in words, the board's printed name: "Buzzard Bluffs", "Buzzard Bluffs (wild side: Wanted)". */
export function sideName(catalog, sideId) {
  const [boardId, side] = String(sideId).split("/");
  const board = catalog.boards.find((b) => b.id === boardId);
  const name = board ? board.name : boardId;
  if (side !== "wild") return name;
  const rule = board?.sides.find((s) => s.side === "wild")?.rule;
  const wild = rule && catalog.wildSides.get(rule);
  return t("wild-tiled-west.side.wild", { name, rule: t(`wild-tiled-west.wild_side.${rule}`, { defaultValue: wild ? wild.name : rule }) });
}

/** The scoreboard side a game uses: the solo side for 1 player. */
export const scoreboardOf = (catalog, players) => (players === 1 ? catalog.scoreboard.solo : catalog.scoreboard.multiplayer);
