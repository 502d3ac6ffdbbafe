"""The certificate of a misère quotient: the JSON object that
:mod:`grundy.certify.quotient_check` re-verifies without the construction code."""

from __future__ import annotations

from typing import Any

from grundy.solve.misere_quotient import MisereQuotient

__all__ = ["quotient_certificate"]


def quotient_certificate(quotient: MisereQuotient) -> dict[str, Any]:
    """The certificate of a verified quotient (element numbers follow the normal forms)."""
    return {
        "certificate": "misere-quotient",
        "statement": (
            f"for every sum of heaps of sizes 0..{quotient.upto} of {quotient.game}, the sum "
            "is a misère P-position iff the product of its heap images is in p_portion; the "
            "monoid is reduced, so it is the misère quotient of those sums"
            + (
                "; the heap map repeats with the given period and preperiod long enough "
                "(N >= 2 preperiod + 2 period + largest take) that the same holds for "
                "sums of heaps of every size, the heap map extended periodically"
                if quotient.every_heap
                else ""
            )
        ),
        "game": quotient.kind,
        "rules": quotient.rules,
        "label": quotient.game,
        "upto": quotient.upto,
        "size": quotient.size,
        "generator_heaps": list(quotient.generator_heaps),
        "normal_forms": [list(w) for w in quotient.normal_forms],
        "elements": list(quotient.element_names),
        "relations": [[list(lhs), list(rhs)] for lhs, rhs in quotient.relations],
        "p_portion": list(quotient.p_portion),
        "heap_map": list(quotient.heap_map),
        "table": [list(row) for row in quotient.table],
        "every_heap": quotient.every_heap,
        "periodicity": _periodicity(quotient),
    }


def _periodicity(quotient: MisereQuotient) -> dict[str, int] | None:
    found = quotient.periodicity
    if found is None:
        return None
    return {"preperiod": found.preperiod, "period": found.period}
