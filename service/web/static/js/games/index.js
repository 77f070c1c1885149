// The registry of the games this page can show: game id -> its module (the interface: core/games.js). The one file
// that names every game; the router (main.js) installs it in the core, which never imports a game.
import rolledWest from "./rolled-west/index.js";
import wildTiledWest from "./wild-tiled-west/index.js";

/** Every game's module. */
export const GAMES = [wildTiledWest, rolledWest];

/** The game of an answer that names none (the server's answers before issue 36 carry no `game`). */
export const DEFAULT_GAME = wildTiledWest.id;
