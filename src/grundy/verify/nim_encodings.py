"""Z3 encodings of the nim-sum algebra, Bouton's theorem and the mex lemma.

Each builder returns an :class:`Encoding`: a Z3 goal over named variables together with
the *same statement in plain Python* (``holds``), which re-checks any model Z3 offers as
a counterexample (see :func:`grundy.verify.z3engine.prove_z3`) and doubles as the
predicate for exhaustive checks at small widths.  Nim-sums are bit-vector XORs of width
``w``, so a proof covers every heap size below ``2**w`` (Lucky Nim's encodings, over
unbounded integers, are in :mod:`grundy.verify.lucky_encodings`).  For Bouton's
conditions on many heaps, :func:`prove_bouton` runs the fast decomposition of
:func:`bouton_queries` (the nim-sum as a named variable, condition (3) one heap at a
time): 16 heaps of 64 bits in about half a second.

>>> encoding = commutativity(8)
>>> encoding.prove(timeout_ms=10_000).status
<Status.PROVED: 'proved'>
>>> encoding.holds({"x": 3, "y": 5})
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import reduce

import z3

from grundy.errors import InvalidParameterError
from grundy.verdict import Status, Verdict
from grundy.verify.z3engine import least_first, model_values, prove_z3

__all__ = [
    "Encoding",
    "associativity",
    "bouton_move_to_zero",
    "bouton_moves_from_zero",
    "bouton_moves_from_zero_at",
    "bouton_queries",
    "bouton_query",
    "bouton_terminal",
    "cancellation",
    "combine_bouton_queries",
    "commutativity",
    "distinct_powers_add",
    "exercise_2",
    "exercise_3",
    "exercise_5",
    "exercise_7",
    "exercise_7_at",
    "first_heap_move",
    "identity",
    "largest_heap_move",
    "mex_lemma_no_equal_option",
    "mex_lemma_smaller_values",
    "ordinary_addition",
    "prove_bouton",
    "self_inverse",
    "strict_xor_bound",
]

Case = Mapping[str, int]


@dataclass(frozen=True, slots=True)
class Encoding:
    """A goal for Z3 and the same statement in plain Python.

    ``holds(case)`` evaluates the statement on plain integers (the variables by name);
    ``minimise`` is the measure under which a counterexample is reported least (by
    default the sum of the variables).
    """

    name: str
    goal: z3.BoolRef
    variables: tuple[z3.ExprRef, ...]
    holds: Callable[[Case], bool]
    scope: str
    minimise: z3.ExprRef | None = None

    def prove(
        self,
        *,
        timeout_ms: int,
        seed: int = 0,
        lemmas: Sequence[str] = (),
        assumptions: Sequence[z3.BoolRef] = (),
        method: str = "z3",
    ) -> Verdict:
        """Run :func:`prove_z3` on this goal, re-checking counterexamples with ``holds``."""
        variables = self.variables
        return prove_z3(
            self.goal,
            scope=self.scope,
            timeout_ms=timeout_ms,
            method=method,
            assumptions=assumptions,
            lemmas=lemmas,
            decode=lambda model: model_values(model, variables),
            recheck=self.holds,
            minimise=self.minimise if self.minimise is not None else least_first(variables),
            seed=seed,
        )


# -- helpers ---------------------------------------------------------------------------------


def _bits(names: str, width: int) -> list[z3.BitVecRef]:
    return list(z3.BitVecs(names, width))


def _heaps(count: int, width: int) -> list[z3.BitVecRef]:
    return [z3.BitVec(f"h{i}", width) for i in range(1, count + 1)]


def _xor(values: Sequence[z3.BitVecRef]) -> z3.BitVecRef:
    return reduce(lambda left, right: left ^ right, values)


def _plain_xor(values: Sequence[int]) -> int:
    return reduce(lambda left, right: left ^ right, values, 0)


def _bit_scope(width: int, what: str = "x, y, z") -> str:
    return f"bounded: {what} < 2^{width}"


def _heap_values(case: Case, count: int) -> list[int]:
    return [case[f"h{i}"] for i in range(1, count + 1)]


# -- nim-sum algebra (handout 17; slides 000) ------------------------------------------------


def associativity(width: int) -> Encoding:
    x, y, z = _bits("x y z", width)
    return Encoding(
        "associativity",
        (x ^ y) ^ z == x ^ (y ^ z),
        (x, y, z),
        lambda c: (c["x"] ^ c["y"]) ^ c["z"] == c["x"] ^ (c["y"] ^ c["z"]),
        _bit_scope(width),
    )


def commutativity(width: int) -> Encoding:
    x, y = _bits("x y", width)
    return Encoding(
        "commutativity",
        x ^ y == y ^ x,
        (x, y),
        lambda c: c["x"] ^ c["y"] == c["y"] ^ c["x"],
        _bit_scope(width, "x, y"),
    )


def self_inverse(width: int) -> Encoding:
    (x,) = _bits("x", width)
    return Encoding(
        "self-inverse", x ^ x == 0, (x,), lambda c: c["x"] ^ c["x"] == 0, _bit_scope(width, "x")
    )


def identity(width: int) -> Encoding:
    (x,) = _bits("x", width)
    return Encoding(
        "identity", x ^ 0 == x, (x,), lambda c: c["x"] ^ 0 == c["x"], _bit_scope(width, "x")
    )


def cancellation(width: int) -> Encoding:
    x, y, z = _bits("x y z", width)
    return Encoding(
        "cancellation",
        z3.Implies(x ^ y == x ^ z, y == z),
        (x, y, z),
        lambda c: (c["x"] ^ c["y"]) != (c["x"] ^ c["z"]) or c["y"] == c["z"],
        _bit_scope(width),
    )


def distinct_powers_add(count: int, width: int) -> Encoding:
    """The nim-sum of ``count`` distinct powers of two equals their ordinary sum."""
    powers = [z3.BitVec(f"p{i}", width) for i in range(1, count + 1)]
    extra = count.bit_length()
    is_power = [z3.And(p != 0, p & (p - 1) == 0) for p in powers]
    goal = z3.Implies(
        z3.And(*is_power, z3.Distinct(*powers)),
        z3.ZeroExt(extra, _xor(powers)) == z3.Sum([z3.ZeroExt(extra, p) for p in powers]),
    )

    def holds(case: Case) -> bool:
        values = [case[f"p{i}"] for i in range(1, count + 1)]
        premise = len(set(values)) == count and all(v > 0 and v & (v - 1) == 0 for v in values)
        return not premise or _plain_xor(values) == sum(values)

    return Encoding(
        "distinct-powers", goal, tuple(powers), holds, _bit_scope(width, f"{count} powers")
    )


def ordinary_addition(width: int) -> Encoding:
    """Mutant: nim-sum is ordinary addition (false: 1 ⊕ 1 = 0)."""
    x, y = _bits("x y", width)
    goal = z3.ZeroExt(1, x ^ y) == z3.ZeroExt(1, x) + z3.ZeroExt(1, y)
    return Encoding(
        "ordinary-addition",
        goal,
        (x, y),
        lambda c: c["x"] ^ c["y"] == c["x"] + c["y"],
        _bit_scope(width, "x, y"),
    )


def strict_xor_bound(width: int) -> Encoding:
    """Mutant: x ⊕ y < x + y always (false when no bits are shared, e.g. x = y = 0)."""
    x, y = _bits("x y", width)
    goal = z3.ULT(z3.ZeroExt(1, x ^ y), z3.ZeroExt(1, x) + z3.ZeroExt(1, y))
    return Encoding(
        "strict-bound",
        goal,
        (x, y),
        lambda c: c["x"] ^ c["y"] < c["x"] + c["y"],
        _bit_scope(width, "x, y"),
    )


# -- Bouton's three conditions -----------------------------------------------------------------


def bouton_terminal(heaps: int, width: int) -> Encoding:
    """(1) The terminal position (every heap empty) has nim-sum 0."""
    sizes = _heaps(heaps, width)
    goal = z3.Implies(z3.And(*[h == 0 for h in sizes]), _xor(sizes) == 0)

    def holds(case: Case) -> bool:
        values = _heap_values(case, heaps)
        return any(values) or _plain_xor(values) == 0

    return Encoding("bouton-terminal", goal, tuple(sizes), holds, _heap_scope(heaps, width))


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
    sizes = _heaps(heaps, width)
    premise: z3.BoolRef
    if encoding.startswith("named"):
        total, is_nim_sum = _named_sum(sizes, width)
        premise = z3.And(is_nim_sum, total != 0)
    else:
        total = _xor(sizes)
        premise = total != 0

    def move_from(index: int) -> z3.BoolRef:
        lowered = sizes[index] ^ total
        after = _xor([lowered if i == index else h for i, h in enumerate(sizes)])
        return z3.And(z3.ULT(lowered, sizes[index]), after == 0)

    if encoding.endswith("top-bit"):
        top = _top_bit(total, width)
        conclusion = z3.Or(*[z3.And(sizes[i] & top != 0, move_from(i)) for i in range(heaps)])
    else:
        conclusion = z3.Or(*[move_from(i) for i in range(heaps)])
    goal = z3.Implies(premise, conclusion)

    def holds(case: Case) -> bool:
        values = _heap_values(case, heaps)
        s = _plain_xor(values)
        return s == 0 or any(v ^ s < v for v in values)

    return Encoding(f"bouton-move-{encoding}", goal, tuple(sizes), holds, _heap_scope(heaps, width))


_MOVE_ENCODINGS = ("disjunction", "top-bit", "named-sum", "named-top-bit")


def bouton_moves_from_zero(heaps: int, width: int) -> Encoding:
    """(3) From nim-sum 0, lowering any one heap leaves a nonzero nim-sum."""
    sizes = _heaps(heaps, width)
    (lowered,) = _bits("to", width)
    index = z3.BitVec("heap", 8)
    moves = [
        z3.And(
            index == i,
            z3.ULT(lowered, sizes[i]),
            _xor([lowered if j == i else h for j, h in enumerate(sizes)]) == 0,
        )
        for i in range(heaps)
    ]
    goal = z3.Implies(_xor(sizes) == 0, z3.Not(z3.Or(*moves)))

    def holds(case: Case) -> bool:
        values = _heap_values(case, heaps)
        i, to = case["heap"], case["to"]
        if _plain_xor(values) != 0 or not 0 <= i < heaps or not to < values[i]:
            return True
        return _plain_xor([to if j == i else v for j, v in enumerate(values)]) != 0

    return Encoding(
        "bouton-from-zero",
        goal,
        (*sizes, lowered, index),
        holds,
        _heap_scope(heaps, width),
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
    return total, (total ^ _xor(sizes)) == 0


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
    sizes = _heaps(heaps, width)
    (lowered,) = _bits("to", width)
    after = _xor([lowered if j == index else h for j, h in enumerate(sizes)])
    goal = z3.Implies(z3.And(_xor(sizes) == 0, z3.ULT(lowered, sizes[index])), after != 0)

    def holds(case: Case) -> bool:
        values = _heap_values(case, heaps)
        to = case["to"]
        if _plain_xor(values) != 0 or not to < values[index]:
            return True
        return _plain_xor([to if j == index else v for j, v in enumerate(values)]) != 0

    return Encoding(
        f"bouton-from-zero-heap-{index + 1}",
        goal,
        (*sizes, lowered),
        holds,
        _heap_scope(heaps, width),
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
        _heap_scope(heaps, width),
        message=f"all {len(verdicts)} queries proved (unsat negations)",
        seconds=seconds,
        details=details,
        parts=tuple(verdicts),
    )


def first_heap_move(heaps: int, width: int) -> Encoding:
    """Mutant, in the named-sum encoding: from a nonzero nim-sum s the first heap can
    always be lowered to h1 ⊕ s (false: (0, 1) has s = 1 and h1 ⊕ s = 1 > 0)."""
    sizes = _heaps(heaps, width)
    total, is_nim_sum = _named_sum(sizes, width)
    goal = z3.Implies(z3.And(is_nim_sum, total != 0), z3.ULT(sizes[0] ^ total, sizes[0]))

    def holds(case: Case) -> bool:
        values = _heap_values(case, heaps)
        s = _plain_xor(values)
        return s == 0 or values[0] ^ s < values[0]

    return Encoding("first-heap-move", goal, tuple(sizes), holds, _heap_scope(heaps, width))


def largest_heap_move(heaps: int, width: int) -> Encoding:
    """Mutant: from nonzero nim-sum, lowering a largest heap to h ⊕ s always wins."""
    sizes = _heaps(heaps, width)
    total = _xor(sizes)
    clauses = []
    for i, heap in enumerate(sizes):
        is_largest = z3.And(*[z3.UGE(heap, other) for other in sizes])
        after = _xor([heap ^ total if j == i else h for j, h in enumerate(sizes)])
        clauses.append(z3.Implies(is_largest, z3.And(z3.ULT(heap ^ total, heap), after == 0)))
    goal = z3.Implies(total != 0, z3.And(*clauses))

    def holds(case: Case) -> bool:
        values = _heap_values(case, heaps)
        s = _plain_xor(values)
        return s == 0 or max(values) ^ s < max(values)

    return Encoding("largest-heap", goal, tuple(sizes), holds, _heap_scope(heaps, width))


def _top_bit(value: z3.BitVecRef, width: int) -> z3.BitVecRef:
    """The highest set bit of ``value`` as a bit-vector (0 when ``value`` is 0)."""
    result: z3.BitVecRef = z3.BitVecVal(0, width)
    for bit in range(width):  # later (higher) bits override earlier ones
        result = z3.If(z3.Extract(bit, bit, value) == 1, z3.BitVecVal(1 << bit, width), result)
    return result


def _heap_scope(heaps: int, width: int) -> str:
    return f"bounded: {heaps} heaps, each of size < 2^{width}"


# -- the mex lemma behind the Sprague-Grundy sum rule ------------------------------------------


def mex_lemma_smaller_values(width: int) -> Encoding:
    """Every y < a ⊕ b is reached: a' = y ⊕ b < a or b' = y ⊕ a < b.

    a' ⊕ b = y forces a' = y ⊕ b, so naming that option is the same as "there is an a'".
    """
    a, b, y = _bits("a b y", width)
    goal = z3.Implies(z3.ULT(y, a ^ b), z3.Or(z3.ULT(y ^ b, a), z3.ULT(y ^ a, b)))

    def holds(case: Case) -> bool:
        va, vb, vy = case["a"], case["b"], case["y"]
        return not vy < va ^ vb or vy ^ vb < va or vy ^ va < vb

    return Encoding("mex-reaches-below", goal, (a, b, y), holds, _bit_scope(width, "a, b, y"))


def mex_lemma_no_equal_option(width: int) -> Encoding:
    """No option of a + b has value a ⊕ b: a' < a gives a' ⊕ b ≠ a ⊕ b, and likewise b'."""
    a, b, smaller = _bits("a b option", width)
    goal = z3.And(
        z3.Implies(z3.ULT(smaller, a), smaller ^ b != a ^ b),
        z3.Implies(z3.ULT(smaller, b), a ^ smaller != a ^ b),
    )

    def holds(case: Case) -> bool:
        va, vb, vo = case["a"], case["b"], case["option"]
        left = not vo < va or vo ^ vb != va ^ vb
        right = not vo < vb or va ^ vo != va ^ vb
        return left and right

    return Encoding("mex-misses-value", goal, (a, b, smaller), holds, _bit_scope(width, "a, b"))


# -- handout 17 exercises ----------------------------------------------------------------------


def exercise_2(width: int) -> Encoding:
    """If a ⊕ b = c then a ⊕ b ⊕ c = 0, a = b ⊕ c and a ⊕ c = b."""
    a, b, c = _bits("a b c", width)
    goal = z3.Implies(a ^ b == c, z3.And(a ^ b ^ c == 0, a == b ^ c, a ^ c == b))

    def holds(case: Case) -> bool:
        va, vb, vc = case["a"], case["b"], case["c"]
        return va ^ vb != vc or (va ^ vb ^ vc == 0 and va == vb ^ vc and va ^ vc == vb)

    return Encoding("exercise-2", goal, (a, b, c), holds, _bit_scope(width, "a, b, c"))


def exercise_3(width: int) -> Encoding:
    """*a = *b if and only if *a + *b = *0."""
    a, b = _bits("a b", width)
    return Encoding(
        "exercise-3",
        (a == b) == (a ^ b == 0),
        (a, b),
        lambda c: (c["a"] == c["b"]) == (c["a"] ^ c["b"] == 0),
        _bit_scope(width, "a, b"),
    )


def exercise_5(heaps: int, width: int) -> Encoding:
    """Lowering heap i from a to b changes the value *m into *m + *a + *b."""
    sizes = _heaps(heaps, width)
    (lowered,) = _bits("b", width)
    total = _xor(sizes)
    goal = z3.And(
        *[
            z3.Implies(
                z3.ULT(lowered, sizes[i]),
                _xor([lowered if j == i else h for j, h in enumerate(sizes)])
                == total ^ sizes[i] ^ lowered,
            )
            for i in range(heaps)
        ]
    )

    def holds(case: Case) -> bool:
        values = _heap_values(case, heaps)
        m, b = _plain_xor(values), case["b"]
        return all(
            not b < a or _plain_xor([b if j == i else v for j, v in enumerate(values)]) == m ^ a ^ b
            for i, a in enumerate(values)
        )

    return Encoding("exercise-5", goal, (*sizes, lowered), holds, _heap_scope(heaps, width))


def exercise_7(heaps: int, width: int) -> Encoding:
    """Lowering heap i to b leaves value 0 exactly when b = h_i ⊕ s (the recipe's move)."""
    sizes = _heaps(heaps, width)
    (lowered,) = _bits("b", width)
    total = _xor(sizes)
    goal = z3.And(
        *[
            z3.Implies(
                z3.ULT(lowered, sizes[i]),
                (_xor([lowered if j == i else h for j, h in enumerate(sizes)]) == 0)
                == (lowered == sizes[i] ^ total),
            )
            for i in range(heaps)
        ]
    )

    def holds(case: Case) -> bool:
        values = _heap_values(case, heaps)
        s, b = _plain_xor(values), case["b"]
        return all(
            not b < a
            or (_plain_xor([b if j == i else v for j, v in enumerate(values)]) == 0) == (b == a ^ s)
            for i, a in enumerate(values)
        )

    return Encoding("exercise-7", goal, (*sizes, lowered), holds, _heap_scope(heaps, width))


def exercise_7_at(heaps: int, width: int, index: int) -> Encoding:
    """:func:`exercise_7` for heap ``index`` (0-based) alone.

    Exercise 7's statement is a conjunction over the heap lowered, so proving it heap by
    heap proves it whole; and each conjunct alone is far easier for Z3 (8 heaps of 64
    bits: about 0.01 s per heap against 4 s for the conjunction).

    >>> exercise_7_at(3, 16, 2).prove(timeout_ms=20_000).status
    <Status.PROVED: 'proved'>
    """
    if not 0 <= index < heaps:
        raise InvalidParameterError(f"heap index {index} is outside 0..{heaps - 1}")
    sizes = _heaps(heaps, width)
    (lowered,) = _bits("b", width)
    after = _xor([lowered if j == index else h for j, h in enumerate(sizes)])
    goal = z3.Implies(
        z3.ULT(lowered, sizes[index]), (after == 0) == (lowered == sizes[index] ^ _xor(sizes))
    )

    def holds(case: Case) -> bool:
        values = _heap_values(case, heaps)
        s, b, a = _plain_xor(values), case["b"], values[index]
        reaches_zero = _plain_xor([b if j == index else v for j, v in enumerate(values)]) == 0
        return not b < a or reaches_zero == (b == a ^ s)

    return Encoding(
        f"exercise-7-heap-{index + 1}",
        goal,
        (*sizes, lowered),
        holds,
        _heap_scope(heaps, width),
    )
