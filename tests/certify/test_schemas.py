"""docs/certificates.md documents every certificate grundy writes, and the SMT index, as
JSON Schemas: the page shows exactly the schemas of ``grundy.certify.schemas``, and every
kind of file the tool writes satisfies its schema (issue 39)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest

from grundy.certify.schemas import SCHEMAS

DOC = Path(__file__).resolve().parents[2] / "docs" / "certificates.md"

CLAIM = """
[[claim]]
id = "take-away-mod-4"
game = "take-away"
vars = ["n"]
range = { n = [0, 100] }
statement = "(outcome == 'P') == (n % 4 == 0)"
method = "p-set"
"""


def _documented() -> dict[str, object]:
    text = DOC.read_text()
    blocks = re.findall(r"<!-- schema: ([a-z-]+) -->\n```json\n(.*?)\n```", text, re.S)
    return {name: json.loads(body) for name, body in blocks}


def test_the_page_shows_exactly_the_schemas_the_code_has():
    assert _documented() == SCHEMAS


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_each_schema_is_a_valid_schema(name):
    jsonschema.Draft202012Validator.check_schema(SCHEMAS[name])


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    """One file of every kind the tool writes, by schema name (several of some)."""
    import io

    from grundy.cli import main

    root = tmp_path_factory.mktemp("written")

    def run(*words: str) -> str:
        out, err = io.StringIO(), io.StringIO()
        assert main(list(words), stdout=out, stderr=err) == 0, err.getvalue()
        return out.getvalue()

    found: dict[str, list[object]] = {name: [] for name in SCHEMAS}
    for words in (
        ("table", "subtraction", "--set", "1,3,4", "--max", "15"),
        ("solve", "kayles", "7", "9"),
        ("solve", "nim", "3", "4", "5"),
    ):
        path = root / f"table-{len(found['grundy-table'])}.json"
        run(*words, "--certificate", str(path))
        found["grundy-table"].append(json.loads(path.read_text()))
    for game in ("dawsons-kayles", "kayles"):
        report = json.loads(run("sequence", game, "--upto", "300", "--period", "--json"))
        found["period-report"].append(report)
        found["periodicity"].append(report["certificate"])
    for game in (("nim",), ("kayles",)):
        path = root / f"quotient-{game[0]}.json"
        run("quotient", *game, "--upto", "12", "--certificate", str(path))
        found["misere-quotient"].append(json.loads(path.read_text()))
    claims = root / "claims.toml"
    claims.write_text(CLAIM)
    run("check", str(claims), "--smt", str(root / "smt"), "--jobs", "1")
    found["smt-index"].append(json.loads((root / "smt" / "index.json").read_text()))
    return found


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_every_file_the_tool_writes_satisfies_its_schema(written, name):
    assert written[name], name
    for data in written[name]:
        jsonschema.validate(data, SCHEMAS[name])


@pytest.mark.parametrize(
    ("name", "spoil"),
    [
        ("grundy-table", lambda d: d.pop("covers")),
        ("grundy-table", lambda d: d["entries"][0].update(grundy=-1)),
        ("periodicity", lambda d: d.update(theorem="made-up")),
        ("misere-quotient", lambda d: d.update(every_heap="yes")),
        ("smt-index", lambda d: d["queries"][0].update(expected="maybe")),
        ("smt-index", lambda d: d["queries"][0].update(file="../outside.smt2")),
    ],
)
def test_a_spoilt_file_fails_its_schema(written, name, spoil):
    data = json.loads(json.dumps(written[name][0]))
    spoil(data)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, SCHEMAS[name])
