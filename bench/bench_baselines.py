"""grundy's compiled kernels against C programs built from bench/c/, the same methods.

The C programs (bench/c/heapseq.c: the rare/common method with the same mask rule and
2-byte values; bench/c/chomp.c: one pass over the rank array) are compiled with
``cc -O2`` into bench/c/build/ (ignored by git) each run; users of grundy need no
compiler (numba comes as wheels).  Every C result is compared with grundy's: the whole
value array, and the winning bites of the Chomp boards.  A disagreement prints
``MISMATCH`` and makes the script exit with code 1.  Without a C compiler the rows say
so and grundy is still timed.

The machine is shared, so each measurement is repeated with grundy's and C's runs
interleaved, the minimum is kept, and the load average is printed beside it; CPU time
(user + system) is steadier than wall time under load and gives the ratios.  Usage::

    .venv/bin/python bench/bench_baselines.py           # the targets (a few minutes)
    .venv/bin/python bench/bench_baselines.py --quick   # small sizes only
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
SOURCES = HERE / "c"
BUILD = SOURCES / "build"


class Mismatch(Exception):
    """A C baseline disagrees with a Python engine."""


def compile_baselines() -> dict[str, Path] | str:
    """The compiled programs by name, or why there are none."""
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        return "no C compiler found (cc, gcc, clang)"
    BUILD.mkdir(exist_ok=True)
    programs = {}
    for source in sorted(SOURCES.glob("*.c")):
        target = BUILD / source.stem
        done = subprocess.run(
            [compiler, "-O2", "-o", str(target), str(source)],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode:
            return f"{source.name} did not compile: {done.stderr.strip()[:200]}"
        programs[source.stem] = target
    return programs


def measured(command: list[str]) -> tuple[str, float, float]:
    """Run a program; its output, its peak memory in MiB and its CPU seconds (user +
    system).  It runs under a fresh Python process so that the children's peak
    resident set and CPU time are this program's alone."""
    probe = (
        "import json, resource, subprocess, sys\n"
        "out = subprocess.run(sys.argv[1:], capture_output=True, text=True, check=True).stdout\n"
        "usage = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
        "print(json.dumps({'out': out, 'peak': usage.ru_maxrss / 1024,"
        " 'cpu': usage.ru_utime + usage.ru_stime}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, *command], capture_output=True, text=True, check=True
    )
    result = json.loads(done.stdout)
    return str(result["out"]), float(result["peak"]), float(result["cpu"])


def run_program(command: list[str]) -> tuple[dict[str, str], float, float]:
    """Run a C program: its ``key=value`` output line, peak MiB and CPU seconds."""
    out, peak, cpu = measured(command)
    first_line = out.splitlines()[0]
    fields = dict(word.split("=", 1) for word in first_line.split(" ") if "=" in word)
    return fields, peak, cpu


def load() -> str:
    """The 1-minute load average now (the machine is shared)."""
    return f"{os.getloadavg()[0]:.1f}"


def _takes(numbers: frozenset[int]) -> str:
    return ",".join(str(k) for k in sorted(numbers)) or "-"


# (label, game name or octal code, N, with the period search)
SEQUENCE_WORK = (
    ("octal 0.16", "0.16", 520_000, True),
    ("octal 0.56", "0.56", 660_000, True),
    ("octal 0.376", "0.376", 4_540_000, True),
    ("octal 0.354", "0.354", 20_130_000, False),
    ("Grundy's game", "grundys-game", 1 << 20, False),
    ("Grundy's game", "grundys-game", 1 << 21, False),
    ("Kayles", "kayles", 1_000_000, True),
)
QUICK_SEQUENCE_WORK = (
    ("octal 0.16", "0.16", 60_000, True),
    ("Grundy's game", "grundys-game", 1 << 15, False),
)


def _game(name: str) -> Any:
    from grundy.games import create_game
    from grundy.games.octal import OctalGame

    return OctalGame(name) if name[0].isdigit() else create_game(name)


def heap_sequence_rows(programs: dict[str, Path] | str, quick: bool) -> list[str]:
    """The compiled kernel against heapseq.c, interleaved, min of several runs each."""
    from grundy.certify.periodicity import period_report
    from grundy.solve.fast_sequences import kernel_sequence
    from grundy.solve.heap_sequences import rules_of

    rows = [
        "| work | grundy (kernel) wall s | CPU s | C (cc -O2) wall s | CPU s | ratio (CPU) "
        "| load | note |",
        "|---|---:|---:|---:|---:|---:|---:|---|",
    ]
    kernel_sequence(rules_of(_game("0.16")), 6000)  # compiled (or loaded from the cache)
    for label, name, upto, with_period in QUICK_SEQUENCE_WORK if quick else SEQUENCE_WORK:
        game = _game(name)
        rules = rules_of(game)
        arguments = [
            _takes(rules.take_all),
            _takes(rules.leave_one),
            _takes(rules.split_two),
            "1" if rules.unequal_only else "0",
        ]
        repeats = 2 if upto > 2_000_000 else 3
        ours: list[tuple[float, float]] = []
        theirs: list[tuple[float, float]] = []
        note, loads = "", []
        for attempt in range(repeats):
            loads.append(load())
            wall, cpu = time.perf_counter(), time.process_time()
            run = kernel_sequence(rules, upto)
            report = period_report(game, run.values) if with_period else None
            ours.append((time.perf_counter() - wall, time.process_time() - cpu))
            if isinstance(programs, str):
                continue
            output = BUILD / "sequence.bin"
            fields, _, _ = run_program(
                [str(programs["heapseq"]), "sparse", str(upto), *arguments, str(output)]
            )
            theirs.append((float(fields["seconds"]), float(fields["cpu"])))
            if attempt == 0:
                if not np.array_equal(np.fromfile(output, dtype=np.int32), run.values):
                    raise Mismatch(f"{label} to {upto}: C values differ from the kernel's")
                output.unlink()
                mask = f"mask {run.classes.mask:#x}" + (
                    " ^ heap parity" if run.classes.domain else ""
                )
                note = f"values identical; max {int(run.values.max())}; {mask}"
                if run.period_shortcut:
                    note += f"; tail filled from the proved period {run.period_shortcut}"
                if report is not None:
                    certified = "certified" if report.certified else "not certified"
                    note += f"; period {report.period} from {report.preperiod}, {certified}"
        wall, cpu = min(w for w, _ in ours), min(c for _, c in ours)
        if theirs:
            c_wall, c_cpu = min(w for w, _ in theirs), min(c for _, c in theirs)
            c_cells = f"{c_wall:.2f} | {c_cpu:.2f} | {cpu / c_cpu:.2f}x"
        else:
            c_cells, note = f"- | - | - ({programs})", note
        period = " with the period search" if with_period else ""
        rows.append(
            f"| {label}, G(0..{upto:,}){period} | {wall:.2f} | {cpu:.2f} | {c_cells} "
            f"| {'-'.join(sorted(set(loads)))} | {note} |"
        )
    return rows


def cli_rows() -> list[str]:
    """The target command: octal 0.354 to 20,130,000 with the period search, end to end."""
    grundy = Path(sys.executable).with_name("grundy")
    words = ["sequence", "octal", "--code", "0.354", "--upto", "20130000", "--period"]
    start, before = time.perf_counter(), load()
    out, peak, cpu = measured([str(grundy), *words, "--summary"])
    wall = time.perf_counter() - start
    said = [line for line in out.splitlines() if line.startswith(("Period", "Certified"))]
    says = "; ".join(line.split(" (")[0] for line in said) or "?"
    return [
        "| command | wall s | CPU s | peak MiB | load | says |",
        "|---|---:|---:|---:|---:|---|",
        f"| `grundy {' '.join(words)} --summary` | {wall:.1f} | {cpu:.1f} | {peak:.0f} "
        f"| {before} | {says} |",
    ]


def compile_rows() -> list[str]:
    """First-call time with an empty compile cache, then with the cache filled, and the
    start-up of a command that needs no kernel."""
    import tempfile

    script = (
        "import time; t, c = time.perf_counter(), time.process_time()\n"
        "from grundy.solve.fast_sequences import kernel_sequence\n"
        "from grundy.solve.heap_sequences import HeapRules\n"
        "from grundy.solve.chomp_engine import solve_box_kernel\n"
        "kernel_sequence(HeapRules(split_two=frozenset({0}), unequal_only=True), 100)\n"
        "middle, cpu = time.perf_counter(), time.process_time()\n"
        "solve_box_kernel(3, 3)\n"
        "print(middle - t, cpu - c, time.perf_counter() - middle, time.process_time() - cpu)\n"
    )
    rows = ["| what | wall s | CPU s | load |", "|---|---:|---:|---:|"]
    with tempfile.TemporaryDirectory() as cache:
        environment = {**os.environ, "NUMBA_CACHE_DIR": cache}
        for when in ("empty cache (compiles)", "cache filled (loads)"):
            done = subprocess.run(
                [sys.executable, "-c", script], capture_output=True, text=True,
                env=environment, check=True,
            )  # fmt: skip
            sequence, sequence_cpu, chomp, chomp_cpu = (float(w) for w in done.stdout.split())
            rows.append(
                f"| sequence kernels (with numba's import), first call, {when} | {sequence:.2f} "
                f"| {sequence_cpu:.2f} | {load()} |"
            )
            rows.append(
                f"| Chomp kernel, first call, {when} | {chomp:.2f} | {chomp_cpu:.2f} | {load()} |"
            )
    grundy = Path(sys.executable).with_name("grundy")
    cpu = []
    for _ in range(5):
        _, _, seconds = run_program([str(grundy), "solve", "nim", "3", "4", "5"])
        cpu.append(seconds)
    rows.append(
        f"| `grundy solve nim 3 4 5`, whole process, min of 5 (numba is not imported) | - "
        f"| {min(cpu):.2f} | {load()} |"
    )
    return rows


def winning_bites(box: Any, rows: tuple[int, ...]) -> str:
    """The bites of diagram ``rows`` to a P-position, as ``row,col`` sorted (C's format)."""
    bites = []
    for column in range(rows[0]):
        for row in range(len(rows)):
            if (row, column) == (0, 0) or rows[row] <= column:
                continue
            child = tuple(
                length if i < row else min(length, column) for i, length in enumerate(rows)
            )
            if box.grundy_value(tuple(length for length in child if length)) == 0:
                bites.append((row, column))
    return " ".join(f"{r},{c}" for r, c in sorted(bites)) or "none"


def shown_bites(text: str) -> str:
    """Bites as the rest of grundy writes them: (row,column) counted from 1, the poisoned
    square being (1,1); the C program and the comparisons count from 0."""
    if text == "none":
        return text
    pairs = (tuple(int(x) + 1 for x in bite.split(",")) for bite in text.split())
    return " ".join(f"({r},{c})" for r, c in pairs)


def _sorted_bites(text: str) -> str:
    if text == "none":
        return text
    pairs = sorted(tuple(int(x) for x in bite.split(",")) for bite in text.split())
    return " ".join(f"{r},{c}" for r, c in pairs)


def own_peak_mib() -> float:
    """This process's peak resident memory (VmHWM), in MiB.  Unlike ``ru_maxrss``, which
    a process started by a large parent may inherit, it starts afresh at ``exec``."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def chomp_child(side: int, output: str, rectangles: bool) -> None:
    """In a fresh process: solve the box with grundy's engine and save its values;
    print the time, the peak memory and the winning bites (of every rectangle)."""
    from grundy.solve.chomp_engine import solve_box_kernel

    solve_box_kernel(2, 2)  # the kernel compiled (or loaded from the cache) before timing
    start, cpu = time.perf_counter(), time.process_time()
    box = solve_box_kernel(side, side)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    peak = own_peak_mib()  # before the comparisons below allocate their own arrays
    if output != "-":
        np.save(output, box.codes >> 1)
    boards = {
        f"{height}x{width}": [
            box.grundy_value((width,) * height),
            winning_bites(box, (width,) * height),
        ]
        for height in range(1, side + 1)
        for width in range(1, side + 1)
        if rectangles or (height, width) == (side, side)
    }
    print(json.dumps({"seconds": seconds, "cpu": cpu, "peak": peak, "boards": boards}))


def python_box(side: int, output: str, rectangles: bool = False) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, __file__, "--chomp-child", str(side), output, str(int(rectangles))],
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def chomp_rows(programs: dict[str, Path] | str, quick: bool) -> list[str]:
    """The compiled box kernel against chomp.c, each run in its own process, interleaved;
    min of two runs each (the peak memory includes Python, numpy and numba)."""
    rows = [
        "| board | diagrams | grundy wall s | CPU s | peak MiB | C wall s | CPU s | peak MiB "
        "| ratio (CPU) | load | G | winning bites (row,column) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    BUILD.mkdir(exist_ok=True)
    for side in (6, 8) if quick else (10, 12, 13, 14):
        output = BUILD / f"chomp{side}.npy"
        ours: list[dict[str, Any]] = []
        theirs: list[tuple[float, float, float]] = []
        loads = []
        for attempt in range(2):
            loads.append(load())
            ours.append(python_box(side, str(output) if attempt == 0 else "-"))
            if isinstance(programs, str):
                continue
            binary = BUILD / f"chomp{side}.bin"
            fields, peak, _ = run_program(
                [str(programs["chomp"]), str(side), str(side), str(binary) if not attempt else "-"]
            )
            theirs.append((float(fields["seconds"]), float(fields["cpu"]), peak))
            if attempt == 0:
                values = np.load(output)
                c_values = np.fromfile(binary, dtype=np.uint16)
                if not np.array_equal(c_values.astype(np.int64), values.astype(np.int64)):
                    raise Mismatch(f"chomp {side}x{side}: C values differ from the kernel's")
                grundy, bites = ours[0]["boards"][f"{side}x{side}"]
                if _sorted_bites(fields["bites"]) != bites:
                    raise Mismatch(
                        f"chomp {side}x{side}: winning bites {fields['bites']} != {bites}"
                    )
                binary.unlink()
                output.unlink()
        wall = min(float(run["seconds"]) for run in ours)
        cpu = min(float(run["cpu"]) for run in ours)
        peak = max(float(run["peak"]) for run in ours)
        grundy, bites = ours[0]["boards"][f"{side}x{side}"]
        if theirs:
            c_wall, c_cpu = min(t[0] for t in theirs), min(t[1] for t in theirs)
            c_cells = (
                f"{c_wall:.2f} | {c_cpu:.2f} | {max(t[2] for t in theirs):.0f} | {cpu / c_cpu:.2f}x"
            )
        else:
            c_cells = f"- | - | - | - ({programs})"
        rows.append(
            f"| {side}x{side} | {math.comb(2 * side, side):,} | {wall:.2f} | {cpu:.2f} "
            f"| {peak:.0f} | {c_cells} | {'-'.join(sorted(set(loads)))} | {grundy} "
            f"| {shown_bites(bites)} |"
        )
    return rows


def rectangles_rows(programs: dict[str, Path] | str, quick: bool) -> list[str]:
    """Stretch: every a x b board with a, b <= 14, by the Python engine (one 14 x 14
    box) and by the C solver, values and winning bites compared board by board."""
    side = 8 if quick else 14
    python = python_box(side, "-", rectangles=True)
    boards: dict[str, list[Any]] = python["boards"]
    lines = [
        f"Every a x b Chomp board with a, b <= {side} ({len(boards)} boards, one box of "
        f"{math.comb(2 * side, side):,} diagrams): Python {float(python['seconds']):.1f} s, "
        f"peak {float(python['peak']):.0f} MiB"
    ]
    if isinstance(programs, str):
        lines[0] += f"; C not run ({programs})."
    else:
        done = subprocess.run(
            [str(programs["chomp"]), str(side), str(side), "-", "1"],
            capture_output=True,
            text=True,
            check=True,
        )
        output = done.stdout.splitlines()
        c_seconds = float(output[0].split()[0].split("=")[1])
        for line in output[1:]:
            board, grundy_field, bites_field = line.split(" ", 2)
            c_value, c_bites = int(grundy_field.split("=")[1]), bites_field.split("=")[1]
            if boards[board] != [c_value, _sorted_bites(c_bites)]:
                raise Mismatch(
                    f"chomp {board}: C says {c_value} / {c_bites}, Python {boards[board]}"
                )
        lines[0] += f"; C {c_seconds:.1f} s; values and winning bites identical on every board."
    single = sum(
        1
        for board, (_, bites) in boards.items()
        if min(int(n) for n in board.split("x")) >= 2 and " " not in str(bites)
    )
    lines.append(
        f"{single} of the {sum(1 for b in boards if min(int(n) for n in b.split('x')) >= 2)} "
        "boards with both sides at least 2 have a single winning bite."
    )
    if not quick:
        listing = HERE / "chomp_rectangles.md"
        table = [
            f"# Chomp: every a x b board with a, b <= {side}",
            "",
            "Written by bench/bench_baselines.py from the Python box engine (checked against",
            "bench/c/chomp.c).  Squares are (row, column) counted from 1, the poisoned one (1,1);",
            "a winning bite leaves a P-position.",
            "",
            "| board | G | winning bites |",
            "|---|---:|---|",
        ]
        table += [
            f"| {board} | {value} | {shown_bites(bites)} |"
            for board, (value, bites) in boards.items()
        ]
        listing.write_text("\n".join(table) + "\n", encoding="utf-8")
        lines.append(f"Listing: bench/{listing.name}.")
    return lines


def main(argv: list[str]) -> int:
    if argv[:1] == ["--chomp-child"]:
        chomp_child(int(argv[1]), argv[2], argv[3] == "1")
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes only")
    args = parser.parse_args(argv)
    programs = compile_baselines()
    try:
        print(f"C baselines compiled with cc -O2; load average at the start {load()}.\n")
        print("### Grundy sequences: the compiled kernel against C (same method)\n")
        print("\n".join(heap_sequence_rows(programs, args.quick)))
        if not args.quick:
            print("\n### The command line, end to end\n")
            print("\n".join(cli_rows()))
        print("\n### Compiling the kernels, and start-up\n")
        print("\n".join(compile_rows()))
        print("\n### Chomp boxes: the compiled kernel against C (each in its own process)\n")
        print("\n".join(chomp_rows(programs, args.quick)))
        print()
        print("\n".join(rectangles_rows(programs, args.quick)))
    except Mismatch as error:
        print(f"\nMISMATCH: {error}")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
