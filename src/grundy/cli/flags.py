"""Flags that several commands take, each added by one function so that its help text is
written once (``grundy solve --help`` and ``grundy check --help`` say the same)."""

from __future__ import annotations

import argparse

from grundy.errors import brief
from grundy.smt_record import INDEX, SECOND_SOLVERS
from grundy.validate import whole_from_text

__all__ = [
    "add_json_option",
    "add_misere_option",
    "add_seed_option",
    "add_smt_options",
    "whole_int",
]


def whole_int(text: str) -> int:
    """An argparse type: a whole number, read by grundy's one rule (at most 4,300 digits;
    argparse's own ``int`` would quote all the digits, or fail inside)."""
    value = whole_from_text(text, "the value", argparse.ArgumentTypeError)
    if value is None:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {brief(text)}")
    return value


def add_json_option(parser: argparse.ArgumentParser) -> None:
    """``--json``: the command prints one JSON object instead of text."""
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def add_misere_option(parser: argparse.ArgumentParser) -> None:
    """``--misere``: the last player to move loses."""
    parser.add_argument("--misere", action="store_true", help="misère play: the last mover loses")


def add_seed_option(parser: argparse.ArgumentParser) -> None:
    """``--seed N``: the seed of random search, so that a run can be repeated."""
    parser.add_argument(
        "--seed", type=whole_int, default=0, help="seed for random search (default 0)"
    )


def add_smt_options(parser: argparse.ArgumentParser, *, default_words: str = "") -> None:
    """``--smt DIR`` and ``--second-solver``: what ``check``, ``verify`` and ``report``
    do with the queries their symbolic proofs rest on."""
    parser.add_argument(
        "--smt",
        metavar="DIR",
        default=None,
        help="write each SMT query a proof rests on to DIR as an SMT-LIB 2 file, with "
        f"DIR/{INDEX} listing them (re-run them with 'grundy recheck DIR'){default_words}",
    )
    parser.add_argument(
        "--second-solver",
        choices=SECOND_SOLVERS,
        default=SECOND_SOLVERS[0],
        help="the solver that proves each such query again (default cvc5; 'none' skips it, "
        "for speed)",
    )
