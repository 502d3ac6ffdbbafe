"""Evidence for the games beyond Nim, computed with the catalogue's real games."""

from grundy.report import evidence
from grundy.report.document import Figure, Paragraph, Section, Table, plain_text
from grundy.report.render import render_svg


def _build(key: str) -> Section:
    (item,) = [item for item in evidence.EVIDENCE if item.key == key]
    return item.build()


def _text(section: Section) -> str:
    return " ".join(plain_text(b.content) for b in section.blocks if isinstance(b, Paragraph))


def _figures(section: Section) -> list[Figure]:
    return [b for b in section.blocks if isinstance(b, Figure)]


def test_kayles_period_is_marked_and_certified() -> None:
    section = _build("kayles")
    text = _text(section)
    assert "from n₀ = 71 on, the values repeat with period 12" in text
    assert "Guy and Smith" in text and "2s + p + t − 1 = 155" in text
    assert "enough for the period to go on for every n ≥ n₀" in text
    assert "certificate" not in text and "solver" not in text  # the record's words
    # Winning Ways lists the period from n = 72 as 4 1 2 8 1 4 7 2 1 8 2 7.
    assert "One period, starting at n₀: 7 4 1 2 8 1 4 7 2 1 8 2" in text
    (figure,) = _figures(section)
    assert "period 12" in render_svg(figure)


def test_dawsons_kayles_has_period_34() -> None:
    text = _text(_build("dawsons-kayles"))
    assert "with period 34" in text and "Guy and Smith" in text


def test_grundys_game_shows_no_period() -> None:
    text = _text(_build("grundys-game"))
    assert "show no period in that range" in text
    # Legner's notes: G(1), G(2) = 0, G(3) = 1, G(4) = 0, G(5) = 2, G(6) = 1, G(7) = 0.
    assert "G(0), G(1), ..., G(39): 0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0" in text


def test_chomp_squares_are_won_by_the_bite_at_two_two() -> None:
    section = _build("chomp")
    (table,) = [b for b in section.blocks if isinstance(b, Table)]
    bites = {plain_text(row[0].content): plain_text(row[1].content) for row in table.rows}
    for square in ("2×2", "3×3", "4×4", "5×5"):
        assert bites[square] == "(2,2)"
    assert all(bites[r] != "none" for r in ("2×3", "2×5", "3×4", "3×5", "4×5"))
    assert "(4,1,1,1) left on the 4×4 board is a P-position" in _text(section)
    assert len(_figures(section)) == 2
    for figure in _figures(section):
        render_svg(figure)


def test_wythoff_p_positions_agree_with_the_golden_ratio() -> None:
    section = _build("wythoff")
    assert "all agree with Wythoff's formula" in _text(section)
    (table,) = [b for b in section.blocks if isinstance(b, Table)]
    pairs = [plain_text(row[1].content) for row in table.rows[:5]]
    assert pairs == ["(0, 0)", "(1, 2)", "(3, 5)", "(4, 7)", "(6, 10)"]
    render_svg(_figures(section)[0])


def test_hackenbush_pictures_stand_beside_their_snakes() -> None:
    section = _build("hackenbush")
    (table,) = [b for b in section.blocks if isinstance(b, Table)]
    values = {plain_text(row[0].content): plain_text(row[2].content) for row in table.rows}
    assert values["a snake of three"] == "*3"
    assert values["a fork"] == "*1"  # colon principle: *1 + *1 = 0 on top of one edge
    render_svg(_figures(section)[0])


def test_lucky_nim_strip_agrees_with_the_block_values() -> None:
    section = _build("lucky-nim")
    assert "m + n = 6" in _text(section)
    assert "agrees with the block value Ω(k) of the notes" in _text(section)
    render_svg(_figures(section)[0])
