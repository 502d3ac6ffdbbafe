"""Evidence a student would want to look at, computed by the solver for the report.

Every number shown here comes from :mod:`grundy.solve` playing the games of
:mod:`grundy.games`; nothing is typed in.  Each piece of evidence is an
:class:`EvidenceItem` with the topics (game names and theorem tags) it belongs to, so a
report about a few theorems shows only what concerns them.  A piece whose game is not
in the catalogue is skipped and named in :attr:`EvidenceResult.skipped`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from grundy.errors import UnknownGameError
from grundy.report.document import Section
from grundy.report.evidence_boards import BOARD_EVIDENCE
from grundy.report.evidence_heaps import HEAP_EVIDENCE
from grundy.report.evidence_nim import NIM_EVIDENCE
from grundy.report.evidence_parts import EvidenceItem

__all__ = [
    "EVIDENCE",
    "EvidenceItem",
    "EvidenceResult",
    "build_evidence",
    "related_evidence",
]


@dataclass(frozen=True, slots=True)
class EvidenceResult:
    sections: tuple[Section, ...]
    skipped: tuple[str, ...]  # "key: reason", for pieces whose game does not exist yet


def build_evidence(items: Iterable[EvidenceItem] | None = None) -> EvidenceResult:
    """Build each piece; a piece whose game is missing from the catalogue is skipped."""
    sections, skipped = [], []
    for item in EVIDENCE if items is None else items:
        try:
            sections.append(item.build())
        except UnknownGameError as exc:
            skipped.append(f"{item.key}: {exc}".split(";")[0])
    return EvidenceResult(tuple(sections), tuple(skipped))


EVIDENCE: tuple[EvidenceItem, ...] = NIM_EVIDENCE + HEAP_EVIDENCE + BOARD_EVIDENCE


def related_evidence(
    games_and_tags: Iterable[str], items: Sequence[EvidenceItem] = EVIDENCE
) -> list[EvidenceItem]:
    """The evidence whose topics meet the given game names and theorem tags.

    >>> [item.key for item in related_evidence(["wythoff"])]
    ['wythoff']
    """
    wanted = {word.lower() for word in games_and_tags}
    return [item for item in items if item.topics & wanted]
