"""Checking a claim one value of its split variables at a time, and joining the verdicts.

A claim whose game's options are written in its variables (``params = { k = "k" }``), or
that names variables in ``for_each`` (Wythoff's row ``a``), is a family of claims, one per
value of those *split variables* (:mod:`grundy.claims.param_family`).  Each member is an
ordinary claim: the split variables are replaced by their value in ``statement``,
``assume`` and ``position`` (as numbers, in the expressions' trees), its game is the game
built for that value, and it is planned and checked like any claim, with every method
the claim checker has, so the certificate method can prove ``S = {1, ..., k}`` for every
heap size, one ``k`` at a time.

The verdicts are joined as a conjunction (the statement holds for every value):

* ``refuted`` when some value is refuted: the counterexample is the least of those found,
  in the claim's order of cases (its split variables included);
* otherwise ``error``, then ``unknown``, then ``tested`` when some value got that word;
* ``proved`` with scope ``unbounded ..., for each k = 1..4`` when every value was proved
  for every value of the other variables; ``checked`` over the claim's stated ranges when
  some value was only checked within them.  The message says which values were proved and
  which only checked.

When the ranges held more values than are checked (``Split.beyond``), the verdict is
never ``proved``: at best ``checked``, its scope naming the bound (``checked for k <= 200
only``).

A value for which ``assume`` (with the value put in) no longer mentions the other
variables and is false is left out; if every value is left out, nothing was checked and the
verdict is ``unknown``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from grundy.claims.combine import limit_message
from grundy.claims.defaults import default_position_text, literal_expression, reads_position
from grundy.claims.evaluate import compile_expression
from grundy.claims.fixed_values import assume_at, with_values
from grundy.claims.model import Claim, Expression
from grundy.claims.param_family import Split
from grundy.errors import ClaimError, SearchLimitError
from grundy.games import Game
from grundy.verdict import UNBOUNDED, Status, Verdict, Word, combine_conjunction

__all__ = ["check_per_value", "member_claim", "member_claims"]

Member = tuple[tuple[int, ...], Claim]


def check_per_value(claim: Claim, check_one: Callable[[Claim], Verdict]) -> Verdict:
    """The verdict on ``claim`` from ``check_one`` of each of its members (see above)."""
    split = claim.split
    if split is None:
        raise ValueError(f"claim {claim.id!r} has no split variables")
    members = member_claims(claim)
    if not members:
        return Verdict(
            Status.UNKNOWN,
            "per-value",
            claim.scope,
            message=f"no value of {', '.join(split.variables)} satisfies assume: the claim "
            "is vacuous, nothing was checked",
        )
    found: list[tuple[tuple[int, ...], Verdict]] = []
    for value, member in members:
        try:
            verdict = check_one(member)
        except SearchLimitError as exc:  # this value stays undecided; the others still run
            verdict = Verdict(
                Status.UNKNOWN, member.method.value, member.scope, message=limit_message(exc)
            )
        found.append((value, verdict))
    return join_verdicts(claim, split, found)


def member_claims(claim: Claim) -> list[Member]:
    """One claim per value of the split variables (values that ``assume`` excludes by
    themselves are left out), in the claim's order of cases."""
    assert claim.split is not None
    members = []
    for value, game in claim.split.games:
        member = member_claim(claim, claim.split.variables, value, game)
        if member is not None:
            members.append((value, member))
    return members


def member_claim(
    claim: Claim, variables: Sequence[str], value: Sequence[int], game: Game
) -> Claim | None:
    """``claim`` with ``variables`` fixed at ``value`` and played in ``game``; ``None``
    when ``assume`` is then false whatever the other variables are."""
    case = dict(zip(variables, value, strict=True))
    rest = tuple(name for name in claim.variables if name not in case)
    parsed_assume = claim.assume.parsed if claim.assume is not None else None
    admitted, left = assume_at(parsed_assume, case, rest, claim.id)
    if not admitted:
        return None
    assume = (
        None if left is None else Expression(left, compile_expression(left, claim.id, "assume"))
    )
    return replace(
        claim,
        game=game,
        variables=rest,
        ranges={name: claim.ranges[name] for name in rest},
        statement=_with_values(claim.statement, case, rest, claim.id, "statement"),
        position=_member_position(claim, case, rest, game),
        assume=assume,
        params=game.options(),
        split=None,
    )


def _member_position(
    claim: Claim, case: Mapping[str, int], rest: tuple[str, ...], game: Game
) -> Expression:
    """The member's position: the claim's, with the values put in.  A claim that wrote
    none plays its variables as a list (those a game option uses left out), and a split
    variable in that list is put in like any other, even when it is the only one
    (``for_each = ["a"]`` with ``vars = ["a"]`` plays ``[a]``, one heap).  Only when that
    list is empty (every variable is the game's) is the position the one meant when none
    is written, of the member's own game (it may differ from value to value)."""
    if claim.position_given or claim.position.parsed.names:
        return _with_values(claim.position, case, rest, claim.id, "position")
    read = reads_position(e.parsed if e else None for e in (claim.statement, claim.assume))
    try:
        source = default_position_text(game, (), read)
    except ClaimError as exc:
        raise ClaimError(f"claim {claim.id!r}, {exc}") from None
    parsed = literal_expression(source)
    return Expression(parsed, compile_expression(parsed, claim.id, "position"))


def _with_values(
    expression: Expression,
    case: Mapping[str, int],
    rest: tuple[str, ...],
    claim_id: str,
    field: str,
) -> Expression:
    parsed = with_values(expression.parsed, case, rest, claim_id, field)
    return Expression(parsed, compile_expression(parsed, claim_id, field))


def join_verdicts(
    claim: Claim, split: Split, found: Sequence[tuple[tuple[int, ...], Verdict]]
) -> Verdict:
    """The conjunction of the members' verdicts (see the module docstring)."""
    by_word: dict[Word, list[tuple[int, ...]]] = {}
    for value, verdict in found:
        by_word.setdefault(verdict.word, []).append(value)
    summary = "; ".join(
        f"{word.value} for {split.describe(values)}" for word, values in by_word.items()
    )
    details: dict[str, Any] = {
        "per_value": [
            {
                **dict(zip(split.variables, value, strict=True)),
                "word": verdict.word.value,
                "method": verdict.method,
                "scope": verdict.scope,
                "message": verdict.message,
            }
            for value, verdict in found
        ],
    }
    if split.options:
        details["options"] = list(split.options)
    verdicts = [verdict for _, verdict in found]
    method = "per-value: " + "+".join(dict.fromkeys(v.method for v in verdicts))
    cases = sum(v.cases or 0 for v in verdicts) or None
    seconds = sum(v.seconds for v in verdicts)
    # Which word heads the family is the one rule for conjunctions (verdict.py).
    status = combine_conjunction(verdicts).status
    if status is Status.REFUTED:
        refuted = [(value, v) for value, v in found if v.status is Status.REFUTED]
        return _refuted(claim, split, refuted, verdicts, summary, method, details, seconds)
    if status is not Status.PROVED:
        value, first = next((value, v) for value, v in found if v.status is status)
        return Verdict(
            status,
            method,
            claim.scope,
            cases=cases,
            message=f"{summary} (at {_named(split, value)}: {first.message})",
            seconds=seconds,
            details=details,
            assumes=_assumes(verdicts) if status is Status.UNREFUTED else (),
        )
    every_value = all(v.unbounded for v in verdicts)
    rest = [name for name in claim.variables if name not in split.variables]
    scope = claim.scope
    checked = [value for value, _ in found]  # assume may have left values out
    if every_value and rest:
        scope = f"{UNBOUNDED} {', '.join(rest)}, for each {split.describe(checked)}"
    if split.beyond:
        # the ranges held more values than were checked: never "proved", whatever each
        # value's verdict, and the bound named (the scope starts with it, not "unbounded")
        each = f"every {', '.join(rest)}" if every_value and rest else claim.scope
        scope = f"checked for {split.beyond} only ({split.describe(checked)}): {each}"
        summary = (
            f"{summary}; the ranges hold more values of {', '.join(split.variables)} than "
            f"are checked one at a time, so only those with {split.beyond} were checked"
        )
    return Verdict(
        Status.PROVED,
        method,
        scope,
        cases=cases,
        message=summary,
        seconds=seconds,
        details=details,
        assumes=_assumes(verdicts),
    )


def _refuted(
    claim: Claim,
    split: Split,
    refuted: Sequence[tuple[tuple[int, ...], Verdict]],
    every: Sequence[Verdict],
    summary: str,
    method: str,
    details: dict[str, Any],
    seconds: float,
) -> Verdict:
    def order(item: tuple[tuple[int, ...], Verdict]) -> tuple[int, tuple[int, ...]]:
        values = _full_case(claim, split, *item)
        numbers = tuple(values[name] for name in claim.variables)
        return sum(numbers), numbers

    value, verdict = min(refuted, key=order)
    example = _full_case(claim, split, value, verdict)
    # the least of the members' counterexamples is the claim's least only when each is
    # its member's least and no member was left undecided (it might hide a smaller one)
    least = all(v.least is not False for _, v in refuted) and all(
        v.status in (Status.PROVED, Status.REFUTED) for v in every
    )
    extra = {k: v for k, v in (verdict.counterexample or {}).items() if k not in example}
    return Verdict(
        Status.REFUTED,
        method,
        claim.scope,
        cases=verdict.cases,
        counterexample={**example, **extra},
        message=f"fails at {_named(split, value)}: {verdict.message} ({summary})",
        seconds=seconds,
        details={**details, "least": least},
        assumes=verdict.assumes,
    )


def _full_case(
    claim: Claim, split: Split, value: tuple[int, ...], verdict: Verdict
) -> dict[str, Any]:
    """The counterexample's values of every claim variable, in ``vars`` order."""
    found = dict(zip(split.variables, value, strict=True))
    found.update(verdict.counterexample or {})
    return {name: found[name] for name in claim.variables if name in found}


def _named(split: Split, value: tuple[int, ...]) -> str:
    return ", ".join(f"{n} = {v}" for n, v in zip(split.variables, value, strict=True))


def _assumes(verdicts: Sequence[Verdict]) -> tuple[Any, ...]:
    return tuple(dict.fromkeys(a for v in verdicts for a in v.assumes))
