"""Golden playthroughs: complete seeded games kept as text, replayed move by move by the tests.

Each file ``tests/playthroughs/<name>.txt`` holds one game played by bots to its end:

- ``# config: {...}``: the game's configuration (``GameConfig.to_json()``);
- ``# bots: [...]``: the bot of each seat (``solver`` bot names), ``# budget_ms: N``: their budget, so
  large that no search is ever cut by time (the games are the same on any machine);
- ``setup <event JSON>``: each event the game emits before its first decision;
- ``move <seat> <move JSON>``, then ``  event <event JSON>`` for each event that move caused.

``record(name)`` writes a file; ``check(path)`` replays it and fails at the first move or event that
differs, with its line number.  Re-record (``python -m tests.playthroughs.golden``) only when a rule or
the data changes on purpose, and say so in the commit message.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

from solver.games.wild_tiled_west.ai.bots import make_bot
from solver.games.wild_tiled_west.engine.game import Game
from solver.games.wild_tiled_west.rules.setup import GameConfig

HERE = Path(__file__).parent
BUDGET_MS = 10**9  #: no search is cut by time: the same moves on every machine


@dataclass(frozen=True)
class Playthrough:
    """One golden game: its configuration (plain data), seat bots, and a short description."""

    name: str
    config: dict
    bots: tuple[str, ...]
    about: str


def _seats(side: str, n: int) -> list[dict]:
    return [{"board": None, "side": side} for _ in range(n)]


GAMES = (
    Playthrough("solo-normal-hint", {"players": 1, "seed": 101, "seats": _seats("normal", 1)}, ("hint",),
                "solo, normal side, hint bot"),
    Playthrough("solo-wild-random", {"players": 1, "seed": 102, "seats": _seats("wild", 1)}, ("random",),
                "solo, wild side, random bot"),
    Playthrough("2p-wild-hint-random", {"players": 2, "seed": 201, "seats": [
        {"board": "lone-star-flats", "side": "wild"}, {"board": "buzzard-bluffs", "side": "wild"}]}, ("hint", "random"),
                "2 players, the two wild sides the others miss, hint bot against random bot"),
    Playthrough("2p-normal-hint-greedy", {"players": 2, "seed": 202, "seats": _seats("normal", 2),
                                          "first_game_contracts": True}, ("hint", "greedy"),
                "2 players, normal sides, first-game contracts, hint bot against greedy bot"),
    Playthrough("4p-random-sides", {"players": 4, "seed": 401, "seats": _seats("random", 4)},
                ("random", "hint", "random", "random"), "4 players, random sides, one hint bot and three random bots"),
    Playthrough("5p-wild-random", {"players": 5, "seed": 501, "seats": _seats("wild", 5)}, ("random",) * 5,
                "5 players, wild sides, random bots"),
    Playthrough("5p-normal-hint", {"players": 5, "seed": 502, "seats": _seats("normal", 5)},
                ("hint", "random", "random", "random", "hint"), "5 players, normal sides, two hint bots"),
)


def _line(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _bots(config: GameConfig, names: tuple[str, ...]) -> list:
    return [make_bot(name, config.seed * 31 + i, BUDGET_MS) for i, name in enumerate(names)]


def record(game_spec: Playthrough) -> str:
    """Play ``game_spec`` to its end and return the file's text."""
    config = GameConfig.from_json(game_spec.config)
    game = Game(config)
    bots = _bots(config, game_spec.bots)
    lines = [f"# Golden playthrough: {game_spec.about} (tests/playthroughs/golden.py)",
             f"# config: {_line(config.to_json())}", f"# bots: {_line(list(game_spec.bots))}",
             f"# budget_ms: {BUDGET_MS}"]
    lines += [f"setup {_line(e)}" for e in game.events]
    while not game.finished:
        seat = game.pending_seats()[0]  # of seats deciding at once (Setup E's partners), the lowest first
        move = bots[seat].choose(game, seat)
        events = game.play(seat, move)
        lines.append(f"move {seat} {_line(move)}")
        lines += [f"  event {_line(e)}" for e in events]
    return "\n".join(lines) + "\n"


def check(path: Path) -> int:
    """Replay the golden file at ``path``: every bot chooses the recorded move and every move causes the
    recorded events.  Returns the number of moves; raises ``AssertionError`` at the first difference."""
    text = path.read_text().splitlines()
    header = {k: json.loads(v) for k, v in (line[2:].split(": ", 1) for line in text if line.startswith("# ") and ": " in line
                                             and line[2:].split(": ", 1)[0] in ("config", "bots", "budget_ms"))}
    config = GameConfig.from_json(header["config"])
    game = Game(config)
    bots = [make_bot(name, config.seed * 31 + i, header["budget_ms"]) for i, name in enumerate(header["bots"])]
    setup = [json.loads(line[len("setup "):]) for line in text if line.startswith("setup ")]
    assert game.events == setup, f"{path.name}: the setup events differ"
    moves = 0
    i = 0
    while i < len(text):
        line = text[i]
        i += 1
        if not line.startswith("move "):
            continue
        _, seat, payload = line.split(" ", 2)
        expected_move = json.loads(payload)
        expected_events = []
        while i < len(text) and text[i].startswith("  event "):
            expected_events.append(json.loads(text[i][len("  event "):]))
            i += 1
        assert not game.finished, f"{path.name}:{i}: the game ended before this move"
        assert int(seat) in game.pending_seats(), f"{path.name}:{i}: seats {game.pending_seats()} decide, not {seat}"
        chosen = bots[int(seat)].choose(game, int(seat))
        assert chosen == expected_move, f"{path.name}: move {moves + 1}: the bot chose {chosen}, recorded {expected_move}"
        events = game.play(int(seat), chosen)
        assert events == expected_events, f"{path.name}: move {moves + 1} ({chosen}): the events differ"
        moves += 1
    assert game.finished, f"{path.name}: the recorded moves end before the game"
    return moves


def main(argv: list[str]) -> int:
    """Re-record the named playthroughs (all when none is named)."""
    names = set(argv) or {g.name for g in GAMES}
    for spec in GAMES:
        if spec.name in names:
            (HERE / f"{spec.name}.txt").write_text(record(spec))
            print("recorded", spec.name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
