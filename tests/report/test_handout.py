"""The handout: topics in order, verdicts in words, lemmas named, nothing internal."""

from dataclasses import replace

from grundy.library import Theorem, TheoremResult, load_library
from grundy.report import HandoutOptions, build_handout
from grundy.report.document import Paragraph, Section, plain_text
from grundy.report.record import build_record
from grundy.report.topics import COURSE_TOPICS, course_topics, file_topics
from grundy.report.words import scope_words, verdict_words
from grundy.verdict import UNBOUNDED, Assumption, Status, Verdict
from tests.report.helpers import run_info

LIBRARY = load_library()
PLACEHOLDER = Verdict(Status.PROVED, "exhaustive", "bounded: 0 <= n <= 3", cases=4)


def _results(theorems: list[Theorem]) -> list[TheoremResult]:
    return [TheoremResult(t, PLACEHOLDER) for t in theorems]


def test_every_library_theorem_is_in_exactly_one_topic_with_its_mutants_after_it() -> None:
    topics = course_topics(_results(LIBRARY))
    placed = [r.theorem.id for topic in topics for r in topic.results]
    assert sorted(placed) == sorted(t.id for t in LIBRARY)
    for topic in topics:
        ids = [r.theorem.id for r in topic.results]
        for result in topic.results:
            parent = result.theorem.mutant_of
            if parent in ids:
                assert ids.index(parent) < ids.index(result.theorem.id)
    order = [rule.key for rule in COURSE_TOPICS]
    known = [t.key for t in topics if t.key in order]
    assert known == sorted(known, key=order.index), "the course's order"


def test_a_theorem_no_topic_claims_gets_its_own_topic_at_the_end() -> None:
    stray = replace(LIBRARY[0], id="stray", mutant_of=None, tags=("brand-new",), game="newgame")
    topics = course_topics(_results([*LIBRARY[:3], stray]))
    assert topics[-1].title == "Newgame" and topics[-1].results[0].theorem.id == "stray"


def test_a_claim_files_topics_follow_the_file() -> None:
    # four theorems, none a mutant (a mutant would follow its theorem, not its title)
    theorems = [replace(t, tags=()) for t in LIBRARY if t.mutant_of is None][:4]
    titles = {theorems[0].id: "B game", theorems[1].id: "A game", theorems[2].id: "B game"}
    titles[theorems[3].id] = "A game"
    topics = file_topics(_results(theorems), titles)
    assert [t.title for t in topics] == ["B game", "A game"]


def test_verdicts_in_words_never_say_more_than_was_shown() -> None:
    bounded = Verdict(Status.PROVED, "z3", "bounded: 1 to 16 heaps, each of size < 2^64")
    assert (
        verdict_words(bounded) == "Checked for every case with 1 to 16 heaps, each of size < 2⁶⁴."
    )
    assert verdict_words(Verdict(Status.PROVED, "z3", UNBOUNDED)).startswith("Proved for every")
    random = Verdict(Status.UNREFUTED, "random", "random: 0 <= n <= 10^6", cases=2000)
    assert verdict_words(random).startswith(
        "Tested: it held in each of 2,000 cases chosen at random"
    )
    assert "proof" in verdict_words(random) and "Proved" not in verdict_words(random)
    unknown = Verdict(Status.UNKNOWN, "z3", message="Z3 answered unknown (timeout)")
    # the engine's own message is the record's; a student reads why nothing is claimed
    assert verdict_words(unknown) == (
        "Unknown: the check stopped before it could decide, so nothing is claimed here."
    )
    assert scope_words("bounded: normal and misere play") == "normal and misère play"


def test_assumed_lemmas_are_named_in_words_in_the_handout_and_fully_in_the_record() -> None:
    theorem = LIBRARY[0]
    lemma = Assumption("bouton-any-number-of-heaps", "unbounded number of heaps")
    verdict = Verdict(Status.PROVED, "z3", "bounded: a, b < 2^64", assumes=(lemma,))
    results = [TheoremResult(theorem, verdict)]
    titles = {"bouton-any-number-of-heaps": "Bouton's theorem"}
    topics = course_topics(results)
    handout = build_handout(topics, HandoutOptions("T"), {}, {}, titles)
    text = _text(handout.sections)
    assert "It uses “Bouton's theorem” (proved for every number of heaps)" in text
    record = _text(build_record(results, run_info(), titles=titles).sections)
    assert "bouton-any-number-of-heaps" in record and "instance proved here: no" in record


def _text(sections: tuple[Section, ...]) -> str:
    parts: list[str] = []
    for section in sections:
        parts.append(section.title)
        for block in section.blocks:
            if isinstance(block, Section):
                parts.append(_text((block,)))
            elif isinstance(block, Paragraph):
                parts.append(plain_text(block.content))
            elif hasattr(block, "rows"):
                parts.extend(plain_text(cell.content) for row in block.rows for cell in row)
    return "\n".join(parts)


def test_the_record_marks_every_figure_that_varies_between_runs() -> None:
    from grundy.report.markdown import render_markdown
    from tests.report.helpers import mask

    def record(seconds: list[float], solver: dict[str, float]) -> str:
        details = {"parts_seconds": seconds, "solver": solver, "seed": 0}
        verdict = Verdict(Status.PROVED, "z3", "bounded: x < 2^8", details=details)
        document = build_record([TheoremResult(LIBRARY[0], verdict)], run_info())
        return mask(render_markdown(document).text)

    first = record([0.011, 0.031], {"rlimit count": 114, "max memory": 17.2})
    second = record([0.05, 0.085], {"rlimit count": 120, "max memory": 17.9, "time": 0.01})
    assert first == second
    assert "| `seed` | 0 |" in first, "figures that do not vary are not masked"
