"""Bipartite monoids whose multiplication table is an array, for the element construction.

:class:`~grundy.solve.misere_learner.BipartiteMonoid` keeps its table as tuples of Python
ints, the form a finished quotient is stored, printed and certified in.  The element
construction (:mod:`grundy.solve.misere_extend`) builds and verifies dozens of candidate
tables per heap, each read almost only by whole-array operations and compiled kernels;
writing each one out as tuples and converting it back cost more than the searches
themselves at heap 33 of 0.07 (bench/QUOTIENTS.md).  So a candidate is an
:class:`ArrayMonoid`, and only the quotient handed back to the caller is converted, once
(:func:`as_tuples`).

The verification (:mod:`grundy.solve.misere_verify`) takes either form: it reads the
table through :func:`table_array` (whole-array work) or :func:`products` (Python loops,
which an array would slow down and whose bit masks need Python ints).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from grundy.solve.jit import compiler_available
from grundy.solve.misere_learner import BipartiteMonoid

__all__ = [
    "ELEMENT",
    "LOADED_SHARE",
    "ArrayMonoid",
    "Monoid",
    "as_tuples",
    "compile_for",
    "p_flags",
    "products",
    "table_array",
]

ELEMENT = np.int64
"""Element numbers (a candidate can exceed 2**31 entries only in its never-built table)."""


@dataclass(frozen=True, slots=True, eq=False)
class ArrayMonoid:
    """A finite commutative monoid (element 0 the identity) with a P-portion and the image
    of each heap, its table a read-only square array of element numbers."""

    table: np.ndarray
    p_portion: frozenset[int]
    heap_map: tuple[int, ...]

    def __post_init__(self) -> None:
        self.table.setflags(write=False)  # shared between monoids: never changed in place

    @property
    def size(self) -> int:
        return len(self.table)


Monoid = BipartiteMonoid | ArrayMonoid
"""Either form of a bipartite monoid."""

_ARRAYS: dict[int, tuple[tuple[tuple[int, ...], ...], np.ndarray]] = {}
"""The last few tuple tables converted to arrays, by identity (each kept with its table,
so that the identity is not reused while it is here)."""


def table_array(monoid: Monoid) -> np.ndarray:
    """The multiplication table as a read-only array (a tuple table converted once)."""
    if isinstance(monoid, ArrayMonoid):
        return monoid.table
    found = _ARRAYS.get(id(monoid.table))
    if found is not None and found[0] is monoid.table:
        return found[1]
    array = np.asarray(monoid.table, dtype=ELEMENT).reshape(monoid.size, monoid.size)
    array.setflags(write=False)
    if len(_ARRAYS) >= 4:
        _ARRAYS.pop(next(iter(_ARRAYS)))
    _ARRAYS[id(monoid.table)] = (monoid.table, array)
    return array


def products(monoid: Monoid, elements: Sequence[int]) -> list[list[int]]:
    """Row x, column c: x times ``elements[c]``, as Python ints, for loops in Python (an
    array's scalars are slow to index and overflow as bit positions)."""
    if isinstance(monoid, ArrayMonoid):
        return monoid.table[:, list(elements)].tolist()  # type: ignore[no-any-return]
    return [[row[e] for e in elements] for row in monoid.table]


def p_flags(monoid: Monoid) -> np.ndarray:
    """One flag per element: whether it lies in the P-portion."""
    flags = np.zeros(monoid.size, dtype=np.bool_)
    flags[list(monoid.p_portion)] = True
    return flags


def as_tuples(monoid: Monoid) -> BipartiteMonoid:
    """The same monoid with its table as tuples of Python ints."""
    if isinstance(monoid, BipartiteMonoid):
        return monoid
    rows = tuple(map(tuple, monoid.table.tolist()))
    return BipartiteMonoid(rows, monoid.p_portion, monoid.heap_map)


LOADED_SHARE = 8
"""Once a kernel is loaded, work down to this share of its threshold runs compiled."""

_LOADED: set[Callable[..., Any]] = set()
"""The kernels this process has chosen to run compiled (their machine code is loaded)."""


def compile_for(work: int, threshold: int, kernel: Callable[..., Any]) -> bool:
    """Whether ``kernel`` runs compiled on ``work``: from ``threshold`` on, where the work
    repays importing numba and loading the kernel's cached machine code (about half a
    second of CPU for the first kernel, a tenth for each further one), and, once this
    process has loaded that kernel, from ``threshold / LOADED_SHARE`` on (at heap 33 of
    0.07 the small candidates run as Python took about 1.5 CPU s of 4).  Smaller work
    stays in Python."""
    if work >= threshold:
        chosen = compiler_available()
    else:
        chosen = work * LOADED_SHARE >= threshold and kernel in _LOADED
    if chosen:
        _LOADED.add(kernel)
    return chosen
