"""Declaring theorems with their mutants: the one shape every file of ``proofs/`` uses.

A file of ``proofs/`` lists its theorems as a course lists its statements::

    THEOREMS = listing(
        theorem(
            "bouton-three-heaps",
            "Bouton's theorem for three heaps of up to 31 (by search)",
            "a three-heap Nim position (a, b, c) is a P-position iff a ⊕ b ⊕ c = 0",
            r"(a,b,c) \\in \\mathcal{P} \\iff a \\oplus b \\oplus c = 0",
            _three_heaps,
            source=SLIDES,
            game="nim",
            tags=(*TAGS, "exhaustive"),
        ),
        mutant(
            "bouton-even-sum",
            "Mutant: P iff the ordinary sum of the heaps is even",
            "(a, b, c) is P iff a + b + c is even",
            r"(a,b,c) \\in \\mathcal{P} \\iff a + b + c \\equiv 0 \\pmod{2}",
            _even_sum,
        ),
    )

A mutant belongs to the theorem declared above it (or to the one ``of`` names, when the
listing keeps it elsewhere) and takes that theorem's source, game, tags and play unless it
says otherwise; it is expected to fail. :func:`listing` turns the declarations into the
:class:`~grundy.library.Theorem` objects, in the order they are written.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Final

from grundy.errors import ClaimError
from grundy.library import CheckSettings, Expectation, Theorem
from grundy.solve.solver import Play
from grundy.tasks import DEFAULT_COST, Split
from grundy.verdict import Verdict

__all__ = ["SAME", "Mutant", "listing", "mutant", "mutant_title", "theorem"]

Check = Callable[[CheckSettings], Verdict]


class _Same(Enum):
    """Marks a mutant's field taken from its theorem."""

    SAME = "same as the theorem"


SAME: Final = _Same.SAME
"""A mutant's source, game, tags or play left as its theorem's."""


@dataclass(frozen=True, slots=True)
class Mutant:
    """A plausible but false variant of a theorem, before it knows its theorem.

    ``of`` names the theorem (``None``: the theorem declared above it in the listing).
    """

    id: str
    title: str
    statement: str
    latex: str | None
    check: Check | None
    split: Split | None
    of: str | None
    source: str | _Same
    game: str | _Same | None
    tags: tuple[str, ...] | _Same
    play: Play | _Same | None
    expect: Expectation
    cost: float

    def of_theorem(self, theorem: Theorem) -> Theorem:
        """The mutant as a theorem of its own, falsifying ``theorem``."""
        return Theorem(
            id=self.id,
            title=self.title,
            statement=self.statement,
            source=theorem.source if self.source is SAME else self.source,
            check=self.check,
            mutant_of=theorem.id,
            expect=self.expect,
            latex=self.latex,
            game=theorem.game if self.game is SAME else self.game,
            tags=theorem.tags if self.tags is SAME else self.tags,
            split=self.split,
            cost=self.cost,
            play=theorem.play if self.play is SAME else self.play,
        )


def theorem(
    identifier: str,
    title: str,
    statement: str,
    latex: str | None,
    check: Check | None = None,
    *,
    source: str,
    game: str | None = None,
    tags: tuple[str, ...] = (),
    split: Split | None = None,
    expect: Expectation = Expectation.HOLDS,
    cost: float = DEFAULT_COST,
    play: Play | None = Play.NORMAL,
) -> Theorem:
    """A theorem: its identifier, title, statement, LaTeX and check (or ``split``), and where it
    comes from; the mutants declared below it in the listing are its own."""
    return Theorem(
        id=identifier,
        title=title,
        statement=statement,
        source=source,
        check=check,
        expect=expect,
        latex=latex,
        game=game,
        tags=tags,
        split=split,
        cost=cost,
        play=play,
    )


def mutant(
    identifier: str,
    title: str,
    statement: str,
    latex: str | None,
    check: Check | None = None,
    *,
    of: str | None = None,
    source: str | _Same = SAME,
    game: str | _Same | None = SAME,
    tags: tuple[str, ...] | _Same = SAME,
    play: Play | _Same | None = SAME,
    split: Split | None = None,
    expect: Expectation = Expectation.FAILS,
    cost: float = DEFAULT_COST,
) -> Mutant:
    """A mutant of the theorem above it (or of ``of``): expected to fail, and with that
    theorem's source, game, tags and play unless given."""
    return Mutant(
        identifier,
        title,
        statement,
        latex,
        check,
        split,
        of,
        source,
        game,
        tags,
        play,
        expect,
        cost,
    )


def listing(*declarations: Theorem | Mutant | Iterable[Theorem | Mutant]) -> list[Theorem]:
    """The theorems and mutants declared, in order, each mutant joined to its theorem.

    An iterable among the declarations (a family built by a function) is listed in place.
    """
    theorems: list[Theorem] = []
    by_id: dict[str, Theorem] = {}
    above: Theorem | None = None
    for declared in _flat(declarations):
        if isinstance(declared, Mutant):
            parent = above if declared.of is None else by_id.get(declared.of)
            if parent is None:
                named = declared.of or "the theorem above it"
                raise ClaimError(f"mutant {declared.id!r} names no declared theorem ({named})")
            declared = declared.of_theorem(parent)
        elif declared.mutant_of is None:
            above = declared
            by_id[declared.id] = declared
        theorems.append(declared)
    return theorems


def _flat(
    declarations: Iterable[Theorem | Mutant | Iterable[Theorem | Mutant]],
) -> Iterable[Theorem | Mutant]:
    for declared in declarations:
        if isinstance(declared, Theorem | Mutant):
            yield declared
        else:
            yield from declared


def mutant_title(claim: str) -> str:
    """A mutant's title from what it claims: ``Mutant: `` and the claim."""
    return f"Mutant: {claim}"
