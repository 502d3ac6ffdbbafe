"""A statement made of parts that must all hold is proved only when every part is proved
(grundy.verdict.combine_conjunction), on every path that joins such parts: a part left
unknown or only tested must not leave the whole "proved" or "checked"."""

import sys
from pathlib import Path

import pytest

from grundy.library import CheckSettings, check_theorem, load_library
from grundy.verdict import UNBOUNDED, Assumption, Status, Verdict, combine_conjunction
from grundy.verify.z3_checks import all_proved

PROOFS = Path(__file__).resolve().parents[2] / "proofs"
QUICK = CheckSettings(quick=True, random_examples=200)


def _proof(scope: str = "bounded: n <= 9", cases: int | None = 10, **fields) -> Verdict:
    return Verdict(Status.PROVED, "exhaustive", scope, cases=cases, **fields)


def test_a_part_left_unknown_leaves_the_conjunction_unknown():
    unknown = Verdict(Status.UNKNOWN, "z3", message="timed out")
    verdict = combine_conjunction([_proof(), unknown])
    assert verdict.status is Status.UNKNOWN
    assert verdict.message == "timed out"
    assert verdict.parts == (_proof(), unknown)


def test_a_part_only_tested_leaves_the_conjunction_tested():
    tested = Verdict(Status.UNREFUTED, "random", "random: n <= 10^6", cases=500)
    assert combine_conjunction([_proof(), tested]).status is Status.UNREFUTED
    # the glue of the Z3 conjunctions asks the same rule (it used to call this proved)
    assert all_proved([_proof(), tested], scope="bounded: n <= 9").status is Status.UNREFUTED


def test_any_refuted_part_refutes_and_the_weakest_part_heads_the_rest():
    refuted = Verdict(Status.REFUTED, "exhaustive", "bounded", counterexample={"n": 3})
    error = Verdict(Status.ERROR, "none", message="part b: broken")
    unknown = Verdict(Status.UNKNOWN, "z3")
    assert combine_conjunction([unknown, error, refuted]).counterexample == {"n": 3}
    assert combine_conjunction([unknown, error, _proof()]).message == "part b: broken"


def test_proved_parts_prove_over_the_narrowest_scope_with_every_lemma():
    lemma = Assumption("nim-sum-commutative", UNBOUNDED)
    everywhere = _proof(UNBOUNDED, cases=None, assumes=(lemma,))
    bounded = combine_conjunction([everywhere, _proof("bounded: n <= 9")])
    assert (bounded.status, bounded.scope) == (Status.PROVED, "bounded: n <= 9")
    assert not bounded.unbounded
    assert lemma in bounded.assumes
    both = combine_conjunction([_proof("bounded: a"), _proof("bounded: b", cases=5)])
    assert (both.scope, both.cases) == ("bounded: a; bounded: b", 15)
    assert (both.method, both.message) == ("exhaustive", "all 2 parts proved (15 cases)")
    alternatives = Verdict(Status.PROVED, "exhaustive+random", "bounded: c", cases=1)
    assert combine_conjunction([both, alternatives]).method == "exhaustive+random"
    assert combine_conjunction([everywhere, everywhere]).unbounded
    assert lemma in all_proved([everywhere, _proof()], scope="bounded: n <= 9").assumes


# -- the theorems whose checks join parts ------------------------------------------------


def _unknown_where(real, says: str):
    """``real``, except that a check whose scope mentions ``says`` comes back unknown."""

    def check(*args, **kwargs) -> Verdict:
        verdict = real(*args, **kwargs)
        if says in verdict.scope:
            return Verdict(Status.UNKNOWN, verdict.method, verdict.scope, message="budget")
        return verdict

    return check


@pytest.mark.parametrize(
    ("file", "theorem_id", "engine", "says"),
    [
        # D ⊗ D = 3/2 D and x ⊗ D = x·D: two halves of the Fermat rule
        ("nim_field", "nim-fermat-square", "check_exhaustive", "every x"),
        # inverses exist in the field, and the formula finds them
        ("nim_field", "nim-product-inverses", "on_conway_field", ""),
        # one exhaustive check for each k = 1, 2, 3
        ("classics", "moore-nim-digit-counts", "check_exhaustive", "k = 3"),
        # one exhaustive check for each listed (m, n)
        ("lucky_nim", "lucky-nim-block-parity", "check_exhaustive", "m = 2, n = 4"),
    ],
)
def test_a_theorem_with_a_part_left_unknown_is_not_proved(
    monkeypatch, file, theorem_id, engine, says
):
    theorems = {t.id: t for t in load_library([PROOFS / f"{file}.py"])}
    module = sys.modules[f"grundy_proofs_{file}"]
    assert check_theorem(theorems[theorem_id], QUICK).verdict.status is Status.PROVED
    monkeypatch.setattr(module, engine, _unknown_where(getattr(module, engine), says))
    verdict = check_theorem(theorems[theorem_id], QUICK).verdict
    assert verdict.status is Status.UNKNOWN
    assert any(part.status is Status.UNKNOWN for part in verdict.parts)
