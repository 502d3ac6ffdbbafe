"""Both reports mark misère play and say, beside the verdict, each step argued on paper."""

from __future__ import annotations

from pathlib import Path

import pytest

from grundy.claims import claims_from_text
from grundy.library import TheoremResult, load_library, theorem_from_claim
from grundy.report import HandoutOptions, build_handout, build_record
from grundy.report.document import DisplayMath, Paragraph, Section, plain_text
from grundy.report.markdown import render_markdown
from grundy.report.topics import course_topics, file_topics
from grundy.solve.solver import Play
from grundy.verdict import UNBOUNDED, Assumption, Status, Verdict
from tests.claims.helpers import MISERE_AND_ON_PAPER, TAKE_AWAY_BOTH_PLAYS
from tests.report.helpers import run_info

MISERE = TAKE_AWAY_BOTH_PLAYS
CHECKED = Verdict(Status.PROVED, "exhaustive", "bounded: 0 <= n <= 40", cases=41)
BOUTON = Assumption("bouton-any-number-of-heaps", UNBOUNDED)
ON_PAPER = Verdict(Status.PROVED, "lemma", "bounded: 0 <= a, b <= 7", assumes=(BOUTON,))
LIBRARY = {theorem.id: theorem for theorem in load_library()}


def _claim_results(text: str) -> tuple[list[TheoremResult], dict]:
    claims = {claim.id: claim for claim in claims_from_text(text)}
    results = [TheoremResult(theorem_from_claim(claim), CHECKED) for claim in claims.values()]
    return results, claims


def _section(sections, anchor: str) -> Section:
    for section in sections:
        if section.anchor == anchor:
            return section
        inner = [block for block in section.blocks if isinstance(block, Section)]
        if inner:
            try:
                return _section(inner, anchor)
            except LookupError:
                pass
    raise LookupError(anchor)


def _formula(section: Section) -> str:
    return next(block.latex for block in section.blocks if isinstance(block, DisplayMath))


def _paragraphs(section: Section) -> list[str]:
    return [plain_text(block.content) for block in section.blocks if isinstance(block, Paragraph)]


def _documents(results, claims, titles=None):
    titles = titles or {r.theorem.id: r.theorem.title for r in results}
    topics = file_topics(results, {})
    handout = build_handout(topics, HandoutOptions("T"), {}, claims, titles)
    record = build_record(results, run_info(), claims=claims, titles=titles)
    return handout, record


@pytest.mark.parametrize("document", ["handout", "record"])
def test_a_users_misere_claim_without_latex_is_typeset_as_misere(document):
    results, claims = _claim_results(MISERE)
    handout, record = _documents(results, claims)
    sections = (handout if document == "handout" else record).sections
    misere = _section(sections, "thm-misere-take")
    assert r"\mathcal{P}^{-}" in _formula(misere)
    assert any("misère play" in text for text in _paragraphs(misere))
    normal = _section(sections, "thm-normal-take")
    assert r"\mathcal{P}^{-}" not in _formula(normal)
    assert not any("misère" in text for text in _paragraphs(normal))


def test_a_misere_statement_with_no_formula_still_says_misere():
    from dataclasses import replace

    from grundy.report.statements import statement_blocks

    theorem = replace(LIBRARY["misere-nim-rule"], latex=None)
    blocks = statement_blocks(theorem, None, [])
    assert not any(isinstance(block, DisplayMath) for block in blocks)
    assert [plain_text(b.content) for b in blocks if isinstance(b, Paragraph)][-1] == (
        "In misère play: the player who makes the last move loses."
    )
    bare = replace(theorem, statement="")
    assert [plain_text(b.content) for b in statement_blocks(bare, None, [])] == [
        "In misère play: the player who makes the last move loses."
    ]


def test_the_librarys_misere_take_away_never_reads_as_normal_play():
    # 2.3 of the course, printed right under 2.2: n mod 4 = 1 in misère play
    ids = ["take-away-normal-p-positions", "take-away-misere-p-positions"]
    results = [TheoremResult(LIBRARY[i], CHECKED) for i in ids]
    topics = course_topics(results)
    titles = {i: LIBRARY[i].title for i in ids}
    handout = build_handout(topics, HandoutOptions("T"), {}, {}, titles)
    misere = _section(handout.sections, "thm-take-away-misere-p-positions")
    normal = _section(handout.sections, "thm-take-away-normal-p-positions")
    assert "misère" in " ".join(_paragraphs(misere))
    assert "misère" not in " ".join(_paragraphs(normal))


def test_every_library_misere_theorem_is_marked_in_its_typeset_statement():
    misere = [t for t in LIBRARY.values() if t.play is Play.MISERE]
    assert len(misere) >= 6
    results = [TheoremResult(theorem, CHECKED) for theorem in misere]
    titles = {t.id: t.title for t in misere}
    handout = build_handout(
        course_topics(results), HandoutOptions("T", mutants=True), {}, {}, titles
    )
    for theorem in misere:
        if theorem.implied_by in titles:  # shown once, as the stronger statement
            with pytest.raises(LookupError):
                _section(handout.sections, f"thm-{theorem.id}")
            continue
        section = _section(handout.sections, f"thm-{theorem.id}")
        assert "In misère play" in " ".join(_paragraphs(section)), theorem.id


def test_every_library_theorem_says_its_play():
    # the library's misère theorems are tagged so; the labelling rules hold in both plays
    for theorem in LIBRARY.values():
        if "misere" in theorem.tags:
            assert theorem.play is Play.MISERE, theorem.id
        elif theorem.id.startswith("labelling-rules-every") or theorem.id == (
            "labelling-move-to-n-means-n"
        ):
            assert theorem.play is None, theorem.id
        else:
            assert theorem.play is Play.NORMAL, theorem.id
    record = build_record(
        [TheoremResult(LIBRARY["labelling-rules-every-game"], CHECKED)], run_info()
    )
    assert "**play**: normal and misère play" in render_markdown(record).text
    assert TheoremResult(LIBRARY["labelling-rules-every-game"], CHECKED).to_json()["play"] == (
        "both"
    )


def test_the_record_lists_every_claims_play():
    results, claims = _claim_results(MISERE)
    _, record = _documents(results, claims)
    text = render_markdown(record).text
    assert "**play**: misère play" in text and "**play**: normal play" in text


def test_a_step_on_paper_is_said_beside_the_verdict_and_counted_in_both_summaries():
    theorem = next(t for t in LIBRARY.values() if t.game == "nim" and not t.is_mutant)
    plain = next(t for t in LIBRARY.values() if t.game == "take-away" and not t.is_mutant)
    results = [TheoremResult(theorem, ON_PAPER), TheoremResult(plain, CHECKED)]
    titles = {theorem.id: theorem.title, plain.id: plain.title, BOUTON.id: "Bouton's theorem"}
    handout = build_handout(course_topics(results), HandoutOptions("T"), {}, {}, titles)
    section = _section(handout.sections, f"thm-{theorem.id}")
    (verdict,) = [t for t in _paragraphs(section) if t.startswith("Verdict:")]
    assert "It uses “Bouton's theorem” (proved with no bound)" in verdict
    # the lemma's step on paper, named by the lemma (its words are said at the lemma)
    assert (
        "Argued on paper, not by machine: a step of “Bouton's theorem”, argued on paper" in verdict
    )
    other = _section(handout.sections, f"thm-{plain.id}")
    assert not any("Argued on paper, not by machine" in t for t in _paragraphs(other))
    summary = render_markdown(handout).text.split("## Summary")[1].split("## ")[0]
    assert "| checked† |" in summary
    assert "† 1 proof rests on a step argued on paper, not checked by machine." in summary
    record = render_markdown(build_record(results, run_info(), titles=titles)).text
    assert f"† 1 proof rests on a step argued on paper, not checked by machine: {theorem.id}." in (
        record
    )
    assert "| checked† |" in record
    assert "\\[on-paper, scope 'unbounded'" in record and "\\[lemma, scope 'unbounded'" in record


def test_the_mark_is_typeset_by_latex_with_a_kernel_command():
    from grundy.report.latex import latex_text

    assert latex_text("proved†") == r"proved\dag{}"


def test_a_refuted_claim_counts_no_step_on_paper():
    theorem = next(t for t in LIBRARY.values() if t.is_mutant and t.game == "nim")
    refuted = Verdict(Status.REFUTED, "z3", assumes=(BOUTON,), counterexample={"a": 1})
    handout = build_handout(
        course_topics([TheoremResult(theorem, refuted)]),
        HandoutOptions("T", mutants=True),
        {},
        {},
        {theorem.id: theorem.title},
    )
    assert "step on paper" not in render_markdown(handout).text
    assert "Argued on paper" not in render_markdown(handout).text


def test_the_handout_html_says_misere_and_the_step_on_paper(run_cli, tmp_path: Path):
    claims = tmp_path / "claims.toml"
    claims.write_text(MISERE_AND_ON_PAPER)
    out = tmp_path / "report"
    result = run_cli(
        "report",
        "--claims",
        str(claims),
        "--out",
        str(out),
        "--format",
        "html,md",
        "--evidence",
        "none",
        "--quick",
    )
    assert result.code == 0, result.err
    html = (out / "handout.html").read_text()
    assert "In misère play: the player who makes the last move loses." in html
    assert "Argued on paper, not by machine: a step of “Bouton's theorem for any number" in html
    assert "1 proof rests on a step argued on paper" in html
    record = (out / "record.md").read_text()
    assert "**play**: misère play" in record
    assert "bouton-any-number-of-heaps/induction-on-positions" in record
