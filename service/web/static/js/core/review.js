// The move review of a finished game (docs/api.md, "Move review"): asked for from the end screen, made by the server
// on its queue; the panel polls it, shows its progress, then each seat's points lost and my costliest decisions with
// the search's better option (each a link to the replay at that move). The review's id is kept with the game
// (core/store.js): a reload shows the review again, or goes on following it while the server makes it.
import { ApiError, explain, get, post } from "./api.js";
import { fill, h } from "./dom.js";
import { t } from "./i18n.js";
import { seatLabel } from "./seats.js";
import { forgetReview, keepReview, keptReview } from "./store.js";

const POLL_MS = 1000;
const SHOWN_MISTAKES = 3;

/** The panel's heading (the section is labelled by it). */
const heading = () => h("h3", { id: "review-title" }, t("core.review.title"));

/** When a reviewed decision was made, in the game's words ("in year 2, round 3": the game module's `momentWords`
 * of the decision's `moment`), else by its number among the moves. */
function whenWords(ctx, decision) {
  const words = decision.moment && ctx.game?.momentWords?.(decision.moment);
  return words || t("core.review.at_move", { number: decision.index + 1 });
}

/** A reviewed decision's moves in the game's words, read in the state of that moment (its dice: the game's
 * `moment`), else the server's label. */
function decisionMoves(ctx, decision, moves, label) {
  if (!ctx.game?.movesWords || !moves?.length) return label || "";
  const moment = decision.moment || {};
  return ctx.game.movesWords({ ...ctx, state: { ...ctx.state, ...moment } }, moves);
}

/** A costly decision in words: "−3.2 points in year 2, round 3: you played …; the search prefers …." (nodes). */
export function mistakeWords(ctx, d) {
  return [h("span", { class: "review-loss" }, t("core.review.loss", { loss: d.loss.toFixed(1) })),
    t("core.review.played_before", { when: whenWords(ctx, d) }), h("em", {}, decisionMoves(ctx, d, d.played_moves, d.played)),
    t("core.review.best_before"), h("em", {}, decisionMoves(ctx, d, d.best_moves, d.best)), t("core.review.end")];
}

/** A panel with a "Review the game" button, or the review asked for before (kept with the game); `token` (one of my
 * seats', or null) shows that seat's decisions whole. */
export function reviewPanel(ctx, gameId, token) {
  const box = h("section", { class: "review", "aria-live": "polite", "aria-labelledby": "review-title" });
  const follow = async (review) => {
    keepReview(gameId, review.id);
    while (review.status === "queued" || review.status === "running") {
      showProgress(box, review);
      await new Promise((done) => setTimeout(done, POLL_MS));
      if (!box.isConnected) return; // the page moved on
      review = (await get(`/games/${gameId}/reviews/${review.id}`, { token })).data;
    }
    showReview(box, ctx, review, gameId);
  };
  const offer = () => fill(box, heading(),
    h("p", { class: "muted" }, t("core.review.intro")),
    h("button", { type: "button", class: "review-button", onclick: start }, t("core.review.button")));
  const start = async () => {
    fill(box, heading(), h("p", { class: "muted" }, t("core.review.asking")));
    try {
      await follow((await post(`/games/${gameId}/reviews`, {}, { token })).data);
    } catch (error) {
      fill(box, heading(), h("p", { class: "refusal" }, explain(error)));
    }
  };
  const resume = async (reviewId) => {
    fill(box, heading(), h("p", { class: "muted" }, t("replay.review_loading")));
    try {
      await follow((await get(`/games/${gameId}/reviews/${encodeURIComponent(reviewId)}`, { token })).data);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) { // the server no longer has it: ask again
        forgetReview(gameId);
        offer();
      } else fill(box, heading(), h("p", { class: "refusal" }, explain(error)));
    }
  };
  const kept = keptReview(gameId);
  if (kept) resume(kept);
  else offer();
  return box;
}

function showProgress(box, review) {
  const { done, total } = review.progress;
  fill(box, heading(),
    h("p", { class: "muted" }, total ? t("core.review.progress", { done, count: total }) : t("core.review.waiting")),
    total ? h("progress", { max: total, value: done, "aria-label": t("core.review.progress_label") }) : null);
}

function showReview(box, ctx, review, gameId) {
  if (review.status === "failed") {
    fill(box, heading(), h("p", { class: "refusal" }, t("core.review.failed", { reason: review.reason })));
    return;
  }
  const rows = Object.entries(review.seats).map(([seat, s]) => h("tr", {},
    h("th", { scope: "row" }, seatLabel(ctx, Number(seat))), h("td", {}, s.loss.toFixed(1)),
    h("td", {}, `${Math.round(100 * s.best_share)}%`), h("td", {}, s.max_loss.toFixed(1))));
  const mine = review.decisions.filter((d) => ctx.mySeats.has(d.seat) && d.loss > 0 && d.best)
    .sort((a, b) => b.loss - a.loss).slice(0, SHOWN_MISTAKES);
  fill(box, heading(),
    h("table", { class: "review-seats" },
      h("caption", {}, t("core.review.caption", { count: review.budget_ms })),
      h("thead", {}, h("tr", {}, ["player", "lost", "best", "largest"].map((k) => h("th", { scope: "col" }, t(`core.review.column.${k}`))))),
      h("tbody", {}, rows)),
    mine.length ? h("h4", {}, t("core.review.costliest")) : null,
    mine.length ? h("ol", { class: "review-mistakes" }, mine.map((d) => h("li", {}, mistakeWords(ctx, d), " ",
      h("a", { href: `#/replay/${gameId}/${d.index}`, class: "review-replay" }, t("replay.see_move"))))) : null);
}
