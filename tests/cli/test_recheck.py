"""``--smt DIR`` and ``grundy recheck DIR`` (issue 39): the queries a proof rests on are
written as SMT-LIB files with an index, run again to their expected answers, and any
edit of a file (a dropped assertion, a flipped answer, a file removed or added, a
certificate changed) is caught."""

from __future__ import annotations

import hashlib
import io
import json
import re
import shutil

import pytest

from grundy.cli import main

CLAIMS = """
[[claim]]
id = "bouton-three"
game = "nim"
vars = ["a", "b", "c"]
range = { a = [0, 1000], b = [0, 1000], c = [0, 1000] }
statement = "(outcome == 'P') == (a ^ b ^ c == 0)"
method = "z3"

[[claim]]
id = "take-away-mod-4"
game = "take-away"
vars = ["n"]
range = { n = [0, 400] }
statement = "(outcome == 'P') == (n % 4 == 0)"
method = "p-set"
"""


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """A claim file checked with ``--smt``: the folder, and the run's JSON."""
    root = tmp_path_factory.mktemp("smt-run")
    claims = root / "claims.toml"
    claims.write_text(CLAIMS)
    folder = root / "smt"
    out, err = io.StringIO(), io.StringIO()
    code = main(
        ["check", str(claims), "--smt", str(folder), "--json", "--jobs", "1"],
        stdout=out,
        stderr=err,
    )
    assert code == 0, err.getvalue()
    return folder, json.loads(out.getvalue()), err.getvalue()


def _copy(exported, tmp_path):
    folder = tmp_path / "copy"
    shutil.copytree(exported[0], folder)
    return folder


def test_check_writes_each_query_with_an_index_and_json_names_the_solvers(exported):
    folder, data, _ = exported
    index = json.loads((folder / "index.json").read_text())
    assert index["format"] == "grundy-smt-queries"
    files = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.smt2"))
    assert files == sorted(entry["file"] for entry in index["queries"])
    assert {entry["claim"] for entry in index["queries"]} == {"bouton-three", "take-away-mod-4"}
    for claim in data["claims"]:
        assert claim["status"] in ("proved", "checked")  # both rest on solver queries
        assert claim["solvers"] == ["z3", "cvc5"]
        assert len(claim["smt"]) == sum(e["claim"] == claim["id"] for e in index["queries"])
    assert data["solvers"]["re_proved"] == 2 and data["solvers"]["disagreements"] == 0
    text = (folder / files[0]).read_text()
    assert text.startswith("; grundy SMT-LIB 2 query\n; claim: ")
    assert "(check-sat)" in text and re.search(r"\(set-info :status (un)?sat\)", text)


def test_recheck_confirms_every_file_of_an_untouched_folder(exported, run_cli):
    result = run_cli("recheck", str(exported[0]))
    assert result.code == 0, result.out
    lines = result.out.splitlines()
    count = len(list(exported[0].rglob("*.smt2")))
    assert sum(line.startswith("ok ") for line in lines) == count
    assert lines[-1] == f"{count} SMT queries, 0 certificates: {count} ok"


def _first(folder, expected):
    index = json.loads((folder / "index.json").read_text())
    entry = next(e for e in index["queries"] if e["expected"] == expected)
    return folder / entry["file"], entry["file"]


def _reindex(folder):
    """Rewrite the index to match the edited files: only the solvers can catch the edit."""
    index_path = folder / "index.json"
    index = json.loads(index_path.read_text())
    for entry in index["queries"]:
        entry["sha256"] = hashlib.sha256((folder / entry["file"]).read_bytes()).hexdigest()
    index_path.write_text(json.dumps(index))


def _drop_last_assertion(text: str) -> str:
    lines = text.splitlines(keepends=True)
    last = max(i for i, line in enumerate(lines) if line.startswith("(assert"))
    return "".join(lines[:last] + lines[last + 1 :])


def _flip(text: str) -> str:
    return text.replace("(set-info :status unsat)", "(set-info :status sat)")


EDITS = {
    "a dropped assertion": ("unsat", _drop_last_assertion, "changed since it was exported"),
    "a flipped expected answer": ("unsat", _flip, "expected sat, but z3 answered unsat"),
    "no expected answer": (
        "unsat",
        lambda t: t.replace("(set-info :status unsat)\n", ""),
        "states no expected answer",
    ),
    "an extra assertion": (
        "sat",
        lambda t: t.replace("(check-sat)", "(assert false)\n(check-sat)"),
        "changed since it was exported",
    ),
}


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_recheck_catches_each_edit_of_a_file(exported, run_cli, tmp_path, edit):
    expected, change, words = EDITS[edit]
    folder = _copy(exported, tmp_path)
    path, name = _first(folder, expected)
    path.write_text(change(path.read_text()))
    result = run_cli("recheck", str(folder))
    assert result.code == 1
    (line,) = [line for line in result.out.splitlines() if name in line]
    assert line.startswith("FAILED") and words in line, line


def test_the_solvers_catch_an_edit_even_when_the_index_is_rewritten_to_match(
    exported, run_cli, tmp_path
):
    folder = _copy(exported, tmp_path)
    path, name = _first(folder, "unsat")
    text = path.read_text()
    # drop every assertion: nothing left to refute, so the query becomes sat
    kept = [line for line in text.splitlines(True) if not line.startswith("(assert")]
    path.write_text("".join(kept))
    _reindex(folder)
    result = run_cli("recheck", str(folder), "--json")
    assert result.code == 1
    (found,) = [f for f in result.json()["files"] if f["file"] == name]
    assert found["outcome"] == "FAILED"
    assert found["answers"] == {"z3": "sat", "cvc5": "sat"}


def test_recheck_with_z3_alone_still_catches_a_flipped_answer(exported, run_cli, tmp_path):
    folder = _copy(exported, tmp_path)
    path, name = _first(folder, "sat")
    path.write_text(path.read_text().replace(":status sat)", ":status unsat)"))
    _reindex(folder)
    result = run_cli("recheck", str(folder), "--second-solver", "none")
    assert result.code == 1
    (line,) = [line for line in result.out.splitlines() if name in line]
    assert "expected unsat, but z3 answered sat" in line


def test_recheck_catches_a_removed_file_and_a_file_the_index_does_not_list(
    exported, run_cli, tmp_path
):
    folder = _copy(exported, tmp_path)
    path, name = _first(folder, "unsat")
    (folder / "stray.smt2").write_text(path.read_text())
    path.unlink()
    result = run_cli("recheck", str(folder))
    assert result.code == 1
    assert f"FAILED      {name}: listed in index.json but missing" in result.out
    assert "FAILED      stray.smt2: not listed in index.json" in result.out


def test_recheck_runs_certificates_and_catches_a_changed_one(run_cli, tmp_path):
    folder = tmp_path / "certs"
    folder.mkdir()
    path = folder / "table.json"
    assert (
        run_cli(
            "table", "subtraction", "--set", "1,3,4", "--max", "15", "--certificate", str(path)
        ).code
        == 0
    )
    (folder / "notes.json").write_text('{"note": "not a certificate"}')
    good = run_cli("recheck", str(folder))
    assert good.code == 0, good.out
    assert "ok          table.json: grundy-table certificate" in good.out
    assert "skipped     notes.json: not a certificate" in good.out
    data = json.loads(path.read_text())
    data["entries"][3]["grundy"] = 5
    path.write_text(json.dumps(data))
    bad = run_cli("recheck", str(folder))
    assert bad.code == 1
    assert "FAILED      table.json: grundy-table certificate INVALID" in bad.out


def test_recheck_of_a_missing_folder_is_one_line_and_exit_2(run_cli, tmp_path):
    result = run_cli("recheck", str(tmp_path / "nowhere"))
    assert result.code == 2
    assert result.err.count("\n") == 1 and "is not a folder" in result.err


def test_check_text_says_how_many_proofs_cvc5_re_proved_and_where_the_files_went(run_cli, tmp_path):
    claims = tmp_path / "claims.toml"
    claims.write_text(CLAIMS)
    folder = tmp_path / "smt"
    result = run_cli("check", str(claims), "--smt", str(folder), "--jobs", "1")
    assert result.code == 0, result.out
    count = len(list(folder.rglob("*.smt2")))
    assert f"wrote {count} SMT-LIB files to {folder}" in result.out
    assert f"2 of 2 proofs resting on SMT queries re-proved by cvc5 ({count} queries)" in result.out
    assert "solvers that agreed: z3, cvc5" in result.out
    skipped = run_cli("check", str(claims), "--second-solver", "none", "--jobs", "1")
    assert "2 proofs rest on" in skipped.out and "no second solver was asked" in skipped.out


def test_an_smt_folder_that_cannot_be_written_is_refused_before_any_work(run_cli, tmp_path):
    claims = tmp_path / "claims.toml"
    claims.write_text(CLAIMS)
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = run_cli("check", str(claims), "--smt", str(blocker / "smt"))
    assert result.code == 2 and result.err.startswith("grundy: error:")
    assert result.err.count("\n") == 1


def test_report_writes_the_queries_beside_the_record_which_names_them(run_cli, tmp_path):
    claims = tmp_path / "claims.toml"
    claims.write_text(CLAIMS)
    out = tmp_path / "report"
    result = run_cli(
        "report",
        "--claims",
        str(claims),
        "--out",
        str(out),
        "--format",
        "md",
        "--no-slides",
        "--jobs",
        "1",
    )
    assert result.code == 0, result.err
    assert f"the SMT queries the proofs rest on in {out / 'smt'}" in result.out
    record = (out / "record.md").read_text()
    index = json.loads((out / "smt" / "index.json").read_text())
    for entry in index["queries"]:
        assert entry["file"] in record  # each proof's files, named in the record
    assert record.count("**solvers that agreed**: z3, cvc5") == 2
    assert run_cli("recheck", str(out / "smt")).code == 0
    # the report folder stays the report's: a second run replaces it, smt/ included
    again = run_cli(
        "report",
        "--claims",
        str(claims),
        "--out",
        str(out),
        "--format",
        "md",
        "--no-slides",
        "--jobs",
        "1",
    )
    assert again.code == 0, again.err


@pytest.mark.slow
def test_recheck_gives_cvc5_the_resource_limit_a_proof_gives_it(exported, run_cli, monkeypatch):
    # the limit is decided once, from the text, for a proof's query and for recheck: with
    # it made tiny, cvc5 stops at it however long --timeout is, and Z3 alone confirms
    import grundy.verify.second_solver as second_solver

    def cvc5_answers() -> dict[str, str]:
        second_solver._ANSWERS.clear()
        result = run_cli("recheck", str(exported[0]), "--timeout", "600", "--json")
        second_solver._ANSWERS.clear()
        assert result.code == 0, result.out
        return {line["file"]: line["answers"]["cvc5"] for line in json.loads(result.out)["files"]}

    usual = cvc5_answers()
    monkeypatch.setattr(second_solver, "RESOURCES", 1)
    starved = cvc5_answers()
    stopped = [name for name, answer in starved.items() if answer == "unknown"]
    assert stopped and all(usual[name] in ("sat", "unsat") for name in stopped)
