"""How long Z3 takes on Bouton's conditions for k heaps of 64-bit sizes, old encodings
against the fast one (issue 8 target: all three conditions for 16 heaps in under 10 s).

Old: condition (2) as a disjunction over the heaps, or with the top-bit witness, with the
nim-sum written out as an XOR of the heaps; condition (3) as one query with a symbolic
move (heap index and new size).  New (:func:`grundy.theory.bouton.prove_bouton`):
(2) with the nim-sum named by a variable s and the premise s ⊕ h1 ⊕ ... ⊕ hk = 0, and
(3) as one query per heap.  Every figure is a single run of Z3 (seed 0) in this process.

Run: .venv/bin/python bench/bench_z3.py [--heaps 8,12,16] [--timeout-ms 120000]
Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from grundy.theory import bouton
from grundy.verdict import Status, Verdict


def timed(run: Callable[[], Verdict]) -> tuple[Verdict, float]:
    start = time.perf_counter()
    verdict = run()
    return verdict, time.perf_counter() - start


def cell(verdict: Verdict, seconds: float) -> str:
    if verdict.status is Status.PROVED:
        return f"{seconds:.2f}"
    return f"{verdict.status.value} after {seconds:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--heaps", default="8,12,16", help="heap counts, comma separated")
    parser.add_argument("--width", type=int, default=64)
    parser.add_argument("--timeout-ms", type=int, default=120_000)
    args = parser.parse_args()
    width, timeout = args.width, args.timeout_ms
    print(f"Bouton's conditions, heaps of {width} bits, Z3 seconds (timeout {timeout} ms)\n")
    print("| heaps | condition | old encoding | old s | new encoding | new s | speed-up |")
    print("|---:|---|---|---:|---|---:|---:|")
    for heaps in (int(h) for h in args.heaps.split(",")):
        for condition, old_name, old, t_old, new_name, new, t_new in compare(heaps, width, timeout):
            ratio = f"{t_old / t_new:.0f}x" if t_new > 0 else "-"
            print(
                f"| {heaps} | {condition} | {old_name} | {cell(old, t_old)} | {new_name} | "
                f"{cell(new, t_new)} | {ratio} |",
                flush=True,
            )


def compare(heaps: int, width: int, timeout: int) -> list[tuple]:
    """Rows (condition, old encoding, verdict, seconds, new encoding, verdict, seconds)."""

    def prove(encoding: bouton.Encoding) -> Verdict:
        return encoding.prove(timeout_ms=timeout)

    terminal, t_terminal = timed(lambda: prove(bouton.bouton_terminal(heaps, width)))
    disjunction, t_disjunction = timed(
        lambda: prove(bouton.bouton_move_to_zero(heaps, width, "disjunction"))
    )
    top_bit, t_top_bit = timed(lambda: prove(bouton.bouton_move_to_zero(heaps, width, "top-bit")))
    symbolic, t_symbolic = timed(lambda: prove(bouton.bouton_moves_from_zero(heaps, width)))
    named, t_named = timed(lambda: prove(bouton.bouton_move_to_zero(heaps, width, "named-sum")))
    named_top, t_named_top = timed(
        lambda: prove(bouton.bouton_move_to_zero(heaps, width, "named-top-bit"))
    )
    per_heap = [
        timed(lambda i=i: prove(bouton.bouton_moves_from_zero_at(heaps, width, i)))
        for i in range(heaps)
    ]
    per_heap_verdict = next(
        (v for v, _ in per_heap if v.status is not Status.PROVED), per_heap[0][0]
    )
    t_per_heap = sum(seconds for _, seconds in per_heap)
    whole, t_whole = timed(lambda: bouton.prove_bouton(heaps, width, timeout_ms=timeout))
    old_statuses = (terminal, disjunction, symbolic)
    old_whole = next((v for v in old_statuses if v.status is not Status.PROVED), terminal)
    t_old_whole = t_terminal + t_disjunction + t_symbolic
    rows = [
        ("(2) move to zero", "disjunction", disjunction, t_disjunction, "named-sum", named,
         t_named),
        ("(2) move to zero", "top-bit witness", top_bit, t_top_bit, "named-top-bit",
         named_top, t_named_top),
        ("(3) zero moves to nonzero", "one symbolic move", symbolic, t_symbolic,
         f"{heaps} per-heap queries", per_heap_verdict, t_per_heap),
        ("(1)+(2)+(3)", "terminal + disjunction + symbolic move", old_whole, t_old_whole,
         f"prove_bouton ({heaps + 2} queries)", whole, t_whole),
    ]  # fmt: skip
    return rows


if __name__ == "__main__":
    main()
