"""A claim's source in a sentence of its own, punctuated once."""

from __future__ import annotations

import pytest

from grundy.report.sources import source_said
from grundy.report.student_words import strip_marks


@pytest.mark.parametrize("key", ["claim.source", "answer.source"])
def test_a_source_that_ends_its_own_sentence_gets_no_second_stop(key: str) -> None:
    """ "Source: the slides, what if the last player to move loses?." had two stops."""
    asked = strip_marks(source_said(key, "000 what if the last player to move loses?"))
    assert asked.strip() == "Source: the slides, what if the last player to move loses?"
    plain = strip_marks(source_said(key, "Winning Ways, ch. 4"))
    assert plain.strip() == "Source: Winning Ways, ch. 4."
    ended = strip_marks(source_said(key, "C. L. Bouton, Ann. Math."))
    assert ended.strip() == "Source: C. L. Bouton, Ann. Math."
