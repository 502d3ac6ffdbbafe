"""The lemmas of the Nim proofs are stated in the variables their names use, and the finite
misère lemmas are listed case by case: proved exhaustively over the bound their name
states, and able to fail, e.g. M4 under an operator for which x ⊕ 0 = x is false."""

import re
from math import prod

from grundy.theory.nim import bouton_lemmas, misere_lemmas
from grundy.verdict import Status
from grundy.verify.bit_induction import FiniteLemma, PlainAlgebra, prove_finite

ALL_LEMMAS = [
    *bouton_lemmas(),
    *bouton_lemmas("first-heap"),
    *bouton_lemmas("move-lowers"),
    *misere_lemmas(),
    *misere_lemmas("one-cancels"),
    *misere_lemmas("normal-endgame"),
]


def _letters(name: str) -> set[str]:
    """The one-letter symbols of a lemma's name (o, h, x, ...; not N4 or M1)."""
    return set(re.findall(r"(?<![\w'])[A-Za-z](?!\w)", name))


def test_every_lemma_uses_the_letters_of_its_name():
    # a counterexample (or a finite scope) names the lemma's variables, so they must be
    # the letters the stated formula uses (M1 is stated in words, without its x and y)
    for lemma in ALL_LEMMAS:
        if lemma.name.startswith("M1 "):
            continue
        assert set(lemma.variables) <= _letters(lemma.name), (lemma.name, lemma.variables)


def _finite(lemmas):
    return [lemma for lemma in lemmas if isinstance(lemma, FiniteLemma)]


def test_the_finite_misere_lemmas_are_listed_over_their_stated_bound():
    for lemma in _finite(misere_lemmas()):
        verdict = prove_finite(lemma)
        assert verdict.status is Status.PROVED, lemma.name
        assert verdict.method == "exhaustive"
        assert verdict.cases == prod(b - a + 1 for a, b in lemma.ranges.values())
        if " o <= 1" in lemma.name:
            # "o <= 1" in the name: the listing covers o = 0 and o = 1
            assert verdict.scope == "bounded: o in 0..1", lemma.name


class _ShiftedIdentity(PlainAlgebra):
    """The real XOR except that x ⊕ 0 = x + 1 (identity broken)."""

    def xor(self, left: int, right: int) -> int:
        return left + 1 if right == 0 else left ^ right


def _m4():
    (found,) = [lemma for lemma in misere_lemmas() if lemma.name.startswith("M4 ")]
    return found


def test_m4_holds_with_the_real_xor_at_its_one_interesting_case():
    # o = 1 is the only o <= 1 with o ⊕ 1 = 0, and then o ⊕ 0 = 1: emptying the last heap
    # of 1 leaves nim-sum 1 (at o = 0 the premise is false)
    m4 = _m4()
    assert m4.holds({"o": 1}) and m4.holds({"o": 0})


def test_m4_fails_when_x_xor_0_is_not_x():
    # M4 speaks about o ⊕ 1 = 0 and o ⊕ 0: under an operator with 1 ⊕ 1 = 0 but
    # 1 ⊕ 0 = 2 it must be false at o = 1, or its listing proves nothing
    m4 = _m4()
    broken = FiniteLemma(
        "M4 read with a broken identity",
        dict(m4.ranges),
        lambda alg, o: m4.statement(_ShiftedIdentity(), o),
    )
    verdict = prove_finite(broken)
    assert verdict.status is Status.REFUTED
    assert verdict.method == "exhaustive"
    assert dict(verdict.counterexample) == {"o": 1}
