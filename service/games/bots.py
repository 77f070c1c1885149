"""Bot seats: the server plays the seats of its bots (docs/api.md, "Bot seats").

A seat is a bot's when the game was created so (``{"bot": "random" | "greedy" | "hint", "budget_ms": ...}``), when its
player left (``POST /games/{id}/leave``) or when it timed out (``SEAT_TIMEOUT_S``).  After every committed change
(``Games.on_change``: ``after_change``) whose pending decision is a bot seat's, a ``bot_turn`` task is queued on the
heavy-work queue (``service.heavy``); a consumer process runs it: it plays **one** decision, through ``Games.bot_move``
(the optimistic version check of every move: of two tasks that computed the same decision, one move is stored), and
that move's own change queues the next decision's task.  So a bot game is a chain of tasks of one decision each, never
one task holding a process for a whole game, and its place on the queue is that of its kind of work
(``service.fairness``): ``BOT_OPPONENT`` when a person plays in the game, ``ALL_BOTS`` (below people's hints, bot
opponents and reviews) when bots play every seat.  A bot thinks at most ``BOT_MAX_BUDGET_MS`` a decision (3,000 by
default; the service has no accounts: every game is created without one, so the cap holds for every bot seat), and
is kept between its decisions in the queue's store (``_bot``), so the process that plays its next decision goes on
with the rest of its chosen option.

A bot sees only its seat's knowledge: ``solver.games.wild_tiled_west.ai.bots`` choose from ``Game.position(seat)`` with the hidden values
sampled (the random bot from the legal moves alone).

Nothing is lost when a process dies: the games row says whether a bot's decision is pending (``pending_bot``), and
``sweep`` (at each consumer's start and then every minute) queues the turns of games whose bot decision has waited
longer than ``BOT_STALL_SECONDS``: a turn pending when the server stopped is played after it restarts.
"""

from __future__ import annotations

import contextvars
import datetime
import hashlib
import logging
from typing import Any

from flask import Flask
from huey import crontab

from service.fairness import TIERS, tier
from service.games.store import Games, house_bot_names
from service.heavy import BACKGROUND, huey, task_app
from service.storage import GameHead
from solver.core.protocol import Bot, State
from solver.core.protocol import Game as GameObject

log = logging.getLogger(__name__)
BOT_NAMES = house_bot_names()  #: the bots a seat may be played by (of any game; each game's own are checked at create)
BOT_STALL_SECONDS = 30  #: a bot decision pending longer than this is queued again by the sweep
MAX_BOT_MOVES = 2000  #: ``play_bot_turns`` plays at most this many moves (more than any game has decisions)
DEFAULT_BOT_MAX_BUDGET_MS = 3000  #: the default ``BOT_MAX_BUDGET_MS``

#: set while this thread plays bot turns in a loop (``play_bot_turns``): its own moves queue no new task
_playing: contextvars.ContextVar[bool] = contextvars.ContextVar("playing_bot_turns", default=False)


def bot_setting(app: Flask, name: str, budget_ms: int | None) -> dict[str, Any]:
    """The stored description of a bot: ``{"bot": name, "budget_ms": ms}`` (default ``HINT_DEFAULT_BUDGET_MS``)."""
    return {"bot": name, "budget_ms": int(budget_ms if budget_ms is not None else app.config["HINT_DEFAULT_BUDGET_MS"])}


def bot_priority(head: GameHead) -> int:
    """The queue priority of a bot's decision in the game of ``head`` (``service.fairness``): ``ALL_BOTS`` when bots
    play every seat (nobody waits for it), else ``BOT_OPPONENT`` (a person, or an open seat, plays against it)."""
    every_seat_a_bot = all(head.bot(seat) is not None for seat in range(head.players))
    return tier(task_app().config, "ALL_BOTS" if every_seat_a_bot else "BOT_OPPONENT")


def queue_bot_turn(head: GameHead) -> None:
    """Queue one bot decision of the game (``bot_turn``) at its priority (``bot_priority``)."""
    bot_turn(head.id, priority=bot_priority(head))


def after_change(head: GameHead, pending: tuple[int, ...]) -> None:
    """``Games.on_change``: queue a bot decision when a bot seat must decide (``pending``: the seats that must decide;
    each decision's task queues the next, so the bot seats of one decision are played one after another, each once);
    else, with ``SEAT_TIMEOUT_S`` set, the pending people's timeout (``seat_timeout``, at this version); when the game
    is over (no seat), its kept bots are removed (``_forget``)."""
    if not pending:
        _forget(head)
        return
    if any(head.bot(seat) is not None for seat in pending):
        if not _playing.get():
            queue_bot_turn(head)
        return
    timeout = task_app().config.get("SEAT_TIMEOUT_S")
    if timeout and any(not head.is_open(seat) for seat in pending):
        seat_timeout.schedule((head.id, head.version), delay=float(timeout), priority=BACKGROUND)


def _memory_key(game_id: str, seat: int, setting: dict[str, Any]) -> str:
    return f"bot:{game_id}:{seat}:{setting['bot']}:{setting['budget_ms']}"


def _bot(rules: GameObject, game_id: str, seat: int, setting: dict[str, Any], version: int, max_budget_ms: int) -> Bot:
    """The bot of the seat as its last decision left it, kept in the queue's store (an option bot keeps the rest of
    its chosen option, the random bot its generator), whichever process plays its next decision; else a new one,
    seeded by the game, seat and version (not Python's hash: it differs between processes), thinking at most
    ``max_budget_ms`` a decision."""
    try:
        bot = huey.get(_memory_key(game_id, seat, setting), peek=True)
    except Exception:  # kept by another version of the code (a class moved or changed): start afresh
        log.warning("the kept bot of seat %d of game %s could not be read: a new one plays", seat, game_id)
        bot = None
    if bot is None:
        seed = int.from_bytes(hashlib.sha256(f"{game_id}/{seat}/{version}".encode()).digest()[:4], "big")
        budget = min(int(setting["budget_ms"]), max_budget_ms)
        bot = rules.make_bot(setting["bot"], seed=seed, budget_ms=budget)
    return bot


def _forget(head: GameHead) -> None:
    """Remove the kept bots (``_bot``) of a finished game from the queue's store."""
    for seat in range(head.players):
        setting = head.bot(seat)
        if setting is not None:
            huey.delete(_memory_key(head.id, seat, setting))


def play_bot_turns(games: Games, game_id: str, max_moves: int = MAX_BOT_MOVES,
                   max_budget_ms: int = DEFAULT_BOT_MAX_BUDGET_MS) -> int:
    """Play the bots' pending decisions of the game one after another, each bot thinking at most ``max_budget_ms`` a
    decision, until a person's decision is pending, the game is over, or another process stored the turn first (it
    goes on from there).  Returns the number of moves stored.  (The queue plays one decision a task instead:
    ``bot_turn``.)"""
    token = _playing.set(True)
    try:
        return _play(games, game_id, max_moves, max_budget_ms)
    finally:
        _playing.reset(token)


def _play(games: Games, game_id: str, max_moves: int, max_budget_ms: int) -> int:
    played = 0
    while played < max_moves:
        head = games.storage.head(game_id)
        if head is None or head.finished:
            return played

        def choose(game: State, seat: int, head: GameHead = head) -> dict[str, Any]:
            setting = head.bot(seat)
            assert setting is not None  # bot_decision asks only for a bot seat
            bot = _bot(games.game_object(head.game), game_id, seat, setting, head.version, max_budget_ms)
            move = bot.choose(game, seat)
            huey.put(_memory_key(game_id, seat, setting), bot)  # before the move is stored: the next task reads it
            return move

        decision = games.bot_decision(head, choose)
        if decision is None:
            return played
        version, seat, move = decision
        if not games.bot_move(game_id, version, seat, move):
            return played  # another process played this turn: it goes on from there
        played += 1
    return played


@huey.task(priority=TIERS["BOT_OPPONENT"])
def bot_turn(game_id: str) -> None:
    """The task: one bot decision of the game (a slice of the queue's time: ``service.fairness``); the move's own
    change queues the next (``after_change``).  On a queue that runs its tasks at once (``immediate``), the bots'
    decisions are played in a loop instead (``play_bot_turns``)."""
    app = task_app()
    games: Games = app.extensions["wtw_games"]
    max_budget_ms = int(app.config["BOT_MAX_BUDGET_MS"])
    if huey.immediate:
        play_bot_turns(games, game_id, max_budget_ms=max_budget_ms)
    else:
        _play(games, game_id, 1, max_budget_ms)


@huey.task(priority=BACKGROUND)
def seat_timeout(game_id: str, version: int) -> None:
    """``SEAT_TIMEOUT_S`` after a person's decision became pending at ``version``: if the game is still there, a bot
    (``SEAT_TIMEOUT_BOT``) plays that seat from now on."""
    app = task_app()
    games: Games = app.extensions["wtw_games"]
    head = games.storage.head(game_id)
    if head is None or head.version != version or head.finished:
        return
    head, pending = games.pending_seats(head)
    for seat in pending:
        if head.version != version or head.bot(seat) is not None or head.is_open(seat):
            continue
        new = games.hand_to_bot(head, seat, bot_setting(app, app.config["SEAT_TIMEOUT_BOT"], None))
        if new is None:
            return  # the game changed meanwhile: that change scheduled its own timeout
        log.info("seat %d of game %s timed out: a bot plays it", seat, game_id)
        head, version = new, new.version


def sweep(stalled_seconds: float | None = BOT_STALL_SECONDS) -> int:
    """Queue the turns of the games whose bot decision has been pending longer than ``stalled_seconds`` (``None``:
    all of them).  Returns how many were queued."""
    games: Games = task_app().extensions["wtw_games"]
    before = None
    if stalled_seconds is not None:
        before = datetime.datetime.now(datetime.UTC) - datetime.timedelta(seconds=stalled_seconds)
    due = games.storage.heads(games.storage.bot_turns_due(before))
    for head in due.values():
        queue_bot_turn(head)
    return len(due)


@huey.periodic_task(crontab(minute="*"), priority=BACKGROUND)
def sweep_stalled_bot_turns() -> None:
    """Every minute: ``sweep`` the bot turns left pending (a process that died, a task lost)."""
    queued = sweep()
    if queued:
        log.info("queued %d stalled bot turns", queued)
