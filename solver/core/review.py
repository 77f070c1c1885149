"""Move review for any game of the house: the points each seat's moves lost against the best option a search finds
(issue 29, moved into the core by issue 36).

A move log (a state at its start and the moves played from it, with their seats when several seats may decide at
once) is cut into **decisions** (``decisions``): the moves one seat played from one pending decision until
something was revealed or another decision point came (``SearchGame.continues``: the complete options the search
weighs).  Each decision is searched from the seat's position only (``solver.core.search.search``, the played option
weighed beside the search's own: ``include``), and its **loss** is how many points the best option's return leads
the played option's, on the same determinizations (paired: common random numbers; 0 when the played option is the
best, clipped at 0), with its standard error.  A decision with a single option loses nothing and is not simulated.
Per seat (``summary``): the decisions, the total, mean and largest loss, and the share of decisions with a choice
where the played option was the best.

The words (issue 37, "French"): each reviewed decision keeps its ``played`` and ``best`` labels in English, as every
review stored before did, and ``words``, the same labels in each other language of ``solver.core.language.LANGUAGES``
(``{"fr": {"played", "best"}}``), written when the decision is reviewed from the same sampled root the search weighed
(the game's ``relabel``, or its ``option`` again); ``labels(row, language)`` reads a stored row's labels in a language,
English for a row stored without words.  A row stored before there were words gets them written again from its moves
and the gains its English labels end with (``words_again``, ``ReviewedBySearch.review_words``), so an old review reads
in French too.  Source: our design (docs/hints.md, "Move review").
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Iterable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from tqdm import tqdm

from solver.core.language import ENGLISH, LANGUAGES, speaking
from solver.core.protocol import JSON, Decision
from solver.core.search import SearchGame, determinization_seed, search

__all__ = ["Decision", "ReviewedBySearch", "decisions", "labels", "review", "review_decision", "summary", "words_again"]


def decisions(game: SearchGame, state: Any, moves: list[JSON], seats: list[int] | None = None) -> list[Decision]:
    """The decisions of the move log ``moves`` played from ``state`` (a ``State``, which this plays on), in order:
    move ``i`` is ``seats[i]``'s or, without ``seats``, the only pending seat's.  Raises ``IllegalMove`` when a move
    does not apply, ``ValueError`` when several seats are pending and ``seats`` is not given."""
    out: list[Decision] = []
    i = 0
    while i < len(moves):
        pending = state.pending_seats()
        if seats is not None:
            seat = seats[i]
        elif len(pending) > 1:
            raise ValueError(f"move {i}: seats {pending} are pending at once: the log needs each move's seat")
        else:
            seat = pending[0] if pending else 0  # none pending: play raises GameOver
        decision = state.decision(seat) or {}
        mark = game.mark(state)
        position, choices = state.position(seat), len(state.legal_moves(seat))
        j = i + 1
        state.play(seat, moves[i])
        while j < len(moves) and (seats is None or seats[j] == seat) and game.continues(state, seat, mark):
            state.play(seat, moves[j])
            j += 1
        out.append(Decision(i, seat, str(decision.get("type", "")), position, [dict(m) for m in moves[i:j]], choices))
        i = j
    return out


def review_decision(game: SearchGame, decision: Decision, budget_ms: float | None, simulations: int | None,
                    seed: int = 0, workers: int = 1, executor: Executor | None = None) -> JSON:
    """One decision reviewed (module docstring): ``{"index", "seat", "decision", "played", "played_moves", "best",
    "best_moves", "loss", "loss_stderr", "options", "simulations", "partial", "words"}`` (points, rounded to 0.01;
    ``played`` and ``best`` are English labels, ``words`` the same in each other language: ``{"fr": {"played",
    "best"}}``).  The search: ``budget_ms`` and/or ``simulations`` (``solver.core.search.search`` on
    ``game``), the determinizations seeded by ``seed`` and the decision's index."""
    search_seed = seed * 1_000_003 + decision.index
    found = search(game, decision.position, budget_ms, simulations, search_seed, workers,
                   include=[decision.moves], executor=executor)
    played = next(o for o in found.options if o.forced)
    estimate = found.estimate(played)
    loss = 0.0 if played is found.best or estimate.loss is None else max(0.0, estimate.loss)
    err = estimate.loss_stderr if played is not found.best else 0.0
    return {"index": decision.index, "seat": decision.seat, "decision": decision.kind,
            "played": played.option.label, "played_moves": decision.moves,
            "best": found.best.option.label, "best_moves": found.best.option.moves,
            "loss": round(loss, 2), "loss_stderr": None if err is None else round(err, 2),
            "options": len(found.options), "simulations": found.simulations, "partial": found.partial,
            "words": _words(game, decision, search_seed, played.option, found.best.option)}


def _words(game: SearchGame, decision: Decision, search_seed: int, played: Any, best: Any) -> dict[str, dict[str, str]]:
    """The ``played`` and ``best`` options' labels in each language but English, written on the root the search
    sampled (``search``: ``determinization_seed(search_seed, -1, 0)``) with the game's ``relabel(state, seat,
    option)`` when it has one (the option's own figures, in the language of the words), else its ``option`` again."""
    root = game.sample(decision.position, determinization_seed(search_seed, -1, 0))
    relabel = getattr(game, "relabel", None)

    def label(option: Any) -> str:
        return str(relabel(root, decision.seat, option) if relabel is not None
                   else game.option(root, decision.seat, option.moves).label)

    out = {}
    for language in LANGUAGES:
        if language != ENGLISH:
            with speaking(language):
                out[language] = {"played": label(played), "best": label(best)}
    return out


#: the gain an option's English label ends with (``" +1.5"``: ``solver.games.wild_tiled_west.ai.hints.label``)
GAIN_AT_END = re.compile(r" ([+-]\d+(?:\.\d+)?)$")


@dataclass(frozen=True)
class StoredOption:
    """An option as a stored review row keeps it: its ``moves`` and the ``gain`` its label ends with (points)."""

    moves: list[JSON]
    gain: float


def words_again(game: SearchGame, decision: Decision, seed: int, row: JSON) -> dict[str, dict[str, str]] | None:
    """The ``words`` of a reviewed decision stored without them (before issue 37's French): its played and best moves
    labelled in each other language on the root its review sampled (``decision``: the log's decision at the row's
    index; ``seed``: the review's ``search_seed``), with the gains its English labels end with when the game has a
    ``relabel``.  ``None`` when a label is missing (withheld) or ends with no gain.  Raises what the game raises on
    moves that do not apply."""
    relabel = getattr(game, "relabel", None)
    found = [GAIN_AT_END.search(row.get(key) or "") for key in ("played", "best")]
    if not (row.get("played") and row.get("best")) or (relabel is not None and not all(found)):
        return None
    gains = [float(m[1]) if m else 0.0 for m in found]
    return _words(game, decision, seed * 1_000_003 + decision.index, StoredOption(row["played_moves"], gains[0]),
                  StoredOption(row["best_moves"], gains[1]))


def labels(row: JSON, language: str) -> tuple[str | None, str | None]:
    """A reviewed decision's (``review_decision``'s dict, as stored) ``played`` and ``best`` labels in ``language``:
    its ``words`` in that language, else its English labels (a row stored before its words were: issue 37).  Raises
    nothing."""
    said = (row.get("words") or {}).get(language) or {}
    return said.get("played", row.get("played")), said.get("best", row.get("best"))


def summary(reviewed: Iterable[JSON]) -> dict[str, JSON]:
    """Per seat (as a string, for JSON): ``decisions`` reviewed, ``with_choice`` (more than one option), ``loss``
    (total, points), ``mean_loss`` and ``max_loss`` over the decisions with a choice, ``best_share`` (of those, the
    share where the played option was the best: loss 0)."""
    by_seat: dict[int, list[JSON]] = {}
    for row in reviewed:
        by_seat.setdefault(row["seat"], []).append(row)
    out = {}
    for seat, rows in sorted(by_seat.items()):
        chosen = [r["loss"] for r in rows if r["options"] > 1]
        out[str(seat)] = {"decisions": len(rows), "with_choice": len(chosen), "loss": round(sum(chosen), 2),
                          "mean_loss": round(statistics.mean(chosen), 2) if chosen else 0.0,
                          "max_loss": max(chosen, default=0.0),
                          "best_share": round(sum(1 for x in chosen if x == 0) / len(chosen), 3) if chosen else 1.0}
    return out


def review(game: SearchGame, chosen: list[Decision], budget_ms: float | None = None, simulations: int | None = None,
           seed: int = 0, workers: int = 1, progress: bool = False) -> JSON:
    """Review ``chosen`` decisions (``review_decision``; ``workers`` > 1: one process pool for them all; ``progress``:
    a tqdm bar).  Returns ``{"budget_ms", "simulations", "workers", "seed", "seats": summary(...), "decisions":
    [...]}``.  Raises ``ValueError`` for neither a budget nor a simulation count."""
    if budget_ms is None and simulations is None:
        raise ValueError("a review needs a budget (milliseconds) or a simulation count per decision")
    pool = ProcessPoolExecutor(max_workers=workers) if workers > 1 else None
    try:
        rows = [review_decision(game, d, budget_ms, simulations, seed, workers, pool)
                for d in tqdm(chosen, desc="review", unit="decision", disable=not progress)]
    finally:
        if pool is not None:
            pool.shutdown()
    return {"budget_ms": budget_ms, "simulations": simulations, "workers": workers, "seed": seed,
            "seats": summary(rows), "decisions": rows}


class ReviewedBySearch:
    """The protocol's move review (``Game.review_decisions``, ``Game.review_decision``) for a game object whose search
    is the core's: mixed into the game object, which gives ``search_game()``, its ``SearchGame`` plug-in, and
    ``new_state``."""

    def search_game(self) -> SearchGame:
        """The game's ``SearchGame`` plug-in (with the components the game object reads)."""
        raise NotImplementedError

    def new_state(self, config: JSON) -> Any:
        """``Game.new_state``."""
        raise NotImplementedError

    def review_decisions(self, config: JSON, moves: Sequence[tuple[int, JSON]]) -> list[Decision]:
        """``decisions`` of the log ``new_state(config)`` + ``moves`` (``(seat, move)``), each move played by its seat."""
        return decisions(self.search_game(), self.new_state(config), [m for _, m in moves], [s for s, _ in moves])

    def review_decision(self, decision: Decision, budget_ms: float | None, simulations: int | None,
                        seed: int = 0) -> JSON:
        """``review_decision`` of ``decision`` with the game's search (one worker)."""
        return review_decision(self.search_game(), decision, budget_ms, simulations, seed)

    def review_words(self, config: JSON, moves: Sequence[tuple[int, JSON]], rows: Sequence[JSON],
                     seed: int = 0) -> list[JSON]:
        """``rows`` (a review's stored decisions, ``review_decision``'s dicts, of the log ``config`` + ``moves``, made
        with the search seed ``seed``) each with its ``words``: its own, or written again (``words_again``) for a row
        stored without them; a row whose words cannot be written again (its decision no longer cut so, a label
        withheld) is left as it is.  Raises ``IllegalMove`` for a log that does not replay."""
        if all(row.get("words") for row in rows):
            return list(rows)
        by_index = {d.index: d for d in self.review_decisions(config, moves)}
        out = []
        for row in rows:
            decision = by_index.get(row["index"])
            words = row.get("words") or (words_again(self.search_game(), decision, seed, row)
                                         if decision is not None and decision.seat == row["seat"] else None)
            out.append({**row, "words": words} if words else row)
        return out
