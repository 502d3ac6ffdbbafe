"""Presenting theorem and claim results: a readable table, or the JSON of DESIGN.md."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import IO

from grundy.cli.common import write_json
from grundy.library import TheoremResult

__all__ = ["exit_code", "print_results"]


def print_results(results: Sequence[TheoremResult], out: IO[str], as_json: bool) -> None:
    summary = Counter(result.verdict.status.value for result in results)
    if as_json:
        write_json(
            out,
            {
                "claims": [result.to_json() for result in results],
                "summary": dict(sorted(summary.items())),
                "as_expected": sum(result.as_expected for result in results),
                "total": len(results),
            },
        )
        return
    if not results:
        out.write("no claims to check\n")
        return
    id_width = max(len("id"), *(len(r.theorem.id) for r in results))
    out.write(f"{'id':<{id_width}}  {'status':<9}  {'expected':<8}  {'method':<18}  scope\n")
    for result in results:
        verdict = result.verdict
        mark = "yes" if result.as_expected else "NO"
        out.write(
            f"{result.theorem.id:<{id_width}}  {verdict.status.value:<9}  {mark:<8}  "
            f"{verdict.method:<18}  {verdict.scope}\n"
        )
        if verdict.assumes and verdict.method != "lemma":  # a lemma proof's message names it
            named = ", ".join(assumption.describe() for assumption in verdict.assumes)
            out.write(f"{'':<{id_width}}  {verdict.status.value}, assuming {named}\n")
        if verdict.counterexample is not None:
            shown = ", ".join(f"{k} = {v}" for k, v in verdict.counterexample.items())
            out.write(f"{'':<{id_width}}  counterexample: {shown}\n")
        if verdict.message and (not result.as_expected or verdict.counterexample is None):
            out.write(f"{'':<{id_width}}  {verdict.message}\n")
    failed = [r for r in results if not r.as_expected]
    counts = ", ".join(f"{n} {status}" for status, n in sorted(summary.items()))
    out.write(f"\n{len(results)} claims: {counts}; ")
    out.write("all as expected\n" if not failed else f"{len(failed)} NOT as expected\n")


def exit_code(results: Sequence[TheoremResult]) -> int:
    return 0 if all(result.as_expected for result in results) else 1
