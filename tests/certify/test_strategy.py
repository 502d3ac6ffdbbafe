"""The strategy checker: winning strategies are certified, broken ones are caught with
the line of play where they fail, for the first and for the second player."""

from __future__ import annotations

import ast
import inspect
import itertools
from typing import Any

import pytest

import grundy.certify.strategy as strategy_module
from grundy.certify.strategy import check_second_player_strategy, check_strategy
from grundy.errors import SearchLimitError
from grundy.games.chomp import Chomp
from grundy.games.nim import Nim
from grundy.games.subtraction import SubtractionGame
from grundy.solve.chomp_strategy import chomp_bite_then_mirror
from grundy.solve.solver import Outcome, Play, Solver


def equalise(heaps: tuple[int, int]) -> tuple[int, int]:
    return (min(heaps), min(heaps))


def test_the_checker_uses_only_the_rules_not_the_solvers() -> None:
    tree = ast.parse(inspect.getsource(strategy_module))
    imported = {
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module is not None
    }
    assert not any(name.startswith("grundy.solve") for name in imported)


def test_mirroring_wins_two_pile_nim_for_the_right_player() -> None:
    game = Nim()
    for a in range(7):
        for b in range(7):
            first = check_strategy(game, (a, b), equalise)
            second = check_second_player_strategy(game, (a, b), equalise)
            assert first.wins == (a != b)
            assert second.wins == (a == b)


def test_first_player_agrees_with_the_solver_on_take_away() -> None:
    game = SubtractionGame([1, 2, 3])
    solver = Solver(game)

    def to_multiple_of_four(heaps: tuple[int]) -> tuple[int] | None:
        left = heaps[0] - heaps[0] % 4
        return (left,) if left != heaps[0] else None

    for n in range(30):
        found = check_strategy(game, (n,), to_multiple_of_four)
        assert found.wins == (solver.outcome((n,)) is Outcome.N)
        if not found.wins:
            assert found.reason in {
                "the strategy names no move here",
                "the strategy's player cannot move",
            }


def test_a_corrupted_strategy_is_rejected_with_its_failing_line() -> None:
    game = Nim()

    def mostly_equalise(heaps: tuple[int, int]) -> tuple[int, int]:
        if heaps == (1, 3):  # the corruption: an illegal answer in one position
            return (3, 1)
        return equalise(heaps)

    found = check_second_player_strategy(game, (3, 3), mostly_equalise)
    assert not found.wins
    assert found.reason == "the strategy's move is not legal here"
    assert found.failing_line == ((3, 3), (1, 3), (3, 1))


def test_a_legal_but_losing_strategy_is_rejected_at_the_end_of_the_game() -> None:
    game = Nim()

    def take_one(heaps: tuple[int, int]) -> tuple[int, int]:  # legal, but blind
        return (heaps[0] - 1, heaps[1]) if heaps[0] else (heaps[0], heaps[1] - 1)

    found = check_strategy(game, (3, 1), take_one)
    assert not found.wins
    assert found.reason == "the strategy's player cannot move"
    line = found.failing_line
    assert line[0] == (3, 1) and line[1] == (2, 1) and line[-1] == (0, 0)
    assert len(line) % 2 == 1  # it ends on the strategy's turn
    for before, after in itertools.pairwise(line):
        assert after in set(game.moves(before))  # a real line of play


def test_a_strategy_with_no_answer_is_rejected() -> None:
    found = check_strategy(Chomp(), (3, 3), chomp_bite_then_mirror((1, 1)))
    assert (found.wins, found.failing_line, found.reason) == (
        False,
        ((3, 3),),
        "the strategy names no move here",
    )


def test_second_player_from_a_terminal_position() -> None:
    never: Any = lambda position: None  # noqa: E731 - a strategy that is never consulted
    assert check_second_player_strategy(Nim(), (0, 0), never).wins
    lost = check_second_player_strategy(Nim(), (0, 0), never, misere=True)
    assert not lost.wins and lost.failing_line == ((0, 0),)


@pytest.mark.parametrize("heaps", [(1, 1), (2, 2), (3, 3), (2, 3), (1, 4)])
def test_misere_two_pile_nim_strategy_agrees_with_the_solver(heaps: tuple[int, int]) -> None:
    """Misère two-pile Nim: equalise, except leave a single heap of 1 when the larger
    heap is the only one above 1 (the classic adjustment)."""
    game = Nim()

    def misere_play(position: tuple[int, int]) -> tuple[int, int]:
        small, large = min(position), max(position)
        if large <= 1:
            return (0, position[1]) if position[0] else (position[0], 0)
        if small <= 1 and large > 1:  # leave an odd number of single-counter heaps
            target = 1 - small
            return (small, target) if position[1] == large else (target, small)
        return equalise(position)

    found = check_strategy(game, heaps, misere_play, misere=True)
    assert found.wins == (Solver(game).outcome(heaps, Play.MISERE) is Outcome.N)


def test_misere_rejects_a_strategy_that_takes_the_last_counter() -> None:
    found = check_strategy(Nim(), (1, 0), lambda heaps: (0, 0), misere=True)
    assert not found.wins
    assert found.failing_line == ((1, 0), (0, 0))
    assert "misère" in found.reason


def test_position_limit() -> None:
    with pytest.raises(SearchLimitError, match="strategy check needs more than 3 positions"):
        check_second_player_strategy(Nim(), (6, 6), equalise, position_limit=3)


def test_the_checkers_are_public_api() -> None:
    import grundy

    for name in ["StrategyCheck", "check_strategy", "check_second_player_strategy"]:
        assert name in grundy.__all__
    assert grundy.check_strategy is check_strategy
    assert all(hasattr(grundy, name) for name in grundy.__all__)
