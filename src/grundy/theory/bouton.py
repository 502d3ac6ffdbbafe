"""Bouton's theorem as Z3 encodings: the three conditions for k heaps below ``2**w``.

(1) the terminal position has nim-sum 0; (2) from a nonzero nim-sum some move reaches 0;
(3) from nim-sum 0 every move leaves a nonzero nim-sum.  Each builder returns an
:class:`~grundy.verify.z3engine.Encoding` (a Z3 goal and the same statement in plain
Python).  For many heaps, :func:`prove_bouton` runs the fast decomposition of
:func:`bouton_queries` (the nim-sum as a named variable, condition (3) one heap at a
time): 16 heaps of 64 bits in about half a second.  Bouton's theorem for any number of
heaps of any sizes, by induction on the bits, is in :mod:`grundy.theory.nim`.

>>> bouton_terminal(3, 8).prove(timeout_ms=10_000).status
<Status.PROVED: 'proved'>
"""

from __future__ import annotations

from collections.abc import Sequence

import z3

from grundy.errors import InvalidParameterError
from grundy.theory.bit_vectors import (
    bit_vectors,
    heap_scope,
    heap_values,
    heap_vectors,
    plain_xor,
    xor_all,
)
from grundy.verdict import Status, Verdict
from grundy.verify.z3engine import Case, Encoding, least_first

__all__ = [
    "Encoding",
    "bouton_move_to_zero",
    "bouton_moves_from_zero",
    "bouton_moves_from_zero_at",
    "bouton_queries",
    "bouton_query",
    "bouton_terminal",
    "combine_bouton_queries",
    "first_heap_move",
    "largest_heap_move",
    "prove_bouton",
]

# -- Bouton's three conditions -----------------------------------------------------------------


def bouton_terminal(heaps: int, width: int) -> Encoding:
    """(1) The terminal position (every heap empty) has nim-sum 0."""
    sizes = heap_vectors(heaps, width)
    goal = z3.Implies(z3.And(*[h == 0 for h in sizes]), xor_all(sizes) == 0)

    def holds(case: Case) -> bool:
        values = heap_values(case, heaps)
        return any(values) or plain_xor(values) == 0

    return Encoding("bouton-terminal", goal, tuple(sizes), holds, heap_scope(heaps, width))


def bouton_move_to_zero(heaps: int, width: int, encoding: str = "disjunction") -> Encoding:
    """(2) From nonzero nim-sum s some heap h can be lowered to h ⊕ s, leaving nim-sum 0.

    ``encoding="disjunction"`` states "there is a heap i" as a disjunction over the heaps;
    ``"top-bit"`` also names the witness of the inductive proof (seed 003): a heap having
    the top bit of s, whose reduction gives the move.  ``"named-sum"`` and
    ``"named-top-bit"`` are the same two statements with s a variable of its own, tied to
    the heaps by the premise ``s ⊕ h1 ⊕ ... ⊕ hk = 0`` (see :func:`_named_sum`): since
    the premise defines s, the statement is unchanged, and Z3 proves it about a hundred
    times faster for 16 heaps of 64 bits (0.1 s instead of 25-36 s).

    >>> encoding = bouton_move_to_zero(4, 16, "named-sum")
    >>> encoding.prove(timeout_ms=20_000).status
    <Status.PROVED: 'proved'>
    """
    if encoding not in _MOVE_ENCODINGS:
        raise InvalidParameterError(f"unknown encoding {encoding!r} ({', '.join(_MOVE_ENCODINGS)})")
    sizes = heap_vectors(heaps, width)
    premise: z3.BoolRef
    if encoding.startswith("named"):
        total, is_nim_sum = _named_sum(sizes, width)
        premise = z3.And(is_nim_sum, total != 0)
    else:
        total = xor_all(sizes)
        premise = total != 0

    def move_from(index: int) -> z3.BoolRef:
        lowered = sizes[index] ^ total
        after = xor_all([lowered if i == index else h for i, h in enumerate(sizes)])
        return z3.And(z3.ULT(lowered, sizes[index]), after == 0)

    if encoding.endswith("top-bit"):
        top = _top_bit(total, width)
        conclusion = z3.Or(*[z3.And(sizes[i] & top != 0, move_from(i)) for i in range(heaps)])
    else:
        conclusion = z3.Or(*[move_from(i) for i in range(heaps)])
    goal = z3.Implies(premise, conclusion)

    def holds(case: Case) -> bool:
        values = heap_values(case, heaps)
        s = plain_xor(values)
        return s == 0 or any(v ^ s < v for v in values)

    return Encoding(f"bouton-move-{encoding}", goal, tuple(sizes), holds, heap_scope(heaps, width))


_MOVE_ENCODINGS = ("disjunction", "top-bit", "named-sum", "named-top-bit")


def bouton_moves_from_zero(heaps: int, width: int) -> Encoding:
    """(3) From nim-sum 0, lowering any one heap leaves a nonzero nim-sum."""
    sizes = heap_vectors(heaps, width)
    (lowered,) = bit_vectors("to", width)
    index = z3.BitVec("heap", 8)
    moves = [
        z3.And(
            index == i,
            z3.ULT(lowered, sizes[i]),
            xor_all([lowered if j == i else h for j, h in enumerate(sizes)]) == 0,
        )
        for i in range(heaps)
    ]
    goal = z3.Implies(xor_all(sizes) == 0, z3.Not(z3.Or(*moves)))

    def holds(case: Case) -> bool:
        values = heap_values(case, heaps)
        i, to = case["heap"], case["to"]
        if plain_xor(values) != 0 or not 0 <= i < heaps or not to < values[i]:
            return True
        return plain_xor([to if j == i else v for j, v in enumerate(values)]) != 0

    return Encoding(
        "bouton-from-zero",
        goal,
        (*sizes, lowered, index),
        holds,
        heap_scope(heaps, width),
        minimise=least_first(sizes),
    )


def _named_sum(sizes: Sequence[z3.BitVecRef], width: int) -> tuple[z3.BitVecRef, z3.BoolRef]:
    """A fresh variable ``s`` and the fact that it is the nim-sum of ``sizes``.

    The fact is written ``s ⊕ h1 ⊕ ... ⊕ hk = 0`` rather than ``s = h1 ⊕ ... ⊕ hk`` on
    purpose: Z3's equation solver eliminates a variable defined by an equation of the
    second shape, substituting the whole XOR back for ``s``, and then ``hi ⊕ s`` becomes
    the XOR of the other heaps, which loses the link between a heap and the bits of s.
    Kept as a variable, ``hi ⊕ s < hi`` is a comparison between two vectors and s's top
    bit, which bit-level propagation settles at once.
    """
    total = z3.BitVec("s", width)
    return total, (total ^ xor_all(sizes)) == 0


def bouton_moves_from_zero_at(heaps: int, width: int, index: int) -> Encoding:
    """(3) for one heap: from nim-sum 0, lowering heap ``index`` (0-based) to any smaller
    size ``to`` leaves a nonzero nim-sum.

    A move changes exactly one heap, so condition (3) is the conjunction of these
    statements over ``index = 0 .. heaps - 1``; each is a small query.

    >>> bouton_moves_from_zero_at(3, 16, 1).prove(timeout_ms=20_000).status
    <Status.PROVED: 'proved'>
    """
    if not 0 <= index < heaps:
        raise InvalidParameterError(f"heap index {index} is outside 0..{heaps - 1}")
    sizes = heap_vectors(heaps, width)
    (lowered,) = bit_vectors("to", width)
    after = xor_all([lowered if j == index else h for j, h in enumerate(sizes)])
    goal = z3.Implies(z3.And(xor_all(sizes) == 0, z3.ULT(lowered, sizes[index])), after != 0)

    def holds(case: Case) -> bool:
        values = heap_values(case, heaps)
        to = case["to"]
        if plain_xor(values) != 0 or not to < values[index]:
            return True
        return plain_xor([to if j == index else v for j, v in enumerate(values)]) != 0

    return Encoding(
        f"bouton-from-zero-heap-{index + 1}",
        goal,
        (*sizes, lowered),
        holds,
        heap_scope(heaps, width),
        minimise=least_first(sizes),
    )


def bouton_queries(heaps: int, width: int) -> tuple[Encoding, ...]:
    """Bouton's three conditions as ``heaps + 2`` Z3 queries whose conjunction is exactly
    the three conditions (the decomposition :func:`prove_bouton` proves).

    (1) terminal position; (2) one query, :func:`bouton_move_to_zero` with the nim-sum
    named; (3) one query per heap, :func:`bouton_moves_from_zero_at`.  Why the split of
    (3) is sound: a move lowers exactly one heap i to some ``to < hi``, so "every move
    from nim-sum 0 leaves a nonzero nim-sum" is the conjunction over i of "every move in
    heap i does", and each conjunct is one query.

    >>> [q.name for q in bouton_queries(2, 8)]  # doctest: +NORMALIZE_WHITESPACE
    ['bouton-terminal', 'bouton-move-named-sum', 'bouton-from-zero-heap-1',
     'bouton-from-zero-heap-2']
    """
    return tuple(bouton_query(heaps, width, number) for number in range(heaps + 2))


def bouton_query(heaps: int, width: int, number: int) -> Encoding:
    """Query ``number`` (from 0) of :func:`bouton_queries`, built alone: a task that
    proves one query need not build the others."""
    if number == 0:
        return bouton_terminal(heaps, width)
    if number == 1:
        return bouton_move_to_zero(heaps, width, "named-sum")
    return bouton_moves_from_zero_at(heaps, width, number - 2)


def prove_bouton(
    heaps: int,
    width: int,
    *,
    timeout_ms: int,
    seed: int = 0,
    queries: Sequence[Encoding] | None = None,
) -> Verdict:
    """Bouton's three conditions for ``heaps`` heaps below ``2**width``, query by query.

    ``queries`` defaults to :func:`bouton_queries`.  Proved only when every query is
    proved; otherwise the first refuted query is the verdict (its counterexample was
    re-checked without Z3), else the first unknown one: a single unknown or timed-out
    query makes the whole verdict unknown, never proved.  ``timeout_ms`` applies to each
    query.  The details name the decomposition and each query's verdict and seconds.

    >>> verdict = prove_bouton(3, 16, timeout_ms=20_000)
    >>> verdict.status, len(verdict.details["queries"])
    (<Status.PROVED: 'proved'>, 5)
    """
    chosen = tuple(bouton_queries(heaps, width) if queries is None else queries)
    verdicts = [query.prove(timeout_ms=timeout_ms, seed=seed) for query in chosen]
    return combine_bouton_queries(heaps, width, [q.name for q in chosen], verdicts)


def combine_bouton_queries(
    heaps: int, width: int, names: Sequence[str], verdicts: Sequence[Verdict]
) -> Verdict:
    """The verdict of :func:`prove_bouton` from its queries' names and verdicts (proved
    separately, e.g. as parallel tasks)."""
    details = {
        "decomposition": "(1) terminal; (2) move to zero, nim-sum named; "
        "(3) from zero, one query per heap lowered",
        "queries": [
            {"query": name, "status": v.status.value, "seconds": round(v.seconds, 3)}
            for name, v in zip(names, verdicts, strict=True)
        ],
    }
    seconds = sum(v.seconds for v in verdicts)
    for wanted in (Status.REFUTED, Status.UNKNOWN, Status.ERROR):
        failed = [(n, v) for n, v in zip(names, verdicts, strict=True) if v.status is wanted]
        if failed:
            name, verdict = failed[0]
            return Verdict(
                wanted,
                verdict.method,
                verdict.scope,
                counterexample=verdict.counterexample,
                message=f"query {name}: {verdict.message}",
                seconds=seconds,
                details={**details, "failed query": name, **verdict.details},
                parts=tuple(verdicts),
            )
    return Verdict(
        Status.PROVED,
        "z3",
        heap_scope(heaps, width),
        message=f"all {len(verdicts)} queries proved (unsat negations)",
        seconds=seconds,
        details=details,
        parts=tuple(verdicts),
    )


def first_heap_move(heaps: int, width: int) -> Encoding:
    """Mutant, in the named-sum encoding: from a nonzero nim-sum s the first heap can
    always be lowered to h1 ⊕ s (false: (0, 1) has s = 1 and h1 ⊕ s = 1 > 0)."""
    sizes = heap_vectors(heaps, width)
    total, is_nim_sum = _named_sum(sizes, width)
    goal = z3.Implies(z3.And(is_nim_sum, total != 0), z3.ULT(sizes[0] ^ total, sizes[0]))

    def holds(case: Case) -> bool:
        values = heap_values(case, heaps)
        s = plain_xor(values)
        return s == 0 or values[0] ^ s < values[0]

    return Encoding("first-heap-move", goal, tuple(sizes), holds, heap_scope(heaps, width))


def largest_heap_move(heaps: int, width: int) -> Encoding:
    """Mutant: from nonzero nim-sum, lowering a largest heap to h ⊕ s always wins."""
    sizes = heap_vectors(heaps, width)
    total = xor_all(sizes)
    clauses = []
    for i, heap in enumerate(sizes):
        is_largest = z3.And(*[z3.UGE(heap, other) for other in sizes])
        after = xor_all([heap ^ total if j == i else h for j, h in enumerate(sizes)])
        clauses.append(z3.Implies(is_largest, z3.And(z3.ULT(heap ^ total, heap), after == 0)))
    goal = z3.Implies(total != 0, z3.And(*clauses))

    def holds(case: Case) -> bool:
        values = heap_values(case, heaps)
        s = plain_xor(values)
        return s == 0 or max(values) ^ s < max(values)

    return Encoding("largest-heap", goal, tuple(sizes), holds, heap_scope(heaps, width))


def _top_bit(value: z3.BitVecRef, width: int) -> z3.BitVecRef:
    """The highest set bit of ``value`` as a bit-vector (0 when ``value`` is 0).

    Built by smearing: or-ing ``value`` with itself shifted right by 1, 2, 4, ... sets
    every bit below its highest, and that run of ones xor itself shifted by one leaves
    the highest alone.  A chain of ``width`` if-then-elses says the same (a test proves
    the two equal for 64 bits), but the smeared form is ``log2(width)`` layers of
    gates: cvc5, the second solver, decides Bouton's named-top-bit step for 16 heaps of
    64 bits from it in about a second of work, and needed five on the chain
    (bench/SECOND_SOLVER.md).
    """
    smeared = value
    shift = 1
    while shift < width:
        smeared = smeared | z3.LShR(smeared, shift)
        shift *= 2
    return smeared ^ z3.LShR(smeared, 1)
