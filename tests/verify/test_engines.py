"""The generic exhaustive and random engines: each can prove (or leave unrefuted) and fail."""

from hypothesis import strategies as st

from grundy.games import Nim
from grundy.nimber import nim_sum
from grundy.solve import Outcome, Solver
from grundy.verdict import Status
from grundy.verify.exhaustive import check_exhaustive, count_integer_cases, integer_cases
from grundy.verify.random_search import search_random

RANGES = {"a": (0, 3), "b": (0, 3), "c": (0, 3)}


def test_integer_cases_are_ordered_by_sum_then_lexicographically():
    cases = [tuple(c.values()) for c in integer_cases(RANGES)]
    assert len(cases) == count_integer_cases(RANGES) == 64
    assert len(set(cases)) == 64
    keys = [(sum(c), c) for c in cases]
    assert keys == sorted(keys)


def test_integer_cases_respect_lower_bounds_and_empty_ranges():
    assert [c["n"] for c in integer_cases({"n": (3, 5)})] == [3, 4, 5]
    assert list(integer_cases({"n": (5, 3)})) == []
    assert count_integer_cases({"n": (5, 3)}) == 0


def bouton(case):
    position = (case["a"], case["b"], case["c"])
    return (Solver(Nim()).outcome(position) is Outcome.P) == (nim_sum(*position) == 0)


def test_exhaustive_proves_bouton_on_a_small_domain():
    verdict = check_exhaustive(integer_cases(RANGES), bouton, scope="bounded: a, b, c <= 3")
    assert verdict.status is Status.PROVED
    assert verdict.cases == 64
    assert verdict.scope == "bounded: a, b, c <= 3"


def test_exhaustive_refutes_with_the_first_failure_in_order():
    def like_sum(case):  # false: "P iff the ordinary sum is even"
        position = (case["a"], case["b"], case["c"])
        return (Solver(Nim()).outcome(position) is Outcome.P) == (sum(position) % 2 == 0)

    verdict = check_exhaustive(
        integer_cases(RANGES),
        like_sum,
        scope="bounded",
        explain=lambda c: {"nim_sum": c["a"] ^ c["b"] ^ c["c"]},
    )
    assert verdict.status is Status.REFUTED
    # (0,1,1) is P with an even sum; (0,0,2) has even sum 2 but is N: the first failure.
    assert verdict.counterexample == {"a": 0, "b": 0, "c": 2, "nim_sum": 2}


def test_exhaustive_limit_and_disagreeing_recheck_give_unknown():
    limited = check_exhaustive(integer_cases(RANGES), bouton, scope="bounded", limit=10)
    assert limited.status is Status.UNKNOWN
    assert limited.cases == 10
    flaky = check_exhaustive([{"n": 1}], lambda c: False, scope="bounded", recheck=lambda c: True)
    assert flaky.status is Status.UNKNOWN


HEAPS = st.fixed_dictionaries(
    {"a": st.integers(0, 2**64), "b": st.integers(0, 2**64), "c": st.integers(0, 2**64)}
)


def test_random_search_leaves_a_true_statement_unrefuted_never_proved():
    verdict = search_random(
        HEAPS,
        bouton,
        seed=3,
        examples=100,
        scope="random: heaps < 2^64",
        size=lambda c: max(c.values()),
    )
    assert verdict.status is Status.UNREFUTED
    assert verdict.cases == 100
    assert verdict.details["seed"] == 3
    assert verdict.details["largest_size"] > 2**32


def test_random_search_shrinks_a_counterexample_and_is_reproducible():
    def small(case):  # false: every heap is below 1000
        return max(case.values()) < 1000

    first = search_random(HEAPS, small, seed=5, examples=200, scope="random")
    again = search_random(HEAPS, small, seed=5, examples=200, scope="random")
    assert first.status is Status.REFUTED
    assert first.counterexample == {"a": 0, "b": 0, "c": 1000}
    assert again.counterexample == first.counterexample


def test_combined_verdicts_name_each_engine_once_and_keep_every_part():
    from grundy.verdict import Verdict, combine_verdicts

    parts = [
        Verdict(Status.PROVED, "exhaustive", "bounded: a", cases=3),
        Verdict(Status.PROVED, "exhaustive", "bounded: b", cases=5),
        Verdict(Status.UNREFUTED, "random", "random", cases=100),
    ]
    combined = combine_verdicts(parts)
    assert combined.method == "exhaustive+random"
    assert combined.parts == tuple(parts)
    assert combined.status is Status.PROVED and combined.cases == 8
    assert combined.scope == "bounded: a; bounded: b"


def test_z3_counterexample_ties_are_broken_in_the_stated_order():
    import z3

    from grundy.verify.z3engine import model_values, prove_z3

    x, y = z3.BitVecs("x y", 8)
    wide = z3.ZeroExt(8, x) + z3.ZeroExt(8, y)
    for seed in (0, 1, 2):
        verdict = prove_z3(
            wide != 3,
            scope="bounded: 8-bit x, y",
            timeout_ms=5000,
            decode=lambda model: model_values(model, [x, y]),
            recheck=lambda case: case["x"] + case["y"] != 3,
            minimise=[wide, x, y],
            seed=seed,
        )
        assert verdict.counterexample == {"x": 0, "y": 3}
