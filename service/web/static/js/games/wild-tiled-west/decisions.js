// The choices of the decision awaited, in the rulebook's words: a button per option (and the board or the trays
// where the choice is a square or a stack). Placements go through the board (board.js).
import { deviceContext, fill, h } from "../../core/dom.js";
import { t } from "../../core/i18n.js";
import { capital } from "../../core/words.js";
import { partnerText, scoreboardOf, tileName } from "./catalog.js";
import { contractWords } from "./panels.js";
import { draftWords, moveWords, slotWords, squareWords } from "./words.js";

const PLACING = new Set(["place_tile", "place_alley", "house_site"]);
export const isPlacing = (pending) => PLACING.has(pending?.type);

const tr = (key, options) => t(`wild-tiled-west.${key}`, options);

/** The wrangle of `cows` in words: its points and the cattle contract it claims. */
function wrangleWords(ctx, move) {
  if (!move.cows) return tr("choice.keep_growing");
  const side = scoreboardOf(ctx.catalog, ctx.state.players.length);
  const points = side.wrangle_points[String(move.cows)] ?? 0;
  const contract = ctx.state.contracts.find((c) => c.size === move.cows);
  const words = tr("choice.wrangle", { count: move.cows, points: tr("points", { count: points }) });
  return contract ? tr("choice.wrangle_contract", { wrangle: words, contract: contractWords(ctx.catalog, contract) }) : words;
}

function partnerButton(ctx, move, play, prefix) {
  const { name, text } = partnerText(ctx.catalog, move.partner);
  return h("button", { type: "button", class: "choice partner-card", onclick: () => play(move) },
    h("strong", {}, prefix ? tr(`choice.partner_${prefix}`, { partner: name }) : name), text ? h("span", { class: "card-text" }, text) : null);
}

const SQUARE_WORDS = {
  shoot: (m) => tr("choice.shoot", { where: squareWords(m.row, m.col) }),
  hill_bandit: (m) => tr("choice.hill_bandit", { where: squareWords(m.row, m.col) }),
  hideout: (m) => (m.done ? tr("choice.hideout_done") : tr("choice.hideout", { where: squareWords(m.row, m.col) })),
};

const CHOICE_WORDS = {
  mining: (ctx, m) => {
    const track = ctx.catalog.scoreboard.mining_track;
    const me = ctx.state.players[ctx.state.pending.seat];
    return m.choice === "income" ? tr("choice.mining_income", { count: track[me.mining]?.income ?? 0 }) : tr("choice.mining_pickaxes");
  },
  general_store: (_, m) => tr(`choice.general_store.${m.choice}`),
  wheelwright: (_, m) => tr(m.side === "alleys" ? "choice.wheelwright_now" : "choice.wheelwright_pairs"),
  ace_card: (_, m) => tr("choice.ace_card", { suit: tr(`suit.${m.suit}`) }),
  stash: (_, m) => tr(m.gold ? "choice.stash" : "choice.stash_nothing"),
  free_alleys: (_, m) => tr("choice.free_alleys", { count: m.count }),
  alley_pair: () => tr("choice.alley_pair"),
  pass: () => tr("choice.pass"),
  wrangle: wrangleWords,
  ...Object.fromEntries(Object.entries(SQUARE_WORDS).map(([k, f]) => [k, (_, m) => f(m)])),
};

/** A choice's words on its button, for any legal move of the decision awaited (`ctx`: state, catalog, pending): the
 * decision's own words, else the move in words (words.js moveWords). */
export function choiceWords(ctx, move) {
  if (CHOICE_WORDS[move.type]) return CHOICE_WORDS[move.type](ctx, move);
  if (move.type === "keep_partner") return tr("choice.partner_keep", { partner: partnerText(ctx.catalog, move.partner).name });
  if (move.type === "second_partner") {
    return move.choice === "face_up" ? tr("choice.partner_take", { partner: partnerText(ctx.catalog, move.partner).name }) : tr("choice.deck");
  }
  return capital(moveWords(ctx.catalog, ctx.state, move));
}

/** A draft choice in the list of all of them: the draft and its stack's place. */
export const draftChoiceWords = (ctx, m) => tr("choice.draft_at", { draft: draftWords(ctx.catalog, ctx.state, m), slot: slotWords(ctx.catalog, m.slot) });

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
      out.push(h("p", { class: "selected-stack" }, capital(tr("choice.selected_stack", { slot: slotWords(ctx.catalog, selected), tile: tileName(ctx.catalog, stack[0]), count: stack.length }))));
      out.push(h("div", { class: "choices for-stack" }, mine.map((m) => h("button", { type: "button", class: "choice primary", onclick: () => play(m) }, draftWords(ctx.catalog, ctx.state, m)))));
    } else {
      out.push(h("p", { class: "muted" }, tr("choice.stacks", { count: new Set(drafts.map((m) => m.slot)).size })));
    }
    const others = moves.filter((m) => m.type !== "draft" && m.type !== "sawmill");
    out.push(h("div", { class: "choices" }, others.map((m) => h("button", { type: "button", class: "choice", onclick: () => play(m) },
      m.type === "signpost" ? draftWords(ctx.catalog, ctx.state, m) : choiceWords(ctx, m)))));
    out.push(h("details", { class: "all-drafts" }, h("summary", {}, tr("choice.all_drafts", { count: drafts.length })),
      h("div", { class: "choices" }, drafts.map((m) => h("button", { type: "button", class: "choice", onclick: () => play(m) },
        draftChoiceWords(ctx, m))))));
  } else if (isPlacing(pending)) {
    const extra = moves.filter((m) => m.type !== "place");
    if (extra.length) out.push(h("div", { class: "choices" }, extra.map((m) => h("button", { type: "button", class: "choice", onclick: () => play(m) }, choiceWords(ctx, m)))));
  } else if (pending.type === "keep_partner") {
    // Setup E: every player chooses at once; a choice made may be changed until everyone has chosen
    const kept = pending.decided ? ctx.state.players?.[pending.seat]?.partners?.[0]?.id : null;
    if (kept) out.push(h("p", { class: "muted" }, tr("choice.kept_waiting")));
    out.push(h("div", { class: "choices cards" }, moves.map((m) => partnerButton(ctx, m, play, m.partner === kept ? "kept" : "keep"))));
  } else if (pending.type === "second_partner") {
    out.push(h("div", { class: "choices cards" }, moves.map((m) => (m.choice === "face_up"
      ? partnerButton(ctx, m, play, "take")
      : h("button", { type: "button", class: "choice partner-card", onclick: () => play(m) }, h("strong", {}, tr("choice.deck")), h("span", { class: "card-text" }, tr("choice.deck_text")))))));
  } else if (pending.type === "wrangle") {
    out.push(h("p", {}, tr("choice.contracts", { contracts: ctx.state.contracts.map((c) => contractWords(ctx.catalog, c)).join(" · ") })));
    out.push(h("div", { class: "choices" }, moves.map((m) => h("button", { type: "button", class: `choice${m.cows ? " primary" : ""}`, onclick: () => play(m) }, wrangleWords(ctx, m)))));
    const square = moves.find((m) => m.cows);
    if (square) board?.choose([{ row: square.row, col: square.col, label: tr("choice.the_pasture") }], () => {});
  } else if (SQUARE_WORDS[pending.type]) {
    const words = SQUARE_WORDS[pending.type];
    const squares = moves.filter((m) => m.row !== undefined).map((m) => ({ row: m.row, col: m.col, label: words(m), move: m }));
    board?.choose(squares, (s) => play(s.move));
    out.push(h("p", { class: "muted" }, tr("choice.click_square", { context: deviceContext() })));
    out.push(h("div", { class: "choices" }, moves.map((m) => h("button", { type: "button", class: "choice", onclick: () => play(m) }, words(m)))));
  } else {
    out.push(h("div", { class: "choices" }, moves.map((m) => h("button", { type: "button", class: "choice", onclick: () => play(m) }, choiceWords(ctx, m)))));
  }
  fill(host, ...out);
}
