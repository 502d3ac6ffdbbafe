"""Lucky Nim (Legner 001) checked against the exact analysis of the rules.

Each check derives outcomes and winning numbers with :class:`grundy.solve.lucky_nim.
LuckySolver`, which plays the simultaneous reveal exactly (a winning number is fixed before
the other player's is seen; a position neither player can force is reported as such), and
compares them with the notes' block rule over a stated finite domain: these are the
exhaustive cross-checks of the symbolic proofs in ``lucky_nim_z3.py``.  The mutants marked
"sequential" are statements that an analysis letting the opponent answer after seeing x
would pass.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from grundy.declare import listing, mutant, section, theorem
from grundy.games.lucky_nim import LuckyNim, block_parity
from grundy.library import CheckSettings
from grundy.solve.lucky_nim import LuckyAnalysis, LuckySolver, SureWinner
from grundy.verdict import Status, Verdict, combine_conjunction
from grundy.verify.exhaustive import Case, check_exhaustive, integer_cases

SOURCE = "001 Legner, Lucky Nim (Analysis of Lucky Nim I and II)"
PARAMS = ((1, 1), (1, 2), (2, 2), (1, 3), (2, 3), (2, 4), (3, 4))


def _params(settings: CheckSettings) -> Sequence[tuple[int, int]]:
    return (*PARAMS[:4], (2, 4)) if settings.quick else PARAMS


def _solvers(top: int) -> dict[tuple[int, int], LuckySolver]:
    return {
        (m, n): LuckySolver(LuckyNim(m, n)) for m in range(1, top + 1) for n in range(m, top + 1)
    }


# -- block parity -----------------------------------------------------------------------------


def _parity_check(block: Callable[[int, int], int]) -> Callable[[CheckSettings], Verdict]:
    """N exactly when the sum of Omega (blocks of ``block(m, n)``) over three heaps is odd,
    P exactly when it is even (so no position is left to guessing)."""

    def check(settings: CheckSettings) -> Verdict:
        verdicts = []
        for m, n in _params(settings):
            solver = LuckySolver(LuckyNim(m, n))
            size = block(m, n)
            top = 2 * (m + n) + 1 if settings.quick else 3 * (m + n) + 1
            third = 0 if settings.quick else m + n + 1

            def omega(k: int, size: int = size) -> int:
                return 0 if k == 0 else 1 - ((k - 1) // size) % 2

            def predicted(case: Case) -> SureWinner:
                odd = sum(omega(case[h]) for h in "abc") % 2
                return SureWinner.MOVER if odd else SureWinner.OPPONENT

            def holds(case: Case, solver: LuckySolver = solver) -> bool:
                return solver.winner([case["a"], case["b"], case["c"]]) is predicted(case)

            def explain(case: Case, solver: LuckySolver = solver, m: int = m, n: int = n):
                heaps = [case["a"], case["b"], case["c"]]
                return {
                    "m": m,
                    "n": n,
                    "omegas": [omega(k) for k in heaps],
                    "outcome": solver.winner(heaps).value,
                    "position": heaps,
                }

            verdicts.append(
                check_exhaustive(
                    integer_cases({"a": (0, top), "b": (0, top), "c": (0, third)}),
                    holds,
                    scope=f"bounded: m = {m}, n = {n}; heaps a, b <= {top}, c <= {third}",
                    explain=explain,
                )
            )
            if verdicts[-1].status is Status.REFUTED:
                break
        return combine_conjunction(verdicts)  # every parameter value must hold

    return check


def _ends_only_determined(settings: CheckSettings) -> Verdict:
    """Mutant: with only the numbers 1 and 4 (m = 1, n = 4), one player can always force
    a win.  An analysis where the opponent sees x always names a winner, so it passes."""
    solver = LuckySolver(LuckyNim(1, 4), numbers=(1, 4))
    return check_exhaustive(
        ({"k": k} for k in range(16)),
        lambda case: solver.winner([case["k"]]) is not SureWinner.NEITHER,
        scope="bounded: numbers {1, 4}, single heaps k <= 15",
        explain=lambda case: {"outcome": solver.winner([case["k"]]).value, "position": [case["k"]]},
    )


# -- winning numbers on a single heap ---------------------------------------------------------


def _place(k: int, m: int, n: int) -> tuple[int, int]:
    """(p, r) with k = pM + r, 1 <= r <= M."""
    return (k - 1) // (m + n), (k - 1) % (m + n) + 1


def flip_rule(k: int, m: int, n: int, spread: int | None = None) -> list[int]:
    """F(k): the numbers that change the colour of heap ``k`` whatever the other player
    shows: ``z + m >= k`` in the first block (the heap is emptied), ``r - m <= z <= r + m - 1``
    later (it lands in the block below).  With ``spread = n``: the numbers that change it
    against *some* number of the other player (what a player who saw it could use)."""
    if k == 0:
        return []
    spread = m if spread is None else spread
    block, r = _place(k, m, n)
    if block == 0:
        return [z for z in range(m, n + 1) if z + spread >= k]
    return [z for z in range(m, n + 1) if r - spread <= z <= r + spread - 1]


def _winning_on_first_heap(analysis: LuckyAnalysis) -> list[int]:
    """The mover's winning numbers on heap 1 in an N-position; the opponent's winning
    answers to heap 1 in a P-position."""
    if analysis.winner is SureWinner.MOVER:
        return [c.number for c in analysis.choices if c.heap == 0]
    if analysis.winner is SureWinner.OPPONENT:
        return list(dict(analysis.answers).get(0, ()))
    return []


Agrees = Callable[[int, int, int, LuckyAnalysis], bool]


def _matches_flip_rule(k: int, m: int, n: int, analysis: LuckyAnalysis) -> bool:
    return _winning_on_first_heap(analysis) == flip_rule(k, m, n)


def _n_among_winners(k: int, m: int, n: int, analysis: LuckyAnalysis) -> bool:
    """Mutant: on a single heap with Omega 1, showing n wins."""
    single = not any(analysis.position.heaps[1:])
    if not single or not block_parity(k, m, n):
        return True
    return n in [c.number for c in analysis.choices]


def _answers_beat_some_x(k: int, m: int, n: int, analysis: LuckyAnalysis) -> bool:
    if analysis.winner is not SureWinner.OPPONENT:
        return True
    return _winning_on_first_heap(analysis) == flip_rule(k, m, n, spread=n)


def _winning_numbers_check(agrees: Agrees) -> Callable[[CheckSettings], Verdict]:
    def check(settings: CheckSettings) -> Verdict:
        top_n = 3 if settings.quick else 5
        solvers = _solvers(top_n)

        def cases() -> Iterator[dict[str, int]]:
            for case in integer_cases(
                {"m": (1, top_n), "d": (0, top_n - 1), "k": (1, 40), "b": (0, 11)}
            ):
                m, n = case["m"], case["m"] + case["d"]
                if n <= top_n and case["k"] <= 3 * (m + n) and case["b"] <= m + n + 1:
                    yield case

        def analysis(case: Case) -> LuckyAnalysis:
            m, n = case["m"], case["m"] + case["d"]
            return solvers[m, n].analyse(LuckyNim(m, n).from_value([case["k"], case["b"]]))

        def holds(case: Case) -> bool:
            m, n, k = case["m"], case["m"] + case["d"], case["k"]
            return agrees(k, m, n, analysis(case))

        def explain(case: Case) -> dict[str, Any]:
            m, n, k = case["m"], case["m"] + case["d"], case["k"]
            found = analysis(case)
            return {
                "n": n,
                "outcome": found.winner.value,
                "rule F(k)": flip_rule(k, m, n),
                "winning numbers on heap 1": _winning_on_first_heap(found),
                "position": [k, case["b"]],
            }

        return check_exhaustive(
            cases(),
            holds,
            scope=f"bounded: 1 <= m <= n <= {top_n} (n = m + d), positions (k, b) with "
            "1 <= k <= 3(m + n), b <= m + n + 1",
            explain=explain,
        )

    return check


def _overshoot_check(numbers: Sequence[int]) -> Callable[[CheckSettings], Verdict]:
    """m = 2, n = 4, a heap of 14: the numbers that win are exactly ``numbers``."""

    def check(settings: CheckSettings) -> Verdict:
        game = LuckyNim(2, 4)
        solver = LuckySolver(game)
        winning = solver.winning_numbers(14)

        def explain(case: Case) -> dict[str, Any]:
            answers = [
                {"y": y, "left": 14 - case["x"] - y}
                for y in range(2, 5)
                if solver.winner([max(14 - case["x"] - y, 0)]) is not SureWinner.OPPONENT
            ]
            return {"answers_that_beat_it": answers, "position": [14]}

        return check_exhaustive(
            ({"x": x} for x in range(2, 5)),
            lambda case: (case["x"] in winning) == (case["x"] in numbers),
            scope="bounded: m = 2, n = 4, heap 14, every number 2..4",
            explain=explain,
        )

    return check


# -- the heap of exactly m + n ----------------------------------------------------------------


def _boundary_check(claimed: Callable[[int, int], Sequence[int]]) -> Callable[..., Verdict]:
    """In a P-position (m + n, b), the opponent's winning answers when heap m + n is named
    are exactly ``claimed(m, n)``."""

    def check(settings: CheckSettings) -> Verdict:
        top_n = 3 if settings.quick else 4
        solvers = _solvers(top_n)

        def cases() -> Iterator[dict[str, int]]:
            for case in integer_cases(
                {"m": (1, top_n), "d": (0, top_n - 1), "b": (0, 2 * top_n + 2)}
            ):
                m, n = case["m"], case["m"] + case["d"]
                if n <= top_n and solvers[m, n].winner([m + n, case["b"]]) is SureWinner.OPPONENT:
                    yield case

        def answers(case: Case) -> list[int]:
            m, n = case["m"], case["m"] + case["d"]
            position = LuckyNim(m, n).from_value([m + n, case["b"]])
            analysis = solvers[m, n].analyse(position)
            return list(dict(analysis.answers)[0])

        return check_exhaustive(
            cases(),
            lambda case: answers(case) == list(claimed(case["m"], case["m"] + case["d"])),
            scope=f"bounded: 1 <= m <= n <= {top_n}; P-positions (m + n, b), b <= {2 * top_n + 2}",
            explain=lambda case: {
                "n": case["m"] + case["d"],
                "claimed": list(claimed(case["m"], case["m"] + case["d"])),
                "winning answers": answers(case),
                "position": [2 * case["m"] + case["d"], case["b"]],
            },
        )

    return check


THEOREMS = listing(
    section(SOURCE, game="lucky-nim", tags=("lucky-nim", "parity")),
    theorem(
        "lucky-nim-block-parity",
        "Lucky Nim: N exactly when the heaps' block colours add up to an odd number "
        "(checked on small positions)",
        "With M = m + n and Omega(k) = 1 when k lies in an even-numbered block "
        "(pM < k <= (p+1)M, p even) and 0 otherwise (Omega(0) = 0), the player to move "
        "can force a win exactly when the sum of Omega over the heaps is odd, and the "
        "opponent can force one exactly when it is even; checked by the exact analysis "
        "of the simultaneous reveal for the listed (m, n) and heaps.",
        r"(h_1, \ldots, h_r) \in \mathcal{P} \iff \sum_i \Omega(h_i) \equiv 0 \pmod{2}",
        _parity_check(lambda m, n: m + n),
        implied_by="lucky-nim-block-parity-step",
    ),
    mutant(
        "lucky-nim-blocks-one-short",
        "Mutant: Lucky Nim colours blocks of m + n - 1",
        "As the block-parity rule, with blocks of m + n - 1 counters instead of m + n.",
        r"(h_1, \ldots, h_r) \in \mathcal{P} \iff \sum_i \Omega'(h_i) \equiv 0 \pmod{2},\ "
        r"\text{blocks of } m + n - 1",
        _parity_check(lambda m, n: max(1, m + n - 1)),
        tags=("lucky-nim", "mutant"),
    ),
    mutant(
        "lucky-nim-determined-ends-only",
        "Mutant: one player can always force a win when only m and n may be shown",
        "With m = 1, n = 4 and only the numbers 1 and 4 allowed, every single heap "
        "is won for sure by the mover or by the opponent (an analysis where the opponent "
        "sees x before answering would agree).",
        r"x, y \in \{1, 4\}:\ \forall k:\ (k) \in \mathcal{N} \cup \mathcal{P}",
        _ends_only_determined,
        tags=("lucky-nim", "mutant", "sequential"),
    ),
    section(
        SOURCE + ": write down n in the first block, avoid overshooting later",
        game="lucky-nim",
        tags=("lucky-nim", "strategy"),
    ),
    theorem(
        "lucky-nim-winning-numbers",
        "Lucky Nim: both players' winning numbers (checked on positions of two heaps)",
        "Let F(k) be the numbers z in [m, n] with z + m >= k if k <= M, and with "
        "r - m <= z <= r + m - 1 if k = pM + r, p >= 1, 1 <= r <= M.  In an N-position "
        "the mover's winning numbers on heap k are F(k); in a P-position, when heap k is "
        "named, the opponent's winning answers (one y, whatever x is) are F(k).  On a "
        "single heap this is the notes' rule: write a number with x + m >= k in the "
        "first block, avoid overshooting the block below later.",
        r"F(k) = \begin{cases} \{z : z + m \ge k\} & k \le M \\ \{z : r - m \le z "
        r"\le r + m - 1\} & k = pM + r,\ p \ge 1 \end{cases}",
        _winning_numbers_check(_matches_flip_rule),
        implied_by="lucky-nim-winning-numbers-symbolic",
    ),
    mutant(
        "lucky-nim-solver-always-write-n",
        "Mutant: in every winning block, writing down n wins",
        "For a single heap with Omega = 1, showing n wins whatever is answered.",
        r"\Omega(k) = 1 \implies n \in W(k)",
        _winning_numbers_check(_n_among_winners),
        source=SOURCE,
        tags=("lucky-nim", "mutant"),
    ),
    mutant(
        "lucky-nim-solver-answers-beat-some-x",
        "Mutant: the opponent's winning answers are those that beat some x",
        "In a P-position the opponent's winning answers to heap k are the y with "
        "y + n >= k if k <= M and r - n <= y <= r + n - 1 otherwise: the answers that win "
        "once x is seen (an analysis where the opponent sees x would agree).",
        r"A(k) = \{y : \exists x \text{ beaten by } y\}",
        _winning_numbers_check(_answers_beat_some_x),
        source=SOURCE,
        tags=("lucky-nim", "mutant", "sequential"),
    ),
    section(
        SOURCE + " (the overshoot example at 14)", game="lucky-nim", tags=("lucky-nim", "example")
    ),
    theorem(
        "lucky-nim-overshoot-14",
        "Lucky Nim, m = 2, n = 4: on 14, showing 2 or 3 wins and showing 4 loses",
        "With m = 2, n = 4 and a heap of 14, the winning numbers are exactly 2 and 3: "
        "after 4 the opponent shows 4 and leaves 6, a heap in a winning block for them.",
        r"m = 2,\ n = 4:\ W(14) = \{2, 3\}",
        _overshoot_check((2, 3)),
    ),
    mutant(
        "lucky-nim-overshoot-14-write-n",
        "Mutant: on 14 (m = 2, n = 4) writing down n = 4 also wins",
        "With m = 2, n = 4 and a heap of 14, the numbers 2, 3 and 4 all win.",
        r"m = 2,\ n = 4:\ W(14) = \{2, 3, 4\}",
        _overshoot_check((2, 3, 4)),
        tags=("lucky-nim", "mutant"),
    ),
    section(
        SOURCE + " (case k = m + n of Analysis II)",
        game="lucky-nim",
        tags=("lucky-nim", "boundary"),
    ),
    theorem(
        "lucky-nim-boundary-m-plus-n",
        "Lucky Nim: a heap of exactly m + n (the case the notes' split omits), on small positions",
        "In a P-position holding a heap of exactly m + n, when the mover names that heap "
        "the opponent's only winning answer is y = n, which empties it whatever x is "
        "(the notes treat k < m + n and k > m + n only).",
        r"(m + n, b) \in \mathcal{P} \implies A(m + n) = \{n\}",
        _boundary_check(lambda m, n: [n]),
        implied_by="lucky-nim-boundary",
    ),
    mutant(
        "lucky-nim-boundary-answer-m",
        "Mutant: at a heap of m + n, answering m suffices",
        "In a P-position holding a heap of exactly m + n, when the mover names that heap "
        "the opponent wins by answering y = m (instead of y = n).",
        r"(m + n, b) \in \mathcal{P} \implies A(m + n) = \{m\}",
        _boundary_check(lambda m, n: [m]),
        tags=("lucky-nim", "mutant"),
    ),
    mutant(
        "lucky-nim-boundary-solver-every-answer",
        "Mutant: at a heap of m + n every answer wins",
        "In a P-position holding a heap of exactly m + n, when the mover names that heap "
        "every answer y in [m, n] wins for the opponent (each empties the heap when x = n, "
        "so an opponent who saw x could play any of them).",
        r"(m + n, b) \in \mathcal{P} \implies A(m + n) = [m, n]",
        _boundary_check(lambda m, n: list(range(m, n + 1))),
        tags=("lucky-nim", "mutant", "sequential"),
    ),
)
