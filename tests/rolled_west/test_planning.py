"""The solo planners (solver/games/rolled_west/planning): the CP-SAT model's plan replays through the engine to exactly
its proven optimum; the model and the exhaustive search (the oracle) find the same optimum on puzzles cut to 2 and 3
rounds; the oracle's last turn is the best of every whole turn the engine allows; forbidding the optimal sheet gives
another sheet; every number comes from the components; the greedy player is deterministic."""

from __future__ import annotations

import dataclasses
import random

import pytest

from solver.games.rolled_west.components.values import Components
from solver.games.rolled_west.planning.greedy import greedy_play
from solver.games.rolled_west.planning.model import SoloSheet, solve_solo
from solver.games.rolled_west.planning.oracle import best_by_search, best_last_turn
from solver.games.rolled_west.planning.solo import SEAT, SoloPuzzle, ghost_banks, total, whole_turns
from solver.games.rolled_west.rules import scoring
from solver.games.rolled_west.rules.rolling import roll
from tests.rolled_west.helpers import C


def random_puzzle(seed: int, components: Components = C) -> SoloPuzzle:
    """A puzzle of random rolls (``seed``), six rounds."""
    rng = random.Random(f"test-planning/{seed}")
    dice = components.dice
    return SoloPuzzle.of(components, [roll(rng, dice, dice.count) for _ in range(components.numbers.rounds)],
                         [roll(rng, dice, dice.ghost_dice) for _ in range(components.numbers.rounds - 1)])


def sheet_of(state) -> SoloSheet:
    """The final sheet of a solo game as the model describes it."""
    sheet, c = state.sheets[SEAT], state.components
    return SoloSheet(tuple(sum(1 for m in sheet.claims[r.terrain] if m) for r in c.claim_rows),
                     tuple(sheet.claims[r.terrain].count("circle") for r in c.claim_rows),
                     tuple(len(sheet.shipping[m]) for m in ("copper", "silver", "gold")),
                     tuple(sorted(sheet.contracts)), tuple(sorted(sheet.offices)))


def _check_replay(puzzle: SoloPuzzle, plan) -> None:
    state = puzzle.replay(plan.moves)
    assert state.finished and dict(state.score_breakdown(SEAT)) == plan.breakdown
    assert plan.breakdown["total"] == plan.score and sheet_of(state) == plan.sheet


@pytest.mark.parametrize("seed", range(6))
def test_the_models_plan_replays_through_the_engine_to_its_proven_optimum(seed):
    puzzle = random_puzzle(seed)
    plan = solve_solo(puzzle)
    assert plan.proven and plan.bound == plan.score
    _check_replay(puzzle, plan)
    assert set(plan.breakdown) == {*scoring.CATEGORIES, "total"}
    greedy, moves = greedy_play(puzzle)
    assert greedy <= plan.score and total(puzzle.replay(moves)) == greedy


@pytest.mark.parametrize("seed", range(12))
def test_the_model_and_the_oracle_agree_on_puzzles_cut_to_two_rounds(seed):
    puzzle = random_puzzle(seed).cut(2)
    plan, oracle = solve_solo(puzzle), best_by_search(puzzle)
    assert plan.proven and plan.score == oracle.score
    _check_replay(puzzle, plan)
    assert total(puzzle.replay(oracle.moves)) == oracle.score  # the oracle's plan is the engine's too


@pytest.mark.parametrize("seed", (106, 109))  # two whose search takes a second or two; the bench checks 30 more
def test_the_model_and_the_oracle_agree_on_puzzles_cut_to_three_rounds(seed):
    puzzle = random_puzzle(seed).cut(3)
    plan, oracle = solve_solo(puzzle), best_by_search(puzzle)
    assert plan.proven and plan.score == oracle.score == total(puzzle.replay(oracle.moves))
    _check_replay(puzzle, plan)


@pytest.mark.parametrize("seed", range(8))
def test_the_oracles_last_turn_is_the_best_whole_turn_the_engine_allows(seed):
    """Its two shortcuts (no bank in the last turn, the greatest shipment) lose nothing: the best of every whole turn
    (``whole_turns``, every bank and shipment) scores the same, from a random point of a random game."""
    puzzle = random_puzzle(seed).cut(2)
    rng = random.Random(seed)
    state = puzzle.game()
    turns = list(whole_turns(state))
    state = rng.choice(turns)[1]
    choices = ghost_banks(state)
    state.play(SEAT, rng.choice(choices))
    assert state.round == 2 and not state.finished
    best, moves = best_last_turn(state)
    assert best == max(total(after) for _moves, after in whole_turns(state))
    played = state.clone()
    for move in moves:
        played.play(SEAT, move)
    assert played.finished and total(played) == best


def test_forbidding_the_optimal_sheet_gives_the_best_other_sheet():
    puzzle = random_puzzle(7)
    plan = solve_solo(puzzle)
    other = solve_solo(puzzle, exclude=[plan.sheet])
    assert other.proven and other.sheet != plan.sheet and other.score <= plan.score
    _check_replay(puzzle, other)
    again = solve_solo(puzzle, exclude=[plan.sheet, other.sheet], objective_bounds=(other.score + 1, plan.score))
    assert again.status == "INFEASIBLE" or (again.score == plan.score and again.sheet not in (plan.sheet, other.sheet))


def test_every_number_of_the_model_comes_from_the_components():
    """A corrected copy of the components (other claim numbers, majority bonuses, shipping boxes, contract points,
    office terms, wood costs) changes the model's optimum as it changes the engine's tally: the plan replays to the
    model's score under the same copy."""
    rows = tuple(dataclasses.replace(r, numbers=tuple(n + 1 for n in r.numbers), majority=(7, 1)) for r in C.claim_rows)
    ships = tuple(dataclasses.replace(r, boxes=tuple(tuple(n + 2 for n in b) for b in r.boxes)) for r in C.shipping_rows)
    deals = tuple(dataclasses.replace(x, points=x.points * 3) for x in C.contracts)
    offices = tuple(dataclasses.replace(o, terms=(("claim_star", 2),)) if o.id == "silver-silver" else o for o in C.offices)
    numbers = dataclasses.replace(C.numbers, settlement_wood=1)
    corrected = dataclasses.replace(C, claim_rows=rows, shipping_rows=ships, contracts=deals, offices=offices,
                                    numbers=numbers)
    puzzle = random_puzzle(3).cut(4)
    again = SoloPuzzle.of(dataclasses.replace(corrected, numbers=dataclasses.replace(numbers, rounds=4)), puzzle.turns,
                          puzzle.ghosts)
    plan = solve_solo(again)
    assert plan.proven and plan.score != solve_solo(puzzle).score
    _check_replay(again, plan)
    cut = again.cut(2)
    assert solve_solo(cut).score == best_by_search(cut).score


def test_the_greedy_player_is_deterministic_and_legal():
    puzzle = random_puzzle(11)
    first, second = greedy_play(puzzle), greedy_play(puzzle)
    assert first == second and puzzle.replay(first[1]).finished


def test_a_puzzle_is_cut_to_its_first_rounds():
    puzzle = random_puzzle(2)
    cut = puzzle.cut(3)
    assert cut.rounds == 3 and cut.turns == puzzle.turns[:3] and cut.ghosts == puzzle.ghosts[:2]
    assert cut.game().sheets[SEAT].white == [None] * 3
    with pytest.raises(ValueError):
        puzzle.cut(7)
    with pytest.raises(ValueError):
        SoloPuzzle.of(C, puzzle.turns, puzzle.ghosts[:3])
