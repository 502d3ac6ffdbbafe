"""Course-ready verification reports: HTML, Markdown, LaTeX and PDF.

:func:`build_document` turns theorem results into a format-independent document
(summary, theorems, evidence, reproducibility); :func:`write_report` writes it in the
chosen formats, each file atomically.  The ``grundy report`` command ties the two to
the theorem library.
"""

from grundy.report.build import RunInfo, build_document, package_versions, theorem_anchor
from grundy.report.document import Document
from grundy.report.evidence import (
    EVIDENCE,
    EvidenceItem,
    EvidenceResult,
    build_evidence,
    related_evidence,
)
from grundy.report.latexmath import MathSyntaxError, latex_to_mathml
from grundy.report.output import (
    Format,
    ReportError,
    find_tex_engine,
    parse_formats,
    require_tex_engine,
    write_atomic,
    write_report,
)

__all__ = [
    "EVIDENCE",
    "Document",
    "EvidenceItem",
    "EvidenceResult",
    "Format",
    "MathSyntaxError",
    "ReportError",
    "RunInfo",
    "build_document",
    "build_evidence",
    "find_tex_engine",
    "latex_to_mathml",
    "package_versions",
    "parse_formats",
    "related_evidence",
    "require_tex_engine",
    "theorem_anchor",
    "write_atomic",
    "write_report",
]
