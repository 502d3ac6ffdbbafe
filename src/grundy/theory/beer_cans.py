"""The beer-can game as the slides pose it: round cans on a round table, by Z3 over the reals.

Cans are discs of radius r > 0; a can at point p is legal when it lies on the table and
overlaps no can already there (centres at least 2r apart; touching is allowed).  The
first player's strategy: the first can at the centre O, then the point reflection -p of
every can p the opponent places.  Invariant: the cans on the table are the centre can
and pairs {q, -q}, a centrally symmetric set.

One reply, for arbitrary real coordinates (Z3's nonlinear real arithmetic): if the cans
are symmetric and the opponent's can p is legal, then -p is legal too:

- it lies on the table (the table is centrally symmetric);
- it misses the centre can (|-p| = |p| >= 2r, as p missed it);
- it misses p itself (|p - (-p)| = 2|p| >= 4r: this is where the centre can is needed);
- it misses every earlier can q (-q is also on the table and p missed it, and
  |-p - q| = |p - (-q)|).

Since every reply has an answer and the table holds finitely many disjoint discs (their
total area is at most the table's), the opponent is the first who cannot place a can.
Two tables: a disc of radius R (the slides' round table; the centre can fits when R >= r),
and any centrally symmetric table, given by an uninterpreted predicate "a can fits at p"
with its symmetry at the points the proof uses.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import z3

from grundy.verdict import UNBOUNDED, Verdict
from grundy.verify.z3engine import prove_z3

__all__ = ["prove_disc_table", "prove_symmetric_table"]

_TOLERANCE = Fraction(1, 10**9)


def _square(x: Any, y: Any) -> Any:
    return x * x + y * y


def _apart(x1: Any, y1: Any, x2: Any, y2: Any, r: Any) -> Any:
    """The discs of radius r at the two centres do not overlap (they may touch)."""
    return _square(x1 - x2, y1 - y2) >= 4 * r * r


def prove_disc_table(*, with_centre: bool = True, timeout_ms: int, seed: int = 0) -> Verdict:
    """Round cans of radius r on a round table of radius R >= r, every r and R.

    ``with_centre=False`` drops the centre can (the mutant: mirroring alone).
    """
    # a fresh context: the model of a refutation then depends only on this query and seed
    big, r, px, py, qx, qy = z3.Reals("R r px py qx qy", z3.Context())

    def on_table(x: Any, y: Any) -> Any:
        return _square(x, y) <= (big - r) * (big - r)

    premise = [r > 0, big >= r, on_table(px, py), on_table(qx, qy)]
    # the opponent's can p is legal: it misses the cans there, among them -q (and O)
    premise += [_apart(px, py, -qx, -qy, r), _apart(px, py, qx, qy, r)]
    if with_centre:
        premise.append(_apart(px, py, 0, 0, r))
    conclusion = [on_table(-px, -py), _apart(-px, -py, px, py, r), _apart(-px, -py, qx, qy, r)]
    if with_centre:
        conclusion += [_apart(-px, -py, 0, 0, r), on_table(0, 0)]
    goal = z3.Implies(z3.And(*premise), z3.And(*conclusion))
    names = ["R", "r", "px", "py", "qx", "qy"]
    variables = [big, r, px, py, qx, qy]

    def recheck(case: Mapping[str, Fraction]) -> bool:
        return _reply_is_legal(case, with_centre, disc_radius=case["R"])

    return prove_z3(
        goal,
        scope=UNBOUNDED,
        timeout_ms=timeout_ms,
        method="z3",
        decode=lambda model: _reals(model, names, variables),
        recheck=recheck,
        seed=seed,
    )


def prove_symmetric_table(*, timeout_ms: int, seed: int = 0) -> Verdict:
    """Any centrally symmetric table on which a can fits at the centre: "a can fits at
    (x, y)" is uninterpreted, assumed only to hold at O and to be symmetric at p."""
    context = z3.Context()
    r, px, py, qx, qy = z3.Reals("r px py qx qy", context)
    real = z3.RealSort(context)
    fits = z3.Function("fits", real, real, z3.BoolSort(context))
    symmetric = fits(px, py) == fits(-px, -py)
    premise = z3.And(
        r > 0,
        fits(0, 0),
        symmetric,
        fits(px, py),
        _apart(px, py, 0, 0, r),
        _apart(px, py, qx, qy, r),
        _apart(px, py, -qx, -qy, r),
    )
    goal = z3.Implies(
        premise,
        z3.And(
            fits(-px, -py),
            _apart(-px, -py, 0, 0, r),
            _apart(-px, -py, px, py, r),
            _apart(-px, -py, qx, qy, r),
        ),
    )
    names = ["r", "px", "py", "qx", "qy"]
    return prove_z3(
        goal,
        scope=UNBOUNDED,
        timeout_ms=timeout_ms,
        method="z3",
        decode=lambda model: _reals(model, names, [r, px, py, qx, qy]),
        recheck=lambda case: _reply_is_legal(case, True, disc_radius=None),
        seed=seed,
    )


def _reals(model: z3.ModelRef, names: list[str], variables: list[z3.ArithRef]) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for name, variable in zip(names, variables, strict=True):
        value = model.eval(variable, model_completion=True)
        if z3.is_rational_value(value):
            exact = Fraction(value.numerator_as_long(), value.denominator_as_long())
        else:  # an algebraic number: a close rational, re-checked with a tolerance
            exact = Fraction(value.approx(30).as_fraction())
        values[name] = int(exact) if exact.denominator == 1 else exact
    return values


def _reply_is_legal(case: Mapping[str, Fraction], with_centre: bool, disc_radius: Any) -> bool:
    """The statement on concrete numbers: if p was legal, so is -p.  Inequalities are
    decided with a small tolerance, in the statement's favour (an approximate model can
    only fail to refute, never refute wrongly)."""
    r, px, py, qx, qy = (Fraction(case[name]) for name in ("r", "px", "py", "qx", "qy"))

    def gap(x1: Fraction, y1: Fraction, x2: Fraction | int, y2: Fraction | int) -> Fraction:
        """The squared distance of the centres beyond 4 r^2 (negative: overlap)."""
        return Fraction((x1 - x2) ** 2 + (y1 - y2) ** 2 - 4 * r * r)

    def apart(x1: Fraction, y1: Fraction, x2: Fraction | int, y2: Fraction | int) -> bool:
        return gap(x1, y1, x2, y2) >= -_TOLERANCE

    def strictly_apart(x1: Fraction, y1: Fraction, x2: Fraction | int, y2: Fraction | int) -> bool:
        return gap(x1, y1, x2, y2) >= _TOLERANCE

    if r <= 0:
        return True
    legal = strictly_apart(px, py, qx, qy) and strictly_apart(px, py, -qx, -qy)
    if with_centre:
        legal = legal and strictly_apart(px, py, 0, 0)
    if disc_radius is not None:
        big = Fraction(disc_radius)
        inside = _square(px, py) <= (big - r) ** 2 and _square(qx, qy) <= (big - r) ** 2
        legal = legal and inside and big >= r
    if not legal:
        return True  # the premise fails: nothing to check
    reply = apart(-px, -py, px, py) and apart(-px, -py, qx, qy)
    if with_centre:
        reply = reply and apart(-px, -py, 0, 0)
    return reply
