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
    nice -n 10 .venv/bin/python bench/mutation.py --sample 0.1 --seed 1     # a tenth of each

Every mutant of every group takes hours on two cores; ``--sample`` runs a seeded random
share of each module's mutants, and the report then estimates the score of all of them.

It writes bench/MUTATION.md: the score per module and overall, and every surviving
mutant with its diff, or with the one-line reason it is equivalent to the original
(bench/mutation_equivalent.toml, keyed by mutant name).  Results of groups not run this
time are kept from the previous bench/MUTATION.json.  Needs ``pip install -e '.[mutation]'``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
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
NOTES = HERE / "mutation_notes.md"

GROUPS: dict[str, tuple[list[str], list[str]]] = {
    # name: (files under src/grundy/, the tests that may kill them besides verify --quick)
    "z3_translate": (
        ["claims/z3_translate.py"],
        ["tests/claims/test_check.py", "tests/claims/test_lemma_scope.py"],
    ),
    "z3engine": (["verify/z3engine.py"], ["tests/verify"]),
    "exhaustive": (["verify/exhaustive.py"], ["tests/verify", "tests/claims/test_check.py"]),
    "certify_checkers": (
        ["certify/table_check.py", "certify/periodicity_check.py", "certify/value_check.py"],
        ["tests/certify"],
    ),
    "check": (
        [
            "claims/check.py",
            "claims/plan.py",
            "claims/combine.py",
            "claims/runner.py",
            "claims/exhaustive_method.py",
            "claims/random_method.py",
        ],
        ["tests/claims"],
    ),
    "bit_induction": (
        ["verify/bit_induction.py", "verify/xor_algebras.py", "theory/nim.py"],
        ["tests/verify"],
    ),
    "certify_other": (
        ["certify/grundy_table.py", "certify/periodicity.py", "certify/strategy.py"],
        ["tests/certify"],
    ),
    "periodic": (
        [
            "claims/periodic.py",
            "claims/statement_period.py",
            "claims/polynomials.py",
            "claims/table_cases.py",
            "certify/certified_values.py",
        ],
        ["tests/claims", "tests/certify"],
    ),
    "verify_other": (
        [
            "verify/z3_checks.py",
            "verify/z3_induction.py",
            "theory/nim_sum.py",
            "theory/bouton.py",
            "theory/nim_exercises.py",
            "verify/random_search.py",
            "verify/random_games.py",
        ],
        ["tests/verify"],
    ),
    "verify_forms": (
        [
            "verify/game_forms.py",
            "verify/form_checks.py",
            "verify/birthday_induction.py",
            "theory/sprague_grundy_steps.py",
        ],
        ["tests/verify"],
    ),
    "verify_encodings": (
        [
            "theory/lucky_nim.py",
            "theory/nim_sum_laws.py",
            "theory/exercise_mutants.py",
            "theory/beer_cans.py",
            "theory/chomp.py",
        ],
        ["tests/verify"],
    ),
}
"""Files under src/grundy/ by group, the most important first, each with the tests that
may kill its mutants.  A run mutates only the groups it is given (mutmut's first pass
runs every selected test with every mutated function instrumented, which is slow)."""

KILLERS = "bench/mutation_killers.py"
COPIED = ["src", "tests", "proofs", "examples", "pyproject.toml", KILLERS]
REFRESHED = ["tests", "proofs", "examples", KILLERS]
"""What ``--rerun-survivors`` copies again, with the modules not mutated: tests may grow
between runs, and the code around the mutated modules may change with them."""

TIMEOUT_MULTIPLIER = 2.0
TIMEOUT_CONSTANT = 15.0


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
        # mutmut stops a mutant after 2 x multiplier x (its tests' time + constant) CPU
        # seconds.  Its tests' time is measured in one warm session, but a mutant's run
        # starts cold (imports, caches, Z3 contexts); with a constant of 1 s, half of the
        # "timeouts" of an earlier run passed when given time.  A constant of 15 s gives
        # every mutant at least a minute while a loop that never ends still costs little.
        "timeout_multiplier": TIMEOUT_MULTIPLIER,
        "timeout_constant": TIMEOUT_CONSTANT,
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


def _refresh_tests(workdir: Path, groups: list[str]) -> None:
    """Copy the tests and the code not mutated again into an earlier run's ``workdir``,
    after checking that the mutated files are unchanged (mutant names, and so the sample,
    depend on them)."""
    for group in groups:
        for name in GROUPS[group][0]:
            path = Path("src/grundy") / name
            if (ROOT / path).read_bytes() != (workdir / path).read_bytes():
                raise SystemExit(f"{path} changed since the run in {workdir}; run afresh")
    mutated = {Path("src/grundy") / f for group in groups for f in GROUPS[group][0]}
    for source in (ROOT / "src").rglob("*.py"):
        path = source.relative_to(ROOT)
        if path not in mutated:  # the rest of the code may change, and the tests with it
            for copy in (workdir / path, workdir / "mutants" / path):
                copy.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, copy)
    for name in REFRESHED:
        source, target = ROOT / name, workdir / name
        if source.is_dir():
            ignored = shutil.ignore_patterns("__pycache__")
            shutil.copytree(source, target, ignore=ignored, dirs_exist_ok=True)
        else:
            shutil.copy2(source, target)


def _generate(workdir: Path) -> None:
    """Let mutmut write every mutant and map tests to functions, once per workdir: a run
    for a mutant name that matches nothing does both, then stops."""
    if (workdir / "mutmut-generate.log").exists():
        return
    ran = _mutmut(workdir, "run", "no.such.mutant")
    (workdir / "mutmut-generate.log").write_text(ran.stdout + ran.stderr, encoding="utf-8")
    if "nothing matches" not in ran.stdout + ran.stderr:
        raise SystemExit(f"mutmut could not prepare {workdir}; see mutmut-generate.log there")


def _sample(names: list[str], modules: list[str], fraction: float, seed: int) -> list[str]:
    """A random share of each module's mutants (at least MIN_SAMPLE, or all of them):
    every module is represented, and the choice is the same for the same seed."""
    chosen: list[str] = []
    for module in modules:
        own = sorted(n for n in names if n.startswith(module + "."))
        count = min(len(own), max(MIN_SAMPLE, math.ceil(fraction * len(own))))
        chosen += sorted(random.Random(f"{seed}:{module}").sample(own, count))
    return chosen


MIN_SAMPLE = 15


def selection(name: str, workdir: Path, fraction: float, seed: int) -> tuple[list[str], list[str]]:
    """The modules of a group, and the names of the mutants to run in it."""
    modules = [_module(f) for f in GROUPS[name][0]]
    every = _statuses(workdir, modules)
    if fraction >= 1:
        return modules, sorted(every)
    return modules, _sample(list(every), modules, fraction, seed)


def _targets(name: str, chosen: list[str], fraction: float) -> list[str]:
    if fraction >= 1:
        return [f"{_module(f)}.*" for f in GROUPS[name][0]]
    return chosen


def run_mutmut(workdir: Path, max_children: int, label: str, targets: list[str]) -> None:
    ran = _mutmut(workdir, "run", "--max-children", str(max_children), *targets)
    (workdir / f"mutmut-{label}.log").write_text(ran.stdout + ran.stderr, encoding="utf-8")


def run_group(
    name: str,
    workdir: Path,
    max_children: int,
    *,
    run: bool = True,
    fraction: float = 1.0,
    seed: int = 0,
    sample: list[str] | None = None,
) -> dict[str, object]:
    """Run mutmut on one group (or, with ``run=False``, collect what an earlier run in
    ``workdir`` finished: mutants it did not reach count as "not checked").  With
    ``fraction`` below 1, only a random sample of each module's mutants is run; ``sample``
    names the mutants outright (those of an earlier run)."""
    modules = [_module(f) for f in GROUPS[name][0]]
    every = _statuses(workdir, modules)
    if sample is not None:
        chosen = sorted(sample)
    elif fraction >= 1:
        chosen = sorted(every)
    else:
        chosen = _sample(list(every), modules, fraction, seed)
    start = time.perf_counter()
    if run:
        targets = [f"{m}.*" for m in modules] if fraction >= 1 else chosen
        ran = _mutmut(workdir, "run", "--max-children", str(max_children), *targets)
        (workdir / f"mutmut-{name}.log").write_text(ran.stdout + ran.stderr, encoding="utf-8")
    seconds = time.perf_counter() - start
    found = _statuses(workdir, modules)
    statuses = {mutant: found[mutant] for mutant in chosen}
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
        "mutants": len(every),
        "sampled": len(chosen),
        "sample_seed": seed if fraction < 1 else None,
        "counts": dict(Counter(statuses.values())),
        "seconds": round(seconds, 1),
        "survivors": survivors,
        "statuses": {mutant: statuses[mutant] for mutant in survivors},
        "all_statuses": statuses,
    }


def _earlier_sample(run: dict[str, object] | None, name: str) -> dict[str, str]:
    """The mutants an earlier run of group ``name`` ran, with their statuses."""
    if run is None or "all_statuses" not in run:
        raise SystemExit(f"no earlier run of {name} with every status in {RESULTS_JSON}")
    statuses: dict[str, str] = run["all_statuses"]  # type: ignore[assignment]
    return dict(statuses)


def _score(counts: dict[str, int]) -> tuple[int, int]:
    """Killed (or timed out) mutants, and mutants checked (not skipped, not unreached)."""
    killed = counts.get("killed", 0) + counts.get("timeout", 0)
    tested = sum(counts.values()) - counts.get("skipped", 0) - counts.get("not checked", 0)
    return killed, tested


def _equivalent() -> dict[str, str]:
    """The mutants known to behave like the original, with the reason."""
    if not EQUIVALENT.exists():
        return {}
    found: dict[str, str] = tomllib.loads(EQUIVALENT.read_text("utf-8")).get("equivalent", {})
    return found


def write_report(runs: list[dict[str, object]], load: str, commit: str) -> None:
    equivalent = _equivalent()
    lines = [
        "# Mutation testing of the engines",
        "",
        f"mutmut, written by bench/mutation.py on {datetime.now(UTC):%Y-%m-%d %H:%M} UTC for "
        f"commit {commit} (load average at the start: {load}).  A mutant is killed when a "
        "test fails or it times out; equivalent mutants (the same behaviour as the original) "
        "are listed with the reason and left out of the adjusted score.  A timeout is a "
        "mutant whose tests used more than "
        f"{2 * TIMEOUT_MULTIPLIER:g} x (their usual CPU time + {TIMEOUT_CONSTANT:g} s), "
        "usually a loop that no longer ends.  Where a group was sampled, the "
        "mutants run are a random share of each module's mutants (seeded, at least "
        f"{MIN_SAMPLE} a module), and its scores estimate the whole group's.",
        "",
        "| group | files | mutants | run | not reached | killed (of which by timeout) "
        "| survived | equivalent | score | adjusted | time |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    total_killed = total_tested = total_equivalent = total_mutants = timeouts = 0
    strata: list[tuple[int, int, int]] = []  # (mutants, killed, checked less equivalent)
    for run in runs:
        counts: dict[str, int] = run["counts"]  # type: ignore[assignment]
        killed, tested = _score(counts)
        survivors: dict[str, str] = run["survivors"]  # type: ignore[assignment]
        same = sum(1 for mutant in survivors if mutant in equivalent)
        mutants = int(run.get("mutants", sum(counts.values())))  # type: ignore[call-overload]
        total_killed += killed
        total_tested += tested
        total_equivalent += same
        total_mutants += mutants
        timeouts += counts.get("timeout", 0)
        strata.append((mutants, killed, tested - same))
        files = ", ".join(run["files"])  # type: ignore[arg-type]
        lines.append(
            f"| {run['group']} | {files} | {mutants} | {run.get('sampled', mutants)} | "
            f"{counts.get('not checked', 0)} | {killed} ({counts.get('timeout', 0)}) | "
            f"{tested - killed} | {same} | {_percent(killed, tested)} | "
            f"{_percent(killed, tested - same)} | {_seconds(run)} |"
        )
    lines.append(
        f"| **all** | | {total_mutants} | {total_tested} | | {total_killed} | "
        f"{total_tested - total_killed} | {total_equivalent} | "
        f"{_percent(total_killed, total_tested)} | "
        f"{_percent(total_killed, total_tested - total_equivalent)} | |"
    )
    estimate, margin = _stratified(strata)
    lines += [
        "",
        f"Estimated adjusted score of all {total_mutants} mutants, each group weighted by "
        f"its number of mutants: {100 * estimate:.1f}% +/- {100 * margin:.1f}% (95% "
        "normal interval over the sampled groups; a group run whole adds no sampling error).",
        "",
        f"Counting the {timeouts} timeouts as not killed (a test that was stopped did not "
        "fail yet), the score of the mutants run is "
        f"{_percent(total_killed - timeouts, total_tested - total_equivalent)} (equivalent "
        "ones left out).",
    ]
    if NOTES.exists():  # what a person found out about this run, kept beside the figures
        lines += ["", NOTES.read_text(encoding="utf-8").strip()]
    lines += ["", "## Surviving mutants", ""]
    for run in runs:
        survivors = run["survivors"]  # type: ignore[assignment]
        statuses: dict[str, str] = run["statuses"]  # type: ignore[assignment]
        for mutant, diff in sorted(survivors.items()):
            reason = equivalent.get(mutant)
            label = f"equivalent: {reason}" if reason else statuses[mutant]
            lines += [f"### `{mutant}` ({label})", "", "```diff", diff.strip(), "```", ""]
    RESULTS_MD.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _seconds(run: dict[str, object]) -> str:
    if run["seconds"] is not None:
        return f"{run['seconds']} s"
    return f"{run.get('sample_seconds')} s (all sampled groups together)"


def _stratified(strata: list[tuple[int, int, int]]) -> tuple[float, float]:
    """The share killed over all mutants, estimated group by group, and the half-width
    of its 95% interval (zero for groups whose every mutant was run)."""
    population = sum(mutants for mutants, _, checked in strata if checked)
    if not population:
        return 0.0, 0.0
    estimate = variance = 0.0
    for mutants, killed, checked in strata:
        if not checked:
            continue
        weight, share = mutants / population, killed / checked
        estimate += weight * share
        if checked < mutants:  # finite-population correction for a sampled group
            correction = (mutants - checked) / max(mutants - 1, 1)
            variance += weight**2 * share * (1 - share) / checked * correction
    return estimate, 1.96 * math.sqrt(variance)


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("groups", nargs="*", help=f"groups to run (default all): {list(GROUPS)}")
    parser.add_argument("--max-children", type=int, default=2)
    parser.add_argument("--workdir", type=Path, default=None)
    parser.add_argument(
        "--sample",
        type=float,
        default=1.0,
        metavar="FRACTION",
        help="run only this random share of each module's mutants (default: all)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the sample")
    parser.add_argument(
        "--rerun-survivors",
        action="store_true",
        help="in the --workdir of an earlier run, copy the tests again and run once more "
        "only the mutants of its sample that survived and are not listed as equivalent "
        "(after new tests were written)",
    )
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
    if not 0 < args.sample <= 1:
        parser.error("--sample must be a fraction in (0, 1]")
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    _prepare(workdir, chosen)
    _generate(workdir)
    if args.rerun_survivors:
        if args.workdir is None or args.report_only:
            parser.error("--rerun-survivors needs the --workdir of an earlier run")
        _refresh_tests(workdir, chosen)
        same = _equivalent()  # they survive whatever tests are added: no need to run them
        targets = [
            mutant
            for name in chosen
            for mutant, status in _earlier_sample(earlier.get(name), name).items()
            if status not in ("killed", "timeout") and mutant not in same
        ]
        start = time.perf_counter()
        run_mutmut(workdir, args.max_children, "rerun", targets)
        print(f"{len(targets)} survivors run again in {time.perf_counter() - start:.1f} s")
    together = not args.report_only and not args.rerun_survivors and args.sample < 1
    if together:
        # one mutmut run for every group's sample: its clean run of the tests is paid once
        targets = [
            mutant
            for name in chosen
            for mutant in selection(name, workdir, args.sample, args.seed)[1]
        ]
        start = time.perf_counter()
        run_mutmut(workdir, args.max_children, "sample", targets)
        together_seconds = round(time.perf_counter() - start, 1)
        print(f"{len(targets)} mutants run in {together_seconds} s", flush=True)
    for name in chosen:
        run = run_group(
            name,
            workdir,
            args.max_children,
            run=not (args.report_only or args.rerun_survivors or together),
            fraction=args.sample,
            seed=args.seed,
            sample=list(_earlier_sample(earlier.get(name), name)) if args.rerun_survivors else None,
        )
        if together:  # one run for all groups: its time is shared, not the group's
            run["seconds"] = None
            run["sample_seconds"] = together_seconds
        if (args.report_only or args.rerun_survivors) and name in earlier:
            # keep the time the real run took
            run["seconds"] = earlier[name]["seconds"]
            run["sample_seconds"] = earlier[name].get("sample_seconds")
        earlier[name] = run
        killed, tested = _score(run["counts"])  # type: ignore[arg-type]
        print(f"{name}: {killed}/{tested} killed ({_seconds(run)})", flush=True)
        ordered = [earlier[g] for g in GROUPS if g in earlier]
        RESULTS_JSON.write_text(json.dumps(ordered, indent=1) + "\n", encoding="utf-8")
        write_report(ordered, load, commit)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
