// A hint (GET /games/<id>/hint): the server's search for the best options of the player's decision, each in words
// with its expected gain, shown on the game's table before it is taken; "Think longer" asks again with a larger budget.
import { explain, get } from "./api.js";
import { fill, h } from "./dom.js";
import { t } from "./i18n.js";

/** The budget of a hint asked to think longer, in milliseconds: the search's answer gets better with time. */
export const LONG_HINT_MS = 5000;

/** An option's expected gain in words: the search's estimate with its standard error and share of the simulations
 * ("+4.2 points expected (±0.6), 38% of 120 simulations"), or the one-step estimate when the search has none. */
export function gainWords(option, simulations) {
  const figures = option.search || {};
  const gain = figures.gain ?? option.gain;
  const signed = `${gain >= 0 ? "+" : "−"}${Math.abs(gain).toFixed(1)}`;
  const spread = figures.stderr >= 0.05 ? t("core.hint.spread", { spread: figures.stderr.toFixed(1) }) : "";  // null or below 0.05: none shown
  const share = simulations && Number.isFinite(figures.share) ? t("core.hint.share", { share: Math.round(100 * figures.share), count: simulations }) : "";
  return t("core.hint.gain", { signed, spread, share });
}

/** Ask for the best options of `session`'s pending decision, the search thinking `budgetMs` (null: the server's
 * default, 800 ms), and show them in `box`: each in the game's words, shown on its table (hover, focus or "Show on
 * board"), "Play option n" plays its moves in turn. */
export async function showHint(session, box, budgetMs = null) {
  const { state, table, game } = session;
  // The decision asked about: the hint stays good while it is still the one pending, even when other seats deciding at
  // once moved meanwhile (their moves change the version, not this decision); anything else drops it.
  const asked = JSON.stringify(state.pending);
  fill(box, h("p", { class: "muted" }, budgetMs ? t("core.hint.thinking_for", { count: budgetMs / 1000 }) : t("core.hint.thinking")));
  let answer;
  try {
    const budget = budgetMs ? `&budget_ms=${budgetMs}` : "";
    answer = (await get(`/games/${session.gameId}/hint?top=3${budget}`, { token: session.tokens[state.pending.seat] })).data;
  } catch (error) {
    fill(box, h("p", { class: "refusal" }, explain(error)));
    return;
  }
  if (JSON.stringify(session.state.pending) !== asked) { box.replaceChildren(); return; }
  const show = (option) => table.showHint(option);
  const items = answer.options.map((option, i) => h("li", { class: "hint-option", onmouseenter: () => show(option), onfocusin: () => show(option) },
    h("div", { class: "hint-label" }, h("strong", {}, `${i + 1}. `), game.movesWords(session.ctx, option.moves)),
    h("div", { class: "hint-gain" }, gainWords(option, answer.simulations)),
    h("div", { class: "hint-actions" },
      h("button", { type: "button", onclick: () => show(option) }, t("core.hint.show")),
      h("button", { type: "button", class: "primary", onclick: () => session.follow(option) }, t("core.hint.play", { number: i + 1 })))));
  fill(box, h("h3", {}, t("core.hint.title")), answer.partial ? h("p", { class: "muted" }, t("core.hint.partial")) : null,
    h("p", { class: "muted hint-search" }, t("core.hint.search", { count: answer.simulations, seconds: (answer.wall_ms / 1000).toFixed(1) })),
    h("ol", { class: "hint-options" }, items),
    h("div", { class: "hint-actions" },
      answer.budget_ms < LONG_HINT_MS ? h("button", { type: "button", class: "small", onclick: () => showHint(session, box, LONG_HINT_MS) }, t("core.hint.longer", { seconds: LONG_HINT_MS / 1000 })) : null,
      h("button", { type: "button", class: "small", onclick: () => { table.hideHint(); box.replaceChildren(); } }, t("core.hint.hide"))));
  if (answer.options[0]) show(answer.options[0]);
}
