"""A small theorem library for the report tests: one claim of every kind of verdict.

Each check really computes its verdict with the solver over a small domain, so the
report is exercised on honest results: proved, refuted (a mutant, with a
counterexample), unrefuted (a seeded random search), unknown (a search that hits its
case budget), and error (a game that rejects its options).  Loaded by path with
``grundy.library.load_library`` (``THEOREMS`` below).
"""

from __future__ import annotations

import itertools
import random

from grundy.errors import InvalidParameterError
from grundy.games import Nim, create_game
from grundy.library import CheckSettings, Expectation, Theorem
from grundy.nimber import nim_sum
from grundy.solve import Outcome, Solver
from grundy.verdict import Status, Verdict, combine_verdicts

BOUND = 6


def _bouton_exhaustive(settings: CheckSettings) -> Verdict:
    solver = Solver(Nim())
    bound = 4 if settings.quick else BOUND
    cases = 0
    for heaps in itertools.product(range(bound + 1), repeat=3):
        cases += 1
        if (solver.outcome(heaps) is Outcome.P) != (nim_sum(*heaps) == 0):
            return Verdict(Status.REFUTED, "exhaustive", counterexample={"position": heaps})
    return Verdict(
        Status.PROVED,
        "exhaustive",
        f"bounded: 0 <= a, b, c <= {bound}",
        cases=cases,
        details={"positions_explored": solver.positions_explored, "heaps": 3},
    )


def _bouton_random(settings: CheckSettings) -> Verdict:
    rng = random.Random(settings.seed)
    solver = Solver(Nim())
    examples = 200
    largest = 0
    for _ in range(examples):
        heaps = tuple(rng.randrange(1 << 20) for _ in range(rng.randrange(1, 6)))
        largest = max(largest, *heaps)
        if (solver.outcome(heaps) is Outcome.P) != (nim_sum(*heaps) == 0):
            return Verdict(Status.REFUTED, "random", counterexample={"position": heaps})
    return Verdict(
        Status.UNREFUTED,
        "random",
        "bounded: up to 5 heaps below 2^20",
        cases=examples,
        details={"seed": settings.seed, "largest_heap": largest},
    )


def _bouton(settings: CheckSettings) -> Verdict:
    return combine_verdicts([_bouton_exhaustive(settings), _bouton_random(settings)])


def _plus_is_nim_sum(settings: CheckSettings) -> Verdict:
    """The mutant: two-heap Nim is P exactly when a + b is even (false: (1, 3))."""
    solver = Solver(Nim())
    cases = 0
    for a, b in itertools.product(range(BOUND + 1), repeat=2):
        cases += 1
        if (solver.outcome((a, b)) is Outcome.P) != ((a + b) % 2 == 0):
            outcome = solver.outcome((a, b)).value
            return Verdict(
                Status.REFUTED,
                "exhaustive",
                f"bounded: 0 <= a, b <= {BOUND}",
                cases=cases,
                counterexample={"a": a, "b": b, "position": (a, b)},
                message=f"(a, b) = ({a}, {b}) is {outcome} although a + b is even",
            )
    return Verdict(Status.PROVED, "exhaustive", f"bounded: 0 <= a, b <= {BOUND}", cases=cases)


def _take_away_limited(settings: CheckSettings) -> Verdict:
    """Stops at its case budget: the honest answer is unknown, never proved."""
    solver = Solver(create_game("take-away"))
    budget = 50
    for n in itertools.count():
        if n >= budget:
            return Verdict(
                Status.UNKNOWN,
                "exhaustive",
                "unbounded",
                cases=n,
                message=f"case budget of {budget} reached; every case before it held",
                details={"budget": budget, "search_seconds": 0.0},
            )
        if (solver.outcome((n,)) is Outcome.P) != (n % 4 == 0):
            return Verdict(Status.REFUTED, "exhaustive", counterexample={"n": n})
    raise AssertionError("unreachable")


def _bad_game(settings: CheckSettings) -> Verdict:
    game = create_game("subtraction", {"set": [0, 2]})  # raises InvalidParameterError
    return Verdict(Status.PROVED, "exhaustive", game.label)


THEOREMS = [
    Theorem(
        "sample-bouton",
        "Bouton's theorem for three heaps",
        "A Nim position (a, b, c) is a P-position exactly when a xor b xor c = 0.",
        "000 slides, Bouton's theorem",
        _bouton,
        latex=r"(a, b, c) \in \mathcal{P} \iff a \oplus b \oplus c = 0",
        game="nim",
        tags=("bouton",),
    ),
    Theorem(
        "sample-bouton-parity",
        "Mutant: parity instead of nim-sum",
        "Two-heap Nim (a, b) is a P-position exactly when a + b is even.",
        "mutant of 000 slides, Bouton's theorem",
        _plus_is_nim_sum,
        mutant_of="sample-bouton",
        expect=Expectation.FAILS,
        latex=r"(a, b) \in \mathcal{P} \iff a + b \equiv 0 \pmod{2}",
        game="nim",
    ),
    Theorem(
        "sample-take-away",
        "Take-away P-positions are the multiples of four",
        "In the game remove 1, 2 or 3, n chips is a P-position exactly when 4 divides n.",
        "000 slides, a take-away game",
        _take_away_limited,
        latex=r"\forall n \ge 0:\; n \in \mathcal{P} \iff 4 \mid n",
        game="take-away",
    ),
    Theorem(
        "sample-bad-game",
        "A claim whose game is malformed",
        "Subtraction with the set {0, 2} (not a game).",
        "test fixture",
        _bad_game,
        game="subtraction --set 0,2",
    ),
]

__all__ = ["THEOREMS", "InvalidParameterError"]
