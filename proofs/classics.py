"""Lucky Nim and classics beyond the notes (Wythoff, Euclid, Moore, misere Nim, Gale's
Nim), each with a deliberately false mutant.

Every check derives values with the exact solver from the games' rules and compares
them with the statement; exhaustive checks enumerate a stated finite domain in a stated
order (so the first failure is the minimal counterexample).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from grundy.games import Nim
from grundy.games.euclid import Euclid, euclid_first_player_wins
from grundy.games.gale_nim import GaleNim
from grundy.games.lucky_nim import Choice, LuckyNim, LuckyPosition, block_parity
from grundy.games.moore_nim import MooreNim, moore_p_position
from grundy.games.wythoff import Wythoff, wythoff_pair
from grundy.library import CheckSettings, Expectation, Theorem
from grundy.nimber import nim_sum
from grundy.solve import Outcome, Play, Solver
from grundy.verdict import Status, Verdict, combine_verdicts
from grundy.verify.exhaustive import Case, check_exhaustive, integer_cases

HACKENBUSH_SOURCE = "003 Hackenbush notes, Bonus I (every picture is equivalent to a snake)"
COLON_SOURCE = "beyond the notes: Winning Ways, colon principle (003 Hackenbush, Bonus I)"
FUSION_SOURCE = "beyond the notes: Winning Ways, fusion principle (003 Hackenbush, Bonus I)"
LUCKY_SOURCE = "001 Legner, Lucky Nim (Analysis of Lucky Nim I and II)"


# -- Wythoff and Euclid -----------------------------------------------------------------------


def _wythoff_check(pair: Callable[[int], tuple[int, int]]) -> Callable[..., Verdict]:
    """(a, b) is P exactly when it is ``pair(k)`` or its mirror image for some k."""

    def check(settings: CheckSettings) -> Verdict:
        solver = Solver(Wythoff())
        top = 25 if settings.quick else 70
        predicted: set[tuple[int, int]] = set()
        for k in range(2 * top + 2):
            low, high = pair(k)
            predicted |= {(low, high), (high, low)}

        def holds(case: Case) -> bool:
            position = (case["a"], case["b"])
            return (solver.outcome(position) is Outcome.P) == (position in predicted)

        return check_exhaustive(
            integer_cases({"a": (0, top), "b": (0, top)}),
            holds,
            scope=f"bounded: 0 <= a, b <= {top}",
            explain=lambda case: {
                "outcome": solver.outcome((case["a"], case["b"])).value,
                "formula_says_p": (case["a"], case["b"]) in predicted,
                "position": [case["a"], case["b"]],
            },
        )

    return check


class _PlainEuclid(Euclid):
    """Euclid's game searched move by move, without the chain formula of euclid_grundy."""

    def known_grundy(self, position: tuple[int, int]) -> int | None:
        return None

    def moves_to_value(
        self, position: tuple[int, int], target: int
    ) -> list[tuple[int, int]] | None:
        return None


def _euclid_check(ratio_beats: Callable[[int, int], bool]) -> Callable[..., Verdict]:
    """The player to move wins (a, b) exactly when the larger over the smaller is whole or
    ``ratio_beats(small, large)``."""

    def check(settings: CheckSettings) -> Verdict:
        solver = Solver(_PlainEuclid())
        top = 30 if settings.quick else 120

        def predicted(a: int, b: int) -> bool:
            small, large = min(a, b), max(a, b)
            return large % small == 0 or ratio_beats(small, large)

        return check_exhaustive(
            integer_cases({"a": (1, top), "b": (1, top)}),
            lambda c: (solver.outcome((c["a"], c["b"])) is Outcome.N) == predicted(c["a"], c["b"]),
            scope=f"bounded: 1 <= a, b <= {top}",
            explain=lambda c: {
                "outcome": solver.outcome((c["a"], c["b"])).value,
                "position": [c["a"], c["b"]],
            },
        )

    return check


def _beats_phi(small: int, large: int) -> bool:
    # large / small > phi = (1 + sqrt 5) / 2, in integers (equality is impossible).
    return euclid_first_player_wins(small, large) and large % small != 0


# -- Lucky Nim --------------------------------------------------------------------------------

_LUCKY_PARAMS = ((1, 1), (1, 2), (2, 2), (1, 3), (2, 3), (2, 4), (3, 4))


def _lucky_params(settings: CheckSettings) -> Sequence[tuple[int, int]]:
    return (*_LUCKY_PARAMS[:4], (2, 4)) if settings.quick else _LUCKY_PARAMS


def _lucky_parity_check(block: Callable[[int, int], int]) -> Callable[..., Verdict]:
    """P exactly when the sum of Omega (blocks of ``block(m, n)``) over the heaps is even."""

    def check(settings: CheckSettings) -> Verdict:
        verdicts = []
        for m, n in _lucky_params(settings):
            game = LuckyNim(m, n)
            solver = Solver(game)
            size = block(m, n)
            top = 2 * (m + n) + 1 if settings.quick else 3 * (m + n) + 1

            def omega(k: int, size: int = size) -> int:
                return 0 if k == 0 else 1 - ((k - 1) // size) % 2

            def holds(case: Case, solver: Solver = solver, game: LuckyNim = game) -> bool:
                heaps = [case["a"], case["b"], case["c"]]
                even = sum(map(omega, heaps)) % 2 == 0
                return (solver.outcome(game.from_value(heaps)) is Outcome.P) == even

            def explain(
                case: Case, solver: Solver = solver, game: LuckyNim = game, m: int = m, n: int = n
            ) -> dict[str, Any]:
                heaps = [case["a"], case["b"], case["c"]]
                return {
                    "m": m,
                    "n": n,
                    "omegas": [omega(k) for k in heaps],
                    "outcome": solver.outcome(game.from_value(heaps)).value,
                    "position": heaps,
                }

            third = 0 if settings.quick else m + n + 1
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
        return combine_verdicts(verdicts)

    return check


def _winning_numbers(solver: Solver, k: int, m: int, n: int) -> list[int]:
    """The numbers x with which choosing a single heap of k wins whatever is answered."""
    return [
        x for x in range(m, n + 1) if solver.outcome(LuckyPosition((k,), Choice(0, x))) is Outcome.P
    ]


def _interval_rule(k: int, m: int, n: int) -> list[int]:
    """The notes' case analysis with its inequalities written out.  For k in block p
    (``k = p M + r``, ``1 <= r <= M``): in the first block any x with ``x + m >= k`` empties
    the heap; in a later block with Omega 1 the heap must land in the block below, which
    needs ``r - m <= x <= m + r - 1``; in a block with Omega 0 nothing works."""
    if k == 0:
        return []
    total = m + n
    block, r = (k - 1) // total, (k - 1) % total + 1
    if block == 0:
        return [x for x in range(m, n + 1) if x >= k - m]
    if block % 2:
        return []
    return [x for x in range(m, n + 1) if r - m <= x <= m + r - 1]


def _always_n(k: int, m: int, n: int) -> list[int]:
    """The mutant's simplification: in every block with Omega 1, writing n wins."""
    return [n] if block_parity(k, m, n) else []


def _matches_rule(k: int, m: int, n: int, winning: list[int]) -> bool:
    return _interval_rule(k, m, n) == winning


def _n_among_winners(k: int, m: int, n: int, winning: list[int]) -> bool:
    return set(_always_n(k, m, n)) <= set(winning)


def _lucky_single_heap_check(
    agrees: Callable[[int, int, int, list[int]], bool],
    rule: Callable[[int, int, int], list[int]],
) -> Callable[..., Verdict]:
    """``agrees(k, m, n, winning)`` compares the solver's winning numbers with a rule."""

    def check(settings: CheckSettings) -> Verdict:
        solvers = {(m, n): Solver(LuckyNim(m, n)) for m in range(1, 6) for n in range(m, 6)}
        top_n = 3 if settings.quick else 5

        def holds(case: Case) -> bool:
            m, n, k = case["m"], case["m"] + case["d"], case["k"]
            return agrees(k, m, n, _winning_numbers(solvers[m, n], k, m, n))

        def explain(case: Case) -> dict[str, Any]:
            m, n, k = case["m"], case["m"] + case["d"], case["k"]
            return {
                "n": n,
                "rule": rule(k, m, n),
                "winning_numbers": _winning_numbers(solvers[m, n], k, m, n),
                "position": [k],
            }

        cases = (
            case
            for case in integer_cases({"m": (1, top_n), "d": (0, top_n - 1), "k": (1, 40)})
            if case["m"] + case["d"] <= top_n and case["k"] <= 4 * (2 * case["m"] + case["d"])
        )
        return check_exhaustive(
            cases,
            holds,
            scope=f"bounded: 1 <= m <= n <= {top_n} (n = m + d), single heaps 1 <= k <= 4(m + n)",
            explain=explain,
        )

    return check


def _overshoot_check(numbers: Sequence[int]) -> Callable[..., Verdict]:
    """m = 2, n = 4, a heap of 14: the numbers that win are exactly ``numbers``."""

    def check(settings: CheckSettings) -> Verdict:
        game = LuckyNim(2, 4)
        solver = Solver(game)

        def holds(case: Case) -> bool:
            wins = solver.outcome(LuckyPosition((14,), Choice(0, case["x"]))) is Outcome.P
            return wins == (case["x"] in numbers)

        def explain(case: Case) -> dict[str, Any]:
            pending = LuckyPosition((14,), Choice(0, case["x"]))
            answers = [
                {"y": y, "left": game.after(pending, y)[0]}
                for y in range(2, 5)
                if solver.outcome(LuckyPosition(game.after(pending, y))) is Outcome.N
            ]
            return {"answers_that_beat_it": answers, "position": [14]}

        return check_exhaustive(
            ({"x": x} for x in range(2, 5)),
            holds,
            scope="bounded: m = 2, n = 4, heap 14, every number 2..4",
            explain=explain,
        )

    return check


def _boundary_check(answer: Callable[[int, int], int]) -> Callable[..., Verdict]:
    """In a P-position holding a heap of exactly m + n, if that heap is chosen with any x,
    the answer ``answer(m, n)`` leaves the answerer a winning (N) position."""

    def check(settings: CheckSettings) -> Verdict:
        top_n = 3 if settings.quick else 4
        solvers = {(m, n): Solver(LuckyNim(m, n)) for m in range(1, 5) for n in range(m, 5)}

        def cases() -> Iterator[dict[str, int]]:
            for case in integer_cases(
                {"m": (1, top_n), "d": (0, top_n - 1), "b": (0, 2 * top_n + 2), "x": (0, 3)}
            ):
                m, n = case["m"], case["m"] + case["d"]
                game = LuckyNim(m, n) if n <= top_n else None
                if game is None or case["x"] > n - m:
                    continue
                if solvers[m, n].outcome(game.from_value([m + n, case["b"]])) is Outcome.P:
                    yield case

        def left_after(case: Case) -> tuple[int, ...]:
            m, n = case["m"], case["m"] + case["d"]
            pending = LuckyPosition((m + n, case["b"]), Choice(0, m + case["x"]))
            return LuckyNim(m, n).after(pending, answer(m, n))

        def holds(case: Case) -> bool:
            m, n = case["m"], case["m"] + case["d"]
            left = left_after(case)
            return any(left) and solvers[m, n].outcome(LuckyPosition(left)) is Outcome.N

        return check_exhaustive(
            cases(),
            holds,
            scope=f"bounded: 1 <= m <= n <= {top_n}; P-positions (m + n, b), b <= {2 * top_n + 2}; "
            "chooser's number m + x, every x",
            explain=lambda case: {
                "n": case["m"] + case["d"],
                "answer": answer(case["m"], case["m"] + case["d"]),
                "left": list(left_after(case)),
                "position": [case["m"] + case["m"] + case["d"], case["b"]],
            },
        )

    return check


# -- Moore's Nim, misere Nim, Gale's Nim ------------------------------------------------------


def _moore_check(modulus: Callable[[int], int]) -> Callable[..., Verdict]:
    """Nim_k: P exactly when every binary digit's count of ones is divisible by
    ``modulus(k)`` (Moore: k + 1)."""

    def check(settings: CheckSettings) -> Verdict:
        top = 3 if settings.quick else 5
        verdicts = []
        for k in (1, 2, 3):
            solver = Solver(MooreNim(k))
            names = [f"h{i + 1}" for i in range(k + 1)]

            def holds(case: Case, solver: Solver = solver, k: int = k) -> bool:
                heaps = tuple(case[name] for name in sorted(case) if name != "k")
                return (solver.outcome(heaps) is Outcome.P) == moore_p_position(
                    heaps, modulus(k) - 1
                )

            verdicts.append(
                check_exhaustive(
                    ({"k": k, **case} for case in integer_cases(dict.fromkeys(names, (0, top)))),
                    holds,
                    scope=f"bounded: k = {k}, {k + 1} heaps of 0..{top}",
                )
            )
            if verdicts[-1].status is Status.REFUTED:
                break
        return combine_verdicts(verdicts)

    return check


def _misere_rule(heaps: Sequence[int]) -> bool:
    """Misere Nim is P when some heap exceeds 1 and the nim-sum is 0, or when every heap
    is at most 1 and an odd number of them hold 1."""
    if max(heaps, default=0) <= 1:
        return sum(heaps) % 2 == 1
    return nim_sum(*heaps) == 0


def _misere_check(rule: Callable[[Sequence[int]], bool]) -> Callable[..., Verdict]:
    def check(settings: CheckSettings) -> Verdict:
        solver = Solver(Nim())
        top = 4 if settings.quick else 7
        return check_exhaustive(
            integer_cases({"a": (0, top), "b": (0, top), "c": (0, top)}),
            lambda c: (
                (solver.outcome((c["a"], c["b"], c["c"]), Play.MISERE) is Outcome.P)
                == rule((c["a"], c["b"], c["c"]))
            ),
            scope=f"bounded: three heaps 0 <= a, b, c <= {top}",
            explain=lambda c: {
                "misere_outcome": solver.outcome((c["a"], c["b"], c["c"]), Play.MISERE).value,
                "position": [c["a"], c["b"], c["c"]],
            },
        )

    return check


def _gale_check(formula: Callable[[int, int], int]) -> Callable[..., Verdict]:
    """Gale's Nim stopping at one heap: two non-empty heaps have value formula(a, b)."""

    def check(settings: CheckSettings) -> Verdict:
        solver = Solver(GaleNim(n=1))
        top = 8 if settings.quick else 20
        return check_exhaustive(
            integer_cases({"a": (1, top), "b": (1, top)}),
            lambda c: solver.grundy_value((c["a"], c["b"])) == formula(c["a"], c["b"]),
            scope=f"bounded: 1 <= a, b <= {top}",
            explain=lambda c: {"value": solver.grundy_value((c["a"], c["b"]))},
        )

    return check


def _gale_one_more_heap(extra: int) -> Callable[..., Verdict]:
    """Gale's Nim stopping at n heaps, with n + ``extra`` non-empty heaps: the value is
    ((h1 - 1) xor ... xor (hm - 1)) + 1, for n = 1, 2, 3 (``extra`` 1 is the theorem)."""
    tops = {2: 9, 3: 7, 4: 5, 5: 4}

    def check(settings: CheckSettings) -> Verdict:
        def cases() -> Iterator[dict[str, Any]]:
            for n in (1, 2, 3):
                heaps = n + extra
                top = tops[heaps] if not settings.quick else min(tops[heaps], 4)
                for case in integer_cases({f"h{i}": (1, top) for i in range(1, heaps + 1)}):
                    yield {"n": n, **case}

        solvers = {n: Solver(GaleNim(n=n)) for n in (1, 2, 3)}

        def heaps_of(case: Case) -> tuple[int, ...]:
            return tuple(case[key] for key in case if key != "n")

        def formula(case: Case) -> int:
            return nim_sum(*(h - 1 for h in heaps_of(case))) + 1

        return check_exhaustive(
            cases(),
            lambda case: solvers[case["n"]].grundy_value(heaps_of(case)) == formula(case),
            scope=f"bounded: n = 1, 2, 3 with n + {extra} non-empty heaps, each at most "
            + ", ".join(f"{tops[n + extra]} (n = {n})" for n in (1, 2, 3)),
            explain=lambda case: {
                "value": solvers[case["n"]].grundy_value(heaps_of(case)),
                "formula": formula(case),
                "position": list(heaps_of(case)),
            },
        )

    return check


def _wythoff_with_two(k: int) -> tuple[int, int]:
    return wythoff_pair(k)[0], 2 * k


THEOREMS: list[Theorem] = [
    Theorem(
        id="wythoff-golden-pairs",
        title="Wythoff's P-positions are the golden-ratio pairs",
        statement=(
            "(a, b) is a P-position of Wythoff's game exactly when {a, b} = "
            "{floor(k phi), floor(k phi^2)} for some k >= 0, phi the golden ratio."
        ),
        latex=(
            r"(a,b) \in \mathcal{P} \iff \{a,b\} = "
            r"\{\lfloor k\varphi \rfloor, \lfloor k\varphi^2 \rfloor\}"
        ),
        source="beyond the notes: Wythoff (1907)",
        check=_wythoff_check(wythoff_pair),
        game="wythoff",
        tags=("wythoff", "golden-ratio"),
    ),
    Theorem(
        id="wythoff-phi-squared-is-two",
        title="Mutant: Wythoff's pairs with phi^2 replaced by 2",
        statement="(a, b) is P exactly when {a, b} = {floor(k phi), 2k} for some k >= 0.",
        latex=r"(a,b) \in \mathcal{P} \iff \{a,b\} = \{\lfloor k\varphi \rfloor, 2k\},\ k \ge 0",
        source="beyond the notes: Wythoff (1907)",
        check=_wythoff_check(_wythoff_with_two),
        mutant_of="wythoff-golden-pairs",
        expect=Expectation.FAILS,
        game="wythoff",
        tags=("wythoff", "mutant"),
    ),
    Theorem(
        id="euclid-golden-ratio",
        title="Euclid's game: the mover wins iff b/a is whole or exceeds phi",
        statement=(
            "With 0 < a <= b, the player to move in Euclid's game wins exactly when b/a is an "
            "integer or b/a > phi (compared exactly, in integers)."
        ),
        latex=r"0 < a \le b:\ (a,b) \in \mathcal{N} \iff a \mid b \ \vee\ b > \varphi a",
        source="001 Legner, unsolved problems: Euclid's Nim (two numbers; Cole and Davie 1969)",
        check=_euclid_check(_beats_phi),
        game="euclid",
        tags=("euclid", "golden-ratio"),
    ),
    Theorem(
        id="euclid-ratio-two",
        title="Mutant: Euclid's game with 2 in place of phi",
        statement="With 0 < a <= b, the player to move wins exactly when b/a is whole or b > 2a.",
        latex=r"0 < a \le b:\ (a,b) \in \mathcal{N} \iff a \mid b \ \vee\ b > 2a",
        source="001 Legner, unsolved problems: Euclid's Nim",
        check=_euclid_check(lambda small, large: large > 2 * small),
        mutant_of="euclid-golden-ratio",
        expect=Expectation.FAILS,
        game="euclid",
        tags=("euclid", "mutant"),
    ),
    Theorem(
        id="lucky-nim-block-parity",
        title="Lucky Nim: P exactly when the heaps' block colours add up to an even number",
        statement=(
            "With M = m + n and Omega(k) = 1 when k lies in an even-numbered block "
            "(pM < k <= (p+1)M, p even) and 0 otherwise (Omega(0) = 0), a position is P "
            "exactly when the sum of Omega over its heaps is even."
        ),
        latex=r"(h_1, \ldots, h_r) \in \mathcal{P} \iff \sum_i \Omega(h_i) \equiv 0 \pmod{2}",
        source=LUCKY_SOURCE,
        check=_lucky_parity_check(lambda m, n: m + n),
        game="lucky-nim",
        tags=("lucky-nim", "parity"),
    ),
    Theorem(
        id="lucky-nim-blocks-one-short",
        title="Mutant: Lucky Nim colours blocks of m + n - 1",
        statement="As the block-parity rule, with blocks of m + n - 1 counters instead of m + n.",
        latex=r"(h_1, \ldots, h_r) \in \mathcal{P} \iff \sum_i \Omega'(h_i) \equiv 0 \pmod{2},\ "
        r"\text{blocks of } m + n - 1",
        source=LUCKY_SOURCE,
        check=_lucky_parity_check(lambda m, n: max(1, m + n - 1)),
        mutant_of="lucky-nim-block-parity",
        expect=Expectation.FAILS,
        game="lucky-nim",
        tags=("lucky-nim", "mutant"),
    ),
    Theorem(
        id="lucky-nim-winning-numbers",
        title="Lucky Nim: which numbers win on a single heap (the notes' inequalities)",
        statement=(
            "For a single heap k = pM + r (1 <= r <= M): if p = 0 the numbers x with "
            "x + m >= k win (whatever is answered, the heap is emptied); if p is even and "
            "positive exactly those with r - m <= x <= m + r - 1 win (the heap lands in the "
            "block below); if p is odd none does."
        ),
        latex=r"k = pM + r:\ W(k) = \begin{cases} \{x : x + m \ge k\} & p = 0 \\ \{x : r - m \le x "
        r"\le m + r - 1\} & p > 0 \text{ even} \\ \emptyset & p \text{ odd} \end{cases}",
        source=LUCKY_SOURCE + ": write down n in the first block, avoid overshooting later",
        check=_lucky_single_heap_check(_matches_rule, _interval_rule),
        game="lucky-nim",
        tags=("lucky-nim", "strategy"),
    ),
    Theorem(
        id="lucky-nim-solver-always-write-n",
        title="Mutant: in every winning block, writing down n wins",
        statement="For a single heap with Omega = 1, showing n wins whatever is answered.",
        latex=r"\Omega(k) = 1 \implies n \in W(k)",
        source=LUCKY_SOURCE,
        check=_lucky_single_heap_check(_n_among_winners, _always_n),
        mutant_of="lucky-nim-winning-numbers",
        expect=Expectation.FAILS,
        game="lucky-nim",
        tags=("lucky-nim", "mutant"),
    ),
    Theorem(
        id="lucky-nim-overshoot-14",
        title="Lucky Nim, m = 2, n = 4: on 14, showing 2 or 3 wins and showing 4 loses",
        statement=(
            "With m = 2, n = 4 and a heap of 14, the winning numbers are exactly 2 and 3: "
            "after 4 the opponent shows 4 and leaves 6, a heap in a winning block for them."
        ),
        latex=r"m = 2,\ n = 4:\ W(14) = \{2, 3\}",
        source=LUCKY_SOURCE + " (the overshoot example at 14)",
        check=_overshoot_check((2, 3)),
        game="lucky-nim",
        tags=("lucky-nim", "example"),
    ),
    Theorem(
        id="lucky-nim-overshoot-14-write-n",
        title="Mutant: on 14 (m = 2, n = 4) writing down n = 4 also wins",
        statement="With m = 2, n = 4 and a heap of 14, the numbers 2, 3 and 4 all win.",
        latex=r"m = 2,\ n = 4:\ W(14) = \{2, 3, 4\}",
        source=LUCKY_SOURCE + " (the overshoot example at 14)",
        check=_overshoot_check((2, 3, 4)),
        mutant_of="lucky-nim-overshoot-14",
        expect=Expectation.FAILS,
        game="lucky-nim",
        tags=("lucky-nim", "mutant"),
    ),
    Theorem(
        id="lucky-nim-boundary-m-plus-n",
        title="Lucky Nim: a heap of exactly m + n (the case the notes' split omits)",
        statement=(
            "In a P-position holding a heap of exactly m + n, if the chooser picks that heap "
            "with any number, the answer y = n empties it and leaves the answerer an "
            "N-position (the notes treat k < m + n and k > m + n only)."
        ),
        latex=r"(m + n, b) \in \mathcal{P} \implies \forall x:\ \text{the answer } y = n \text{ "
        r"leaves an } \mathcal{N}\text{-position}",
        source=LUCKY_SOURCE + " (case k = m + n of Analysis II)",
        check=_boundary_check(lambda m, n: n),
        game="lucky-nim",
        tags=("lucky-nim", "boundary"),
    ),
    Theorem(
        id="lucky-nim-boundary-answer-m",
        title="Mutant: at a heap of m + n, answering m suffices",
        statement="As lucky-nim-boundary-m-plus-n, with the answer y = m instead of y = n.",
        latex=r"(m + n, b) \in \mathcal{P} \implies \forall x:\ \text{the answer } y = m \text{ "
        r"leaves an } \mathcal{N}\text{-position}",
        source=LUCKY_SOURCE + " (case k = m + n of Analysis II)",
        check=_boundary_check(lambda m, n: m),
        mutant_of="lucky-nim-boundary-m-plus-n",
        expect=Expectation.FAILS,
        game="lucky-nim",
        tags=("lucky-nim", "mutant"),
    ),
    Theorem(
        id="moore-nim-digit-counts",
        title="Moore's theorem for Nim_k",
        statement=(
            "In Moore's Nim_k (take from up to k heaps at once) a position is P exactly when, "
            "for every binary digit, the number of heaps with a 1 there is divisible by k + 1."
        ),
        latex=r"(h_1, \ldots, h_r) \in \mathcal{P}_k \iff \forall t:\ (k+1) \mid \lvert\{i : h_i "
        r"\text{ has bit } t\}\rvert",
        source="beyond the notes: Moore (1910)",
        check=_moore_check(lambda k: k + 1),
        game="moore-nim",
        tags=("moore-nim", "nim-variants"),
    ),
    Theorem(
        id="moore-nim-mod-k",
        title="Mutant: Moore's theorem with counts modulo k",
        statement="Nim_k is P exactly when every binary digit's count of ones is divisible by k.",
        latex=r"(h_1, \ldots, h_r) \in \mathcal{P}_k \iff \forall t:\ k \mid \lvert\{i : h_i "
        r"\text{ has bit } t\}\rvert",
        source="beyond the notes: Moore (1910)",
        check=_moore_check(lambda k: k),
        mutant_of="moore-nim-digit-counts",
        expect=Expectation.FAILS,
        game="moore-nim",
        tags=("moore-nim", "mutant"),
    ),
    Theorem(
        id="misere-nim-rule",
        title="Misere Nim: play as in Nim until only heaps of 1 remain",
        statement=(
            "In misere Nim (the last mover loses) a position is P exactly when its nim-sum is "
            "0 and some heap exceeds 1, or every heap is at most 1 and an odd number hold 1."
        ),
        latex=r"h \in \mathcal{P}^{-} \iff (\max_i h_i > 1 \wedge \bigoplus_i h_i = 0) \vee "
        r"(\max_i h_i \le 1 \wedge \sum_i h_i \text{ odd})",
        source="beyond the notes: misere Nim (Bouton 1901)",
        check=_misere_check(_misere_rule),
        game="nim",
        tags=("nim", "misere"),
    ),
    Theorem(
        id="misere-nim-like-normal",
        title="Mutant: misere Nim is won exactly like normal Nim",
        statement="In misere Nim a position is P exactly when its nim-sum is 0.",
        latex=r"h \in \mathcal{P}^{-} \iff \bigoplus_i h_i = 0",
        source="beyond the notes: misere Nim (Bouton 1901)",
        check=_misere_check(lambda heaps: nim_sum(*heaps) == 0),
        mutant_of="misere-nim-rule",
        expect=Expectation.FAILS,
        game="nim",
        tags=("nim", "misere", "mutant"),
    ),
    Theorem(
        id="gale-nim-two-heaps",
        title="Gale's Nim stopping at one heap: two heaps",
        statement=(
            "In Gale's Nim that ends once at most one heap is non-empty, two non-empty heaps "
            "a, b have Grundy value ((a - 1) xor (b - 1)) + 1."
        ),
        latex=r"a, b \ge 1 \implies \mathcal{G}(a,b) = ((a-1) \oplus (b-1)) + 1",
        source=(
            "001 Legner, unsolved problems: Gale's Nim (two-heap case as noted by T. Plambeck, "
            "math-fun list, 2004)"
        ),
        check=_gale_check(lambda a, b: ((a - 1) ^ (b - 1)) + 1),
        game="gale-nim",
        tags=("gale-nim", "open-problem"),
    ),
    Theorem(
        id="gale-nim-two-heaps-plain-xor",
        title="Mutant: Gale's Nim two heaps have value a xor b",
        statement="Two non-empty heaps of Gale's Nim stopping at one heap have value a xor b.",
        latex=r"a, b \ge 1 \implies \mathcal{G}(a,b) = a \oplus b",
        source="001 Legner, unsolved problems: Gale's Nim",
        check=_gale_check(lambda a, b: a ^ b),
        mutant_of="gale-nim-two-heaps",
        expect=Expectation.FAILS,
        game="gale-nim",
        tags=("gale-nim", "mutant"),
    ),
    Theorem(
        id="gale-nim-one-heap-more",
        title="Gale's Nim, one heap more than it stops at",
        statement=(
            "In Gale's Nim that ends once at most n heaps are non-empty, n + 1 non-empty heaps "
            "h1, ..., h(n+1) have Grundy value ((h1 - 1) xor ... xor (h(n+1) - 1)) + 1: checked "
            "for n = 1, 2, 3 (two to four heaps).  Why it holds for every n: emptying a heap "
            "ends the game (value 0); the other moves are Nim moves on the heaps minus one, "
            "whose nim-sums s' take every value below s and never s itself; by induction "
            "those options have values s' + 1, so the mex is s + 1.  (Not proved here beyond "
            "the cases checked.)  With n + 2 or more heaps no closed "
            "form is known to us (the notes list Gale's Nim as unsolved)."
        ),
        latex=r"h_i \ge 1 \implies \mathcal{G}_n(h_1, \ldots, h_{n+1}) = \bigoplus_i (h_i - 1) + 1",
        source="001 Legner, unsolved problems: Gale's Nim (the case of one heap more than n)",
        check=_gale_one_more_heap(1),
        game="gale-nim",
        tags=("gale-nim", "open-problem"),
    ),
    Theorem(
        id="gale-nim-two-heaps-more",
        title="Mutant: the same value with two heaps more than Gale's Nim stops at",
        statement="n + 2 non-empty heaps have value ((h1 - 1) xor ... xor (h(n+2) - 1)) + 1.",
        latex=r"h_i \ge 1 \implies \mathcal{G}_n(h_1, \ldots, h_{n+2}) = \bigoplus_i (h_i - 1) + 1",
        source="001 Legner, unsolved problems: Gale's Nim",
        check=_gale_one_more_heap(2),
        mutant_of="gale-nim-one-heap-more",
        expect=Expectation.FAILS,
        game="gale-nim",
        tags=("gale-nim", "mutant"),
    ),
]
