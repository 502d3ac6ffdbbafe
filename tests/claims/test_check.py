"""Checking claims: domain order, minimal counterexamples, each method, and the library."""

from __future__ import annotations

from pathlib import Path

import pytest

from grundy.claims import check_claim
from grundy.claims.check import EXHAUSTIVE_LIMIT
from grundy.library import (
    CheckSettings,
    Expectation,
    load_library,
    run_theorems,
    theorems_from_file,
)
from grundy.verdict import Status
from tests.claims.helpers import good_claim, one_claim

SETTINGS = CheckSettings(seed=3, random_examples=300, z3_timeout_ms=20_000)
PROOFS = Path(__file__).resolve().parents[2] / "proofs"


def bouton(**fields: object):
    base = {
        "vars": '["a", "b", "c"]',
        "range": "{ a = [0, 7], b = [0, 7], c = [0, 7] }",
        "statement": "(outcome == 'P') == (a ^ b ^ c == 0)",
    }
    base.update(fields)
    return good_claim(**base)


def test_exhaustive_proof_states_scope_and_cases() -> None:
    verdict = check_claim(bouton(method="exhaustive"), SETTINGS)
    assert verdict.status is Status.PROVED
    assert verdict.cases == 512
    assert verdict.scope == "bounded: 0 <= a, b, c <= 7"


def test_first_failure_in_sum_then_lexicographic_order() -> None:
    # Fails exactly where a + b + c == 3 and a > 0 (the ordinary sum breaks the XOR rule
    # first at (0,1,2)... no: a statement that fails only on cases we choose).
    claim = good_claim(
        vars='["a", "b"]',
        range="{ a = [0, 9], b = [0, 9] }",
        statement="not (a + b >= 5 and a >= 2)",
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.REFUTED
    assert dict(verdict.counterexample) == {"a": 2, "b": 3}  # sum 5; (0,5), (1,4) hold


def test_misere_nim_like_normal_is_refuted_at_the_empty_position() -> None:
    verdict = check_claim(bouton(play="misere"), SETTINGS)
    assert verdict.status is Status.REFUTED
    assert verdict.counterexample == {
        "a": 0,
        "b": 0,
        "c": 0,
        "position": [0, 0, 0],
        "outcome": "N",
    }


def test_counterexample_shows_the_values_that_break_it() -> None:
    claim = good_claim(
        game="grundys-game",
        vars='["n"]',
        range="{ n = [0, 30] }",
        statement="g([n + 3]) == g([n])",
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.REFUTED
    assert verdict.counterexample == {"n": 0, "g([3])": 1, "g([0])": 0}


def test_assume_filters_the_domain() -> None:
    claim = good_claim(
        vars='["a", "b"]',
        range="{ a = [0, 5], b = [0, 5] }",
        assume="a == b",
        statement="outcome == 'P'",
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.PROVED and verdict.cases == 6
    assert "of 36 in the ranges" in verdict.message


def test_vacuous_assume_is_not_a_proof() -> None:
    claim = good_claim(vars='["a"]', range="{ a = [0, 5] }", assume="a > 9", statement="a == 0")
    assert check_claim(claim, SETTINGS).status is Status.UNKNOWN


def test_too_large_exhaustive_domain_is_refused_with_its_size() -> None:
    claim = bouton(range="{ a = [0, 999], b = [0, 999], c = [0, 999] }", method="exhaustive")
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.ERROR
    assert "1,000,000,000 cases" in verdict.message
    assert f"{EXHAUSTIVE_LIMIT:,}" in verdict.message
    assert "auto" in verdict.message and "random" in verdict.message


def test_random_is_never_proved_and_shrinks() -> None:
    big = "{ a = [0, 1000000000], b = [0, 1000000000] }"
    holds = good_claim(
        vars='["a", "b"]', range=big, statement="(outcome == 'P') == (a == b)", method="random"
    )
    verdict = check_claim(holds, SETTINGS)
    assert verdict.status is Status.UNREFUTED
    assert verdict.details["seed"] == 3
    wrong = good_claim(vars='["a", "b"]', range=big, statement="grundy < 1000", method="random")
    verdict = check_claim(wrong, SETTINGS)
    assert verdict.status is Status.REFUTED
    case = verdict.counterexample
    assert case["a"] ^ case["b"] >= 1000
    assert case["grundy"] == case["a"] ^ case["b"]


def test_random_respects_assume() -> None:
    claim = good_claim(
        vars='["a"]',
        range="{ a = [0, 1000] }",
        assume="a % 2 == 0",
        statement="a % 2 == 0",
        method="random",
    )
    assert check_claim(claim, SETTINGS).status is Status.UNREFUTED


def test_z3_proves_bouton_for_huge_heaps_naming_the_lemma() -> None:
    top = 2**63 - 1
    huge = f"{{ a = [0, {top}], b = [0, {top}], c = [0, {top}] }}"
    verdict = check_claim(bouton(range=huge, method="z3"), SETTINGS)
    assert verdict.status is Status.PROVED
    # the statement is Bouton's theorem itself: proved by that lemma, not "by Z3"
    assert verdict.method == "lemma"
    assert verdict.message.startswith("checked by lemma bouton-any-number-of-heaps (unbounded)")
    assert verdict.details["lemmas"] == ["bouton-any-number-of-heaps"]
    lemma, step = (a.to_json() for a in verdict.assumes)
    assert lemma == {
        "id": "bouton-any-number-of-heaps",
        "scope": "unbounded",
        "instance_proved": False,
        "kind": "lemma",
        "statement": "",
    }
    assert step["id"] == "bouton-any-number-of-heaps/induction-on-positions"
    assert step["kind"] == "on-paper"
    assert verdict.scope == "bounded: 0 <= a, b, c <= 9223372036854775807"


def test_z3_refutes_with_the_minimal_counterexample() -> None:
    # The same claim checked exhaustively on a small box gives the same first failure.
    statement = "(outcome == 'P') == (a + b == c)"
    small = check_claim(bouton(statement=statement, method="exhaustive"), SETTINGS)
    huge = "{ a = [0, 1000000000], b = [0, 1000000000], c = [0, 1000000000] }"
    symbolic = check_claim(bouton(range=huge, statement=statement, method="z3"), SETTINGS)
    assert symbolic.status is Status.REFUTED
    assert (
        symbolic.counterexample
        == small.counterexample
        == {"a": 1, "b": 1, "c": 0, "position": [1, 1, 0], "outcome": "P"}
    )


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ({"statement": "len(moves) >= 0"}, "moves"),
        ({"statement": "grundy == a * b * c"}, "operator"),
        (
            {
                "game": "take-away",
                "vars": '["a"]',
                "range": "{ a = [0, 5] }",
                "statement": "a >= 0",
            },
            "symbolic model",
        ),
        ({"statement": "a < b * phi"}, "phi"),
        ({"statement": "a < phi"}, "phi"),
    ],
)
def test_z3_says_unknown_when_it_cannot_translate(fields: dict, reason: str) -> None:
    verdict = check_claim(bouton(method="z3", **fields), SETTINGS)
    assert verdict.status is Status.UNKNOWN
    assert "not translated to Z3" in verdict.message and reason in verdict.message


def test_z3_does_not_prove_a_claim_with_negative_heaps() -> None:
    claim = good_claim(
        vars='["a"]',
        range="{ a = [0, 1000000000000] }",
        position="[a - 5]",
        statement="grundy == a - 5",
        method="z3",
    )
    assert check_claim(claim, SETTINGS).status is not Status.PROVED


def test_auto_picks_and_says_what_it_did() -> None:
    small = check_claim(bouton(), SETTINGS)
    assert small.method == "exhaustive"
    huge = "{ a = [0, 1000000000], b = [0, 1000000000], c = [0, 1000000000] }"
    big = check_claim(bouton(range=huge), SETTINGS)
    assert big.method == "lemma" and big.status is Status.PROVED
    assert big.message.startswith("auto: ")
    beyond = check_claim(bouton(range=huge, statement="grundy == (a ^ b ^ c) * 1"), SETTINGS)
    assert beyond.method == "random"  # Z3 answered unknown: kept in parts, not named
    assert (beyond.parts[0].method, beyond.parts[0].status) == ("z3", Status.UNKNOWN)
    assert beyond.status is Status.UNREFUTED
    assert "not translated to Z3" in beyond.message


def test_z3_misere_nim_relies_on_the_misere_rule() -> None:
    huge = "{ a = [0, 1000000000], b = [0, 1000000000], c = [0, 1000000000] }"
    wrong = check_claim(bouton(range=huge, play="misere"), SETTINGS)
    assert wrong.method == "z3" and wrong.status is Status.REFUTED
    assert wrong.details["lemmas"] == ["misere-nim-any-number-of-heaps"]
    assert wrong.assumes == ()  # a refutation rests on the re-check, not on the lemma
    assert wrong.counterexample == {"a": 0, "b": 0, "c": 0, "position": [0, 0, 0], "outcome": "N"}
    rule = "(outcome == 'P') == (a ^ b ^ c == 1 if max(a, b, c) <= 1 else a ^ b ^ c == 0)"
    right = check_claim(bouton(range=huge, play="misere", statement=rule), SETTINGS)
    assert right.status is Status.PROVED


def test_quick_lowers_the_exhaustive_bound_of_auto() -> None:
    claim = bouton(range="{ a = [0, 47], b = [0, 47], c = [0, 47] }", statement="a ^ b ^ c >= 0")
    assert check_claim(claim, SETTINGS).method == "exhaustive"
    quick = CheckSettings(seed=3, quick=True, random_examples=300)
    assert check_claim(claim, quick).method == "z3"


def test_bad_position_is_an_error_verdict_naming_it() -> None:
    claim = good_claim(
        vars='["a"]', range="{ a = [0, 3] }", position="[a - 2]", statement="grundy >= 0"
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.ERROR
    assert "[-2] is not a position of nim" in verdict.message


def test_bad_claim_is_an_error_verdict() -> None:
    verdict = check_claim(one_claim(statement="os.system('x')"), SETTINGS)
    assert verdict.status is Status.ERROR and "attribute access" in verdict.message


def test_position_facts_are_computed_only_when_used() -> None:
    # A statement without position names never builds the position, so an invalid one is fine.
    claim = good_claim(vars='["a"]', range="{ a = [0, 3] }", position="[a - 9]", statement="a < 4")
    assert check_claim(claim, SETTINGS).status is Status.PROVED


@pytest.mark.parametrize("name", ["take_away.toml", "nim_positions.toml"])
def test_library_files_come_out_as_expected(name: str) -> None:
    theorems = list(theorems_from_file(PROOFS / name))
    assert all(t.source for t in theorems)
    ids = {t.id for t in theorems}
    mutants = [t for t in theorems if t.mutant_of]
    assert mutants and all(m.mutant_of in ids and m.expect is Expectation.FAILS for m in mutants)
    assert {t.id for t in theorems if not t.mutant_of} <= {m.mutant_of for m in mutants}
    results = run_theorems(theorems, CheckSettings(quick=True))
    assert [r.theorem.id for r in results if not r.as_expected] == []
    for result in results:
        if result.theorem.mutant_of:
            assert result.verdict.counterexample is not None


def test_library_loader_reads_claim_files() -> None:
    loaded = {t.id for t in load_library([PROOFS / "take_away.toml"])}
    assert "take-away-21-chips-n" in loaded


def test_solver_resource_limit_is_unknown_not_error(monkeypatch) -> None:
    import grundy.claims.runner as runner_module

    monkeypatch.setattr(runner_module, "POSITION_LIMIT", 500)
    # a Grundy value: P-set induction, which needs no solver, does not read it
    statement = "grundy == n % 4"
    exhaustive = good_claim(
        game="take-away", vars='["n"]', range="{ n = [0, 5000] }", statement=statement
    )
    verdict = check_claim(exhaustive, SETTINGS)
    assert verdict.status is Status.UNKNOWN and "500 positions" in verdict.message
    random = good_claim(
        game="take-away",
        vars='["n"]',
        range="{ n = [0, 1000000] }",
        statement=statement,
        method="random",
    )
    verdict = check_claim(random, SETTINGS)
    assert verdict.status is Status.UNKNOWN and "resource limit" in verdict.message


def test_z3_never_proves_what_python_semantics_refute() -> None:
    # (a and 5) is 5 for a != 0 in Python, so '(a and 5) <= 1' fails at a = 1.
    huge = "{ a = [0, 1000000000], b = [0, 1], c = [0, 1] }"
    verdict = check_claim(bouton(range=huge, statement="(a and 5) <= 1", method="z3"), SETTINGS)
    assert verdict.status is Status.UNKNOWN
    small = check_claim(bouton(range=huge, statement="(a and 5) <= 1", method="auto"), SETTINGS)
    assert small.status is Status.REFUTED and small.counterexample["a"] == 1


def test_every_lemma_named_by_the_z3_translation_is_a_library_theorem():
    from grundy.claims import z3_translate
    from grundy.library import load_library

    ids = {theorem.id for theorem in load_library()}
    for lemma in (z3_translate.LEMMA_OUTCOME, z3_translate.LEMMA_MISERE, z3_translate.LEMMA_GRUNDY):
        assert lemma in ids
