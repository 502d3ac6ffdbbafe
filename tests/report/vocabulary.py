"""Reading the verdict words back out of written reports, for the vocabulary tests.

Each function returns, for every claim id it finds, the word a reader sees in one place
(a badge, a summary cell, the verdict line), read from the HTML or Markdown as written; a
summary cell's mark for a proof resting on a step argued on paper (†) is not part of it.
"""

from __future__ import annotations

import re

_CLAIM_HEADING = re.compile(
    r'<section id="thm-(?P<id>[^"]+)" class="(?:claim|theorem)">\n<h[34]>.*?'
    r'<span class="badge (?P<style>[a-z]+)">(?P<word>[a-z]+)</span>'
)
_HANDOUT_ROW = re.compile(
    r'<a href="#thm-(?P<id>[^"]+)">[^<]*</a></td><td class="(?P<style>[a-z]+)">'
    r"(?P<word>[a-z]+)(?:†|&dagger;)?</td><td>(?P<reach>[^<]*)</td></tr>"
)
_RECORD_ROW = re.compile(
    r'<a href="#thm-(?P<id>[^"]+)">[^<]*</a></td><td>[^<]*</td><td class="(?P<style>[a-z]+)">'
    r"(?P<word>[a-z]+)(?:†|&dagger;)?</td>"
)
_VERDICT_LINE = re.compile(r"<strong>Verdict:</strong> (?P<word>[A-Z][a-z]+)")
_MARKDOWN_HEADING = re.compile(r"^#{3,4} .* — \*\*(?P<word>[a-z]+)\*\*$", re.MULTILINE)


def _styled(pattern: re.Pattern[str], html: str) -> dict[str, str]:
    found = {}
    for match in pattern.finditer(html):
        # A word is shown in its own colour: the cell's class is the word itself.
        assert match["style"] == match["word"], match.group(0)
        found[match["id"]] = match["word"]
    return found


def badges(html: str) -> dict[str, str]:
    """The badge beside each claim's heading (handout or record)."""
    return _styled(_CLAIM_HEADING, html)


def handout_summary(html: str) -> dict[str, tuple[str, str]]:
    """Each row of the handout's summary table: the word and what it covers."""
    rows = {}
    for match in _HANDOUT_ROW.finditer(html):
        assert match["style"] == match["word"], match.group(0)
        rows[match["id"]] = (match["word"], match["reach"])
    return rows


def record_summary(html: str) -> dict[str, str]:
    """The verdict column of the record's summary table."""
    return _styled(_RECORD_ROW, html)


def verdict_lines(html: str) -> dict[str, str]:
    """The first word of each claim's "Verdict:" sentence in the handout, lower-cased."""
    lines = {}
    for chunk in html.split('<section id="thm-')[1:]:
        claim_id = chunk.split('"', 1)[0]
        match = _VERDICT_LINE.search(chunk.split("</section>", 1)[0])
        if match:
            lines[claim_id] = match["word"].lower()
    return lines


def markdown_badges(markdown: str) -> list[str]:
    """The word after each claim heading of a Markdown document, in order."""
    return [match["word"] for match in _MARKDOWN_HEADING.finditer(markdown)]


def word_fits_scope(word: str, scope: str) -> bool:
    """The vocabulary's promise, stated independently of grundy.verdict: "proved" only for
    a scope with no bound; a bounded scope is "checked" (or refuted); random search is
    "tested" (or refuted)."""
    if scope.startswith("random"):
        return word in ("tested", "refuted")
    if word == "proved":
        return scope.startswith("unbounded") and "< 2^" not in scope
    if word == "checked":
        return not (scope == "unbounded" or scope.startswith(("unbounded:", "unbounded heap")))
    return word in ("refuted", "unknown", "error", "tested")
