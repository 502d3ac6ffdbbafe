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


@pytest.fixture
def run_cli():
    def run(*words: str) -> Result:
        out, err = io.StringIO(), io.StringIO()
        code = main(list(words), stdout=out, stderr=err)
        return Result(code, out.getvalue(), err.getvalue())

    return run
