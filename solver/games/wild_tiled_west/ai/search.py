"""Wild Tiled West's information-set search: hints that get better with thinking time (issue 29).

The search itself is the core's (``solver.core.search``: single-observer ISMCTS over whole-turn options after Cowling,
Powley and Whitehouse 2012 and OpenSpiel's ``ismcts.cc``; determinizations with common random numbers, progressive
widening, UCB1 on paired differences, root-parallel worker processes; its module docstring describes a simulation).
This module is what Wild Tiled West plugs into it, ``WildTiledWestSearch``:

- the seat's **complete options** at a decision: ``solver.games.wild_tiled_west.ai.hints.rank_options`` (a draft or
  other first move and every follow-up until something is revealed, played through by the one-step evaluation; with
  ``twins``, also the other wrangle choice), an option the caller asks for joining as the option of the same turn
  (``turn_key``) or valued by playing its moves, with its ``label`` and ``squares``;
- the *determinization*: ``solver.games.wild_tiled_west.ai.determinize.sample_game`` (hidden partners and bandit cards,
  future dice and draws);
- the *playout policy*: a lighter hint (``rank_options`` playing its ``PLAYOUT_PLAYS`` best draft candidates by
  estimate, all the options of any other decision), its placement values kept per seat between simulations;
- the *leaf value*: the seat's ``solver.games.wild_tiled_west.ai.evaluation.position_value``, in points;
- an option *continues* while the seat faces a follow-up decision and no chance step happened
  (``solver.games.wild_tiled_west.ai.hints.continues``: the mark is ``Game.chance``).

``search`` (the core's, on this plug-in and the catalog) and ``search_hint`` (the hint's answer with the search's
figures per option) are the entry points; the same seed, workers and simulation count (not a time budget) give the
same answer.  The core's names (``SearchResult``, ``SearchedOption``, ``Estimate``, the constants) are importable from
here as before.  Source: our design (docs/hints.md, "Information-set search").
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from concurrent.futures import Executor
from typing import Any

from solver.core import search as core
from solver.core.search import (
    CACHE_LIMIT,
    EXPLORATION,
    FORCED_SHARE,
    FORCED_VISITS,
    HORIZON,
    MIN_SD,
    MIN_VISITS,
    NO_BUDGET,
    PRIOR_VISITS,
    ROOT_SHARE,
    SD_PRIOR,
    SD_PRIOR_DOF,
    TWIN_VISITS,
    WIDEN_BASE,
    WIDEN_RATE,
    Estimate,
    SearchedOption,
    SearchResult,
    determinization_seed,
    differences,
    estimate,
    leader,
)
from solver.games.wild_tiled_west.ai.determinize import sample_game
from solver.games.wild_tiled_west.ai.evaluation import position_value, total
from solver.games.wild_tiled_west.ai.hints import (
    MAX_BUDGET_MS,
    Option,
    check_decision,
    continues,
    label,
    option_squares,
    rank_options,
    turn_key,
)
from solver.games.wild_tiled_west.components.catalog import load_catalog
from solver.games.wild_tiled_west.components.values import Catalog
from solver.games.wild_tiled_west.engine.game import Game

__all__ = [
    "CACHE_LIMIT", "EXPLORATION", "FORCED_SHARE", "FORCED_VISITS", "HORIZON", "MIN_SD", "MIN_VISITS", "NO_BUDGET",
    "PLAYOUT_PLAYS", "PRIOR_VISITS", "ROOT_SHARE", "SD_PRIOR", "SD_PRIOR_DOF", "TWIN_VISITS", "WIDEN_BASE",
    "WIDEN_RATE", "Estimate", "InformationSetSearch", "SearchResult", "SearchedOption", "WildTiledWestSearch",
    "determinization_seed", "differences", "estimate", "leader", "root_options", "search", "search_hint",
]

#: Playouts: draft candidates (best by estimate) each decision's lighter hint plays through.
PLAYOUT_PLAYS = 1


class WildTiledWestSearch:
    """Wild Tiled West's plug-in to the core's search (``solver.core.search.SearchGame``; see the module docstring),
    on ``catalog``.  Picklable: root-parallel workers receive it."""

    def __init__(self, catalog: Catalog):
        self.catalog = catalog

    def decider(self, position: dict[str, Any]) -> int:
        """The position's seat; ``HintError`` when the game is over or the pending decision is another seat's."""
        check_decision(position)
        return int(position["seat"])

    def sample(self, position: dict[str, Any], seed: int) -> Game:
        """``sample_game`` (``PositionError`` for a malformed position)."""
        return sample_game(position, seed, self.catalog)

    def value(self, state: Any, seat: int) -> float:
        """``position_value``'s total, points."""
        return total(position_value(state, seat))

    def options(self, state: Any, seat: int, budget_ms: float) -> tuple[list[Any], bool]:
        """``rank_options`` with the wrangle ``twins``, every option (not cut short: only those played through)."""
        options, partial = rank_options(state, seat, 10_000, budget_ms, twins=True)
        if not partial:
            options = [o for o in options if o.played]  # rank_options fills `top` with first moves: not wanted here
        return options, partial

    def option(self, state: Any, seat: int, moves: list[dict[str, Any]]) -> Any:
        """The option of ``moves`` played on a copy: its gain (no terms), label and squares."""
        before = total(position_value(state, seat))
        trial = Game.from_json(state.to_json(), state.catalog)
        events = [e for move in moves for e in trial.apply(move)]
        gain = total(position_value(trial, seat)) - before
        return Option(list(moves), gain, {}, label(state, moves, events, gain), squares=option_squares(state, moves))

    def relabel(self, state: Any, seat: int, option: Any) -> str:
        """``option``'s label (``hints.label``: its moves, what they achieve, its gain) written again in the current
        language on ``state`` (the root the search sampled), with the option's own gain (a move review's words)."""
        trial = Game.from_json(state.to_json(), state.catalog)
        events = [e for move in option.moves for e in trial.apply(move)]
        return label(state, option.moves, events, option.gain)

    def option_key(self, state: Any, moves: list[dict[str, Any]]) -> Hashable:
        """``turn_key``: what the turn does, whichever die does it."""
        return turn_key(state, moves)

    def mark(self, state: Any) -> Hashable:
        """``Game.chance``: the chance steps so far."""
        return int(state.chance)

    def continues(self, state: Any, seat: int, mark: Hashable) -> bool:
        """``hints.continues``: a follow-up decision of ``seat``, no chance step since."""
        assert isinstance(mark, int)  # Game.chance (mark)
        return continues(state, seat, mark)

    def policy(self, state: Any, seat: int, budget_ms: float, memory: dict[Any, Any]) -> list[dict[str, Any]] | None:
        """The best complete option of a lighter hint (``rank_options`` playing the ``PLAYOUT_PLAYS`` best draft
        candidates by estimate, every option of another decision), ``memory`` its placement values."""
        pending = state.decision(seat)
        assert pending is not None  # the caller saw the decision
        plays = PLAYOUT_PLAYS if pending["type"] == "draft" else None
        chosen, cut = rank_options(state, seat, 1, budget_ms, plays=plays, cache=memory)
        return None if cut else chosen[0].moves


def root_options(game: Game, seat: int, budget_ms: float, include: list[list[dict]] | None = None
                 ) -> tuple[list[SearchedOption], bool]:
    """``solver.core.search.root_options`` on ``game`` (a determinization of the seat's position) with this game's
    plug-in: the complete options by one-step gain, ``include`` joining as the same turn's option (``turn_key``) or
    as its own; raises ``IllegalMove`` when an ``include`` move list does not apply."""
    return core.root_options(WildTiledWestSearch(game.catalog), game, seat, budget_ms, include)


class InformationSetSearch(core.InformationSetSearch):
    """The core's search of one stream of determinizations on this game's plug-in: ``position`` (``Game.position(seat)``
    data), ``options`` (``root_options``), ``seed``, ``stream``, ``catalog`` (default: the packaged one)."""

    def __init__(self, position: dict[str, Any], options: list[SearchedOption], seed: int, stream: int = 0,
                 catalog: Catalog | None = None):
        super().__init__(WildTiledWestSearch(catalog or load_catalog()), position, options, seed, stream)


def search(position: dict[str, Any], budget_ms: float | None = None, simulations: int | None = None, seed: int = 0,
           workers: int = 1, include: list[list[dict]] | None = None, catalog: Catalog | None = None,
           executor: Executor | None = None) -> SearchResult:
    """``solver.core.search.search`` of the pending decision of ``position``'s seat (``Game.position(seat)`` data) on
    this game's plug-in (``catalog``: default the packaged one): ``budget_ms`` milliseconds and/or ``simulations``,
    ``seed``, ``workers`` (``executor``), ``include`` as there.  With a simulation count and no budget, the same
    ``seed``, ``workers`` and ``simulations`` give the same answer.  Raises ``HintError`` when the game is over or the
    pending decision is another seat's, ``ValueError`` for neither a budget nor a count, ``PositionError``
    (``solver.games.wild_tiled_west.ai.determinize``) for a malformed position."""
    return core.search(WildTiledWestSearch(catalog or load_catalog()), position, budget_ms, simulations, seed, workers,
                       include, executor)


def search_hint(position: dict[str, Any], top: int = 3, budget_ms: float | None = 800.0,
                simulations: int | None = None, seed: int = 0, workers: int = 1, catalog: Catalog | None = None,
                executor: Executor | None = None) -> dict[str, Any]:
    """``solver.games.wild_tiled_west.ai.hints.hint``'s answer found by the search (``search``, budget capped at ``MAX_BUDGET_MS``): the
    ``top`` options the search ranks best (most visited first), each ``Option.to_json()`` (its ``gain`` and
    ``terms`` the one-step values today's hint gives) plus ``search`` (``SearchResult.option_json``: the mean
    return ``gain`` over the horizon with its ``stderr``, ``visits``, ``share``, ``loss`` against the best and its
    ``loss_stderr``, ``prior``); and, besides the hint's ``version``, ``seat``, ``decision``, ``partial``,
    ``budget_ms`` and ``wall_ms``: ``simulations``, ``workers`` and ``seed``.  Raises as ``hint`` (``HintError``,
    ``PositionError``) and ``ValueError`` for a bad ``top``, ``workers`` or count."""
    start = time.perf_counter()
    pending = check_decision(position, top)
    budget = None if budget_ms is None else min(float(budget_ms), MAX_BUDGET_MS)
    found = search(position, budget, simulations, seed, workers, catalog=catalog, executor=executor)
    return {"version": position["version"], "seat": position["seat"], "decision": pending,
            "options": [found.option_json(o) for o in found.options[:top]], "partial": found.partial,
            "budget_ms": budget, "simulations": found.simulations, "workers": workers, "seed": seed,
            "wall_ms": round((time.perf_counter() - start) * 1000.0, 1)}
