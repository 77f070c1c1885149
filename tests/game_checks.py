"""Invariants every game state must keep, checked after every move of random games."""

from __future__ import annotations

from solver.games.wild_tiled_west.ai.bots import RandomBot, play_game
from solver.games.wild_tiled_west.engine.game import Game
from solver.games.wild_tiled_west.rules.dice import die_line


def check_invariants(game: Game) -> None:
    """Raise ``AssertionError`` naming the first broken invariant."""
    catalog = game.catalog
    supply = game.supply
    assert all(v >= 0 for v in supply.values()), f"negative supply {supply}"
    assert game.version == len(game.moves) == len(game.move_seats)
    # gold, bullets, alleys, hill bandits and cowpokes are conserved
    counts = catalog.supply.counts
    stashed = sum(p.stashed_gold for p in game.players)
    assert supply["gold"] + sum(p.gold for p in game.players) + stashed == counts["gold"], "gold not conserved"
    assert sorted(game.ace_cards + [s for p in game.players for s in p.ace_cards]) == sorted(
        s.value for s in catalog.supply.ace_cards), "ace cards not conserved"
    flips = sum(1 for e in game.events if e["type"] == "contract_flipped_by_bandits")
    cowpokes = sum(len(p.settlement.cowpokes) for p in game.players)
    assert supply["cowpokes"] + cowpokes + flips == counts["cowpokes"], "cowpokes not conserved"
    for p in game.players:  # every cowpoke stands in a pasture, one per wrangle
        assert len(p.settlement.cowpokes) == sum(1 for e in game.events if e["type"] == "wrangle" and e["seat"] == p.seat)
    assert all(p.gold >= 0 and p.bullets >= 0 for p in game.players)
    tombstones = sum(p.settlement.tombstone_count for p in game.players)
    solo_bullets = (game.solo.bullets_on_bandits + game.solo.spare_bullets) if game.solo else 0
    assert supply["bullets"] + sum(p.bullets for p in game.players) + tombstones + solo_bullets == counts["bullets"]
    alleys = sum(1 for p in game.players for t in p.settlement.tiles if t.tile.is_alley)
    assert supply["alleys"] + alleys == counts["alleys"], "alleys not conserved"
    hill = sum(len(p.settlement.hill_bandits) for p in game.players) + (game.solo.ridge_hill_bandits if game.solo else 0)
    assert supply["hill_bandits"] + hill == counts["hill_bandits"]
    # every tray tile is in exactly one place
    places = [t for stack in game.trays.stacks.values() for t in stack] + list(game.trays.removed)
    places += [t.tile.id for p in game.players for t in p.settlement.tiles if not t.tile.is_alley]
    places += [p.set_aside for p in game.players if p.set_aside]
    places += [s["tile"] for s in game.agenda if s.get("step") in ("place_tile", "house_site")]
    assert sorted(places) == sorted(t.id for t in catalog.tiles), "a tile is lost or duplicated"
    # no overlapping tiles, cover grid consistent
    for p in game.players:
        s = p.settlement
        assert s.covered.bit_count() == sum(len(t.squares) for t in s.tiles), "overlapping tiles"
        for i, t in enumerate(s.tiles):
            assert all(s.cover[r][c] == i for (r, c), _ in t.squares)
        assert 0 <= p.mining < len(catalog.mining_track)
        assert len(s.hill_bandits) <= len(s.side.squares(next(k for k in type(s.side.space(0, 0).kind) if k.value == "hill")))
    # dice: unused dice on distinct slots showing their slot number, on non-empty lines
    live = [d for d in game.dice if not d.used and d.slot is not None]
    for kind in ("prairie", "river"):
        slots = [d.slot for d in live if d.kind == kind]
        assert len(slots) == len(set(slots)), "two dice on one slot"
    for d in live:
        assert d.value == d.slot
        assert not game.trays.line_is_empty(die_line(catalog, d.kind, d.slot)), "a die on an empty line"
    # exactly one pending decision, or the game is over
    assert (game.pending() is None) == game.finished
    if not game.finished:
        assert game.legal_moves(), "a pending decision without options"


def play_random(game: Game, seed: int, each_move=None) -> Game:
    """Play random legal moves to the end, calling ``each_move(game)`` after each."""
    return play_game(game, RandomBot(seed), each_move)
