"""Nim for any number of heaps of any sizes: the value, Bouton's theorem and misère Nim.

Each proof is a list of lemmas about nim-sums of natural numbers, each proved for *all*
naturals by :mod:`grundy.verify.bit_induction` (induction on the number of bits, the step
by Z3) or, where every variable is at most 1, by listing the cases.  How the theorems
follow from the lemmas (induction on the number of heaps and on positions) is written in
each function's docstring and recorded in the verdict's ``details["decomposition"]``;
that composition is a short argument on paper, not checked by a machine, so a proved
verdict lists it in ``assumes`` as a step argued on paper
(:func:`grundy.verdict.with_paper_steps`).

Notation: a position is a list of heaps h1..hk; ``s`` is their nim-sum; for a heap h of
the position, ``o`` is the nim-sum of the other heaps, so ``s = o ⊕ h`` by commutativity
and associativity (N3, N4).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from grundy.verdict import UNBOUNDED, Assumption, Status, Verdict, with_paper_steps
from grundy.verify.bit_induction import FiniteLemma, NaturalLemma, prove_lemma_set

__all__ = [
    "BOUTON_ID",
    "MISERE_ID",
    "NIM_VALUE_ID",
    "bouton_lemmas",
    "misere_lemmas",
    "prove_bouton_unbounded",
    "prove_misere_unbounded",
    "prove_nim_value_unbounded",
]

BOUTON_ID = "bouton-any-number-of-heaps"
"""The library theorem the misère proof relies on (its condition (2))."""
NIM_VALUE_ID = "nim-value-any-number-of-heaps"
MISERE_ID = "misere-nim-any-number-of-heaps"

_SMALL = (0, 1)  # a heap of at most 1


def _right_identity(alg: Any, x: Any) -> Any:
    return alg.eq(alg.xor(x, alg.const(0)), x)


def _left_identity(alg: Any, x: Any) -> Any:
    return alg.eq(alg.xor(alg.const(0), x), x)


def _self_inverse(alg: Any, x: Any) -> Any:
    return alg.eq(alg.xor(x, x), alg.const(0))


def _commutes(alg: Any, x: Any, y: Any) -> Any:
    return alg.eq(alg.xor(x, y), alg.xor(y, x))


def _associates(alg: Any, x: Any, y: Any, z: Any) -> Any:
    return alg.eq(alg.xor(alg.xor(x, y), z), alg.xor(x, alg.xor(y, z)))


def _cancels(alg: Any, o: Any, h: Any, g: Any) -> Any:
    return alg.implies(alg.eq(alg.xor(o, h), alg.xor(o, g)), alg.eq(h, g))


def _move_lowers(alg: Any, o: Any, h: Any, g: Any) -> Any:
    # mutant of _cancels: lowering a heap always lowers the nim-sum
    return alg.implies(alg.lt(g, h), alg.lt(alg.xor(o, g), alg.xor(o, h)))


def _undoes(alg: Any, s: Any, u: Any) -> Any:
    return alg.eq(alg.xor(s, alg.xor(s, u)), u)


def _column(alg: Any, p: Any, h: Any, d: Any) -> Any:
    return alg.implies(
        alg.lt(alg.xor(alg.xor(p, h), d), alg.xor(p, h)),
        alg.or_(alg.lt(alg.xor(p, d), p), alg.lt(alg.xor(h, d), h)),
    )


def _column_first(alg: Any, p: Any, h: Any, d: Any) -> Any:
    # mutant of _column: the earlier part of the list always holds the bit
    return alg.implies(alg.lt(alg.xor(alg.xor(p, h), d), alg.xor(p, h)), alg.lt(alg.xor(p, d), p))


N1 = "N1 x ⊕ 0 = x"
N1L = "N1' 0 ⊕ x = x"
N2 = "N2 x ⊕ x = 0"
N3 = "N3 x ⊕ y = y ⊕ x"
N4 = "N4 (x ⊕ y) ⊕ z = x ⊕ (y ⊕ z)"
N5 = "N5 o ⊕ h = o ⊕ g implies h = g (changing one heap changes the nim-sum)"
N6 = "N6 s ⊕ (s ⊕ u) = u"
N7 = (
    "N7 column step: if (p ⊕ h) ⊕ d < p ⊕ h then p ⊕ d < p or h ⊕ d < h "
    "(x ⊕ d < x says that x holds the top bit of d)"
)


def bouton_lemmas(mutation: str | None = None) -> list[NaturalLemma]:
    """The lemmas shared by the value and Bouton proofs, each for all naturals.

    ``mutation`` swaps one lemma for a plausible false one: ``"first-heap"`` (the top
    bit of d always lies in the earlier part of the list, i.e. the winning move is in
    the first heap) or ``"move-lowers"`` (lowering a heap always lowers the nim-sum).
    """
    column: Callable[..., Any] = _column
    column_name = N7
    column_uses: tuple[str, ...] = (N1, N5)
    cancels: Callable[..., Any] = _cancels
    cancels_name = N5
    if mutation == "first-heap":
        column, column_name = _column_first, "N7 (mutant) if (p ⊕ h) ⊕ d < p ⊕ h then p ⊕ d < p"
        column_uses = ()
    elif mutation == "move-lowers":
        cancels, cancels_name = _move_lowers, "N5 (mutant) g < h implies o ⊕ g < o ⊕ h"
    elif mutation is not None:
        raise ValueError(f"unknown mutation {mutation!r} (first-heap or move-lowers)")
    return [
        NaturalLemma(N1, ("x",), _right_identity),
        NaturalLemma(N2, ("x",), _self_inverse),
        NaturalLemma(N3, ("x", "y"), _commutes),
        NaturalLemma(N4, ("x", "y", "z"), _associates),
        NaturalLemma(cancels_name, ("o", "h", "g"), cancels),
        NaturalLemma(N6, ("s", "u"), _undoes),
        NaturalLemma(column_name, ("p", "h", "d"), column, uses=column_uses),
    ]


_WALK = (
    "the walk: the prefixes p_j = h1 ⊕ ... ⊕ h_j have p_k = s; if p_k ⊕ d < p_k then N7 "
    "(p = p_(j-1), h = h_j), applied from j = k down, finds a heap with h_j ⊕ d < h_j, "
    "because p_0 = 0 and 0 ⊕ d < 0 is impossible for naturals"
)


def prove_nim_value_unbounded(
    *, timeout_ms: int, seed: int = 0, mutation: str | None = None
) -> Verdict:
    """G(h1, ..., hk) = h1 ⊕ ... ⊕ hk for every k and all heap sizes (normal play).

    By induction on positions (every option has a smaller total), assuming the rule for
    all options: (i) no option has value s: an option replaces a heap h by g < h, and its
    nim-sum o ⊕ g differs from s = o ⊕ h by N5; (ii) every u < s is the value of an
    option: with d = s ⊕ u, s ⊕ d = u < s (N6), so the walk (N7) finds a heap with
    h ⊕ d < h; lowering it gives nim-sum o ⊕ (h ⊕ d) = (o ⊕ h) ⊕ d = s ⊕ d = u (N4, N6).
    So the mex of the options' values is s.  The empty nim-sum is 0 (no option, mex 0).
    """
    verdict = prove_lemma_set(
        bouton_lemmas(mutation),
        timeout_ms=timeout_ms,
        seed=seed,
        conclusion="G = nim-sum follows by induction on positions (any number of heaps), "
        "argued on paper",
        decomposition=[
            "s = o ⊕ h for each heap h (N3, N4 regroup the list)",
            "(i) no option has value s: o ⊕ g = o ⊕ h would give g = h (N5)",
            "(ii) each u < s is reached: d = s ⊕ u has s ⊕ d = u < s (N6); " + _WALK,
            "lowering that heap to h ⊕ d gives o ⊕ (h ⊕ d) = s ⊕ d = u (N4, N6)",
        ],
    )
    return with_paper_steps(verdict, NIM_VALUE_ID)


def prove_bouton_unbounded(
    *, timeout_ms: int, seed: int = 0, mutation: str | None = None
) -> Verdict:
    """Bouton: a Nim position is P iff its nim-sum is 0, for every k and all heap sizes.

    By induction on positions it suffices that (1) the terminal position (no heaps) has
    nim-sum 0: the empty nim-sum; (2) from s ≠ 0 some move reaches nim-sum 0: take d = s,
    then s ⊕ s = 0 < s (N2), the walk (N7) finds h with h ⊕ s < h, and lowering h to
    h ⊕ s gives o ⊕ (h ⊕ s) = (o ⊕ h) ⊕ s = s ⊕ s = 0 (N4, N2);
    (3) from s = 0 every move (h to g ≠ h) gives o ⊕ g ≠ o ⊕ h = 0 (N5).
    """
    verdict = prove_lemma_set(
        bouton_lemmas(mutation),
        timeout_ms=timeout_ms,
        seed=seed,
        conclusion="the three conditions follow for any number of heaps; P iff nim-sum 0 "
        "by induction on positions, argued on paper",
        decomposition=[
            "(1) terminal: the nim-sum of no heaps is 0",
            "(2) s != 0: d = s has s ⊕ d = 0 < s (N2); " + _WALK,
            "(2) lowering that heap h to h ⊕ s leaves (o ⊕ h) ⊕ s = s ⊕ s = 0 (N4, N2)",
            "(3) s = 0: lowering h to g != h leaves o ⊕ g != o ⊕ h = 0 (N5)",
        ],
    )
    return with_paper_steps(verdict, BOUTON_ID)


def _small_closed(alg: Any, x: Any, y: Any) -> Any:
    return alg.le(alg.xor(x, y), alg.const(1))


def _big_never_cancels(alg: Any, o: Any, h: Any) -> Any:
    return alg.implies(
        alg.and_(alg.le(o, alg.const(1)), alg.le(alg.const(2), h)),
        alg.ne(alg.xor(o, h), alg.const(0)),
    )


def _one_never_cancels(alg: Any, o: Any, h: Any) -> Any:
    # mutant of _big_never_cancels: "a heap of at least 1" in place of "at least 2"
    return alg.implies(
        alg.and_(alg.le(o, alg.const(1)), alg.le(alg.const(1), h)),
        alg.ne(alg.xor(o, h), alg.const(0)),
    )


def _odd_stays_unless_emptied(alg: Any, o: Any) -> Any:
    one, zero = alg.const(1), alg.const(0)
    return alg.implies(alg.eq(alg.xor(o, one), one), alg.ne(alg.xor(o, zero), one))


def _even_becomes_odd(alg: Any, o: Any) -> Any:
    one, zero = alg.const(1), alg.const(0)
    return alg.implies(alg.eq(alg.xor(o, one), zero), alg.eq(alg.xor(o, zero), one))


def _leave_odd_ones(alg: Any, o: Any) -> Any:
    # the move of the big heap to g = 1 - o (0 or 1) leaves nim-sum 1
    one = alg.const(1)
    target = alg.ite(alg.eq(o, alg.const(0)), one, alg.const(0))
    return alg.eq(alg.xor(o, target), one)


def _leave_like_normal(alg: Any, o: Any) -> Any:
    # mutant of _leave_odd_ones: lower the big heap to o, as in normal play
    return alg.eq(alg.xor(o, o), alg.const(1))


def misere_lemmas(mutation: str | None = None) -> list[NaturalLemma | FiniteLemma]:
    """The lemmas of the misère proof: three for all naturals, four over heaps of 0 or 1.

    ``mutation``: ``"normal-endgame"`` lowers the one big heap as in normal play (to
    nim-sum 0), a finite lemma that listing refutes; ``"one-cancels"`` claims that a
    nonempty heap never cancels heaps of at most 1, which bit induction refutes.
    """
    cancel_name, cancel = "M2 o <= 1 and h >= 2 imply o ⊕ h != 0", _big_never_cancels
    leave_name, leave = (
        "M5 o <= 1: lowering the big heap to 1 - o leaves nim-sum 1",
        (_leave_odd_ones),
    )
    if mutation == "one-cancels":
        cancel_name, cancel = "M2 (mutant) o <= 1 and h >= 1 imply o ⊕ h != 0", (_one_never_cancels)
    elif mutation == "normal-endgame":
        leave_name, leave = (
            "M5 (mutant) o <= 1: lowering the big heap to o leaves 1",
            (_leave_like_normal),
        )
    elif mutation is not None:
        raise ValueError(f"unknown mutation {mutation!r} (one-cancels or normal-endgame)")
    return [
        NaturalLemma(N1L, ("x",), _left_identity),
        NaturalLemma(N3, ("x", "y"), _commutes),
        NaturalLemma(N4, ("x", "y", "z"), _associates),
        NaturalLemma(N5, ("o", "h", "g"), _cancels),
        NaturalLemma(cancel_name, ("o", "h"), cancel, uses=(N1L,)),
        FiniteLemma(
            "M1 heaps of at most 1 have a nim-sum of at most 1",
            {"x": _SMALL, "y": _SMALL},
            _small_closed,
        ),
        FiniteLemma(
            "M3 o <= 1, o ⊕ 1 = 1: emptying the heap of 1 leaves nim-sum != 1",
            {"o": _SMALL},
            _odd_stays_unless_emptied,
        ),
        FiniteLemma(
            "M4 o <= 1, o ⊕ 1 = 0: emptying the heap of 1 leaves nim-sum 1",
            {"o": _SMALL},
            _even_becomes_odd,
        ),
        FiniteLemma(leave_name, {"o": _SMALL}, leave),
    ]


def prove_misere_unbounded(
    *, timeout_ms: int, seed: int = 0, mutation: str | None = None
) -> Verdict:
    """Misère Nim for every number of heaps of any sizes: P iff (some heap exceeds 1 and
    s = 0) or (no heap exceeds 1 and s = 1).

    Call that rule R.  In misère play the terminal position is N; another position is P
    iff every option is N.  By induction on positions it suffices that: the empty
    position fails R (s = 0); from a position satisfying R every option fails R; from a
    non-terminal position failing R some option satisfies R.  With o the nim-sum of the
    other heaps (N3, N4), and o <= 1 whenever the others are all at most 1 (M1, by
    induction on the number of heaps):

    * R, some heap > 1, s = 0: a move h -> g gives o ⊕ g != 0 (N5); if no heap exceeds 1
      afterwards, h was the only big heap and o <= 1, but then o ⊕ h != 0 (M2),
      contradicting s = 0; so the option fails R.
    * R, no heap > 1, s = 1: every move empties a heap of 1, leaving o ⊕ 0 != 1 (M3).
    * not R, no heap > 1, some heap of 1: s != 1, so s = 0 (M1); emptying a heap of 1
      leaves nim-sum 1 (M4) with no heap above 1: R.
    * not R, some heap > 1, s != 0, two or more heaps > 1: Bouton's condition (2)
      (theorem bouton-any-number-of-heaps, assumed) gives a move to nim-sum 0; a heap
      above 1 is left, so R holds.
    * not R, exactly one heap h > 1: the others have o <= 1 (M1); lowering h to 1 - o
      leaves only heaps of at most 1 and nim-sum 1 (M5): R.
    """
    verdict = prove_lemma_set(
        misere_lemmas(mutation),
        timeout_ms=timeout_ms,
        seed=seed,
        conclusion="the misère rule follows by induction on positions (any number of "
        "heaps), using Bouton's condition (2), argued on paper",
        decomposition=[
            "terminal: no heaps, s = 0, so R fails, and the terminal position is N",
            "R, a heap > 1, s = 0: options have s != 0 (N5) and keep a heap > 1 (M1, M2)",
            "R, all heaps <= 1, s = 1: emptying a 1 leaves s != 1 (M3)",
            "not R, all <= 1, s = 0 (M1), a heap of 1: emptying it leaves s = 1 (M4)",
            "not R, two or more heaps > 1, s != 0: Bouton's move to s = 0 keeps a heap > 1",
            "not R, one heap > 1: lower it to 1 - o, leaving s = 1 and all heaps <= 1 (M1, M5)",
        ],
    )
    if verdict.status is Status.PROVED:
        verdict = replace(verdict, assumes=(Assumption(BOUTON_ID, UNBOUNDED),))
    return with_paper_steps(verdict, MISERE_ID)
