"""examples/lecture.ipynb runs from top to bottom, so it cannot rot."""

from __future__ import annotations

import copy
from pathlib import Path

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
    assert outputs["nim(3, 4, 5).value, nim(1, 4, 5).outcome"] == "(2, <Outcome.P: 'P'>)"
    assert outputs["take_away(21).solve(misere=True).outcome"] == "<Outcome.P: 'P'>"
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
