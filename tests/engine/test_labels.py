"""Moves in words and placements as squares (solver.games.wild_tiled_west.engine.labels; issue 27, "Geometry and labels")."""

from __future__ import annotations

import re

from solver.games.wild_tiled_west.ai.bots import RandomBot
from solver.games.wild_tiled_west.engine.game import Game
from solver.games.wild_tiled_west.engine.labels import (
    annotated,
    move_label,
    orientation_words,
    placement_squares,
    slot_words,
    tile_name,
)
from solver.games.wild_tiled_west.rules.setup import GameConfig, SeatConfig


def test_every_legal_move_has_a_label_and_placements_their_squares():
    # Random 2-5 player games on normal and wild sides: at each decision every option reads as one line, two
    # options never read the same (two placements of one tile differ by square or by orientation), and a
    # placement's squares are the ones the engine then covers.
    seen_kinds: set[str] = set()
    for players, seed, side in ((2, 1, "normal"), (3, 2, "wild"), (1, 3, "wild"), (4, 4, "normal"), (5, 5, "wild")):
        game = Game(GameConfig(players=players, seed=seed, seats=tuple(SeatConfig(side=side) for _ in range(players))))
        bot = RandomBot(seed)
        while not game.finished:
            moves = game.legal_moves()
            labels = [move_label(game, m) for m in moves]
            assert all(label and "\n" not in label for label in labels)
            # tiles by what they are, never by an id, and no slot or square in the engine's own notation (issue 37)
            assert not [lb for lb in labels if re.search(r"\bt\d\d|#\d|(left|right):\d|\(\d+, \d+\)", lb)]
            assert len(set(labels)) == len(labels), [lb for lb in labels if labels.count(lb) > 1][:3]
            seen_kinds |= {m["type"] for m in moves}
            move = bot.choose(game, game.pending()["seat"])
            if move["type"] == "place":
                squares = placement_squares(game, move)
                seat = game.pending()["seat"]
                game.apply(move)
                placed = game.players[seat].settlement.tiles[-1]
                assert sorted(rc for rc, _ in placed.squares) == sorted(squares)
            else:
                game.apply(move)
    assert {"draft", "place", "keep_partner"} <= seen_kinds


def test_a_placement_label_names_the_tile_the_square_and_the_orientation():
    game = Game(GameConfig(players=2, seed=24))
    while game.pending()["type"] != "place_tile":
        game.apply(game.legal_moves()[0])
    moves = [m for m in game.legal_moves() if m["type"] == "place"]
    tile = game.catalog.tile(moves[0]["tile"])
    label = move_label(game, moves[0])
    assert label.startswith(tile_name(game.catalog, moves[0]["tile"]))
    assert f" at row {moves[0]['row'] + 1}, column {moves[0]['col'] + 1}, " in label and moves[0]["tile"] not in label
    assert orientation_words(tile.orientations[moves[0]["orientation"]]) in label
    assert orientation_words(tile.orientations[0]) == "as printed"
    turned = [o for o in tile.orientations if o.turns == 1 and not o.flipped]
    assert not turned or orientation_words(turned[0]) == "turned 90°"
    flipped = [o for o in tile.orientations if o.flipped and o.turns == 0]
    assert not flipped or orientation_words(flipped[0]) == "flipped"
    with_squares = annotated(game, moves[0])
    assert with_squares["squares"] == [list(rc) for rc in placement_squares(game, moves[0])]
    assert {k: v for k, v in with_squares.items() if k not in ("label", "squares")} == moves[0]


def test_a_draft_label_names_the_die_the_tile_the_stack_and_the_claim_jump():
    game = Game(GameConfig(players=2, seed=24))
    while game.pending()["type"] != "draft":
        game.apply(game.legal_moves()[0])
    drafts = [m for m in game.legal_moves() if m["type"] == "draft"]
    assert drafts
    for move in drafts:
        die = next(d for d in game.dice if d.id == move["die"])
        label = move_label(game, move)
        assert label.startswith(f"{die.kind.capitalize()} die {die.value}: {tile_name(game.catalog, move['tile'])} from ")
        assert slot_words(game.catalog, move["slot"]) in label and move["slot"] not in label
        assert ("claim jump" in label) == bool(move["jumps"]) and ("gold" in label) == bool(move["cost"])


def test_a_tile_is_named_by_its_building_or_by_what_its_squares_show():
    game = Game(GameConfig(players=2, seed=1))
    catalog = game.catalog
    assert tile_name(catalog, "t07#1") == "the Sheriff's Office" and tile_name(catalog, "alley") == "an alley"
    assert tile_name(catalog, "t17#2") == "a 2-square tile (2 cows)"
    assert tile_name(catalog, "t16#1") == "a 4-square tile (an ace of hearts, 2 streets and a bandit)"
    assert tile_name(catalog, "t04#1") == "a 3-square tile (2 streets and a house)"
    assert slot_words(catalog, "left:0,1") == "the left tray, row 1, column 2 (river)"
