r"""Declaring theorems with their mutants: the one shape every file of ``proofs/`` uses.

A file of ``proofs/`` lists its theorems as a course lists its statements: a section
heading says where the statements below it come from, each theorem is followed by its
mutants::

    THEOREMS = listing(
        section(SLIDES, game="nim", tags=(*TAGS, "exhaustive")),
        theorem(
            "bouton-three-heaps",
            "Bouton's theorem for three heaps of up to 31 (by search)",
            "a three-heap Nim position (a, b, c) is a P-position iff a ⊕ b ⊕ c = 0",
            r"(a,b,c) \in \mathcal{P} \iff a \oplus b \oplus c = 0",
            _three_heaps,
        ),
        mutant(
            "bouton-even-sum",
            "Mutant: P iff the ordinary sum of the heaps is even",
            "(a, b, c) is P iff a + b + c is even",
            r"(a,b,c) \in \mathcal{P} \iff a + b + c \equiv 0 \pmod{2}",
            _even_sum,
        ),
    )

A theorem takes its section's source, game, tags and play unless it says otherwise. A
mutant belongs to the theorem declared above it (or to the one ``of`` names, where the
listing keeps it elsewhere), takes that theorem's source, game, tags and play unless it
says otherwise, and is expected to fail. :func:`listing` turns the declarations into
:class:`~grundy.library.Theorem` objects, in the order they are written.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from enum import Enum
from typing import Final, TypeVar

from grundy.errors import ClaimError
from grundy.library import CheckSettings, Expectation, Theorem
from grundy.solve.solver import Play
from grundy.tasks import DEFAULT_COST, Split
from grundy.verdict import Verdict

__all__ = [
    "SAME",
    "Declaration",
    "Mutant",
    "Section",
    "drawn_at_heap",
    "listing",
    "mutant",
    "mutant_title",
    "section",
    "theorem",
]

Check = Callable[[CheckSettings], Verdict]
T = TypeVar("T")


class _Same(Enum):
    """Marks a field taken from the section (for a theorem) or the theorem (for a mutant)."""

    SAME = "same as above"


SAME: Final = _Same.SAME
"""A field left as its section's (a theorem's) or its theorem's (a mutant's)."""


@dataclass(frozen=True, slots=True)
class Section:
    """Where the theorems below it come from, what game they are about, their tags and
    the play convention they speak of, until the next section."""

    source: str
    game: str | None
    tags: tuple[str, ...]
    play: Play | None


@dataclass(frozen=True, slots=True)
class Declaration:
    """A theorem before it knows its section."""

    id: str
    title: str
    statement: str
    latex: str | None
    check: Check | None
    split: Split | None
    source: str | _Same
    game: str | _Same | None
    tags: tuple[str, ...] | _Same
    play: Play | _Same | None
    expect: Expectation
    cost: float

    def in_section(self, section: Section | None) -> Theorem:
        """The theorem, with what it leaves unsaid taken from ``section``."""
        if section is None:
            if SAME in (self.source, self.game, self.tags, self.play):
                raise ClaimError(f"theorem {self.id!r} is declared before any section")
            section = Section("", None, (), None)  # never consulted: every field is given
        return Theorem(
            id=self.id,
            title=self.title,
            statement=self.statement,
            source=_given(self.source, section.source),
            check=self.check,
            expect=self.expect,
            latex=self.latex,
            game=_given(self.game, section.game),
            tags=_given(self.tags, section.tags),
            split=self.split,
            cost=self.cost,
            play=_given(self.play, section.play),
        )


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
            source=_given(self.source, theorem.source),
            check=self.check,
            mutant_of=theorem.id,
            expect=self.expect,
            latex=self.latex,
            game=_given(self.game, theorem.game),
            tags=_given(self.tags, theorem.tags),
            split=self.split,
            cost=self.cost,
            play=_given(self.play, theorem.play),
        )


def _given(value: T | _Same, otherwise: T) -> T:
    return otherwise if isinstance(value, _Same) else value


def section(
    source: str,
    *,
    game: str | None = None,
    tags: tuple[str, ...] = (),
    play: Play | None = Play.NORMAL,
) -> Section:
    """A heading of the listing: the theorems below it come from ``source``, are about
    ``game``, carry ``tags`` and speak of ``play``, unless they say otherwise."""
    return Section(source, game, tags, play)


def theorem(
    identifier: str,
    title: str,
    statement: str,
    latex: str | None,
    check: Check | None = None,
    *,
    source: str | _Same = SAME,
    game: str | _Same | None = SAME,
    tags: tuple[str, ...] | _Same = SAME,
    play: Play | _Same | None = SAME,
    split: Split | None = None,
    expect: Expectation = Expectation.HOLDS,
    cost: float = DEFAULT_COST,
) -> Declaration:
    """A theorem: its identifier, title, statement, LaTeX and check (or ``split``); its
    source, game, tags and play are its section's unless given. The mutants declared
    below it in the listing are its own."""
    return Declaration(
        identifier, title, statement, latex, check, split, source, game, tags, play, expect, cost
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


def mutant_title(claim: str) -> str:
    """A mutant's title from what it claims: ``Mutant: `` and the claim."""
    return f"Mutant: {claim}"


def drawn_at_heap(check: Check, heap: str) -> Check:
    """The same check; a counterexample also gets the single heap ``heap`` as its
    ``position``, so that a report can draw it."""

    def run(settings: CheckSettings) -> Verdict:
        verdict = check(settings)
        example = verdict.counterexample
        if example is None or "position" in example or not isinstance(example.get(heap), int):
            return verdict
        return replace(verdict, counterexample={**example, "position": [example[heap]]})

    return run


Declared = Theorem | Declaration | Mutant | Section


def listing(*declarations: Declared | Iterable[Declared]) -> list[Theorem]:
    """The theorems and mutants declared, in order: each theorem in its section, each
    mutant joined to its theorem. An iterable among the declarations (a family built by
    a function) is listed in place."""
    theorems: list[Theorem] = []
    by_id: dict[str, Theorem] = {}
    heading: Section | None = None
    above: Theorem | None = None
    for declared in _flat(declarations):
        if isinstance(declared, Section):
            heading = declared
            continue
        if isinstance(declared, Mutant):
            parent = above if declared.of is None else by_id.get(declared.of)
            if parent is None:
                named = declared.of or "the theorem above it"
                raise ClaimError(f"mutant {declared.id!r} names no declared theorem ({named})")
            theorems.append(declared.of_theorem(parent))
            continue
        made = declared.in_section(heading) if isinstance(declared, Declaration) else declared
        if made.mutant_of is None:
            above = made
            by_id[made.id] = made
        theorems.append(made)
    return theorems


def _flat(declarations: Iterable[Declared | Iterable[Declared]]) -> Iterable[Declared]:
    for declared in declarations:
        if isinstance(declared, Theorem | Declaration | Mutant | Section):
            yield declared
        else:
            yield from declared
