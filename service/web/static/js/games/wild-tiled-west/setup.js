// Wild Tiled West's choices in the new game form: each seat's settlement board (or a random one) and side (normal,
// wild or random); the first-game cattle contracts.
import { h } from "../../core/dom.js";
import { t } from "../../core/i18n.js";
import { personName } from "../../core/words.js";

/** A seat's board and side: the fields, and the seat's members of POST /games they make (defaults left out). */
export function seatFields(catalog, seat) {
  const board = h("select", { name: `board-${seat}`, "aria-label": t("wild-tiled-west.setup.board_label", { seat: personName(null, seat) }) },
    h("option", { value: "" }, t("wild-tiled-west.setup.random_board")), catalog.boards.map((b) => h("option", { value: b.id }, b.name)));
  const side = h("select", { name: `side-${seat}`, "aria-label": t("wild-tiled-west.setup.side_label", { seat: personName(null, seat) }) },
    h("option", { value: "normal" }, t("wild-tiled-west.setup.normal_side")), h("option", { value: "wild" }, t("wild-tiled-west.setup.wild_side")),
    h("option", { value: "random" }, t("wild-tiled-west.setup.random_side")));
  return {
    nodes: [board, side],
    read: () => ({ ...(board.value ? { board: board.value } : {}), ...(side.value !== "normal" ? { side: side.value } : {}) }),
  };
}

/** The game's option: the first-game cattle contracts (the rulebook's order for a first game). */
export function gameFields() {
  const firstGame = h("input", { type: "checkbox", id: "first-game" });
  return {
    nodes: [h("label", { class: "check" }, firstGame, " ", t("wild-tiled-west.setup.first_game"))],
    read: () => ({ first_game_contracts: firstGame.checked }),
  };
}
