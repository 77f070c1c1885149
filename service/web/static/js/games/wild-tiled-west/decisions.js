// The choices of the decision awaited, in the rulebook's words: a button per option (and the board or the trays
// where the choice is a square or a stack). Placements go through the board (board.js).
import { fill, h } from "../../core/dom.js";
import { partnerText, scoreboardOf, tileName } from "./catalog.js";
import { contractWords } from "./panels.js";
import { draftWords, slotWords } from "./words.js";

const PLACING = new Set(["place_tile", "place_alley", "house_site"]);
export const isPlacing = (pending) => PLACING.has(pending?.type);

/** The wrangle of `cows` in words: its points and the cattle contract it claims. */
function wrangleWords(ctx, move) {
  if (!move.cows) return "Keep the pasture growing (wrangle later)";
  const side = scoreboardOf(ctx.catalog, ctx.state.players.length);
  const points = side.wrangle_points[String(move.cows)] ?? "?";
  const contract = ctx.state.contracts.find((c) => c.size === move.cows);
  return `Wrangle ${move.cows} cows: ${points} points${contract ? ` and the ${contractWords(ctx.catalog, contract)} contract` : ""}`;
}

function partnerButton(ctx, move, play, words) {
  const { name, text } = partnerText(ctx.catalog, move.partner);
  return h("button", { type: "button", class: "choice partner-card", onclick: () => play(move) },
    h("strong", {}, words ? `${words}${name}` : name), text ? h("span", { class: "card-text" }, text) : null);
}

const SQUARE_WORDS = {
  shoot: (m) => `Shoot the bandit at row ${m.row}, column ${m.col}`,
  hill_bandit: (m) => `Put the hill bandit on the hill at row ${m.row}, column ${m.col}`,
  hideout: (m) => (m.done ? "Done: cover no more sheriffs" : `Turn the sheriff at row ${m.row}, column ${m.col} into a tombstone`),
};

const CHOICE_WORDS = {
  mining: (ctx, m) => {
    const track = ctx.catalog.scoreboard.mining_track;
    const me = ctx.state.players[ctx.state.pending.seat];
    return m.choice === "income" ? `Take your Mining Income: ${track[me.mining]?.income ?? "?"} gold` : "Take 1 gold and 2 pickaxes";
  },
  general_store: (_, m) => ({ bullets: "2 bullets", pickaxes: "2 pickaxes (two spaces up your mining track)", alleys: "2 alleys, placed at once" })[m.choice] || m.choice,
  wheelwright: (_, m) => (m.side === "alleys" ? "Two alleys now" : "From now on, two adjacent alleys whenever you place one"),
  ace_card: (_, m) => `The ace of ${m.suit}`,
  stash: (_, m) => (m.gold ? "Stash 1 gold on it (2 points at the Endgame)" : "Stash nothing"),
  free_alleys: (_, m) => (m.count === 1 ? "Build 1 free alley instead of drafting" : "Build 2 adjacent free alleys instead of drafting"),
  alley_pair: () => "Place two adjacent alleys instead (Wheelwright)",
  pass: () => "Pass: nothing can be placed",
};

/**
 * The choices of `ctx.pending` (the player's) from `ctx.moves` (legal moves), in `host`. `play(move)` posts one;
 * `board` is the player's BoardView (square choices); `selectStack(slot)` highlights a stack in the trays;
 * `selected` is the stack chosen in the trays.
 */
export function renderChoices(host, ctx, { play, board, selected }) {
  const { pending, moves } = ctx;
  const out = [];
  if (pending.type === "draft") {
    const drafts = moves.filter((m) => m.type === "draft" || m.type === "sawmill");
    const mine = selected ? drafts.filter((m) => m.slot === selected) : [];
    if (selected) {
      const stack = ctx.state.trays.stacks[selected] || [];
      out.push(h("p", { class: "selected-stack" }, `${slotWords(ctx.catalog, selected)}: ${tileName(ctx.catalog, stack[0])} (${stack.length} left).`));
      out.push(h("div", { class: "choices" }, mine.map((m) => h("button", { type: "button", class: "choice primary", onclick: () => play(m) }, draftWords(ctx.catalog, ctx.state, m)))));
    } else {
      out.push(h("p", { class: "muted" }, `${new Set(drafts.map((m) => m.slot)).size} stacks can be drafted: pick one in the trays, or from the list.`));
    }
    const others = moves.filter((m) => m.type !== "draft" && m.type !== "sawmill");
    out.push(h("div", { class: "choices" }, others.map((m) => h("button", { type: "button", class: "choice", onclick: () => play(m) },
      m.type === "signpost" ? draftWords(ctx.catalog, ctx.state, m) : (CHOICE_WORDS[m.type]?.(ctx, m) || m.label)))));
    out.push(h("details", { class: "all-drafts" }, h("summary", {}, `All ${drafts.length} draft choices`),
      h("div", { class: "choices" }, drafts.map((m) => h("button", { type: "button", class: "choice", onclick: () => play(m) },
        `${draftWords(ctx.catalog, ctx.state, m)} (${slotWords(ctx.catalog, m.slot)})`)))));
  } else if (isPlacing(pending)) {
    const extra = moves.filter((m) => m.type !== "place");
    if (extra.length) out.push(h("div", { class: "choices" }, extra.map((m) => h("button", { type: "button", class: "choice", onclick: () => play(m) }, CHOICE_WORDS[m.type]?.(ctx, m) || m.label))));
  } else if (pending.type === "keep_partner") {
    // Setup E: every player chooses at once; a choice made may be changed until everyone has chosen
    const kept = pending.decided ? ctx.state.players?.[pending.seat]?.partners?.[0]?.id : null;
    if (kept) out.push(h("p", { class: "muted" }, "You have kept a partner. The others are still choosing: you may change yours until they have."));
    out.push(h("div", { class: "choices cards" }, moves.map((m) => partnerButton(ctx, m, play, m.partner === kept ? "Kept: " : "Keep "))));
  } else if (pending.type === "second_partner") {
    out.push(h("div", { class: "choices cards" }, moves.map((m) => (m.choice === "face_up"
      ? partnerButton(ctx, m, play, "Take ")
      : h("button", { type: "button", class: "choice partner-card", onclick: () => play(m) }, h("strong", {}, "The top card of the deck"), h("span", { class: "card-text" }, "Taken blind, without looking first."))))));
  } else if (pending.type === "wrangle") {
    out.push(h("p", {}, "Cattle contracts: ", ctx.state.contracts.map((c) => contractWords(ctx.catalog, c)).join(" · ")));
    out.push(h("div", { class: "choices" }, moves.map((m) => h("button", { type: "button", class: `choice${m.cows ? " primary" : ""}`, onclick: () => play(m) }, wrangleWords(ctx, m)))));
    const square = moves.find((m) => m.cows);
    if (square) board?.choose([{ row: square.row, col: square.col, label: "the pasture" }], () => {});
  } else if (SQUARE_WORDS[pending.type]) {
    const words = SQUARE_WORDS[pending.type];
    const squares = moves.filter((m) => m.row !== undefined).map((m) => ({ row: m.row, col: m.col, label: words(m), move: m }));
    board?.choose(squares, (s) => play(s.move));
    out.push(h("p", { class: "muted" }, "Click a marked square on your board, or choose here:"));
    out.push(h("div", { class: "choices" }, moves.map((m) => h("button", { type: "button", class: "choice", onclick: () => play(m) }, words(m)))));
  } else {
    out.push(h("div", { class: "choices" }, moves.map((m) => h("button", { type: "button", class: "choice", onclick: () => play(m) }, CHOICE_WORDS[m.type]?.(ctx, m) || m.label))));
  }
  fill(host, ...out);
}
