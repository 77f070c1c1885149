// Rolled West's module for the web client's core (the interface: core/games.js): its table (the dice and the score
// sheets, played by clicking them), its words, its panels, its daily puzzle (a solo mode of our own: puzzle.js) and
// its How to play.
import { t } from "../../core/i18n.js";
import { loadCatalog, playerCounts } from "./catalog.js";
import { content as howToContent, guide as howToGuide } from "./howto.js";
import { endWords, playerDetails, roundStarts, scoreOf, scoreSheet } from "./panels.js";
import { mountPuzzle, puzzleIntro } from "./puzzle.js";
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
  puzzle: { get intro() { return puzzleIntro(); }, mount: mountPuzzle },
  howTo: { content: howToContent, guide: howToGuide },
};
