"""Nim multiplication against Conway's mex definition, computed here independently."""

import random
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grundy.nimber import field_bits, mex, nim_inv, nim_mul, nim_pow, nim_sum


@cache
def conway_product(a: int, b: int) -> int:
    """a ⊗ b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b} (On Numbers and Games, ch. 6)."""
    return mex(
        conway_product(x, b) ^ conway_product(a, y) ^ conway_product(x, y)
        for x in range(a)
        for y in range(b)
    )


def test_agrees_with_the_mex_definition_below_48() -> None:
    for a in range(48):
        for b in range(48):
            assert nim_mul(a, b) == conway_product(a, b), (a, b)


def test_published_values() -> None:
    # Conway, On Numbers and Games (2nd ed.), ch. 6: the table of products below 16 has
    # 2⊗2 = 3, 4⊗4 = 6, 8⊗8 = 13, and 16⊗16 = 24 (the Fermat 2-power rule).
    assert [nim_mul(2, 2), nim_mul(4, 4), nim_mul(8, 8), nim_mul(16, 16)] == [3, 6, 13, 24]


wide = st.integers(min_value=0, max_value=2**64 - 1)
huge = st.integers(min_value=0, max_value=2**300)


@given(wide, wide, wide)
def test_field_laws_for_64_bit_values(a: int, b: int, c: int) -> None:
    assert nim_mul(a, b) == nim_mul(b, a)
    assert nim_mul(nim_mul(a, b), c) == nim_mul(a, nim_mul(b, c))
    assert nim_mul(a, b ^ c) == nim_mul(a, b) ^ nim_mul(a, c)
    assert nim_mul(a, 1) == a
    assert nim_mul(a, b) < 2**64  # the nimbers below 2^64 are a field


@given(huge)
def test_inverse_of_large_values(a: int) -> None:
    if a == 0:
        with pytest.raises(ZeroDivisionError):
            nim_inv(a)
        return
    assert nim_mul(a, nim_inv(a)) == 1
    assert nim_inv(a) < 2 ** field_bits(a)


@pytest.mark.parametrize("n", range(9))
def test_fermat_two_powers_square_to_three_halves(n: int) -> None:
    fermat = 2**2**n
    assert nim_mul(fermat, fermat) == 3 * fermat // 2
    assert nim_mul(fermat - 1, fermat) == (fermat - 1) * fermat  # x ⊗ D = x·D below D


def test_powers() -> None:
    assert nim_pow(2, 3) == 1  # *2 generates the multiplicative group of order 3
    assert nim_pow(7, 0) == 1
    for a in (3, 200, 2**40 + 5):
        assert nim_pow(a, -2) == nim_mul(nim_inv(a), nim_inv(a))
        assert nim_pow(a, 5) == nim_mul(a, nim_mul(a, nim_mul(a, nim_mul(a, a))))
    # Fermat's little theorem in the field of 2^16 elements: x^(2^16) = x
    rng = random.Random(4)
    for _ in range(20):
        x = rng.randrange(2**16)
        assert nim_pow(x, 2**16) == x


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="-3"):
        nim_mul(-3, 2)
    with pytest.raises(TypeError):
        nim_mul(2.5, 1)  # type: ignore[arg-type]
    with pytest.raises(ZeroDivisionError):
        nim_pow(0, -1)


def test_sum_and_product_together() -> None:
    # (x ⊕ 1)² = x² ⊕ 1 in characteristic 2
    for x in range(300):
        assert nim_mul(x ^ 1, x ^ 1) == nim_sum(nim_mul(x, x), 1)
