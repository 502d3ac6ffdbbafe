"""The one wording of a search that passed its limit on positions or moves, shared by the
exact solver, the loopy solver and the Lucky Nim analysis (each counts in its own hot loop
and asks here only once a limit is passed)."""

from __future__ import annotations

from grundy.errors import SearchLimitError

__all__ = ["too_many_moves", "too_many_positions"]


def too_many_positions(label: str, limit: int, search: str = "search") -> SearchLimitError:
    return SearchLimitError(
        f"{label}: the {search} passed {limit:,} positions; try a smaller position"
    )


def too_many_moves(label: str, limit: int) -> SearchLimitError:
    return SearchLimitError(
        f"{label}: the search generated more than {limit:,} moves; try a smaller position"
    )
