"""The fields of a claim that serve teaching: ``figures`` (which pictures a handout draws
beside it) and ``exercise`` (whether it is set as a question).  ``problem(field,
message)`` makes the claim's error naming the field."""

from __future__ import annotations

from typing import Any

from grundy.errors import brief

__all__ = ["EXERCISE_KINDS", "FIGURE_KINDS", "read_exercise", "read_figures"]

# What a ``figures`` field may list: the kinds of picture a handout draws beside a claim
# (the kind of each report figure, grundy.report.document.Figure.kind).
FIGURE_KINDS = (
    "heaps",  # heaps of counters
    "pins",  # rows of pins (Kayles and the other octal games)
    "chomp",  # Chomp boards
    "hackenbush",  # Green Hackenbush pictures and their snakes
    "graph",  # the graph a token moves on (a digraph game)
    "sum",  # a position of a sum, part by part
    "p-positions",  # P-positions coloured on a strip or a grid
    "values",  # Grundy values plotted or in strips
)
# What an ``exercise`` field may say (true is a true-or-false question).
EXERCISE_KINDS = ("decide", "prove")


def read_figures(value: Any, problem: Any) -> tuple[str, ...] | None:
    """A ``figures`` field: left out, every kind; ``"none"``, none; else a list of kinds."""
    if value is None:
        return None
    if value == "none":
        return ()
    kinds = ", ".join(FIGURE_KINDS)
    if not isinstance(value, list) or not all(isinstance(kind, str) for kind in value):
        raise problem("figures", f'must be "none" or a list of kinds of figure ({kinds})')
    unknown = [kind for kind in value if kind not in FIGURE_KINDS]
    if unknown:
        raise problem(
            "figures", f"{brief(unknown[0])} is not a kind of figure; the kinds are {kinds}"
        )
    return tuple(dict.fromkeys(value))


def read_exercise(value: Any, problem: Any) -> str:
    """An ``exercise`` field's kind: true is a true-or-false question, false none."""
    if value is None or value is False:
        return ""
    if value is True:
        return "decide"
    if isinstance(value, str) and value in EXERCISE_KINDS:
        return value
    raise problem(
        "exercise", f"must be true, false or one of {', '.join(EXERCISE_KINDS)}, got {brief(value)}"
    )
