"""Lucky Nim's block parity (Legner 001, after Holshouser and Reiter), by Z3.

With M = m + n, Ω(0) = 0 and, for k ≥ 1, Ω(k) = 1 iff ⌈k / M⌉ is odd (the notes'
p·M < k ≤ (p+1)·M with p even).  The analysis rests on two conditions:

(a) from a heap with Ω = 1 the mover has x in [m, n] such that every reply y in [m, n]
    leaves a heap max(k - x - y, 0) with Ω = 0;
(b) from any non-empty heap and any x in [m, n], the opponent has a y in [m, n] that
    changes Ω.

Both are proved for every heap size k (unbounded integers) for fixed (m, n), and for
symbolic 1 ≤ m ≤ n with the explicit choices x = max(m, r - m) and y = max(m, r - x),
where r = k - pM is the heap's place in its block.  The mutants show where the
hypotheses matter: blocks of the wrong length, m = 0, and "always write n".
"""

from __future__ import annotations

from dataclasses import replace

from grundy.library import CheckSettings, Expectation, Theorem
from grundy.verdict import Verdict
from grundy.verify import nim_encodings as enc
from grundy.verify.exhaustive import check_exhaustive, integer_cases
from grundy.verify.z3_checks import all_proved

SOURCE = "001 Legner, Lucky Nim (analysis I and II)"
TAGS = ("lucky-nim", "z3")
PAIRS = [(1, 1), (1, 2), (2, 2), (2, 4), (1, 5), (3, 3), (3, 7), (5, 6)]
QUICK_PAIRS = [(1, 2), (2, 4), (3, 3)]


def _heap_drawn(check, heap: str):
    """The same check; a counterexample also gets the single heap ``heap`` as its
    ``position``, so that a report can draw it."""

    def run(settings: CheckSettings) -> Verdict:
        verdict = check(settings)
        example = verdict.counterexample
        if example is None or "position" in example or not isinstance(example.get(heap), int):
            return verdict
        return replace(verdict, counterexample={**example, "position": [example[heap]]})

    return run


def _fixed(settings: CheckSettings, builder) -> Verdict:
    pairs = QUICK_PAIRS if settings.quick else PAIRS
    verdicts = [
        builder(m, n).prove(timeout_ms=settings.z3_timeout_ms, seed=settings.seed) for m, n in pairs
    ]
    listed = ", ".join(f"({m},{n})" for m, n in pairs)
    return all_proved(verdicts, scope=f"unbounded heap size k, for (m, n) in {listed}")


def _boundary(settings: CheckSettings) -> Verdict:
    """At k = m + n (left out by the notes' split k < m + n / k > m + n) and for m = n."""
    top = 6 if settings.quick else 15

    def holds(case) -> bool:
        m, n = case["m"], case["n"]
        mover = enc.lucky_mover_wins(m, n).holds
        opponent = enc.lucky_opponent_flips(m, n).holds
        return mover({"k": m + n}) and opponent({"k": m + n})

    return check_exhaustive(
        (c for c in integer_cases({"m": (1, top), "n": (1, top)}) if c["m"] <= c["n"]),
        holds,
        scope=f"bounded: k = m + n, 1 <= m <= n <= {top}",
    )


THEOREMS = [
    Theorem(
        id="lucky-nim-mover",
        title="Lucky Nim (a): from Ω = 1 the mover can force Ω = 0",
        statement="for fixed m <= n and every heap k with Ω(k) = 1 there is x in [m, n] such "
        "that Ω(max(k - x - y, 0)) = 0 for every y in [m, n]",
        source=SOURCE,
        latex=r"\Omega(k)=1 \implies \exists x\in[m,n]\ \forall y\in[m,n]:\ "
        r"\Omega(\max(k-x-y,0))=0",
        game="lucky-nim",
        tags=TAGS,
        check=lambda settings: _fixed(settings, enc.lucky_mover_wins),
    ),
    Theorem(
        id="lucky-nim-opponent",
        title="Lucky Nim (b): the opponent can always change Ω",
        statement="for fixed m <= n, every heap k >= 1 and every x in [m, n] there is y in "
        "[m, n] with Ω(max(k - x - y, 0)) ≠ Ω(k)",
        source=SOURCE,
        latex=r"k \ge 1 \implies \forall x\ \exists y:\ \Omega(\max(k-x-y,0)) \ne \Omega(k)",
        game="lucky-nim",
        tags=TAGS,
        check=lambda settings: _fixed(settings, enc.lucky_opponent_flips),
    ),
    Theorem(
        id="lucky-nim-mover-symbolic",
        title="Lucky Nim (a) for all m, n: the choice x = max(m, r - m)",
        statement="for all 1 <= m <= n and every k with Ω(k) = 1, x = max(m, r - m) (r the "
        "place of k in its block of M = m + n) is in [m, n] and every reply leaves Ω = 0",
        latex=r"1 \le m \le n,\ \Omega(k) = 1 \implies x = \max(m, r - m) \in [m,n] \wedge \forall "
        r"y \in [m,n]:\ \Omega(\max(k-x-y,0)) = 0",
        source=SOURCE,
        game="lucky-nim",
        tags=(*TAGS, "unbounded"),
        check=lambda settings: enc.lucky_mover_wins_symbolic().prove(
            timeout_ms=settings.z3_timeout_ms, seed=settings.seed
        ),
    ),
    Theorem(
        id="lucky-nim-opponent-symbolic",
        title="Lucky Nim (b) for all m, n: the reply y = max(m, r - x)",
        statement="for all 1 <= m <= n, k >= 1 and x in [m, n], y = max(m, r - x) is in "
        "[m, n] and changes Ω",
        latex=r"1 \le m \le n,\ k \ge 1,\ x \in [m,n] \implies y = \max(m, r - x) \in [m,n] \wedge "
        r"\Omega(\max(k-x-y,0)) \ne \Omega(k)",
        source=SOURCE,
        game="lucky-nim",
        tags=(*TAGS, "unbounded"),
        check=lambda settings: enc.lucky_opponent_flips_symbolic().prove(
            timeout_ms=settings.z3_timeout_ms, seed=settings.seed
        ),
    ),
    Theorem(
        id="lucky-nim-boundary",
        title="Lucky Nim at the boundary k = m + n, including m = n",
        statement="at k = m + n, which the notes' case split k < m + n / k > m + n leaves out, "
        "both (a) and (b) hold, for every 1 <= m <= n <= 15 (so also for m = n)",
        latex=r"k = m + n,\ 1 \le m \le n \le 15 \implies \text{(a) and (b) hold}",
        source=SOURCE + ", the case split of analysis II",
        game="lucky-nim",
        tags=("lucky-nim", "exhaustive"),
        check=_boundary,
    ),
    Theorem(
        id="lucky-nim-short-blocks",
        title="Mutant: blocks of length m + n - 1",
        statement="(a) with Ω computed on blocks of m + n - 1, for (m, n) = (2, 4)",
        latex=r"(m,n) = (2,4),\ \Omega \text{ on blocks of } m + n - 1 \implies \text{(a)}",
        source=SOURCE,
        game="lucky-nim",
        tags=TAGS,
        mutant_of="lucky-nim-mover",
        expect=Expectation.FAILS,
        check=_heap_drawn(
            lambda settings: enc.lucky_mover_wins(2, 4, block=5).prove(
                timeout_ms=settings.z3_timeout_ms, seed=settings.seed
            ),
            "k",
        ),
    ),
    Theorem(
        id="lucky-nim-m-zero",
        title="Mutant: the analysis also holds for m = 0",
        statement="(a) for (m, n) = (0, 4): a reply y = 0 is allowed, and the block of 4 is too "
        "short to jump over",
        latex=r"(m,n) = (0,4) \implies \text{(a)}",
        source=SOURCE + " (the rules ask m, n ≥ 1)",
        game="lucky-nim",
        tags=TAGS,
        mutant_of="lucky-nim-mover",
        expect=Expectation.FAILS,
        check=_heap_drawn(
            lambda settings: enc.lucky_mover_wins(0, 4).prove(
                timeout_ms=settings.z3_timeout_ms, seed=settings.seed
            ),
            "k",
        ),
    ),
    Theorem(
        id="lucky-nim-always-write-n",
        title="Mutant: from Ω = 1, writing x = n always works",
        statement="for (m, n) = (2, 4), from every heap with Ω = 1 the choice x = n leaves Ω = 0 "
        "whatever y is (the notes warn of the overshoot from 14)",
        latex=r"(m,n) = (2,4),\ \Omega(k) = 1 \implies \forall y \in [m,n]:\ \Omega(\max(k-n-y,0)) "
        r"= 0",
        source=SOURCE + ", the overshoot example",
        game="lucky-nim",
        tags=TAGS,
        mutant_of="lucky-nim-mover",
        expect=Expectation.FAILS,
        check=_heap_drawn(
            lambda settings: enc.lucky_writes_n(2, 4).prove(
                timeout_ms=settings.z3_timeout_ms, seed=settings.seed
            ),
            "k",
        ),
    ),
]
