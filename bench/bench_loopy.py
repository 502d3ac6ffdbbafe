"""Time ``grundy table digraph`` and ``grundy solve digraph`` on random graphs of growing
size (3 edges per vertex), before and after the loopy solver was made linear, and write
bench/LOOPY.md.

    .venv/bin/python bench/bench_loopy.py                        # both, writes bench/LOOPY.md
    .venv/bin/python bench/bench_loopy.py --old-src /work/main/src   # the code before
    .venv/bin/python bench/bench_loopy.py --no-old --sizes 25000 50000 100000

Each command runs in its own process (``python -m grundy``), as a user runs it; the
figures are the child's CPU time (user + system, from ``getrusage``), which a busy machine
disturbs less than the wall clock (shown too).  The start-up of ``python -m grundy`` on a
one-edge graph is measured alike and subtracted for the growth exponent: the slope of
log(time) against log(vertices) between neighbouring sizes (1 is linear, 2 quadratic).

The code before the change could read at most 10,000 edges, typed on the command line
(``--edges``); the code after reads the same graphs from a file (``--edges-file``), and
the larger ones too.  Both runs use the same graphs (a fixed seed), and the script checks
that the two tables are the same, line for line after the header.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
NEW_SRC = HERE.parent / "src"
SECONDS = "600"  # each run's time budget: the code before may need minutes on a busy machine
NOISE = 0.25  # CPU seconds above start-up below which a growth exponent means nothing
SMALL = (400, 800, 1250)  # the sizes the issue measured on the code before
LARGE = (25_000, 50_000, 100_000)


def calibration() -> float:
    """CPU seconds of a fixed pure-Python loop (10 million additions), best of three: a
    scale for the figures, which a busy machine (two cores shared) stretches."""
    best = math.inf
    for _ in range(3):
        start = time.process_time()
        total = 0
        for i in range(10_000_000):
            total += i
        best = min(best, time.process_time() - start)
    return best


def graph_text(vertices: int, seed: int = 1) -> str:
    rng = random.Random(seed)
    return ",".join(
        f"{rng.randrange(vertices)}>{rng.randrange(vertices)}" for _ in range(3 * vertices)
    )


def run(src: Path, words: list[str]) -> tuple[float, float, str]:
    """(CPU seconds, wall seconds, standard output) of ``python -m grundy WORDS``."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "grundy", *words], env=env, capture_output=True, text=True
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode:  # a run past its time budget: its times are a lower bound
        sys.stderr.write(f"{' '.join(words[:2])} failed: {done.stderr.strip()}\n")
        return cpu, wall, ""
    return cpu, wall, done.stdout


def graph_words(src: Path, text: str, folder: Path, vertices: int, typed: bool) -> list[str]:
    if typed:
        return ["--edges", text]
    path = folder / f"g{vertices}.txt"
    path.write_text(text)
    return ["--edges-file", str(path)]


def measure(
    src: Path, sizes: tuple[int, ...], typed: bool, folder: Path
) -> list[dict[str, float | str]]:
    startup, _, _ = run(src, ["solve", "digraph", "--edges", "0>1", "0"])
    rows: list[dict[str, float | str]] = []
    for vertices in sizes:
        text = graph_text(vertices)
        edges = graph_words(src, text, folder, vertices, typed)
        table_cpu, table_wall, table = run(
            src, ["table", "digraph", *edges, "--max", str(vertices - 1), "--seconds", SECONDS]
        )
        solve_cpu, solve_wall, _ = run(src, ["solve", "digraph", *edges, "0"])
        rows.append(
            {
                "vertices": vertices,
                "table_cpu": table_cpu,
                "table_wall": table_wall,
                "solve_cpu": solve_cpu,
                "solve_wall": solve_wall,
                "startup": startup,
                "table": "\n".join(table.splitlines()[1:]),
                "finished": "yes" if table else "no",
            }
        )
        sys.stderr.write(
            f"{src}: {vertices:,} vertices: table {table_cpu:.2f} s, solve {solve_cpu:.2f} s\n"
        )
    return rows


def slope(rows: list[dict[str, float | str]], key: str, at: int) -> str:
    if at == 0:
        return ""
    a, b = rows[at - 1], rows[at]
    ta = float(a[key]) - float(a["startup"])
    tb = float(b[key]) - float(b["startup"])
    if min(ta, tb) < NOISE:  # start-up and the machine's noise, not the work: no slope
        return "-"
    return f"{math.log(tb / ta) / math.log(float(b['vertices']) / float(a['vertices'])):.2f}"


def table_lines(title: str, rows: list[dict[str, float | str]]) -> list[str]:
    lines = [
        f"### {title}",
        "",
        f"Start-up of `python -m grundy` (one edge): {float(rows[0]['startup']):.2f} s CPU.",
        "",
        "| vertices | edges | table CPU (s) | table wall (s) | growth "
        "| solve CPU (s) | solve wall (s) | growth |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for at, row in enumerate(rows):
        vertices = int(row["vertices"])
        stopped = "" if row["finished"] == "yes" else " (stopped at the budget)"
        lines.append(
            f"| {vertices:,} | {3 * vertices:,} | {float(row['table_cpu']):.2f}{stopped} | "
            f"{float(row['table_wall']):.2f} | {slope(rows, 'table_cpu', at)} | "
            f"{float(row['solve_cpu']):.2f} | {float(row['solve_wall']):.2f} | "
            f"{slope(rows, 'solve_cpu', at)} |"
        )
    return [*lines, ""]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old-src", type=Path, default=Path("/work/main/src"))
    parser.add_argument("--no-old", action="store_true", help="skip the code before")
    parser.add_argument("--sizes", type=int, nargs=3, default=LARGE, help="the large sizes")
    parser.add_argument("--out", type=Path, default=HERE / "LOOPY.md")
    args = parser.parse_args(argv)
    load = os.getloadavg()[0]
    scale = calibration()
    with tempfile.TemporaryDirectory() as folder:
        new_small = measure(NEW_SRC, SMALL, False, Path(folder))
        new_large = measure(NEW_SRC, tuple(args.sizes), False, Path(folder))
        old_small = None if args.no_old else measure(args.old_src, SMALL, True, Path(folder))
    if old_small is not None:
        for old, new in zip(old_small, new_small, strict=True):
            if old["table"] and old["table"] != new["table"]:
                raise SystemExit(f"the tables of {old['vertices']} vertices differ")
    lines = [
        "# Loopy games at size: `grundy table digraph` and `grundy solve digraph`",
        "",
        "Random graphs with 3 edges per vertex (seed 1); `table` values every vertex "
        "(`--max n-1`), `solve` one vertex with its winning or drawing moves. Written by "
        f"`bench/bench_loopy.py` ({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
        f"{os.cpu_count()} cores, load average {load:.1f} at the start). Growth: the slope "
        "of log(CPU time minus start-up) against log(vertices) from the row above "
        "(1 is linear; `-` where a run took less than "
        f"{NOISE} s beyond start-up). There is no C reference for the loopy labelling in bench/c.",
        "",
        f"Calibration: 10 million additions in a Python loop took {scale:.2f} s of CPU "
        "at the start of this run (on a quiet machine of today, about 0.3-0.5 s); the "
        "machine's load stretches every figure below alike.",
        "",
    ]
    if old_small is not None:
        lines += table_lines("Before (the edges typed with `--edges`, at most 10,000)", old_small)
        lines += [
            "Issue 38 measured these three tables on the code before at 1.5 s, 9.9 s and "
            "40 s (wall, on its own machine): set beside the rows above, they show how "
            "much this run's machine stretched the figures.",
            "",
        ]
        lines += [
            "The tables before and after were compared line by line (every run that "
            "finished): the same values.",
            "",
        ]
    lines += table_lines("After, the same graphs (`--edges-file`)", new_small)
    lines += table_lines("After, larger graphs (`--edges-file`)", new_large)
    args.out.write_text("\n".join(lines))
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
