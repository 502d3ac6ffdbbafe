"""Small runs as a user starts them: the whole ``grundy`` process against the C program.

Issue 38 section 2.  For the bench runs that the C references of bench/c finish in under
a second, this times the whole command (interpreter start, imports, numba's import and
its cached kernels, the work, the period certificate and its independent re-check)
against the whole C process (compiled ``cc -O2`` into bench/c/build/), the two run in
turn, A B A B ..., so that a drift of the shared machine's speed hits both.  The figure
is CPU time (user + system, the operating system's accounting of the finished child),
the median of the runs, with the ratio grundy / C taken pair by pair; the peak is the
child's largest resident set (``wait4``'s own figure for that one process).

``--before SRC`` times a second copy of grundy (its ``src`` folder, for instance the
commit before a change, from ``git archive``) in the same series, before / after / C in
turn, so that both columns see the same load.  Each copy runs from its own ``src`` (put
first on ``PYTHONPATH``), its bytecode compiled first as an installed package has it: a
process that must compile grundy's 200 modules from source (``PYTHONDONTWRITEBYTECODE``
set and no ``__pycache__``) spends about 0.1 s more, which is no user's case.

A second table takes one run of each apart inside a Python process (``--phases``):
where the fixed cost goes.  Usage::

    .venv/bin/python bench/bench_small_runs.py              # both tables (a few minutes)
    .venv/bin/python bench/bench_small_runs.py --runs 3     # fewer pairs
    .venv/bin/python bench/bench_small_runs.py --before /tmp/base/src   # before and after
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE_TREE = HERE.parent / "src"
SOURCES = HERE / "c"
BUILD = SOURCES / "build"

# (label, grundy's words, the C program's words); the heap rules are octal 0.16's
# (take 1 leaving nothing; take 2 leaving one or two heaps), 0.56's and Kayles' (0.77).
RUNS = (
    (
        "octal 0.16, G(0..520,000), period",
        ["sequence", "octal", "--code", "0.16", "--upto", "520000", "--period", "--summary"],
        ["heapseq", "sparse", "520000", "1", "2", "2", "0", "-"],
    ),
    (
        "octal 0.56, G(0..660,000), period",
        ["sequence", "octal", "--code", "0.56", "--upto", "660000", "--period", "--summary"],
        ["heapseq", "sparse", "660000", "1", "2", "1,2", "0", "-"],
    ),
    (
        "Kayles, G(0..1,000,000), period",
        ["sequence", "kayles", "--upto", "1000000", "--period", "--summary"],
        ["heapseq", "sparse", "1000000", "1,2", "1,2", "1,2", "0", "-"],
    ),
    (
        "Kayles, G(0..1,000,000)",
        ["sequence", "kayles", "--upto", "1000000", "--summary"],
        ["heapseq", "sparse", "1000000", "1,2", "1,2", "1,2", "0", "-"],
    ),
    ("Chomp 10x10", ["solve", "chomp", *["10"] * 10], ["chomp", "10", "10", "-"]),
    ("Chomp 12x12", ["solve", "chomp", *["12"] * 12], ["chomp", "12", "12", "-"]),
)


def compile_c() -> dict[str, Path]:
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        raise SystemExit("no C compiler found (cc, gcc, clang)")
    BUILD.mkdir(exist_ok=True)
    programs = {}
    for source in sorted(SOURCES.glob("*.c")):
        target = BUILD / source.stem
        subprocess.run([compiler, "-O2", "-o", str(target), str(source)], check=True)
        programs[source.stem] = target
    return programs


def cpu_of(command: list[str], env: dict[str, str] | None = None) -> tuple[float, float, str]:
    """CPU seconds (user + system) and peak MiB of one whole child process (with the
    children it waited for), and what it printed."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        child = subprocess.Popen(command, stdout=out, stderr=err, env=env)
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
        out.seek(0)
        err.seek(0)
        if child.returncode:
            problem = err.read().decode(errors="replace").strip()[-300:]
            raise SystemExit(f"{' '.join(command)} failed: {problem}")
        printed = out.read().decode(errors="replace")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, printed


def grundy_from(source: Path) -> tuple[list[str], dict[str, str]]:
    """The command and environment that run the grundy of ``source`` (a ``src`` folder),
    its bytecode compiled first."""
    if not (source / "grundy" / "__main__.py").is_file():
        raise SystemExit(f"{source} holds no grundy package (give a src folder)")
    compileall.compile_dir(str(source / "grundy"), quiet=1)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(source), env.get("PYTHONPATH")]))
    return [sys.executable, "-m", "grundy"], env


def side_by_side(runs: int, before: Path | None, only: str = "") -> list[str]:
    programs = compile_c()
    trees = (
        [("after", SOURCE_TREE)] if before is None else [("before", before), ("after", SOURCE_TREE)]
    )
    started = {name: grundy_from(tree) for name, tree in trees}
    header = "| run |"
    for name, _ in trees:
        header += f" {name}: CPU s, peak MiB | {name}: ratio to C (range) |"
    rows = [header + " C CPU s | load |", "|---|" + "---:|---:|" * len(trees) + "---:|---:|"]
    for label, words, c_words in RUNS:
        if only.lower() not in label.lower():
            continue
        c_command = [str(programs[c_words[0]]), *c_words[1:]]
        ours: dict[str, list[tuple[float, float]]] = {name: [] for name, _ in trees}
        ratios: dict[str, list[float]] = {name: [] for name, _ in trees}
        theirs, loads = [], []
        for command, env in started.values():
            cpu_of([*command, *words], env)  # warm-up: bytecode and kernel caches filled
        for _ in range(runs):
            loads.append(os.getloadavg()[0])
            mine = {}
            for name, (command, env) in started.items():
                cpu, peak, _ = cpu_of([*command, *words], env)
                mine[name] = cpu
                ours[name].append((cpu, peak))
            c_cpu, _, _ = cpu_of(c_command)
            theirs.append(c_cpu)
            for name, cpu in mine.items():
                ratios[name].append(cpu / max(c_cpu, 1e-3))
        row = f"| {label} |"
        for name, _ in trees:
            cpu = statistics.median(c for c, _ in ours[name])
            peak = statistics.median(p for _, p in ours[name])
            r = ratios[name]
            row += (
                f" {cpu:.3f}, {peak:.0f} | {statistics.median(r):.1f}x "
                f"({min(r):.1f}-{max(r):.1f}) |"
            )
        rows.append(row + f" {statistics.median(theirs):.3f} | {min(loads):.1f}-{max(loads):.1f} |")
    return rows


PHASES = r"""
import json, sys, time
clock = time.process_time
marks = {}
start = clock()
from grundy.entry import one_blas_thread  # as the grundy command does, before numpy
one_blas_thread()
import numpy
marks['numpy imported'] = clock() - start
import grundy.cli
marks['grundy.cli imported'] = clock() - start
import numba
marks['numba imported'] = clock() - start
from grundy.games.octal import OctalGame
from grundy.solve.fast_sequences import kernel_sequence
from grundy.solve.heap_sequences import rules_of
rules = rules_of(OctalGame(sys.argv[1]))
kernel_sequence(rules, 100)
marks['first kernel loaded (and run to 100)'] = clock() - start
run = kernel_sequence(rules, int(sys.argv[2]))
marks['G(0..N) computed'] = clock() - start
from grundy.certify.periodicity import period_report
report = period_report(OctalGame(sys.argv[1]), run.values)
marks['period found, certificate built'] = clock() - start
from grundy.certify.periodicity_check import check_certificate
assert check_certificate(report.certificate).valid
marks['certificate re-checked'] = clock() - start
print(json.dumps(marks))
"""


def phases() -> list[str]:
    """One run of octal 0.16 to 520,000 taken apart (cumulative CPU seconds)."""
    _, env = grundy_from(SOURCE_TREE)
    bare, _, _ = cpu_of([sys.executable, "-c", "pass"], env)
    rows = [
        "| octal 0.16 to 520,000, in one process: after | CPU s (cumulative) | this step |",
        "|---|---:|---:|",
        f"| Python started (a separate `python -c pass`) | {bare:.3f} | {bare:.3f} |",
    ]
    whole, _, printed = cpu_of([sys.executable, "-c", PHASES, "0.16", "520000"], env)
    previous = 0.0
    for name, seconds in json.loads(printed).items():
        rows.append(f"| {name} | {bare + seconds:.3f} | {seconds - previous:.3f} |")
        previous = seconds
    # This script ends as Python usually does; the grundy command skips the teardown.
    ending = whole - bare - previous
    rows.append(
        f"| the interpreter's teardown at the end (whole process: {whole:.3f}) "
        f"| {whole:.3f} | {ending:.3f} |"
    )
    return rows


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="pairs of runs (default 5)")
    parser.add_argument("--no-phases", action="store_true", help="the side-by-side table only")
    parser.add_argument(
        "--before", type=Path, metavar="SRC", help="a second grundy src folder, timed in turn"
    )
    parser.add_argument(
        "--only", default="", metavar="TEXT", help="the rows whose label holds TEXT"
    )
    args = parser.parse_args(argv)
    print("\n".join(side_by_side(args.runs, args.before, args.only)))
    if not args.no_phases:
        print()
        print("\n".join(phases()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
