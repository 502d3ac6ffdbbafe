"""A lecturer's own claim files, rendered as a student gets them (issue 25): mathematics
and prose only, sums named as mathematics, plausible mistakes explained, short.

Each file is reported once (HTML, and PDF when TeX and pdftotext are installed); the
rendered text is scanned by :func:`grundy.report.studenttext.student_text_problems`.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from grundy.claims import Claim, claims_from_file
from grundy.cli import main
from grundy.library import theorem_from_claim
from grundy.report.document import plain_text
from grundy.report.mistakes import mistake_blocks
from grundy.report.studenttext import html_text, student_text_problems

HERE = Path(__file__).parent
FILES = ("lecture_sums.toml", "lecture_misere.toml")
HAS_TEX = shutil.which("pdflatex") is not None and shutil.which("pdftotext") is not None


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = {}
    formats = "html,pdf" if HAS_TEX else "html"
    for name in FILES:
        folder = tmp_path_factory.mktemp(name.removesuffix(".toml"))
        code = main(["report", "--claims", str(HERE / name), "--out", str(folder),
                     "--format", formats, "--title", "A lecture"])  # fmt: skip
        assert code == 0
        out[name] = folder
    return out


def _ids(name: str) -> list[str]:
    return [c.id for c in claims_from_file(HERE / name) if isinstance(c, Claim)]


def _pdf_pages(pdf: Path) -> list[str]:
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    return text.rstrip("\f").split("\f")


@pytest.mark.parametrize("name", FILES)
def test_the_html_handout_is_mathematics_and_prose(rendered: dict[str, Path], name: str) -> None:
    text = html_text((rendered[name] / "handout.html").read_text(encoding="utf-8"))
    assert student_text_problems(text, _ids(name)) == []


@pytest.mark.skipif(not HAS_TEX, reason="needs pdflatex and pdftotext")
@pytest.mark.parametrize("name", FILES)
def test_the_pdf_handout_is_mathematics_and_prose_and_short(
    rendered: dict[str, Path], name: str
) -> None:
    pages = _pdf_pages(rendered[name] / "handout.pdf")
    assert student_text_problems("\n".join(pages), _ids(name)) == []
    assert len(pages) <= 6, len(pages)


def test_a_sum_of_different_games_is_named_as_mathematics_and_drawn(
    rendered: dict[str, Path],
) -> None:
    page = (rendered["lecture_sums.toml"] / "handout.html").read_text(encoding="utf-8")
    text = html_text(page)
    assert "The sum S(2, 5, 6) + Kayles" in text
    assert "components" not in text and "kayles (" not in text.lower()
    # the formula names each component's game, not its catalogue name
    assert r"\text{subtraction}" not in page and "subtraction</mtext>" not in page
    # drawn part by part (counters beside pins), and the sum's own P-positions
    assert "one position of the sum, drawn part by part" in page
    assert "16 by 16 grid with" in page


def test_expected_failures_are_plausible_mistakes_with_the_winning_move(
    rendered: dict[str, Path],
) -> None:
    text = html_text((rendered["lecture_misere.toml"] / "handout.html").read_text("utf-8"))
    assert text.count("A plausible mistake:") >= 2 * 3  # in the summary and as a section
    # 5 -> 0 wins from a heap of 5; (2,4) -> (2,1) in Wythoff's game; (0,0,0) in misère play
    assert "(5 → 0)" in text
    assert "(2,1)" in text
    # the picture colours the 3 counters the winning move takes, not the whole heap
    html = (rendered["lecture_misere.toml"] / "handout.html").read_text("utf-8")
    assert "coloured: the counters a move takes (3 from heap 2)" in html
    assert "the player to move has no move there, and in misère play that player wins" in text
    assert "left out of this handout" not in text


def test_a_counterexample_to_a_claim_about_a_sum_is_drawn_and_explained(
    rendered: dict[str, Path],
) -> None:
    page = (rendered["lecture_sums.toml"] / "handout.html").read_text(encoding="utf-8")
    # the sum's evidence draws one position; the plausible mistake's counterexample another
    assert page.count("one position of the sum, drawn part by part") == 2
    (claim,) = [c for c in claims_from_file(HERE / "lecture_sums.toml") if c.id.endswith("wrong")]
    theorem = theorem_from_claim(claim)
    # an N-position given as JSON lists: the sum's parts are read as positions, so the
    # winning move is named (lists once made the solver fail and the reason vanished)
    (why,) = mistake_blocks(theorem, claim, {"position": [[3], [2]]})
    assert "(3, 2) is an N-position" in plain_text(why.content)  # type: ignore[attr-defined]


def test_a_periodicity_left_uncertified_gives_no_command_line_hint() -> None:
    # Lasker's Nim as the octal game of the cookbook: the certifier's reason ends with
    # "(try --upto 128)", which reached the handout.
    from grundy.games import create_game
    from grundy.report.document import Paragraph
    from grundy.report.evidence_heaps import sequence_section
    from grundy.report.studenttext import student_text_problems

    game = create_game("octal", {"code": "4.3333333333333333333333333"})
    section = sequence_section("x", game, "Lasker", 120, "The values.", theorem_note=True)
    text = " ".join(
        str(part)
        for block in section.blocks
        if isinstance(block, Paragraph)
        for part in block.content
    )
    assert "do not show that the period goes on for ever" in text
    assert "certified" not in text and "try" not in text  # the certifier's reason is not said
    assert student_text_problems(text) == []
