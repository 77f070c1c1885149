"""The Tussle (rulebook: Tussle) and solo play's bandit cards and Bandit Ridge (rulebook: Solo play)."""

from __future__ import annotations

import pytest

from solver.games.wild_tiled_west.components.catalog import load_catalog
from solver.games.wild_tiled_west.rules.solo import SoloState, reveal_bandit_card, solo_rank, solo_tussle, uncovered_bandits
from solver.games.wild_tiled_west.rules.tussle import EVEN, LOSE, WIN, resolve_tussle
from solver.games.wild_tiled_west.rules.wrangling import Contract


def test_year_2_tussle_example():
    # Tussle: "Devin has one bandit, Johnny has five, and Becca has three. Johnny, with the most,
    # loses the Tussle and loses 3 points. Becca neither gains nor loses points. Devin has the fewest
    # and wins the Tussle, gaining 3 points. She also adds a hill bandit to her settlement board."
    devin, johnny, becca = resolve_tussle([1, 5, 3], points=3, year=2)
    assert (johnny.outcome, johnny.points, johnny.hill_bandit) == (LOSE, -3, False)
    assert (becca.outcome, becca.points, becca.hill_bandit) == (EVEN, 0, False)
    assert (devin.outcome, devin.points, devin.hill_bandit) == (WIN, 3, True)


def test_all_tied_everyone_wins():
    # "If ALL players tie with the same number of bandits, no one loses points. Everyone wins."
    results = resolve_tussle([2, 2, 2], points=4, year=3)
    assert all(r.outcome == WIN and r.points == 4 and r.hill_bandit for r in results)


def test_shared_most_and_fewest():
    results = resolve_tussle([0, 4, 4, 0], points=2, year=1)
    assert [r.points for r in results] == [2, -2, -2, 2]


def test_no_hill_bandit_in_year_4():
    results = resolve_tussle([1, 2], points=5, year=4)
    assert results[0].outcome == WIN and results[0].points == 5 and not results[0].hill_bandit


def test_tussle_needs_two_players():
    with pytest.raises(ValueError):
        resolve_tussle([3], points=2, year=1)


@pytest.fixture()
def catalog():
    return load_catalog()


def fresh_contracts():
    return [Contract(kind, size) for kind, size in zip(("alleys", "gold", "bullets", "points"), (4, 5, 6, 7))]


def supply():
    return {"gold": 30, "alleys": 25, "bullets": 35, "cowpokes": 15, "hill_bandits": 15}


def test_solo_example_3_then_2_cows_flip_the_5_cow_contract(catalog):
    # Solo play: "the first bandit card Becca flipped had 3 cows and 1 bandit. Now the second card
    # has 2 cows. Added to the 3 previous cows, this makes 5, which is enough to claim the (as yet
    # unclaimed) 5-cow cattle contract. Becca flips that contract over and places a cowpoke."
    cards = {c.id: c for c in catalog.bandit_cards}
    first = next(c.id for c in catalog.bandit_cards if c.cows == 3 and c.bandits == 1)
    second = next(c.id for c in catalog.bandit_cards if c.cows == 2)
    solo, contracts, stock = SoloState([first, second]), fresh_contracts(), supply()
    events = reveal_bandit_card(catalog, solo, contracts, stock)
    assert not any(c.flipped for c in contracts) and solo.wrangled_cows == 0
    assert events[0]["cows"] == 3
    events = reveal_bandit_card(catalog, solo, contracts, stock)
    flipped = [c for c in contracts if c.flipped]
    assert [(c.size, c.kind) for c in flipped] == [(5, "gold")]  # the largest wrangle that fits, not the 4-cow one
    assert solo.wrangled_cows == 5 and stock["cowpokes"] == 14
    assert any(e["type"] == "contract_flipped_by_bandits" and e["size"] == 5 for e in events)
    assert cards[second].cows == 2


def test_solo_cows_wait_until_enough_for_an_unflipped_contract(catalog):
    cows_only = [c.id for c in catalog.bandit_cards if c.cows][:2]
    solo, contracts = SoloState(list(cows_only)), fresh_contracts()
    for c in contracts:
        c.flipped = c.size <= 6  # only the 7-cow contract is still large side up
    stock = supply()
    reveal_bandit_card(catalog, solo, contracts, stock)
    reveal_bandit_card(catalog, solo, contracts, stock)
    total = sum(c.cows for c in catalog.bandit_cards if c.id in cows_only)
    assert contracts[3].flipped == (total >= 7)
    assert solo.wrangled_cows == (total if total >= 7 else 0)


def test_solo_bullets_cover_bandits_and_spares_wait_for_future_bandits(catalog):
    cards = {c.id: c for c in catalog.bandit_cards}
    with_bullets = max(catalog.bandit_cards, key=lambda c: c.bullets - c.bandits)
    solo, stock = SoloState([with_bullets.id]), supply()
    ridge_before = uncovered_bandits(catalog, solo)
    reveal_bandit_card(catalog, solo, fresh_contracts(), stock)
    expected = max(0, ridge_before + with_bullets.bandits - with_bullets.bullets)
    assert uncovered_bandits(catalog, solo) == expected
    assert stock["bullets"] == 35 - with_bullets.bullets
    assert solo.bullets_on_bandits + solo.spare_bullets == with_bullets.bullets
    assert cards[with_bullets.id].bullets > 0


@pytest.mark.parametrize("yours, outcome, gained, you_take_hill, ridge_hill", [
    (0, "win", 3, True, 0), (None, "tie", 3, True, 1), (99, "lose", -3, False, 1)])
def test_solo_tussle_against_bandit_ridge(catalog, yours, outcome, gained, you_take_hill, ridge_hill):
    # Solo play: "When you win or tie a Tussle, score points as normal and (in Years 1, 2, and 3)
    # take a hill bandit. If you lose ... place a hill bandit on Bandit Ridge. In case of a tie,
    # Bandit Ridge also gets a hill bandit."
    solo, stock = SoloState([]), supply()
    ridge = uncovered_bandits(catalog, solo)
    result = solo_tussle(catalog, solo, ridge if yours is None else yours, 3, 2, stock)
    assert result[:3] == (outcome, gained, you_take_hill)
    assert solo.ridge_hill_bandits == ridge_hill and stock["hill_bandits"] == 15 - ridge_hill


def test_solo_ranks(catalog):
    # Solo play chart: Sidekick 50+, Deputy 90+, Ranger 110+, Marshal 130+, Mysterious Stranger 150+.
    assert solo_rank(catalog, 49) is None
    assert solo_rank(catalog, 50) == "Sidekick"
    assert solo_rank(catalog, 129) == "Ranger"
    assert solo_rank(catalog, 130) == "Marshal"
    assert solo_rank(catalog, 200) == "Mysterious Stranger"
