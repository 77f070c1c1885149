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
const heading = () => h("h3", { id: "review-title" }, "Move review");

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
    h("p", { class: "muted" }, "The search looks at every decision again and tells how many points each move lost against the best it finds."),
    h("button", { type: "button", class: "review-button", onclick: start }, "Review the game"));
  const start = async () => {
    fill(box, heading(), h("p", { class: "muted" }, "Asking the server…"));
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
    h("p", { class: "muted" }, total ? `Reviewing: ${done} of ${total} decisions…` : "Waiting for the server's review…"),
    total ? h("progress", { max: total, value: done, "aria-label": "decisions reviewed" }) : null);
}

function showReview(box, ctx, review, gameId) {
  if (review.status === "failed") {
    fill(box, heading(), h("p", { class: "refusal" }, `The review failed: ${review.reason}`));
    return;
  }
  const rows = Object.entries(review.seats).map(([seat, s]) => h("tr", {},
    h("th", { scope: "row" }, seatLabel(ctx, Number(seat))), h("td", {}, s.loss.toFixed(1)),
    h("td", {}, `${Math.round(100 * s.best_share)}%`), h("td", {}, s.max_loss.toFixed(1))));
  const mine = review.decisions.filter((d) => ctx.mySeats.has(d.seat) && d.loss > 0 && d.best)
    .sort((a, b) => b.loss - a.loss).slice(0, SHOWN_MISTAKES);
  fill(box, heading(),
    h("table", { class: "review-seats" },
      h("caption", {}, `Points lost against the search's best option (${review.budget_ms} ms a decision)`),
      h("thead", {}, h("tr", {}, ["Player", "Points lost", "Best moves", "Largest loss"].map((t) => h("th", { scope: "col" }, t)))),
      h("tbody", {}, rows)),
    mine.length ? h("h4", {}, "Your costliest decisions") : null,
    mine.length ? h("ol", { class: "review-mistakes" }, mine.map((d) => h("li", {},
      h("span", { class: "review-loss" }, `−${d.loss.toFixed(1)} points`), ` at move ${d.index + 1}: you played `,
      h("em", {}, d.played), "; the search prefers ", h("em", {}, d.best), ". ",
      h("a", { href: `#/replay/${gameId}/${d.index}`, class: "review-replay" }, t("replay.see_move"))))) : null);
}
