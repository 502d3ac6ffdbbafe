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


def test_claim_examples_about_sums_and_products_check_as_expected(run_cli, tmp_path) -> None:
    import re

    text = (DOCS / "claims.md").read_text()
    start = text.index("## Sums of games, other games' values, nim products")
    end = text.index("## More examples", start)
    blocks = re.findall(r"```toml\n(.*?)```", text[start:end], re.S)
    assert len(blocks) >= 3
    path = tmp_path / "claims.toml"
    path.write_text("\n".join(blocks))
    result = run_cli("check", str(path), "--jobs", "1", "--json")
    assert result.code == 0, result.out
    assert result.json()["total"] == 6  # with the facts of whole games (issue 37)
