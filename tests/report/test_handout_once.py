"""The handout says each statement once, in the course's order, with the answers at the
end and no software tests (issue 25 sections 2 and 3)."""

from __future__ import annotations

from grundy.library import TheoremResult, load_library
from grundy.report import HandoutOptions, build_handout
from grundy.report.document import Paragraph, Section, plain_text
from grundy.report.topics import course_topics
from grundy.verdict import UNBOUNDED, Status, Verdict

LIBRARY = {t.id: t for t in load_library()}
CHECKED = Verdict(Status.PROVED, "exhaustive", "bounded: 0 <= n <= 3", cases=4)
PROVED = Verdict(Status.PROVED, "z3", UNBOUNDED)
UNKNOWN = Verdict(Status.UNKNOWN, "z3", "", message="time limit")


def _anchors(sections: tuple[Section, ...] | tuple[object, ...]) -> list[str]:
    found = []
    for block in sections:
        if isinstance(block, Section):
            found.append(block.anchor)
            found.extend(_anchors(block.blocks))
    return found


def _handout(verdicts: dict[str, Verdict], answers: dict | None = None):  # type: ignore[type-arg]
    results = [TheoremResult(LIBRARY[i], v) for i, v in verdicts.items()]
    titles = {i: LIBRARY[i].title for i in verdicts}
    return build_handout(course_topics(results), HandoutOptions("T"), {}, {}, titles, answers or {})


def test_a_bounded_check_implied_by_a_proved_theorem_is_left_to_the_record() -> None:
    weak = LIBRARY["sg-sum-rule"]
    assert weak.implied_by == "sg-sum-rule-every-game"  # declared in proofs/
    anchors = _anchors(_handout({weak.id: CHECKED, weak.implied_by: PROVED}).sections)
    assert f"thm-{weak.implied_by}" in anchors and f"thm-{weak.id}" not in anchors


def test_the_bounded_check_stays_when_the_stronger_theorem_is_not_shown_to_hold() -> None:
    weak = LIBRARY["sg-sum-rule"]
    alone = _anchors(_handout({weak.id: CHECKED}).sections)
    assert f"thm-{weak.id}" in alone
    failed = _anchors(_handout({weak.id: CHECKED, weak.implied_by or "": UNKNOWN}).sections)
    assert f"thm-{weak.id}" in failed


def test_every_declared_link_names_a_stronger_theorem_of_the_library() -> None:
    links = {t.id: t.implied_by for t in LIBRARY.values() if t.implied_by}
    assert len(links) >= 15
    for weak, strong in links.items():
        assert strong in LIBRARY and not LIBRARY[strong].is_mutant, weak


def test_software_tests_are_in_the_record_only() -> None:
    engine = next(t for t in LIBRARY.values() if "engine" in t.tags and not t.is_mutant)
    other = LIBRARY["kayles-period-12"]
    anchors = _anchors(_handout({engine.id: CHECKED, other.id: PROVED}).sections)
    assert f"thm-{other.id}" in anchors and f"thm-{engine.id}" not in anchors


def test_worked_answers_go_to_an_answers_part_at_the_end() -> None:
    exercise = LIBRARY["handout-exercise-4"]
    worked = Section("The worked answer", "evidence-x", (Paragraph(("ANSWER TEXT",)),))
    handout = _handout({exercise.id: CHECKED}, {exercise.id: [worked]})
    last = handout.sections[-1]
    assert last.anchor == "answers"
    exercise_section = next(  # asked in the exercises part
        block
        for section in handout.sections[:-1]
        for block in section.blocks
        if isinstance(block, Section) and block.anchor == f"exercise-{exercise.id}"
    )
    texts = [plain_text(b.content) for b in exercise_section.blocks if isinstance(b, Paragraph)]
    assert not any("ANSWER TEXT" in t for t in texts)
    assert any(t.startswith("Answer: in the answers") for t in texts)
    answer_texts = [
        plain_text(b.content)
        for part in last.blocks
        if isinstance(part, Section)
        for b in part.blocks
        if isinstance(b, Paragraph)
    ]
    assert "ANSWER TEXT" in answer_texts


def test_a_claim_file_declares_the_stronger_theorem_it_is_a_case_of() -> None:
    # proofs/nim_positions.toml: misère Nim on three heaps up to 9 is a case of misère Nim
    # for every number of heaps (proofs/bouton.py); the handout states the rule once
    weak = LIBRARY["nim-positions-misere-rule"]
    assert weak.implied_by == "misere-nim-any-number-of-heaps"
    anchors = _anchors(_handout({weak.id: CHECKED, weak.implied_by: PROVED}).sections)
    assert f"thm-{weak.implied_by}" in anchors and f"thm-{weak.id}" not in anchors


def test_the_handout_names_no_engine_in_a_statement_s_words() -> None:
    # proofs/nim_heap_value.py says its step is "proved by Z3"; students read "by machine"
    theorem = LIBRARY["nim-heap-value-every-heap"]
    assert "Z3" in theorem.statement
    handout = _handout({theorem.id: PROVED})
    words = [plain_text(b.content) for b in _blocks(handout.sections) if isinstance(b, Paragraph)]
    said = " ".join(words)
    assert "by machine" in said and "Z3" not in said


def _blocks(sections: tuple[object, ...]) -> list[object]:
    found: list[object] = []
    for block in sections:
        found.append(block)
        if isinstance(block, Section):
            found.extend(_blocks(block.blocks))
    return found
