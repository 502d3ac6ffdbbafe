"""proofs/nim_field.py: every theorem as expected, and each engine has a mutant only it
refutes (made vacuous here, that mutant is no longer refuted)."""

import re
from dataclasses import replace
from pathlib import Path

import pytest

from grundy.library import CheckSettings, check_theorem, load_library
from grundy.verdict import Status, Verdict

PROOFS = Path(__file__).resolve().parents[2] / "proofs"
QUICK = CheckSettings(quick=True, random_examples=200)


@pytest.fixture(scope="module")
def theorems():
    return {t.id: t for t in load_library([PROOFS / "nim_field.py"])}


def test_every_theorem_and_mutant_as_expected(theorems):
    results = {i: check_theorem(t, QUICK) for i, t in theorems.items()}
    wrong = {i: r.verdict.status for i, r in results.items() if not r.as_expected}
    assert wrong == {}
    assert sum(t.is_mutant for t in theorems.values()) >= 7
    mutated = {t.mutant_of for t in theorems.values()}
    for law in [
        "nim-product-associative",
        "nim-product-distributive",
        "nim-product-inverses",
        "nim-fermat-square",
        "nim-product-mex-definition",
    ]:
        assert law in theorems
    laws = {i for i, t in theorems.items() if not t.is_mutant}
    assert laws <= mutated, laws - mutated  # every theorem has a mutant


def _module():
    import sys

    return sys.modules["grundy_proofs_nim_field"]


def _vacuous(method: str):
    def engine(*args, **kwargs) -> Verdict:
        return Verdict(Status.PROVED, method, "vacuous", cases=0)

    return engine


@pytest.mark.parametrize(
    ("engine", "mutant", "counterexample"),
    [
        ("exhaustive_field", "nim-product-no-cube-roots-of-unity", {"x": 2}),
        ("random_law", "nim-fields-closed-below-2-24", None),
        ("_z3_no_root", "nim-square-root-missing", None),
    ],
)
def test_each_engine_alone_refutes_a_mutant(theorems, monkeypatch, engine, mutant, counterexample):
    verdict = check_theorem(theorems[mutant], QUICK).verdict
    assert verdict.status is Status.REFUTED
    if counterexample is not None:
        assert verdict.counterexample == counterexample
    monkeypatch.setattr(_module(), engine, _vacuous(engine))
    assert check_theorem(theorems[mutant], QUICK).verdict.status is not Status.REFUTED


def test_a_square_root_found_by_z3_is_real(theorems):
    from grundy.nimber import nim_mul

    verdict = check_theorem(theorems["nim-square-root-missing"], QUICK).verdict
    x = verdict.counterexample["x"]
    assert nim_mul(x, x) == 0x1234 and x >= 256


def test_mex_mutant_names_the_disagreement(theorems):
    verdict = check_theorem(theorems["nim-product-mex-without-corner"], QUICK).verdict
    found = verdict.counterexample
    assert found["nim_mul"] != found["mex definition"]
    assert replace(verdict, seconds=0).status is Status.REFUTED


def test_the_z3_encoding_computes_what_nim_mul_computes(theorems) -> None:
    # The Z3 proofs are about the encoded tower recursion; on concrete values it must agree
    # with nim_mul, or those proofs would be about something else.
    import random

    import z3

    from grundy.nimber import nim_mul

    encode = _module().z3_nim_mul
    rng = random.Random(5)
    pairs = [(rng.getrandbits(32), rng.getrandbits(32)) for _ in range(40)]
    pairs += [(2**16, 2**16), (2**31, 3), (0, 12345), (1, 2**32 - 1)]
    for a, b in pairs:
        product = z3.simplify(encode(z3.BitVecVal(a, 32), z3.BitVecVal(b, 32), 32))
        assert product.as_long() == nim_mul(a, b), (a, b)


def _parts(verdict):
    return [verdict, *(p for part in verdict.parts for p in _parts(part))]


def test_every_title_and_statement_says_its_scope(theorems) -> None:
    # a title with no bound ("Nim multiplication is associative") claimed more than was shown
    for theorem in theorems.values():
        if theorem.is_mutant:
            continue
        assert re.search(r"\d", theorem.title), theorem.title
        verdict = check_theorem(theorem, QUICK).verdict
        assert verdict.status is Status.PROVED and not verdict.unbounded, theorem.id
        through_nim_mul = any("nim_mul" in part.scope for part in _parts(verdict))
        assert not through_nim_mul or "nim_mul" in theorem.statement, theorem.id


def test_the_fermat_rule_is_not_checked_through_nim_mul(theorems, monkeypatch):
    # nim_mul is built on the Fermat 2-power rule: checking the rule through it is circular
    module = _module()
    calls = []
    real = module.nim_mul
    monkeypatch.setattr(module, "nim_mul", lambda a, b: calls.append((a, b)) or real(a, b))
    assert check_theorem(theorems["nim-fermat-square"], QUICK).verdict.status is Status.PROVED
    assert calls == []


@pytest.mark.parametrize(
    ("identifier", "entry"),
    [
        ("nim-fermat-square", (4, 4)),
        ("nim-product-associative", (2, 3)),
        ("nim-product-distributive", (3, 3)),
    ],
)
def test_the_laws_are_read_off_conways_definition(theorems, monkeypatch, identifier, entry):
    # one product of the mex table changed: a law checked on that table must notice, so
    # the check reads Conway's definition (not nim_mul's own table)
    module = _module()
    real = module.mex_products

    def corrupted(bound, with_corner=True):
        table = real(bound, with_corner).copy()
        table[entry] ^= 1
        return table

    monkeypatch.setattr(module, "mex_products", corrupted)
    assert check_theorem(theorems[identifier], QUICK).verdict.status is not Status.PROVED
