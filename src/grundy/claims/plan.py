"""Planning a claim's check: which engines run, in which order, and what ``auto`` notes.

The plan is decided from the claim alone (its method and the size of its domain) and the
settings, before any engine runs; :mod:`grundy.claims.check` then runs the steps and
:mod:`grundy.claims.combine` turns what they returned into one verdict.
"""

from __future__ import annotations

from dataclasses import dataclass

from grundy.budget import format_count
from grundy.claims.model import Claim, Method
from grundy.errors import ClaimError
from grundy.solve import Play

__all__ = [
    "AUTO_EXHAUSTIVE_LIMIT",
    "EXHAUSTIVE_LIMIT",
    "QUICK_EXHAUSTIVE_LIMIT",
    "Plan",
    "plan_methods",
    "random_draws",
]

EXHAUSTIVE_LIMIT = 5_000_000
"""Largest domain ``method = "exhaustive"`` accepts."""

AUTO_EXHAUSTIVE_LIMIT = 1_000_000
"""Largest domain ``method = "auto"`` checks exhaustively."""

QUICK_EXHAUSTIVE_LIMIT = 100_000
"""The same, with ``quick`` settings (CI)."""


@dataclass(frozen=True, slots=True)
class Plan:
    """The methods to run, in order.

    A plan of one step gives that method's verdict.  A plan of several (``auto``: P-set
    induction first wherever it reads the claim, then, within the exhaustive limit, every
    case; past it Z3, the certificate method and random search) stops at the
    first step that decides the claim; ``auto_note`` opens the verdict's message, and
    ``say_why_not_certificate`` adds why the certificate method did not decide it (for a
    claim of one variable, the kind that method reads).  ``random_examples``: how many
    cases a random search draws.
    """

    steps: tuple[Method, ...]
    random_examples: int
    auto_note: str | None = None
    say_why_not_certificate: bool = False


P_SET_NOTE = "auto: P-set induction first, for every position"


def _p_set_applies(claim: Claim) -> bool:
    from grundy.claims.pset_method import p_set_refusal

    return p_set_refusal(claim) is None


def random_draws(examples: int, quick: bool) -> int:
    """How many cases a claim's random search draws (a quarter under ``quick``)."""
    return max(examples // (4 if quick else 1), 50)


def plan_methods(claim: Claim, *, quick: bool, random_examples: int) -> Plan:
    """The plan for ``claim`` under the settings ``quick`` and ``random_examples``; raises
    :class:`ClaimError` when an exhaustive check is asked for a domain larger than
    :data:`EXHAUSTIVE_LIMIT`."""
    draws = random_draws(random_examples, quick)
    size = claim.domain_size
    method = claim.method
    if method is Method.EXHAUSTIVE and size > EXHAUSTIVE_LIMIT:
        raise ClaimError(
            f"claim {claim.id!r}: the domain has {format_count(size)} cases, more than the "
            f'{EXHAUSTIVE_LIMIT:,} an exhaustive check takes; use method = "auto" or '
            '"random", or narrow the range'
        )
    if method is not Method.AUTO:
        return Plan((method,), draws)
    limit = QUICK_EXHAUSTIVE_LIMIT if quick else AUTO_EXHAUSTIVE_LIMIT
    first = (Method.P_SET,) if _p_set_applies(claim) else ()
    if size <= limit:
        if first:  # every position first; the cases of the ranges when that is not shown
            return Plan((*first, Method.EXHAUSTIVE), draws, auto_note=P_SET_NOTE)
        return Plan((Method.EXHAUSTIVE,), draws)
    note = f"{format_count(size)} cases is more than {limit:,} for an exhaustive check"
    steps = _large_domain_steps(claim, first)
    return Plan(
        steps,
        draws,
        auto_note=f"{P_SET_NOTE}; {note}" if steps[0] is Method.P_SET else f"auto: {note}",
        # one variable: the certificate method's kind; misère: the quotient method's
        say_why_not_certificate=len(claim.variables) == 1 or claim.play is Play.MISERE,
    )


def _large_domain_steps(claim: Claim, first: tuple[Method, ...]) -> tuple[Method, ...]:
    """``auto``'s order past the exhaustive limit: P-set induction (``first``, when it reads
    the claim) before Z3, which may settle a Nim claim only for bounded widths; but on a
    claim of one variable the certificate method goes before both: where it reads the
    claim it too covers every heap size, and its verdict says more (the certified period),
    and where it does not it declines and the order goes on."""
    if first and len(claim.variables) == 1:
        return (Method.CERTIFICATE, *first, Method.Z3, Method.RANDOM)
    return (*first, Method.Z3, Method.CERTIFICATE, Method.RANDOM)
