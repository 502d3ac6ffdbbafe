"""Time the heap-sequence engines: the compiled kernel, the numpy rare/common engine and
the naive ones, as a Markdown table (every engine's values compared with the kernel's).

    .venv/bin/python bench/bench_sequences.py            # N up to 10^6 for the kernel
    .venv/bin/python bench/bench_sequences.py --quick    # small N only

The naive engines are the plain exact solver (a game graph per heap) and the direct
O(N^2) mex over every split; they, and the numpy engine, are run only where they finish
in a few seconds.  The kernel is compiled (or loaded from its cache) before timing.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from functools import partial

from grundy.games import create_game
from grundy.solve.fast_sequences import kernel_sequence
from grundy.solve.heap_sequences import direct_grundy_sequence, rules_of, sparse_grundy_sequence
from grundy.solve.sequence import plain_grundy_sequence

GAMES = ("kayles", "dawsons-kayles", "grundys-game")


def _timed(run: Callable[[], list[int]]) -> tuple[float, list[int]]:
    start = time.perf_counter()
    values = run()
    return time.perf_counter() - start, values


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="only small N")
    args = parser.parse_args(argv)
    sizes = (1_000, 10_000) if args.quick else (1_000, 10_000, 100_000, 1_000_000)
    limits = {"plain": 300, "direct": 10_000, "mex": 100_000, "numpy": 100_000}
    out = sys.stdout
    out.write(
        "| game | N | kernel (s) | numpy engine (s) | numpy, no period shortcut (s) "
        "| direct O(N^2) (s) | plain solver (s) | max G |\n"
    )
    out.write("|---|---:|---:|---:|---:|---:|---:|---:|\n")
    kernel_sequence(rules_of(create_game("kayles")), 100)  # compile or load the kernel
    for name in GAMES:
        game = create_game(name)
        rules = rules_of(game)
        for upto in (300, *sizes):
            fast_seconds, values = _timed(
                lambda rules=rules, upto=upto: kernel_sequence(rules, upto).values.tolist()
            )
            cells = [f"{fast_seconds:.3f}"]
            for label, engine in (
                ("numpy", partial(sparse_grundy_sequence, rules, upto)),
                ("mex", partial(sparse_grundy_sequence, rules, upto, use_periodicity=False)),
                ("direct", partial(direct_grundy_sequence, rules, upto)),
                ("plain", partial(plain_grundy_sequence, game, upto)),
            ):
                if upto <= limits[label]:
                    seconds, other = _timed(engine)
                    if other != values:
                        out.write(f"MISMATCH: {label} engine disagrees for {name} at N={upto}\n")
                        return 1
                    cells.append(f"{seconds:.3f}")
                else:
                    cells.append("-")
            out.write(f"| {name} | {upto:,} | {' | '.join(cells)} | {max(values)} |\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
