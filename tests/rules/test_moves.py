"""The typed moves (solver/games/wild_tiled_west/rules/moves.py): every option the engine offers follows its type's definition, over
whole random games on every kind of side, and the definition catches a malformed move."""

from __future__ import annotations

from solver.games.wild_tiled_west.ai.bots import RandomBot
from solver.games.wild_tiled_west.engine.game import DECISION_HANDLERS, Game
from solver.games.wild_tiled_west.rules.moves import DECISION_MOVES, MOVES, decision_errors, move_errors, move_fields
from solver.games.wild_tiled_west.rules.setup import GameConfig, SeatConfig


def test_every_offered_move_follows_its_definition():
    seen: set[str] = set()
    for seed, (players, side) in enumerate([(1, "wild"), (2, "wild"), (3, "random"), (4, "normal"), (5, "wild")] * 2):
        game = Game(GameConfig(players=players, seed=seed, seats=(SeatConfig(side=side),) * players))
        bot = RandomBot(seed)
        while not game.finished:
            pending = game.pending()
            assert pending is not None and decision_errors(pending) == [], (pending, decision_errors(pending))
            for move in game.legal_moves():
                assert move_errors(move) == [], (move, move_errors(move))
                assert move["type"] in DECISION_MOVES[pending["type"]], (pending, move)
                seen.add(move["type"])
            game.apply(bot.choose(game, game.pending()["seat"]))
    assert seen <= set(MOVES) and {"draft", "place", "keep_partner", "second_partner", "wrangle"} <= seen


def test_a_malformed_move_is_described():
    assert move_errors({"type": "draft", "die": 1, "slot": "left:0,0", "tile": "t01", "jumps": 0}) == ["cost: missing"]
    assert move_errors({"type": "place", "tile": "t01", "orientation": "0", "row": 1, "col": 2}) == [
        "orientation: '0' does not fit <class 'int'>"]
    assert move_errors({"type": "wrangle", "cows": 3, "colour": "red"}) == ["colour: not a field of a wrangle move"]
    assert move_errors({"type": "teleport"})[0].startswith("unknown move type 'teleport'")
    assert move_errors({"type": "wheelwright", "side": "both"}) == ["side: 'both' does not fit typing.Literal['alleys', 'ongoing']"]


def test_the_fields_of_all_moves():
    fields = move_fields()
    assert fields["row"] is int and fields["tile"] is str and fields["done"] is bool and "type" not in fields


def test_every_decision_the_engine_plays_is_defined_with_its_moves():
    assert set(DECISION_MOVES) == set(DECISION_HANDLERS)
    assert {t for types in DECISION_MOVES.values() for t in types} == set(MOVES)
    assert decision_errors({"type": "draft", "seat": 0, "pair": "yes"}) == ["pair: 'yes' does not fit typing.NotRequired[bool]"]
    assert decision_errors({"type": "draft"}) == ["seat: missing"]
