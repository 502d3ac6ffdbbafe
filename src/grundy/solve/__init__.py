"""Exact solving: Grundy values, outcomes in normal and misère play, winning moves."""

# Imported for their effect, with the package, so that every Solver can use them: Lucky
# Nim's outcomes (simultaneous turns) and Chomp's box engine (loaded on first use).
import grundy.solve.lucky_nim
import grundy.solve.region_engines  # noqa: F401
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
