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
from grundy.report.student_words import say, say_pieces
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
        say("nim-addition.symmetric" if symmetric else "nim-addition.not-symmetric"),
        say("nim-addition.diagonal" if diagonal else "nim-addition.not-diagonal"),
        say("nim-addition.closed" if closed else "nim-addition.not-closed"),
    ]
    intro = say_pieces(
        "nim-addition.intro",
        a=Math("*a"),
        b=Math("*b"),
        ab=Math("(a, b)"),
        remarks=say("list.semicolon-and").join(remarks),
    )
    return section(
        "nim-addition",
        say("nim-addition.title"),
        [
            Paragraph(intro),
            Table(header, tuple(rows), say("nim-addition.caption"), "grid"),
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
        say("nim-worked.title"),
        [
            Paragraph((say("nim-worked.intro"),)),
            Table.build((say("table.sum"), say("table.powers"), say("table.value")), rows),
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
            shown.extend(
                say_pieces(
                    "nim-moves.leaving",
                    move=move_words(move),
                    position=Code(position_text(move.to)),
                )
            )
        if not moves:
            shown.append(say("nim-moves.none"))
        label = say("nim-moves.example" if heaps == (1, 3, 4) else "nim-moves.exercise")
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
        say("nim-moves.title"),
        [
            Paragraph(say_pieces("nim-moves.intro", zero=Math("*0"))),
            Table.build(
                tuple(
                    say(f"table.{key}")
                    for key in ("position", "from", "value", "count", "winning-moves")
                ),
                rows,
            ),
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
