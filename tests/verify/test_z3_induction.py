"""Induction steps discharged by Z3: unbounded proofs, and refutations confirmed by the
exact solver at the least disagreeing heap."""

import pytest
import z3

import grundy.verify.smt as smt
from grundy.smt_record import collecting_queries
from grundy.theory.nim_sum import prove_distinct_powers_any_count
from grundy.verdict import Status
from grundy.verify.z3_induction import (
    ResidueClass,
    Residues,
    prove_take_away_closed_form,
    prove_take_away_misere,
)

TIMEOUT = 20_000


def test_take_away_closed_form_is_proved_for_every_n_and_k():
    verdict = prove_take_away_closed_form(
        (lambda n, k: n % (k + 1), lambda n, k: n % (k + 1)), timeout_ms=TIMEOUT
    )
    assert verdict.status is Status.PROVED
    assert verdict.unbounded
    assert verdict.details["lemmas"]


@pytest.mark.parametrize(
    ("form", "least"),
    [
        ((lambda n, k: n % k, lambda n, k: n % k), {"k": 1, "n": 1, "G(n)": 1}),
        ((lambda n, k: n % (k + 2), lambda n, k: n % (k + 2)), {"k": 1, "n": 2, "G(n)": 0}),
    ],
    ids=["mod-k", "mod-k-plus-2"],
)
def test_wrong_closed_forms_are_refuted_at_the_least_heap(form, least):
    verdict = prove_take_away_closed_form(form, timeout_ms=TIMEOUT)
    assert verdict.status is Status.REFUTED
    assert dict(verdict.counterexample) == least


def test_a_failed_step_without_a_real_counterexample_is_unknown():
    # G(n) = n mod (k+1) written as a step that Z3 cannot verify: the "closed form" in Z3
    # is wrong (n mod k), but the Python form the solver is compared with is right.
    verdict = prove_take_away_closed_form(
        (lambda n, k: n % k, lambda n, k: n % (k + 1)), timeout_ms=TIMEOUT
    )
    assert verdict.status is Status.UNKNOWN
    assert "not proved, not refuted" in verdict.message


def test_misere_take_away():
    right = prove_take_away_misere(
        (lambda n, k: n % (k + 1) == 1, lambda n, k: n % (k + 1) == 1), timeout_ms=TIMEOUT
    )
    assert right.status is Status.PROVED
    wrong = prove_take_away_misere(
        (lambda n, k: n % (k + 1) == 0, lambda n, k: n % (k + 1) == 0), timeout_ms=TIMEOUT
    )
    assert wrong.status is Status.REFUTED
    assert dict(wrong.counterexample) == {"k": 1, "n": 0, "misere outcome": "N"}


def test_distinct_powers_for_any_count_and_its_false_generalisation():
    right = prove_distinct_powers_any_count(32, timeout_ms=TIMEOUT)
    assert right.status is Status.PROVED
    assert [name[:2] for name in right.details["lemmas"]] == ["D1", "D2", "D3"]
    wrong = prove_distinct_powers_any_count(32, timeout_ms=TIMEOUT, disjoint="any")
    assert wrong.status is Status.REFUTED
    # least by p + q; (1, 3) and (3, 1) tie, and either may come back
    assert sorted(wrong.counterexample.values()) == [1, 3]


# -- n mod K read off n's coordinates (issue 39: linear, so that cvc5 re-proves it) -------


def _has_no_model(*facts: z3.BoolRef) -> bool:
    solver = z3.Solver()
    solver.set("timeout", TIMEOUT)
    solver.add(*facts)
    return solver.check() == z3.unsat


def test_the_residues_read_n_minus_d_mod_k_exactly_within_their_range():
    # the side lemma: for every K >= 1 and heap n = q·K + a (0 <= a < K), the value read
    # for n - d with 0 <= d <= K is (n - d) mod K.  Z3 decides it at once in three steps
    # (asked in one piece it may not finish in 20 s): the quotient of n - d is q - j, j = 0
    # if a >= d and 1 if not; the value read is n - d less (q - j)·K; so it is the remainder
    n, k, d, q, a = z3.Ints("n k d q a")
    for modulus in (lambda k: k + 1, lambda k: k):
        form = Residues(modulus)
        base = modulus(k)
        on_a_heap = [k >= 1, n >= 0, *form.premises(n, k)]
        read = form.as_term(n - d, k)
        j = z3.If(a >= d, 0, 1)
        steps = [(n - d) / base == q - j, read == (n - d) - (q - j) * base, read == (n - d) % base]
        for done, step in enumerate(steps):
            assert _has_no_model(*on_a_heap, d >= 0, d <= base, *steps[:done], z3.Not(step))
        # beyond that range nothing is known of the value read
        assert not _has_no_model(*on_a_heap, d == base + 1, read != (n - d) % base)
        # and every n >= 0 has coordinates: q = n div K, a = n mod K
        named = z3.substitute(z3.And(form.premises(n, k)), (q, n / base), (a, n % base))
        assert _has_no_model(k >= 1, n >= 0, z3.Not(named))
    assert [Residues(lambda k: k + 1).as_python(h, 3) for h in range(9)] == [0, 1, 2, 3] * 2 + [0]


@pytest.mark.parametrize(
    ("modulus", "least"),
    [
        (lambda k: k + 1, None),
        (lambda k: k, {"k": 1, "n": 1, "G(n)": 1}),
        (lambda k: k + 2, {"k": 1, "n": 2, "G(n)": 0}),
    ],
    ids=["k-plus-1", "mod-k", "mod-k-plus-2"],
)
def test_the_residue_closed_form_is_re_proved_by_cvc5_and_its_mutants_refuted(modulus, least):
    with collecting_queries("cvc5"):
        verdict = prove_take_away_closed_form(Residues(modulus), timeout_ms=TIMEOUT)
    if least is None:
        assert verdict.status is Status.PROVED and verdict.unbounded
        assert verdict.solvers == ("z3", "cvc5")
        assert "mod" not in verdict.smt[0].script and "div" not in verdict.smt[0].script
    else:
        assert verdict.status is Status.REFUTED
        assert dict(verdict.counterexample) == least


@pytest.mark.parametrize(
    ("prove", "mutant"),
    [
        (prove_take_away_closed_form, Residues(lambda k: k)),
        (prove_take_away_misere, ResidueClass(lambda k: k + 1, 0)),
    ],
    ids=["normal", "misere"],
)
def test_cvc5_alone_catches_a_first_solver_that_proves_a_mutant(monkeypatch, prove, mutant):
    monkeypatch.setattr(smt, "checked", lambda solver, timeout_ms, meter: z3.unsat)
    with collecting_queries("cvc5"):
        caught = prove(mutant, timeout_ms=TIMEOUT)
    assert caught.status is Status.UNKNOWN
    assert "z3 answered unsat, cvc5 answered sat" in caught.message
    with collecting_queries("none"):
        fooled = prove(mutant, timeout_ms=TIMEOUT)
    assert fooled.status is Status.PROVED


# -- the misère class n mod K = r read off the same coordinates ---------------------------


def test_the_residue_class_and_its_witness_read_what_mod_reads():
    # on heaps n = q·K + a with every coordinate a number: "n - d is in the class" is
    # (n - d) mod K = r for 0 <= d <= K, and the witness move is (n - r) mod K, for r = 0
    # and 1.  (For unknown n and k this is Residues' side lemma above, at d and at d = r.)
    n, k, q, a = z3.Ints("n k q a")
    for modulus in (lambda k: k + 1, lambda k: k):
        for residue in (0, 1):
            form = ResidueClass(modulus, residue)
            for heaps in range(1, 5):
                base = modulus(heaps)
                for heap in range(13):
                    at = [(n, z3.IntVal(heap)), (k, z3.IntVal(heaps))]
                    at += [(q, z3.IntVal(heap // base)), (a, z3.IntVal(heap % base))]

                    def value(term, at=at):
                        return z3.simplify(z3.substitute(term, *at))

                    for d in range(base + 1):
                        read = value(form.as_term(n - d, k))
                        assert z3.is_true(read) == ((heap - d) % base == residue), (heap, d)
                    if residue <= base:
                        move = value(form.witness(n, k)).as_long()
                        assert move == (heap - residue) % base, (heap, residue)
    assert [ResidueClass(lambda k: k + 1, 1).as_python(h, 2) for h in range(7)] == [
        False,
        True,
        False,
        False,
        True,
        False,
        False,
    ]


@pytest.mark.parametrize(
    ("residue", "least"),
    [(1, None), (0, {"k": 1, "n": 0, "misere outcome": "N"})],
    ids=["one", "zero"],
)
def test_the_misere_class_is_re_proved_by_cvc5_and_its_mutant_refuted(residue, least):
    with collecting_queries("cvc5"):
        verdict = prove_take_away_misere(ResidueClass(lambda k: k + 1, residue), timeout_ms=TIMEOUT)
    if least is None:
        assert verdict.status is Status.PROVED and verdict.unbounded
        assert verdict.solvers == ("z3", "cvc5")
        script = verdict.smt[0].script
        assert "(mod" not in script and "(div" not in script
    else:
        assert verdict.status is Status.REFUTED
        assert dict(verdict.counterexample) == least
