"""Claims about every heap size, decided by a periodicity certificate (method "certificate").

A claim fits this method when its game is a heap game, it has one variable ``n``, and its
statement (and ``assume``) look at positions only through single heaps: ``grundy`` and
``outcome`` of a one-heap position such as ``[n]`` or ``[n + 3]``, and ``g([...])`` or
``outcome_of([...])`` of one heap.  ``moves`` and ``winning_moves`` are not used, and in
misère play ``outcome`` is not used either (misère outcomes of octal games do not follow
the normal-play period).

**The argument.**  Suppose the game's Grundy sequence has a certified period ``p`` from
``n0``: ``G(m + p) = G(m)`` for every ``m >= n0``, made to hold for every ``m`` by the
Guy-Smith theorem (octal games) or the window argument (subtraction games), see
:mod:`grundy.certify.periodicity`.  The certificate is re-verified by the independent
checker :func:`~grundy.certify.periodicity_check.check_certificate`, and its rules must be
the claim's game, before it is used.  Then the expression is read bottom up, and each
piece gets one of three shapes:

* *constant*: it mentions neither ``n`` nor a position;
* *polynomial*: an integer polynomial ``P(n)``, built from ``n`` and whole constants by
  ``+ - *`` and ``**`` with a constant exponent;
* *periodic from S with period L*: its value at ``n + L`` equals its value at ``n`` for
  every ``n >= S`` (``S`` may be minus infinity).

The rules, each a small lemma:

1. ``P(n) % k`` for a whole constant ``k != 0`` is periodic with period ``|k|`` everywhere,
   since ``P(n + k) - P(n)`` is a multiple of ``k``.  (So ``n * n % 7`` is fine.)
   ``P(n) & k`` for a constant ``k >= 0`` keeps only bits below ``2**b`` (``b`` the bit
   length of ``k``), so it has period ``2**b``.
2. ``P(n) < Q(n)`` (and ``<=, ==, !=, >, >=``) is eventually constant: ``D = P - Q`` has
   no root beyond ``-d0/d1`` when it has degree 1, and otherwise none beyond Cauchy's or
   Fujiwara's bound on the roots (see
   :func:`~grundy.claims.polynomials.sign_settled_from`), so past that point ``D(n)`` has
   the sign of its leading coefficient.
   The same holds for ``P(n)`` against a periodic whole number with known bounds (a
   Grundy value lies between 0 and the largest certified value; ``% k``, ``+ - *`` of
   bounded values are bounded): once ``P(n)`` is past the bounds the comparison is
   decided, and it repeats with the value's period (an error in the value repeats too).
3. ``G(P(n))`` (``g([P(n)])``, ``grundy`` of the position ``[P(n)]``), with ``P`` of
   degree at least 1 and a positive leading coefficient, is periodic with period ``p``
   from the first ``S`` beyond which ``P(n) >= n0`` (rule 2's bound applied to
   ``P - n0 + 1``): ``P(n + p) - P(n)`` is a multiple of ``p`` and both heaps are at
   least ``n0``.  ``outcome`` in normal play is ``P`` exactly when ``G = 0``, so it has the
   same period.  ``G`` of a heap that is itself periodic is periodic with the same ``S, L``.
   A heap of *another* certified heap game (``g('0.07', [n + 1])``) follows the same rule
   with that game's own certified ``p`` and ``n0``
   (:func:`~grundy.claims.sequence_facts.named_table`); rule 4 then joins the games'
   periods, and the verdict names every certificate read in ``assumes``.
4. Any allowed operation or function applied to periodic or constant pieces is periodic
   with the least common multiple of their periods, from the largest of their starts:
   the interpreter's operations are pure functions of their arguments' values.
5. ``Q(n) = P(n) // d`` for a whole constant ``d`` (a *quotient*; ``P // -d`` is
   ``(-P) // d`` and ``(P // d) // e`` is ``P // (d*e)``): ``P(n + dL) - P(n)`` is a
   multiple of ``dL``, so ``Q(n + dL) - Q(n)`` is a multiple of ``L``.  Hence ``Q % k``
   has period ``d|k|`` (``Q & k``, ``d * 2**b``), and ``G(Q)`` period ``dp`` once
   ``P(n) >= d*n0``.  ``Q`` against a polynomial ``R`` settles: ``Q < R`` exactly when
   ``P - dR < 0`` and ``Q > R`` exactly when ``P - dR - d >= 0`` (rule 2 on each); against
   a bounded periodic value it settles once ``Q`` is past the bounds (rule 2b).
   ``Q + R`` and ``Q - R`` are the quotients ``(P ± dR) // d``.
6. ``P(n) in [c1, c2, ...]`` (or ``Q(n)``, or ``not in``) against a list of whole
   constants is an ``or`` of equalities, each settled by rule 2.

Anything else (``(n // 3) * 3``, two quotients compared, ``floor(n * phi)``, ``n | 1``,
``grundy + n``, ``max(n, 3)``, several heaps, ``moves``) is not read, and the method
declines with the reason before it checks any case (whether a piece is read depends only
on the expression: :func:`statement_period.readable`), handing the certified values, when
the game has them, to ``auto``'s random search.  Never a guess.

When the statement's truth (with ``assume``) is periodic from ``S`` with period ``L``,
checking every ``n`` from the range's lower bound ``lo`` up to ``max(lo, S) + L - 1``
decides the claim for *every* ``n >= lo``: a larger ``n`` has the same truth as the ``n - kL``
that lands in the last ``L`` checked values.  The check evaluates the claim with the real
interpreter, taking each ``G(m)`` from the certified values (``G(m)`` for ``m >= n0`` is
``G(n0 + (m - n0) mod p)``), so huge heaps cost nothing.  The result is ``proved`` with
scope ``unbounded`` (it holds for every ``n >= lo``, beyond the stated upper bound), or
``refuted`` at the least ``n`` of the range that fails, re-evaluated by a fresh exact
solver (on the heap itself up to
:data:`~grundy.claims.table_cases.DIRECT_RECHECK_HEAPS` tokens, beyond that on the
equivalent heap ``n0 + (m - n0) mod p``).

When no period is certified (Grundy's game never is) or one period of the statement is
longer than :data:`WINDOW_LIMIT`, the first values of ``n`` are still scanned (up to
:data:`SCAN_CASES` of them, with values from the certified sequence or from the plain
exact solver): a failure there is the least counterexample, reported ``refuted`` with
method ``sequence-scan``; otherwise the method declines. ``auto`` then runs its random
search, with ``G`` from the certified values when there are some
(:func:`~grundy.claims.random_method.random_with_certified_values`), so that heaps of
10^18 tokens are a look-up rather than a solve; it can refute, never prove.

**Where the pieces live.**  The certified values come from
:mod:`grundy.certify.certified_values` (a game in, a table out: it knows nothing of
claims); the reading of the statement is :mod:`grundy.claims.statement_period` (with
:mod:`grundy.claims.polynomials`); cases are evaluated with table values by
:mod:`grundy.claims.table_cases`; the window is checked by the exhaustive engine
(:func:`~grundy.verify.exhaustive.check_exhaustive`).  This module holds the method:
whether it applies, the window, and the scan.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from grundy.budget import Meter
from grundy.certify.certified_values import CertifiedValues, NotApplicable, certified_values
from grundy.claims.certificate_notes import note_assumption
from grundy.claims.model import Claim
from grundy.claims.param_family import SPLIT_REFUSAL
from grundy.claims.sequence_facts import certificate_assumption
from grundy.claims.statement_period import (
    Declined,
    Periodicity,
    readable,
    statement_periodicity,
    uses_position,
)
from grundy.claims.table_cases import BeyondTable, TableCases, admitted_cases, direct_recheck
from grundy.games.base import HeapGame
from grundy.solve import Play, plain_grundy_sequence
from grundy.verdict import UNBOUNDED, Status, Verdict
from grundy.verify.exhaustive import check_exhaustive, holds_in_all

__all__ = ["SCAN_CASES", "SCAN_HEAPS", "WINDOW_LIMIT", "check_by_certificate"]

WINDOW_LIMIT = 200_000
"""Most values of ``n`` checked to cover one whole period of the statement (quick: 20,000)."""

SCAN_CASES = 2_000
"""Values of ``n`` scanned for a counterexample when nothing is proved (quick: 500)."""

SCAN_HEAPS = 500
"""Heaps solved by the plain solver for a scan when no period is certified (quick: 200)."""


def check_by_certificate(
    claim: Claim, *, quick: bool = False, meter: Meter | None = None
) -> Verdict | NotApplicable:
    """Decide ``claim`` for every ``n`` with a periodicity certificate, or say why not.

    ``proved`` (scope ``unbounded``) or ``refuted`` (the least ``n``) with method
    ``certificate``; ``refuted`` with method ``sequence-scan`` when a scan of the first
    values finds the least counterexample without a proof; otherwise
    :class:`NotApplicable` with the reason.  Raises :class:`~grundy.errors.ClaimError`
    when the claim cannot be evaluated at some ``n`` that is checked.
    """
    reason = _unsuitable(claim)
    if reason is not None:
        return NotApplicable(reason)
    table = certified_values(claim.game, quick=quick)  # at most a few thousand values
    certified = table if isinstance(table, CertifiedValues) else None
    try:  # a statement the method cannot read is turned away before any case is checked
        readable(claim)
    except Declined as exc:  # the values still serve auto's random search (huge heaps)
        return NotApplicable(f"not followed: {exc}; no case was checked", certified)
    reasons: list[str] = []
    if isinstance(table, CertifiedValues):
        try:
            periodicity = statement_periodicity(claim, table)
            return _decide(claim, table, periodicity, quick, meter)
        except Declined as exc:
            reasons.append(f"not followed: {exc}")
    else:
        reasons.append(table.reason)
    try:
        scanned = _scan(claim, certified, quick, meter)
    except Declined as exc:
        return NotApplicable("; ".join([*reasons, f"not followed: {exc}"]))
    if isinstance(scanned, Verdict):
        return scanned
    return NotApplicable("; ".join([*reasons, scanned.reason]), certified)


def _unsuitable(claim: Claim) -> str | None:
    if claim.split is not None:  # its game is one per value: see grundy.claims.per_value
        return SPLIT_REFUSAL
    if not isinstance(claim.game, HeapGame):
        return f"{claim.game.label} is not a heap game"
    if len(claim.variables) != 1:
        return "the method reads claims with exactly one variable (one heap size n)"
    for expression in (claim.statement, claim.assume):
        if expression is None:
            continue
        used = expression.parsed.names & {"moves", "winning_moves"}
        if used:
            return f"{sorted(used)[0]} is not read by the certificate method"
        misere = claim.play is not Play.NORMAL
        if misere and (
            "outcome" in expression.parsed.names or "outcome_of" in expression.parsed.functions
        ):
            return "misere outcomes of heap games are not governed by the normal-play period"
        for node in ast.walk(expression.parsed.tree):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", "") in ("g", "outcome_of")
                and isinstance(node.args[0], (ast.List, ast.Tuple))
                and len(node.args[0].elts) != 1
            ):
                return "only positions of a single heap are read (several heaps given)"
    position = claim.position.parsed.tree
    if (
        uses_position(claim)
        and isinstance(position, (ast.List, ast.Tuple))
        and len(position.elts) != 1
    ):
        return "only positions of a single heap are read (the position has several heaps)"
    return None


def _decide(
    claim: Claim,
    table: CertifiedValues,
    periodicity: Periodicity,
    quick: bool,
    meter: Meter | None = None,
) -> Verdict:
    """Check one period of the statement (raises ``Declined`` when it is too long)."""
    variable = claim.variables[0]
    low, high = claim.ranges[variable]
    first_periodic = low if periodicity.start is None else max(low, periodicity.start)
    window_end = first_periodic + periodicity.period - 1
    limit = WINDOW_LIMIT // 10 if quick else WINDOW_LIMIT
    if window_end - low + 1 > limit:
        raise Declined(
            f"one period of the statement needs {variable} = {low}..{window_end} "
            f"({window_end - low + 1:,} cases), more than {limit:,}"
        )
    last = min(high, window_end)
    cases = TableCases(claim, table.value)
    counted = [0]
    candidates = ({variable: n} for n in range(low, last + 1))
    verdict = check_exhaustive(
        admitted_cases(candidates, cases, meter, counted),
        cases.holds,
        scope=claim.scope,
        method="certificate",
        recheck=direct_recheck(claim, table),
        explain=cases.explain,
    )
    details: dict[str, Any] = {
        "certificate": table.details(),
        "statement_period": periodicity.period,
        "periodic_from": periodicity.start,
        "checked": [low, last],
    }
    verdict = replace(verdict, details=details)
    if verdict.status in (Status.PROVED, Status.REFUTED):  # both rest on the certificate
        note_assumption(certificate_assumption(claim.game, table))
    if verdict.status is Status.PROVED and counted[0] == 0:
        return replace(
            verdict,
            status=Status.UNKNOWN,
            message="no case satisfies assume: the claim is vacuous, nothing was checked",
        )
    if verdict.status is Status.REFUTED and verdict.counterexample is not None:
        least = verdict.counterexample[variable]
        return replace(
            verdict,
            message=f"fails at {variable} = {least}, the least {variable} of the range "
            f"(values from the certified period, re-checked by a fresh exact solver)",
        )
    if verdict.status is not Status.PROVED:
        return verdict
    where = f"{variable} >= {low}"
    if claim.assume is not None:
        where += f" satisfying {claim.assume.text.strip()}"
    summary = (
        f"G has period {table.period} from {table.preperiod} ({table.theorem} certificate, "
        f"re-checked independently); the statement repeats with period {periodicity.period}"
    )
    if periodicity.start is not None:
        summary += f" from {variable} = {periodicity.start}"
    if _names_other_games(claim):
        summary += " (each other game's values from its own certificate, named in assumes)"
    if last < window_end:  # the whole range was checked: no period argument needed
        return replace(
            verdict,
            message=holds_in_all(
                verdict.cases or 0, " of the range, checked with certified values"
            ),
        )
    return replace(
        verdict,
        scope=UNBOUNDED,
        message=f"holds for every {where} (not only up to {high:,}): {summary}; "
        f"checked {variable} = {low}..{last}",
    )


def _names_other_games(claim: Claim) -> bool:
    return any(
        isinstance(node, ast.Call)
        and getattr(node.func, "id", "") in ("g", "outcome_of")
        and len(node.args) == 2
        for expression in (claim.statement, claim.assume)
        if expression is not None
        for node in ast.walk(expression.parsed.tree)
    )


def _scan(
    claim: Claim, table: CertifiedValues | None, quick: bool, meter: Meter | None = None
) -> Verdict | NotApplicable:
    """The first values of ``n`` in order: a failure is the least counterexample."""
    variable = claim.variables[0]
    low, high = claim.ranges[variable]
    if table is not None:
        value_of: Callable[[int], int] = table.value
        source = "the certified period"
    else:
        heaps = SCAN_HEAPS * 2 // 5 if quick else SCAN_HEAPS
        plain_values = plain_grundy_sequence(claim.game, heaps)

        def value_of(heap: int) -> int:
            if heap >= len(plain_values):
                raise BeyondTable(heap)
            return plain_values[heap]

        source = f"the exact solver, heaps up to {heaps}"
    cases = TableCases(claim, value_of)
    count = SCAN_CASES // 4 if quick else SCAN_CASES
    last = min(high, low + count - 1)
    checked = admitted = 0
    for n in range(low, last + 1):
        case = {variable: n}
        if meter is not None:
            meter.check()
        try:
            inside = cases.admitted(case)
            admitted += inside
            if not inside or cases.holds(case):
                checked += 1
                continue
        except BeyondTable:
            last = n - 1
            break
        if direct_recheck(claim, table)(case):
            return Verdict(
                Status.UNKNOWN,
                "sequence-scan",
                claim.scope,
                cases=checked + 1,
                message=f"case {case} failed with Grundy values from {source} but passed "
                "the exact re-check",
            )
        found: dict[str, Any] = dict(case)
        found.update(cases.explain(case))
        return Verdict(
            Status.REFUTED,
            "sequence-scan",
            claim.scope,
            cases=checked + 1,
            counterexample=found,
            message=f"fails at {variable} = {n}, the least value in the range "
            + (f"({variable} = {low}..{n - 1} hold; " if n > low else "(")
            + f"Grundy values from {source})",
            details={"certificate": table.details() if table else None},
        )
    if last < low:
        return NotApplicable(f"a scan from {variable} = {low} needs heaps beyond {source}")
    if not admitted:
        return NotApplicable(
            f"no case of {variable} = {low}..{last} satisfies assume: nothing was tested there"
        )
    return NotApplicable(
        f"no counterexample for {variable} = {low}..{last} (Grundy values from {source})"
    )
