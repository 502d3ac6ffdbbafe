"""Cases for Lucky Nim's encodings for unknown m and n, which take the heap k together
with its coordinates k = p·M + r (grundy.theory.lucky_nim)."""

from __future__ import annotations


def with_coordinates(case: dict[str, int]) -> dict[str, int]:
    """The case with the heap k's coordinates k = p·M + r (1 <= r <= M); p = -1 (no
    coordinates, so both the goal and the twin hold vacuously) where k < 1 or M < 1, which
    the premises exclude anyway."""
    block = case["m"] + case["n"]
    if block < 1 or case["k"] < 1:
        return {**case, "p": -1, "r": 0}
    p = (case["k"] - 1) // block
    return {**case, "p": p, "r": case["k"] - p * block}
