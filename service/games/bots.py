"""Bot seats: the server plays the seats of its bots (docs/api.md, "Bot seats").

A seat is a bot's when the game was created so (``{"bot": "random" | "greedy" | "hint", "budget_ms": ...}``), when its
player left (``POST /games/{id}/leave``) or when it timed out (``SEAT_TIMEOUT_S``).  After every committed change
(``Games.on_change``: ``after_change``) whose pending decision is a bot seat's, a ``bot_turns`` task is queued on the
heavy-work queue (``service.heavy``); a consumer process runs it: it plays the bots' decisions one after another,
each through ``Games.bot_move`` (the optimistic version check of every move: of two tasks that computed the same turn,
one move is stored and the other task stops), until a person's decision is pending or the game is over.

A bot sees only its seat's knowledge: ``solver.ai.bots`` choose from ``Game.position(seat)`` with the hidden values
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

from service.cache import LRUCache
from service.games.store import Games
from service.heavy import BACKGROUND, INTERACTIVE, huey, task_app
from service.storage import GameHead
from solver.ai.bots import BOTS, Bot, make_bot
from solver.engine.game import Game

log = logging.getLogger(__name__)
BOT_NAMES = tuple(BOTS)  #: the bots a seat may be played by
BOT_STALL_SECONDS = 30  #: a bot decision pending longer than this is queued again by the sweep
MAX_BOT_MOVES = 2000  #: one task plays at most this many moves (more than any game has decisions)

#: the bots of this process by (game, seat, bot, budget): an option bot keeps the rest of its chosen option
_bots: LRUCache[Bot] = LRUCache(256)
#: set while this thread plays bot turns: the loop goes on by itself, so its own moves queue no new task
_playing: contextvars.ContextVar[bool] = contextvars.ContextVar("playing_bot_turns", default=False)


def bot_setting(app: Flask, name: str, budget_ms: int | None) -> dict[str, Any]:
    """The stored description of a bot: ``{"bot": name, "budget_ms": ms}`` (default ``HINT_DEFAULT_BUDGET_MS``)."""
    return {"bot": name, "budget_ms": int(budget_ms if budget_ms is not None else app.config["HINT_DEFAULT_BUDGET_MS"])}


def after_change(head: GameHead, pending_seat: int | None) -> None:
    """``Games.on_change``: queue the bots' turns when the pending decision is a bot seat's; else, with
    ``SEAT_TIMEOUT_S`` set, the pending person's timeout (``seat_timeout``, at this version)."""
    if pending_seat is None:
        return
    if head.bot(pending_seat) is not None:
        if not _playing.get():
            bot_turns(head.id)
        return
    timeout = task_app().config.get("SEAT_TIMEOUT_S")
    if timeout and not head.is_open(pending_seat):
        seat_timeout.schedule((head.id, head.version), delay=float(timeout), priority=BACKGROUND)


def _bot(game_id: str, seat: int, setting: dict[str, Any], version: int) -> Bot:
    key = (game_id, seat, setting["bot"], setting["budget_ms"])
    bot = _bots.get(key)
    if bot is None:  # seeded by the game, seat and version (not Python's hash: it differs between processes)
        seed = int.from_bytes(hashlib.sha256(f"{game_id}/{seat}/{version}".encode()).digest()[:4], "big")
        bot = make_bot(setting["bot"], seed=seed, budget_ms=setting["budget_ms"])
        _bots.put(key, bot)
    return bot


def play_bot_turns(games: Games, game_id: str, max_moves: int = MAX_BOT_MOVES) -> int:
    """Play the bots' pending decisions of the game until a person's decision is pending, the game is over, or
    another process stored the turn first (it goes on from there).  Returns the number of moves stored."""
    token = _playing.set(True)
    try:
        return _play(games, game_id, max_moves)
    finally:
        _playing.reset(token)


def _play(games: Games, game_id: str, max_moves: int) -> int:
    played = 0
    while played < max_moves:
        head = games.storage.head(game_id)
        if head is None or head.finished:
            return played

        def choose(game: Game, seat: int, head: GameHead = head) -> dict[str, Any]:
            setting = head.bot(seat)
            assert setting is not None  # bot_decision asks only for a bot seat
            return _bot(game_id, seat, setting, head.version).choose(game, seat)

        decision = games.bot_decision(head, choose)
        if decision is None:
            return played
        version, seat, move = decision
        if not games.bot_move(game_id, version, seat, move):
            return played  # another process played this turn: it goes on from there
        played += 1
    return played


@huey.task(priority=INTERACTIVE)
def bot_turns(game_id: str) -> None:
    """The task: ``play_bot_turns`` for one game (run by a consumer process)."""
    play_bot_turns(task_app().extensions["wtw_games"], game_id)


@huey.task(priority=BACKGROUND)
def seat_timeout(game_id: str, version: int) -> None:
    """``SEAT_TIMEOUT_S`` after a person's decision became pending at ``version``: if the game is still there, a bot
    (``SEAT_TIMEOUT_BOT``) plays that seat from now on."""
    app = task_app()
    games: Games = app.extensions["wtw_games"]
    head = games.storage.head(game_id)
    if head is None or head.version != version or head.finished:
        return
    head, seat = games.pending_seat(head)
    if seat is None or head.version != version or head.bot(seat) is not None or head.is_open(seat):
        return
    if games.hand_to_bot(head, seat, bot_setting(app, app.config["SEAT_TIMEOUT_BOT"], None)) is not None:
        log.info("seat %d of game %s timed out: a bot plays it", seat, game_id)


def sweep(stalled_seconds: float | None = BOT_STALL_SECONDS) -> int:
    """Queue the turns of the games whose bot decision has been pending longer than ``stalled_seconds`` (``None``:
    all of them).  Returns how many were queued."""
    games: Games = task_app().extensions["wtw_games"]
    before = None
    if stalled_seconds is not None:
        before = datetime.datetime.now(datetime.UTC) - datetime.timedelta(seconds=stalled_seconds)
    due = games.storage.bot_turns_due(before)
    for game_id in due:
        bot_turns(game_id)
    return len(due)


@huey.periodic_task(crontab(minute="*"), priority=BACKGROUND)
def sweep_stalled_bot_turns() -> None:
    """Every minute: ``sweep`` the bot turns left pending (a process that died, a task lost)."""
    queued = sweep()
    if queued:
        log.info("queued %d stalled bot turns", queued)
