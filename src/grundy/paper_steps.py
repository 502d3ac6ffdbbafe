"""The steps of library proofs that are argued on paper, not checked by any machine.

Some unbounded theorems of the library are proved in two layers: lemmas that a machine
checks (Z3, bit induction, listing every case), and a short argument in words that puts
them together (an induction on positions, strategy stealing).  That argument is an
assumption of the proof like a lemma is, of another kind: :class:`grundy.verdict.Verdict`
lists it in ``assumes`` (kind ``on-paper``) for the theorem itself and for every verdict
that rests on the theorem as a lemma, and the summaries count such proofs apart.

This module is data only, so that :mod:`grundy.verdict` can read it: ``PAPER_STEPS``
maps a library theorem's id to its own steps argued on paper, each a short name and the
words a reader sees; ``RESTS_ON`` maps a theorem to the library theorems its proof
assumes whose own proofs have such steps (a claim that assumes the theorem inherits
them).  A test keeps both true to the library's proofs and statements.
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["PAPER_STEPS", "RESTS_ON"]

_POSITIONS = "induction-on-positions"

PAPER_STEPS: Mapping[str, tuple[tuple[str, str], ...]] = {
    "bouton-any-number-of-heaps": (
        (
            _POSITIONS,
            "the induction on the number of heaps and on positions that gives Bouton's "
            "theorem from its seven nim-sum lemmas is argued on paper (each lemma is "
            "proved by machine)",
        ),
    ),
    "nim-value-any-number-of-heaps": (
        (
            _POSITIONS,
            "the induction on positions that gives G(h1, ..., hk) = h1 ⊕ ... ⊕ hk from "
            "its seven nim-sum lemmas is argued on paper (each lemma is proved by machine)",
        ),
    ),
    "misere-nim-any-number-of-heaps": (
        (
            _POSITIONS,
            "the induction on positions that gives the misère rule from its nine lemmas "
            "and Bouton's condition (2) is argued on paper (each lemma is proved by machine "
            "or by listing its cases)",
        ),
    ),
    "nim-sum-distinct-powers-any-count": (
        (
            "induction-on-the-number-of-powers",
            "the induction on the number of powers of two that gives the rule from its "
            "three lemmas is argued on paper (each lemma is proved by machine)",
        ),
    ),
    "chomp-rectangles-are-n": (
        (
            "strategy-stealing",
            "the strategy-stealing argument (the board after the corner bite is P or N, "
            "and either way the first player has a winning first bite) is argued on "
            "paper (the fact about bites it uses is proved by machine)",
        ),
    ),
    "beer-can-round-table": (
        (
            "the-game-ends",
            "that the game ends (the table holds finitely many disjoint cans), so that the "
            "opponent is the one who runs out of moves, is argued on paper (that "
            "the reflected can is always legal is proved by machine)",
        ),
    ),
}
"""Each theorem's own steps argued on paper: (short name, words)."""

RESTS_ON: Mapping[str, tuple[str, ...]] = {
    "misere-nim-any-number-of-heaps": ("bouton-any-number-of-heaps",),
}
"""The lemmas with steps argued on paper that each theorem's proof assumes."""
