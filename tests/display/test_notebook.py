"""examples/lecture.ipynb runs from top to bottom, so it cannot rot."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest

NOTEBOOK = Path(__file__).resolve().parents[2] / "examples" / "lecture.ipynb"


def _text(outputs: list[dict]) -> str:
    return "\n".join(
        str(output.get("data", {}).get("text/plain", output.get("text", ""))) for output in outputs
    )


def test_the_lecture_notebook_executes_and_shows_what_it_says(tmp_path: Path) -> None:
    nbformat = pytest.importorskip("nbformat", reason="nbformat (dev extra) is not installed")
    nbclient = pytest.importorskip("nbclient", reason="nbclient (dev extra) is not installed")
    pytest.importorskip("ipykernel", reason="ipykernel (dev extra) is not installed")
    stored = nbformat.read(NOTEBOOK, as_version=4)
    notebook = copy.deepcopy(stored)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.outputs = []
    client = nbclient.NotebookClient(
        notebook,
        timeout=300,
        kernel_name="python3",
        # run from another folder: the notebook finds its claim file from anywhere
        resources={"metadata": {"path": str(tmp_path)}},
    )
    client.execute()  # raises CellExecutionError, naming the cell, if any cell fails
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    outputs = {cell.source: _text(cell.outputs) for cell in code}
    assert outputs["nim(3, 4, 5).value, nim(1, 4, 5).outcome.value"] == "(2, 'P')"
    assert outputs["take_away(21).solve(misere=True)"].startswith("take_away(21): P in misère")
    assert outputs["game.value == nim(3).value ^ kayles(5).value ^ chomp(3, 3).value"] == "True"
    html = "".join(
        str(output.get("data", {}).get("text/html", "")) for cell in code for output in cell.outputs
    )
    assert html.count("<svg") >= 8
    assert "period 12 from n = 71" in html
    assert "checked" in html and "refuted" in html  # bounded claims: checked, not proved
    assert ">proved<" not in html
    # The stored outputs are those of a run (same text), and stay small.
    stored_code = [cell for cell in stored.cells if cell.cell_type == "code"]
    assert [_text(c.outputs) for c in stored_code] == [_text(c.outputs) for c in code]
    assert NOTEBOOK.stat().st_size < 80_000
    for shown in (notebook, stored):  # what runs now, and what a class opens
        assert student_problems(shown) == []


def _shown(notebook: Any) -> str:
    """Everything a notebook shows a student: each output's HTML where it has some (Jupyter
    shows that, not the plain text), else its text."""
    shown = []
    for cell in notebook.cells:
        for output in cell.outputs if cell.cell_type == "code" else ():
            data = output.get("data", {})
            shown.append(str(data.get("text/html") or data.get("text/plain") or ""))
            shown.append(str(output.get("text", "")))
    return "\n".join(shown)


def student_problems(notebook: Any) -> list[str]:
    """What a student should not read in a notebook's outputs: an Outcome's repr, a game as
    the command line writes it, a lemma's id, a chart with an axis that says nothing."""
    from grundy.library import load_library

    shown = _shown(notebook)
    problems = [word for word in ("Outcome.", "--code", "--set", "--edges") if word in shown]
    problems += sorted(t.id for t in load_library() if "-" in t.id and t.id in shown)
    for svg in re.findall(r"<svg.*?</svg>", shown, re.S):
        axes = set(re.findall(r'<g class="axis" data-axis="(\w)"', svg))
        labels = re.findall(r'class="axis-label" data-axis="(\w)"[^>]*>([^<]*)<', svg)
        named = {axis for axis, words in labels if words.strip()}
        problems += [f"an unlabelled {axis} axis in {svg[:80]}" for axis in sorted(axes - named)]
    return problems


def test_student_problems_are_found() -> None:
    nbformat = pytest.importorskip("nbformat", reason="nbformat (dev extra) is not installed")
    from grundy import nim
    from grundy.display.svg import grid_svg

    cell = nbformat.v4.new_code_cell("x")
    bare = grid_svg({(0, 0): 0, (1, 0): 1}, [(0, 0)], ("", "the second heap"))
    cell.outputs = [
        nbformat.v4.new_output("execute_result", {"text/plain": repr(nim(1, 1).outcome)}),
        nbformat.v4.new_output("execute_result", {"text/html": "octal --code 0.77 + chomp"}),
        nbformat.v4.new_output("stream", text="sg-sum-rule-every-game (unbounded)"),
        nbformat.v4.new_output("execute_result", {"text/html": bare}),
    ]
    notebook = nbformat.v4.new_notebook(cells=[cell])
    problems = student_problems(notebook)
    assert problems[:2] == ["Outcome.", "--code"] and "sg-sum-rule-every-game" in problems
    assert problems[-1].startswith("an unlabelled x axis")
    assert not any(p.startswith("an unlabelled y") for p in problems)
    cell.outputs = [
        nbformat.v4.new_output("execute_result", {"text/html": nim.table(3, 3)._repr_html_()})
    ]
    assert student_problems(notebook) == []
