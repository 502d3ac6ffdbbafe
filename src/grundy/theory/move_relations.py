"""The moves of a few games as linear relations over integers, for P-set induction.

Each relation describes the positions of a game written as a fixed number of integers
(``valid``), the positions with no move (``terminal``), the move from ``x`` to ``y``
(``move``) and a measure that every move lowers (``measure``), all as Z3 formulas over
integer terms, with no bound on the numbers.  :func:`move_relation` hands one out only for
a game that plays by exactly the rules the relation copies (:func:`~grundy.games.base.plays_by`):
a subclass with moves of its own gets none.  ``tests/theory/test_move_relations.py``
checks on every small position that each relation admits exactly the moves the game's
own ``moves`` generates, and that its terminal positions are those without moves.

The games, for a position of ``arity`` numbers:

* Nim and subtraction games on ``arity`` heaps: a move lowers one heap, by any positive
  amount (Nim) or by an element of the finite set (subtraction);
* two-row Chomp ``[a, b]``: row lengths ``a >= b >= 0`` with ``a >= 1`` (the poisoned square);
  a bite in the top row leaves ``(a, j)`` for ``j < b``, one in the bottom row at column
  ``i >= 1`` leaves ``(i, min(b, i))``;
* Wythoff ``[a, b]``: take from one heap, or the same positive amount from both.

The measure is the sum of the numbers in every case.

:func:`subtraction_family` is the subtraction game whose set is written in parameters
(``S = {1, ..., k}``, ``S = {a, b}``): the position is one heap followed by the parameters,
which no move changes, so that one induction on the heap covers every value of them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import z3

from grundy.games import Nim
from grundy.games.base import Game, plays_by
from grundy.games.chomp import Chomp
from grundy.games.subtraction import SubtractionGame
from grundy.games.wythoff import Wythoff
from grundy.verify.pset_induction import MoveRelation, Numbers

__all__ = ["SUPPORTED", "SubtractionSet", "move_relation", "subtraction_family"]

SUPPORTED = "Nim, subtraction games, two-row Chomp and Wythoff"
"""The games with a move relation, in words (for the reason a claim is declined)."""


def move_relation(game: Game, arity: int) -> MoveRelation | None:
    """The move relation of ``game`` on positions of ``arity`` numbers, or ``None`` when
    the game has none (another game, a subclass with rules of its own, a shape the
    relation does not cover)."""
    if arity < 1:
        return None
    if plays_by(game, SubtractionGame):
        return _heaps(f"subtraction {list(game.subtraction_set)}", arity, game.subtraction_set)
    if plays_by(game, Nim):
        return _heaps("nim", arity, None)
    if plays_by(game, Chomp) and arity == 2:
        return _two_row_chomp()
    if plays_by(game, Wythoff) and arity == 2:
        return _wythoff()
    return None


def _total(x: Numbers) -> z3.ArithRef:
    return z3.Sum(list(x))


def _heaps(name: str, arity: int, takes: Sequence[int] | None) -> MoveRelation:
    """``arity`` heaps; a move lowers one of them by ``s`` in ``takes`` (any ``s >= 1``
    when ``takes`` is None, as in Nim)."""

    def valid(x: Numbers) -> z3.BoolRef:
        return z3.And(*[heap >= 0 for heap in x])

    def lowered(old: z3.ArithRef, new: z3.ArithRef) -> z3.BoolRef:
        if takes is None:
            return z3.And(new >= 0, new < old)
        return z3.Or(*[z3.And(old >= s, new == old - s) for s in takes])

    def move(x: Numbers, y: Numbers) -> z3.BoolRef:
        ways = []
        for index in range(arity):
            same = [y[i] == x[i] for i in range(arity) if i != index]
            ways.append(z3.And(lowered(x[index], y[index]), *same))
        return z3.Or(*ways)

    least = 1 if takes is None else min(takes)

    def terminal(x: Numbers) -> z3.BoolRef:
        return z3.And(*[heap < least for heap in x])

    return MoveRelation(name, arity, valid, move, terminal, _total, "the sum of the heaps")


def _two_row_chomp() -> MoveRelation:
    def valid(x: Numbers) -> z3.BoolRef:
        a, b = x
        return z3.And(a >= 1, b >= 0, b <= a)

    def move(x: Numbers, y: Numbers) -> z3.BoolRef:
        a, b = x
        c, d = y
        top = z3.And(c == a, d >= 0, d < b)
        bottom = z3.And(c >= 1, c < a, d == z3.If(b < c, b, c))
        return z3.Or(top, bottom)

    def terminal(x: Numbers) -> z3.BoolRef:
        a, b = x
        return z3.And(a == 1, b == 0)

    return MoveRelation(
        "two-row chomp", 2, valid, move, terminal, _total, "the number of squares a + b"
    )


def _wythoff() -> MoveRelation:
    def valid(x: Numbers) -> z3.BoolRef:
        return z3.And(x[0] >= 0, x[1] >= 0)

    def move(x: Numbers, y: Numbers) -> z3.BoolRef:
        a, b = x
        c, d = y
        first = z3.And(c >= 0, c < a, d == b)
        second = z3.And(d >= 0, d < b, c == a)
        both = z3.And(c >= 0, d >= 0, c < a, a - c == b - d)
        return z3.Or(first, second, both)

    def terminal(x: Numbers) -> z3.BoolRef:
        return z3.And(x[0] == 0, x[1] == 0)

    return MoveRelation("wythoff", 2, valid, move, terminal, _total, "the sum of the heaps")


SubtractionSet = tuple[z3.ArithRef, z3.ArithRef] | tuple[z3.ArithRef, ...]
"""A subtraction set in Z3 terms of the parameters: ``(low, stop)`` for the numbers
``low, ..., stop - 1`` (``range(low, stop)``), or the listed numbers."""


def subtraction_family(
    name: str,
    parameters: int,
    interval: bool,
    takes: Callable[[Numbers], SubtractionSet],
    admitted: Callable[[Numbers], z3.BoolRef],
) -> MoveRelation:
    """One heap ``x[0]`` of the subtraction game whose set ``takes(x[1:])`` gives from the
    parameters ``x[1:]``: an interval ``range(low, stop)`` when ``interval``, else a list.
    A position is valid when the heap is not negative, ``admitted`` holds of the
    parameters, and the set is a game's: not empty, of positive numbers (what
    :class:`~grundy.games.subtraction.SubtractionGame` accepts).  A move takes ``s`` in the
    set from the heap, ``s`` at most the heap, and leaves the parameters as they were."""

    def numbers(x: Numbers) -> SubtractionSet:
        return takes(list(x[1:]))

    def defined(x: Numbers) -> z3.BoolRef:
        found = numbers(x)
        if interval:
            low, stop = found
            return z3.And(low >= 1, stop > low)
        return z3.And(*[s >= 1 for s in found])

    def valid(x: Numbers) -> z3.BoolRef:
        return z3.And(x[0] >= 0, admitted(list(x[1:])), defined(x))

    def move(x: Numbers, y: Numbers) -> z3.BoolRef:
        same = [b == a for a, b in zip(x[1:], y[1:], strict=True)]
        found = numbers(x)
        if interval:
            low, stop = found
            taken = x[0] - y[0]
            return z3.And(*same, y[0] >= 0, taken >= low, taken < stop)
        return z3.And(*same, z3.Or(*[z3.And(x[0] >= s, y[0] == x[0] - s) for s in found]))

    def terminal(x: Numbers) -> z3.BoolRef:
        found = numbers(x)
        if interval:
            return x[0] < found[0]
        return z3.And(*[x[0] < s for s in found])

    def heap(x: Numbers) -> z3.ArithRef:
        return x[0]

    return MoveRelation(name, 1 + parameters, valid, move, terminal, heap, "the heap")
