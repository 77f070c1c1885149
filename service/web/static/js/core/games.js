// The games this page can show, by id: the core reaches a game only through here, never by importing it. The
// router (main.js) installs the registry (games/index.js) once; a state, a lobby entry or a puzzle names its game in
// its `game` member (Wild Tiled West's answers did not before issue 36: the registry's default stands in).
//
// A game module is an object with the members below (GAME_MEMBERS; docs/web.md, "A game's module"). `ctx` is what
// the session knows: {gameId, game, state, catalog, mySeats, seats, pending, moves}.
//
//   id, title, intro          the game's id (as the server names it), its name, one line for the start page
//   players, defaultPlayers   the numbers of players a new game may have, and the one preselected
//   load()                    the game's reference data (its catalog), fetched once per page: the `catalog` below
//                             (a screen loads it by loadGame below, which makes the game the one in use)
//   seatFields(catalog, seat) the new-game form's own fields for one seat: {nodes, read() -> members of the seat}
//   gameFields(catalog)       the new-game form's own fields for the game: {nodes, read() -> members of the body}
//   lobbySeatWords(catalog, entry, seat)   a seat of a lobby entry (GET /games?status=open) in words
//   seatWords(catalog, state, seat)        a seat of a game in words (the invitation page)
//   decisionWords(ctx, pending, mine)      the decision awaited: [title, what to do] (mine: the player's own)
//   eventWords(ctx, event)    an event of the log in words, or null for one that says nothing to a player
//   movesWords(ctx, moves)    moves in one line (a hint option's)
//   scoreOf(ctx, seat)        a seat's points now: {total, partial} (partial: some are hidden, shown "+?")
//   playerDetails(ctx, player) the nodes of a player's card below its name and points
//   playersNote(ctx)          a node under the players (or null)
//   scoreSheet(ctx)           the points by category: {caption, rows: [{label, note, cls, cells, entry}], totals}
//                             (entry: the How to play entry of the row, or none)
//   endWords(ctx, end)        the end screen's words: {headline (null: the core's), notes, tiebreak: {caption,
//                             column, words(n)}} (`end`: the log's game_end event, with its standings)
//   roundStarts(ctx, events)  where the rounds start in the event log (a replay steps by round): [{n: the number of
//                             the event that starts one, words: the round's name}] (none: a game without rounds)
//   mountTable(session)       the game's table on the game screen (and the replay's): an object with the members of
//                             TABLE_MEMBERS; `session` also says `at`: the moves played of the replay shown (null
//                             on the game screen)
//   puzzle                    the daily puzzle: {intro (the start page's words), mount(frame) (core/puzzle.js: the
//                             puzzle's board and pieces, {nodes, start(), solution(), shareWords(), showOptimal(host):
//                             the optimal solution drawn in host, after a submission})}
//   howTo                     How to play (core/howto.js): {content(catalog) (the rules' sections and the entries
//                             of its named things, in the page's language), guide(ctx) (the first-game guide's
//                             steps now, or null)}
//
// The table (mountTable's answer) — info: a node in the game's header; board, main, page: the nodes of the board
// column, under the decision and after the page; update(state): draw a new state (async); figure(pending): a node
// under the decision's words or null; decide({choices, play}): draw the player's own decision (its choices in
// `choices`, `play(move)` posts one); idle(): no decision of the player's; reset(): stop what the last decision
// drew; showHint(option), hideHint(): a hint option on the table (showHint says whether it drew anything); refused(): a move was refused; thumbnail(seat): a
// small picture of the seat's part of the table for its card, {node, name}, or null; enlarge(seat): show it large.

export const GAME_MEMBERS = {
  id: "string", title: "string", intro: "string", players: "object", defaultPlayers: "number",
  load: "function", seatFields: "function", gameFields: "function", lobbySeatWords: "function", seatWords: "function",
  decisionWords: "function", eventWords: "function", movesWords: "function", scoreOf: "function",
  playerDetails: "function", playersNote: "function", scoreSheet: "function", endWords: "function",
  roundStarts: "function", mountTable: "function", puzzle: "object", howTo: "object",
};

export const TABLE_MEMBERS = {
  info: "object", board: "object", main: "object", page: "object", update: "function", figure: "function",
  decide: "function", idle: "function", reset: "function", showHint: "function", hideHint: "function",
  refused: "function", thumbnail: "function", enlarge: "function",
};

/** The members of `GAME_MEMBERS` (or `members`) that `module` lacks or has of another type: [] when it has all. */
export function missingMembers(module, members = GAME_MEMBERS) {
  return Object.entries(members).filter(([name, type]) => typeof module?.[name] !== type).map(([name]) => name);
}

const registry = new Map();
let fallback = null;

/** Install the games (`modules`: game modules) and the id that stands for an answer naming no game. */
export function installGames(modules, defaultId) {
  for (const module of modules) {
    const missing = missingMembers(module);
    if (missing.length) throw new Error(`game module ${module?.id}: no ${missing.join(", ")}`);
    registry.set(module.id, module);
  }
  if (!registry.has(defaultId)) throw new Error(`no game module ${defaultId}`);
  fallback = defaultId;
}

/** The module of game `id` (null or undefined: the default game). */
export function gameModule(id) {
  const module = registry.get(id ?? fallback);
  if (!module) throw new Error(`this page cannot show the game ${id}`);
  return module;
}

/** The module of the game a state, lobby entry or puzzle (`data`) belongs to: its `game` member, else the default. */
export const gameOf = (data) => gameModule(data?.game);

/** Whether this page can show the game `data` (a state or a lobby entry) belongs to: the server may hold games of
 * others it plays over its API alone. */
export const canShow = (data) => registry.has(data?.game ?? fallback);

/** Every installed game module, in the registry's order. */
export const allGames = () => [...registry.values()];

let inUse = null; // {game, catalog}: the game the screen shows

/** The catalog of `game` (its module's `load()`, fetched once per page), `game` then being the one in use: the one
 * whose How to play entries the screen's links and the entry dialog open (core/howto.js). Every screen that shows a
 * game loads its catalog here (the game, its replay, the puzzle, How to play, the start page, an invitation), so
 * that none can leave How to play on another game or on none. */
export async function loadGame(game) {
  const catalog = await game.load();
  inUse = { game, catalog };
  return catalog;
}

/** The game in use and its catalog, `{game, catalog}` (loadGame), or null before a screen loaded one. */
export const gameInUse = () => inUse;
