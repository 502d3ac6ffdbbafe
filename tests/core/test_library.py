import textwrap
from pathlib import Path

import pytest

from grundy.errors import ClaimError
from grundy.library import CheckSettings, load_library, run_theorems, select

MODULE = """
from grundy.library import Expectation, Theorem
from grundy.nimber import nim_sum
from grundy.verdict import Status, Verdict


def exhaustive(predicate, bound):
    def check(settings):
        cases = 0
        for a in range(bound):
            for b in range(bound):
                cases += 1
                if not predicate(a, b):
                    return Verdict(Status.REFUTED, "exhaustive", counterexample={"a": a, "b": b})
        return Verdict(Status.PROVED, "exhaustive", f"bounded: a, b < {bound}", cases=cases)
    return check


THEOREMS = [
    Theorem("xor-commutes", "commutes", "a xor b = b xor a", "003 Nim",
            exhaustive(lambda a, b: nim_sum(a, b) == nim_sum(b, a), 8)),
    Theorem("xor-is-plus", "mutant", "a xor b = a + b", "003 Nim",
            exhaustive(lambda a, b: nim_sum(a, b) == a + b, 8),
            mutant_of="xor-commutes", expect=Expectation.FAILS),
]
"""


@pytest.fixture
def proofs(tmp_path: Path) -> Path:
    (tmp_path / "algebra.py").write_text(MODULE)
    return tmp_path


def test_library_loads_and_checks_theorems_and_mutants(proofs: Path) -> None:
    results = run_theorems(load_library([proofs]), CheckSettings())
    by_id = {r.theorem.id: r for r in results}
    assert by_id["xor-commutes"].verdict.status.value == "proved"
    assert by_id["xor-commutes"].verdict.cases == 64
    mutant = by_id["xor-is-plus"]
    assert mutant.verdict.status.value == "refuted"
    assert mutant.verdict.counterexample == {"a": 1, "b": 1}
    assert all(r.as_expected for r in results)


def test_verify_cli_json_and_exit_code(proofs: Path, run_cli) -> None:
    result = run_cli("verify", str(proofs), "--json")
    assert result.code == 0
    data = result.json()
    assert data["summary"] == {"checked": 1, "refuted": 1}  # a bounded proof is "checked"
    record = data["claims"][1]
    assert record["mutant_of"] == "xor-commutes"
    assert record["source"] == "003 Nim"
    assert set(record) >= {
        "id",
        "status",
        "scope",
        "method",
        "cases",
        "counterexample",
        "message",
        "seconds",
        "source",
        "mutant_of",
    }


def test_verify_fails_when_a_mutant_survives(tmp_path: Path, run_cli) -> None:
    text = MODULE.replace("nim_sum(a, b) == a + b", "True")
    (tmp_path / "weak.py").write_text(text)
    result = run_cli("verify", str(tmp_path))
    assert result.code == 1
    assert "NOT as expected" in result.out


def test_duplicate_ids_and_dangling_mutants_are_errors(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text(MODULE)
    (tmp_path / "b.py").write_text(MODULE)
    with pytest.raises(ClaimError, match="defined twice"):
        load_library([tmp_path])
    (tmp_path / "b.py").unlink()
    (tmp_path / "a.py").write_text(MODULE.replace('mutant_of="xor-commutes"', 'mutant_of="nope"'))
    with pytest.raises(ClaimError, match="unknown theorem 'nope'"):
        load_library([tmp_path])


def test_select_by_id_keeps_mutants(proofs: Path) -> None:
    chosen = select(load_library([proofs]), ["xor-commutes"])
    assert [t.id for t in chosen] == ["xor-commutes", "xor-is-plus"]
    with pytest.raises(ClaimError, match="no theorem with id 'zzz'"):
        select(load_library([proofs]), ["zzz"])


def test_missing_path_is_a_usage_error(run_cli, tmp_path: Path) -> None:
    bad = tmp_path / "nothing.py"
    bad.write_text(textwrap.dedent("x = 1\n"))
    result = run_cli("verify", str(bad))
    assert result.code == 2
    assert "must define THEOREMS" in result.err


def test_parallel_run_matches_serial_run(proofs: Path) -> None:
    theorems = load_library([proofs])
    serial = run_theorems(theorems, CheckSettings())
    seen = []
    parallel = run_theorems(
        theorems, CheckSettings(), progress=lambda done, total, r: seen.append(done), jobs=2
    )
    assert [r.theorem.id for r in parallel] == [r.theorem.id for r in serial]
    assert [r.verdict.to_json() | {"seconds": 0} for r in parallel] == [
        r.verdict.to_json() | {"seconds": 0} for r in serial
    ]
    assert sorted(seen) == [1, 2]


def test_jobs_must_be_positive(proofs: Path) -> None:
    with pytest.raises(ValueError, match="jobs"):
        run_theorems(load_library([proofs]), CheckSettings(), jobs=0)


def test_a_link_to_a_stronger_theorem_stays_only_when_that_theorem_is_loaded() -> None:
    proofs = Path(__file__).resolve().parents[2] / "proofs"
    with_target = {t.id: t for t in load_library([proofs / "bouton.py"])}
    assert with_target["bouton-three-heaps"].implied_by == "bouton-any-number-of-heaps"
    alone = {t.id: t for t in load_library([proofs / "classics.py"])}
    assert alone["misere-nim-rule"].implied_by is None  # its stronger theorem is in bouton.py
    whole = {t.id: t for t in load_library()}
    assert whole["misere-nim-rule"].implied_by == "misere-nim-any-number-of-heaps"
