"""The short API is bounded like the command line: each question (a value, an outcome,
the moves, a table) gets ``grundy solve``'s limits afresh, so a huge position ends in a
SearchLimitError naming the limit rather than a search for hours.  The limits are made
small here so that the refusals come at once."""

from __future__ import annotations

import pytest

import grundy.cli.explore
from grundy import kayles, nim
from grundy.errors import SearchLimitError


@pytest.fixture
def small_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(grundy.cli.explore, "POSITION_LIMIT", 500)
    monkeypatch.setattr(grundy.cli.explore, "MOVE_LIMIT", 2_000)


@pytest.mark.usefixtures("small_limits")
def test_a_huge_question_is_refused_naming_the_limit() -> None:
    with pytest.raises(SearchLimitError, match="more than 2,000 moves"):
        _ = kayles(2_000_000).value  # past the fast engine's heaps: a search
    with pytest.raises(SearchLimitError, match="2,000"):
        _ = kayles(10**6).moves  # the moves are counted too


@pytest.mark.usefixtures("small_limits")
def test_the_counts_start_again_for_each_question() -> None:
    for _ in range(3):  # the same rules object: a refusal does not spoil the next question
        with pytest.raises(SearchLimitError):
            _ = kayles(2_000_000).value
        assert nim(3, 4, 5).value == 2
        assert len(nim(30).moves) == 30


def test_with_the_real_limits_the_usual_questions_are_answered() -> None:
    assert kayles(3000).value == kayles.sequence(3000)[3000]
    assert len(nim.table(20, 20)) == 441
