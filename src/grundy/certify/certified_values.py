"""A heap game's Grundy values with a certified period, re-checked independently.

The values are computed by the fast engine until :func:`~grundy.certify.period_report`
certifies a period (Guy-Smith for octal games, the window argument for subtraction
games) or :data:`CERTIFY_UPTO` values are reached; the certificate must then pass the
independent :func:`~grundy.certify.check_certificate` and describe exactly the game asked
about.  The result, :class:`CertifiedValues`, gives ``G(m)`` for every ``m`` by a table
look-up; the claim checker's certificate method (:mod:`grundy.claims.periodic`) reads it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from grundy.certify.periodicity import (
    PeriodicityCertificate,
    build_certificate,
    period_report,
)
from grundy.certify.periodicity_check import check_certificate
from grundy.errors import GrundyError, InvalidParameterError
from grundy.games.base import HeapGame, plays_by
from grundy.games.declared import first_disagreement
from grundy.games.octal import OctalGame
from grundy.games.subtraction import SubtractionGame
from grundy.solve import grundy_sequence

__all__ = ["CERTIFY_UPTO", "CertifiedValues", "NotApplicable", "certified_values"]

CERTIFY_UPTO = 4_000
"""Most values computed while looking for a certified period (``quick``: a quarter)."""


_FIRST_UPTO = 500


@dataclass(frozen=True, slots=True)
class NotApplicable:
    """Why the certificate method does not decide a claim (``auto`` moves on).

    ``values`` are the game's certified values when there are some (the statement was
    the problem): random search can then use them instead of solving huge heaps.
    """

    reason: str
    values: CertifiedValues | None = None


@dataclass(frozen=True, slots=True)
class CertifiedValues:
    """``G(m)`` for every ``m``, from a certificate that the independent checker accepted.

    >>> table = CertifiedValues((0, 1, 2, 0, 1, 2, 0), preperiod=0, period=3, theorem="t",
    ...                         reach=2)
    >>> [table.value(m) for m in (5, 10**18)]
    [2, 1]
    """

    values: tuple[int, ...]
    preperiod: int
    period: int
    theorem: str
    reach: int

    def value(self, heap: int) -> int:
        if heap < len(self.values):
            return self.values[heap]
        return self.values[self.reduced(heap)]

    def reduced(self, heap: int) -> int:
        """The least heap with the same value as ``heap`` by the period (itself below n0)."""
        if heap < self.preperiod:
            return heap
        return self.preperiod + (heap - self.preperiod) % self.period

    def details(self) -> dict[str, Any]:
        return {
            "theorem": self.theorem,
            "n0": self.preperiod,
            "period": self.period,
            "t": self.reach,
            "values_checked": len(self.values),
        }


def certified_values(game: Any, *, quick: bool = False) -> CertifiedValues | NotApplicable:
    """The game's Grundy values with a certified period, re-checked independently.

    Values are computed (fast engine) until :func:`~grundy.certify.period_report`
    certifies a period or :data:`CERTIFY_UPTO` is reached; the certificate must then pass
    :func:`~grundy.certify.check_certificate` and describe the claim's own game.
    """
    if not isinstance(game, HeapGame):
        return NotApplicable(f"{game.label} is not a heap game")
    try:
        build_certificate(game, (), 1, 0)  # raises when no periodicity theorem covers the game
    except InvalidParameterError as exc:
        return NotApplicable(f"no certified period: {exc}")
    cap = CERTIFY_UPTO // 4 if quick else CERTIFY_UPTO
    upto = min(_FIRST_UPTO, cap)
    while True:
        report = period_report(game, grundy_sequence(game, upto))
        if report.certified and report.certificate is not None:
            return _accepted(game, report.certificate)
        wanted = report.needed_upto if report.needed_upto is not None else upto * 4
        if wanted <= upto or upto >= cap:
            return NotApplicable(f"no certified period within G(0..{upto}): {report.reason}")
        upto = min(wanted, cap)


def _accepted(game: Any, certificate: PeriodicityCertificate) -> CertifiedValues | NotApplicable:
    check = check_certificate(certificate)
    if not check.valid:
        return NotApplicable(
            f"the periodicity certificate was rejected by the independent checker: "
            f"{check.problems[0]}"
        )
    try:
        # the claim's game must play by exactly the rules the certificate names
        if certificate.game == "octal":
            same = plays_by(game, OctalGame) and game.digits == OctalGame(certificate.rules).digits
        elif certificate.game == "subtraction":
            rules = SubtractionGame([int(s) for s in certificate.rules.split(",")])
            same = plays_by(game, SubtractionGame) and game.subtraction_set == rules.subtraction_set
        else:
            same = False
        # a user's class declaring its rules plays by them by construction; its moves are
        # compared with them on small heaps all the same, a check that costs nothing
        same = same and first_disagreement(game, 2 * certificate.reach + 2) is None
    except (GrundyError, ValueError):
        same = False
    if not same:
        return NotApplicable(
            f"the periodicity certificate describes {certificate.game} {certificate.rules}, "
            f"not {game.label}"
        )
    return CertifiedValues(
        tuple(certificate.values.tolist()),  # at most CERTIFY_UPTO values
        certificate.preperiod,
        certificate.period,
        certificate.theorem,
        certificate.reach,
    )
