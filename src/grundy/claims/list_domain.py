"""A variable that is a list of heaps, its length part of the domain:
``range = { h = { length = [1, 8], each = [0, 15] } }``.

Such a claim is checked one length at a time.  The claim at length ``L`` is an ordinary
claim: the list variable ``h`` is replaced, in ``statement``, ``assume`` and ``position``,
by the list of ``L`` new whole-number variables ``[h_1, ..., h_L]``, each in the ``each``
range, so every method of the checker reads it (Z3 for Nim, an exhaustive check, random
search).  A claim that writes no ``position`` plays its variables in order, the list
variable giving its heaps in its place (``vars = ["h"]`` plays the heaps of ``h``).

The lengths' verdicts are joined as "for every length": refuted when some length is (the
least counterexample of the shortest length that fails; a shorter list comes first),
otherwise the weakest word, and ``checked`` for the lengths of the range when each length
was checked or proved.  Beyond the range, :mod:`grundy.claims.list_induction` tries an
induction on the number of heaps; only when it goes through is the claim ``proved`` for
every number of heaps.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from grundy.claims.combine import limit_message
from grundy.claims.domain_fields import ListDomain, element_name
from grundy.claims.evaluate import compile_expression
from grundy.claims.expression import parse_expression
from grundy.claims.model import Claim, Expression
from grundy.errors import ClaimError, SearchLimitError
from grundy.verdict import Status, Verdict, combine_conjunction

__all__ = ["as_list_case", "check_lengths", "member_at_length"]


class _PutList(ast.NodeTransformer):
    def __init__(self, name: str, elements: list[str]) -> None:
        self.name, self.elements = name, elements

    def visit_Name(self, node: ast.Name) -> ast.expr:
        if node.id != self.name:
            return node
        if not isinstance(node.ctx, ast.Load):
            raise ClaimError(f"{node.id!r} is a claim variable and cannot be bound again")
        return ast.List([ast.Name(e, ast.Load()) for e in self.elements], ast.Load())


def _at_length(
    expression: Expression,
    domain: ListDomain,
    length: int,
    variables: tuple[str, ...],
    claim_id: str,
    field: str,
) -> Expression:
    elements = [element_name(domain.name, i) for i in range(1, length + 1)]
    tree = ast.parse(expression.text.strip(), mode="eval")
    text = ast.unparse(ast.fix_missing_locations(_PutList(domain.name, elements).visit(tree)))
    parsed = parse_expression(text, field, claim_id, variables)
    return Expression(parsed, compile_expression(parsed, claim_id, field))


def member_at_length(claim: Claim, length: int) -> Claim:
    """``claim`` with its list variable replaced by ``length`` whole-number variables."""
    domain = claim.lists
    assert domain is not None
    elements = tuple(element_name(domain.name, i) for i in range(1, length + 1))
    variables: list[str] = []
    ranges: dict[str, tuple[int, int]] = {}
    for name in claim.variables:
        names = elements if name == domain.name else (name,)
        for each in names:
            variables.append(each)
            ranges[each] = domain.each if name == domain.name else claim.ranges[name]
    names = tuple(variables)

    def put(expression: Expression, field: str) -> Expression:
        return _at_length(expression, domain, length, names, claim.id, field)

    return replace(
        claim,
        variables=names,
        ranges=ranges,
        statement=put(claim.statement, "statement"),
        assume=put(claim.assume, "assume") if claim.assume is not None else None,
        position=put(claim.position, "position"),
        teach_where=put(claim.teach_where, "teach_where") if claim.teach_where else None,
        lists=None,
    )


def as_list_case(domain: ListDomain, case: Mapping[str, Any], length: int) -> dict[str, Any]:
    """A member's case (``h_1``, ``h_2``, ...) written with the list (``h = [..]``)."""
    elements = {element_name(domain.name, i) for i in range(1, length + 1)}
    found: dict[str, Any] = {domain.name: [case[e] for e in sorted(elements, key=_index)]}
    found.update({k: v for k, v in case.items() if k not in elements})
    return found


def _index(name: str) -> int:
    return int(name.rsplit("_", 1)[1])


def check_lengths(
    claim: Claim,
    check_one: Callable[[Claim], Verdict],
    prove_every_length: Callable[[Claim], Verdict | None],
) -> Verdict:
    """Check ``claim`` at each length of its list, join the verdicts, and when every
    length holds ask ``prove_every_length`` for a proof beyond them (see the module text)."""
    domain = claim.lists
    assert domain is not None
    found: list[tuple[int, Verdict]] = []
    for length in range(domain.length[0], domain.length[1] + 1):
        member = member_at_length(claim, length)
        try:
            verdict = check_one(member)
        except SearchLimitError as exc:
            verdict = Verdict(
                Status.UNKNOWN, member.method.value, member.scope, message=limit_message(exc)
            )
        found.append((length, verdict))
        if verdict.status is Status.REFUTED:
            break  # the shortest list that fails holds the least counterexample
    verdicts = [v for _, v in found]
    method = "per-length: " + "+".join(dict.fromkeys(v.method for v in verdicts))
    details: dict[str, Any] = {
        "per_length": [
            {"length": length, "word": v.word.value, "method": v.method, "message": v.message}
            for length, v in found
        ]
    }
    cases = sum(v.cases or 0 for v in verdicts) or None
    seconds = sum(v.seconds for v in verdicts)
    status = combine_conjunction(verdicts).status
    length, last = found[-1]
    if status is Status.REFUTED:
        assert last.counterexample is not None
        return replace(
            last,
            method=method,
            scope=claim.scope,
            counterexample=as_list_case(domain, last.counterexample, length),
            message=f"fails with {length} heap{'' if length == 1 else 's'}, the fewest that fail: "
            f"{last.message}",
            details={**last.details, **details},
            seconds=seconds,
        )
    if status is not Status.PROVED:
        length, first = next((n, v) for n, v in found if v.status is status)
        return Verdict(
            status,
            method,
            claim.scope,
            cases=cases,
            message=f"at length {length}: {first.message}",
            seconds=seconds,
            details=details,
        )
    low, high = domain.length
    assumes = tuple(dict.fromkeys(a for v in verdicts for a in v.assumes))
    checked = Verdict(
        Status.PROVED,
        method,
        claim.scope,
        cases=cases,
        message=f"checked for every length {low}..{high} of {domain.name}",
        seconds=seconds,
        details=details,
        assumes=assumes,
    )
    proof = prove_every_length(claim)
    if proof is None:
        return checked
    if proof.status is not Status.PROVED:
        return replace(
            checked,
            message=f"{checked.message}; not proved for every length: {proof.message}",
            details={**details, "induction": proof.details},
        )
    return replace(
        proof,
        method=f"{method}+{proof.method}",
        cases=cases,
        seconds=seconds + proof.seconds,
        message=f"{proof.message}; {checked.message}",
        details={**details, "induction": proof.details},
        assumes=tuple(dict.fromkeys((*assumes, *proof.assumes))),
    )
