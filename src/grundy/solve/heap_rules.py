"""The rules of a take-and-break heap game, and its Grundy sequence tried option by option.

:class:`HeapRules` says what a single heap may become; :func:`direct_grundy_sequence`
values every heap by trying all its options (O(N^2) for games that split heaps).  It is
the simple reference that the fast engine of :mod:`grundy.solve.heap_sequences` is
checked against, and the few helpers here are shared with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from grundy.errors import InvalidParameterError
from grundy.games.base import Game, plays_by
from grundy.games.grundys_game import GrundysGame
from grundy.games.octal import OctalGame
from grundy.games.subtraction import SubtractionGame
from grundy.progress import SEQUENCE_PROGRESS, ProgressCallback, next_report

__all__ = ["HeapRules", "direct_grundy_sequence", "rules_of"]


@dataclass(frozen=True, slots=True)
class HeapRules:
    """What a single heap may become, as sets of numbers ``k`` of tokens removed.

    ``take_all``: a heap of exactly ``k`` may be removed; ``leave_one``: removing ``k``
    may leave one non-empty heap; ``split_two`` / ``split_three``: the rest may be left as
    two / three non-empty heaps; ``unequal_only``: two-heap splits must be unequal.

    >>> HeapRules.from_octal_digits((0, 7, 7)).split_two
    frozenset({1, 2})
    """

    take_all: frozenset[int] = frozenset()
    leave_one: frozenset[int] = frozenset()
    split_two: frozenset[int] = frozenset()
    split_three: frozenset[int] = frozenset()
    unequal_only: bool = False

    @classmethod
    def from_octal_digits(cls, digits: Sequence[int]) -> HeapRules:
        """The rules of the octal (or hexadecimal) code with these digits."""

        def takes(bit: int) -> frozenset[int]:
            return frozenset(k for k, digit in enumerate(digits) if digit & bit)

        return cls(takes(1), takes(2), takes(4), takes(8))


def rules_of(game: Game) -> HeapRules:
    """The :class:`HeapRules` of an octal game, Grundy's game or a subtraction game."""
    if plays_by(game, OctalGame):
        return HeapRules.from_octal_digits(game.digits)
    if plays_by(game, GrundysGame):
        return HeapRules(split_two=frozenset({0}), unequal_only=True)
    if plays_by(game, SubtractionGame):
        takes = frozenset(game.subtraction_set)  # a heap of exactly s may be emptied too
        return HeapRules(take_all=takes, leave_one=takes)
    raise InvalidParameterError(f"{game.name} is not a take-and-break game with fixed rules")


def _mex(seen: set[int]) -> int:
    value = 0
    while value in seen:
        value += 1
    return value


def _single_heap_values(rules: HeapRules, values: Sequence[int], heap: int) -> set[int]:
    """Values of the options that leave at most one heap."""
    seen = {0} if heap in rules.take_all else set()
    for take in rules.leave_one:
        if heap - take >= 1:
            seen.add(values[heap - take])
    return seen


def _three_heap_values(rules: HeapRules, values: Sequence[int], heap: int) -> set[int]:
    seen: set[int] = set()
    for take in rules.split_three:
        rest = heap - take
        for small in range(1, rest // 3 + 1):
            for middle in range(small, (rest - small) // 2 + 1):
                seen.add(values[small] ^ values[middle] ^ values[rest - small - middle])
    return seen


def _last_small_part(rules: HeapRules, rest: int) -> int:
    """The largest smaller part of a two-heap split of ``rest`` tokens."""
    return (rest - 1) // 2 if rules.unequal_only else rest // 2


def direct_grundy_sequence(
    rules: HeapRules, upto: int, progress: ProgressCallback | None = None
) -> list[int]:
    """G(0..upto) trying every option of every heap (the simple O(N^2) reference).

    ``progress`` hears the heaps valued so far (see :mod:`grundy.progress`).

    >>> direct_grundy_sequence(HeapRules.from_octal_digits((0, 7, 7)), 11)
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    """
    values: list[int] = []
    report_at = next_report(0) if progress is not None else upto  # never, without progress
    _report(progress, 0, upto)
    for heap in range(upto + 1):
        seen = _single_heap_values(rules, values, heap)
        for take in rules.split_two:
            rest = heap - take
            for small in range(1, _last_small_part(rules, rest) + 1):
                seen.add(values[small] ^ values[rest - small])
        seen |= _three_heap_values(rules, values, heap)
        values.append(_mex(seen))
        report_at = _report_when_due(progress, heap, upto, report_at)
    _report(progress, upto, upto)
    return values


def _report(progress: ProgressCallback | None, done: int, upto: int) -> None:
    """Tell ``progress`` that G(0..done) are known (the last call has ``done == upto``)."""
    if progress is not None:
        progress(done, upto, SEQUENCE_PROGRESS)


def _report_when_due(
    progress: ProgressCallback | None, heap: int, upto: int, report_at: int
) -> int:
    """Tell ``progress`` of G(0..heap) once ``report_at`` is reached (the last call is the
    caller's, at ``upto``); the heap at which the next report is due."""
    if heap >= report_at and heap < upto:
        _report(progress, heap, upto)
        return next_report(heap)
    return report_at
