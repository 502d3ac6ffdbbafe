"""Exact solving: Grundy values, outcomes in normal and misère play, winning moves."""

# Imported for its effect: it gives the solver Lucky Nim's outcomes (simultaneous turns).
import grundy.solve.lucky_nim  # noqa: F401
from grundy.solve.sequence import grundy_sequence, plain_grundy_sequence, register_sequence_engine
from grundy.solve.solver import Analysis, Move, Outcome, Play, Solver
from grundy.solve.table import TableRow, table_rows

__all__ = [
    "Analysis",
    "Move",
    "Outcome",
    "Play",
    "Solver",
    "TableRow",
    "grundy_sequence",
    "plain_grundy_sequence",
    "register_sequence_engine",
    "table_rows",
]
