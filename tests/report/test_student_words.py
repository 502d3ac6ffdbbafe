"""Every word of the handout comes from a claim, a game, typeset mathematics or the one
module of student sentences (issue 35): built in tracing mode, a handout has no run of
words left once the marked ones are taken out."""

from __future__ import annotations

import pytest

from grundy.library import TheoremResult, load_library
from grundy.report import HandoutOptions, build_handout
from grundy.report.document import Document, Paragraph, Section
from grundy.report.gameevidence import file_claims
from grundy.report.student_words import SENTENCES, say, strip_marks, tracing
from grundy.report.studenttext import student_text_problems, untraced_runs
from grundy.report.topics import course_topics
from grundy.verdict import UNBOUNDED, Assumption, Status, Verdict
from tests.report.helpers import reading_order

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
    claims = file_claims(results)  # as `grundy report` does: a claim file's claim is typeset
    with tracing():
        document = build_handout(
            course_topics(results), HandoutOptions("Notes", mutants=mutants), {}, claims, titles
        )
    return untraced_runs(document), document


def test_every_word_of_the_library_handout_is_traced_to_its_source() -> None:
    leaks, _ = _handout()
    assert leaks == []


@pytest.mark.parametrize("mutants", [False, True])
def test_the_library_handout_says_nothing_of_the_software(mutants: bool) -> None:
    # The statements' own words, the mistakes (the library's mutants, shown with
    # ``--mutants``) included, read as a lecturer writes them: no "exhaustive", no
    # "tested with", no code where words belong.
    from grundy.report.studenttext import document_runs

    _, document = _handout(mutants=mutants)
    text = "\n".join(strip_marks(run) for _, run in document_runs(document))
    assert ("A plausible mistake" in text) is mutants
    assert student_text_problems(text, [t.id for t in LIBRARY]) == []


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


def test_the_handout_opens_with_definitions_each_before_its_first_use() -> None:
    from grundy.report.definitions import undefined_uses

    _, document = _handout()
    assert strip_marks(document.sections[0].title) == "Definitions and rules"
    assert undefined_uses(reading_order(document)) == []
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


# -- The pictures, tables and worked examples beside the statements -----------------------


@pytest.fixture(scope="module")
def with_evidence() -> Document:
    """The library handout with every piece of evidence placed as ``grundy report`` places
    it (each built once, in tracing mode: a few seconds, Kayles' period the longest)."""
    from grundy.report.evidence import EVIDENCE
    from grundy.report.handout import place_evidence

    results = [TheoremResult(t, KINDS[i % len(KINDS)]) for i, t in enumerate(LIBRARY)]
    with tracing():
        topics = course_topics(results)
        built = {item.key: item.build() for item in EVIDENCE}
        placed = {
            key: [built[item.key] for item in items]
            for key, items in place_evidence(topics, EVIDENCE).items()
        }
        titles = {theorem.id: theorem.title for theorem in LIBRARY}
        document = build_handout(topics, HandoutOptions("Notes"), placed, {}, titles)
    return document


def test_every_word_of_the_evidence_is_traced_to_its_source(with_evidence: Document) -> None:
    from grundy.report.evidence import EVIDENCE

    anchors = {s.anchor for topic in with_evidence.sections for s in _sections(topic)}
    assert {f"evidence-{item.key}" for item in EVIDENCE} <= anchors  # every kind is in
    assert untraced_runs(with_evidence) == []


def test_the_evidence_says_nothing_of_the_software(with_evidence: Document) -> None:
    from grundy.report.studenttext import document_runs

    evidence = [s for topic in with_evidence.sections for s in _sections(topic)]
    evidence = [s for s in evidence if s.anchor.startswith("evidence-")]
    text = "\n".join(
        strip_marks(run)
        for section in evidence
        for _, run in document_runs(type(with_evidence)("e", (section,)))
    )
    assert "Wythoff" in text and "snake" in text  # the evidence is there
    assert student_text_problems(text) == []
    for words in ("solver", "grundy)", "re-checked", "certificate", "catalogue"):
        assert words not in text


def _sections(section: Section) -> list[Section]:
    inner = [b for b in section.blocks if isinstance(b, Section)]
    return [section, *(s for child in inner for s in _sections(child))]


def test_the_evidence_of_a_lecturers_own_games_is_traced() -> None:
    from pathlib import Path

    from grundy.claims import Claim, claims_from_file
    from grundy.report.gameevidence import game_evidence, game_title

    here = Path(__file__).parent
    claims = [
        c
        for name in ("lecture_sums.toml", "lecture_misere.toml", "week3.toml")
        for c in claims_from_file(here / name)
        if isinstance(c, Claim)
    ]
    with tracing():
        pieces = game_evidence(claims)
        titles = [game_title(c) for c in claims]
        sections = tuple(
            Section(title, f"t{i}", (section,)) for i, (title, section) in enumerate(pieces)
        )
        heads = tuple(Section(t, f"h{i}", ()) for i, t in enumerate(titles))
    assert pieces  # a sum, a subtraction game, a picture...
    document = type(build_handout([], HandoutOptions("N"), {}, {}, {}))("N", sections + heads)
    assert untraced_runs(document) == []


# -- Proofs, not only verdicts --------------------------------------------------------------


def _text(document: Document) -> str:
    from grundy.report.studenttext import document_runs

    return " ".join(strip_marks(" ".join(run for _, run in document_runs(document))).split())


PROVED_IN_CLASS = (
    "labelling-rules-every-game",
    "bouton-any-number-of-heaps",
    "misere-nim-any-number-of-heaps",
    "sg-sum-rule-every-game",
    "sg-equivalent-to-star-every-game",
    "chomp-rectangles-are-n",
    "hackenbush-colon-principle",
)


@pytest.mark.parametrize("theorem_id", PROVED_IN_CLASS)
def test_the_main_theorems_carry_their_proof_in_the_handout(theorem_id: str) -> None:
    (theorem,) = [t for t in LIBRARY if t.id == theorem_id]
    assert theorem.proof and len(theorem.proof) > 200
    assert student_text_problems(theorem.proof) == []
    with tracing():
        document = build_handout(
            course_topics([TheoremResult(theorem, KINDS[0])]), HandoutOptions("N"), {}, {}, {}
        )
    assert untraced_runs(document) == []
    text = _text(document)
    proof, verdict = text.index("Proof."), text.index("Verdict:")
    assert text.index(theorem.proof[:40]) == proof + len("Proof. ") < verdict


def test_a_mutant_never_shows_a_proof() -> None:
    from dataclasses import replace

    mutant = next(t for t in LIBRARY if t.is_mutant)
    shown = replace(mutant, proof="A convincing argument.")
    document = build_handout(
        course_topics([TheoremResult(shown, REFUTED)]),
        HandoutOptions("N", mutants=True),
        {},
        {},
        {},
    )
    assert "A convincing argument" not in str(document)


def test_a_claim_file_may_give_its_proof(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from grundy.claims import Claim, claims_from_file
    from grundy.library import theorem_from_claim

    path = tmp_path / "c.toml"
    path.write_text(
        '[[claim]]\nid = "two-equal"\ngame = "nim"\nvars = ["n"]\nrange = { n = [0, 5] }\n'
        'position = "[n, n]"\nstatement = "outcome == \'P\'"\n'
        'proof = "The second player copies every move in the other heap."\n'
    )
    (claim,) = claims_from_file(path)
    assert isinstance(claim, Claim)
    theorem = theorem_from_claim(claim)
    assert theorem.proof == "The second player copies every move in the other heap."
    document = build_handout(
        course_topics([TheoremResult(theorem, KINDS[1])]), HandoutOptions("N"), {}, {}, {}
    )
    assert "Proof. The second player copies every move" in _text(document)


def test_birthdays_stay_in_the_part_beyond_the_course() -> None:
    # The course never introduces birthdays: a statement checked on the games born by
    # day 3 goes beyond the course, which defines the word where it is first needed.
    from grundy.report.studenttext import document_runs

    _, document = _handout()
    titles = [strip_marks(s.title) for s in document.sections]
    (beyond,) = [s for s in document.sections if s.anchor == "beyond-the-course"]
    texts = {}
    for section in document.sections:
        text = " ".join(strip_marks(r) for _, r in document_runs(Document("", (section,))))
        texts[section.anchor] = text
        uses = "born by day" in text or "birthday" in text.lower()
        assert uses == (section is beyond), strip_marks(section.title)
    assert "Birthday. Write a game as the set of its options" in texts[beyond.anchor]
    assert "G + H = H + G" in texts[beyond.anchor]
    assert "Birthday" not in texts["definitions"]
    # the main theorems, proved for every game by an induction the record describes, stay
    # in the course (their statements, set apart from how they were shown, need no birthday)
    assert "Sprague-Grundy sum rule, for every finite game" not in texts[beyond.anchor]
    assert any("Sprague-Grundy sum rule, for every finite game" in t for t in texts.values())
    assert titles[0] == "Definitions and rules"
    assert undefined_uses_in(document) == []


def undefined_uses_in(document: Document) -> list[str]:
    from grundy.report.definitions import undefined_uses

    return undefined_uses(reading_order(document))


def test_a_power_written_with_a_caret_is_code_to_the_scanner() -> None:
    # Handout 17's exercise 8 answered "let 2^k be the largest power of 2 in s"
    assert student_text_problems("let 2^k be the largest power") != []
    assert student_text_problems("let 2ᵏ be the largest power, for x < 2¹⁶") == []


def test_a_summary_line_with_birthdays_has_them_defined_first() -> None:
    # With the checked range in words ("G, H born by day 3"), the summary says "born by
    # day" before the part beyond the course: the opening definitions then give the word.
    from grundy.report.studenttext import document_runs

    results = [
        TheoremResult(
            theorem,
            Verdict(Status.PROVED, "exhaustive", "bounded: G, H born by day 3", cases=256)
            if theorem.id == "sums-commute"
            else KINDS[0],
        )
        for theorem in LIBRARY
        if not theorem.is_mutant
    ]
    with tracing():
        document = build_handout(course_topics(results), HandoutOptions("N"), {}, {}, {})
    opening = " ".join(
        strip_marks(r) for _, r in document_runs(Document("", (document.sections[0],)))
    )
    assert "Birthday." in opening
    assert undefined_uses_in(document) == []
