"""How long Z3 takes on Bouton's conditions for k heaps of 64-bit sizes, per encoding.

Run: .venv/bin/python bench/bench_z3.py [--heaps 8,16] [--timeout-ms 120000]
Prints one row per (heaps, condition, encoding): the verdict and the seconds.
"""

from __future__ import annotations

import argparse
import time

from grundy.verify import nim_encodings as enc


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--heaps", default="8,16", help="heap counts, comma separated")
    parser.add_argument("--width", type=int, default=64)
    parser.add_argument("--timeout-ms", type=int, default=120_000)
    args = parser.parse_args()
    goals = [
        ("(2) move to zero", "disjunction", lambda k: enc.bouton_move_to_zero(k, args.width)),
        (
            "(2) move to zero",
            "top-bit witness",
            lambda k: enc.bouton_move_to_zero(k, args.width, "top-bit"),
        ),
        (
            "(3) zero moves to nonzero",
            "one symbolic move",
            lambda k: enc.bouton_moves_from_zero(k, args.width),
        ),
        ("exercise 7", "per-heap conjunction", lambda k: enc.exercise_7(k, args.width)),
    ]
    print(f"Bouton's conditions, heaps of {args.width} bits, Z3 timeout {args.timeout_ms} ms")
    print(f"{'heaps':>5}  {'condition':<26} {'encoding':<22} {'verdict':<8} {'seconds':>8}")
    for heaps in (int(h) for h in args.heaps.split(",")):
        for condition, encoding, build in goals:
            start = time.perf_counter()
            verdict = build(heaps).prove(timeout_ms=args.timeout_ms)
            seconds = time.perf_counter() - start
            print(
                f"{heaps:>5}  {condition:<26} {encoding:<22} {verdict.status.value:<8} "
                f"{seconds:>8.2f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
