"""The library handout's order: the course first, what goes beyond it after, in a part of
its own; each summary line with every condition of its statement."""

from __future__ import annotations

from grundy.library import Theorem, TheoremResult, load_library
from grundy.report.document import plain_text
from grundy.report.handout import HandoutOptions, build_handout
from grundy.report.topics import course_topics, split_beyond_course
from grundy.verdict import Status, Verdict

PLACEHOLDER = Verdict(Status.UNKNOWN, "none")


def _library() -> list[TheoremResult]:
    return [TheoremResult(t, PLACEHOLDER) for t in load_library()]


def test_material_beyond_the_notes_comes_after_the_course_in_its_own_part() -> None:
    def result(tid: str, source: str) -> TheoremResult:
        theorem = Theorem(tid, tid, "s", source, check=lambda s: PLACEHOLDER, game="nim")
        return TheoremResult(theorem, Verdict(Status.PROVED, "z3"))

    from grundy.report.topics import Topic

    topic = Topic(
        "nim-sum",
        "Nimbers",
        (result("rule", "002 Handout 17"), result("product", "beyond the notes: Conway")),
        frozenset({"nim-sum"}),
    )
    handout = build_handout([topic], HandoutOptions("T"), {}, {}, {})
    anchors = [s.anchor for s in handout.sections]
    assert anchors == ["definitions", "summary", "topic-nim-sum", "beyond-the-course"]
    [course_part] = [s for s in handout.sections if s.anchor == "topic-nim-sum"]
    assert [b.anchor for b in course_part.blocks if hasattr(b, "anchor")] == ["thm-rule"]
    beyond = handout.sections[-1]
    inner = [b for b in beyond.blocks if hasattr(b, "anchor")]
    assert [s.anchor for s in inner] == ["topic-beyond-nim-sum"]
    assert [b.anchor for b in inner[0].blocks] == ["thm-product"]
    # the summary names the topic twice: the second time as beyond the course
    [summary] = [s for s in handout.sections if s.anchor == "summary"]
    [table] = [b for b in summary.blocks if hasattr(b, "rows")]
    topic_cells = [plain_text(row[0].content) for row in table.rows]
    assert [cell for cell in topic_cells if cell] == ["Nimbers", "Beyond the course: Nimbers"]


def test_the_library_keeps_nim_multiplication_and_octal_periods_beyond_the_course() -> None:
    course, beyond = split_beyond_course(course_topics(_library()))
    inside = {r.theorem.id for t in course for r in t.results}
    outside = {r.theorem.id for t in beyond for r in t.results}
    assert "nim-product-associative" in outside and "kayles-period-12" in outside
    assert "nim-sum-associative" in inside and "handout-exercise-4" in inside
    # Euclid's game is Legner's (the course), not filed under Wythoff's golden pairs
    euclid = next(
        t for t in course if any(r.theorem.id == "euclid-golden-ratio" for r in t.results)
    )
    assert euclid.key == "euclid"


def test_summary_titles_carry_every_condition_of_their_statement() -> None:
    titles = {r.theorem.id: r.theorem.title for r in _library()}
    assert "from n = 53" in titles["dawsons-kayles-period-34"]
    assert "a ≤ b" in titles["euclid-golden-ratio"]


def test_html_and_pdf_number_the_same_headings_in_the_part_beyond_the_course() -> None:
    import re

    from grundy.report.html import render_html
    from grundy.report.latex import render_latex
    from grundy.report.render import FigureRenderer
    from grundy.report.topics import Topic

    def result(tid: str, source: str) -> TheoremResult:
        theorem = Theorem(tid, f"T {tid}", "s", source, check=lambda s: PLACEHOLDER, game="nim")
        return TheoremResult(theorem, Verdict(Status.PROVED, "z3"))

    topic = Topic(
        "nim-sum",
        "Nimbers",
        (result("rule", "002 Handout 17"), result("product", "beyond the notes: Conway")),
        frozenset({"nim-sum"}),
    )
    handout = build_handout([topic], HandoutOptions("T"), {}, {}, {})
    html = render_html(handout, FigureRenderer())
    tex = render_latex(handout, FigureRenderer()).text
    # the course's claim: numbered in both (h3 takes the CSS counter, \subsection a number)
    assert re.search(r'id="thm-rule"[^>]*>\s*<h3>', html) and "\\subsection[{T rule}]" in tex
    # the claim beyond the course sits one level deeper: numbered in neither
    assert re.search(r'id="thm-product"[^>]*>\s*<h4>', html)
    assert "\\subsubsection[{T product}]" in tex
