"""What the second solver costs, and why cvc5 (issue 39).

1. ``grundy verify --jobs 2`` on the whole library, with the second solver (cvc5, the
   default) and without it (``--second-solver none``), run in turns; the wall time and the
   CPU time of the whole process tree (user + sys of the command and every worker and
   claim child it waited for).  Target: with cvc5 within 1.5x of without.
2. The queries that run exported (``--smt``), each given to Z3, cvc5 and Bitwuzla (when
   the ``bitwuzla`` package is installed; it is not a dependency): how many each answers
   as expected, and in what total time.

Run: ``.venv/bin/python bench/bench_second_solver.py [--quick] [--runs N]``; it writes
bench/SECOND_SOLVER.md (``--out`` to write elsewhere).  On a shared machine the wall time
waits for a core: the load average is printed beside the figures, and the CPU times are
the steadier measure.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from grundy.smt_record import expected_of  # noqa: E402
from grundy.verify.second_solver import solve_smt2  # noqa: E402

NOTES = """
## Reading the figures

- **Why cvc5.** Bitwuzla reads only bit-vector queries: it refuses every query over
  integers or reals (P-set induction, the inductions on the bits and on the birthday with
  their uninterpreted nim-sums, Lucky Nim, the beer cans), so it could re-prove about a
  quarter of the library's queries. It is the fastest on the bit-vector ones, but "support
  one well" means the one that covers them all: cvc5 reads every query and proves every
  bit-vector one, with quantifiers once it may saturate (`full-saturate-quant`).
- **What cvc5 cannot do.** Two shapes of query end in a time limit for cvc5 whatever
  its time, and no option of cvc5 1.4 tried changed that (`arith-brab`, `cut-all-bounded`,
  `dio-solver`, `ite-simp`, `miplib-trick`, `learned-rewrite`, the logic `QF_LIA`): a
  division or remainder of a quotient or remainder (Lucky Nim's blocks,
  `(mod (div (- k 1) 3) 2)`), and a division by a term that is not a number
  (`(div k (+ m n))`, non-linear). Bit-vectors, quantifiers, and a division by a number
  (the bit inductions' `(div x 2)`, P-set induction's `(mod n 4)`) it decides.
- **The cost, and the short try.** cvc5 is given three times Z3's time on a query, at
  least 0.5 s (`grundy.verify.smt.second_limit_ms`), and only those 0.5 s on a query of
  one of the two shapes, read from the query's own terms
  (`grundy.verify.smt_shape.second_solver_hard`): a try that re-proves the few such
  queries it decides at once (Lucky Nim's boundary) and still catches a lying Z3 where a
  model is easy to find, without waiting three times Z3's time (up to a minute on
  Lucky Nim's symbolic steps) on the rest. A proof whose query was left unanswered rests
  on Z3 alone and says so (`first_solver_alone` above; `solvers: ["z3"]` in its JSON);
  never two solvers for one. `--second-solver none` skips cvc5 when time matters more.
"""


def timed_verify(
    extra: list[str], quick: bool, smt: Path | None, targets: list[str]
) -> tuple[float, float, dict]:
    """Wall seconds, CPU seconds of the process tree, and the JSON of one verify run."""
    words = [sys.executable, "-m", "grundy", "verify", *targets, "--jobs", "2", "--json", *extra]
    if quick:
        words.append("--quick")
    if smt is not None:
        words += ["--smt", str(smt)]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(words, capture_output=True, text=True, env=env, cwd=ROOT)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode not in (0, 1):
        raise SystemExit(f"verify failed ({done.returncode}): {done.stderr[-2000:]}")
    return wall, cpu, json.loads(done.stdout)


def z3_answer(text: str, timeout_ms: int) -> str:
    import z3

    solver = z3.Solver()
    solver.set("timeout", timeout_ms)
    solver.from_string(text)
    return str(solver.check())


def bitwuzla_answer(text: str, timeout_ms: int) -> str:
    import bitwuzla

    terms = bitwuzla.TermManager()
    options = bitwuzla.Options()
    options.set(bitwuzla.Option.TIME_LIMIT_PER, timeout_ms)
    parser = bitwuzla.Parser(terms, options)
    body = "\n".join(
        line
        for line in text.splitlines()
        if not line.startswith(("(set-logic", "(set-info", "(check-sat"))
    )
    try:
        parser.parse(body, True, False)
        return str(parser.bitwuzla().check_sat())
    except bitwuzla.BitwuzlaException:
        return "unread"  # integers, reals: outside Bitwuzla's logics


def solvers_on(folder: Path, timeout_ms: int) -> dict[str, dict[str, float]]:
    runners = {
        "z3": z3_answer,
        "cvc5": lambda text, ms: solve_smt2("cvc5", text, ms).answer,
    }
    try:
        import bitwuzla  # noqa: F401

        runners["bitwuzla"] = bitwuzla_answer
    except ImportError:
        pass
    figures = {
        name: {"agreed": 0, "seconds": 0.0, "bv_agreed": 0, "bv_seconds": 0.0} for name in runners
    }
    files = sorted(folder.rglob("*.smt2"))
    bit_vector_only = 0
    for path in files:
        text = path.read_text()
        expected = expected_of(text)
        pure_bv = "Int" not in text and "Real" not in text
        bit_vector_only += pure_bv
        for name, run in runners.items():
            start = time.perf_counter()
            answer = run(text, timeout_ms)
            seconds = time.perf_counter() - start
            figures[name]["seconds"] += seconds
            figures[name]["agreed"] += answer == expected
            if pure_bv:
                figures[name]["bv_seconds"] += seconds
                figures[name]["bv_agreed"] += answer == expected
    figures["_"] = {"files": len(files), "bit_vector_only": bit_vector_only}
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="verify --quick (smaller domains)")
    parser.add_argument("--runs", type=int, default=1, help="runs of each configuration")
    parser.add_argument("--out", default=str(ROOT / "bench" / "SECOND_SOLVER.md"))
    parser.add_argument(
        "targets",
        nargs="*",
        help="proofs files to verify (default: the whole library); the Z3-heavy files "
        "alone bound the ratio from above, since the rest adds time and no query",
    )
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "smt"
        best: dict[str, tuple[float, float]] = {}
        counts = None
        for run in range(args.runs):
            for label, extra in (("none", ["--second-solver", "none"]), ("cvc5", [])):
                load = os.getloadavg()[0]
                smt = folder if (label == "cvc5" and run == 0) else None
                wall, cpu, data = timed_verify(extra, args.quick, smt, args.targets)
                rows.append((label, run + 1, wall, cpu, load, data["as_expected"], data["total"]))
                if label == "cvc5":
                    counts = data["solvers"]
                old = best.get(label, (float("inf"), float("inf")))
                best[label] = (min(old[0], wall), min(old[1], cpu))
                print(f"{label}: {wall:.1f} s wall, {cpu:.1f} s CPU (load {load:.1f})", flush=True)
        solvers = solvers_on(folder, 10_000)
    lines = [
        "# The second solver: what it costs, and why cvc5",
        "",
        f"Measured by `bench/bench_second_solver.py{' --quick' if args.quick else ''}"
        f"{''.join(' ' + t for t in args.targets)}"
        f"{f' --runs {args.runs}' if args.runs != 1 else ''}` on "
        f"{time.strftime('%Y-%m-%d')}, {os.cpu_count()} cores shared with other work "
        "(the load average at the start of each run is shown).",
        "",
        f"## `grundy verify {' '.join(args.targets) + ' ' if args.targets else ''}--jobs 2"
        f"{' --quick' if args.quick else ''}`" + ("" if args.targets else ", the whole library"),
        "",
        "| second solver | run | wall (s) | CPU, process tree (s) | load | as expected |",
        "|---|---|---|---|---|---|",
    ]
    for label, run, wall, cpu, load, good, total in rows:
        lines.append(f"| {label} | {run} | {wall:.1f} | {cpu:.1f} | {load:.1f} | {good}/{total} |")
    ratio_wall = best["cvc5"][0] / best["none"][0]
    ratio_cpu = best["cvc5"][1] / best["none"][1]
    lines += [
        "",
        f"Best of each: cvc5 on / off = **{ratio_wall:.2f}x** wall, **{ratio_cpu:.2f}x** CPU "
        "(target: within 1.5x).",
        "",
        f"With cvc5: {json.dumps(counts)}.",
        "",
        "## Each solver on the exported queries",
        "",
        f"{solvers['_']['files']} queries (SMT-LIB files of the run above), "
        f"{solvers['_']['bit_vector_only']} of them bit-vectors only; each solver given 10 s "
        "a query (wall time: on a loaded machine a query it cannot answer costs all of it).",
        "",
        "| solver | as expected | seconds | bit-vector queries as expected | their seconds |",
        "|---|---|---|---|---|",
    ]
    for name, fig in solvers.items():
        if name == "_":
            continue
        lines.append(
            f"| {name} | {fig['agreed']} | {fig['seconds']:.1f} | {fig['bv_agreed']} | "
            f"{fig['bv_seconds']:.1f} |"
        )
    lines += ["", NOTES.strip()]
    Path(args.out).write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
