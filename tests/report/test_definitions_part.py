"""The handout's opening definitions as written: formulas set as formulas, games named."""

from __future__ import annotations

from grundy.report.definitions import definitions_part
from grundy.report.document import Math, Paragraph, Section, plain_text
from grundy.report.student_words import strip_marks


def _opening(uses: str, games: list[str]) -> Section:
    topic = Section("Loops", "topic-loops", (Paragraph((uses,)),))
    opening = definitions_part([topic], games)
    assert opening is not None
    return opening


def test_the_value_of_a_loopy_position_is_a_formula_not_an_underscore() -> None:
    """∞_K was printed with its underscore as typed; it is now a formula, and the words
    around it are still the definition's."""
    opening = _opening("a draw of a loopy game", [])
    (draws,) = [
        b for b in opening.blocks if isinstance(b, Paragraph) and "loopy" in plain_text(b.content)
    ]
    formulas = [part.latex for part in draws.content if isinstance(part, Math)]
    assert formulas == [r"\infty_K"]
    words = strip_marks(plain_text(draws.content))
    assert "$" not in words and "∞_K" not in words
    assert "has the value" in words and "where K is the set of finite values" in words


def test_the_rules_of_tokens_on_a_graph_are_headed_by_words_not_a_name_of_ours() -> None:
    """The rules were headed "Digraph." (the catalogue's name for the game)."""
    opening = _opening("a token on a graph", ["digraph", "fair-shares"])
    text = strip_marks(
        " ".join(plain_text(b.content) for b in opening.blocks if isinstance(b, Paragraph))
    )
    assert "Tokens on a directed graph. Tokens sit on the vertices" in text
    assert "Fair Shares and Varied Pairs. A move splits a heap" in text
    assert "Digraph." not in text and "Fair-shares" not in text
