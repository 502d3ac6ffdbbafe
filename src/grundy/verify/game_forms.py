"""Every game form born by day 4, with outcomes of sums found by the labelling rules.

A form born by day 4 is a set of forms born by day 3, so it is stored as a 16-bit mask
over the 16 day-3 forms (:func:`~grundy.verify.random_games.born_by`): 65,536 forms in
one numpy array.  Outcomes of sums are computed on the sum's own positions by the notes'
labelling rules (a position is P iff no move reaches a P-position), never from Grundy
values, so the Sprague-Grundy statements are tested rather than assumed.  Each table is
filled in the order of the summands' birthdays; the moves of the day-4 summand are bit
tests on its mask, vectorised over all 65,536 forms at once.

>>> forms = day4_forms()
>>> int(forms.masks.size), int(forms.grundy4.max())
(65536, 4)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import product

import numpy as np
import numpy.typing as npt

from grundy.verify.random_games import Tree, TreeGame, born_by, star

__all__ = ["DayFourForms", "day4_forms", "is_p_sum"]

Bools = npt.NDArray[np.bool_]


@dataclass(frozen=True, slots=True)
class DayFourForms:
    """The tables, for day-3 forms indexed 0..15 and day-4 forms given by their masks.

    - ``day3``: the 16 forms born by day 3; ``options3[i]``: indices of form i's options;
    - ``p3[i, j]``: whether day3[i] + day3[j] is a P-position;
    - ``p33[i, j, k]``: the same for three day-3 summands;
    - ``grundy3``, ``grundy4``: Grundy values by the mex rule (for comparison only);
    - ``birthday4``: each day-4 form's birthday, the length of its longest play;
    - ``p4``: whether each day-4 form is P; ``p4_plus3[k]``: whether G + day3[k] is P, for
      every day-4 form G (``p3_plus4[k]``: day3[k] + G, the summands the other way round);
    - ``p4_plus_self``: whether G + G is P;
    - ``p4_plus33[q, k]``: whether G + day3[q] + day3[k] is P;
    - ``pstar3[n, k]``: whether *n + day3[k] is P, for 0 <= n <= 4 (every value a day-4
      form can have).
    """

    day3: tuple[Tree, ...]
    options3: tuple[tuple[int, ...], ...]
    masks: npt.NDArray[np.int64]
    grundy3: npt.NDArray[np.int64]
    grundy4: npt.NDArray[np.int64]
    birthday4: npt.NDArray[np.int64]
    p3: Bools
    p33: Bools
    p4: Bools
    p4_plus3: Bools
    p3_plus4: Bools
    p4_plus_self: Bools
    p4_plus33: Bools
    pstar3: Bools

    def options4(self, mask: int) -> list[int]:
        """The day-3 indices of the options of the day-4 form ``mask``."""
        return [i for i in range(len(self.day3)) if mask >> i & 1]

    def tree4(self, mask: int) -> Tree:
        """The day-4 form ``mask`` as a game tree."""
        return frozenset(self.day3[i] for i in self.options4(mask))

    def describe4(self, mask: int) -> str:
        return TreeGame().format(self.tree4(mask))


@cache
def day4_forms() -> DayFourForms:
    """Build every table (about a second); cached, as several theorems share them."""
    day3 = tuple(born_by(3))
    index = {form: i for i, form in enumerate(day3)}
    options3 = tuple(tuple(sorted(index[option] for option in form)) for form in day3)
    count = len(day3)
    # day-3 indices are ordered by size, so options always come before the form
    p3 = np.zeros((count, count), dtype=bool)
    for i, j in sorted(product(range(count), repeat=2), key=sum):
        p3[i, j] = not any(p3[o, j] for o in options3[i]) and not any(p3[i, o] for o in options3[j])
    p33 = np.zeros((count,) * 3, dtype=bool)
    for i, j, k in sorted(product(range(count), repeat=3), key=sum):
        p33[i, j, k] = (
            not any(p33[o, j, k] for o in options3[i])
            and not any(p33[i, o, k] for o in options3[j])
            and not any(p33[i, j, o] for o in options3[k])
        )
    grundy3 = np.zeros(count, dtype=np.int64)
    for i in range(count):
        grundy3[i] = _mex({int(grundy3[o]) for o in options3[i]})

    masks = np.arange(1 << count, dtype=np.int64)
    has = [(masks >> i & 1).astype(bool) for i in range(count)]

    def moves_to(targets: Bools) -> Bools:
        """For every day-4 form, whether it has an option among the day-3 ``targets``."""
        wanted = sum(1 << i for i in range(count) if targets[i])
        found: Bools = (masks & wanted) != 0
        return found

    assert not day3[0], "the day-3 forms start with the empty game"
    p4 = ~moves_to(p3[:, 0])  # G + 0 is G itself
    p4_plus3 = np.zeros((count, masks.size), dtype=bool)
    p3_plus4 = np.zeros((count, masks.size), dtype=bool)
    for k in range(count):  # by birthday: k's options are done
        stuck = moves_to(p3[:, k])
        stuck_other = moves_to(p3[k, :])
        for o in options3[k]:
            stuck = stuck | p4_plus3[o]
            stuck_other = stuck_other | p3_plus4[o]
        p4_plus3[k], p3_plus4[k] = ~stuck, ~stuck_other
    # G + G: a move in either copy leaves G' + G or G + G', G' a day-3 form
    reachable_p = np.zeros(masks.size, dtype=bool)
    for i in range(count):
        reachable_p |= has[i] & (p3_plus4[i] | p4_plus3[i])
    p4_plus_self = ~reachable_p
    p4_plus33 = np.zeros((count, count, masks.size), dtype=bool)
    for q, k in sorted(product(range(count), repeat=2), key=sum):
        stuck = moves_to(p33[:, q, k])
        for o in options3[q]:
            stuck = stuck | p4_plus33[o, k]
        for o in options3[k]:
            stuck = stuck | p4_plus33[q, o]
        p4_plus33[q, k] = ~stuck
    present = np.zeros(masks.size, dtype=np.int64)
    for i in range(count):
        present |= has[i].astype(np.int64) << int(grundy3[i])
    grundy4 = np.zeros(masks.size, dtype=np.int64)
    still = np.ones(masks.size, dtype=bool)
    for value in range(count + 1):
        missing = still & ((present >> value & 1) == 0)
        grundy4[missing] = value
        still &= ~missing
    birthday3 = [0] * count
    for i in range(count):
        birthday3[i] = max((birthday3[o] + 1 for o in options3[i]), default=0)
    birthday4 = np.zeros(masks.size, dtype=np.int64)
    for i in range(count):
        birthday4 = np.maximum(birthday4, np.where(has[i], birthday3[i] + 1, 0))
    pstar3 = np.array([[is_p_sum(star(n), day3[k]) for k in range(count)] for n in range(5)])
    return DayFourForms(
        day3=day3,
        options3=options3,
        masks=masks,
        grundy3=grundy3,
        grundy4=grundy4,
        birthday4=birthday4,
        p3=p3,
        p33=p33,
        p4=p4,
        p4_plus3=p4_plus3,
        p3_plus4=p3_plus4,
        p4_plus_self=p4_plus_self,
        p4_plus33=p4_plus33,
        pstar3=pstar3,
    )


def _mex(values: set[int]) -> int:
    value = 0
    while value in values:
        value += 1
    return value


@cache
def is_p_sum(left: Tree, right: Tree) -> bool:
    """Whether the sum of two game trees is a P-position, by the labelling rules on the
    sum's own positions (memoised across calls).

    >>> is_p_sum(star(3), star(3)), is_p_sum(star(1), star(2))
    (True, False)
    """
    return not any(is_p_sum(o, right) for o in left) and not any(is_p_sum(left, o) for o in right)
