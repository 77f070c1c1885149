"""An anytime information-set search over whole-turn options, for any game of the house (issue 29, moved into the
core by issue 36).

``search(game, position, ...)`` answers a pending decision of one seat from that seat's knowledge only (its
``position``, ``State.position(seat)`` data): it never reads a hidden value.  It is single-observer Information-Set
Monte Carlo Tree Search (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012;
OpenSpiel's ``open_spiel/algorithms/ismcts.cc``) whose tree is the seat's information set at the decision and whose
edges are its **complete options**: every move the seat makes before something is revealed or another decision point
comes (a draft and the placement and follow-ups it leads to), each with the game's one-step estimate of its gain.
What the search needs of a game is the plug-in ``SearchGame`` (its options, determinizations, playout policy, leaf
value, which moves continue one decision); ``GameSearch`` builds one from any ``solver.core.protocol.Game`` for a
small game.  Each **simulation**:

1. *determinization*: ``SearchGame.sample`` draws the hidden values and the future chance from the seat's position.
   The ``k``-th visit of every option in one stream uses the same determinization (``determinization_seed(seed,
   stream, k)``): options are compared on the same sampled worlds (common random numbers), which makes their
   differences, and the move review's losses, far less noisy than their values;
2. *selection*: UCB1 over the options opened so far, on each option's mean paired difference to the leader (the
   most visited option) with the difference of their one-step gains counted as ``PRIOR_VISITS`` more values (the
   game's one-step judgement as the prior): ``d + EXPLORATION x sd x sqrt(ln N / n)`` (``InformationSetSearch.select``).
   Options are opened in the order of their one-step gain, ``WIDEN_BASE + floor(WIDEN_RATE x sqrt(N))`` of them
   after ``N`` simulations (progressive widening), each visited ``MIN_VISITS`` times before UCB1 judges it; an option
   indistinguishable from a better one is closed as its twin;
3. *playout*: the option's moves, then every pending seat's decisions by the game's playout policy
   (``SearchGame.policy``; with several seats pending at once, the search's own seat first, then the others in seat
   order: another seat's choice in a simultaneous decision is the policy's, inside the determinization), until the
   seat has played ``HORIZON`` more options of its own (or the game is over);
4. *evaluation*: the seat's ``SearchGame.value`` at that leaf minus at the root (points): the simulation's
   **return**, an estimate of the final-score gain over the horizon;
5. *backup*: the return is added to the option's statistics.

The tree has one level: below the root every decision follows a chance step or another seat's turn, whose
information sets differ from one determinization to the next, so their nodes would be visited about once each at the
rates this search runs (tens to a few hundred simulations a second for Wild Tiled West, docs/hints.md); the playout
policy is where the next turn is weighed.  The search stops when its simulation count or its budget (milliseconds) is
spent; ``InformationSetSearch.result()`` gives the options so far at any moment, the most visited first.  ``search``
is root-parallel over worker processes (``concurrent.futures``: each worker its own stream of determinizations, visit
counts and returns merged); the same seed, workers and simulation count (not a time budget) give the same answer.
Source: our design on the references above (docs/hints.md, "Information-set search").
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections.abc import Hashable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol

from solver.core.protocol import JSON, Game, State

__all__ = [
    "Estimate", "GameSearch", "InformationSetSearch", "NoDecision", "Option", "SearchGame", "SearchOption",
    "SearchResult", "SearchedOption", "determinization_seed", "differences", "estimate", "leader", "root_options",
    "search",
]

#: UCB1's exploration weight, in standard deviations of the paired difference of two options' returns.
EXPLORATION = 1.0
#: That standard deviation is pooled over the open options, shrunk towards SD_PRIOR points with the weight of
#: SD_PRIOR_DOF degrees of freedom (a few returns do not tell it), and at least MIN_SD points.
SD_PRIOR = 3.0
SD_PRIOR_DOF = 10
#: Selection counts the difference of two options' one-step gains as this many paired returns (a prior).
PRIOR_VISITS = 2
MIN_SD = 0.5
#: Every open option is visited this many times before UCB1 compares it.
MIN_VISITS = 2
#: An option whose one-step gain and first TWIN_VISITS returns equal a better option's is closed as its twin.
TWIN_VISITS = 3
#: Progressive widening: after N simulations, the WIDEN_BASE + floor(WIDEN_RATE * sqrt(N)) options best by one-step
#: gain are open to selection.
WIDEN_BASE = 3
WIDEN_RATE = 1.0
#: Playouts: the seat's own options played after the root's before the leaf is valued.
HORIZON = 1
#: Share of a time budget the root's options may take (``SearchGame.options``; the rest is the simulations').
ROOT_SHARE = 0.5
#: Options the caller asks to be weighed (the move review's played option) are visited at least FORCED_VISITS times
#: or FORCED_SHARE of the most visited other option's visits, whichever is more (never more than that option).
FORCED_VISITS = 4
FORCED_SHARE = 0.25
#: Entries of a seat's playout memory (``SearchGame.policy``'s ``memory``) kept before it is emptied (memory of long
#: searches).
CACHE_LIMIT = 4000
NO_BUDGET = 1e12  #: "no time limit", in milliseconds (a cut by simulation count)


class NoDecision(ValueError):
    """The position's seat has nothing to decide: the game is over, or the pending decision is another seat's."""


class SearchOption(Protocol):
    """One complete option of a seat: ``moves`` to play in order (each exactly as ``State.play`` accepts it), the
    game's one-step estimate of its ``gain`` (points: the value after its moves less the value before), a one-line
    ``label`` a player reads, and ``to_json()`` (plain data for an answer: at least ``moves``, ``gain``, ``label``)."""

    @property
    def moves(self) -> list[JSON]: ...

    @property
    def gain(self) -> float: ...

    @property
    def label(self) -> str: ...

    def to_json(self) -> JSON: ...


@dataclass
class Option:
    """A plain ``SearchOption`` (``GameSearch``'s): ``moves``, one-step ``gain`` (points), ``label``."""

    moves: list[JSON]
    gain: float
    label: str = ""

    def to_json(self) -> JSON:
        """``{"moves", "gain" (rounded to 0.01), "label"}``."""
        return {"moves": self.moves, "gain": round(self.gain, 2), "label": self.label}


class SearchGame(Protocol):
    """What the search needs of a game (its plug-in): a determinization, the seat's complete options with their
    one-step estimates, the playout policy, the leaf value, and which moves continue one decision.  Plain data and
    picklable (worker processes receive it).  ``state`` is a ``solver.core.protocol.State`` of the game; points are
    the game's own."""

    def decider(self, position: JSON) -> int:
        """The seat whose knowledge ``position`` is, which must have a pending decision; raises a ``ValueError``
        (``NoDecision`` or the game's own) when it has none or ``position`` is not a position."""
        ...

    def sample(self, position: JSON, seed: int) -> Any:
        """A determinization: a state consistent with ``position``, its hidden values and future chance drawn from
        ``seed`` (``solver.core.protocol.Game.sample``)."""
        ...

    def value(self, state: Any, seat: int) -> float:
        """The leaf value: ``seat``'s expected final points from ``state`` (``solver.core.protocol.Game.value``)."""
        ...

    def options(self, state: Any, seat: int, budget_ms: float) -> tuple[list[Any], bool]:
        """``seat``'s complete options at its pending decision in ``state`` (``SearchOption``s), best one-step gain
        first, found within ``budget_ms`` milliseconds, and whether the budget cut them short (options not played
        through may then hold their first move only; the playouts complete them).  ``state`` is not changed."""
        ...

    def option(self, state: Any, seat: int, moves: list[JSON]) -> Any:
        """The ``SearchOption`` of ``moves`` (a caller's, say the move review's played option), valued by playing
        them on a copy of ``state``; raises ``IllegalMove`` when they do not apply."""
        ...

    def option_key(self, state: Any, moves: list[JSON]) -> Hashable:
        """What the option of ``moves`` does: two move lists with one key are one option (``root_options``)."""
        ...

    def mark(self, state: Any) -> Hashable:
        """What ``state`` has revealed so far (a count of chance steps, say): ``continues`` compares it."""
        ...

    def continues(self, state: Any, seat: int, mark: Hashable) -> bool:
        """An option of ``seat`` begun when the state's ``mark`` was ``mark`` goes on: ``seat`` faces a follow-up
        decision and nothing was revealed since."""
        ...

    def policy(self, state: Any, seat: int, budget_ms: float, memory: dict[Any, Any]) -> list[JSON] | None:
        """The playout policy: the moves of the complete option ``seat`` plays at its pending decision in ``state``
        (``state`` not changed), or ``None`` when ``budget_ms`` milliseconds cut the choice short.  ``memory``: a
        dict of the seat's the policy may keep values in across one search's simulations (emptied past
        ``CACHE_LIMIT`` entries)."""
        ...


class GameSearch:
    """A ``SearchGame`` made from a game object alone (``solver.core.protocol.Game``), for a game small enough to
    play every move sequence: ``sample`` and ``value`` are the game's, every complete option is enumerated (each
    legal move, and while ``continues`` its follow-ups) and valued by ``value`` one step ahead, the playout policy is
    the option best by that value (ties: the first), the options are keyed by their moves.  By default every move is
    a decision of its own (``continues`` is False): a game whose decisions take several moves overrides ``mark`` and
    ``continues``.  Positions carry their seat under ``"seat"`` (``decider``)."""

    def __init__(self, game: Game):
        self.game = game

    def decider(self, position: JSON) -> int:
        """``position["seat"]`` (``search`` checks that it has a pending decision); ``NoDecision`` when there is none."""
        seat = position.get("seat")
        if not isinstance(seat, int):
            raise NoDecision(f"not a seat's position: its 'seat' is {seat!r}")
        return seat

    def sample(self, position: JSON, seed: int) -> State:
        """``Game.sample``."""
        return self.game.sample(position, seed)

    def value(self, state: Any, seat: int) -> float:
        """``Game.value``."""
        return float(self.game.value(state, seat))

    def mark(self, state: Any) -> Hashable:
        """Nothing (every move is a decision of its own): override with ``continues``."""
        return None

    def continues(self, state: Any, seat: int, mark: Hashable) -> bool:
        """False: every move is a decision of its own."""
        return False

    def _copy(self, state: Any) -> Any:
        return self.game.from_json(state.to_json())

    def _label(self, state: Any, seat: int, move: JSON) -> str:
        return next((m["label"] for m in self.game.labelled_moves(state, seat)
                     if {k: v for k, v in m.items() if k in move} == move), json.dumps(move, sort_keys=True))

    def _sequences(self, state: Any, seat: int, mark: Hashable, deadline: float) -> list[tuple[list[JSON], Any, list[str]]]:
        """Every complete option's moves, the state after them and their labels (depth first), or fewer when
        ``deadline`` (``time.perf_counter()``) passed."""
        out: list[tuple[list[JSON], Any, list[str]]] = []
        for move in state.legal_moves(seat):
            if time.perf_counter() >= deadline:
                break
            after = self._copy(state)
            after.play(seat, move)
            label = self._label(state, seat, move)
            if not after.finished and self.continues(after, seat, mark):
                out += [([move, *rest], end, [label, *labels])
                        for rest, end, labels in self._sequences(after, seat, mark, deadline)]
            else:
                out.append(([move], after, [label]))
        return out

    def options(self, state: Any, seat: int, budget_ms: float) -> tuple[list[Any], bool]:
        """Every complete option, by one-step gain (``value`` after less before), best first (stable); cut short
        (partial) when ``budget_ms`` ran out while enumerating."""
        start = time.perf_counter()
        deadline = math.inf if budget_ms >= NO_BUDGET else start + budget_ms / 1000.0
        before = self.value(state, seat)
        found = self._sequences(state, seat, self.mark(state), deadline)
        partial = time.perf_counter() >= deadline
        options = [Option(moves, self.value(after, seat) - before, ", ".join(labels)) for moves, after, labels in found]
        options.sort(key=lambda o: -o.gain)
        return options, partial

    def option(self, state: Any, seat: int, moves: list[JSON]) -> Any:
        """The option of ``moves``, valued by playing them on a copy (``IllegalMove`` when one does not apply)."""
        after = self._copy(state)
        labels = []
        for move in moves:
            labels.append(self._label(after, seat, move))
            after.play(seat, move)
        return Option(list(moves), self.value(after, seat) - self.value(state, seat), ", ".join(labels))

    def option_key(self, state: Any, moves: list[JSON]) -> Hashable:
        """The moves as canonical JSON."""
        return json.dumps(moves, sort_keys=True)

    def policy(self, state: Any, seat: int, budget_ms: float, memory: dict[Any, Any]) -> list[JSON] | None:
        """The option best by one-step gain (``options``); ``None`` when the budget cut it short."""
        options, partial = self.options(state, seat, budget_ms)
        return None if partial or not options else list(options[0].moves)


def determinization_seed(seed: int, stream: int, visit: int) -> int:
    """The seed of the determinization that the ``visit``-th visit (from 0) of every option in ``stream`` samples: a
    63-bit whole number, the same in every process (no ``hash()``)."""
    digest = hashlib.blake2b(f"ismcts:{seed}:{stream}:{visit}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


@dataclass
class SearchedOption:
    """One root option and its simulations: ``option`` (a ``SearchOption``: moves, one-step ``gain``, label),
    ``returns``: per stream of determinizations, the return (points) of each visit in order (visit ``k`` of stream
    ``w`` saw ``determinization_seed(seed, w, k)``, so two options' returns pair up visit by visit), ``prior``: its
    rank by one-step gain (0 = best), ``forced``: the caller asked for it."""

    option: Any
    prior: int
    forced: bool = False
    returns: list[list[float]] = field(default_factory=lambda: [[]])
    #: the prior of the option this one was found to be a twin of (``InformationSetSearch._close_twin``), or None
    twin_of: int | None = None

    @property
    def visits(self) -> int:
        """Simulations through this option."""
        return sum(len(r) for r in self.returns)


def _mean_and_stderr(xs: list[float]) -> tuple[float | None, float | None]:
    """Mean and its standard error (``None`` without values, the error ``None`` below two)."""
    n = len(xs)
    if not n:
        return None, None
    mean = sum(xs) / n
    if n < 2:
        return mean, None
    return mean, math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1) / n)


def differences(option: SearchedOption, reference: SearchedOption) -> list[float]:
    """``option``'s return minus ``reference``'s on each determinization both saw (visit ``k`` of stream ``w``)."""
    return [a - b for ra, rb in zip(option.returns, reference.returns) for a, b in zip(ra, rb)]


def leader(options: list[SearchedOption]) -> SearchedOption:
    """The most visited option (ties: the larger sum of returns, which on the same determinizations is the better
    paired mean, plus ``PRIOR_VISITS`` times the one-step gain as in selection; then the better prior): the one the
    search plays, and the reference of the others' estimates.  In one stream its visits include every
    determinization another option saw (each option's visits are the first ``n`` of the stream's)."""
    return min(options, key=lambda o: (-o.visits, -sum(sum(r) for r in o.returns) - PRIOR_VISITS * o.option.gain,
                                       o.prior))


@dataclass(frozen=True)
class Estimate:
    """An option's figures, points: ``gain``, the expected return (the leader's mean return plus the option's mean
    paired difference to it: a control variate, common random numbers) and its ``stderr``; ``loss``, the leader's
    mean paired lead over it (0 for the leader; may be negative by noise) and its ``loss_stderr``.  ``None``: not
    visited (or below two values for an error)."""

    gain: float | None
    stderr: float | None
    loss: float | None
    loss_stderr: float | None


def estimate(option: SearchedOption, lead: SearchedOption) -> Estimate:
    """``option``'s ``Estimate`` against the leader ``lead`` (``leader``)."""
    base, base_err = _mean_and_stderr([x for r in lead.returns for x in r])
    if option is lead:
        return Estimate(base, base_err, 0.0 if base is not None else None, 0.0 if base is not None else None)
    diff, diff_err = _mean_and_stderr(differences(option, lead))
    if diff is None or base is None:
        return Estimate(None, None, None, None)
    err = None if diff_err is None or base_err is None else math.sqrt(diff_err ** 2 + base_err ** 2)
    return Estimate(base + diff, err, -diff, diff_err)


@dataclass
class SearchResult:
    """What a search found: ``options`` most visited first (ties: larger estimated gain, then better prior; the first
    is the ``leader``, the option to play), ``simulations`` run, ``partial`` (see ``search``), ``wall_ms``, ``seed``
    and ``workers``."""

    options: list[SearchedOption]
    simulations: int
    partial: bool
    wall_ms: float
    seed: int
    workers: int = 1

    @property
    def best(self) -> SearchedOption:
        """The option the search plays: the most visited (the robust child)."""
        return self.options[0]

    def estimate(self, option: SearchedOption) -> Estimate:
        """``option``'s ``Estimate`` against ``best``."""
        return estimate(option, self.best)

    def option_json(self, searched: SearchedOption) -> JSON:
        """``SearchOption.to_json()`` plus ``search``: ``gain`` (expected return over the horizon, points) and its
        ``stderr``, ``loss`` against the best option (clipped at 0) and its ``loss_stderr`` (``Estimate``), ``visits``,
        ``share`` of the simulations and ``prior`` (rank by one-step gain); rounded to 0.01, ``null`` when unknown."""
        found = self.estimate(searched)
        share = searched.visits / self.simulations if self.simulations else 0.0
        loss = None if found.loss is None else max(0.0, found.loss)
        return {**searched.option.to_json(), "search": {
            "gain": _rounded(found.gain), "stderr": _rounded(found.stderr), "loss": _rounded(loss),
            "loss_stderr": _rounded(found.loss_stderr), "visits": searched.visits, "share": round(share, 4),
            "prior": searched.prior}}


def _rounded(x: float | None) -> float | None:
    return None if x is None else round(x, 2)


def _order(options: list[SearchedOption]) -> list[SearchedOption]:
    """The leader first, then by visits, larger estimated gain, better prior."""
    lead = leader(options)

    def key(o: SearchedOption) -> tuple[bool, int, float, int]:
        gain = estimate(o, lead).gain
        return (o is not lead, -o.visits, -(gain if gain is not None else -math.inf), o.prior)

    return sorted(options, key=key)


def root_options(game: SearchGame, state: Any, seat: int, budget_ms: float, include: list[list[JSON]] | None = None
                 ) -> tuple[list[SearchedOption], bool]:
    """The root's complete options on ``state`` (a determinization of the seat's position) for ``seat``'s pending
    decision, by one-step gain (``SearchGame.options``), and whether ``budget_ms`` cut them short.  ``include``: move
    lists to weigh too (forced, ``FORCED_VISITS``): each joins as the option of the same key
    (``SearchGame.option_key``) or, when none is, as its own option (``SearchGame.option``, valued by playing its
    moves).  Raises ``IllegalMove`` when an ``include`` move list does not apply."""
    found, partial = game.options(state, seat, budget_ms)
    out = [SearchedOption(o, prior=i) for i, o in enumerate(found)]
    for moves in include or []:
        key = game.option_key(state, moves)
        match = next((s for s in out if game.option_key(state, s.option.moves) == key), None)
        if match is None:
            match = SearchedOption(game.option(state, seat, moves), prior=len(out))
            out.append(match)
        match.forced = True
    return out, partial


class InformationSetSearch:
    """The search of one stream of determinizations (see the module docstring): ``run`` simulates, ``result``
    answers at any moment.  ``game``: the plug-in; ``position``: the seat's position; ``options``: the root's
    (``root_options``), whose ``returns`` this search appends to (one list: its stream); ``seed`` and ``stream`` pick
    the determinizations; ``seat``: the deciding seat (default ``game.decider(position)``)."""

    def __init__(self, game: SearchGame, position: JSON, options: list[SearchedOption], seed: int, stream: int = 0,
                 seat: int | None = None):
        self.game = game
        self.position, self.options, self.seed, self.stream = position, options, seed, stream
        self.seat: int = game.decider(position) if seat is None else seat
        self.simulations = 0
        self._memories: dict[int, dict[Any, Any]] = {}
        for searched in options:
            searched.returns, searched.twin_of = [[]], None

    def _open(self) -> list[SearchedOption]:
        """The options selection may choose: the ``WIDEN_BASE + floor(WIDEN_RATE x sqrt(N))`` best by prior that are
        not twins of another (``_close_twin``), and the forced ones."""
        width = WIDEN_BASE + int(WIDEN_RATE * math.sqrt(self.simulations))
        candidates = [s for s in self.options if s.twin_of is None]
        return candidates[:width] + [s for s in candidates[width:] if s.forced]

    def select(self) -> SearchedOption:
        """The option the next simulation goes through: a forced one (always open) with fewer visits than
        ``FORCED_VISITS`` or ``FORCED_SHARE`` of the most visited other option's, whichever is more, and than that
        option's (so that it is compared with the leader on the same determinizations, without becoming the leader by
        being forced); else an open one (``_open``) with fewer than ``MIN_VISITS``, the better prior first; else the
        open one with the largest UCB1 value on its paired difference to the leader,
        ``d + EXPLORATION x sd x sqrt(ln N / n)``: ``d`` the mean difference of its ``n`` returns to the leader's on
        the same determinizations, with ``PRIOR_VISITS`` more values equal to the difference of their one-step gains
        (the game's one-step judgement, which the returns overrule as they come), ``sd`` the pooled standard deviation
        of those differences, shrunk towards ``SD_PRIOR`` with the weight of ``SD_PRIOR_DOF`` degrees of freedom, at
        least ``MIN_SD`` (ties: the better prior)."""
        others = max((s.visits for s in self.options if not s.forced), default=0)
        target = min(others, max(FORCED_VISITS, int(FORCED_SHARE * others)))
        for searched in self.options:
            if searched.forced and searched.visits < target:
                return searched
        open_ = self._open()
        for searched in open_:
            if searched.visits < MIN_VISITS:
                return searched
        lead = leader(open_)
        diffs = {id(s): differences(s, lead) for s in open_ if s is not lead}
        squares = sum(sum((d - sum(ds) / len(ds)) ** 2 for d in ds) for ds in diffs.values())
        dof = sum(len(ds) - 1 for ds in diffs.values())
        sd = max(MIN_SD, math.sqrt((squares + SD_PRIOR_DOF * SD_PRIOR ** 2) / (dof + SD_PRIOR_DOF)))
        scale = EXPLORATION * sd * math.sqrt(math.log(sum(s.visits for s in open_)))

        def ucb(s: SearchedOption) -> tuple[float, int]:
            ds = diffs.get(id(s), [])
            prior = PRIOR_VISITS * (s.option.gain - lead.option.gain) if ds else 0.0
            return (sum(ds) + prior) / (len(ds) + PRIOR_VISITS) + scale / math.sqrt(s.visits), -s.prior

        return max(open_, key=ucb)

    def _close_twin(self, searched: SearchedOption) -> None:
        """Close ``searched`` (``twin_of``) when its one-step gain and its first ``TWIN_VISITS`` returns equal those of
        an option with a better prior: the search cannot tell them apart (say, two orientations of a tile covering the
        same squares with the same effect), and visits to both would be spent twice."""
        mine = searched.returns[0]
        if len(mine) != TWIN_VISITS or searched.forced:
            return
        for other in self.options:
            if other.prior < searched.prior and other.twin_of is None and len(other.returns[0]) >= TWIN_VISITS \
                    and abs(other.option.gain - searched.option.gain) < 1e-9 \
                    and all(abs(a - b) < 1e-9 for a, b in zip(mine, other.returns[0])):
                searched.twin_of = other.prior
                return

    def _memory(self, seat: int) -> dict[Any, Any]:
        memory = self._memories.setdefault(seat, {})
        if len(memory) > CACHE_LIMIT:
            memory.clear()
        return memory

    def simulate(self, deadline: float = math.inf) -> bool:
        """One simulation (module docstring); ``deadline``: ``time.perf_counter()`` value after which the playout's
        policy is cut, and the simulation then discarded (returns False: nothing recorded)."""
        searched = self.select()
        visit = len(searched.returns[0])
        state = self.game.sample(self.position, determinization_seed(self.seed, self.stream, visit))
        before = self.game.value(state, self.seat)
        mark = self.game.mark(state)
        for move in searched.option.moves:
            state.play(self.seat, move)
        own = 0
        while not state.finished and own <= HORIZON:
            pending = state.pending_seats()
            assert pending, "a game that is not over has a pending seat"
            seat = self.seat if self.seat in pending else pending[0]
            if seat == self.seat and not self.game.continues(state, seat, mark):  # an option cut short is completed first
                own += 1
                if own > HORIZON:
                    break
            if not self._play(state, seat, deadline):
                return False
        searched.returns[0].append(self.game.value(state, self.seat) - before)
        self.simulations += 1
        self._close_twin(searched)
        return True

    def _play(self, state: Any, seat: int, deadline: float) -> bool:
        """Play ``seat``'s pending decision by the playout policy (``SearchGame.policy``).  False, with the state left
        mid-way, when ``deadline`` cut the policy."""
        budget = NO_BUDGET if deadline == math.inf else (deadline - time.perf_counter()) * 1000.0
        moves = self.game.policy(state, seat, budget, self._memory(seat)) if budget > 0 else None
        if moves is None:
            return False
        for move in moves:
            state.play(seat, move)
        return True

    def run(self, simulations: int | None = None, deadline: float = math.inf) -> bool:
        """Simulate until ``simulations`` more are done (``None``: no count) or ``deadline``
        (``time.perf_counter()``) is past; returns True when the count was reached."""
        done = 0
        while simulations is None or done < simulations:
            if time.perf_counter() >= deadline:
                return False
            if self.simulate(deadline):
                done += 1
        return True

    def result(self, wall_ms: float = 0.0, partial: bool = False) -> SearchResult:
        """The options so far, most visited first (``SearchResult``)."""
        return SearchResult(_order(self.options), self.simulations, partial, wall_ms, self.seed)


@dataclass(frozen=True)
class _Task:
    """One worker's share of a root-parallel search (picklable)."""

    game: SearchGame
    position: JSON
    options: list[SearchedOption]
    seed: int
    stream: int
    seat: int
    simulations: int | None
    budget_ms: float


def _run_stream(task: _Task) -> tuple[list[list[float]], bool]:
    """A worker's search: per root option its returns, and whether its simulation count was reached."""
    start = time.perf_counter()
    searcher = InformationSetSearch(task.game, task.position, task.options, task.seed, task.stream, task.seat)
    deadline = math.inf if task.budget_ms >= NO_BUDGET else start + task.budget_ms / 1000.0
    reached = searcher.run(task.simulations, deadline)
    return [s.returns[0] for s in task.options], reached


def search(game: SearchGame, position: JSON, budget_ms: float | None = None, simulations: int | None = None,
           seed: int = 0, workers: int = 1, include: list[list[JSON]] | None = None,
           executor: Executor | None = None) -> SearchResult:
    """Search the pending decision of ``position``'s seat (``game.decider``) for ``budget_ms`` milliseconds
    (``None``: no time limit) or ``simulations`` simulations (``None``: no count), whichever ends first; at least one
    of them must be given.  ``seed`` picks the determinizations; ``workers`` > 1 runs root-parallel streams in that
    many processes (``executor``: a ``concurrent.futures`` executor to run them on, default a new
    ``ProcessPoolExecutor`` for this call), the simulations split between them and merged; ``include``: move lists to
    weigh besides the search's own options (``root_options``).  With a simulation count and no budget, the same
    ``seed``, ``workers`` and ``simulations`` give the same answer.

    ``partial`` is true when the budget cut the root's options short, stopped the search before ``simulations``, or
    left it without any simulation.  Raises ``ValueError`` for neither a budget nor a count, ``game.decider``'s error
    (a ``ValueError``) when the seat has nothing to decide, ``NoDecision`` when the sampled root agrees."""
    start = time.perf_counter()
    if budget_ms is None and simulations is None:
        raise ValueError("a search needs a budget (milliseconds) or a simulation count")
    if workers < 1 or (simulations is not None and simulations < 0):
        raise ValueError(f"workers must be 1 or more and simulations 0 or more, got {workers} and {simulations}")
    seat = game.decider(position)
    limit = NO_BUDGET if budget_ms is None else float(budget_ms)
    root = game.sample(position, determinization_seed(seed, -1, 0))
    if seat not in root.pending_seats():
        raise NoDecision(f"seat {seat} has no pending decision in its position")
    options, partial = root_options(game, root, seat, limit * ROOT_SHARE, include)
    left = NO_BUDGET if budget_ms is None else max(0.0, limit - (time.perf_counter() - start) * 1000.0)
    shares = [None if simulations is None else simulations // workers + (w < simulations % workers)
              for w in range(workers)]
    tasks = [_Task(game, position, options, seed, w, seat, shares[w], left) for w in range(workers)]
    outcomes: list[tuple[list[list[float]], bool]]
    if len(options) == 1:  # nothing to choose: no simulation needed
        outcomes = [([[]], True)]
    elif workers == 1:
        outcomes = [_run_stream(tasks[0])]
    elif executor is not None:
        outcomes = list(executor.map(_run_stream, tasks))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            outcomes = list(pool.map(_run_stream, tasks))
    for i, searched in enumerate(options):
        searched.returns = [returns[i] for returns, _ in outcomes]
    reached = all(done for _, done in outcomes)
    count = sum(len(r) for s in options for r in s.returns)
    partial = partial or (not count and len(options) > 1) or (simulations is not None and not reached)
    return SearchResult(_order(options), count, partial, (time.perf_counter() - start) * 1000.0, seed, workers)

