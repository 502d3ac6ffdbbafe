"""Fibonacci Nim: the moves by hand, and the solver's outcomes against Whinihan's theorem.

The oracle: the start of a game on n >= 2 coins is a P-position exactly when n is a
Fibonacci number, and otherwise a winning first move takes the smallest term of n's
Zeckendorf representation (n as a sum of non-consecutive Fibonacci numbers).  Source:
M. J. Whinihan, Fibonacci Nim, The Fibonacci Quarterly 1 (1963), no. 4, 9-13.  The solver
derives every value from the moves alone; the theorem is only compared with it.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from grundy.errors import InvalidPositionError
from grundy.games.catalogue import create_game
from grundy.games.fibonacci_nim import FibonacciNim
from grundy.solve import Outcome, Solver

GAME = FibonacciNim()


def fibonacci_numbers(upto: int) -> set[int]:
    numbers, a, b = set(), 1, 2
    while a <= upto:
        numbers.add(a)
        a, b = b, a + b
    return numbers


def smallest_zeckendorf_term(n: int) -> int:
    """Greedy: take the largest Fibonacci number that fits, repeatedly; the last taken."""
    fibs = sorted(fibonacci_numbers(n), reverse=True)
    last = n
    for f in fibs:
        if f <= n:
            n -= f
            last = f
    return last


def test_moves_by_hand() -> None:
    # the first move takes 1 to n - 1; afterwards up to twice the last take
    assert sorted(GAME.moves(GAME.from_value([5]))) == [(1, 8), (2, 6), (3, 4), (4, 2)]
    assert sorted(GAME.moves((10, 3))) == [(7, 6), (8, 4), (9, 2)]
    assert sorted(GAME.moves((2, 6))) == [(0, 4), (1, 2)]  # at most the heap
    assert list(GAME.moves((0, 4))) == []  # the last coin was taken: the mover has lost
    assert list(GAME.moves(GAME.from_value([1]))) == []  # one coin: no first move exists


def test_moves_are_described_in_words() -> None:
    labelled = dict(GAME.labelled_moves((10, 3)))
    assert labelled[(7, 6)] == "take 3 (10 -> 7)"
    for option, text in labelled.items():
        assert GAME.describe_move((10, 3), option) == text


def test_a_limit_above_the_heap_is_the_heap() -> None:
    assert GAME.canonical((3, 10)) == GAME.canonical((3, 3)) == (3, 3)
    assert GAME.canonical((3, 2)) == (3, 2)


@cache
def searched_outcome(position: tuple[int, int]) -> str:
    """P or N from the moves alone, with no canonical form and no memo of the solver's."""
    return "N" if any(searched_outcome(o) == "P" for o in GAME.moves(position)) else "P"


def test_the_solver_agrees_with_a_plain_search() -> None:
    solver = Solver(GAME)
    for heap in range(25):
        for most in range(30):
            assert solver.outcome((heap, most)).value == searched_outcome((heap, most))


def test_the_start_is_p_exactly_at_fibonacci_numbers() -> None:
    solver = Solver(GAME, plain=True)  # outcomes from the rules alone
    fibs = fibonacci_numbers(200)
    for n in range(2, 201):
        expected = Outcome.P if n in fibs else Outcome.N
        assert solver.outcome(GAME.from_value([n])) is expected, n
    assert solver.outcome(GAME.from_value([1])) is Outcome.P  # no first move at all


def test_taking_the_smallest_zeckendorf_term_wins() -> None:
    solver = Solver(GAME)
    fibs = fibonacci_numbers(120)
    for n in range(2, 121):
        if n in fibs:
            continue
        start = GAME.from_value([n])
        taken = {n - move.to[0] for move in solver.winning_moves(start)}
        assert smallest_zeckendorf_term(n) in taken, n


def test_positions_are_read_and_written() -> None:
    game = create_game("fibonacci-nim")
    assert game.from_value([10]) == (10, 9) == game.from_value(10)
    assert game.from_value([10, 3]) == (10, 3)
    assert game.from_value([0]) == (0, 0)
    assert game.to_json((10, 3)) == [10, 3]
    assert game.format((10, 3)) == "(10, take at most 3)"
    assert game.parse(["10"]) == (10, 9) and game.parse(["10", "3"]) == (10, 3)
    assert game.parse(game.format((10, 3)).strip("()").split()) == (10, 3)  # as play reads it


@pytest.mark.parametrize("value", [[], [1, 2, 3], [-1], [3, -2], [2.5], "7", [True]])
def test_bad_positions_are_refused(value: Any) -> None:
    with pytest.raises(InvalidPositionError):
        GAME.from_value(value)


def test_no_start_without_a_heap() -> None:
    with pytest.raises(InvalidPositionError, match="no position to start from"):
        GAME.start()
