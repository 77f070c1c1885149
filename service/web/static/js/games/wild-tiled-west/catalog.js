// The game's components (GET /catalog/...), loaded once per page, and their names in words.
import { get } from "../../core/api.js";

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

/** A tile's name for people: "Sheriff's Office", "tile t12", "alley". */
export function tileName(catalog, tileId) {
  if (tileId === "alley") return "an alley";
  const tile = tileOf(catalog, tileId);
  return tile?.building ? tile.building : `tile ${tileType(tileId)}`;
}

/** The URL of a tile's picture in an orientation (GET /catalog/tiles/<type>.svg). */
export function tilePicture(tileId, orientation = 0) {
  return `/catalog/tiles/${encodeURIComponent(tileType(tileId))}.svg?orientation=${orientation}`;
}

const ICON_WORDS = { cow: "cow", bandit: "bandit", sheriff: "sheriff", gold: "gold bonus", bullet: "bullet bonus", alley: "alley bonus", ace: "ace" };

/** What a tile shows, in words: "Sheriff's Office: building, sheriff, street" (for its picture's alt text). */
export function describeTile(catalog, tileId) {
  const tile = tileOf(catalog, tileId);
  if (!tile) return String(tileId);
  const parts = tile.cells.map((cell) => {
    if (cell.terrain === "building") return cell.named_building ? "building" : "house";
    if (cell.icon === "ace") return `ace of ${cell.suit}`;
    if (cell.icon) return ICON_WORDS[cell.icon] || cell.icon;
    return cell.terrain;
  });
  const counts = new Map();
  for (const part of parts) counts.set(part, (counts.get(part) || 0) + 1);
  const words = [...counts].map(([part, n]) => (n > 1 ? `${n} ${part}${part.endsWith("s") ? "" : "s"}` : part));
  return `${tileName(catalog, tileId)} (${tile.size} squares: ${words.join(", ")})`;
}

/** A building's rule (Building guide), or "" for a tile without one. */
export function buildingRule(catalog, tileId) {
  const tile = tileOf(catalog, tileId);
  const building = tile?.building && catalog.buildings.get(tile.building);
  return building ? `${building.name} (${building.sign} sign): ${building.text}` : "";
}

/** A partner's name and condition. */
export function partnerText(catalog, partnerId) {
  const partner = catalog.partners.get(partnerId);
  return partner ? { name: partner.name, text: partner.text } : { name: partnerId || "a face-down partner", text: "" };
}

/** A board side id in words: "Buzzard Bluffs (wild: Wanted)". */
export function sideName(catalog, sideId) {
  const [boardId, side] = String(sideId).split("/");
  const board = catalog.boards.find((b) => b.id === boardId);
  const name = board ? board.name : boardId;
  if (side !== "wild") return name;
  const rule = board?.sides.find((s) => s.side === "wild")?.rule;
  const wild = rule && catalog.wildSides.get(rule);
  return `${name} (wild side: ${wild ? wild.name : rule})`;
}

/** The scoreboard side a game uses: the solo side for 1 player. */
export const scoreboardOf = (catalog, players) => (players === 1 ? catalog.scoreboard.solo : catalog.scoreboard.multiplayer);
