"""The 16 partner cards (solver/games/wild_tiled_west/components/data/partners.toml, reconstructed: the cards' faces are lost) and the
settlement counts they read.

Sources: rulebook, Setup E (one partner kept face down), Scoring points / Partners, Endgame ("Partners -
Reveal any face-down partners, then score all of your partners according to their unique conditions");
the conditions are partners.toml's ``text``.
"""

from __future__ import annotations

import pytest

from solver.games.wild_tiled_west.components.catalog import PARTNER_COUNTS, load_catalog
from solver.games.wild_tiled_west.rules.endgame import endgame_points
from solver.games.wild_tiled_west.rules.partners import partner_counts, partner_points
from tests.fixtures import fixture_game, place, resolve

CATALOG = load_catalog()

# id, name, the count it reads, (count, points) of a positive case, (count, points) of a negative case;
# the expected points follow each card's text in partners.toml.
CARDS = [
    ("p01", "Undertaker", "tombstones", (3, 3), (0, 0)),  # 1 per tombstone
    ("p02", "Mayor", "completed_towns", (2, 6), (0, 0)),  # 3 per completed town
    ("p03", "Prospector", "claimed_mines", (2, 4), (0, 0)),  # 2 per claimed mine
    ("p04", "Trail Boss", "covered_horseshoes", (3, 3), (0, 0)),  # 1 per covered horseshoe
    ("p05", "Card Sharp", "aces", (5, 5), (0, 0)),  # 1 per ace
    ("p06", "Cattle Baron", "wrangled_pastures", (2, 6), (0, 0)),  # 3 per wrangled pasture
    ("p07", "Banker", "unused_gold", (5, 2), (1, 0)),  # 1 per 2 unused gold (an odd one scores nothing)
    ("p08", "Gunslinger", "unused_bullets", (9, 6), (0, 0)),  # 1 per unused bullet, up to 6
    ("p09", "Architect", "building_tiles", (3, 6), (0, 0)),  # 2 per building tile
    ("p10", "Lawman", "sheriffs", (2, 6), (0, 0)),  # 3 per sheriff not a tombstone
    ("p11", "Rancher", "cows_in_largest_pasture", (4, 4), (0, 0)),  # 1 per cow of the largest pasture
    ("p12", "Hermit", "unshot_bandits", (0, 6), (1, 0)),  # 6 if no unshot bandit remains
    ("p13", "Alley Cat", "alleys", (4, 4), (0, 0)),  # 1 per alley
    ("p14", "Peacemaker", "hill_bandits", (2, 4), (0, 0)),  # 2 per hill bandit
    ("p15", "Builder", "surrounded_buildings", (2, 6), (0, 0)),  # 3 per surrounded building tile
    ("p16", "Surveyor", "closed_rows", (3, 6), (0, 0)),  # 2 per closed row
]


def counts_with(key: str, value: int, others: int) -> dict[str, int]:
    """Every count at ``others`` except ``key`` (so a card reading the wrong count gives itself away)."""
    counts = {k: others for k in PARTNER_COUNTS}
    counts[key] = value
    return counts


def test_the_table_covers_the_16_cards_of_partners_toml():
    assert sorted((c[0], c[1], c[2]) for c in CARDS) == sorted(
        (p.id, p.name, p.condition["count"]) for p in CATALOG.partners)
    assert len(CARDS) == 16


@pytest.mark.parametrize("card, name, count, positive, negative", CARDS, ids=[c[1] for c in CARDS])
def test_partner_positive_case(card, name, count, positive, negative):
    value, points = positive
    for others in (0, 1, 7):
        assert partner_points(CATALOG, card, counts_with(count, value, others)) == points


@pytest.mark.parametrize("card, name, count, positive, negative", CARDS, ids=[c[1] for c in CARDS])
def test_partner_negative_case(card, name, count, positive, negative):
    value, points = negative
    for others in (0, 1, 7):
        assert partner_points(CATALOG, card, counts_with(count, value, others)) == points


@pytest.mark.parametrize("gold, points", [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (11, 5)])
def test_banker_scores_every_2_unused_gold(gold, points):
    assert partner_points(CATALOG, "p07", counts_with("unused_gold", gold, 0)) == points


@pytest.mark.parametrize("bullets, points", [(0, 0), (1, 1), (5, 5), (6, 6), (7, 6), (20, 6)])
def test_gunslinger_is_capped_at_6(bullets, points):
    assert partner_points(CATALOG, "p08", counts_with("unused_bullets", bullets, 0)) == points


@pytest.mark.parametrize("bandits, points", [(0, 6), (1, 0), (5, 0)])
def test_hermit_only_with_no_unshot_bandit(bandits, points):
    assert partner_points(CATALOG, "p12", counts_with("unshot_bandits", bandits, 0)) == points


# --- partner_counts on hand-made settlements -------------------------------------------------------------

TILES = {
    "st": ".",
    "st2": "..",
    "st3": "...",
    "sheriff": "s",
    "bandit": "b",
    "field": "f",
    "aces": "♠♥",
    "alley_bonus": "=",
    "cache": ("#", "Cache"),
    "saloon": ("#", "Fancy Saloon"),
}


def new(rows, towns=None):
    game = fixture_game(rows, tiles=TILES, towns=towns, seed=1)
    assert game.pending() == {"type": "draft", "seat": 0}
    return game


def settle(game, tile, row, col, answers=None):
    place(game, tile, row, col)
    resolve(game, answers)


def test_counts_tombstones_unshot_bandits_sheriffs_and_hill_bandits():
    # Sheriffs and bandits: a shot bandit is a tombstone, no longer counted; Tussle / Hill bandits.
    game = new(["X.b..", ".....", "...^."])
    p = game.players[0]
    before = partner_counts(p)
    assert (before["unshot_bandits"], before["tombstones"], before["sheriffs"]) == (1, 0, 0)  # the printed bandit
    p.bullets = 1
    settle(game, "sheriff", 0, 4)  # shoots the printed bandit in his row
    settle(game, "bandit", 1, 0)  # out of his row and column, and no bullet left
    p.settlement.add_hill_bandit(2, 3)
    counts = partner_counts(p)
    assert counts["tombstones"] == 1 and counts["sheriffs"] == 1 and counts["hill_bandits"] == 1
    assert counts["unshot_bandits"] == 2  # the tile bandit and the hill bandit
    assert counts["unused_bullets"] == 0


TOWN_MAP = [
    "X.pMp.",
    "u.....",
    "AA.u..",
    "......",
    "pM....",
    "^^^^^^",  # a row of hills: closed from the start
]


def test_counts_towns_mines_horseshoes_and_closed_rows():
    # Completing a town; Mining ("Each time you cover a pickaxe ... you have claimed the adjacent mine");
    # Trailblazing; closed rows = no uncovered space where a tile could be placed.
    game = new(TOWN_MAP, towns=[{"letter": "A", "name": "Alpha", "points": 3}])
    p = game.players[0]
    start = partner_counts(p)
    assert (start["completed_towns"], start["claimed_mines"], start["covered_horseshoes"], start["closed_rows"]) == (0, 0, 0, 1)
    settle(game, "st3", 0, 0)  # covers the pickaxe (0,2)
    assert partner_counts(p)["claimed_mines"] == 1 and partner_counts(p)["closed_rows"] == 1  # (0,4) (0,5) open
    settle(game, "st2", 0, 4)  # the mine's second pickaxe: still one mine; row 0 now closed
    settle(game, "st", 1, 0)  # a horseshoe
    settle(game, "st2", 2, 0)  # town A
    counts = partner_counts(p)
    assert counts["claimed_mines"] == 1 and counts["covered_horseshoes"] == 1 and counts["completed_towns"] == 1
    assert counts["closed_rows"] == 2
    settle(game, "st", 4, 0)  # the other mine's pickaxe
    assert partner_counts(p)["claimed_mines"] == 2


def test_counts_aces_with_ace_cards_alleys_buildings_and_surrounded_buildings():
    game = new([".....", ".....", ".....", ".....", "....X"])
    p = game.players[0]
    settle(game, "aces", 0, 0)
    settle(game, "saloon", 2, 2, {"ace_card": {"type": "ace_card", "suit": "clubs"}})
    place(game, "alley_bonus", 4, 0)
    game.apply({"type": "place", "tile": "alley", "orientation": 0, "row": 3, "col": 0})
    resolve(game)
    settle(game, "cache", 0, 4)
    counts = partner_counts(p)
    assert counts["aces"] == 3  # two on a tile, one ace card
    assert counts["alleys"] == 1  # the alley-bonus tile itself is not an alley
    assert counts["building_tiles"] == 2 and counts["surrounded_buildings"] == 0
    assert counts["unused_bullets"] == 2 and counts["unused_gold"] == p.gold == 2
    settle(game, "st", 0, 3)
    assert partner_counts(p)["surrounded_buildings"] == 0  # (1,4) still open
    settle(game, "st", 1, 4)
    assert partner_counts(p)["surrounded_buildings"] == 1  # the Cache, in its corner


def test_counts_wrangled_pastures_and_the_largest_pasture():
    game = new(["X....", "ccc..", ".....", "cc..."])
    p = game.players[0]
    assert partner_counts(p)["cows_in_largest_pasture"] == 3 and partner_counts(p)["wrangled_pastures"] == 0
    place(game, "field", 2, 2)  # expands the 3-cow pasture
    game.apply({"type": "wrangle", "cows": 0})  # declined
    resolve(game)
    assert partner_counts(p)["wrangled_pastures"] == 0
    place(game, "field", 2, 3)
    game.apply({"type": "wrangle", "cows": 3, "row": 1, "col": 0})
    resolve(game)
    counts = partner_counts(p)
    assert counts["wrangled_pastures"] == 1 and counts["cows_in_largest_pasture"] == 3


def test_endgame_partners_category_sums_every_partner_face_down_included():
    # Endgame: "Reveal any face-down partners, then score all of your partners".
    game = new([".....", ".....", ".....", ".....", "....X"])
    p = game.players[0]
    settle(game, "cache", 2, 2)  # a building tile, no bandit anywhere
    place(game, "alley_bonus", 4, 0)
    resolve(game)  # one alley
    p.partners = [{"id": "p13", "face_down": True}, {"id": "p09", "face_down": False}]  # Alley Cat, Architect
    assert endgame_points(game.catalog, p)["partners"] == 1 + 2
    p.partners.append({"id": "p12", "face_down": True})  # Hermit: no unshot bandit
    assert endgame_points(game.catalog, p)["partners"] == 1 + 2 + 6
    p.partners = [{"id": "p01", "face_down": True}]  # Undertaker, no tombstone
    assert endgame_points(game.catalog, p)["partners"] == 0


def test_game_end_scores_the_partners_into_the_ledger():
    game = new([".....", ".....", ".....", ".....", "....X"])
    p = game.players[0]
    settle(game, "cache", 2, 2)
    p.partners = [{"id": "p09", "face_down": True}, {"id": "p08", "face_down": False}]  # 2 + 2 bullets
    game._step_game_end({"step": "game_end"})
    assert game.finished and p.ledger["partners"] == 2 + 2
    assert game.score_breakdown(0)["endgame"]["partners"] == 4
