"""What the second solver costs, and why cvc5 (issue 39).

1. ``grundy verify --jobs 2`` on the whole library, with the second solver (cvc5, the
   default) and without it (``--second-solver none``), run in turns; the wall time and the
   CPU time of the whole process tree (user + sys of the command and every worker and
   claim child it waited for).  Target: with cvc5 within 1.5x of without.
2. The queries that run exported (``--smt``), each given to Z3, cvc5 and Bitwuzla (when
   the ``bitwuzla`` package is installed; it is not a dependency): how many each answers
   as expected, and in what total time; for cvc5, under the limits the library gives it
   (its resource units, ``grundy.verify.second_solver.resource_limit``), the units each
   query took and what a unit costs in CPU time: the calibration of that limit.

Run: ``.venv/bin/python bench/bench_second_solver.py [--quick] [--runs N]``; it writes
bench/SECOND_SOLVER.md (``--out`` to write elsewhere).  On a shared machine the wall time
waits for a core: the load average is printed beside the figures, and the CPU times are
the steadier measure.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from grundy.smt_record import expected_of  # noqa: E402
from grundy.verify.second_solver import (  # noqa: E402
    HARD_RESOURCES,
    RESOURCES,
    solve_smt2,
)

NOTES = """
## Reading the figures

- **Why cvc5.** Bitwuzla reads only bit-vector queries: it refuses every query over
  integers or reals (P-set induction, the inductions on the bits and on the birthday with
  their uninterpreted nim-sums, Lucky Nim, the beer cans), so it could re-prove about a
  quarter of the library's queries. It is the fastest on the bit-vector ones, but "support
  one well" means the one that covers them all: cvc5 reads every query and proves every
  bit-vector one, with quantifiers once it may saturate (`full-saturate-quant`).
- **What cvc5 cannot do, and the encodings it can.** Two shapes of query end
  unanswered for cvc5 however long it works, and no option of cvc5 1.4 tried changed
  that (`arith-brab`, `cut-all-bounded`, `dio-solver`, `ite-simp`, `miplib-trick`,
  `learned-rewrite`, `nl-ext-tplanes`, the logic `QF_LIA`): a division or remainder of a
  quotient or remainder (`(mod (div (- k 1) 3) 2)`), and a division by a term that is
  not a number (`(div k (+ m n))`, non-linear). Lucky Nim's steps for fixed m and n now
  say "Ω(k) = 1" with one remainder, `(k - 1) mod 2B < B`, the same condition (a test
  has Z3 prove it), which cvc5 decides at once; those for unknown m and n, and
  take-away's G(n) = n mod (k + 1), take the heap with its coordinates (k = p·M + r)
  and read what a move leaves off them, linear in the unknowns, which both solvers
  decide in a few thousand units (tests have Z3 prove the reading equal to the
  division). Bouton's step that names the heap
  holding the top bit of the nim-sum builds that bit by smearing (log2 w layers of
  shifts) instead of a chain of w if-then-elses: cvc5 decided the chain for 16 heaps of
  64 bits only after 5 s of work, the smeared form after 0.7 to 1.3 s. And cvc5's aggressive
  extended rewriter before solving (`ext-rew-prep=agg`) cancels the XORs of the
  named-sum steps, about three times fewer units on 16 heaps; rewriting arithmetic
  equalities (`arith-rewrite-equalities`) substitutes the width inductions' unfolded
  definitions of ⊕, which decides the mex lemma's step 10 (39,000 units; unanswered at
  500,000 without it).
- **The limit: work, not time.** cvc5 is given a number of its resource units on a
  query (`rlimit-per`; `grundy.verify.second_solver.resource_limit`): 500,000, and
  60,000 on a query of one of the two shapes, read from the query's own terms
  (`grundy.verify.smt_shape.second_solver_hard`). The units a query takes depend only
  on its text, cvc5's options and version, so the same query gets the same answer on a
  loaded machine; the wall-time backstop (2 minutes, or the claim's time left) is a
  safety net, and a try it ends is named in the record. A proof whose query was left
  unanswered rests on Z3 alone and says so (`first_solver_alone` above;
  `solvers: ["z3"]` in its JSON); `--second-solver none` skips cvc5.
"""


def timed_verify(
    extra: list[str], quick: bool, smt: Path | None, targets: list[str]
) -> tuple[float, float, dict]:
    """Wall seconds, CPU seconds of the process tree, and the JSON of one verify run.

    The CPU is what ``wait4`` reports for this one child: its own and that of the
    workers it reaped.  (``RUSAGE_CHILDREN`` would also count any other run this process
    reaped meanwhile: two runs timed side by side counted each other.)"""
    words = [sys.executable, "-m", "grundy", "verify", *targets, "--jobs", "2", "--json", *extra]
    if quick:
        words.append("--quick")
    if smt is not None:
        words += ["--smt", str(smt)]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        start = time.perf_counter()
        process = subprocess.Popen(words, stdout=out, stderr=err, text=True, env=env, cwd=ROOT)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
    cpu = usage.ru_utime + usage.ru_stime
    if process.returncode not in (0, 1):
        raise SystemExit(f"verify failed ({process.returncode}): {stderr[-2000:]}")
    return wall, cpu, json.loads(stdout)


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
    spent: list[tuple[int, float, bool]] = []  # cvc5's units, CPU seconds, as expected

    def cvc5_answer(text: str, ms: int) -> str:
        start = time.process_time()
        found = solve_smt2("cvc5", text, ms)  # the library's resource limit for the text
        spent.append((found.units, time.process_time() - start, found.answer == expected_of(text)))
        return found.answer

    runners = {"z3": z3_answer, "cvc5": cvc5_answer}
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
    answered = [(units, seconds) for units, seconds, good in spent if good]
    rates = sorted(units / seconds for units, seconds in answered if seconds >= 0.1)
    figures["_units"] = {
        "most_answered": max((units for units, _ in answered), default=0),
        "total": sum(units for units, _, _ in spent),
        "per_second_low": rates[0] if rates else 0.0,
        "per_second_median": rates[len(rates) // 2] if rates else 0.0,
        "per_second_high": rates[-1] if rates else 0.0,
    }
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
        f"{solvers['_']['bit_vector_only']} of them bit-vectors only; Z3 and Bitwuzla given "
        "10 s a query (wall time), cvc5 its resource limit, with 10 s as the backstop.",
        "",
        "| solver | as expected | seconds | bit-vector queries as expected | their seconds |",
        "|---|---|---|---|---|",
    ]
    for name, fig in solvers.items():
        if name.startswith("_"):
            continue
        lines.append(
            f"| {name} | {fig['agreed']} | {fig['seconds']:.1f} | {fig['bv_agreed']} | "
            f"{fig['bv_seconds']:.1f} |"
        )
    units = solvers["_units"]
    lines += [
        "",
        f"cvc5's resource units (limit {RESOURCES:,} a query, {HARD_RESOURCES:,} on the "
        f"shapes it is known not to decide): {units['total']:,} in all; the most a query it "
        f"answered took: {units['most_answered']:,}; units per CPU second on the queries "
        f"answered in 0.1 s or more: {units['per_second_low']:,.0f} to "
        f"{units['per_second_high']:,.0f}, median {units['per_second_median']:,.0f}.",
        "",
        NOTES.strip(),
    ]
    Path(args.out).write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
