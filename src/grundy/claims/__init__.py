"""Claim files (TOML) and the claim language (DESIGN.md section 4, issue 5).

``grundy check`` and the theorem library (``proofs/*.toml``) share this: a file of
``[[claim]]`` tables becomes claims, and :func:`check_claim` turns a claim into a
:class:`~grundy.verdict.Verdict`.  (The library, one layer up, makes theorems of them:
:func:`grundy.library.theorems_from_file`.)  The parts:

- :mod:`grundy.claims.model`: reading and validating claims;
- :mod:`grundy.claims.expression`: the allow-listed expression language (parsed only);
- :mod:`grundy.claims.evaluate`: our interpreter for it (exact golden ratio included);
- :mod:`grundy.claims.check`: the domain, the engines and the verdict;
- :mod:`grundy.claims.z3_translate`: normal-play Nim claims as Z3 formulas.
"""

from __future__ import annotations

from grundy.claims.check import check_claim
from grundy.claims.model import BadClaim, Claim, Expect, Method, claims_from_file, claims_from_text

__all__ = [
    "BadClaim",
    "Claim",
    "Expect",
    "Method",
    "check_claim",
    "claims_from_file",
    "claims_from_text",
]
