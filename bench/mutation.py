"""Mutation testing of the engines with mutmut: do the tests notice when the code is wrong?

mutmut changes the code one small edit at a time (``<`` for ``<=``, ``and`` for ``or``,
a constant off by one, ...) and runs the tests that reach the changed function; a mutant
is *killed* when some test fails (or it times out), and *survives* otherwise.  The
modules are the engines and the claim checker (:data:`GROUPS`); the killers are those
packages' tests plus ``grundy verify --quick``, one case per theorem
(bench/mutation_killers.py).  Slow tests are left out, and each mutant's run stops at
the first failure.

The run happens in a copy of the project (``--workdir``, default a fresh temporary
folder; give the same one again to reuse mutmut's map from tests to functions), never in
the source tree.  It is CPU-heavy; on a shared machine run it as::

    nice -n 10 .venv/bin/python bench/mutation.py                    # every group
    nice -n 10 .venv/bin/python bench/mutation.py z3_translate exhaustive   # some groups

It writes bench/MUTATION.md: the score per module and overall, and every surviving
mutant with its diff, or with the one-line reason it is equivalent to the original
(bench/mutation_equivalent.toml, keyed by mutant name).  Results of groups not run this
time are kept from the previous bench/MUTATION.json.  Needs ``pip install -e '.[mutation]'``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
RESULTS_MD = HERE / "MUTATION.md"
RESULTS_JSON = HERE / "MUTATION.json"
EQUIVALENT = HERE / "mutation_equivalent.toml"

GROUPS: dict[str, tuple[list[str], list[str]]] = {
    # name: (files under src/grundy/, the tests that may kill them besides verify --quick)
    "z3_translate": (
        ["claims/z3_translate.py"],
        ["tests/claims/test_check.py", "tests/claims/test_lemma_scope.py"],
    ),
    "z3engine": (["verify/z3engine.py"], ["tests/verify"]),
    "exhaustive": (["verify/exhaustive.py"], ["tests/verify", "tests/claims/test_check.py"]),
    "certify_checkers": (
        ["certify/table_check.py", "certify/periodicity_check.py"],
        ["tests/certify"],
    ),
    "check": (["claims/check.py"], ["tests/claims"]),
    "bit_induction": (["verify/bit_induction.py", "verify/nim_lemmas.py"], ["tests/verify"]),
    "certify_other": (
        ["certify/grundy_table.py", "certify/periodicity.py", "certify/strategy.py"],
        ["tests/certify"],
    ),
    "periodic": (["claims/periodic.py"], ["tests/claims", "tests/certify"]),
    "verify_other": (
        [
            "verify/z3_checks.py",
            "verify/z3_induction.py",
            "verify/nim_encodings.py",
            "verify/random_search.py",
            "verify/random_games.py",
        ],
        ["tests/verify"],
    ),
}
"""Files under src/grundy/ by group, the most important first, each with the tests that
may kill its mutants.  A run mutates only the groups it is given (mutmut's first pass
runs every selected test with every mutated function instrumented, which is slow)."""

KILLERS = "bench/mutation_killers.py"
COPIED = ["src", "tests", "proofs", "examples", "pyproject.toml", KILLERS]


def _module(path: str) -> str:
    return "grundy." + path.removesuffix(".py").replace("/", ".")


def _prepare(workdir: Path, groups: list[str]) -> None:
    """A copy of the project with mutmut's settings for ``groups``, made once (mutmut
    caches its map from tests to functions there, so later groups start faster)."""
    if (workdir / "pyproject.toml").exists():
        return
    # exists before mutmut starts: Python skips a sys.path entry missing at its first import
    (workdir / "mutants" / "src").mkdir(parents=True, exist_ok=True)
    for name in COPIED:
        source = ROOT / name
        target = workdir / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, target)
    files = [f"src/grundy/{f}" for group in groups for f in GROUPS[group][0]]
    tests = list(dict.fromkeys(t for group in groups for t in GROUPS[group][1]))
    config = {
        "source_paths": ["src"],
        "only_mutate": files,
        "also_copy": ["proofs", "examples", "bench"],
        "pytest_add_cli_args_test_selection": [*tests, KILLERS],
        "pytest_add_cli_args": ["-x", "-q", "-p", "no:cacheprovider", "-m", "not slow"],
        "use_git_change_detection": False,
        # a mutant that loops (a binary search that never narrows) is killed by its
        # timeout; mutmut's default of 15 times the tests' own time wastes many minutes
        "timeout_multiplier": 3.0,
    }
    lines = ["", "[tool.mutmut]"]
    lines += [f"{key} = {json.dumps(value)}" for key, value in config.items()]
    with (workdir / "pyproject.toml").open("a", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")


def _mutmut(workdir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    binary = Path(sys.executable).with_name("mutmut")
    # the mutated copy comes before the editable install of the project on sys.path
    env = {**os.environ, "PYTHONPATH": str(workdir / "mutants" / "src")}
    return subprocess.run(
        [str(binary), *args], cwd=workdir, env=env, capture_output=True, text=True, check=False
    )


def _statuses(workdir: Path, modules: list[str]) -> dict[str, str]:
    shown = _mutmut(workdir, "results", "--all", "true")
    found = {}
    for line in shown.stdout.splitlines():
        name, _, status = line.strip().rpartition(": ")
        if name and status and any(name.startswith(m + ".") for m in modules):
            found[name] = status
    return found


def run_group(
    name: str, workdir: Path, max_children: int, *, run: bool = True
) -> dict[str, object]:
    """Run mutmut on one group (or, with ``run=False``, collect what an earlier run in
    ``workdir`` finished: mutants it did not reach count as "not checked")."""
    modules = [_module(f) for f in GROUPS[name][0]]
    patterns = [f"{m}.*" for m in modules]
    start = time.perf_counter()
    if run:
        ran = _mutmut(workdir, "run", "--max-children", str(max_children), *patterns)
        (workdir / f"mutmut-{name}.log").write_text(ran.stdout + ran.stderr, encoding="utf-8")
    seconds = time.perf_counter() - start
    statuses = _statuses(workdir, modules)
    if not statuses or all(status == "not checked" for status in statuses.values()):
        raise SystemExit(f"mutmut checked no mutant of {name}; see {workdir}/mutmut-{name}.log")
    survivors = {
        mutant: _mutmut(workdir, "show", mutant).stdout
        for mutant, status in statuses.items()
        if status not in ("killed", "timeout", "not checked")
    }
    return {
        "group": name,
        "files": GROUPS[name][0],
        "tests": [*GROUPS[name][1], KILLERS],
        "counts": dict(Counter(statuses.values())),
        "seconds": round(seconds, 1),
        "survivors": survivors,
        "statuses": {mutant: statuses[mutant] for mutant in survivors},
    }


def _score(counts: dict[str, int]) -> tuple[int, int]:
    """Killed (or timed out) mutants, and mutants checked (not skipped, not unreached)."""
    killed = counts.get("killed", 0) + counts.get("timeout", 0)
    tested = sum(counts.values()) - counts.get("skipped", 0) - counts.get("not checked", 0)
    return killed, tested


def write_report(runs: list[dict[str, object]], load: str) -> None:
    equivalent: dict[str, str] = {}
    if EQUIVALENT.exists():
        equivalent = tomllib.loads(EQUIVALENT.read_text(encoding="utf-8")).get("equivalent", {})
    lines = [
        "# Mutation testing of the engines",
        "",
        f"mutmut, written by bench/mutation.py on {datetime.now(UTC):%Y-%m-%d %H:%M} UTC "
        f"(load average at the start: {load}).  A mutant is killed when a test fails or it "
        "times out; equivalent mutants (the same behaviour as the original) are listed with "
        "the reason and left out of the adjusted score.  A timeout is a mutant that made the "
        "tests run more than 3 times their usual time (mutmut's measure, taken on the same "
        "busy machine), usually a loop that no longer ends.",
        "",
        "| group | files | checked | not reached | killed (of which by timeout) | survived "
        "| equivalent | score | adjusted | time |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    total_killed = total_tested = total_equivalent = 0
    for run in runs:
        counts: dict[str, int] = run["counts"]  # type: ignore[assignment]
        killed, tested = _score(counts)
        survivors: dict[str, str] = run["survivors"]  # type: ignore[assignment]
        same = sum(1 for mutant in survivors if mutant in equivalent)
        total_killed += killed
        total_tested += tested
        total_equivalent += same
        files = ", ".join(run["files"])  # type: ignore[arg-type]
        lines.append(
            f"| {run['group']} | {files} | {tested} | {counts.get('not checked', 0)} | "
            f"{killed} ({counts.get('timeout', 0)}) | {tested - killed} | {same} | "
            f"{_percent(killed, tested)} | {_percent(killed, tested - same)} | "
            f"{run['seconds']} s |"
        )
    lines.append(
        f"| **all** | | {total_tested} | | {total_killed} | {total_tested - total_killed} | "
        f"{total_equivalent} | {_percent(total_killed, total_tested)} | "
        f"{_percent(total_killed, total_tested - total_equivalent)} | |"
    )
    lines += ["", "## Surviving mutants", ""]
    for run in runs:
        survivors = run["survivors"]  # type: ignore[assignment]
        statuses: dict[str, str] = run["statuses"]  # type: ignore[assignment]
        for mutant, diff in sorted(survivors.items()):
            reason = equivalent.get(mutant)
            label = f"equivalent: {reason}" if reason else statuses[mutant]
            lines += [f"### `{mutant}` ({label})", "", "```diff", diff.strip(), "```", ""]
    RESULTS_MD.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("groups", nargs="*", help=f"groups to run (default all): {list(GROUPS)}")
    parser.add_argument("--max-children", type=int, default=2)
    parser.add_argument("--workdir", type=Path, default=None)
    parser.add_argument(
        "--report-only",
        action="store_true",
        help="collect the results of an earlier (perhaps interrupted) run in --workdir",
    )
    args = parser.parse_args()
    unknown = [g for g in args.groups if g not in GROUPS]
    if unknown:
        parser.error(f"unknown groups {unknown}; choose from {list(GROUPS)}")
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    earlier: dict[str, dict[str, object]] = {}
    if RESULTS_JSON.exists():
        earlier = {run["group"]: run for run in json.loads(RESULTS_JSON.read_text("utf-8"))}
    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="grundy-mutation-"))
    chosen = args.groups or list(GROUPS)
    _prepare(workdir, chosen)
    for name in chosen:
        run = run_group(name, workdir, args.max_children, run=not args.report_only)
        if args.report_only and name in earlier:  # keep the time the real run took
            run["seconds"] = earlier[name]["seconds"]
        earlier[name] = run
        killed, tested = _score(run["counts"])  # type: ignore[arg-type]
        print(f"{name}: {killed}/{tested} killed in {run['seconds']} s", flush=True)
        ordered = [earlier[g] for g in GROUPS if g in earlier]
        RESULTS_JSON.write_text(json.dumps(ordered, indent=1) + "\n", encoding="utf-8")
        write_report(ordered, load)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
