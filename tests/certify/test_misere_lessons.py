"""The sums the element construction learns from (grundy.solve.misere_extend.Lesson):
each is claimed to be judged wrong by the candidate of its round, with the opposite
outcome as the true one.  Checked here against the plain misère search, which knows
nothing of monoids, for games whose construction needs such rounds."""

import pytest

from grundy.games.octal import OctalGame
from grundy.solve.misere_extend import Lesson
from grundy.solve.misere_outcomes import HeapRules, MisereOutcomes
from grundy.solve.misere_quotient import misere_quotient
from grundy.solve.misere_verify import colex_key


def _lessons(code: str, upto: int) -> list[Lesson]:
    found: list[Lesson] = []
    misere_quotient(OctalGame(code), upto, watch=found.append)
    return found


@pytest.mark.parametrize(("code", "upto", "heaps"), [("0.07", 14, {10}), ("0.26", 13, {11, 13})])
def test_each_lesson_has_the_outcome_of_the_plain_search(code, upto, heaps):
    lessons = _lessons(code, upto)
    assert {lesson.heap for lesson in lessons} == heaps  # rounds were needed there
    plain = MisereOutcomes(HeapRules.of(OctalGame(code), upto))
    for lesson in lessons:
        assert plain.is_p(tuple(sorted(lesson.position))) == lesson.is_p, lesson
        assert lesson.heap in lesson.position and max(lesson.position) == lesson.heap


def test_a_flipped_lesson_is_refuted_by_the_plain_search():
    # the check above can fail: the same lessons with one outcome turned over do not pass
    lessons = _lessons("0.26", 13)
    plain = MisereOutcomes(HeapRules.of(OctalGame("0.26"), 13))
    for flipped in range(len(lessons)):
        outcomes = [lesson.is_p != (k == flipped) for k, lesson in enumerate(lessons)]
        agree = [
            plain.is_p(tuple(sorted(lesson.position))) == said
            for lesson, said in zip(lessons, outcomes, strict=True)
        ]
        assert agree.count(False) == 1 and not agree[flipped]


def test_lessons_move_on_along_the_order_of_sums_and_are_numbered_by_round():
    # the rule does not promise this (a new candidate is checked only on the lessons so
    # far, so it might go wrong on an earlier sum), but it holds here, as it does for
    # every trace in bench/QUOTIENTS.md; a change that breaks it should be looked at
    lessons = _lessons("0.26", 13)
    for heap in {lesson.heap for lesson in lessons}:
        at = [lesson for lesson in lessons if lesson.heap == heap]
        assert [lesson.round for lesson in at] == list(range(1, len(at) + 1))
        keys = [colex_key(lesson.position) for lesson in at]
        assert keys == sorted(set(keys))
        assert all(lesson.candidate_size > 0 for lesson in at)


def test_no_lesson_when_every_heap_is_placed_without_rounds():
    assert _lessons("0.07", 9) == []
