"""Chomp's two arguments from the slides (seed 000), for boards of every size, by Z3.

Boards are sets of squares (i, j), row i >= 1 counted from the poisoned square (1, 1),
column j >= 1.  A bite at (r, c) removes every square (i, j) with i >= r and j >= c; it
is legal when (r, c) is on the board and is not (1, 1).  Z3 reasons over unbounded
integers, so a proof covers every a x b board; a set equality is stated square by
square (for every (i, j)).  Each counterexample Z3 offers is re-checked on the board it
names with the game's own rules (:mod:`grundy.games.chomp`) before it counts.

- :func:`prove_strategy_stealing`: the one geometric fact of the strategy-stealing
  argument: after the first bite (the top-right corner (a, b)), every position one bite
  away is also one bite away from the full rectangle (the same bite, since it removes
  the corner too).
- :func:`prove_square_mirror`: bite (2, 2) on an n x n board leaves the symmetric L with
  arms of n - 1 squares; from a symmetric L every legal bite shortens one arm, and the
  mirror bite on the other arm is legal and makes the L symmetric again; from the L with
  empty arms there is no legal bite.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

import z3

from grundy.certify.strategy import StrategyCheck, check_strategy
from grundy.games.chomp import Chomp, bite
from grundy.solve.chomp_strategy import chomp_bite_then_mirror
from grundy.verdict import UNBOUNDED, Status, Verdict, with_paper_steps
from grundy.verify.z3engine import model_values, prove_z3

__all__ = ["STEALING_ID", "prove_square_mirror", "prove_strategy_stealing"]

STEALING_ID = "chomp-rectangles-are-n"
"""The library theorem whose strategy-stealing argument is argued on paper."""

Board = Callable[[z3.ArithRef, z3.ArithRef], z3.BoolRef]
"""A board as a predicate on squares (i, j)."""
_RECHECK_LIMIT = 40  # boards up to this side are re-checked square by square


def _rectangle(a: z3.ArithRef, b: z3.ArithRef, i: z3.ArithRef, j: z3.ArithRef) -> z3.BoolRef:
    return z3.And(i >= 1, i <= a, j >= 1, j <= b)


def _bitten(r: z3.ArithRef, c: z3.ArithRef, i: z3.ArithRef, j: z3.ArithRef) -> z3.BoolRef:
    return z3.And(i >= r, j >= c)


def prove_strategy_stealing(
    first: str = "corner", *, least_area: int = 2, timeout_ms: int, seed: int = 0
) -> Verdict:
    """The geometric fact for every a x b board with a * b >= ``least_area`` (2: area > 1).

    ``first="next-to-poison"`` steals with the bite (1, 2) instead, and ``least_area=1``
    takes in the single poisoned square (both false: mutants).  The strategy-stealing
    argument that turns the fact into "the first player wins" is argued on paper: a
    proved verdict lists it in ``assumes``.
    """
    a, b, r, c, i, j = z3.Ints("a b r c i j")
    if first == "corner":
        p, q = a, b
    elif first == "next-to-poison":
        p, q = z3.IntVal(1), z3.IntVal(2)
    else:
        raise ValueError(f"unknown first bite {first!r} (corner or next-to-poison)")

    def after_first(x: z3.ArithRef, y: z3.ArithRef) -> z3.BoolRef:
        return z3.And(_rectangle(a, b, x, y), z3.Not(_bitten(p, q, x, y)))

    first_legal = z3.And(_rectangle(a, b, p, q), z3.Or(p != 1, q != 1))
    reply_legal = z3.And(after_first(r, c), z3.Or(r != 1, c != 1))
    same_position = (z3.And(after_first(i, j), z3.Not(_bitten(r, c, i, j)))) == z3.And(
        _rectangle(a, b, i, j), z3.Not(_bitten(r, c, i, j))
    )
    stolen_legal = z3.And(_rectangle(a, b, r, c), z3.Or(r != 1, c != 1))
    goal = z3.Implies(
        z3.And(a >= 1, b >= 1, a * b >= least_area),
        z3.And(first_legal, z3.Implies(reply_legal, z3.And(stolen_legal, same_position))),
    )
    variables = [a, b, r, c, i, j]

    def recheck(case: Mapping[str, int]) -> bool:
        return _stealing_failure(case["a"], case["b"], first, least_area) is None

    verdict = _prove_on_every_board(goal, variables, recheck, [a + b, a, b], timeout_ms, seed)
    example = verdict.counterexample
    if verdict.status is not Status.REFUTED or example is None:
        return with_paper_steps(verdict, STEALING_ID)
    height, width = example["a"], example["b"]
    return replace(
        verdict,
        counterexample={
            "a": height,
            "b": width,
            "why": _stealing_failure(height, width, first, least_area),
            "position": [width] * height,
        },
    )


def _prove_on_every_board(
    goal: z3.BoolRef,
    variables: Sequence[z3.ArithRef],
    recheck: Callable[[Mapping[str, int]], bool],
    minimise: Sequence[z3.ArithRef],
    timeout_ms: int,
    seed: int,
) -> Verdict:
    """Z3 on boards of every size; a model refutes only once ``recheck`` has played its
    board by the rules (it is read as the named integers, the smallest first)."""
    return prove_z3(
        goal,
        scope=UNBOUNDED,
        timeout_ms=timeout_ms,
        method="z3",
        decode=lambda model: model_values(model, variables),
        recheck=recheck,
        minimise=minimise,
        seed=seed,
    )


def _stealing_failure(height: int, width: int, first: str, least_area: int) -> str | None:
    """Why the argument fails on the a x b board, by the game's own rules (None: it holds).

    Boards beyond the re-check limit are never called failures on Z3's word alone.
    """
    if not (1 <= height <= _RECHECK_LIMIT and 1 <= width <= _RECHECK_LIMIT):
        return None
    if height * width < least_area:
        return None
    rows = (width,) * height
    first_row, first_column = (height, width) if first == "corner" else (1, 2)
    if first_row > height or first_column > width or (first_row, first_column) == (1, 1):
        return f"the first bite ({first_row},{first_column}) is not legal on this board"
    after = bite(rows, first_row - 1, first_column - 1)
    from_rectangle = set(Chomp().moves(rows))
    for option, name in Chomp().labelled_moves(after):
        if option not in from_rectangle:
            return (
                f"after the first bite, {name} leaves {Chomp().format(option)}, which no "
                "single bite reaches from the full board"
            )
    return None


def prove_square_mirror(
    first_bite: tuple[int, int] = (2, 2), *, timeout_ms: int, seed: int = 0
) -> Verdict:
    """Bite ``first_bite`` (1-based), then mirror on the L, wins every n x n board, n >= 2.

    Three facts, each for unbounded n, k and bites (r, c): the first bite is legal and
    leaves the L with arms k = n - 1; from the L with arms k, k, every legal bite (r, c)
    leaves arms (c - 2, k) or (k, r - 2), the mirror bite is legal there and leaves arms
    (m, m) with m < k; from arms 0, 0 no bite is legal.  By induction on k the opponent,
    always to move on a symmetric L, is the one left without a move.
    """
    n, k, r, c, i, j = z3.Ints("n k r c i j")
    p, q = (z3.IntVal(value) for value in first_bite)

    def ell(across: z3.ArithRef, up: z3.ArithRef, x: z3.ArithRef, y: z3.ArithRef) -> z3.BoolRef:
        """The L: the poisoned square, ``across`` squares right of it, ``up`` above it."""
        return z3.Or(z3.And(x == 1, y >= 1, y <= across + 1), z3.And(y == 1, x >= 1, x <= up + 1))

    def legal(board: Board, x: z3.ArithRef, y: z3.ArithRef) -> z3.BoolRef:
        return z3.And(board(x, y), z3.Or(x != 1, y != 1))

    def square(x: z3.ArithRef, y: z3.ArithRef) -> z3.BoolRef:
        return _rectangle(n, n, x, y)

    opening = z3.Implies(
        n >= 2,
        z3.And(
            legal(square, p, q),
            z3.And(square(i, j), z3.Not(_bitten(p, q, i, j))) == ell(n - 1, n - 1, i, j),
        ),
    )

    def symmetric(x: z3.ArithRef, y: z3.ArithRef) -> z3.BoolRef:
        return ell(k, k, x, y)

    def after(x: z3.ArithRef, y: z3.ArithRef) -> z3.BoolRef:
        return z3.And(symmetric(x, y), z3.Not(_bitten(r, c, x, y)))

    # the arm the opponent shortened, and the mirror bite on the other arm
    shortened = z3.If(r == 1, c - 2, r - 2)
    mirror_r, mirror_c = z3.If(r == 1, shortened + 2, 1), z3.If(r == 1, 1, shortened + 2)
    one_arm = z3.If(r == 1, ell(shortened, k, i, j), ell(k, shortened, i, j))
    replied = z3.And(after(i, j), z3.Not(_bitten(mirror_r, mirror_c, i, j)))
    answer = z3.Implies(
        z3.And(k >= 0, legal(symmetric, r, c)),
        z3.And(
            z3.Or(r == 1, c == 1),
            shortened >= 0,
            shortened < k,
            after(i, j) == one_arm,
            legal(after, mirror_r, mirror_c),
            replied == ell(shortened, shortened, i, j),
        ),
    )
    stuck = z3.Implies(k == 0, z3.Not(legal(symmetric, r, c)))
    goal = z3.And(opening, answer, stuck)
    variables = [n, k, r, c, i, j]
    zero_based = (first_bite[0] - 1, first_bite[1] - 1)

    def played(side: int) -> StrategyCheck:
        """The strategy played on the side x side board against every reply."""
        return check_strategy(Chomp(), (side,) * side, chomp_bite_then_mirror(zero_based))

    def recheck(case: Mapping[str, int]) -> bool:
        side = case["n"]
        if not 2 <= side <= _RECHECK_LIMIT:
            return True  # outside the re-checkable range: never refuted on Z3's word alone
        return bool(played(side).wins)

    verdict = _prove_on_every_board(goal, variables, recheck, [n, k], timeout_ms, seed)
    if verdict.status is Status.REFUTED and verdict.counterexample is not None:
        side = verdict.counterexample["n"]
        found = played(side)
        verdict = replace(
            verdict,
            counterexample={
                "n": side,
                "failing line": [Chomp().format(p) for p in found.failing_line],
                "why": found.reason,
                "position": [side] * side,
            },
        )
    return verdict
