"""Evidence on Nim itself: the nim-addition table, worked nim-sums and the winning moves of
exercise 4, each computed by the solver (see :mod:`grundy.report.evidence`)."""

from __future__ import annotations

from collections.abc import Sequence

from grundy.games import Nim
from grundy.report.document import Cell, Code, Inline, Math, Paragraph, Preformatted, Section, Table
from grundy.report.evidence_parts import (
    EvidenceItem,
    move_words,
    nimber,
    position_text,
    section,
)
from grundy.solve import Solver

# -- Nim: the handout's addition table, worked examples and exercise 4 ----------------------


def _nim_addition() -> Section:
    solver = Solver(Nim())
    size = 16
    header = (Cell((Math(r"\oplus"),), "head"), *(Cell((nimber(b),), "head") for b in range(size)))
    rows = []
    for a in range(size):
        cells = [Cell((nimber(a),), "head")]
        for b in range(size):
            value = solver.grundy_value((a, b))
            cells.append(Cell((str(value),), f"shade-{value}"))
        rows.append(tuple(cells))
    diagonal = all(solver.grundy_value((a, a)) == 0 for a in range(size))
    symmetric = all(
        solver.grundy_value((a, b)) == solver.grundy_value((b, a))
        for a in range(size)
        for b in range(size)
    )
    closed = all(solver.grundy_value((a, b)) < size for a in range(size) for b in range(size))
    remarks = [
        "symmetric (nim-addition is commutative)" if symmetric else "NOT symmetric",
        "zero on the diagonal (G + G = 0)" if diagonal else "NOT zero on the diagonal",
        "closed: every sum is again one of *0..*15" if closed else "NOT closed",
    ]
    return section(
        "nim-addition",
        "Nim-addition table for *0 to *15",
        [
            Paragraph(
                (
                    "Handout 17, exercise 1. The entry in row ",
                    Math("*a"),
                    " and column ",
                    Math("*b"),
                    " is the Grundy value of the two-heap Nim position ",
                    Math("(a, b)"),
                    ", found by the solver. As computed, the table is " + "; ".join(remarks) + ".",
                )
            ),
            Table(header, tuple(rows), "*a + *b, computed as Grundy values of Nim", "grid"),
        ],
    )


_WORKED_SUMS = ((2, 4), (1, 8, 16), (5, 10), (5, 12), (5, 6, 7), (3, 5, 6))


def _powers_of_two(n: int) -> list[int]:
    return [1 << bit for bit in range(n.bit_length()) if n >> bit & 1]


def _worked_examples() -> Section:
    solver = Solver(Nim())
    rows = []
    for heaps in _WORKED_SUMS:
        total = solver.grundy_value(heaps)
        left = " + ".join(f"*{h}" for h in heaps)
        split = " + ".join(
            "(" + " + ".join(f"*{p}" for p in _powers_of_two(h)) + ")" if h else "*0" for h in heaps
        )
        rows.append((Math(left), Math(split.replace("(*", "(*")), nimber(total)))
    return section(
        "nim-worked-sums",
        "The handout's worked nim-sums",
        [
            Paragraph(
                (
                    "Each sum of nimbers is the Nim position with those heaps; its value is "
                    "the solver's Grundy value. The middle column writes each heap as "
                    "distinct powers of two, the handout's method (cancel equal powers in "
                    "pairs).",
                )
            ),
            Table.build(("sum", "as powers of two", "value"), rows),
        ],
    )


_EXERCISE_POSITIONS = ((1, 3, 4), (3, 4, 5), (5, 6, 7), (2, 3, 5, 7, 11), (2, 3, 5, 7, 11, 13))


def _binary_layout(heaps: Sequence[int], total: int) -> str:
    width = max(max(heaps, default=0), total, 1).bit_length()
    lines = [f"{h:>3}  {h:0{width}b}" for h in heaps]
    lines.append(" " * 5 + "-" * width)
    lines.append(f"{'⊕':>3}  {total:0{width}b}   = {total}")
    return "\n".join(lines)


def side_by_side(blocks: Sequence[str], per_row: int, gap: int = 4) -> str:
    """Blocks of text set next to each other, ``per_row`` to a row.

    >>> print(side_by_side(["a\\nbb", "ccc"], 2, gap=1))
    a  ccc
    bb
    """
    rows = []
    for start in range(0, len(blocks), per_row):
        group = [block.splitlines() for block in blocks[start : start + per_row]]
        widths = [max((len(line) for line in lines), default=0) for lines in group]
        height = max(len(lines) for lines in group)
        for k in range(height):
            parts = [
                (lines[k] if k < len(lines) else "").ljust(width)
                for lines, width in zip(group, widths, strict=True)
            ]
            rows.append((" " * gap).join(parts).rstrip())
        rows.append("")
    return "\n".join(rows).rstrip("\n")


def _exercise_four() -> Section:
    solver = Solver(Nim())
    rows = []
    layouts = []
    for heaps in _EXERCISE_POSITIONS:
        value = solver.grundy_value(heaps)
        moves = solver.winning_moves(heaps)
        shown: list[Inline] = []
        for index, move in enumerate(moves):
            if index:
                shown.append("; ")
            shown.extend((move_words(move), ", leaving ", Code(position_text(move.to))))
        if not moves:
            shown.append("none: a P-position")
        label = "worked example" if heaps == (1, 3, 4) else "exercise 4"
        rows.append(
            (
                Code(position_text(heaps)),
                label,
                nimber(value),
                str(len(moves)),
                Cell(tuple(shown)),
            )
        )
        layouts.append(f"{position_text(heaps)}\n{_binary_layout(heaps, value)}")
    return section(
        "nim-exercise-4",
        "Winning moves: the handout's example and exercise 4",
        [
            Paragraph(
                (
                    "All winning moves found by the solver: every move to a position of value ",
                    Math("*0"),
                    ". The recipe of the handout is to nim-add the value to each heap and "
                    "reduce a heap that gets smaller; the binary columns below show why only "
                    "heaps with a 1 in the leading column of the nim-sum qualify.",
                )
            ),
            Table.build(("position", "from", "value", "moves", "winning moves"), rows),
            Preformatted(side_by_side(layouts, 3)),
        ],
    )


NIM_EVIDENCE: tuple[EvidenceItem, ...] = (
    EvidenceItem(
        "nim-addition",
        "Nim-addition table",
        frozenset({"nim", "nim-sum", "nimber", "handout", "exercise"}),
        _nim_addition,
        answers="handout-exercise-1",
    ),
    EvidenceItem(
        "nim-worked-sums",
        "Worked nim-sums",
        frozenset({"nim", "nim-sum", "nimber", "handout"}),
        _worked_examples,
    ),
    EvidenceItem(
        "nim-exercise-4",
        "Winning moves (exercise 4)",
        frozenset({"nim", "bouton", "winning-moves", "handout", "exercise"}),
        _exercise_four,
        answers="handout-exercise-4",
    ),
)
