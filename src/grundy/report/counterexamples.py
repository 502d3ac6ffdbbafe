"""Counterexamples shown as values and drawn as positions, with what breaks the claim.

The counterexample's variables (``n = 3``) are set apart from the values that make the
statement fail there (``outcome = N``, ``winning bites = ...``): the figure's caption
names the latter, so a reader sees why the position is a counterexample.  Chomp boards
carry their winning bites, Hackenbush pictures are drawn with every edge (loops too),
and heaps as counters.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from grundy.claims import Claim
from grundy.games.sums import SumGame
from grundy.library import Theorem
from grundy.report.document import Block, Code, Figure, Inline, Math, Paragraph, Strong, Table
from grundy.report.evidence_boards import parse_edges
from grundy.report.expression import expression_latex
from grundy.report.gamenames import sum_name
from grundy.report.mathml import MathSyntaxError
from grundy.report.pictures import (
    ChompBoard,
    HackenbushPicture,
    chomp_figure,
    hackenbush_figure,
    heaps_figure,
)
from grundy.report.pictures_graph import graph_figure
from grundy.report.student_words import say
from grundy.report.sumevidence import PIN_GAMES, pins_figure, sum_position_figure

__all__ = ["counterexample_blocks", "counterexample_figure", "value_text"]

_BITE = re.compile(r"\(?\s*(\d+)\s*,\s*(\d+)\s*\)?")


def value_text(value: Any) -> str:
    """A value as the report prints it: thousands separated, lists shortened.

    >>> value_text([1, 2, 3])
    '[1, 2, 3]'
    >>> value_text(12345)
    '12,345'
    """
    if isinstance(value, bool) or value is None:
        return str(value).lower() if value is not None else "-"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        return f"{value:.6g}"
    if isinstance(value, Mapping):
        return ", ".join(f"{key} = {value_text(item)}" for key, item in value.items())
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value, key=str) if isinstance(value, (set, frozenset)) else list(value)
        shown = ", ".join(value_text(item) for item in items[:12])
        more = f", ... ({len(items)} in all)" if len(items) > 12 else ""
        return f"[{shown}{more}]"
    return str(value)


def _split(
    example: Mapping[str, Any], claim: Claim | None
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The example's inputs (variables, position) and the values that break the claim."""
    inputs: dict[str, Any] = {}
    breaking: dict[str, Any] = {}
    variables = set(claim.variables) if claim is not None else set()
    for key, value in example.items():
        single = isinstance(value, int) and not isinstance(value, bool)
        is_input = key in variables or key == "position" or (not variables and single)
        (inputs if is_input else breaking)[key] = value
    return inputs, breaking


def counterexample_blocks(
    theorem: Theorem,
    claim: Claim | None,
    example: Mapping[str, Any],
    taken: Mapping[int, int] | None = None,
    told: str = "",
    least: bool = True,
) -> list[Block]:
    """The counterexample as one sentence, and drawn when its game has a picture;
    ``taken`` colours the counters a winning move from it takes.  ``told`` is the
    sentence to say instead of its values (a mistake's, told as play); ``least``: whether
    it was shown to be the least case (else the label says it was not)."""
    inputs, breaking = _split(example, claim)
    if claim is not None and set(claim.variables) & inputs.keys():
        inputs.pop("position", None)  # built from the variables: said once, by them
    label = say("counterexample.label" if least else "counterexample.label-not-least")
    text: list[Any] = [Strong(label), " "]
    text += _joined([_input_words(key, value) for key, value in inputs.items()]) or [
        say("counterexample.below")
    ]
    said = [_value_words(key, value) for key, value in breaking.items()]
    if said:
        text += [say("counterexample.there"), *_joined(said)]
    why = say("list.comma").join(p for p in said if isinstance(p, str))  # for a caption
    blocks: list[Block] = [Paragraph((*text, "."))]
    if told:
        blocks = [Paragraph((Strong(label), " " + told))]
        why = ""  # the sentence says it; the caption does not repeat values
    if claim is not None and isinstance(claim.game, SumGame) and "position" in example:
        figure = _sum_figure(theorem.id, claim, claim.game, example["position"], why)
    elif claim is not None and claim.game_name == "digraph":  # tokens, not heaps
        figure = _graph_figure(theorem.id, claim, example.get("position"))
    else:
        figure = counterexample_figure(theorem.id, theorem.game, example, why, taken)
    if figure is not None:  # the position is drawn as the claim plays it
        play = theorem.play.value if theorem.play is not None else ""
        blocks.append(replace(figure, play=play))
    return blocks


def _math_name(key: str) -> str:
    """A variable or an expression of the claim (``g([n])``) typeset, not as code."""
    try:
        return expression_latex(key, None)
    except (MathSyntaxError, SyntaxError, ValueError):
        return rf"\text{{{key}}}"


def _input_words(key: str, value: Any) -> Inline:
    if key == "position":
        return say("counterexample.position", position=position_words(value))
    return Math(f"{_math_name(key)} = {value_text(value)}")


def _value_words(key: str, value: Any) -> Inline:
    """What the claim gets wrong there: an outcome or a value in words, anything else
    as mathematics."""
    if key == "outcome" and str(value) in ("P", "N"):
        return say("counterexample.outcome", outcome=str(value))
    if key == "grundy" and isinstance(value, int):
        return say("counterexample.grundy", value=value)
    return Math(f"{_math_name(key)} = {value_text(value)}")


def _joined(pieces: list[Inline]) -> list[Inline]:
    joined: list[Inline] = []
    for index, piece in enumerate(pieces):
        if index:
            joined.append(say("list.comma"))
        joined.append(piece)
    return joined


def position_words(value: Any) -> str:
    """A position as the notes write it: (3, 4, 5); a sum of heaps as (3, 2).

    >>> position_words([3, 4]), position_words([[3], [2]]), position_words(7)
    ('(3, 4)', '(3, 2)', '(7)')
    """
    if isinstance(value, (list, tuple)):
        parts = [p[0] if isinstance(p, (list, tuple)) and len(p) == 1 else p for p in value]
        return (
            "("
            + ", ".join(
                position_words(p) if isinstance(p, (list, tuple)) else str(p) for p in parts
            )
            + ")"
        )
    return f"({value})"


def _sum_figure(
    theorem_id: str, claim: Claim, game: SumGame, position: Any, why: str
) -> Figure | None:
    """A counterexample to a claim about a sum, its components drawn side by side."""
    names = claim.game_name.split(" + ")
    components = claim.params.get("components") or [{} for _ in names]
    caption = say("counterexample.caption-why", why=why) if why else say("counterexample.caption")
    return sum_position_figure(
        f"counterexample-{theorem_id}", game, sum_name(names, components), position, caption
    )


def counterexample_table(example: Mapping[str, Any]) -> Table:
    """Every value of a counterexample, one per row (for the record)."""
    rows = [(Code(str(key)), value_text(value)) for key, value in example.items()]
    return Table.build(("name", "value"), rows)


def _int_sequence(value: Any) -> tuple[int, ...] | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return (value,)
    if isinstance(value, (list, tuple)) and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        return tuple(value)
    return None


def _bites(example: Mapping[str, Any]) -> tuple[tuple[int, int], ...]:
    """Squares named in the example's winning bites, as (row, column) from 0."""
    bites: list[tuple[int, int]] = []
    for key, value in example.items():
        if "bite" not in key.replace("_", " ") or not isinstance(value, (list, tuple)):
            continue
        for item in value:
            match = _BITE.search(str(item))
            if match:
                bites.append((int(match.group(1)) - 1, int(match.group(2)) - 1))
    return tuple(bites)


def _graph_figure(theorem_id: str, claim: Claim, position: Any) -> Figure | None:
    """The graph of a digraph game with the counterexample's tokens ringed."""
    from grundy.games.digraph import parse_edges as graph_edges
    from grundy.solve.loopy import LoopySolver
    from grundy.solve.solver import Play

    tokens = _int_sequence(position) if position is not None else None
    edges = graph_edges(str(claim.params.get("edges", "")))
    vertices = sorted({v for edge in edges for v in edge})
    if tokens is None or len(vertices) > 16:
        return None
    # coloured in the claim's own play: a misère counterexample by its misère outcomes
    solver = LoopySolver(claim.game, misere=claim.play is Play.MISERE)
    outcomes = {v: solver.outcome(claim.game.from_value([v])).value for v in vertices}
    caption = say("graph.caption-tokens")
    return graph_figure(f"counterexample-{theorem_id}", caption, edges, outcomes, tokens)


def counterexample_figure(
    theorem_id: str,
    game: str | None,
    example: Mapping[str, Any],
    why: str = "",
    taken: Mapping[int, int] | None = None,
) -> Figure | None:
    """A picture of the counterexample's position, when its game has a picture for it.

    Chomp positions are boards with the winning bites the example names, Hackenbush
    pictures are drawn edge by edge, any other position given as integers is heaps of
    counters.  Only the example's ``position`` (or ``edges``) is drawn; ``why`` (what
    breaks the claim) ends the caption.
    """
    name = (game or "").split()[0] if game else None
    if name == "digraph":  # a position is tokens on the graph: drawn with the claim's edges
        return None
    position = example.get("position")
    figure_name = f"counterexample-{theorem_id}"
    # The caption names no claim id: the handout's reader knows the claim by its title.
    caption = say("counterexample.caption-why", why=why) if why else say("counterexample.caption")
    if name == "hackenbush" or "edges" in example:
        edges = example.get("edges", position)
        if not isinstance(edges, str):
            return None
        try:
            parsed = parse_edges(edges)
        except ValueError:
            return None
        return hackenbush_figure(figure_name, caption, [HackenbushPicture(parsed, None, edges)])
    # Only a position the example names is drawn: its other integers (a lemma's bits, a
    # value) are not heaps, and a picture of them would mislead.
    heaps = _int_sequence(position) if position is not None else None
    if heaps is None or len(heaps) > 12 or any(h < 0 for h in heaps) or not any(heaps):
        return None  # no heaps at all would be a picture of nothing
    if name == "chomp":
        rows = tuple(sorted(heaps, reverse=True))
        bites = tuple((r, c) for r, c in _bites(example) if r < len(rows) and 0 <= c < rows[r])
        shape = f"{len(rows)}×{rows[0]}" if len(set(rows)) == 1 else f"rows {rows}"
        board = ChompBoard(rows, bites, shape)
        return chomp_figure(figure_name, caption + say("chomp.poisoned"), [board])
    if name in PIN_GAMES:  # Kayles and its kin are rows of pins, not Nim heaps
        return pins_figure(figure_name, caption, heaps)
    if taken:
        caption += say("counterexample.taken")
    return heaps_figure(figure_name, caption, heaps, taken=taken)
