"""Lucky Nim's Z3 encodings: the simultaneous statements are proved for every heap, their
mutants refuted at the least heap, and each "sequential" mutant is one the earlier
reading (the opponent answers after seeing x) would have passed."""

import itertools

import pytest

from grundy.games.lucky_nim import LuckyNim, block_parity
from grundy.solve.lucky_nim import LuckySolver
from grundy.theory import lucky_nim as enc
from grundy.verdict import Status

TIMEOUT = 60_000


def test_omega_follows_the_notes_block_definition():
    # Notes 001: m = 2, n = 4, M = 6: Ω(1..6) = 1, Ω(7..12) = 0, Ω(13..18) = 1.
    assert [enc.lucky_omega(k, 6) for k in range(19)] == [0] + [1] * 6 + [0] * 6 + [1] * 6
    for low, high in [(1, 1), (1, 2), (2, 4), (3, 3), (2, 7)]:
        for heap in range(80):
            assert enc.lucky_omega(heap, low + high) == block_parity(heap, low, high)


@pytest.mark.parametrize(("low", "high"), [(1, 2), (2, 4), (3, 3)])
def test_both_conditions_hold_for_every_heap(low, high):
    assert enc.lucky_mover_wins(low, high).prove(timeout_ms=TIMEOUT).status is Status.PROVED
    assert enc.lucky_opponent_flips(low, high).prove(timeout_ms=TIMEOUT).status is Status.PROVED


@pytest.mark.parametrize(
    ("encoding", "least_heap"),
    [
        (enc.lucky_mover_wins(2, 4, block=5), 11),
        (enc.lucky_mover_wins(0, 4), 9),
        (enc.lucky_writes_n(2, 4), 13),
        (enc.lucky_opponent_flips(1, 4, (1, 4)), 8),
    ],
    ids=["short-blocks", "m-zero", "always-n", "ends-only"],
)
def test_mutants_fail_at_the_least_heap(encoding, least_heap):
    verdict = encoding.prove(timeout_ms=TIMEOUT)
    assert verdict.status is Status.REFUTED
    assert verdict.counterexample == {"k": least_heap}
    assert all(encoding.holds({"k": k}) for k in range(least_heap))


def test_symbolic_statements_are_proved_unbounded():
    encodings = [
        enc.lucky_mover_wins_symbolic(),
        enc.lucky_opponent_flips_symbolic(),
        enc.winning_numbers(),
        enc.boundary_numbers(),
        *enc.block_parity_step(),
    ]
    for encoding in encodings:
        verdict = encoding.prove(timeout_ms=TIMEOUT)
        assert verdict.status is Status.PROVED, encoding.name
        assert verdict.unbounded


@pytest.mark.parametrize(
    ("simultaneous", "sequential"),
    [
        (
            enc.lucky_opponent_flips(1, 4, (1, 4)),
            enc.lucky_opponent_flips(1, 4, (1, 4), sees_x=True),
        ),
        (
            enc.lucky_opponent_flips_symbolic(guesses_x=True),
            enc.lucky_opponent_flips_symbolic(guesses_x=True, sees_x=True),
        ),
    ],
    ids=["ends-only", "reply-to-a-guess"],
)
def test_sequential_reading_would_pass_what_the_simultaneous_one_refutes(simultaneous, sequential):
    assert simultaneous.prove(timeout_ms=TIMEOUT).status is Status.REFUTED
    assert sequential.prove(timeout_ms=TIMEOUT).status is Status.PROVED


def _beats(k: int, m: int, n: int, z: int, w: int) -> bool:
    block = m + n
    return enc.lucky_omega(max(k - z - w, 0), block) != enc.lucky_omega(k, block)


def test_mutant_numbers_are_exactly_those_that_beat_some_number_of_the_other():
    # The winning-numbers mutant F'(k) is what a player who saw the other's number could
    # use: the z that beat *some* w.  The sequential reading would accept it.
    for m, n in [(1, 1), (1, 2), (2, 4), (1, 5), (3, 4)]:
        for k in range(1, 4 * (m + n)):
            block, r = (k - 1) // (m + n), (k - 1) % (m + n) + 1
            some = [
                z for z in range(m, n + 1) if any(_beats(k, m, n, z, w) for w in range(m, n + 1))
            ]
            every = [
                z for z in range(m, n + 1) if all(_beats(k, m, n, z, w) for w in range(m, n + 1))
            ]
            wide = [
                z
                for z in range(m, n + 1)
                if (z + n >= k if block == 0 else r - n <= z <= r + n - 1)
            ]
            narrow = [
                z
                for z in range(m, n + 1)
                if (z + m >= k if block == 0 else r - m <= z <= r + m - 1)
            ]
            assert (some, every) == (wide, narrow), (m, n, k)
    assert enc.winning_numbers("n").prove(timeout_ms=TIMEOUT).status is Status.REFUTED


def test_boundary_mutant_answers_each_beat_the_largest_number():
    # "Every answer wins at m + n": each y does empty the heap when x = n (sequential reading).
    for m, n in itertools.combinations_with_replacement(range(1, 7), 2):
        assert all(max(m + n - n - y, 0) == 0 for y in range(m, n + 1))
    assert enc.boundary_numbers("every").prove(timeout_ms=TIMEOUT).status is Status.REFUTED


@pytest.mark.parametrize(("m", "n"), [(1, 1), (1, 3), (2, 4), (3, 5)])
def test_symbolic_numbers_agree_with_the_exact_analysis(m, n):
    # Cross-check: single heaps (P when Ω = 0) against the solver of the rules.
    lucky = LuckySolver(LuckyNim(m, n))
    for k in range(1, 4 * (m + n)):
        flips = [z for z in range(m, n + 1) if all(_beats(k, m, n, z, w) for w in range(m, n + 1))]
        if block_parity(k, m, n):
            assert list(lucky.winning_numbers(k)) == flips and lucky.winning_answers(k) == ()
        else:
            assert list(lucky.winning_answers(k)) == flips and lucky.winning_numbers(k) == ()
