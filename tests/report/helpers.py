"""Shared helpers for the report tests."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from grundy.library import TheoremResult
from grundy.report import RunInfo, build_evidence, build_record
from grundy.report.document import Document
from grundy.report.evidence import EVIDENCE

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
