"""`grundy verify --quick` as pytest cases, one per theorem: what the mutation run
(bench/mutation.py) adds to the engines' own tests to kill mutants.  Not part of the
normal test suite (its name does not start with ``test_``)."""

from __future__ import annotations

import pytest

from grundy.library import CheckSettings, Theorem, check_theorem, load_library

QUICK = CheckSettings(seed=0, quick=True)


@pytest.mark.parametrize("theorem", load_library(), ids=lambda theorem: theorem.id)
def test_verify_quick(theorem: Theorem) -> None:
    result = check_theorem(theorem, QUICK)
    assert result.as_expected, f"{result.verdict.status.value}: {result.verdict.message}"
