"""Proofs that read ``outcome`` or ``grundy`` through a library lemma say so (``assumes``),
use the lemma only inside its proved scope, and never pass off a substitution as a proof."""

from __future__ import annotations

import json
from dataclasses import replace
from io import StringIO
from pathlib import Path

import pytest

from grundy.claims import check_claim, z3_translate
from grundy.claims.z3_translate import LEMMAS, LemmaScope
from grundy.cli import main
from grundy.library import CheckSettings, check_theorem, load_library
from grundy.solve import Play
from grundy.verdict import UNBOUNDED, Status
from tests.claims.helpers import claim_text, good_claim

SETTINGS = CheckSettings(seed=0, random_examples=200, z3_timeout_ms=20_000)
HUGE_21 = 10**21
HUGE_24 = 10**24


def _box(names: str, top: int) -> str:
    return "{ " + ", ".join(f"{name} = [0, {top}]" for name in names) + " }"


# The three claims a new user tried: Bouton restated for 4 heaps, a misère claim about
# 5 heaps up to 10^21, and grundy as XOR for heaps up to 10^24.
BOUTON_FOUR = {
    "id": "bouton-four",
    "vars": '["a", "b", "c", "d"]',
    "range": _box("abcd", 1000),
    "statement": "(outcome == 'P') == (a ^ b ^ c ^ d == 0)",
    "method": "z3",
}
MISERE_FIVE = {
    "id": "misere-five",
    "play": "misere",
    "vars": '["a", "b", "c", "d", "e"]',
    "range": _box("abcde", HUGE_21),
    "statement": "(outcome == 'P') == "
    "(a ^ b ^ c ^ d ^ e == 1 if max(a, b, c, d, e) <= 1 else a ^ b ^ c ^ d ^ e == 0)",
    "method": "auto",
}
GRUNDY_HUGE = {
    "id": "grundy-huge",
    "vars": '["a", "b", "c"]',
    "range": _box("abc", HUGE_24),
    "statement": "grundy == a ^ b ^ c",
    "method": "z3",
}


def _assumed(verdict) -> list[dict[str, object]]:
    """The lemmas assumed (the steps argued on paper they bring: tests/verify/test_paper_steps)."""
    return [assumption.to_json() for assumption in verdict.assumes if not assumption.on_paper]


def _lemma(identifier: str) -> dict[str, object]:
    return {
        "id": identifier,
        "scope": UNBOUNDED,
        "instance_proved": False,
        "kind": "lemma",
        "statement": "",
    }


def _on_paper(verdict) -> set[str]:
    return {assumption.id for assumption in verdict.paper_steps}


def test_bouton_restated_for_four_heaps_is_proved_by_the_lemma_not_by_z3():
    verdict = check_claim(good_claim(**BOUTON_FOUR), SETTINGS)
    assert verdict.status is Status.PROVED
    assert verdict.method == "lemma"
    assert verdict.message.startswith("checked by lemma bouton-any-number-of-heaps (unbounded)")
    assert "unsatisfiable" not in verdict.message
    assert _assumed(verdict) == [_lemma("bouton-any-number-of-heaps")]
    assert _on_paper(verdict) == {"bouton-any-number-of-heaps/induction-on-positions"}


def test_misere_claim_on_five_huge_heaps_rests_on_the_unbounded_misere_lemma():
    verdict = check_claim(good_claim(**MISERE_FIVE), SETTINGS)
    assert verdict.status is Status.PROVED
    assert verdict.method == "z3"  # a real Z3 proof: max(...) is not the lemma's own form
    assert _assumed(verdict) == [_lemma("misere-nim-any-number-of-heaps")]
    assert _on_paper(verdict) == {
        "misere-nim-any-number-of-heaps/induction-on-positions",
        "bouton-any-number-of-heaps/induction-on-positions",
    }
    assert "reading the position by lemma misere-nim-any-number-of-heaps" in verdict.message


def test_grundy_as_xor_for_heaps_beyond_64_bits_rests_on_the_unbounded_value_lemma():
    verdict = check_claim(good_claim(**GRUNDY_HUGE), SETTINGS)
    assert verdict.status is Status.PROVED
    assert verdict.method == "lemma"
    assert _assumed(verdict) == [_lemma("nim-value-any-number-of-heaps")]


def test_a_false_claim_whose_counterexample_needs_65_bits_is_refuted():
    claim = good_claim(
        vars='["a", "b"]',
        range=_box("ab", HUGE_24),
        statement="(outcome == 'P') == (a == b and a <= 18446744073709551615)",
        method="z3",
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.REFUTED
    assert verdict.counterexample["a"] == verdict.counterexample["b"] == 2**64
    assert verdict.counterexample["outcome"] == "P"  # from the exact solver, not the lemma
    # not Bouton (the translation's lemma), but the exact solver's shortcuts, on which the
    # re-check of the counterexample rests (named on any number of jobs)
    assert {a.id for a in verdict.assumes} == {
        "nim-heap-value-every-heap",
        "sg-sum-rule-every-game",
        "sg-zero-iff-p-every-game",
    }


def test_a_false_grundy_claim_beyond_64_bits_is_refuted():
    claim = good_claim(
        vars='["a", "b"]',
        range=_box("ab", HUGE_24),
        statement="(grundy == a ^ b) == (a <= 18446744073709551615)",
        method="z3",
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.REFUTED
    assert dict(verdict.counterexample)["a"] == 2**64


def test_the_lemma_table_says_what_the_library_proves(monkeypatch):
    # Each lemma's scope in the table is the scope of the library theorem's own verdict:
    # nobody can widen the table without widening the proof.
    by_id = {theorem.id: theorem for theorem in load_library()}
    for lemma_id, scope in LEMMAS.items():
        verdict = check_theorem(by_id[lemma_id], SETTINGS).verdict
        assert verdict.status is Status.PROVED, lemma_id
        assert verdict.scope == scope.describe(), lemma_id
    assert LEMMAS[z3_translate.LEMMA_MISERE].play is Play.MISERE
    assert LEMMAS[z3_translate.LEMMA_OUTCOME].play is Play.NORMAL


def test_outside_a_bounded_lemma_the_instance_is_proved_in_the_same_verdict(monkeypatch):
    bounded = LemmaScope(z3_translate.LEMMA_OUTCOME, Play.NORMAL, max_heaps=3, max_bits=64)
    monkeypatch.setitem(LEMMAS, z3_translate.LEMMA_OUTCOME, bounded)
    verdict = check_claim(good_claim(**BOUTON_FOUR), SETTINGS)  # 4 heaps: outside
    assert verdict.status is Status.PROVED
    (assumption,) = verdict.assumes
    assert assumption.instance_proved
    assert assumption.scope == "bounded: 4 heaps, each of size < 2^34"
    three = {**BOUTON_FOUR, "vars": '["a", "b", "c"]', "range": _box("abc", 1000)}
    three["statement"] = "(outcome == 'P') == (a ^ b ^ c == 0)"
    inside = check_claim(good_claim(**three), SETTINGS)
    assert not inside.assumes[0].instance_proved
    assert inside.assumes[0].scope == "bounded: up to 3 heaps, sizes < 2^64"


def test_outside_a_lemma_without_an_instance_proof_z3_says_unknown_and_auto_moves_on(
    monkeypatch,
):
    narrow = LemmaScope(z3_translate.LEMMA_MISERE, Play.MISERE, max_heaps=3, max_bits=4)
    monkeypatch.setitem(LEMMAS, z3_translate.LEMMA_MISERE, narrow)
    z3_only = check_claim(good_claim(**{**MISERE_FIVE, "method": "z3"}), SETTINGS)
    assert z3_only.status is Status.UNKNOWN
    assert "lemma misere-nim-any-number-of-heaps is proved for bounded: up to 3 heaps" in (
        z3_only.message
    )
    small = {**MISERE_FIVE, "range": _box("abcde", 20)}  # 4 million cases: too many
    auto = check_claim(good_claim(**small), replace(SETTINGS, random_examples=50))
    assert auto.status is Status.UNREFUTED  # the random search ran instead: not proved
    assert auto.assumes == ()
    assert "lemma misere-nim-any-number-of-heaps is proved for" in auto.message


def test_a_lemma_is_never_used_in_the_other_play_convention(monkeypatch):
    # the normal-play lemma table entry, asked about misère play, does not cover it
    scope = LEMMAS[z3_translate.LEMMA_OUTCOME]
    assert not scope.covers(Play.MISERE, 1, 1)
    assert scope.covers(Play.NORMAL, 10**6, 10**6)


def test_text_and_json_output_name_the_lemmas(tmp_path: Path):
    path = tmp_path / "claims.toml"
    path.write_text(claim_text(**MISERE_FIVE) + claim_text(**BOUTON_FOUR))
    out, err = StringIO(), StringIO()
    assert main(["check", str(path)], stdout=out, stderr=err) == 0, err.getvalue()
    text = out.getvalue()
    assert "checked, assuming misere-nim-any-number-of-heaps (unbounded)" in text
    assert "checked by lemma bouton-any-number-of-heaps (unbounded)" in text
    out = StringIO()
    assert main(["check", str(path), "--json"], stdout=out, stderr=StringIO()) == 0
    claims = json.loads(out.getvalue())["claims"]
    assert [c["assumes"][0]["id"] for c in claims] == [
        "misere-nim-any-number-of-heaps",
        "bouton-any-number-of-heaps",
    ]


@pytest.mark.parametrize("statement", ["a ^ b ^ c >= 0", "(a ^ b) ^ c == a ^ (b ^ c)"])
def test_a_proof_without_outcome_or_grundy_assumes_nothing(statement):
    claim = good_claim(
        vars='["a", "b", "c"]', range=_box("abc", HUGE_24), statement=statement, method="z3"
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.PROVED and verdict.assumes == ()
    assert verdict.method == "z3"


def test_a_lemma_scope_covers_exactly_its_bounds():
    scope = LemmaScope("l", Play.NORMAL, max_heaps=4, max_bits=64)
    assert scope.covers(Play.NORMAL, 4, 64)
    assert not scope.covers(Play.NORMAL, 5, 64)
    assert not scope.covers(Play.NORMAL, 4, 65)
    assert not scope.covers(Play.MISERE, 1, 1)
    assert scope.describe() == "bounded: up to 4 heaps, sizes < 2^64"
    assert LemmaScope("l", Play.NORMAL, max_bits=8).describe() == (
        "bounded: any number of heaps, sizes < 2^8"
    )
    assert LemmaScope("l", Play.NORMAL, max_heaps=2).describe() == (
        "bounded: up to 2 heaps, any sizes"
    )
    assert LemmaScope("l", Play.NORMAL, max_heaps=2).covers(Play.NORMAL, 2, 10**6)


def _z3_claim(statement: str, names: str = "abc", top: int = 10**6):
    # method z3 on a modest range: refutations are minimised quickly
    variables = "[" + ", ".join(f'"{n}"' for n in names) + "]"
    return good_claim(vars=variables, range=_box(names, top), statement=statement, method="z3")


@pytest.mark.parametrize(
    ("statement", "status"),
    [
        ("g([a, b, c]) == nimsum(a, b, c)", Status.PROVED),
        ("g([a, b]) == nimsum([a, b])", Status.PROVED),
        ("g([a, b]) == a + b", Status.REFUTED),
        ("nimsum(a, b, c) == a ^ b ^ c", Status.PROVED),
        ("nimsum(a) == a", Status.PROVED),
        ("nimsum(a, b) == a | b", Status.REFUTED),
        ("implies(a == b, outcome_of([a, b]) == 'P')", Status.PROVED),
        ("implies(a == b, outcome_of([a, b, c]) == 'P')", Status.REFUTED),
        ("iff(outcome_of([a, b]) == 'P', a == b)", Status.PROVED),
        ("iff(outcome_of([a, b]) == 'P', a <= b)", Status.REFUTED),
        ("abs(a - b) == abs(b - a)", Status.PROVED),
        ("abs(a - b) == a - b", Status.REFUTED),
        ("min(a, b) <= max(a, b)", Status.PROVED),
        ("min(a, b, c) == a", Status.REFUTED),
        ("max(a, b, c) >= c", Status.PROVED),
        ("not (a ^ a)", Status.PROVED),
        ("not (a ^ b)", Status.REFUTED),
    ],
)
def test_functions_of_the_claim_language_in_z3(statement, status):
    verdict = check_claim(_z3_claim(statement), SETTINGS)
    assert verdict.status is status, verdict.message
    assert verdict.method in ("z3", "lemma")


def test_a_proof_resting_on_two_lemmas_names_both():
    statement = "(outcome == 'P') == (grundy == 0)"
    verdict = check_claim(_z3_claim(statement), SETTINGS)
    assert verdict.status is Status.PROVED
    assert [a.id for a in verdict.assumes if not a.on_paper] == [
        "bouton-any-number-of-heaps",
        "nim-value-any-number-of-heaps",
    ]
    assert "bouton-any-number-of-heaps (unbounded), nim-value-any-number-of-heaps (unbounded)" in (
        verdict.message
    )


def test_the_heap_count_of_every_lemma_use_is_checked_against_its_scope(monkeypatch):
    for lemma_id, statement in (
        (z3_translate.LEMMA_GRUNDY, "grundy == a ^ b ^ c"),
        (z3_translate.LEMMA_GRUNDY, "g([a, b, c]) == a ^ b ^ c"),
        (z3_translate.LEMMA_OUTCOME, "outcome_of([a, b, c]) == 'P' or a ^ b ^ c != 0"),
    ):
        narrow = LemmaScope(lemma_id, Play.NORMAL, max_heaps=2)
        monkeypatch.setitem(LEMMAS, lemma_id, narrow)
        monkeypatch.setattr(z3_translate, "prove_bouton", _never_proved)
        verdict = check_claim(_z3_claim(statement), SETTINGS)
        assert verdict.status is Status.UNKNOWN, statement
        assert f"lemma {lemma_id} is proved for bounded: up to 2 heaps" in verdict.message
        monkeypatch.undo()


def _never_proved(*args: object, **kwargs: object):
    from grundy.verdict import Verdict

    return Verdict(Status.UNKNOWN, "z3", message="not tried in this test")
