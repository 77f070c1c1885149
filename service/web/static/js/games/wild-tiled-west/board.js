// A settlement board on the page: the server's picture (board.svg) inlined, with an overlay for placing a tile
// (a ghost that follows the pointer or the arrow keys, the squares where it fits, rotate and flip), for showing
// hint options as ghosts, and for choosing a square (a bandit to shoot, a hill, a sheriff).
import { tileOf, tilePicture } from "./catalog.js";
import { orientationWords, squareWords } from "./words.js";
import { h, keyHint } from "../../core/dom.js";
import { t } from "../../core/i18n.js";
import { capital } from "../../core/words.js";

const SVG = "http://www.w3.org/2000/svg";
let boards = 0;

/** Show the ghost's `text` in the status line `node`, green when it `fits`, red when not (null: neither). */
export function showStatus(node, text, fits) {
  node.textContent = text;
  if (fits === null || fits === undefined) delete node.dataset.fits;
  else node.dataset.fits = fits ? "yes" : "no";
}

/** The buttons that turn, flip, move and place `board`'s ghost: "↻ Rotate (R)", "⇋ Flip (F)", "Next spot that fits
 * (N)", "Place here (Enter)", each with its key's hint (none on a touch screen: core/dom.js keyHint) and
 * `aria-keyshortcuts` (the board's own keys, `onKey`). */
export function placingButtons(board) {
  const button = (words, key, shown, act, cls = null) => h("button", { type: "button", class: cls, onclick: act, "aria-keyshortcuts": key },
    t(`wild-tiled-west.tools.${words}`), keyHint(shown));
  return [
    button("rotate", "R", "R", () => { board.rotate(); board.host.focus(); }),
    button("flip", "F", "F", () => { board.flip(); board.host.focus(); }),
    button("next", "N", "N", () => { board.nextLegal(); board.host.focus(); }),
    button("place", "Enter", t("core.words.enter_key"), () => board.placeHere(), "primary"),
  ];
}

/** The board squares `[[row, col], ...]` a placement `{tile, orientation, row, col}` covers (the catalog's shape). */
export function squaresOf(catalog, move) {
  const shape = tileOf(catalog, move.tile)?.orientation_shapes[move.orientation];
  return shape ? shape.cells.map((cell) => [move.row + cell.row, move.col + cell.col]) : [];
}

/** The squares of the tile placed last on `settlement` (a view's `{tiles: [{tile, orientation, row, col}, ...]}`, in
 * placement order: Placing a tile), `[]` before the first. */
export const lastPlacedSquares = (catalog, settlement) => {
  const last = settlement?.tiles?.at(-1);
  return last ? squaresOf(catalog, last) : [];
};

function el(name, attrs = {}) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

const key = (orientation, row, col) => `${orientation}:${row}:${col}`;

export class BoardView {
  /**
   * `host`: the element to draw in. `options.label`: the board's accessible name; `options.interactive`: it takes
   * the keyboard focus (placing, choosing). `options.onStatus(text)`: what the ghost is doing, in words.
   * `options.onExplain(what)`: a click that neither places nor chooses a square asks what it shows explained: `{legend}` (a
   * legend item's key) or `{row, col}` (a board square).
   */
  constructor(host, { label = t("wild-tiled-west.board.default"), interactive = false, onStatus = () => {}, onExplain = () => {} } = {}) {
    this.host = host;
    this.id = `b${++boards}`;
    this.label = label;
    this.onStatus = onStatus;
    this.onExplain = onExplain;
    this.interactive = interactive;
    this.host.classList.add("board-view");
    this.host.setAttribute("aria-label", label);
    this.host.setAttribute("role", interactive ? "application" : "img");
    if (interactive) {
      this.host.tabIndex = 0;
      this.host.addEventListener("keydown", (e) => this.onKey(e));
    }
    this.hovered = false; // a mouse pointer is over the board: R, F and N turn the ghost without the keyboard focus
    const over = (e) => { if (e.pointerType === "mouse") this.hovered = true; };
    this.host.addEventListener("pointerenter", over);
    this.host.addEventListener("pointermove", over);
    this.host.addEventListener("pointerleave", () => { this.hovered = false; });
    this.onPageKey = (e) => this.pageKey(e);
    this.armed = null; // the square a touch tap moved the ghost to: a second tap there places the tile
    this.svg = null;
    this.mode = null; // placing: {tile, shapes, orientation, options, byKey, onPlace, anchor}
    this.choice = null; // choosing a square: {squares, onChoose}
    this.previews = [];
    this.last = []; // the squares of the tile placed last, outlined
    this.landing = false; // it has just been placed: it lands (a short animation, none with reduced motion)
    this.full = false;
    this.version = null;
  }

  /** Draw the picture `text` (board.svg); `version` marks which state it shows. Keeps the overlay. */
  show(text, version = null) {
    const prefix = `${this.id}-`;
    const prefixed = text
      .replace(/\bid="([^"]+)"/g, `id="${prefix}$1"`)
      .replace(/href="#([^"]+)"/g, `href="#${prefix}$1"`)
      .replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`);
    const doc = new DOMParser().parseFromString(prefixed, "image/svg+xml");
    const svg = document.importNode(doc.documentElement, true);
    const first = svg.querySelector('g.square[data-row="0"][data-col="0"] rect');
    if (!first) throw new Error("not a settlement board picture");
    const cells = [...svg.querySelectorAll("g.square")];
    this.size = Number(first.getAttribute("width"));
    this.left = Number(first.getAttribute("x"));
    this.top = Number(first.getAttribute("y"));
    this.rows = 1 + Math.max(...cells.map((g) => Number(g.dataset.row)));
    this.cols = 1 + Math.max(...cells.map((g) => Number(g.dataset.col)));
    this.fullBox = svg.getAttribute("viewBox");
    this.boardBox = `${this.left - 22} ${this.top - 22} ${this.cols * this.size + 26} ${this.rows * this.size + 26}`;
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("viewBox", this.full ? this.fullBox : this.boardBox);
    svg.setAttribute("aria-hidden", "true");
    svg.querySelector("title")?.remove(); // the host names the board
    this.overlay = el("g", { class: "overlay" });
    svg.append(this.overlay);
    svg.addEventListener("pointermove", (e) => this.onPointer(e));
    svg.addEventListener("click", (e) => this.onClick(e));
    svg.addEventListener("pointerleave", () => this.mode && this.drawGhost());
    if (this.svg) this.svg.replaceWith(svg);
    else this.host.prepend(svg);
    this.svg = svg;
    this.version = version;
    this.host.dataset.version = version ?? "";
    this.redraw();
  }

  /** Show the whole picture (title and legend) or only the board. */
  setFull(full) {
    this.full = full;
    this.svg?.setAttribute("viewBox", full ? this.fullBox : this.boardBox);
  }

  /** The board square under a pointer event: `{row, col}` or null. */
  squareAt(event) {
    if (!this.svg) return null;
    const point = this.svg.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    const p = point.matrixTransform(this.svg.getScreenCTM().inverse());
    const row = Math.floor((p.y - this.top) / this.size);
    const col = Math.floor((p.x - this.left) / this.size);
    return row >= 0 && row < this.rows && col >= 0 && col < this.cols ? { row, col } : null;
  }

  // --- placing a tile ---------------------------------------------------------------------------------------

  /**
   * Place a tile: `tile` (id), `shapes` (the catalog's orientation_shapes), `options` (the legal `place` moves with
   * their squares), `onPlace(move)` (a move with tile, orientation, row, col: legal or not: the server judges).
   */
  startPlacing({ tile, shapes, options, onPlace }) {
    const byKey = new Map(options.map((m) => [key(m.orientation, m.row, m.col), m]));
    const first = options[0];
    const orientation = first ? first.orientation : 0;
    const shape = shapes[orientation];
    const anchor = first ? { row: first.row, col: first.col } : { row: 0, col: 0 };
    this.mode = { tile, shapes, options, byKey, onPlace, orientation, anchor, cursor: this.centre(shape, anchor) };
    this.choice = null;
    this.arm(null);
    this.host.classList.add("placing");
    document.addEventListener("keydown", this.onPageKey);
    this.redraw();
    this.announce();
  }

  stopPlacing() {
    if (this.mode) this.onStatus("", null);
    this.mode = null;
    this.arm(null);
    document.removeEventListener("keydown", this.onPageKey);
    this.host.classList.remove("placing");
    this.redraw();
  }

  centre(shape, anchor) {
    return { row: anchor.row + Math.floor(shape.height / 2), col: anchor.col + Math.floor(shape.width / 2) };
  }

  /** The anchor that puts the shape's centre on `cursor`, kept on the board. */
  anchorFor(shape, cursor) {
    const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));
    return {
      row: clamp(cursor.row - Math.floor(shape.height / 2), 0, Math.max(0, this.rows - shape.height)),
      col: clamp(cursor.col - Math.floor(shape.width / 2), 0, Math.max(0, this.cols - shape.width)),
    };
  }

  /** The move the ghost stands for now, and whether it is among the legal ones. */
  current() {
    const m = this.mode;
    const legal = m.byKey.get(key(m.orientation, m.anchor.row, m.anchor.col));
    return { move: legal || { type: "place", tile: m.tile, orientation: m.orientation, row: m.anchor.row, col: m.anchor.col }, legal: !!legal };
  }

  setOrientation(orientation) {
    const m = this.mode;
    this.ghostHidden = false;
    m.orientation = orientation;
    m.anchor = this.anchorFor(m.shapes[orientation], m.cursor);
    this.redraw();
    this.announce();
  }

  /** A quarter-turn clockwise (R). */
  rotate() {
    if (this.mode) this.setOrientation(this.mode.shapes[this.mode.orientation].turned ?? (this.mode.orientation + 1) % this.mode.shapes.length);
  }

  /** A left-right flip (F). */
  flip() {
    if (this.mode) this.setOrientation(this.mode.shapes[this.mode.orientation].mirrored ?? this.mode.orientation);
  }

  /** Move the ghost to the next legal spot (N), in this orientation, else in the next one that has some. */
  nextLegal() {
    const m = this.mode;
    if (!m || !m.options.length) return;
    const order = m.options;
    const at = order.findIndex((o) => o.orientation === m.orientation && o.row === m.anchor.row && o.col === m.anchor.col);
    const sameTurn = order.filter((o) => o.orientation === m.orientation);
    let next;
    if (sameTurn.length) {
      const i = sameTurn.findIndex((o) => o.row === m.anchor.row && o.col === m.anchor.col);
      next = sameTurn[(i + 1) % sameTurn.length];
    } else {
      next = order[(at + 1) % order.length];
    }
    m.orientation = next.orientation;
    m.anchor = { row: next.row, col: next.col };
    m.cursor = this.centre(m.shapes[next.orientation], m.anchor);
    this.arm(null);
    this.redraw();
    this.announce();
  }

  moveCursor(row, col) {
    const m = this.mode;
    if (this.ghostHidden) {
      this.ghostHidden = false;
      this.drawGhost();
    }
    m.cursor = { row: Math.max(0, Math.min(this.rows - 1, row)), col: Math.max(0, Math.min(this.cols - 1, col)) };
    const anchor = this.anchorFor(m.shapes[m.orientation], m.cursor);
    if (anchor.row === m.anchor.row && anchor.col === m.anchor.col) return false;
    m.anchor = anchor;
    this.drawGhost();
    return true;
  }

  placeHere() {
    if (!this.mode) return;
    const { move } = this.current();
    this.mode.onPlace(move);
  }

  announce() {
    if (!this.mode) return;
    const m = this.mode;
    const { legal } = this.current();
    const count = m.options.filter((o) => o.orientation === m.orientation).length;
    this.onStatus(
      capital(t("wild-tiled-west.status.line", { turned: orientationWords(m.shapes[m.orientation]), where: squareWords(m.anchor.row, m.anchor.col),
        fits: t(legal ? "wild-tiled-west.status.fits" : "wild-tiled-west.status.not_fits"),
        spots: count ? t("wild-tiled-west.status.spots", { count }) : t("wild-tiled-west.status.no_spot"), total: m.options.length })),
      legal,
    );
  }

  onPointer(event) {
    if (!this.mode || (event.pointerType && event.pointerType !== "mouse")) return;
    const at = this.squareAt(event);
    if (at && this.moveCursor(at.row, at.col)) this.announce();
  }

  onClick(event) {
    const at = this.squareAt(event);
    const legend = event.target.closest?.("[data-legend]")?.dataset.legend;
    if (!at) {
      if (legend) this.onExplain({ legend });
      return;
    }
    if (this.mode) {
      if (event.pointerType && event.pointerType !== "mouse" && !this.secondTap(at)) return;
      this.moveCursor(at.row, at.col);
      this.announce();
      this.placeHere();
    } else if (this.choice) {
      const found = this.choice.squares.find((s) => s.row === at.row && s.col === at.col);
      if (found) this.choice.onChoose(found);
      else this.onExplain(at);
    } else {
      this.onExplain(at);
    }
  }

  /** A touch or pen tap on square `at` while placing: the first one never places, it moves the ghost there (its
   * preview: where it goes, whether it fits); a second tap on the same square, the ghost shown there, places it.
   * Returns whether this tap places. */
  secondTap(at) {
    const again = this.armed?.row === at.row && this.armed?.col === at.col && !this.ghostHidden;
    if (again) return true;
    this.moveCursor(at.row, at.col);
    this.arm(at);
    this.drawGhost();
    this.announce();
    return false;
  }

  /** Remember `square` (`{row, col}`, null: none) as the one a tap moved the ghost to (the host's `data-armed`). */
  arm(square) {
    this.armed = square ? { row: square.row, col: square.col } : null;
    if (square) this.host.dataset.armed = `${square.row},${square.col}`;
    else delete this.host.dataset.armed;
  }

  /** R, F and N pressed anywhere on the page while placing with the mouse pointer over the board (the board need
   * not have the keyboard focus); a text field's keys stay its own. */
  pageKey(event) {
    // the pointer is over the board: as seen entering it, or (a board drawn anew under a still pointer has seen no
    // pointer enter) as the page's hover says
    const over = this.hovered || this.host.matches(":hover");
    if (!this.mode || !over || !this.host.isConnected || event.defaultPrevented) return;
    if (this.host.contains(event.target) || event.target.closest?.("input, textarea, select, [contenteditable]")) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const act = { r: () => this.rotate(), f: () => this.flip(), n: () => this.nextLegal() }[(event.key || "").toLowerCase()];
    if (!act) return;
    act();
    event.preventDefault();
  }

  onKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const m = this.mode;
    const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (m && steps[event.key]) {
      const [dr, dc] = steps[event.key];
      const shape = m.shapes[m.orientation];
      // step the whole tile by one square (the cursor follows the anchor)
      const anchor = { row: m.anchor.row + dr, col: m.anchor.col + dc };
      m.cursor = this.centre(shape, anchor);
      this.moveCursor(m.cursor.row, m.cursor.col);
      this.announce();
    } else if (m && (event.key === "r" || event.key === "R")) this.rotate();
    else if (m && (event.key === "f" || event.key === "F")) this.flip();
    else if (m && (event.key === "n" || event.key === "N")) this.nextLegal();
    else if (m && (event.key === "Enter" || event.key === " ")) this.placeHere();
    else return;
    event.preventDefault();
  }

  // --- hint ghosts and square choices -------------------------------------------------------------------------

  /** Show placements (`place` moves: tile, orientation, row, col) as ghosts, and `squares` (`[[row, col], ...]`, the
   * squares they cover) outlined: a hint's option. `shapesOf(tile)` gives a tile's orientation shapes. */
  preview(moves, shapesOf, squares = []) {
    this.previews = moves.map((m) => ({ move: m, shape: shapesOf(m.tile)?.[m.orientation] }));
    this.previewSquares = squares;
    this.ghostHidden = this.previews.length > 0; // until the pointer or a key moves the ghost again
    this.redraw();
  }

  clearPreview() {
    if (!this.previews.length) return;
    this.previews = [];
    this.redraw();
  }

  /** Outline `squares` (`[[row, col], ...]`), the tile placed last; `landing`: it has just been placed (it lands once). */
  markLast(squares, landing = false) {
    this.last = squares;
    this.landing = landing && squares.length > 0;
    this.host.dataset.last = squares.map(([r, c]) => `${r},${c}`).join(" ");
    this.redraw();
  }

  /** Outline `squares` (`[[row, col], ...]`): the tiles the player placed (a puzzle's, beside those it came with). */
  highlight(squares) {
    this.marked = squares;
    this.redraw();
  }

  /** Let the player pick one of `squares` (`{row, col, ...}`) on the board; `onChoose(square)`. */
  choose(squares, onChoose) {
    this.choice = squares.length ? { squares, onChoose } : null;
    this.redraw();
  }

  // --- drawing ------------------------------------------------------------------------------------------------

  rect(row, col, cls, extra = {}) {
    return el("rect", { x: this.left + col * this.size, y: this.top + row * this.size, width: this.size, height: this.size, class: cls, ...extra });
  }

  tileImage(move, shape, cls) {
    return el("image", {
      href: tilePicture(move.tile, move.orientation), class: cls,
      x: this.left + move.col * this.size, y: this.top + move.row * this.size,
      width: shape.width * this.size, height: shape.height * this.size, preserveAspectRatio: "none",
    });
  }

  redraw() {
    if (!this.svg) return;
    this.overlay.replaceChildren();
    this.fits = el("g", { class: "fits" });
    this.ghost = el("g", { class: "ghost" });
    this.overlay.append(this.fits);
    if (this.last.length) {
      const last = el("g", { class: `last-placed${this.landing ? " landing" : ""}` });
      for (const [r, c] of this.last) last.append(this.rect(r, c, "last-square"));
      last.addEventListener("animationend", () => { this.landing = false; }, { once: true });
      this.overlay.append(last);
    }
    for (const [r, c] of this.marked || []) this.overlay.append(this.rect(r, c, "marked-square"));
    if (this.previews.length) {
      const g = el("g", { class: "preview" });
      for (const { move, shape } of this.previews) if (shape) g.append(this.tileImage(move, shape, "preview-tile"));
      for (const [r, c] of this.previewSquares || []) g.append(this.rect(r, c, "preview-square"));
      this.overlay.append(g);
    }
    if (this.choice) {
      for (const s of this.choice.squares) {
        const r = this.rect(s.row, s.col, "choice-square");
        r.append(el("title"));
        r.firstChild.textContent = s.label || "";
        this.overlay.append(r);
      }
    }
    this.overlay.append(this.ghost);
    if (this.mode) {
      const covered = new Set();
      for (const o of this.mode.options) {
        if (o.orientation !== this.mode.orientation) continue;
        for (const [r, c] of o.squares || []) covered.add(`${r},${c}`);
      }
      for (const rc of covered) {
        const [r, c] = rc.split(",").map(Number);
        this.fits.append(this.rect(r, c, "fit-square"));
      }
      this.drawGhost();
    }
  }

  drawGhost() {
    if (!this.mode || this.ghostHidden) {
      this.ghost.replaceChildren();
      return;
    }
    const m = this.mode;
    const shape = m.shapes[m.orientation];
    const { move, legal } = this.current();
    this.ghost.setAttribute("class", `ghost ${legal ? "legal" : "illegal"}`);
    // The picture is one element, moved as the pointer moves (its file is asked for once per orientation).
    let image = this.ghost.querySelector("image");
    const href = tilePicture(move.tile, move.orientation);
    if (!image || image.getAttribute("href") !== href) {
      image = this.tileImage(move, shape, "ghost-tile");
    }
    image.setAttribute("x", this.left + move.col * this.size);
    image.setAttribute("y", this.top + move.row * this.size);
    this.ghost.replaceChildren(image, ...shape.cells.map((cell) => this.rect(move.row + cell.row, move.col + cell.col, "ghost-square")));
    this.host.dataset.orientation = m.orientation;
    this.host.dataset.anchor = `${move.row},${move.col}`;
    this.host.dataset.cursor = `${m.cursor.row},${m.cursor.col}`;
    this.host.dataset.fits = legal ? "yes" : "no";
  }

  /** Mark a refused placement (the engine's reason is shown by the caller). */
  flashRefused() {
    this.ghost?.classList.add("refused");
    setTimeout(() => this.ghost?.classList.remove("refused"), 900);
  }
}
