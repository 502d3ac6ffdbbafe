"""The certificate of a misère quotient: the JSON object that
:mod:`grundy.certify.quotient_check` re-verifies without the construction code."""

from __future__ import annotations

from typing import Any

from grundy.certify.quotient_replay import rule_label, statement
from grundy.solve.misere_quotient import MisereQuotient

__all__ = ["quotient_certificate"]


def quotient_certificate(quotient: MisereQuotient) -> dict[str, Any]:
    """The certificate of a verified quotient (element numbers follow the normal forms).

    It names the game by its rule (``label``, as the checker derives it from ``game`` and
    ``rules``), not by the catalogue's name: the rule is what the checker replays."""
    label = rule_label(quotient.kind, quotient.rules)
    return {
        "certificate": "misere-quotient",
        "statement": statement(label, quotient.upto, quotient.every_heap),
        "game": quotient.kind,
        "rules": quotient.rules,
        "label": label,
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
