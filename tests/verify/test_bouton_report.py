"""Bouton's query-by-query verdict reports what it checked: the scope of the move-to-zero
query, which heap each from-zero query lowers, and the method, per-query seconds and
parts of the combined verdict, proved or not."""

import pytest

from grundy.theory import bouton
from grundy.verdict import Status, Verdict

HEAPS, WIDTH = 3, 4
SCOPE = f"bounded: {HEAPS} heaps, each of size < 2^{WIDTH}"


@pytest.mark.parametrize("encoding", ["disjunction", "top-bit", "named-sum", "named-top-bit"])
def test_the_move_to_zero_verdict_names_its_heaps_and_width(encoding):
    verdict = bouton.bouton_move_to_zero(HEAPS, WIDTH, encoding).prove(timeout_ms=20_000)
    assert verdict.status is Status.PROVED
    assert verdict.scope == SCOPE


def test_each_from_zero_query_is_named_after_the_heap_it_lowers():
    # heaps are h1..hk (1-based, as in the reports); query number i + 2 lowers heap i + 1
    queries = bouton.bouton_queries(HEAPS, WIDTH)[2:]
    for number, query in enumerate(queries, start=1):
        assert query.name == f"bouton-from-zero-heap-{number}"
        assert f"ULT(to, h{number})" in str(query.goal)
        assert [str(v) for v in query.variables] == [f"h{i}" for i in range(1, HEAPS + 1)] + ["to"]


def test_the_proved_verdict_reports_its_method_queries_and_parts():
    verdict = bouton.prove_bouton(HEAPS, WIDTH, timeout_ms=20_000)
    assert verdict.status is Status.PROVED
    assert verdict.method == "z3"
    assert verdict.scope == SCOPE
    assert len(verdict.parts) == HEAPS + 2
    assert [q["query"] for q in verdict.details["queries"]] == [
        q.name for q in bouton.bouton_queries(HEAPS, WIDTH)
    ]
    for row, part in zip(verdict.details["queries"], verdict.parts, strict=True):
        assert row["status"] == "proved"
        assert row["seconds"] == round(part.seconds, 3)


def test_each_query_reports_its_own_seconds():
    verdicts = [
        Verdict(Status.PROVED, "z3", SCOPE, seconds=0.12345),
        Verdict(Status.PROVED, "z3", SCOPE, seconds=2.0004),
    ]
    combined = bouton.combine_bouton_queries(2, WIDTH, ["first", "second"], verdicts)
    assert [q["seconds"] for q in combined.details["queries"]] == [0.123, 2.0]
    assert combined.seconds == pytest.approx(0.12345 + 2.0004)


def test_a_failed_query_keeps_every_query_verdict_as_a_part():
    # the first-heap mutant in place of the move-to-zero query: refuted, and the report
    # still carries the verdicts of all queries (the proved ones included)
    queries = list(bouton.bouton_queries(2, WIDTH))
    queries[1] = bouton.first_heap_move(2, WIDTH)
    verdict = bouton.prove_bouton(2, WIDTH, timeout_ms=20_000, queries=queries)
    assert verdict.status is Status.REFUTED
    assert verdict.details["failed query"] == "first-heap-move"
    assert [p.status for p in verdict.parts] == [
        Status.PROVED,
        Status.REFUTED,
        Status.PROVED,
        Status.PROVED,
    ]
    assert verdict.parts[1].counterexample == verdict.counterexample
