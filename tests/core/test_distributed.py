"""The Dask backend (``--scheduler``): the same verdicts as a serial run, on a local cluster.

The cluster tests are slow (a cluster of two worker processes takes a few seconds to
start); the error paths that need no cluster are fast.
"""

import logging
import sys
import textwrap
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from grundy.distributed import DistributedError, run_theorems_on_dask
from grundy.errors import ClaimError
from grundy.library import CheckSettings, Theorem, TheoremResult, load_library, run_theorems
from grundy.verdict import Status, Verdict

# Checks built by a factory are closures: pickle cannot name them, so the workers must
# load the file themselves.  The seeded check makes the settings travel visibly too.
MODULE = """
import random

from grundy.library import Expectation, Theorem
from grundy.nimber import nim_sum
from grundy.verdict import Status, Verdict


def pairs_below(bound, predicate):
    def check(settings):
        cases = 0
        for a in range(bound):
            for b in range(bound):
                cases += 1
                if not predicate(a, b):
                    return Verdict(Status.REFUTED, "exhaustive", counterexample={"a": a, "b": b})
        return Verdict(Status.PROVED, "exhaustive", f"bounded: a, b < {bound}", cases=cases)
    return check


def seeded(settings):
    rng = random.Random(settings.seed)
    draws = [rng.randrange(1000) for _ in range(5)]
    return Verdict(Status.UNREFUTED, "random", cases=5, details={"draws": draws})


THEOREMS = [
    Theorem("xor-commutes", "commutes", "a xor b = b xor a", "003 Nim",
            pairs_below(8, lambda a, b: nim_sum(a, b) == nim_sum(b, a))),
    Theorem("xor-is-plus", "mutant", "a xor b = a + b", "003 Nim",
            pairs_below(8, lambda a, b: nim_sum(a, b) == a + b),
            mutant_of="xor-commutes", expect=Expectation.FAILS),
    Theorem("seeded-draws", "seeded", "draws depend on the seed only", "test", seeded),
]
"""

CLAIMS = """
[[claim]]
id = "take-away-p-multiples-of-4"
title = "P-positions are the multiples of 4"
source = "000 the take-away game"
game = "take-away"
vars = ["n"]
range = { n = [0, 40] }
statement = "(outcome == 'P') == (n % 4 == 0)"

[[claim]]
id = "take-away-p-multiples-of-3"
title = "Mutant: P-positions are the multiples of 3"
source = "000 the take-away game"
mutant_of = "take-away-p-multiples-of-4"
expect = "fails"
game = "take-away"
vars = ["n"]
range = { n = [0, 40] }
statement = "(outcome == 'P') == (n % 3 == 0)"
"""


@pytest.fixture
def proofs(tmp_path: Path) -> Path:
    folder = tmp_path / "proofs"
    folder.mkdir()
    (folder / "algebra.py").write_text(MODULE)
    (folder / "take_away.toml").write_text(textwrap.dedent(CLAIMS))
    return folder


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a local cluster of two worker processes, closed after the module."""
    import distributed  # a dev dependency: the tests fail loudly rather than skip

    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        scheduler_kwargs={"dashboard_address": ":0"},  # no warning when 8787 is busy
        silence_logs=logging.ERROR,
    )
    try:
        with distributed.Client(cluster, set_as_default=False) as client:
            client.wait_for_workers(2, timeout=60)  # startup limit: fail rather than hang
        yield cluster.scheduler_address
    finally:
        cluster.close()


def _without_seconds(verdict: Verdict) -> Verdict:
    return replace(verdict, seconds=0.0, parts=tuple(_without_seconds(p) for p in verdict.parts))


def _outcomes(results: list[TheoremResult]) -> list[tuple[str, Verdict]]:
    return [(r.theorem.id, _without_seconds(r.verdict)) for r in results]


def _strip_seconds(data: object) -> object:
    if isinstance(data, dict):
        return {k: _strip_seconds(v) for k, v in data.items() if k != "seconds"}
    if isinstance(data, list):
        return [_strip_seconds(v) for v in data]
    return data


# -- without a cluster -------------------------------------------------------------------------


def test_loaded_theorems_know_their_file(proofs: Path) -> None:
    theorems = load_library([proofs])
    origins = {t.id: t.origin for t in theorems}
    assert origins["xor-commutes"] == (proofs / "algebra.py").resolve()
    assert origins["take-away-p-multiples-of-3"] == (proofs / "take_away.toml").resolve()


def test_a_theorem_built_in_code_cannot_travel() -> None:
    def check(settings: CheckSettings) -> Verdict:
        return Verdict(Status.PROVED, "exhaustive", "bounded: nothing", cases=0)

    theorem = Theorem("in-code", "in code", "true", "test", check)
    with pytest.raises(DistributedError, match="'in-code' was not loaded from a file"):
        run_theorems_on_dask([theorem], CheckSettings(), scheduler="local")


def test_missing_dask_is_one_clear_line(proofs: Path, run_cli, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # makes `import distributed` fail
    result = run_cli("verify", str(proofs), "--scheduler", "local")
    assert result.code == 2
    assert result.err.count("\n") == 1
    assert "needs dask[distributed]" in result.err
    assert "pip install 'grundy[distributed]'" in result.err
    assert "Traceback" not in result.err


def test_malformed_address_is_one_line(proofs: Path, run_cli) -> None:
    result = run_cli("verify", str(proofs), "--scheduler", "no-port-here")
    assert result.code == 2
    assert result.err.count("\n") == 1
    assert "'no-port-here'" in result.err


def test_without_scheduler_nothing_changes(proofs: Path, run_cli) -> None:
    serial = run_cli("verify", str(proofs), "--json", "--jobs", "1")
    assert serial.code == 0
    assert serial.json()["summary"] == {"proved": 1, "checked": 1, "refuted": 2, "tested": 1}


# -- on a local cluster ------------------------------------------------------------------------


@pytest.mark.slow
def test_cluster_gives_the_serial_verdicts_in_order(proofs: Path, scheduler: str) -> None:
    theorems = load_library([proofs])
    settings = CheckSettings(seed=7, quick=True)
    seen: list[tuple[int, int, str]] = []
    results = run_theorems_on_dask(
        theorems,
        settings,
        lambda done, total, result: seen.append((done, total, result.theorem.id)),
        scheduler=scheduler,
    )
    assert _outcomes(results) == _outcomes(run_theorems(theorems, settings))
    assert [r.theorem for r in results] == theorems  # the caller's theorems, in order
    assert [(done, total) for done, total, _ in seen] == [(i, 5) for i in range(1, 6)]
    assert {theorem_id for _, _, theorem_id in seen} == {t.id for t in theorems}
    by_id = {r.theorem.id: r for r in results}
    assert by_id["xor-is-plus"].verdict.counterexample == {"a": 1, "b": 1}
    assert all(r.as_expected for r in results)


@pytest.mark.slow
def test_a_missing_file_on_the_worker_is_a_claim_error(tmp_path: Path, scheduler: str) -> None:
    (tmp_path / "algebra.py").write_text(MODULE)
    theorem = replace(load_library([tmp_path])[0], origin=tmp_path / "gone.py")
    with pytest.raises(ClaimError, match="no such file on the Dask worker"):
        run_theorems_on_dask([theorem], CheckSettings(), scheduler=scheduler)


@pytest.mark.slow
def test_report_runs_on_a_scheduler(proofs: Path, scheduler: str, run_cli, tmp_path) -> None:
    out = tmp_path / "report"
    result = run_cli(
        "report", "--claims", str(proofs), "--out", str(out), "--format", "md",
        "--evidence", "none", "--scheduler", scheduler,
    )  # fmt: skip
    assert result.code == 0, result.err
    assert result.out.startswith("5 claims checked")
    assert "xor-is-plus" in (out / "record.md").read_text()


@pytest.mark.slow
def test_cli_local_cluster_matches_one_job(proofs: Path, run_cli) -> None:
    serial = run_cli("verify", str(proofs), "--json", "--jobs", "1")
    clustered = run_cli("verify", str(proofs), "--json", "--jobs", "2", "--scheduler", "local")
    assert clustered.code == serial.code == 0
    assert clustered.err == ""
    assert _strip_seconds(clustered.json()) == _strip_seconds(serial.json())


@pytest.mark.slow
def test_unreachable_scheduler_fails_quickly(proofs: Path, run_cli) -> None:
    start = time.monotonic()
    result = run_cli("verify", str(proofs), "--scheduler", "tcp://127.0.0.1:1")
    assert time.monotonic() - start < 15  # the connect timeout is 5 s
    assert result.code == 2
    assert result.err.count("\n") == 1
    assert "cannot reach the Dask scheduler at 'tcp://127.0.0.1:1'" in result.err
