"""Certificates that a small independent checker re-verifies.

:mod:`grundy.certify.periodicity` finds the period of a heap game's Grundy sequence and,
where a theorem applies, builds a :class:`PeriodicityCertificate`;
:mod:`grundy.certify.periodicity_check` re-checks such a certificate from the game's
rules alone, sharing no code with the solvers.
"""

from grundy.certify.periodicity import (
    PeriodicityCertificate,
    PeriodReport,
    observed_period,
    period_report,
)
from grundy.certify.periodicity_check import CertificateCheck, check_certificate

__all__ = [
    "CertificateCheck",
    "PeriodReport",
    "PeriodicityCertificate",
    "check_certificate",
    "observed_period",
    "period_report",
]
