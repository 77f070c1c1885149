// Rolled West's components (GET /rolled-west/components: the score sheet and the dice as the server plays them),
// loaded once per page: every number the sheet shows comes from here or from the state, never from this code.
import { get } from "../../core/api.js";

let loading = null;
let loaded = null; // the catalog, once loaded

/** The numbers of players a game may have (the rule numbers' range), once the catalog is loaded; [] before. */
export function playerCounts() {
  if (!loaded) return [];
  const { players_min: least, players_max: most } = loaded.numbers;
  return Array.from({ length: most - least + 1 }, (_, i) => least + i);
}

/** The catalog: `{resources, metals, dice, claim_rows, shipping_rows, contracts, offices, numbers, score_categories}`
 * with `contract(id)` and `office(id)` to look one up. */
export function loadCatalog() {
  if (!loading) {
    loading = get("/rolled-west/components").then(({ data }) => {
      const contracts = new Map(data.contracts.map((c) => [c.id, c]));
      const offices = new Map(data.offices.map((o) => [o.id, o]));
      loaded = { ...data, contract: (id) => contracts.get(id), office: (id) => offices.get(id) };
      return loaded;
    });
    loading.catch(() => { loading = null; });
  }
  return loading;
}

/** The claim row (terrain) a die of `resource` names when set aside (the dice's own data). */
export const terrainOf = (catalog, resource) => catalog.dice.terrain[resource];
