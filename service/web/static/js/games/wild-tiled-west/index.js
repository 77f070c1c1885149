// Wild Tiled West's module for the web client's core (the interface: core/games.js): its table and decision
// widgets, its words, its new-game choices, its daily puzzle and its How to play.
import { t } from "../../core/i18n.js";
import { loadCatalog, sideName } from "./catalog.js";
import { content as howToContent, guide as howToGuide } from "./howto.js";
import { endWords, playerDetails, playersNote, scoreOf, scoreSheet } from "./panels.js";
import { mountPuzzle, puzzleIntro } from "./puzzle.js";
import { gameFields, seatFields } from "./setup.js";
import { mountTable } from "./table.js";
import { decisionWords, eventWords, momentWords, movesWords } from "./words.js";

/** Where each drafting round starts in the event log `events` (its round_start events, Drafting Rounds): `[{n: the
 * event's number, words: "Year 2, round 1"}]`, the round counted within its year. */
export function roundStarts(ctx, events) {
  const starts = [];
  let year = null;
  let round = 0;
  for (const e of events) {
    if (e.type !== "round_start") continue;
    round = e.year === year ? round + 1 : 1;
    year = e.year;
    starts.push({ n: e.n, words: t("replay.wild-tiled-west.round", { year, round }) });
  }
  return starts;
}

export default {
  id: "wild-tiled-west",
  title: "Wild Tiled West",
  get intro() { return t("wild-tiled-west.intro"); }, // in the page's language, read when drawn
  players: [1, 2, 3, 4, 5],
  defaultPlayers: 2,
  load: loadCatalog,
  seatFields,
  gameFields,
  lobbySeatWords: (catalog, entry, seat) => sideName(catalog, entry.sides[seat]),
  seatWords: (catalog, state, seat) => sideName(catalog, state.players[seat].settlement.side),
  decisionWords,
  eventWords,
  movesWords: (ctx, moves) => movesWords(ctx.catalog, ctx.state, moves),
  momentWords,
  scoreOf,
  playerDetails,
  playersNote,
  scoreSheet,
  endWords,
  roundStarts,
  mountTable,
  puzzle: { get intro() { return puzzleIntro(); }, mount: mountPuzzle },
  howTo: { content: howToContent, guide: howToGuide },
};
