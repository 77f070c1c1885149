// What the browser keeps for the player (localStorage): each game's seat tokens, its move review, and puzzle progress.
// Seat tokens are secrets shown once by the server: they never leave this browser except in Authorization headers.

const GAMES = "wtw.games";
const PUZZLES = "wtw.puzzles";
const NAME = "wtw.name";
const REVIEWS = "wtw.reviews";
const KEPT_REVIEWS = 50;

function read(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "{}") || {};
  } catch {
    return {};
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or disabled: the game goes on, only a reload will not resume it
  }
}

/** `{seat: token}` of the seats this browser holds in `gameId`. */
export function seatTokens(gameId) {
  return { ...(read(GAMES)[gameId]?.seats || {}) };
}

/** Keep `token` for `seat` of `gameId` (with a few words to list the game under "Your games"). */
export function keepSeat(gameId, seat, token, about = {}) {
  const games = read(GAMES);
  const game = games[gameId] || { seats: {}, since: new Date().toISOString() };
  game.seats[seat] = token;
  Object.assign(game, about);
  games[gameId] = game;
  write(GAMES, games);
}

/** What the list of the player's games says of a game (`state`: its state; `mySeats`: the seats this browser
 * plays): which game, its players' names (null for an open seat), the seats this browser plays, whose turn it is
 * (a seat, or null) and whether it is over — no id or version, which a player would not recognise. */
export function aboutGame(state, mySeats) {
  return {
    game: state.game ?? null, players: state.players.length, finished: !!state.finished,
    names: (state.seats || []).map((s) => (s.open ? null : s.name)), mine: [...mySeats],
    turn: state.finished ? null : state.pending?.seat ?? null,
  };
}

/** Note what this browser last saw of a game (`aboutGame`'s words), for the list of the player's games. */
export function noteGame(gameId, about) {
  const games = read(GAMES);
  if (!games[gameId]) return;
  Object.assign(games[gameId], about);
  write(GAMES, games);
}

/** The games this browser holds seats in: `[{id, seats, since, players, finished, ...}]`, newest first. */
export function myGames() {
  return Object.entries(read(GAMES))
    .map(([id, game]) => ({ id, ...game }))
    .sort((a, b) => String(b.since).localeCompare(String(a.since)));
}

/** Forget a game (its tokens too). */
export function forgetGame(gameId) {
  const games = read(GAMES);
  delete games[gameId];
  write(GAMES, games);
}

/** The name the player last used. */
export function playerName() {
  return localStorage.getItem(NAME) || "";
}

export function keepPlayerName(name) {
  try {
    localStorage.setItem(NAME, name);
  } catch {
    // ignored
  }
}

/** The placements made so far on puzzle `puzzleId` (so a reload resumes it). */
export function puzzleProgress(puzzleId) {
  return read(PUZZLES)[puzzleId] || { placements: [], submitted: null };
}

export function keepPuzzleProgress(puzzleId, progress) {
  const all = read(PUZZLES);
  all[puzzleId] = progress;
  const ids = Object.keys(all);
  for (const old of ids.slice(0, Math.max(0, ids.length - 30))) delete all[old]; // keep the last 30 puzzles
  write(PUZZLES, all);
}

/** The id of the move review asked for game `gameId` (the server keeps it: GET /games/<id>/reviews/<review id>),
 * or null. */
export function keptReview(gameId) {
  return read(REVIEWS)[gameId] || null;
}

/** Remember `reviewId` as game `gameId`'s review (the last 50 games' are kept), so a reload shows it again. */
export function keepReview(gameId, reviewId) {
  const all = read(REVIEWS);
  delete all[gameId];
  all[gameId] = reviewId;
  const ids = Object.keys(all);
  for (const old of ids.slice(0, Math.max(0, ids.length - KEPT_REVIEWS))) delete all[old];
  write(REVIEWS, all);
}

/** Forget game `gameId`'s review (the server no longer has it). */
export function forgetReview(gameId) {
  const all = read(REVIEWS);
  delete all[gameId];
  write(REVIEWS, all);
}
