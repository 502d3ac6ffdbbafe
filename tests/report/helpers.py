"""Shared helpers for the report tests."""

from __future__ import annotations

import functools
import re
from html.parser import HTMLParser
from pathlib import Path

from grundy.library import TheoremResult
from grundy.report import RunInfo, build_evidence, build_record
from grundy.report.document import Document, Section
from grundy.report.evidence import EVIDENCE
from grundy.report.topics import Topic
from grundy.verdict import UNBOUNDED, Status, Verdict

VOID = {"meta", "br", "img", "hr", "input", "link", "col", "area", "base", "source", "wbr"}

DATE = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC")
TIMING = re.compile(r"\d+\.\d{3} s\b")
DAY = re.compile(r"\b\d{4}-\d\d-\d\d\b")
MEASURED = re.compile(r"[^|<>&\n]*\(measured\)")  # the rest of its cell


def run_info(generated: str = "2024-01-01 00:00:00 UTC") -> RunInfo:
    return RunInfo(
        command="grundy report --claims sample_theorems.py --out reports --seed 7",
        source="sample_theorems.py",
        generated=generated,
        seed=7,
        versions={"Python": "3.x", "grundy": "test"},
    )


def sample_document(results: list[TheoremResult], evidence_keys: tuple[str, ...] = ()) -> Document:
    items = [item for item in EVIDENCE if item.key in evidence_keys]
    return build_record(results, run_info(), build_evidence(items).sections)


def mask(text: str) -> str:
    """The text without what may differ between runs: the date, times, measurements."""
    text = DAY.sub("DAY", DATE.sub("DATE", text))
    return MEASURED.sub("M (measured)", TIMING.sub("T s", text))


class TagBalance(HTMLParser):
    """Counts unclosed and stray tags of an HTML page; collects ids and links."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.problems: list[str] = []
        self.ids: list[str] = []
        self.links: list[str] = []
        self.sources: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.append(str(values["id"]))
        if tag == "a" and values.get("href"):
            self.links.append(str(values["href"]))
        for key in ("src", "href", "xlink:href"):
            if values.get(key) and tag != "a":
                self.sources.append(str(values[key]))
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.append(str(values["id"]))
        for key in ("src", "href", "xlink:href"):
            if values.get(key):
                self.sources.append(str(values[key]))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.stack[-1:]}")
            return
        self.stack.pop()


def parse_html(text: str) -> TagBalance:
    parser = TagBalance()
    parser.feed(text)
    parser.close()
    return parser


def three_heap_lesson(upto: int) -> str:
    """A lecturer's claims on three-heap Nim, heaps 0..``upto``: a proof to give, a
    plausible mistake taught at a chosen example, and a question of true or false."""
    return f"""
[[claim]]
id = "three-heaps-xor"
title = "Three-heap Nim: P iff the nim-sum is 0"
game = "nim"
vars = ["a", "b", "c"]
range = {{ a = [0, {upto}], b = [0, {upto}], c = [0, {upto}] }}
statement = "(outcome == 'P') == (a ^ b ^ c == 0)"
exercise = "prove"

[[claim]]
id = "three-heaps-even"
title = "A guess: three-heap Nim is P iff the total is even"
game = "nim"
vars = ["a", "b", "c"]
range = {{ a = [0, {upto}], b = [0, {upto}], c = [0, {upto}] }}
statement = "(outcome == 'P') == ((a + b + c) % 2 == 0)"
mutant_of = "three-heaps-xor"
expect = "fails"
teach_where = "a > 0 and b > 0 and c > 0"

[[claim]]
id = "even-total-question"
title = "Is three-heap Nim P iff the total is even?"
game = "nim"
vars = ["a", "b", "c"]
range = {{ a = [0, {upto}], b = [0, {upto}], c = [0, {upto}] }}
statement = "(outcome == 'P') == ((a + b + c) % 2 == 0)"
expect = "fails"
exercise = true
"""


# -- A lecturer's claim file, built as `grundy report --claims FILE` builds it --------------

WEEK_FILES = ("week5-nim-and-sums.toml", "week9-loops-and-misere.toml")


# The claim of week 9 decided from the misère quotient of Kayles takes a minute to check
# on a busy machine: the tests of the documents' words use this verdict, which a slow test
# (test_week_files.py) compares with a real check of the file.
RECORDED = {"misere-kayles-ones-cancel": Verdict(Status.PROVED, "quotient", UNBOUNDED)}


def example_path(name: str) -> Path:
    return Path(__file__).parent.parent.parent / "examples" / name


@functools.cache
def checked_file(name: str, recorded: bool = True) -> tuple[TheoremResult, ...]:
    """The verdicts of ``examples/NAME``, checked once per test run; with ``recorded``,
    the claims of :data:`RECORDED` take the verdict recorded there."""
    from grundy.library import CheckSettings, load_library, run_theorems

    theorems = load_library([example_path(name)])
    kept = {t.id: RECORDED[t.id] for t in theorems if recorded and t.id in RECORDED}
    run = run_theorems([t for t in theorems if t.id not in kept], CheckSettings(seed=0, quick=True))
    verdicts = {r.theorem.id: r.verdict for r in run} | kept
    return tuple(TheoremResult(t, verdicts[t.id]) for t in theorems)


@functools.cache
def file_documents(name: str) -> tuple[dict[str, Document], tuple[Topic, ...]]:
    """The handout, worksheet and answers of ``examples/NAME`` as `grundy report` makes
    them (the same title block, topics, pictures and mistakes), built in tracing mode,
    and the handout's topics."""
    import argparse

    from grundy.cli.report import _handout_options
    from grundy.report import build_handout
    from grundy.report.gameevidence import file_claims, game_evidence, game_title
    from grundy.report.handout import handout_exercises
    from grundy.report.student_words import tracing
    from grundy.report.topics import file_topics
    from grundy.report.worksheet import build_answers, build_worksheet

    results = list(checked_file(name))
    path = example_path(name)
    args = argparse.Namespace(
        claims=str(path), title=None, author=None, course=None, mutants=False, no_mistakes=False
    )
    with tracing():
        claims = file_claims(results)
        topics = file_topics(results, {cid: game_title(c) for cid, c in claims.items()})
        by_title = {topic.title: topic.key for topic in topics}
        placed: dict[str, list[Section]] = {}
        for title, section in game_evidence(claims.values()):
            placed.setdefault(by_title.get(title, ""), []).append(section)
        titles = {r.theorem.id: r.theorem.title for r in results}
        options = _handout_options(args, str(path), "2024-01-01")
        handout = build_handout(topics, options, placed, claims, titles)
        exercises = handout_exercises(topics, options, claims)
        documents = {
            "handout": handout,
            "worksheet": build_worksheet(exercises, options),
            "answers": build_answers(exercises, options, titles),
        }
    return documents, tuple(topics)


def reading_order(document: Document) -> list[tuple[str, str]]:
    """The document's runs of words in reading order, each a definition of a concept
    (``define KEY``) or other text: what :func:`undefined_uses` reads."""
    from grundy.report.definitions import CONCEPTS
    from grundy.report.student_words import say, strip_marks
    from grundy.report.studenttext import document_runs

    # A definition with a formula in it ($...$) comes as runs on either side of it.
    definitions = {
        piece: key
        for key, _ in CONCEPTS
        for piece in re.split(r"\$[^$]*\$", strip_marks(say(f"define.{key}")))
        if piece.strip()
    }
    runs = []
    for _, run in document_runs(document):
        text = strip_marks(run)
        key = next((k for words, k in definitions.items() if text.endswith(words)), None)
        runs.append((f"define {key}" if key else "text", text))
    return runs
