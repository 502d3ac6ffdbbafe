"""Natural numbers as Z3 bit-vectors of width ``w``: values, Nim heaps and their nim-sum.

What the bit-vector encodings of :mod:`grundy.theory.nim_sum`, :mod:`grundy.theory.bouton`
and :mod:`grundy.theory.nim_exercises` share: named variables, the nim-sum of several
(XOR), its plain-Python twin, and the scope a proof at width ``w`` covers (every value
below ``2**w``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import reduce

import z3

__all__ = [
    "bit_scope",
    "bit_vectors",
    "heap_scope",
    "heap_values",
    "heap_vectors",
    "plain_xor",
    "xor_all",
]

Case = Mapping[str, int]


def bit_vectors(names: str, width: int) -> list[z3.BitVecRef]:
    """Bit-vector variables of ``width`` bits, one per space-separated name."""
    return list(z3.BitVecs(names, width))


def heap_vectors(count: int, width: int) -> list[z3.BitVecRef]:
    """Heaps ``h1`` .. ``h<count>`` as bit-vectors."""
    return [z3.BitVec(f"h{i}", width) for i in range(1, count + 1)]


def xor_all(values: Sequence[z3.BitVecRef]) -> z3.BitVecRef:
    """The nim-sum of ``values`` as a Z3 term."""
    return reduce(lambda left, right: left ^ right, values)


def plain_xor(values: Sequence[int]) -> int:
    return reduce(lambda left, right: left ^ right, values, 0)


def bit_scope(width: int, what: str = "x, y, z") -> str:
    return f"bounded: {what} < 2^{width}"


def heap_values(case: Case, count: int) -> list[int]:
    return [case[f"h{i}"] for i in range(1, count + 1)]


def heap_scope(heaps: int, width: int) -> str:
    return f"bounded: {heaps} heaps, each of size < 2^{width}"
