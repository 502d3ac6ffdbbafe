"""Every theorem of proofs/ written in Python has a LaTeX statement that the report's math
converter accepts (so reports typeset it), and it is not left empty."""

from __future__ import annotations

import pytest

from grundy.library import Theorem, load_library
from grundy.report.mathml import MathSyntaxError, check_latex

LIBRARY = load_library()
PYTHON_THEOREMS = [t for t in LIBRARY if t.origin is not None and t.origin.suffix == ".py"]


def test_the_python_part_of_the_library_was_found() -> None:
    assert len(PYTHON_THEOREMS) > 100


@pytest.mark.parametrize("theorem", PYTHON_THEOREMS, ids=lambda t: t.id)
def test_every_python_theorem_has_accepted_latex(theorem: Theorem) -> None:
    assert theorem.latex, f"{theorem.id} has no latex statement"
    assert theorem.latex.strip() == theorem.latex
    check_latex(theorem.latex)


@pytest.mark.parametrize("theorem", [t for t in LIBRARY if t.latex], ids=lambda t: t.id)
def test_every_latex_field_in_the_library_is_accepted(theorem: Theorem) -> None:
    assert theorem.latex is not None
    check_latex(theorem.latex)


def test_the_checker_refuses_commands_outside_the_subset() -> None:
    with pytest.raises(MathSyntaxError, match="notacommand"):
        check_latex(r"x \le \notacommand")
