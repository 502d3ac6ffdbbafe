"""The evidence sections: values from the solver, checked against the notes' rules."""

import pytest

from grundy.report.document import Figure, Preformatted, Section, Table, plain_text
from grundy.report.evidence import (
    EVIDENCE,
    EvidenceItem,
    build_evidence,
    related_evidence,
)
from grundy.report.evidence_nim import side_by_side


def _section(key: str) -> Section:
    (item,) = [item for item in EVIDENCE if item.key == key]
    return item.build()


def _tables(section: Section) -> list[Table]:
    return [block for block in section.blocks if isinstance(block, Table)]


def test_nim_addition_table_agrees_with_binary_addition_without_carry() -> None:
    (table,) = _tables(_section("nim-addition"))
    assert len(table.rows) == 16 and all(len(row) == 17 for row in table.rows)
    for a, row in enumerate(table.rows):
        for b, cell in enumerate(row[1:]):
            assert plain_text(cell.content) == str(a ^ b)  # the handout's rule, as an oracle
            assert cell.style == f"shade-{a ^ b}"


def test_worked_sums_match_the_handout() -> None:
    (table,) = _tables(_section("nim-worked-sums"))
    values = [plain_text(row[2].content) for row in table.rows]
    # Handout 17: *2+*4=*6, *1+*8+*16=*25, *5+*10=*15, *5+*12=*9, *5+*6+*7=*4, *3+*5+*6=*0.
    assert values == ["*6", "*25", "*15", "*9", "*4", "*0"]


def test_exercise_four_lists_every_winning_move() -> None:
    section = _section("nim-exercise-4")
    (table,) = _tables(section)
    moves = {plain_text(row[0].content): plain_text(row[4].content) for row in table.rows}
    # The handout's worked example: the only winning move from (1, 3, 4) leaves (1, 2, 3).
    assert moves["(1, 3, 4)"].endswith("(1, 3, 2)") and moves["(1, 3, 4)"].count("→") == 1
    assert moves["(3, 4, 5)"].count("→") == 1 and "(1, 4, 5)" in moves["(3, 4, 5)"]
    assert [plain_text(row[3].content) for row in table.rows] == ["1", "1", "3", "1", "3"]
    (layout,) = [b for b in section.blocks if isinstance(b, Preformatted)]
    assert "1000   = 8" in layout.text  # (2, 3, 5, 7, 11) has value *8


def test_take_away_p_positions_in_normal_and_misere_play() -> None:
    section = _section("take-away")
    (table,) = _tables(section)
    normal, misere = table.rows
    assert plain_text(normal[1].content).startswith("0, 4, 8, 12, 16, 20, 24")
    assert plain_text(normal[2].content) == "N"  # 21 chips: the first player wins
    assert plain_text(misere[1].content).startswith("1, 5, 9, 13, 17, 21")
    assert plain_text(misere[2].content) == "P"
    assert any(isinstance(block, Figure) for block in section.blocks)


def test_two_pile_nim_p_positions_are_the_diagonal() -> None:
    text = plain_text(_section("two-pile-nim").blocks[0].content)  # type: ignore[union-attr]
    assert "every P-position has its two piles equal" in text  # no letters: a topic picture
    assert "every one-pile position (x) with x > 0 is an N-position" in text


def test_missing_games_are_skipped_and_named() -> None:
    def needs_a_missing_game() -> Section:
        from grundy.games import create_game

        create_game("no-such-game")
        raise AssertionError("unreachable")

    result = build_evidence(
        [
            EvidenceItem("ghost", "Ghost", frozenset(), needs_a_missing_game),
            *[item for item in EVIDENCE if item.key == "take-away"],
        ]
    )
    assert [s.anchor for s in result.sections] == ["evidence-take-away"]
    assert result.skipped == ("ghost: unknown game 'no-such-game'",)


def test_related_evidence_follows_games_and_tags() -> None:
    assert [i.key for i in related_evidence(["take-away"])] == ["take-away"]
    assert {i.key for i in related_evidence(["bouton"])} == {"nim-exercise-4"}
    assert related_evidence(["no-topic"]) == []


def test_side_by_side_pads_columns() -> None:
    assert side_by_side(["a\nb", "cc\ndd\nee"], 2, gap=2) == "a  cc\nb  dd\n   ee"


@pytest.mark.parametrize("item", EVIDENCE, ids=lambda item: item.key)
def test_every_piece_builds_or_is_skipped_for_a_missing_game(item: EvidenceItem) -> None:
    result = build_evidence([item])
    assert len(result.sections) + len(result.skipped) == 1
    for section in result.sections:
        assert section.anchor == f"evidence-{item.key}"
        assert section.blocks
