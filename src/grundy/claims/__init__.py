"""Claim files (TOML) and the claim language (DESIGN.md section 4, issue 5).

``grundy check`` and the theorem library (``proofs/*.toml``) share this: a file of
``[[claim]]`` tables becomes :class:`~grundy.library.Theorem` objects whose check returns
a :class:`~grundy.verdict.Verdict`.  The parts:

- :mod:`grundy.claims.model`: reading and validating claims;
- :mod:`grundy.claims.expression`: the allow-listed expression language (parsed only);
- :mod:`grundy.claims.evaluate`: our interpreter for it (exact golden ratio included),
  with :mod:`~grundy.claims.values`, :mod:`~grundy.claims.operators` and
  :mod:`~grundy.claims.builtin_functions`;
- :mod:`grundy.claims.check`: the claim checker as a pipeline: plan the methods
  (:mod:`~grundy.claims.plan`), run each engine, combine (:mod:`~grundy.claims.combine`);
- the methods: :mod:`~grundy.claims.exhaustive_method`, :mod:`~grundy.claims.random_method`,
  :mod:`grundy.claims.z3_translate` (normal-play Nim claims as Z3 formulas) and
  :mod:`grundy.claims.periodic` (one heap size, every ``n``, from a certified period).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from grundy.claims.check import check_claim
from grundy.claims.model import BadClaim, Claim, Expect, Method, claims_from_file, claims_from_text
from grundy.library import CheckSettings, Expectation, Theorem
from grundy.solve.solver import Play
from grundy.verdict import Verdict

__all__ = [
    "BadClaim",
    "Claim",
    "Expect",
    "Method",
    "check_claim",
    "claims_from_file",
    "claims_from_text",
    "theorem_from_claim",
    "theorems_from_file",
]


def theorems_from_file(path: str | Path) -> Iterator[Theorem]:
    """The claims of a TOML file as theorems (a malformed claim checks to ``error``).

    Raises :class:`~grundy.errors.ClaimError` only when the file cannot be read or is not
    TOML.
    """
    for claim in claims_from_file(path):
        yield theorem_from_claim(claim)


def theorem_from_claim(claim: Claim | BadClaim) -> Theorem:
    """A theorem whose check runs :func:`check_claim` on ``claim``."""

    def check(settings: CheckSettings) -> Verdict:
        return check_claim(claim, settings)

    if isinstance(claim, BadClaim):
        statement, game, title = claim.statement, claim.game_name, claim.title
    else:
        statement, game, title = claim.statement.text, claim.game_name, claim.title
    expect = Expectation(claim.expect.value) if claim.expect else Expectation.HOLDS
    return Theorem(
        id=claim.id,
        title=title or claim.id,
        statement=statement,
        source=claim.source,
        check=check,
        mutant_of=claim.mutant_of,
        expect=expect,
        latex=claim.latex,
        game=game,
        tags=claim.tags,
        play=claim.play if isinstance(claim, Claim) else Play.NORMAL,
    )
