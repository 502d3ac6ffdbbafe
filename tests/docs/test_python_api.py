"""The examples of docs/python-api.md and docs/adding-a-game.md run as written."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.mark.parametrize("name", ["python-api.md", "adding-a-game.md"])
def test_examples_in_the_docs_run(name: str) -> None:
    result = doctest.testfile(
        str(DOCS / name), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert result.attempted > 0
    assert result.failed == 0
