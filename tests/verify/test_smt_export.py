"""Every Z3 answer a verdict rests on is exported as SMT-LIB 2 and re-proved by cvc5
(issue 39): each path (an encoding, the bit induction, the birthday induction, P-set
induction, a user claim's Z3 path) records its queries, each file re-runs to its expected
answer in a fresh Z3 and in cvc5, and the second solver catches a first solver that lies."""

from __future__ import annotations

import z3

import grundy.verify.smt as smt
from grundy.claims import check_claim
from grundy.claims.model import claims_from_text
from grundy.settings import CheckSettings
from grundy.smt_record import SmtQuery, collecting_queries, expected_of, smt_file_text
from grundy.theory.bouton import bouton_terminal
from grundy.theory.nim import bouton_lemmas
from grundy.theory.sprague_grundy_steps import g_plus_g_step
from grundy.verdict import Status
from grundy.verify.birthday_induction import prove_birthday_step
from grundy.verify.bit_induction import prove_for_all_naturals
from grundy.verify.second_solver import solve_smt2
from grundy.verify.z3engine import prove_z3

TIMEOUT = 20_000
SETTINGS = CheckSettings(claim_seconds=None, claim_memory=None)

BOUTON_CLAIM = """
[[claim]]
id = "bouton-three"
game = "nim"
vars = ["a", "b", "c"]
range = { a = [0, 1000], b = [0, 1000], c = [0, 1000] }
statement = "(outcome == 'P') == (a ^ b ^ c == 0)"
method = "z3"
"""

P_SET_CLAIM = """
[[claim]]
id = "take-away-mod-4"
game = "take-away"
vars = ["n"]
range = { n = [0, 400] }
statement = "(outcome == 'P') == (n % 4 == 0)"
method = "p-set"
"""


def _claim(text: str, second: str = "cvc5"):
    (claim,) = claims_from_text(text)
    settings = CheckSettings(claim_seconds=None, claim_memory=None, second_solver=second)
    return check_claim(claim, settings)


def _rerun_with_z3(text: str) -> str:
    """A fresh Z3 on the file's text, as anyone would run it."""
    solver = z3.Solver()
    solver.from_string(text)
    return str(solver.check())


def _each_path() -> dict[str, list[SmtQuery]]:
    found: dict[str, list[SmtQuery]] = {}
    with collecting_queries("cvc5") as queries:
        assert bouton_terminal(3, 8).prove(timeout_ms=TIMEOUT).status is Status.PROVED
    found["encoding"] = queries
    (lemma,) = [lemma for lemma in bouton_lemmas() if lemma.name.startswith("N4 ")]
    with collecting_queries("cvc5") as queries:
        assert prove_for_all_naturals(lemma, timeout_ms=TIMEOUT).status is Status.PROVED
    found["bit induction"] = queries
    with collecting_queries("cvc5") as queries:
        assert prove_birthday_step(g_plus_g_step(), timeout_ms=TIMEOUT).status is Status.PROVED
    found["birthday induction"] = queries
    found["p-set induction"] = list(_claim(P_SET_CLAIM).smt)
    found["claim by z3"] = list(_claim(BOUTON_CLAIM).smt)
    return found


def test_every_path_records_its_queries_and_each_file_reruns_to_its_expected_answer():
    for path, queries in _each_path().items():
        assert queries, path
        for query in queries:
            text = smt_file_text(query, "a-claim", "A claim")
            assert expected_of(text) == query.expected
            assert "; step: " in text and "; claim: a-claim" in text
            assert _rerun_with_z3(text) == query.expected, (path, query.step)
            assert solve_smt2("cvc5", text, TIMEOUT).answer == query.expected, (path, query.step)
            assert query.agreed == ("z3", "cvc5"), (path, query.step)


def test_p_set_and_claim_proofs_rest_on_a_sat_query_too():
    # "some case satisfies assume" is an answer the proof rests on: a vacuous claim proves nothing
    for text in (P_SET_CLAIM, BOUTON_CLAIM):
        verdict = _claim(text)
        assert verdict.status is Status.PROVED
        assert "sat" in {query.expected for query in verdict.smt}
        assert "unsat" in {query.expected for query in verdict.smt}
        assert verdict.solvers == ("z3", "cvc5")
        assert verdict.to_json()["solvers"] == ["z3", "cvc5"]


def test_second_solver_none_leaves_the_proof_resting_on_z3_alone():
    verdict = _claim(BOUTON_CLAIM, second="none")
    assert verdict.status is Status.PROVED
    assert verdict.solvers == ("z3",)
    assert all(query.answers == (("z3", query.expected),) for query in verdict.smt)


def test_a_refutation_records_no_query_it_does_not_rest_on():
    # a counterexample is re-checked without any solver: its sat answer is not exported
    x, y = z3.BitVecs("x y", 8)
    with collecting_queries("cvc5") as queries:
        verdict = prove_z3(
            x ^ y == x + y,
            scope="bounded: 8-bit x, y",
            timeout_ms=TIMEOUT,
            decode=lambda m: {"x": m.eval(x).as_long(), "y": m.eval(y).as_long()},
            recheck=lambda c: c["x"] ^ c["y"] == (c["x"] + c["y"]) % 256,
        )
    assert verdict.status is Status.REFUTED
    assert queries == [] and verdict.smt == ()


def _lying_check(monkeypatch, honest_first: int = 0):
    """Z3 made to answer unsat to every query after the first ``honest_first``: the first
    solver lies (where the true answer is sat)."""
    calls = []
    real = smt.checked

    def lie(solver, timeout_ms, meter):
        calls.append(1)
        return real(solver, timeout_ms, meter) if len(calls) <= honest_first else z3.unsat

    monkeypatch.setattr(smt, "checked", lie)


def test_the_second_solver_alone_catches_a_first_solver_that_lies(monkeypatch):
    x, y = z3.BitVecs("x y", 8)
    false_goal = x ^ y == x + y  # fails at x = y = 1
    _lying_check(monkeypatch)
    with collecting_queries("cvc5"):
        caught = prove_z3(false_goal, scope="bounded: 8-bit x, y", timeout_ms=TIMEOUT)
    assert caught.status is Status.UNKNOWN
    assert "z3 answered unsat, cvc5 answered sat" in caught.message
    assert caught.smt[0].disagreement and caught.solvers == ()
    # the mutant: without the second solver, the lie is a proof (only cvc5 refutes it)
    with collecting_queries("none"):
        fooled = prove_z3(false_goal, scope="bounded: 8-bit x, y", timeout_ms=TIMEOUT)
    assert fooled.status is Status.PROVED


def test_a_lie_on_a_p_set_condition_is_caught(monkeypatch):
    # the mod-3 statement is false for take-away (P-positions are the multiples of 4)
    # (the first query, that some case exists, is answered honestly)
    mod_3 = P_SET_CLAIM.replace("n % 4", "n % 3").replace("take-away-mod-4", "mod-3")
    assert _claim(mod_3).status is Status.REFUTED  # honest solvers
    _lying_check(monkeypatch, honest_first=1)
    verdict = _claim(mod_3)
    assert verdict.status is Status.UNKNOWN
    assert "the solvers disagree: z3 answered unsat, cvc5 answered sat" in verdict.message
    monkeypatch.undo()
    _lying_check(monkeypatch, honest_first=1)
    assert _claim(mod_3, second="none").status is Status.PROVED  # the lie gets through


def test_a_second_solver_that_cannot_read_a_query_says_unknown_never_an_answer():
    assert solve_smt2("cvc5", "(assert (> x 1))", 1000).answer == "unknown"
    assert solve_smt2("cvc5", "(declare-fun x () Int)(assert (> x 1))", 1000).answer == "sat"


def test_settings_refuse_an_unknown_second_solver():
    import pytest

    from grundy.errors import InvalidArgumentError

    with pytest.raises(InvalidArgumentError, match="second_solver"):
        CheckSettings(second_solver="bitwuzla")


def test_a_text_asked_again_is_answered_from_memory_unless_it_had_less():
    import grundy.verify.second_solver as second

    text = "(declare-fun q_memo () Int)(assert (> q_memo 1))"
    second._ANSWERS.pop(("cvc5", __import__("hashlib").sha256(text.encode()).hexdigest()), None)
    first = solve_smt2("cvc5", text, 1000)
    key = next(k for k in second._ANSWERS if second._ANSWERS[k][0] is first)
    stale = second.SecondAnswer("unknown", "stale", second.BY_RESOURCES)
    second._ANSWERS[key] = (stale, 50_000, 1000)
    assert solve_smt2("cvc5", text, 5000, 50_000).reason == "stale"  # no more units
    assert solve_smt2("cvc5", text, 500, 60_000).answer == "sat"  # more units: solved again
    # a try the backstop ended is tried again with a longer backstop, not a shorter one
    cut = second.SecondAnswer("unknown", "cut", second.BY_BACKSTOP)
    second._ANSWERS[key] = (cut, 50_000, 1000)
    assert solve_smt2("cvc5", text, 1000, 50_000).reason == "cut"
    assert solve_smt2("cvc5", text, 2000, 50_000).answer == "sat"
