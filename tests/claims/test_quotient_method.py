"""Misère claims about sums of heaps, proved for every heap size through a misère quotient
(grundy.claims.quotient_method), cross-checked against the plain misère search."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

import grundy.claims.quotient_method as quotient_method
from grundy.certify.certified_values import NotApplicable
from grundy.claims import Claim, check_claim
from grundy.claims.plan import plan_methods
from grundy.claims.quotient_method import check_by_quotient
from grundy.games.octal import OctalGame
from grundy.library import CheckSettings
from grundy.solve import Outcome, Play, Solver
from grundy.verdict import UNBOUNDED, Status, Word
from tests.claims.helpers import good_claim

SETTINGS = CheckSettings(seed=0, quick=True)
BIG = 10**6


def kayles_claim(statement: str, *, variables: str = '["a", "b"]', **fields: Any) -> Claim:
    fields.setdefault("range", f"{{ a = [0, {BIG}], b = [0, {BIG}] }}")
    fields.setdefault("method", "certificate")
    return good_claim(game="kayles", play="misere", vars=variables, statement=statement, **fields)


def plain_outcome(game: Any, heaps: list[int]) -> str:
    solver = Solver(game, plain=True)
    return "P" if solver.outcome(tuple(heaps), Play.MISERE) is Outcome.P else "N"


def test_two_heaps_of_one_cancel_beside_any_two_heaps_for_every_size() -> None:
    # Derived from the computed quotient (heap 1 is an element of order 2), then proved
    # for every a, b by the method; cross-checked by the plain search on small heaps.
    claim = kayles_claim("outcome_of([a, b, 1, 1]) == outcome")
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.PROVED and verdict.scope == UNBOUNDED, verdict
    assert verdict.method == "quotient"
    assert "every a >= 0, b >= 0" in verdict.message
    (quotient,) = [a for a in verdict.assumes if a.id.startswith("misere-quotient")]
    assert "0.77" in quotient.id and "|Q| = 40" in quotient.id
    assert quotient.scope.startswith("unbounded: every sum of heaps of any sizes")
    assert quotient.word is Word.PROVED  # a quotient proved for every heap is a proof
    game = OctalGame("0.77")
    for a in range(7):
        for b in range(7 - a):
            assert plain_outcome(game, [a, b, 1, 1]) == plain_outcome(game, [a, b])


def test_a_two_heap_claim_past_the_preperiod_is_proved_for_every_a_and_b() -> None:
    claim = kayles_claim("a < 71 or outcome == outcome_of([a + 12, b])")
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.PROVED and verdict.scope == UNBOUNDED, verdict
    assert verdict.details["box"]["b"] == [0, 82]


def test_a_false_claim_is_refuted_at_its_least_counterexample_checked_by_plain_search() -> None:
    # "Two heaps of 5 cancel" (true in normal play, and in misère play for every sum
    # below 9 tokens beside them): refuted; the plain search finds the same least case.
    claim = kayles_claim("outcome_of([a, b, 5, 5]) == outcome")
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.REFUTED and verdict.method == "quotient", verdict
    assert "least case" in verdict.message
    solver = Solver(OctalGame("0.77"), plain=True)

    def outcome(heaps: tuple[int, ...]) -> Outcome:
        return solver.outcome(heaps, Play.MISERE)

    least = next(
        (a, total - a)
        for total in range(12)
        for a in range(total + 1)
        if outcome((a, total - a, 5, 5)) != outcome((a, total - a))
    )
    assert least == (0, 9)
    assert verdict.counterexample is not None
    assert (verdict.counterexample["a"], verdict.counterexample["b"]) == least


def test_auto_reaches_the_quotient_for_a_domain_too_large_to_enumerate() -> None:
    claim = kayles_claim("outcome_of([a, b, 1, 1]) == outcome", method="auto")
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.PROVED and verdict.method == "quotient", verdict


def test_a_bounded_variable_is_not_claimed_beyond_its_range() -> None:
    claim = kayles_claim(
        "outcome_of([a, b, 1, 1]) == outcome", range=f"{{ a = [0, {BIG}], b = [0, 5] }}"
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.PROVED and verdict.scope != UNBOUNDED, verdict
    assert verdict.scope.startswith("bounded") and "b <= 5" in verdict.scope
    assert verdict.details["box"]["b"] == [0, 5]


class RewiredKayles(OctalGame):
    """Kayles' code, but a user's own moves (here the same ones): not the catalogue's rules."""

    name = "rewired-kayles"
    params = ()

    def __init__(self) -> None:
        super().__init__("0.77")

    def options(self) -> dict[str, Any]:
        return {}

    def heap_options(self, heap: int) -> Any:
        yield from super().heap_options(heap)


def test_a_user_subclass_that_overrides_moves_is_not_proved() -> None:
    claim = replace(kayles_claim("outcome_of([a, b, 1, 1]) == outcome"), game=RewiredKayles())
    found = check_by_quotient(claim, quick=True)
    assert isinstance(found, NotApplicable)
    assert "does not play by exactly the rules" in found.reason
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.UNKNOWN, verdict


def test_a_quotient_not_proved_for_every_heap_gives_no_unbounded_proof() -> None:
    claim = replace(kayles_claim("outcome_of([a, b, 1, 1]) == outcome"), game=OctalGame("0.07"))
    found = check_by_quotient(claim, quick=True, max_upto=20)
    assert isinstance(found, NotApplicable)
    assert "not proved for every heap size" in found.reason


def test_statements_that_do_not_repeat_uniformly_are_declined() -> None:
    verdict = check_claim(kayles_claim("(outcome == 'P') == (a == b)"), SETTINGS)
    assert verdict.status is Status.UNKNOWN and "not followed" in verdict.message, verdict
    verdict = check_claim(kayles_claim("outcome == 'N' or grundy == 0"), SETTINGS)
    assert verdict.status is Status.UNKNOWN and "grundy" in verdict.message, verdict


def test_a_box_larger_than_the_case_budget_is_refused() -> None:
    claim = kayles_claim(
        "outcome_of([a, b, c, 1, 1]) == outcome",
        variables='["a", "b", "c"]',
        range=f"{{ a = [0, {BIG}], b = [0, {BIG}], c = [0, {BIG}] }}",
    )
    found = check_by_quotient(claim, quick=True)
    assert isinstance(found, NotApplicable) and "more than 100,000" in found.reason


def test_mutant_quotient_a_wrong_outcome_is_caught_by_the_plain_recheck(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # With outcomes read wrongly (flipped for sums of 5 tokens), a true claim fails in
    # the box, and the plain misère re-check refuses to report it as a counterexample.
    original = quotient_method._quotient_is_p

    def mutated(quotient: Any) -> Any:
        is_p = original(quotient)
        return lambda heaps: is_p(heaps) != (sum(heaps) == 5)

    monkeypatch.setattr(quotient_method, "_quotient_is_p", mutated)
    verdict = check_claim(kayles_claim("outcome_of([a, b, 1, 1]) == outcome"), SETTINGS)
    assert verdict.status is Status.UNKNOWN, verdict
    assert verdict.status is Status.UNKNOWN and "re-check" in verdict.message, verdict


def test_mutant_period_a_box_of_one_period_too_short_misses_the_counterexample(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The box matters: cut to a single case, the false claim below would be "proved".
    claim = kayles_claim("outcome_of([a, b, 5, 5]) == outcome")
    monkeypatch.setattr(
        quotient_method,
        "_truth_periodicity",
        lambda claim, values, variable: quotient_method.Periodicity(None, 1),
    )
    mutated = check_claim(claim, SETTINGS)
    assert mutated.status is Status.PROVED, mutated
    monkeypatch.undo()
    assert check_claim(claim, SETTINGS).status is Status.REFUTED


def test_a_subtraction_game_is_proved_for_every_heap_size() -> None:
    # S = {1, 2}: the heap map repeats with period 3 from heap 0, heap 3 acts like nothing
    claim = good_claim(
        game="subtraction",
        params="{ set = [1, 2] }",
        play="misere",
        vars='["a", "b"]',
        range=f"{{ a = [0, {BIG}], b = [0, {BIG}] }}",
        statement="outcome_of([a, b, 3]) == outcome",
        method="certificate",
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.PROVED and verdict.scope == UNBOUNDED, verdict
    assert verdict.details["box"] == {"a": [0, 2], "b": [0, 2]}


def test_auto_says_why_the_quotient_method_declined() -> None:
    claim = kayles_claim("(outcome == 'P') == (a == b)", method="auto")
    assert plan_methods(claim, quick=True, random_examples=50).say_why_not_certificate
