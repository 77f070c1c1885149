// Rolled West's module for the web client's core (the interface: core/games.js): its table (the dice and the score
// sheets, played by clicking them), its words, its panels and its How to play. It has no daily puzzle yet (`puzzle:
// null`: the start page offers puzzles only of games that have one).
import { t } from "../../core/i18n.js";
import { loadCatalog, playerCounts } from "./catalog.js";
import { content as howToContent, guide as howToGuide } from "./howto.js";
import { endWords, playerDetails, roundStarts, scoreOf, scoreSheet } from "./panels.js";
import { mountTable } from "./table.js";
import { decisionWords, eventWords, movesWords } from "./words.js";

/** No fields of its own in the new game form: every seat starts with a blank sheet. */
const noFields = () => ({ nodes: [], read: () => ({}) });

export default {
  id: "rolled-west",
  title: "Rolled West",
  get intro() { return t("rolled-west.intro"); },
  get players() { return playerCounts(); }, // the catalog's range (the start page loads it before asking)
  get defaultPlayers() { return playerCounts()[0] ?? 0; },
  load: loadCatalog,
  seatFields: noFields,
  gameFields: noFields,
  lobbySeatWords: () => t("rolled-west.blank_sheet"),
  seatWords: () => t("rolled-west.blank_sheet"),
  decisionWords,
  eventWords,
  movesWords,
  scoreOf,
  playerDetails,
  playersNote: () => null,
  scoreSheet,
  endWords,
  roundStarts,
  mountTable,
  puzzle: null,
  howTo: { content: howToContent, guide: howToGuide },
};
