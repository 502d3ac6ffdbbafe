"""Lucky Nim's block parity (Legner 001, after Holshouser and Reiter), by Z3.

A turn names a heap, then both players reveal their numbers together, so each winning
number is fixed before the other player's number is seen.  With M = m + n, Ω(0) = 0
and, for k ≥ 1, Ω(k) = 1 iff ⌈k / M⌉ is odd (the notes' p·M < k ≤ (p+1)·M with p even):

(a) from a heap with Ω = 1 the mover has one x in [m, n] such that every y in [m, n]
    leaves a heap max(k - x - y, 0) with Ω = 0;
(b) on any named non-empty heap the opponent has one y in [m, n] such that every x in
    [m, n] changes Ω.

Both are proved for every heap size (unbounded integers), for fixed (m, n) and for
symbolic 1 ≤ m ≤ n with explicit choices (x = y = max(m, r - m), r = k - pM the heap's
place in its block).  From them, block parity for every position follows by induction on
the number of counters, whose step Z3 discharges too; and so does the list of both
players' winning numbers, including the heap k = m + n that the notes' case split skips.
Besides the mutants that show where the hypotheses matter (blocks of the wrong length,
m = 0, "always write n"), each statement about the opponent has a mutant that the
sequential reading (the opponent answers after seeing x) would pass: only the
simultaneous reading refutes it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from grundy.declare import drawn_at_heap, listing, mutant, section, theorem
from grundy.library import CheckSettings
from grundy.theory import lucky_nim as enc
from grundy.verdict import Assumption, Verdict
from grundy.verify.z3_checks import all_proved

SOURCE = "001 Legner, Lucky Nim (analysis I and II)"
TAGS = ("lucky-nim", "z3")
PAIRS = [(1, 1), (1, 2), (2, 2), (2, 4), (1, 5), (3, 3), (3, 7), (5, 6)]
QUICK_PAIRS = [(1, 2), (2, 4), (3, 3)]
STEP_ID = "lucky-nim-block-parity-step"


def _prove(encoding: enc.Encoding, settings: CheckSettings) -> Verdict:
    return encoding.prove(timeout_ms=settings.z3_timeout_ms, seed=settings.seed)


def _z3(
    build: Callable[..., enc.Encoding], *args: Any, **options: Any
) -> Callable[[CheckSettings], Verdict]:
    """The check that proves ``build(*args, **options)`` when it runs."""
    return lambda settings: _prove(build(*args, **options), settings)


def _fixed(settings: CheckSettings, builder) -> Verdict:
    pairs = QUICK_PAIRS if settings.quick else PAIRS
    verdicts = [_prove(builder(m, n), settings) for m, n in pairs]
    listed = ", ".join(f"({m},{n})" for m, n in pairs)
    return all_proved(verdicts, scope=f"unbounded heap size k, for (m, n) in {listed}")


def _step(guesses_x: bool):
    def check(settings: CheckSettings) -> Verdict:
        parts = [_prove(part, settings) for part in enc.block_parity_step(guesses_x=guesses_x)]
        return all_proved(
            parts,
            scope="unbounded: every 1 <= m <= n, every heap k >= 1, every x, y and parity e "
            "of the other heaps (the induction step; the induction is on the number of "
            "counters)",
        )

    return check


def _on_block_parity(check):
    """Statements that read single-heap outcomes off Ω rest on block parity."""

    def run(settings: CheckSettings) -> Verdict:
        verdict = check(settings)
        return replace(verdict, assumes=(*verdict.assumes, Assumption(STEP_ID, "unbounded")))

    return run


THEOREMS = listing(
    section(SOURCE, game="lucky-nim", tags=TAGS),
    theorem(
        "lucky-nim-mover",
        "Lucky Nim (a): from Ω = 1 the mover can force Ω = 0",
        "for fixed m <= n and every heap k with Ω(k) = 1 there is x in [m, n] such "
        "that Ω(max(k - x - y, 0)) = 0 for every y in [m, n]",
        r"\Omega(k)=1 \implies \exists x\in[m,n]\ \forall y\in[m,n]:\ "
        r"\Omega(\max(k-x-y,0))=0",
        lambda settings: _fixed(settings, enc.lucky_mover_wins),
    ),
    theorem(
        "lucky-nim-opponent",
        "Lucky Nim (b): the opponent has one answer that changes Ω whatever x is",
        "for fixed m <= n and every heap k >= 1 there is y in [m, n] such that "
        "Ω(max(k - x - y, 0)) ≠ Ω(k) for every x in [m, n] (y is fixed before x is seen)",
        r"k \ge 1 \implies \exists y\in[m,n]\ \forall x\in[m,n]:\ "
        r"\Omega(\max(k-x-y,0)) \ne \Omega(k)",
        lambda settings: _fixed(settings, enc.lucky_opponent_flips),
    ),
    mutant(
        "lucky-nim-opponent-ends-only",
        "Mutant: (b) also holds when only m and n may be shown",
        "(b) for (m, n) = (1, 4) with the numbers {1, 4} only: an opponent who saw x "
        "could always answer, but no single answer beats both 1 and 4 at some heap",
        r"(m,n)=(1,4),\ x,y\in\{1,4\}:\ k\ge1 \implies \exists y\ \forall x:\ "
        r"\Omega(\max(k-x-y,0)) \ne \Omega(k)",
        drawn_at_heap(_z3(enc.lucky_opponent_flips, 1, 4, (1, 4)), "k"),
    ),
    theorem(
        "lucky-nim-mover-symbolic",
        "Lucky Nim (a) for all m, n: the choice x = max(m, r - m)",
        "for all 1 <= m <= n and every k with Ω(k) = 1, x = max(m, r - m) (r the "
        "place of k in its block of M = m + n) is in [m, n] and every reply leaves Ω = 0",
        r"1 \le m \le n,\ \Omega(k) = 1 \implies x = \max(m, r - m) \in [m,n] \wedge \forall "
        r"y \in [m,n]:\ \Omega(\max(k-x-y,0)) = 0",
        _z3(enc.lucky_mover_wins_symbolic),
        tags=(*TAGS, "unbounded"),
    ),
    mutant(
        "lucky-nim-mover-minus-n",
        "Mutant: the mover's choice x = max(m, r - n)",
        "for all 1 <= m <= n and every k with Ω(k) = 1, x = max(m, r - n) (r the place of k "
        "in its block of M = m + n) is in [m, n] and every reply leaves Ω = 0: too small a "
        "number, which the opponent's m leaves in the same block",
        r"1 \le m \le n,\ \Omega(k) = 1 \implies x = \max(m, r - n) \text{ wins}",
        drawn_at_heap(_z3(enc.lucky_mover_wins_symbolic, subtract="n"), "k"),
        tags=TAGS,
    ),
    theorem(
        "lucky-nim-opponent-symbolic",
        "Lucky Nim (b) for all m, n: the answer y = max(m, r - m), fixed before x is seen",
        "for all 1 <= m <= n, k >= 1 and x in [m, n], y = max(m, r - m) is in "
        "[m, n] and changes Ω (y does not depend on x)",
        r"1 \le m \le n,\ k \ge 1,\ x \in [m,n] \implies y = \max(m, r - m) \in [m,n] "
        r"\wedge \Omega(\max(k-x-y,0)) \ne \Omega(k)",
        _z3(enc.lucky_opponent_flips_symbolic),
        tags=(*TAGS, "unbounded"),
    ),
    mutant(
        "lucky-nim-answer-guesses-x",
        "Mutant: the opponent answers y = max(m, r - g) to a guess g of x",
        "the reply that wins once x is seen, y = max(m, r - x), played against a "
        "guess g in [m, n] of the number the mover reveals, changes Ω",
        r"1 \le m \le n,\ k \ge 1,\ x, g \in [m,n] \implies y = \max(m, r - g) "
        r"\text{ changes } \Omega",
        drawn_at_heap(_z3(enc.lucky_opponent_flips_symbolic, guesses_x=True), "k"),
        tags=TAGS,
    ),
    theorem(
        STEP_ID,
        "Lucky Nim block parity for all m, n and every position (by induction)",
        "for all 1 <= m <= n, in normal play, a position is won by the mover (N) "
        "exactly when the "
        "sum of Ω over its heaps is odd and by the opponent (P) when it is even, so no "
        "position is left to guessing; by induction on the number of counters, whose step "
        "(for a named heap k and the parity e of the other heaps: the mover's x = max(m, r - m) "
        "from Ω(k) = 1 makes the sum even, the opponent's y = max(m, r - m) on any heap makes "
        "it odd, each turn takes a counter) is proved by machine",
        r"1 \le m \le n:\ (h_1,\ldots,h_s) \in \mathcal{N} \iff \sum_i "
        r"\Omega(h_i) \text{ odd},\ \in \mathcal{P} \iff \text{even}",
        _step(guesses_x=False),
        tags=(*TAGS, "unbounded"),
    ),
    mutant(
        "lucky-nim-step-answer-guesses-x",
        "Mutant: the block-parity step with the opponent answering a guess of x",
        "the induction step with the opponent's y = max(m, r - g) for a guess g of x",
        r"\text{step with } y = \max(m, r - g),\ g \in [m,n]",
        drawn_at_heap(_step(guesses_x=True), "k"),
        tags=TAGS,
    ),
    section(
        SOURCE + ": write down n in the first block, avoid overshooting later",
        game="lucky-nim",
        tags=(*TAGS, "unbounded", "strategy"),
    ),
    theorem(
        "lucky-nim-winning-numbers-symbolic",
        "Lucky Nim: both players' winning numbers, for all m, n and every heap",
        "for all 1 <= m <= n and every heap k >= 1, a number z in [m, n] changes "
        "Ω(k) whatever the other player shows exactly when z is in F(k): z + m >= k if "
        "k <= M = m + n, r - m <= z <= r + m - 1 if k = pM + r with p >= 1 (1 <= r <= M).  "
        "With block parity, F(k) is the mover's set of winning numbers on heap k in an "
        "N-position and the opponent's set of winning answers to heap k in a P-position",
        r"z \in F(k) \iff \forall w\in[m,n]:\ \Omega(\max(k-z-w,0)) \ne \Omega(k)",
        _on_block_parity(_z3(enc.winning_numbers)),
    ),
    mutant(
        "lucky-nim-answers-beat-some-x",
        "Mutant: the winning numbers are those that beat some number of the other",
        "for all 1 <= m <= n and every heap k >= 1, a number z in [m, n] changes Ω(k) "
        "whatever the other player shows exactly when z is in F'(k): z + n >= k if k <= M, "
        "r - n <= z <= r + n - 1 otherwise (the numbers a player who saw the other's could use)",
        r"z \in F'(k) \iff \forall w:\ \Omega(\max(k-z-w,0)) \ne \Omega(k)",
        drawn_at_heap(_z3(enc.winning_numbers, "n"), "k"),
        source=SOURCE,
        tags=TAGS,
    ),
    section(
        SOURCE + ", the case split of analysis II",
        game="lucky-nim",
        tags=(*TAGS, "unbounded", "boundary"),
    ),
    theorem(
        "lucky-nim-boundary",
        "Lucky Nim at the boundary k = m + n: only n wins, for either player",
        "on a heap of exactly m + n, which the notes' case split k < m + n / "
        "k > m + n leaves out, for all 1 <= m <= n (so also m = n): n empties the heap "
        "whatever the other shows, and any smaller number is beaten by the other's m",
        r"k = m + n,\ 1 \le m \le n:\ W(k) = A(k) = \{n\}",
        _on_block_parity(_z3(enc.boundary_numbers)),
    ),
    mutant(
        "lucky-nim-boundary-every-answer",
        "Mutant: at k = m + n every answer wins",
        "on a heap of m + n every y in [m, n] wins for the opponent (each one empties "
        "the heap when the mover shows n)",
        r"k = m + n:\ A(k) = [m, n]",
        _z3(enc.boundary_numbers, "every"),
        tags=TAGS,
    ),
    mutant(
        "lucky-nim-short-blocks",
        "Mutant: blocks of length m + n - 1",
        "(a) with Ω computed on blocks of m + n - 1, for (m, n) = (2, 4)",
        r"(m,n) = (2,4),\ \Omega \text{ on blocks of } m + n - 1 \implies \text{(a)}",
        drawn_at_heap(_z3(enc.lucky_mover_wins, 2, 4, block=5), "k"),
        of="lucky-nim-mover",
    ),
    mutant(
        "lucky-nim-m-zero",
        "Mutant: the analysis also holds for m = 0",
        "(a) for (m, n) = (0, 4): a reply y = 0 is allowed, and the block of 4 is too "
        "short to jump over",
        r"(m,n) = (0,4) \implies \text{(a)}",
        drawn_at_heap(_z3(enc.lucky_mover_wins, 0, 4), "k"),
        of="lucky-nim-mover",
        source=SOURCE + " (the rules ask m, n ≥ 1)",
    ),
    mutant(
        "lucky-nim-always-write-n",
        "Mutant: from Ω = 1, writing x = n always works",
        "for (m, n) = (2, 4), from every heap with Ω = 1 the choice x = n leaves Ω = 0 "
        "whatever y is (the notes warn of the overshoot from 14)",
        r"(m,n) = (2,4),\ \Omega(k) = 1 \implies \forall y \in [m,n]:\ \Omega(\max(k-n-y,0)) "
        r"= 0",
        drawn_at_heap(_z3(enc.lucky_writes_n, 2, 4), "k"),
        of="lucky-nim-mover",
        source=SOURCE + ", the overshoot example",
    ),
)
