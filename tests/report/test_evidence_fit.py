"""Pictures that tell the truth about the claims beside them (issue 35): in a topic with
misère claims every figure of one convention says which it shows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest

from grundy.library import CheckSettings, TheoremResult, load_library, run_theorems
from grundy.report import HandoutOptions, build_evidence, build_handout
from grundy.report.document import Document, Figure, Section, iter_figures
from grundy.report.evidence import EVIDENCE
from grundy.report.gameevidence import file_claims, game_evidence, game_title
from grundy.report.handout import place_evidence
from grundy.report.student_words import strip_marks
from grundy.report.topics import Topic, course_topics, file_topics
from grundy.solve import Play
from grundy.verdict import UNBOUNDED, Status, Verdict

HERE = Path(__file__).parent
EXAMPLES = HERE.parent.parent / "examples"


def _sections_with_misere(document: Document, topics: Sequence[Topic]) -> list[Section]:
    anchors = {
        topic.anchor
        for topic in topics
        if any(r.theorem.play in (Play.MISERE, None) for r in topic.results)
    }
    found = []

    def walk(sections: Sequence[object]) -> None:
        for section in sections:
            if isinstance(section, Section):
                if section.anchor in anchors:
                    found.append(section)
                walk(section.blocks)

    walk(document.sections)
    return found


def _unlabelled(sections: Sequence[Section]) -> list[str]:
    """The figures of one convention whose caption does not name it."""
    words = {"normal": "normal play", "misere": "misère play"}
    bad = []
    for section in sections:
        for figure in iter_figures((section,)):
            assert isinstance(figure, Figure)
            caption = strip_marks(figure.caption).lower()
            if figure.play in words and words[figure.play] not in caption:
                bad.append(f"{section.title}: {figure.name}: {figure.caption}")
    return bad


def _library_handout() -> tuple[Document, list[Topic]]:
    """The library's handout with every piece of evidence placed as `grundy report` places
    it (verdicts made up: the pictures do not depend on them)."""
    results = [
        TheoremResult(theorem, Verdict(Status.PROVED, "z3", UNBOUNDED))
        for theorem in load_library()
    ]
    topics = course_topics(results)
    built = {s.anchor: s for s in build_evidence(EVIDENCE).sections}
    placed = {
        key: [built[f"evidence-{item.key}"] for item in items]
        for key, items in place_evidence(topics, EVIDENCE).items()
    }
    titles = {r.theorem.id: r.theorem.title for r in results}
    options = HandoutOptions("Notes", mutants=True)
    return build_handout(topics, options, placed, file_claims(results), titles), topics


def _file_handout(path: Path) -> tuple[Document, list[Topic]]:
    results = run_theorems(load_library([path]), CheckSettings(seed=0, quick=True))
    claims = file_claims(results)
    topics = file_topics(results, {cid: game_title(claim) for cid, claim in claims.items()})
    by_title = {topic.title: topic.key for topic in topics}
    placed: dict[str, list[Section]] = {}
    for title, section in game_evidence(claims.values()):
        placed.setdefault(by_title[title], []).append(section)
    titles = {r.theorem.id: r.theorem.title for r in results}
    options = HandoutOptions("Notes", mutants=True)
    return build_handout(topics, options, placed, claims, titles), topics


def _named(document: Document) -> Mapping[str, Figure]:
    return {f.name: f for f in iter_figures(document.sections)}


def test_no_figure_of_one_play_is_unlabelled_in_the_library_misere_sections() -> None:
    document, topics = _library_handout()
    sections = _sections_with_misere(document, topics)
    assert sections  # the take-away game and misère Nim
    assert any(iter_figures((s,)) for s in sections)
    assert _unlabelled(sections) == []


@pytest.mark.parametrize("name", ["lecture_misere.toml", "misere_nim.toml"])
def test_no_figure_of_one_play_is_unlabelled_in_a_claim_file_misere_section(name: str) -> None:
    path = HERE / name if (HERE / name).exists() else EXAMPLES / name
    document, topics = _file_handout(path)
    sections = _sections_with_misere(document, topics)
    assert sections and _unlabelled(sections) == []
    figures = _named(document)
    # Nim's P-positions are drawn in misère play, the play of the claims.
    assert figures["two-pile-nim-misere"].play == "misere"
    assert "misère play" in strip_marks(figures["two-pile-nim-misere"].caption)


def test_a_normal_play_grid_beside_misere_claims_says_normal_play() -> None:
    # lecture_misere.toml has a claim of normal play about Nim too: both grids, each named.
    document, _ = _file_handout(HERE / "lecture_misere.toml")
    normal = _named(document)["two-pile-nim"]
    assert strip_marks(normal.caption).startswith("Normal play: ")
    titles = [strip_marks(s.title) for s in document.sections[2].blocks if isinstance(s, Section)]
    assert "One- and two-pile Nim: P-positions, in normal play" in titles


def test_a_topic_of_normal_play_alone_is_drawn_as_before() -> None:
    document, _ = _file_handout(EXAMPLES / "bouton.toml")
    for figure in iter_figures(document.sections):
        assert not strip_marks(figure.caption).startswith(("Normal play", "Misère play"))


# -- a claim's `figures` field ------------------------------------------------------------

NIM_CLAIMS = """
[[claim]]
id = "two-heaps"
game = "nim"
vars = ["a", "b"]
range = {{ a = [0, 5], b = [0, 5] }}
statement = "(outcome == 'P') == (a == b)"
{first}

[[claim]]
id = "two-heaps-guess"
game = "nim"
vars = ["a", "b"]
range = {{ a = [0, 5], b = [0, 5] }}
statement = "(outcome == 'P') == (a + b == 0)"
expect = "fails"
teach_where = "a > 0"
{second}
"""


def _nim_handout(tmp_path: Path, first: str, second: str) -> Document:
    path = tmp_path / "nim.toml"
    path.write_text(NIM_CLAIMS.format(first=first, second=second), encoding="utf-8")
    document, _ = _file_handout(path)
    return document


def test_without_the_field_every_figure_is_drawn(tmp_path: Path) -> None:
    document = _nim_handout(tmp_path, "", "")
    kinds = {f.kind for f in iter_figures(document.sections)}
    assert kinds == {"p-positions", "heaps"}  # Nim's grid, the counterexample's heaps


def test_figures_none_draws_nothing_beside_the_claim(tmp_path: Path) -> None:
    document = _nim_handout(tmp_path, 'figures = "none"', 'figures = "none"')
    assert list(iter_figures(document.sections)) == []


def test_figures_lists_the_kinds_drawn(tmp_path: Path) -> None:
    # the grid is asked for by the first claim; the second's counterexample is not drawn
    document = _nim_handout(tmp_path, 'figures = ["p-positions"]', 'figures = ["p-positions"]')
    assert [f.kind for f in iter_figures(document.sections)] == ["p-positions"]
    # a topic's picture is drawn when one of its claims asks for its kind
    document = _nim_handout(tmp_path, 'figures = "none"', 'figures = ["heaps", "p-positions"]')
    assert sorted(f.kind for f in iter_figures(document.sections)) == ["heaps", "p-positions"]


def test_a_misere_topic_leaves_out_the_normal_play_pictures(tmp_path: Path) -> None:
    document = _nim_handout(tmp_path, 'play = "misere"', 'play = "misere"')
    assert {f.play for f in iter_figures(document.sections)} == {"misere"}


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ('"all"', 'must be "none" or a list of kinds of figure'),
        ('["grid"]', "'grid' is not a kind of figure; the kinds are heaps, pins"),
        ("[1]", 'must be "none" or a list of kinds of figure'),
        ("true", 'must be "none" or a list of kinds of figure'),
    ],
)
def test_a_bad_figures_field_is_an_error_naming_it(value: str, message: str) -> None:
    from grundy.claims import BadClaim, claims_from_text

    text = NIM_CLAIMS.format(first=f"figures = {value}", second="")
    bad = claims_from_text(text)[0]
    assert isinstance(bad, BadClaim)
    assert "field 'figures'" in bad.problem and message in bad.problem


# -- loopy games: the graph, and what D means ----------------------------------------------

LOOPY = """
[[claim]]
id = "cycle-draw"
game = "digraph"
params = { edges = "0>1,1>0,1>2" }
vars = ["v"]
range = { v = [0, 2] }
position = "[v]"
statement = "outcome != 'D'"

[[claim]]
id = "all-lost"
game = "digraph"
params = { edges = "0>1,1>0,1>2" }
vars = ["v"]
range = { v = [0, 2] }
position = "[v]"
statement = "outcome == 'P'"
expect = "fails"
"""


def test_a_digraph_topic_draws_its_graph_and_says_what_d_means(tmp_path: Path) -> None:
    from grundy.report.document import Paragraph, plain_text

    path = tmp_path / "loopy.toml"
    path.write_text(LOOPY, encoding="utf-8")
    document, _ = _file_handout(path)
    figures = list(iter_figures(document.sections))
    graph = next(f for f in figures if f.name == "game-1")
    assert graph.kind == "graph"
    assert "0: P, 1: N, 2: P" in strip_marks(graph.alt)  # one token: 0 is lost, 1 wins
    # the counterexample (a token on vertex 1, an N-position) is the graph with its token,
    # never a heap of one counter
    counter = next(f for f in figures if f.name == "counterexample-all-lost")
    assert counter.kind == "graph"
    words = [
        strip_marks(plain_text(b.content))
        for s in document.sections
        for b in _blocks(s)
        if isinstance(b, Paragraph)
    ]
    # under the formula that uses 𝒟, and beside the graph
    assert any(w.startswith("Here \\mathcal{D} is the set of draws") for w in words), words
    assert any("D for a draw, where neither player can force a win" in w for w in words)


def _blocks(section: Section) -> list[object]:
    found: list[object] = []
    for block in section.blocks:
        found.append(block)
        if isinstance(block, Section):
            found.extend(_blocks(block))
    return found
