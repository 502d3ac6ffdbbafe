"""What the certificate method reports: messages and scopes of its verdicts, the scan of
the first values, the search for a certified period and the random search with certified
values (grundy.claims.periodic)."""

from __future__ import annotations

import re

import pytest

import grundy.certify.certified_values as certified_module
import grundy.claims.periodic as periodic
from grundy.certify.certified_values import CertifiedValues, NotApplicable, certified_values
from grundy.claims import Claim, check_claim
from grundy.claims.periodic import check_by_certificate
from grundy.claims.plan import random_draws
from grundy.claims.random_method import random_with_certified_values
from grundy.errors import ClaimError
from grundy.games import create_game
from grundy.library import CheckSettings
from grundy.solve import grundy_sequence, plain_grundy_sequence
from grundy.verdict import UNBOUNDED, Status
from tests.claims.helpers import good_claim

SETTINGS = CheckSettings(seed=1, quick=True, random_examples=200)
DRAWS = {"seed": 1, "examples": random_draws(200, quick=True)}
HUGE = 10**18


def heap_claim(game: str = "kayles", low: int = 0, high: int = HUGE, **fields: object) -> Claim:
    fields.setdefault("vars", '["n"]')
    fields.setdefault("range", f"{{ n = [{low}, {high}] }}")
    return good_claim(game=game, **fields)


def kayles_table() -> CertifiedValues:
    table = certified_values(create_game("kayles"), quick=SETTINGS.quick)
    assert isinstance(table, CertifiedValues)
    return table


# -- verdicts of the certificate method ----------------------------------------------------


def test_a_refutation_says_it_is_the_least_n_and_how_it_was_checked() -> None:
    verdict = check_claim(heap_claim(low=71, statement="g([n + 11]) == grundy"), SETTINGS)
    assert verdict.status is Status.REFUTED and verdict.method == "certificate"
    assert verdict.counterexample is not None and verdict.counterexample["n"] == 71
    assert "fails at n = 71, the least n of the range" in verdict.message
    assert "re-checked by a fresh exact solver" in verdict.message


def test_a_range_shorter_than_one_period_is_proved_only_for_the_range() -> None:
    # n = 71..75 is less than one period (12) of the statement: no argument for larger n,
    # so the scope stays the stated range and the message says what was checked.
    claim = heap_claim(low=71, high=75, statement="g([n + 12]) == grundy", method="certificate")
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.PROVED and verdict.method == "certificate"
    assert verdict.scope == claim.scope != UNBOUNDED
    assert verdict.cases == 5
    assert verdict.message == "holds in all 5 cases of the range, checked with certified values"


def test_a_period_longer_than_the_window_limit_is_declined_naming_the_limit() -> None:
    # Quick checks cover at most WINDOW_LIMIT // 10 values of n: the reason gives both
    # numbers as whole numbers.
    claim = heap_claim(statement="n % 20011 != 20012 and grundy >= 0")
    verdict = check_by_certificate(claim, quick=SETTINGS.quick)
    assert isinstance(verdict, NotApplicable)
    limit = periodic.WINDOW_LIMIT // 10
    found = re.search(r"\(([\d,]+) cases\), more than ([\d.,]+)(;|$)", verdict.reason)
    assert found is not None, verdict.reason
    assert int(found.group(1).replace(",", "")) > limit
    assert found.group(2) == f"{limit:,}"


# -- the scan of the first values ----------------------------------------------------------

# One period of this statement (lcm(12, 10, 20011) values of n) is longer than a quick
# check's window, so only the scan runs; it first fails at n = 15.
NOT_PERIODIC = "grundy <= n // 10 + 5 or n % 20011 == 20012"


def test_the_scan_stays_inside_the_range() -> None:
    values = plain_grundy_sequence(create_game("kayles"), 40)
    least = next(n for n in range(40) if values[n] > n // 10 + 5)
    inside = check_by_certificate(
        heap_claim(high=least - 1, statement=NOT_PERIODIC), quick=SETTINGS.quick
    )
    assert isinstance(inside, NotApplicable), inside
    assert f"no counterexample for n = 0..{least - 1} " in inside.reason
    claim = heap_claim(high=least, statement=NOT_PERIODIC)
    found = check_by_certificate(claim, quick=SETTINGS.quick)
    assert not isinstance(found, NotApplicable)
    assert found.status is Status.REFUTED and found.method == "sequence-scan"
    assert found.counterexample is not None and found.counterexample["n"] == least
    assert found.scope == claim.scope and found.cases == least + 1


def test_reasons_for_declining_are_joined_in_order() -> None:
    # Nim has no certified period; the scan finds nothing: both reasons, in order.
    verdict = check_by_certificate(heap_claim("nim", statement="grundy == n"), quick=SETTINGS.quick)
    assert isinstance(verdict, NotApplicable)
    first, second = verdict.reason.split("; no counterexample for n = 0..")
    assert first.startswith("no certified period")
    assert second.startswith("200 ")


def test_a_scan_failure_that_the_exact_recheck_does_not_confirm_is_unknown(monkeypatch) -> None:
    # Values that disagree with the exact solver (here made up: G(7) of Nim is 7, not 8)
    # must never give a refutation: the fresh exact solver re-checks and wins.
    honest = periodic.plain_grundy_sequence

    def wrong_values(game, heaps):
        values = list(honest(game, heaps))
        values[7] = 8
        return values

    monkeypatch.setattr(periodic, "plain_grundy_sequence", wrong_values)
    claim = heap_claim("nim", high=1000, statement="grundy == n")
    verdict = check_by_certificate(claim, quick=SETTINGS.quick)
    assert not isinstance(verdict, NotApplicable)
    assert verdict.status is Status.UNKNOWN and verdict.method == "sequence-scan"
    assert verdict.scope == claim.scope
    assert verdict.cases == 8  # n = 0..6 held, n = 7 was the suspicious case
    assert verdict.counterexample is None
    assert "{'n': 7}" in verdict.message and "passed the exact re-check" in verdict.message


# -- finding a certified period ------------------------------------------------------------


def test_a_period_needing_more_than_the_first_values_is_still_certified() -> None:
    # Octal 0.45 has period 20 from 498: the Guy-Smith theorem needs G(0..1037), more
    # than the first attempt computes, and less than the full (non-quick) cap.
    table = certified_values(create_game("0.45"), quick=False)
    assert isinstance(table, CertifiedValues), table
    assert (table.preperiod, table.period) == (498, 20)
    # The period goes on past the values it was certified from (fast engine as the oracle).
    values = grundy_sequence(create_game("0.45"), 3000)
    assert [table.value(m) for m in range(3001)] == list(values)


def test_the_search_computes_the_values_the_theorem_asks_for(monkeypatch) -> None:
    # Octal 0.14 seems periodic within G(0..500) with a period whose theorem needs
    # G(0..931): that is the next attempt, then the quick cap of 1,000 values.
    asked: list[int] = []
    honest = certified_module.grundy_sequence

    def counting(game, upto):
        asked.append(upto)
        return honest(game, upto)

    monkeypatch.setattr(certified_module, "grundy_sequence", counting)
    table = certified_values(create_game("0.14"), quick=SETTINGS.quick)
    assert isinstance(table, NotApplicable)
    assert "no certified period within G(0..1000)" in table.reason
    assert asked == [500, 931, 1000]


# -- random search with certified values ---------------------------------------------------


def test_random_search_samples_the_range_only_and_records_the_certificate() -> None:
    # The statement is false for every n > 1000: only cases outside the range fail.
    claim = heap_claim(high=1000, statement="grundy >= 0 and n <= 1000")
    table = kayles_table()
    verdict = random_with_certified_values(claim, table, **DRAWS)
    assert verdict is not None
    assert verdict.status is Status.UNREFUTED, verdict.counterexample
    assert verdict.details["largest_size"] <= 1000
    assert verdict.scope == "random: 0 <= n <= 1000"
    assert verdict.details["values"] == "certified period"
    assert verdict.details["certificate"] == table.details()


def test_random_search_gives_up_on_a_case_it_does_not_read() -> None:
    # From n = 1000 on the position has two heaps: outside the method, so no verdict.
    claim = heap_claim(position="[n] if n < 1000 else [n, n]", statement="grundy >= 0")
    assert random_with_certified_values(claim, kayles_table(), **DRAWS) is None


def test_random_search_reports_a_case_that_cannot_be_evaluated() -> None:
    claim = heap_claim(position="[n] if n < 1000 else [-1]", statement="grundy >= 0")
    with pytest.raises(ClaimError, match="not a position"):
        random_with_certified_values(claim, kayles_table(), **DRAWS)
