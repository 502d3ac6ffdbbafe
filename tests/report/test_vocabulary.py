"""One vocabulary everywhere a reader looks (issue 24, section 3).

For every claim of a user's claim file and of a representative part of the library, the
handout's badge, its summary word, its verdict line, the record's badge and summary, and
the JSON ``status`` say the same word, and that word fits the scope: "proved" only with no
bound, "checked" for a bounded scope (which the handout's summary shows beside it),
"tested" for a random search, never "proved".
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from grundy.library import CheckSettings, TheoremResult, load_library, run_theorems, select
from grundy.report import HandoutOptions, build_handout, build_record
from grundy.report.html import render_html
from grundy.report.topics import course_topics
from tests.report import vocabulary
from tests.report.helpers import run_info
from tests.report.library_report import LibraryReport

CLAIMS = """
[[claim]]
id = "take-away-bounded"
title = "Take-away 1..3: the P-positions up to 60 are the multiples of 4"
game = "subtraction"
params = { set = [1, 2, 3] }
vars = ["n"]
range = { n = [0, 60] }
statement = "(outcome == 'P') == (n % 4 == 0)"
method = "exhaustive"

[[claim]]
id = "kayles-period-every-n"
title = "Kayles repeats with period 12 from 71 on"
game = "kayles"
vars = ["n"]
range = { n = [71, 1000] }
method = "certificate"
position = "[n]"
statement = "g([n + 12]) == grundy"

[[claim]]
id = "nim-two-heaps-random"
title = "Two-heap Nim: P exactly when the heaps are equal, far out"
game = "nim"
vars = ["a", "b"]
range = { a = [0, 1000000000000], b = [0, 1000000000000] }
method = "random"
statement = "(outcome == 'P') == (a == b)"

[[claim]]
id = "bouton-z3-bounded"
title = "Bouton for three heaps below 2^20, by Z3"
game = "nim"
vars = ["a", "b", "c"]
range = { a = [0, 1048575], b = [0, 1048575], c = [0, 1048575] }
method = "z3"
statement = "(outcome == 'P') == (a ^ b ^ c == 0)"

[[claim]]
id = "misere-like-normal"
title = "Misère Nim is won like normal Nim"
game = "nim"
play = "misere"
vars = ["a", "b"]
range = { a = [0, 5], b = [0, 5] }
statement = "(outcome == 'P') == (a ^ b == 0)"
expect = "fails"
"""

# What each claim must read as, from how it is checked (not from grundy's own rule).
EXPECTED = {
    "take-away-bounded": "checked",  # every case of 0 <= n <= 60
    "kayles-period-every-n": "proved",  # a certified period: every n
    "nim-two-heaps-random": "tested",  # random search only
    "bouton-z3-bounded": "checked",  # Z3 over bounded ranges
    "misere-like-normal": "refuted",
}


def _agree(
    json_words: dict[str, str],
    scopes: dict[str, str],
    handout_html: str,
    record_html: str,
) -> None:
    """Every place a reader looks says the JSON's word, and the word fits the scope."""
    badges = vocabulary.badges(handout_html)
    summary = vocabulary.handout_summary(handout_html)
    lines = vocabulary.verdict_lines(handout_html)
    record_badges = vocabulary.badges(record_html)
    record_summary = vocabulary.record_summary(record_html)
    # Every claim's section carries a badge the parser reads, at whatever depth it sits
    # (the part beyond the course nests its claims one level deeper).
    assert set(badges) == set(re.findall(r'<section id="thm-([^"]+)" class="claim"', handout_html))
    library = load_library()
    implied = {t.id for t in library if t.implied_by in json_words}
    software_tests = {t.id for t in library if "engine" in t.tags}
    # an exercise is asked without its verdict (that would be its answer): no badge
    exercises = {t.id for t in library if t.exercise is not None and not t.is_mutant}
    for claim_id, word in json_words.items():
        where = f"{claim_id} ({scopes[claim_id]!r})"
        assert vocabulary.word_fits_scope(word, scopes[claim_id]), where
        assert record_badges[claim_id] == word, where
        # the handout shows the stronger statement instead, or (a test of grundy's own
        # engines) leaves it to the record
        if claim_id in implied or claim_id in software_tests or claim_id in exercises:
            assert claim_id not in badges and claim_id not in summary, where
            continue
        assert badges[claim_id] == word, where
        assert summary[claim_id][0] == word, where
        assert lines[claim_id] == word, where
        assert record_badges[claim_id] == word, where
        assert record_summary[claim_id] == word, where
        if word == "checked":  # the finite domain is always shown with the word
            assert summary[claim_id][1] and summary[claim_id][1] != "every case", where


@pytest.fixture(scope="module")
def user_reports(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, Path]:
    from grundy.cli import main

    folder = tmp_path_factory.mktemp("vocabulary")
    path = folder / "claims.toml"
    path.write_text(CLAIMS, encoding="utf-8")
    out = folder / "out"
    words = ["--claims", str(path), "--out", str(out), "--format", "html,md", "--mutants"]
    with pytest.MonkeyPatch.context() as patch:  # task times into a temporary cache
        patch.setenv("GRUNDY_CACHE_DIR", str(folder / "cache"))
        assert main(["report", *words, "--evidence", "none"], io.StringIO(), io.StringIO()) == 0
        stream = io.StringIO()
        assert main(["check", str(path), "--json"], stream) == 0
    return json.loads(stream.getvalue()), out


def test_a_user_claim_file_reads_the_same_word_everywhere(user_reports) -> None:
    data, out = user_reports
    json_words = {claim["id"]: claim["status"] for claim in data["claims"]}
    assert json_words == EXPECTED
    assert data["summary"] == {"proved": 1, "checked": 2, "tested": 1, "refuted": 1}
    scopes = {claim["id"]: claim["scope"] for claim in data["claims"]}
    handout = (out / "handout.html").read_text(encoding="utf-8")
    record = (out / "record.html").read_text(encoding="utf-8")
    _agree(json_words, scopes, handout, record)
    markdown = (out / "handout.md").read_text(encoding="utf-8")
    assert vocabulary.markdown_badges(markdown) == list(EXPECTED.values())


def test_the_text_output_uses_the_same_words(tmp_path: Path, run_cli) -> None:
    path = tmp_path / "claims.toml"
    path.write_text(CLAIMS, encoding="utf-8")
    result = run_cli("check", str(path))
    rows = {line.split()[0]: line.split()[1] for line in result.out.splitlines()[1:] if line[:1]}
    assert {k: v for k, v in rows.items() if k in EXPECTED} == EXPECTED
    assert result.out.rstrip().endswith(
        "5 claims: 1 proved, 2 checked, 1 tested, 1 refuted (1 proof rests on a step argued "
        "on paper, not checked by machine); all as expected"
    )


def test_checked_has_a_colour_of_its_own_in_every_writer(user_reports) -> None:
    from grundy.report.latex import _WORD_COLOURS
    from grundy.verdict import Word

    _, out = user_reports
    handout = (out / "handout.html").read_text(encoding="utf-8")
    colours = {word: word.colour for word in Word}
    assert len(set(colours.values())) == len(Word), "each word its own colour"
    for word, colour in colours.items():
        assert f".badge.{word}, td.{word} {{ background: {colour};" in handout
        assert f"\\definecolor{{{word}}}{{HTML}}{{{colour[1:].upper()}}}" in _WORD_COLOURS
    green = Word.PROVED.colour
    assert Word.CHECKED.colour != green and Word.PROVED.colour not in Word.CHECKED.colour


# A representative part of the library: bounded and unbounded proofs, a scope that starts
# "unbounded" but bounds its numbers' width (checked), one unbounded only in one variable
# (proved), a finite worked example, random search, and the mutants each brings.
LIBRARY_IDS = [
    "bouton-any-number-of-heaps",
    "kayles-period-12",
    "nim-sum-distinct-powers-any-count",
    "lucky-nim-mover",
    "handout-worked-sums",
    "misere-nim-rule",
    "gale-nim-two-heaps",
    "bouton-random-heaps",
]


def _library_agreement(results: list[TheoremResult]) -> dict[str, str]:
    titles = {r.theorem.id: r.theorem.title for r in results}
    options = HandoutOptions("Vocabulary", mutants=True)
    handout = render_html(build_handout(course_topics(results), options, {}, {}, titles))
    record = render_html(build_record(results, run_info(), titles=titles))
    data = [result.to_json() for result in results]
    json_words = {claim["id"]: claim["status"] for claim in data}
    _agree(json_words, {claim["id"]: claim["scope"] for claim in data}, handout, record)
    return json_words


def test_a_part_of_the_library_reads_the_same_word_everywhere() -> None:
    theorems = select(load_library(), LIBRARY_IDS)
    results = run_theorems(theorems, CheckSettings(quick=True), jobs=1)
    words = _library_agreement(results)
    assert words["nim-sum-distinct-powers-any-count"] == "checked"  # each power < 2^64
    assert words["lucky-nim-mover"] == "proved"  # every heap size k
    assert words["kayles-period-12"] == words["bouton-any-number-of-heaps"] == "proved"
    assert words["handout-worked-sums"] == words["misere-nim-rule"] == "checked"
    assert words["bouton-random-heaps"] == "tested"
    assert "refuted" in words.values()


@pytest.mark.slow
def test_the_whole_library_reads_the_same_word_everywhere(library_report: LibraryReport) -> None:
    # the verdicts of the shared report of the library (--quick, two workers)
    results = library_report.results
    assert len(results) == len(load_library())
    words = _library_agreement(results)
    assert {"proved", "checked", "tested", "refuted"} <= set(words.values())
