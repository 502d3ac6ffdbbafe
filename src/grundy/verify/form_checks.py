"""Checks over every game form born by day 4, one form (or one pair) per case.

A statement is given as a numpy vector over the 65,536 forms born by day 4 (by mask, see
:mod:`grundy.verify.game_forms`): whether it holds for each.  The exhaustive engine then
takes the forms one by one in the order of their masks, so the first failure is the least
counterexample in that order and is described as a game tree.  Pairs (a form born by
day 4 with one born by day 3) are checked a day-3 game at a time, every form at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import numpy as np

from grundy.settings import CheckSettings
from grundy.verdict import Status, Verdict
from grundy.verify.exhaustive import check_exhaustive
from grundy.verify.game_forms import DayFourForms, day4_forms
from grundy.verify.random_games import TreeGame

__all__ = [
    "FORMS",
    "FormVector",
    "PairVector",
    "equivalent_to_day3",
    "equivalent_to_star",
    "forms_check",
    "has_moves",
    "pairs_check",
]

FORMS = 1 << 16
"""How many game forms are born by day 4 (every set of the 16 forms born by day 3)."""
TREES = TreeGame()

FormVector = Callable[[DayFourForms], np.ndarray]
PairVector = Callable[[DayFourForms, int], np.ndarray]


def forms_check(statement: FormVector, scope: str) -> Callable[[CheckSettings], Verdict]:
    """``statement(forms)`` says, for every day-4 form (by mask), whether it holds; the
    forms are checked one by one in the order of their masks."""

    def check(settings: CheckSettings) -> Verdict:
        forms = day4_forms()
        holds = statement(forms)
        return check_exhaustive(
            ({"G": mask} for mask in range(FORMS)),
            lambda case: bool(holds[case["G"]]),
            scope=f"bounded: {scope}",
            explain=lambda case: {
                "G": forms.describe4(case["G"]),
                "mask": case["G"],
                "grundy": int(forms.grundy4[case["G"]]),
            },
        )

    return check


def pairs_check(
    statement: PairVector,
    scope: str,
    outer: list[int] | None = None,
    name: str = "H",
) -> Callable[[CheckSettings], Verdict]:
    """``statement(forms, h)`` says, for every day-4 form G, whether the statement holds for
    the pair (G, day-3 form h); pairs are taken by h (in ``outer``, default all 16), then
    by G's mask.  Every pair is checked; the cases count pairs."""

    def check(settings: CheckSettings) -> Verdict:
        forms = day4_forms()
        chosen = list(range(len(forms.day3))) if outer is None else outer

        def first_failure(h: int) -> int:
            return int(np.flatnonzero(~statement(forms, h))[0])

        verdict = check_exhaustive(
            ({name: h} for h in chosen),
            lambda case: bool(statement(forms, case[name]).all()),
            scope=f"bounded: {scope}",
            explain=lambda case: {
                "G": forms.describe4(first_failure(case[name])),
                name: TREES.format(forms.day3[case[name]]),
                "mask": first_failure(case[name]),
            },
        )
        counted = (verdict.cases or 0) * FORMS
        if verdict.status is Status.REFUTED and verdict.counterexample is not None:
            counted = ((verdict.cases or 1) - 1) * FORMS + verdict.counterexample["mask"] + 1
        message = (
            f"holds in all {counted:,} pairs"
            if verdict.status is Status.PROVED
            else (verdict.message)
        )
        return replace(verdict, cases=counted, message=message)

    return check


def equivalent_to_day3(forms: DayFourForms, h: int) -> np.ndarray:
    """For every day-4 form G: G + K and day3[h] + K agree for every day-3 K."""
    agree = np.ones(FORMS, dtype=bool)
    for k in range(len(forms.day3)):
        agree &= forms.p4_plus3[k] == forms.p3[h, k]
    return agree


def equivalent_to_star(forms: DayFourForms, values: np.ndarray) -> np.ndarray:
    """For every day-4 form G: G + K and *values[G] + K agree for every day-3 K."""
    agree = np.ones(FORMS, dtype=bool)
    for k in range(len(forms.day3)):
        agree &= forms.p4_plus3[k] == forms.pstar3[values, k]
    return agree


def has_moves(forms: DayFourForms) -> np.ndarray:
    """For every day-4 form: whether it has an option (every form but the empty game)."""
    moves: np.ndarray = forms.masks != 0
    return moves
