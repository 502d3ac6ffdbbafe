"""The Z3 translation of claims agrees with Python's semantics: negative values, truth values
used as numbers, mixed conditional expressions, tie-broken counterexamples, and its reasons."""

from __future__ import annotations

from grundy.claims import check_claim, z3_translate
from grundy.claims.z3_translate import LEMMAS, LemmaScope
from grundy.library import CheckSettings
from grundy.solve import Play
from grundy.verdict import Status
from tests.claims.helpers import good_claim

SETTINGS = CheckSettings(seed=0, random_examples=200, z3_timeout_ms=20_000)
BIG = 10**9  # far beyond an exhaustive check: only the Z3 translation decides these


def _claim(statement: str, names: str = "abc", low: int = 0, high: int = BIG, **fields):
    variables = "[" + ", ".join(f'"{n}"' for n in names) + "]"
    box = "{ " + ", ".join(f"{n} = [{low}, {high}]" for n in names) + " }"
    fields.setdefault("method", "z3")
    return good_claim(vars=variables, range=box, statement=statement, **fields)


def test_a_negative_counterexample_is_decoded_as_the_negative_number_it_is():
    # Z3's bit-vectors are unsigned patterns: -10^6 must come back as -10^6, not 2^w - 10^6
    # (which the re-check would accept, turning a refutation into "unknown").
    verdict = check_claim(_claim("abs(a) == a", "a", low=-(10**6), high=10**6), SETTINGS)
    assert verdict.status is Status.REFUTED, verdict.message
    assert dict(verdict.counterexample) == {"a": -(10**6)}  # the least case: the lowest a
    small = check_claim(_claim("abs(a) == a", "a", -5, 5, method="exhaustive"), SETTINGS)
    assert dict(small.counterexample) == {"a": -5}  # the same rule on a small box


def test_a_z3_refutation_keeps_the_claims_scope():
    claim = _claim("(outcome == 'P') == (a + b == c)")
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.REFUTED
    assert verdict.scope == claim.scope == "bounded: 0 <= a, b, c <= 1000000000"


def test_ties_in_the_sum_are_broken_in_the_order_of_the_variables():
    # Every case with a + b == 5 and a >= 2 fails; the least in the stated order (sum, then
    # a, then b) is (2, 3), as the exhaustive engine finds on a small box.
    statement = "not (a + b >= 5 and a >= 2)"
    small = check_claim(_claim(statement, "ab", high=9, method="exhaustive"), SETTINGS)
    symbolic = check_claim(_claim(statement, "ab"), SETTINGS)
    assert symbolic.status is Status.REFUTED
    assert dict(symbolic.counterexample) == dict(small.counterexample) == {"a": 2, "b": 3}
    three = "not (a + b + c >= 6 and c >= 1 and b >= 1)"
    symbolic = check_claim(_claim(three), SETTINGS)
    assert dict(symbolic.counterexample) == {"a": 0, "b": 1, "c": 5}


def test_a_truth_value_in_arithmetic_counts_as_one():
    # In Python True + True == 2; the translation must read a comparison as 0 or 1.
    verdict = check_claim(_claim("(a >= 0) + (b >= 0) + (c < 0) == 2"), SETTINGS)
    assert verdict.status is Status.PROVED, verdict.message
    wrong = check_claim(_claim("(a >= 0) + (b >= 0) == 1"), SETTINGS)
    assert wrong.status is Status.REFUTED
    assert dict(wrong.counterexample) == {"a": 0, "b": 0, "c": 0}


def test_a_conditional_with_a_number_on_one_side_and_a_truth_value_on_the_other():
    # Python gives a or True: a number either way, so the comparison holds everywhere.
    for statement in ("(a if c == 0 else True) >= 0", "(True if c == 0 else a) >= 0"):
        verdict = check_claim(_claim(statement), SETTINGS)
        assert verdict.status is Status.PROVED, (statement, verdict.message)
    wrong = check_claim(_claim("(a if c == 0 else True) >= 1"), SETTINGS)
    assert wrong.status is Status.REFUTED
    assert dict(wrong.counterexample) == {"a": 0, "b": 0, "c": 0}


def test_a_conditional_between_truth_values_stays_a_truth_value():
    # Both branches are comparisons, so 'and' applies to a truth value and is translated.
    statement = "(a ^ b == b ^ a if c == 0 else a + c > a) and b >= 0"
    verdict = check_claim(_claim(statement), SETTINGS)
    assert verdict.status is Status.PROVED, verdict.message


def test_and_or_of_numbers_is_not_translated_and_the_message_quotes_it():
    verdict = check_claim(_claim("(a and 5) <= 1"), SETTINGS)
    assert verdict.status is Status.UNKNOWN
    assert "'and'/'or' of numbers in 'a and 5'" in verdict.message


def test_a_position_that_is_not_a_list_is_not_translated_and_says_why():
    verdict = check_claim(_claim("g(a) == a"), SETTINGS)
    assert verdict.status is Status.UNKNOWN
    assert "not a list of heap expressions" in verdict.message


def test_the_misere_lemma_is_checked_against_its_heap_bound(monkeypatch):
    # The misère rule read for 5 heaps, with the lemma proved for at most 3: no proof.
    narrow = LemmaScope(z3_translate.LEMMA_MISERE, Play.MISERE, max_heaps=3)
    monkeypatch.setitem(LEMMAS, z3_translate.LEMMA_MISERE, narrow)
    rule = "(outcome == 'P') == ({x} == 1 if max({h}) <= 1 else {x} == 0)"
    five = _claim(rule.format(x="a ^ b ^ c ^ d ^ e", h="a, b, c, d, e"), "abcde", play="misere")
    verdict = check_claim(five, SETTINGS)
    assert verdict.status is Status.UNKNOWN
    assert "misere-nim-any-number-of-heaps is proved for bounded: up to 3 heaps" in (
        verdict.message
    )
    assert "needs 5 heaps" in verdict.message
    three = _claim(rule.format(x="a ^ b ^ c", h="a, b, c"), play="misere")
    inside = check_claim(three, SETTINGS)
    assert inside.status is Status.PROVED, inside.message
    assert inside.assumes[0].scope == "bounded: up to 3 heaps, any sizes"
