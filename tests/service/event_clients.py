"""Clients of a game's event log as docs/api.md ("Events") says to write them, for the service tests: one that
follows the Server-Sent Events stream and reconnects with ``Last-Event-ID`` (``Follower``), one that polls ``GET
.../events?after=<last_id>`` (``Poller``); each works with the Flask test client and with the HTTP client of
``tests.service.service_http``.  ``AppTable``: a game on an app and the same game played locally."""

from __future__ import annotations

import json
from typing import Any

from solver.games.wild_tiled_west.engine.game import Game
from solver.games.wild_tiled_west.rules.setup import GameConfig

SEED = 5550123987  #: 2 players: setup and the two kept partners are events 0-12; the first draft is event 13


def _answer(r: Any) -> tuple[int, str]:
    """Status and body text of an answer of the Flask test client or of ``service_http.Client``."""
    if hasattr(r, "get_data"):
        return r.status_code, r.get_data(as_text=True)
    return r.status, r.text


def sse(text: str) -> list[dict]:
    """The messages of a Server-Sent Events text: each ``{"id"?, "event"?, "data"}`` (data parsed)."""
    out = []
    for block in text.strip().split("\n\n"):
        message = {}
        for line in block.split("\n"):
            name, _, value = line.partition(": ")
            if name in ("id", "event", "data"):
                message[name] = value
        if "data" in message:
            message["data"] = json.loads(message["data"])
            out.append(message)
    return out


class Follower:
    """A client of ``GET /games/{id}/events/stream`` written as docs/api.md ("Events") says: it keeps the
    last ``id`` it was sent and sends it back as ``Last-Event-ID`` when it reconnects; an event message is
    appended to its log, an ``undo`` message drops the events numbered above its ``last``."""

    def __init__(self, client, game_id: str, token: str | None):
        self.client, self.game_id = client, game_id
        self.headers = {"Authorization": f"Bearer {token}"} if token else {}
        self.log: list[dict] = []
        self.last_id: str | None = None
        self.messages: list[dict] = []  # those of the last connection

    def connect(self) -> list[dict]:
        """One connection, to the end of the stream (``SSE_MAX_SECONDS``); its messages."""
        headers = {**self.headers, **({"Last-Event-ID": self.last_id} if self.last_id else {})}
        status, text = _answer(self.client.get(f"/games/{self.game_id}/events/stream", headers=headers))
        assert status in (200, 204), text
        self.messages = sse(text) if status == 200 else []
        for m in self.messages:
            if "id" in m:
                self.last_id = m["id"]
            if m.get("event") == "undo":
                self.log = [e for e in self.log if e["n"] <= m["data"]["last"]]
            elif "event" not in m:
                self.log.append(m["data"])
        return self.messages

    def server_log(self) -> list[dict]:
        return json.loads(_answer(self.client.get(f"/games/{self.game_id}/events", headers=self.headers))[1])["events"]


class Poller:
    """A client of ``GET /games/{id}/events?after=<last_id>``: it drops the events above ``undo.last`` when
    the page has an ``undo``, then appends the page's events, and asks from the page's ``last_id`` next."""

    def __init__(self, client, game_id: str, token: str | None):
        self.client, self.game_id = client, game_id
        self.headers = {"Authorization": f"Bearer {token}"} if token else {}
        self.log: list[dict] = []
        self.last_id = "-1"

    def poll(self) -> dict:
        page = json.loads(_answer(self.client.get(f"/games/{self.game_id}/events?after={self.last_id}",
                                                  headers=self.headers))[1])
        if page["undo"] is not None:
            self.log = [e for e in self.log if e["n"] <= page["undo"]["last"]]
        self.log += page["events"]
        self.last_id = page["last_id"]
        return page


class AppTable:
    """A game on an app (through its Flask test client) and the same game played locally."""

    def __init__(self, client, players: int = 2, seed: int = SEED):
        self.client = client
        created = client.post("/games", json={"players": players, "seed": seed}).get_json()
        self.id, self.tokens = created["id"], [t["token"] for t in created["tokens"]]
        self.local = Game(GameConfig(players=players, seed=seed))

    def auth(self, seat: int) -> dict:
        return {"Authorization": f"Bearer {self.tokens[seat]}"}

    def play(self, move: dict | None = None) -> list[dict]:
        seat = self.local.pending()["seat"]
        move = move or self.local.legal_moves()[0]
        r = self.client.post(f"/games/{self.id}/moves", json=move, headers=self.auth(seat))
        assert r.status_code == 200, r.get_data(as_text=True)
        self.local.apply(move)
        return r.get_json()["events"]

    def undo(self) -> bool:
        """The last mover takes its move back; False when the game refuses (something was revealed since)."""
        seat = self.local.move_seats[-1]
        r = self.client.post(f"/games/{self.id}/undo", headers=self.auth(seat))
        assert r.status_code in (200, 409), r.get_data(as_text=True)
        if r.status_code == 200:
            self.local = Game.replay(self.local.config, self.local.moves[:-1])
        return r.status_code == 200

    def drafts(self) -> list[dict]:
        return [m for m in self.local.legal_moves() if m["type"] == "draft"]

    def play_until(self, decision: str) -> None:
        while self.local.pending()["type"] != decision:
            self.play()
