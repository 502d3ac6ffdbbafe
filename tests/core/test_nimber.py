import pytest
from hypothesis import given
from hypothesis import strategies as st

from grundy.nimber import mex, nim_sum
from tests.known_values import NIM_SUMS

naturals = st.integers(min_value=0, max_value=2**64)


@pytest.mark.parametrize(("summands", "total"), NIM_SUMS)
def test_worked_examples_from_the_notes(summands: tuple[int, ...], total: int) -> None:
    assert nim_sum(*summands) == total


@given(naturals, naturals, naturals)
def test_nim_sum_is_an_abelian_group_of_exponent_two(a: int, b: int, c: int) -> None:
    assert nim_sum(a, b) == nim_sum(b, a)
    assert nim_sum(nim_sum(a, b), c) == nim_sum(a, nim_sum(b, c))
    assert nim_sum(a, 0) == a
    assert nim_sum(a, a) == 0


def test_nim_sum_rejects_negative_numbers() -> None:
    with pytest.raises(ValueError, match="-1"):
        nim_sum(3, -1)


@given(st.sets(st.integers(min_value=0, max_value=40)))
def test_mex_is_the_least_missing_value(values: set[int]) -> None:
    result = mex(values)
    assert result not in values
    assert all(smaller in values for smaller in range(result))


def test_mex_of_nothing_is_zero() -> None:
    assert mex([]) == 0
    assert mex(iter([1, 2])) == 0
