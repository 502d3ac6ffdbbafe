"""Claim files (TOML) and the claim language (DESIGN.md section 4, issue 5).

``grundy check`` and the theorem library (``proofs/*.toml``) share this: a file of
``[[claim]]`` tables becomes claims, and :func:`check_claim` turns a claim into a
:class:`~grundy.verdict.Verdict`.  (The library, one layer up, makes theorems of them:
:func:`grundy.library.theorems_from_file`.)  The parts:

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

from grundy.claims.check import check_claim
from grundy.claims.file_meta import FileMeta, file_meta
from grundy.claims.model import (
    BadClaim,
    Claim,
    Expect,
    Method,
    claims_from_file,
    claims_from_text,
)

__all__ = [
    "BadClaim",
    "Claim",
    "Expect",
    "FileMeta",
    "Method",
    "check_claim",
    "claims_from_file",
    "claims_from_text",
    "file_meta",
]
