"""The Python engines against compiled C baselines built from bench/c/ (issue 8 targets).

The C programs (bench/c/heapseq.c, bench/c/chomp.c) are compiled with ``cc -O2`` into
bench/c/build/ (ignored by git) each run.  Every C result is compared with the Python
engine's: the whole value array, byte for byte, and the winning bites of the Chomp
boards.  A disagreement prints ``MISMATCH`` and makes the script exit with code 1.
Without a C compiler the rows say so and the Python engines are still timed.  Usage::

    .venv/bin/python bench/bench_baselines.py           # the targets (a few minutes)
    .venv/bin/python bench/bench_baselines.py --quick   # small sizes only
"""

from __future__ import annotations

import argparse
import json
import math
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


def run_program(command: list[str]) -> tuple[dict[str, str], float]:
    """Run a C program; its ``key=value`` output and its peak memory in MiB.

    It runs under a fresh Python process so that the children's peak resident set is
    this program's alone.
    """
    probe = (
        "import json, resource, subprocess, sys\n"
        "out = subprocess.run(sys.argv[1:], capture_output=True, text=True, check=True).stdout\n"
        "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024\n"
        "print(json.dumps({'out': out, 'peak': peak}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, *command], capture_output=True, text=True, check=True
    )
    result = json.loads(done.stdout)
    first_line = result["out"].splitlines()[0]
    fields = dict(word.split("=", 1) for word in first_line.split(" ") if "=" in word)
    return fields, float(result["peak"])


def _takes(numbers: frozenset[int]) -> str:
    return ",".join(str(k) for k in sorted(numbers)) or "-"


def heap_sequence_rows(programs: dict[str, Path] | str, quick: bool) -> list[str]:
    from grundy.games import create_game
    from grundy.solve.heap_sequences import rules_of, sparse_grundy_sequence

    rows = [
        "| game | N | engine | seconds | time / Python fast | note |",
        "|---|---:|---|---:|---:|---|",
    ]
    plans = (
        (
            "grundys-game",
            1 << 14 if quick else 1 << 20,
            (1 << 12, 1 << 13) if quick else (1 << 15, 1 << 16),
        ),
        ("kayles", 10**4 if quick else 10**6, (1 << 12, 1 << 13) if quick else (1 << 14, 1 << 15)),
    )
    for name, upto, naive_sizes in plans:
        rules = rules_of(create_game(name))
        start = time.perf_counter()
        values = np.array(sparse_grundy_sequence(rules, upto), dtype=np.int32)
        fast = time.perf_counter() - start
        rows.append(f"| {name} | {upto:,} | Python fast (block sparse) | {fast:.2f} | 1.0x | |")
        if name == "kayles":
            start = time.perf_counter()
            plain = sparse_grundy_sequence(rules, upto, use_periodicity=False)
            seconds = time.perf_counter() - start
            if not np.array_equal(values, plain):
                raise Mismatch(f"{name}: the period shortcut changes the values")
            rows.append(
                f"| {name} | {upto:,} | Python, no period shortcut | {seconds:.2f} "
                f"| {seconds / fast:.1f}x | every value by the mex |"
            )
        if isinstance(programs, str):
            rows.append(f"| {name} | {upto:,} | C baselines | - | - | {programs} |")
            continue
        arguments = [
            _takes(rules.take_all),
            _takes(rules.leave_one),
            _takes(rules.split_two),
            "1" if rules.unequal_only else "0",
        ]
        output = BUILD / f"{name}.bin"
        fields, _ = run_program(
            [str(programs["heapseq"]), "sparse", str(upto), *arguments, str(output)]
        )
        if not np.array_equal(np.fromfile(output, dtype=np.int32), values):
            raise Mismatch(f"{name} to {upto}: C sparse values differ from Python's")
        seconds = float(fields["seconds"])
        rows.append(
            f"| {name} | {upto:,} | C sparse (cc -O2) | {seconds:.2f} | {seconds / fast:.2f}x "
            f"| values identical; {fields['rare']} rare heaps at the end |"
        )
        measured = []
        for size in naive_sizes:
            fields, _ = run_program(
                [str(programs["heapseq"]), "naive", str(size), *arguments, str(output)]
            )
            if not np.array_equal(np.fromfile(output, dtype=np.int32), values[: size + 1]):
                raise Mismatch(f"{name} to {size}: C naive values differ from Python's")
            measured.append((size, float(fields["seconds"])))
            rows.append(
                f"| {name} | {size:,} | C naive O(N^2) (cc -O2) | {measured[-1][1]:.2f} | - "
                "| values identical (prefix) |"
            )
        size, seconds = measured[-1]
        estimate = seconds * (upto / size) ** 2
        rows.append(
            f"| {name} | {upto:,} | C naive O(N^2), extrapolated | ~{estimate:,.1f} "
            f"| {estimate / fast:,.1f}x | N^2 law from N = {size:,} (not run) |"
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


def chomp_child(side: int, output: str, rectangles: bool) -> None:
    """In a fresh process: solve the box with the Python engine and save its values;
    print the time, the peak memory and the winning bites (of every rectangle)."""
    import resource

    from grundy.solve.chomp_engine import solve_box

    start = time.perf_counter()
    box = solve_box(side, side)
    seconds = time.perf_counter() - start
    if output != "-":
        np.save(output, box.grundy)
    boards = {
        f"{height}x{width}": [
            box.grundy_value((width,) * height),
            winning_bites(box, (width,) * height),
        ]
        for height in range(1, side + 1)
        for width in range(1, side + 1)
        if rectangles or (height, width) == (side, side)
    }
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"seconds": seconds, "peak": peak, "boards": boards}))


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
    rows = [
        "| board | diagrams | engine | seconds | peak MiB | Python time / this "
        "| G | winning bites (row,column) |",
        "|---|---:|---|---:|---:|---:|---:|---|",
    ]
    BUILD.mkdir(exist_ok=True)
    for side in (6, 8) if quick else (10, 12, 13):
        output = BUILD / f"chomp{side}.npy"
        python = python_box(side, str(output))
        values = np.load(output)
        diagrams = len(values)
        grundy, bites = python["boards"][f"{side}x{side}"]
        rows.append(
            f"| {side}x{side} | {diagrams:,} | Python (numpy box engine) | {python['seconds']:.2f} "
            f"| {python['peak']:.0f} | 1.0x | {grundy} | {shown_bites(bites)} |"
        )
        if isinstance(programs, str):
            rows.append(f"| {side}x{side} | {diagrams:,} | C | - | - | - | - | {programs} |")
            continue
        binary = BUILD / f"chomp{side}.bin"
        fields, peak = run_program([str(programs["chomp"]), str(side), str(side), str(binary)])
        c_values = np.fromfile(binary, dtype=np.uint16)
        if not np.array_equal(c_values.astype(np.int64), values.astype(np.int64)):
            raise Mismatch(f"chomp {side}x{side}: C values differ from Python's")
        if _sorted_bites(fields["bites"]) != bites:
            raise Mismatch(f"chomp {side}x{side}: winning bites {fields['bites']} != {bites}")
        seconds = float(fields["seconds"])
        rows.append(
            f"| {side}x{side} | {diagrams:,} | C (rank array, cc -O2) | {seconds:.2f} | {peak:.0f} "
            f"| {float(python['seconds']) / seconds:.1f}x | {fields['grundy']} "
            f"| {shown_bites(_sorted_bites(fields['bites']))} |"
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
        print("### Grundy sequences: Python against C\n")
        print("\n".join(heap_sequence_rows(programs, args.quick)))
        print("\n### Chomp boxes: Python against C (each in its own process)\n")
        print("\n".join(chomp_rows(programs, args.quick)))
        print()
        print("\n".join(rectangles_rows(programs, args.quick)))
    except Mismatch as error:
        print(f"\nMISMATCH: {error}")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
