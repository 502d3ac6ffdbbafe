"""A picture drawn for a claim names its variables as the claim does (issue 35): a claim
about (k, a) never gets axes or a caption about (a, b)."""

from __future__ import annotations

from pathlib import Path

from matplotlib.figure import Figure as MplFigure

from grundy.claims import Claim, claims_from_file
from grundy.report.document import Figure, Paragraph, Section, plain_text
from grundy.report.evidence import EVIDENCE
from grundy.report.gameevidence import game_evidence
from grundy.report.student_words import strip_marks, tracing

CLAIMS = """
[[claim]]
id = "mirror-k-a"
game = "nim"
vars = ["k", "a"]
range = { k = [0, 7], a = [0, 7] }
statement = "(outcome == 'P') == (k == a)"

[[claim]]
id = "mirror-k-a-misere"
game = "nim"
play = "misere"
vars = ["k", "a"]
range = { k = [0, 7], a = [0, 7] }
statement = "(outcome == 'P') == (k != a or k > 1)"
"""


def _claims(tmp_path: Path, text: str = CLAIMS) -> list[Claim]:
    path = tmp_path / "piles.toml"
    path.write_text(text, encoding="utf-8")
    return [c for c in claims_from_file(path) if isinstance(c, Claim)]


def _figures(section: Section) -> list[Figure]:
    return [block for block in section.blocks if isinstance(block, Figure)]


def _axes(figure: Figure) -> tuple[str, str]:
    drawing = MplFigure()
    figure.draw(drawing)
    (ax,) = drawing.axes
    return ax.get_xlabel(), ax.get_ylabel()


def _words(section: Section) -> str:
    paragraphs = [b for b in section.blocks if isinstance(b, Paragraph)]
    figures = _figures(section)
    return " ".join(
        [plain_text(p.content) for p in paragraphs]
        + [strip_marks(f.caption) for f in figures]
        + [" ".join(_axes(f)) for f in figures]
    )


def test_a_claim_about_k_and_a_gets_a_picture_about_k_and_a(tmp_path: Path) -> None:
    pieces = game_evidence(_claims(tmp_path))
    assert [section.play for _, section in pieces] == ["normal", "misere"]
    for _, section in pieces:
        (figure,) = _figures(section)
        assert _axes(figure) == ("first pile k", "second pile a")
        words = _words(section)
        assert "(k, a), 0 ≤ k, a ≤ 15" in strip_marks(figure.caption)
        assert "(a, b)" not in words and "pile b" not in words and "a = b" not in words
    normal = _words(pieces[0][1])
    assert "the diagonal k = a" in normal
    assert "misère play" in strip_marks(_figures(pieces[1][1])[0].caption)


def test_the_pile_names_follow_the_position_not_the_order_of_vars(tmp_path: Path) -> None:
    text = CLAIMS.split("[[claim]]")[1].replace(
        'vars = ["k", "a"]', 'vars = ["k", "a"]\nposition = "[a, k]"'
    )
    (piece,) = game_evidence(_claims(tmp_path, "[[claim]]" + text))
    assert _axes(_figures(piece[1])[0]) == ("first pile a", "second pile k")


def test_claims_naming_the_piles_differently_get_plain_words(tmp_path: Path) -> None:
    other = CLAIMS.split("[[claim]]")[1].replace('"k"', '"x"').replace("k ", "x ")
    other = other.replace("k =", "x =").replace("mirror-k-a", "mirror-x-a")
    claims = _claims(tmp_path, "[[claim]]" + CLAIMS.split("[[claim]]")[1] + "[[claim]]" + other)
    assert {tuple(c.variables) for c in claims} == {("k", "a"), ("x", "a")}
    (piece,) = game_evidence(claims)
    (figure,) = _figures(piece[1])
    assert _axes(figure) == ("the first pile", "the second pile")
    words = _words(piece[1])
    assert "k" not in figure.caption.split() and "(a, b)" not in words
    assert "both piles from 0 to 15" in words and "its two piles equal" in words


def test_the_topic_picture_serving_several_claims_names_no_letters() -> None:
    item = next(i for i in EVIDENCE if i.key == "two-pile-nim")
    with tracing():
        section = item.build()
    (figure,) = _figures(section)
    assert _axes(figure) == ("the first pile", "the second pile")
    assert "(a, b)" not in _words(section)
