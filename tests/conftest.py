import io
import json
from dataclasses import dataclass
from typing import Any

import pytest

from grundy.cli import main


@dataclass
class Result:
    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory, monkeypatch):
    """Task times of test runs go to a temporary folder, never the user's cache."""
    monkeypatch.setenv("GRUNDY_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))


@pytest.fixture
def run_cli():
    def run(*words: str) -> Result:
        out, err = io.StringIO(), io.StringIO()
        code = main(list(words), stdout=out, stderr=err)
        return Result(code, out.getvalue(), err.getvalue())

    return run
