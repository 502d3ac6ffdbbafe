"""Course-ready reports: a short handout for students and the full record beside it.

:func:`build_handout` turns results into a handout (topics in the course's or the claim
file's order, verdicts in plain language, pictures); :func:`build_record` into the
record (engines, parts, seeds, versions, timings).  :func:`write_report_set` writes both
in the chosen formats (HTML, Markdown, LaTeX, PDF), swapping the whole set into place at
once.  The ``grundy report`` command ties them to the theorem library.
"""

from grundy.report.document import Document
from grundy.report.evidence import (
    EVIDENCE,
    EvidenceItem,
    EvidenceResult,
    build_evidence,
    related_evidence,
)
from grundy.report.handout import HandoutOptions, build_handout, claim_anchor
from grundy.report.mathml import MathSyntaxError, latex_to_mathml
from grundy.report.output import (
    Format,
    PdfEngine,
    ReportError,
    find_tex_engine,
    parse_formats,
    require_tex_engine,
    write_atomic,
    write_report,
    write_report_set,
)
from grundy.report.record import RunInfo, build_record, package_versions

__all__ = [
    "EVIDENCE",
    "Document",
    "EvidenceItem",
    "EvidenceResult",
    "Format",
    "HandoutOptions",
    "MathSyntaxError",
    "PdfEngine",
    "ReportError",
    "RunInfo",
    "build_evidence",
    "build_handout",
    "build_record",
    "claim_anchor",
    "find_tex_engine",
    "latex_to_mathml",
    "package_versions",
    "parse_formats",
    "related_evidence",
    "require_tex_engine",
    "write_atomic",
    "write_report",
    "write_report_set",
]
