"""Move reviews of finished games (issue 29; docs/api.md, "Move review").

A review is asked for with the search's settings: ``budget_ms`` per decision (capped by the server), optionally a
``simulations`` count (the same count and seed give the same review) and the ``search_seed``.  Its id is derived from the
game and those settings, so asking twice (or from two workers at once) finds the same review, which is made once.

It is made on the heavy-work queue (``service.reviews.tasks``), at background priority and a slice at a time: each
task reviews decisions for about ``REVIEW_SLICE_SECONDS`` (the game object's ``review_decision``: the core's
``solver.core.review`` on the game's search, one decision at a time, from the deciding seat's position only), writes them with the optimistic check of ``Storage.advance_review``
(of two tasks that reviewed the same slice, one write is kept) and queues the next slice, so hints and bot turns
asked meanwhile go first.  Unfinished reviews left by a process that died are queued again by the minute's sweep.

Answers are built per viewer by allow-list: a decision of the viewer's own seat is shown whole; another seat's
played and best moves are shown as the finished game's log shows them to the viewer (the game object's ``move_view``:
Wild Tiled West's kept partner withheld), and their labels only when nothing was withheld.  Every game of the house
is reviewed the same way, through its game object (``solver.core.protocol.Game``).  Source: our design (docs/hints.md, "Move
review").
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Callable, Mapping
from datetime import timedelta
from typing import Any

from service.cache import LRUCache
from service.language import _
from service.models import utcnow
from service.problems import Refused
from service.storage import GameHead, Storage, StoredReview
from solver.core.language import ENGLISH, current_language
from solver.core.protocol import Game
from solver.core.review import labels, summary

log = logging.getLogger(__name__)
REVIEW_STALL_SECONDS = 120  #: an unfinished review not written for this long is queued again by the sweep


def review_id(game_id: str, budget_ms: int, simulations: int | None, search_seed: int) -> str:
    """The id of the review of ``game_id`` with these settings: 24 hex digits of a SHA-256 of them."""
    return hashlib.sha256(f"{game_id}/{budget_ms}/{simulations}/{search_seed}".encode()).hexdigest()[:24]


def status(review: StoredReview) -> str:
    """``failed``, ``done``, ``queued`` (nothing reviewed yet) or ``running``."""
    if review.failed is not None:
        return "failed"
    if review.finished:
        return "done"
    return "queued" if review.done == 0 else "running"


def _seen(game: Game, moves: list[dict[str, Any]], mover: int, viewer: int | None) -> tuple[list[dict[str, Any]], bool]:
    """``moves`` played by ``mover`` as ``viewer`` sees them (``game.move_view``), and whether they are shown whole."""
    shown = [game.move_view(m, mover, viewer) for m in moves]
    return shown, shown == moves


def decision_view(game: Game, row: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """A reviewed decision (``Game.review_decision``'s dict) of ``game`` as ``viewer`` (a seat, or ``None``: a
    spectator) may see it: whole for the viewer's own seat; for another seat, its ``played_moves`` and ``best_moves``
    through ``game.move_view`` and the ``played``/``best`` labels null when something of them was withheld.  The
    labels are in the request's language (``solver.core.review.labels``: the stored row's ``words``; English for a row
    stored before them), and the stored ``words`` are not shown."""
    played_words, best_words = labels(row, current_language())
    row = {k: v for k, v in row.items() if k != "words"} | {"played": played_words, "best": best_words}
    if row["seat"] == viewer:
        return row
    played, played_whole = _seen(game, row["played_moves"], row["seat"], viewer)
    best, best_whole = _seen(game, row["best_moves"], row["seat"], viewer)
    return {**row, "played_moves": played, "played": row["played"] if played_whole else None,
            "best_moves": best, "best": row["best"] if best_whole else None}


class Reviews:
    """The move reviews of one process: ``storage`` (the database) and the house's game objects by id (with the
    components the service reads: ``service.games.store.house_games``)."""

    def __init__(self, storage: Storage, games: Mapping[str, Game]):
        self.storage = storage
        self.games = games
        #: the rows of reviews stored without words, with their words written again, by (review id, rows done)
        self._worded: LRUCache[list[dict[str, Any]]] = LRUCache(32)

    def request(self, head: GameHead, budget_ms: int, simulations: int | None, search_seed: int,
                before_new: Callable[[], None] | None = None) -> tuple[StoredReview, bool]:
        """The review of the game ``head`` with these settings: the stored one, or a new one (then ``True``: the
        caller queues its first slice; ``before_new`` is called first, and may refuse: a rate limit).  409
        ``game_not_over`` for a game still being played."""
        if not head.finished:
            raise Refused(409, _("a move review is made of a finished game: this one is still being played"),
                          rule="game_not_over")
        wanted = review_id(head.id, budget_ms, simulations, search_seed)
        stored = self.storage.review(wanted)
        if stored is not None:
            return stored, False
        if before_new is not None:
            before_new()
        return self.storage.insert_review(StoredReview(wanted, head.id, budget_ms, simulations, search_seed, None, 0, [],
                                                       False, None))

    def get(self, game_id: str, review: str) -> StoredReview:
        """The stored review ``review`` of ``game_id``; 404 ``unknown_review`` when there is none."""
        found = self.storage.review(review)
        if found is None or found.game_id != game_id:
            raise Refused(404, _("no review {review!r} of game {game_id!r}: POST /games/{game_id}/reviews makes one").format(
                review=review, game_id=game_id),
                          rule="unknown_review")
        return found

    def work(self, review: str, slice_seconds: float) -> bool:
        """Review the next decisions of ``review`` for about ``slice_seconds`` (at least one decision) and write
        them.  Returns whether decisions are left to review (the caller queues the next slice): ``False`` when the
        review is finished, failed, gone, or was written by another task meanwhile (that task goes on)."""
        found = self.storage.review(review)
        row = None if found is None else self.storage.row(found.game_id)
        if found is None or found.finished or row is None:
            return False
        game = self.games.get(row.head.game)
        if game is None:  # a game no longer played here: say so
            return self._fail(found, list(found.rows), None, f"the game {row.head.game!r} is not played here")
        moves = self.storage.moves(found.game_id)
        rows = list(found.rows)
        try:
            todo = game.review_decisions(row.config, moves)
        except Exception as exc:  # a log the engine no longer replays (data from another version): say so
            return self._fail(found, rows, None, f"the move log does not replay ({type(exc).__name__})")
        start = time.perf_counter()
        for decision in todo[len(rows):]:
            try:
                rows.append(game.review_decision(decision, found.budget_ms, found.simulations, found.search_seed))
            except Exception as exc:  # never retried for ever by the sweep: the review says what failed
                return self._fail(found, rows, len(todo), f"the search failed on the decision at move "
                                                          f"{decision.index} ({type(exc).__name__})")
            if time.perf_counter() - start >= slice_seconds:
                break
        written = self.storage.advance_review(found, rows, len(todo))
        return written and len(rows) < len(todo)

    def _fail(self, review: StoredReview, rows: list[dict[str, Any]], total: int | None, reason: str) -> bool:
        """Write ``review`` as failed for ``reason`` (logged with the review's id, no game data); returns ``False``."""
        log.warning("review %s: %s", review.id, reason)
        self.storage.advance_review(review, rows, total, failed=reason)
        return False

    def _rows_in_words(self, review: StoredReview, game: str) -> list[dict[str, Any]]:
        """``review``'s rows, each with its words in every language: as stored, or, for a review stored before its
        rows kept words and read in another language than English, written again from the game's log (the game
        object's ``review_words``; kept for the process, by review and progress).  A log that no longer replays:
        the rows as stored (their labels in English)."""
        rows = review.rows
        rewrite = getattr(self.games[game], "review_words", None)
        if current_language() == ENGLISH or rewrite is None or all(r.get("words") for r in rows):
            return rows

        def written() -> list[dict[str, Any]]:
            stored = self.storage.row(review.game_id)
            if stored is None:
                return rows
            try:
                return list(rewrite(stored.config, self.storage.moves(review.game_id), rows, review.search_seed))
            except Exception as exc:  # data of another engine version: the English labels still read
                log.warning("review %s: its words were not written again (%s)", review.id, type(exc).__name__)
                return rows

        return self._worded.get_or_make((review.id, review.done), written)

    def stalled(self, seconds: float = REVIEW_STALL_SECONDS) -> list[str]:
        """The unfinished reviews not written for ``seconds``."""
        return self.storage.stalled_reviews(utcnow() - timedelta(seconds=seconds))

    def view(self, review: StoredReview, game: str, viewer: int | None) -> dict[str, Any]:
        """The review as ``viewer`` (a seat, or ``None``) may see it: ``id``, ``game``, ``status`` (``status``),
        ``reason`` (when failed), the search's ``budget_ms``, ``simulations`` and ``search_seed``, ``progress`` (``done``
        and ``total`` decisions; total null until counted), ``seats`` (per seat: ``solver.core.review.summary``, points lost) and ``decisions`` (reviewed so far, in play order: ``decision_view``); ``game``: the reviewed game's registered id."""
        out: dict[str, Any] = {
            "id": review.id, "game": review.game_id, "status": status(review), "budget_ms": review.budget_ms,
            "simulations": review.simulations, "search_seed": review.search_seed,
            "progress": {"done": review.done, "total": review.total}, "seats": summary(review.rows),
            "decisions": [decision_view(self.games[game], r, viewer) for r in self._rows_in_words(review, game)]}
        if review.failed is not None:
            out["reason"] = review.failed
        return out
