"""Chomp's strategy-stealing fact and the square mirror strategy, for every board size."""

from grundy.theory.chomp import (
    _stealing_failure,
    prove_square_mirror,
    prove_strategy_stealing,
)
from grundy.verdict import Status


def test_strategy_stealing_is_proved_for_every_rectangle():
    verdict = prove_strategy_stealing(timeout_ms=30_000)
    assert verdict.status is Status.PROVED and verdict.unbounded


def test_the_poisoned_square_alone_refutes_every_rectangle_is_n():
    verdict = prove_strategy_stealing(least_area=1, timeout_ms=30_000)
    assert verdict.status is Status.REFUTED
    assert (verdict.counterexample["a"], verdict.counterexample["b"]) == (1, 1)


def test_stealing_with_the_wrong_bite_is_refuted_on_a_real_board():
    verdict = prove_strategy_stealing("next-to-poison", timeout_ms=30_000)
    assert verdict.status is Status.REFUTED
    assert "not legal" in verdict.counterexample["why"]
    # on 2 x 2 the bite exists, and the argument still fails there, by the game's rules
    assert "no single bite" in _stealing_failure(2, 2, "next-to-poison", 2)
    assert _stealing_failure(7, 5, "corner", 2) is None


def test_the_square_mirror_is_proved_for_every_n_and_wrong_openings_fail():
    assert prove_square_mirror((2, 2), timeout_ms=30_000).status is Status.PROVED
    for opening in [(1, 2), (2, 1), (3, 3)]:
        verdict = prove_square_mirror(opening, timeout_ms=30_000)
        assert verdict.status is Status.REFUTED, opening
        assert verdict.counterexample["n"] == 2
