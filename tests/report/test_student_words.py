"""Every word of the handout comes from a claim, a game, typeset mathematics or the one
module of student sentences (issue 35): built in tracing mode, a handout has no run of
words left once the marked ones are taken out."""

from __future__ import annotations

import pytest

from grundy.library import TheoremResult, load_library
from grundy.report import HandoutOptions, build_handout
from grundy.report.document import Paragraph, Section
from grundy.report.student_words import SENTENCES, say, strip_marks, tracing
from grundy.report.studenttext import student_text_problems, untraced_runs
from grundy.report.topics import course_topics
from grundy.verdict import UNBOUNDED, Assumption, Status, Verdict

LIBRARY = load_library()
KINDS = (
    Verdict(Status.PROVED, "z3", UNBOUNDED),
    Verdict(
        Status.PROVED,
        "exhaustive",
        "bounded: 0 <= n <= 30",
        cases=31,
        assumes=(Assumption("bouton-k-heaps", UNBOUNDED),),
    ),
    Verdict(Status.UNREFUTED, "random", "random: 0 <= n <= 10^6", cases=2000),
    Verdict(Status.UNKNOWN, "z3", "bounded: 0 <= n <= 9", message="z3 timed out after 20 s"),
)
REFUTED = Verdict(
    Status.REFUTED,
    "exhaustive",
    "bounded: 0 <= n <= 3",
    counterexample={"n": 3, "position": [3], "outcome": "N", "grundy": 3},
)


def _handout(mutants: bool = True) -> tuple[list[str], str]:
    results = [
        TheoremResult(theorem, REFUTED if theorem.is_mutant else KINDS[index % len(KINDS)])
        for index, theorem in enumerate(LIBRARY)
    ]
    titles = {theorem.id: theorem.title for theorem in LIBRARY}
    with tracing():
        document = build_handout(
            course_topics(results), HandoutOptions("Notes", mutants=mutants), {}, {}, titles
        )
    return untraced_runs(document), document


def test_every_word_of_the_library_handout_is_traced_to_its_source() -> None:
    leaks, _ = _handout()
    assert leaks == []


def test_a_sentence_written_outside_the_module_is_caught() -> None:
    with tracing():
        document = build_handout(course_topics([]), HandoutOptions("Notes"), {}, {}, {})
        planted = Section(
            "x",
            "x",
            (Paragraph((say("verdict.label"), " the exact solver agrees.")),),
        )
    document = type(document)(document.title, (*document.sections, planted))
    assert untraced_runs(document) == ["x: the exact solver agrees."]


def test_a_blank_cannot_carry_words_of_its_own() -> None:
    with tracing():
        leaked = say("verdict.proved-every", scope="heap the engine found")
        traced = say("verdict.proved-every", scope="0 ≤ n ≤ 5")
    assert strip_marks(leaked) == "Proved for every heap the engine found."
    section = Section("s", "s", (Paragraph((leaked,)), Paragraph((traced,))))
    document = type(build_handout([], HandoutOptions("N"), {}, {}, {}))("N", (section,))
    assert untraced_runs(document) == ["s: heap the engine found"]


def test_outside_tracing_the_words_are_plain() -> None:
    assert say("verdict.proved-nobound") == "Proved for every case, with no bound."
    assert "\ue000" not in say("summary.legend")


@pytest.mark.parametrize("key", sorted(SENTENCES))
def test_no_sentence_of_the_module_uses_a_software_word(key: str) -> None:
    assert student_text_problems(SENTENCES[key]) == [], key


def test_an_unknown_verdict_says_nothing_of_the_engine() -> None:
    _, document = _handout()
    text = strip_marks(str(document))
    assert "timed out" not in text and "z3" not in text


def _reading_order(document) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    from grundy.report.definitions import CONCEPTS
    from grundy.report.studenttext import document_runs

    definitions = {strip_marks(say(f"define.{key}")): key for key, _ in CONCEPTS}
    runs = []
    for _, run in document_runs(document):
        text = strip_marks(run)
        key = next((k for words, k in definitions.items() if text.endswith(words)), None)
        runs.append((f"define {key}" if key else "text", text))
    return runs


def test_the_handout_opens_with_definitions_each_before_its_first_use() -> None:
    from grundy.report.definitions import undefined_uses

    _, document = _handout()
    assert strip_marks(document.sections[0].title) == "Definitions and rules"
    assert undefined_uses(_reading_order(document)) == []
    text = strip_marks(str(document.sections[0]))
    assert "Chomp is played on a rectangular bar" in text  # a game's rules, in prose
    assert "Ω(k)" in text and "𝒫⁻" in text  # the notation used later


def test_a_handout_defines_only_what_it_uses() -> None:
    chomp = [t for t in LIBRARY if t.game == "chomp" and not t.is_mutant][:2]
    results = [TheoremResult(t, KINDS[0]) for t in chomp]
    document = build_handout(course_topics(results), HandoutOptions("N"), {}, {}, {})
    text = str(document.sections[0])
    assert "Chomp is played" in text and "Nim is played" not in text
    assert "Lucky Nim" not in text and "loopy" not in text


def test_a_word_used_before_its_definition_is_caught() -> None:
    from grundy.report.definitions import undefined_uses

    runs = [("text", "the mex of the options"), ("define mex", "the smallest number")]
    assert undefined_uses(runs) == ["mex: the mex of the options", "move: the mex of the options"]
