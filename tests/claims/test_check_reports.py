"""What checking a claim reports along the way and when stopped: progress every 50,000
cases, the method and message of a budget stop, the random scope, and ``moves`` of a game
whose positions are of more than one kind."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from grundy.claims import check_claim
from grundy.games import Game
from grundy.library import CheckSettings
from grundy.verdict import Status
from tests.claims.helpers import good_claim

SETTINGS = CheckSettings(seed=0, random_examples=50)
STOPPED = CheckSettings(seed=0, random_examples=50, claim_seconds=0)  # the budget is spent at once


def _small(**fields):
    fields.setdefault("vars", '["a", "b"]')
    fields.setdefault("range", "{ a = [0, 9], b = [0, 9] }")
    fields.setdefault("statement", "a + b >= 0")
    return good_claim(**fields)


def test_progress_is_reported_after_every_50000_cases_and_not_before():
    claim = _small(range="{ a = [0, 249], b = [0, 199] }", method="exhaustive")  # 50,000 cases
    calls = []
    verdict = check_claim(claim, SETTINGS, progress=calls.append)
    assert verdict.status is Status.PROVED and verdict.cases == 50_000
    assert calls == [50_000]


def test_a_budget_stop_of_the_exhaustive_search_names_the_method_that_ran():
    # method auto on a small domain runs the exhaustive engine; the verdict says so
    verdict = check_claim(_small(), STOPPED)
    assert verdict.status is Status.UNKNOWN
    assert verdict.method == "exhaustive"
    assert verdict.scope == "bounded: 0 <= a, b <= 9"
    assert verdict.message.endswith("no counterexample among the first 0 cases")


def test_a_budget_stop_of_the_random_search_says_it_found_nothing_before():
    verdict = check_claim(_small(method="random"), STOPPED)
    assert verdict.status is Status.UNKNOWN and verdict.counterexample is None
    assert "time budget of 0 s" in verdict.message
    assert verdict.message.endswith("; random search found no counterexample before")


def test_the_random_scope_says_what_was_sampled_without_claiming_bounded():
    verdict = check_claim(_small(method="random"), SETTINGS)
    assert verdict.status is Status.UNREFUTED
    assert verdict.scope == "random: 0 <= a, b <= 9"


class TakeOrSplit(Game):
    """Take one token from a heap, or split a heap into two non-empty heaps.  A single heap
    is written as a number, several heaps as a sorted tuple: positions of two kinds."""

    name = "claimz3-take-or-split"

    @staticmethod
    def _position(heaps: Any) -> Any:
        kept = tuple(sorted(heap for heap in heaps if heap))
        return kept[0] if len(kept) == 1 else kept

    def moves(self, position: Any) -> Iterator[Any]:
        heaps = (position,) if isinstance(position, int) else position
        for index, heap in enumerate(heaps):
            rest = heaps[:index] + heaps[index + 1 :]
            yield self._position((*rest, heap - 1))
            for part in range(1, heap // 2 + 1):
                yield self._position((*rest, part, heap - part))

    def from_value(self, value: Any) -> Any:
        return self._position(value if isinstance(value, (list, tuple)) else [value])


def test_moves_of_a_game_with_positions_of_two_kinds():
    # From a heap n: n - 1 (a number) and the splits (k, n - k) (tuples), all distinct.
    claim = good_claim(
        vars='["n"]',
        range="{ n = [2, 6] }",
        position="[n]",
        statement="len(moves) == n // 2 + 1",
        method="exhaustive",
    )
    claim = replace(claim, game=TakeOrSplit())
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.PROVED, verdict.message
    assert verdict.cases == 5
