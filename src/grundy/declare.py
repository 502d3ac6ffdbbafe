"""Declaring theorems with their mutants: the one shape every file of ``proofs/`` uses.

A file of ``proofs/`` lists its theorems as a course lists its statements: a section
heading says where the statements below it come from, each theorem is followed by its
mutants::

    THEOREMS = listing(
        section(SLIDES, game="nim", tags=TAGS),
        theorem("bouton-three-heaps", "Bouton's theorem ...", "(a, b, c) is P iff ...",
                r"...", _three_heaps),
        mutant("bouton-even-sum", "Mutant: P iff the sum is even", "...", r"...", _even_sum),
        theorem(...),
        ...
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
from typing import Any, TypedDict, Unpack

from grundy.errors import ClaimError
from grundy.library import CheckSettings, Exercise, ExerciseKind, Expectation, Theorem
from grundy.solve.solver import Play
from grundy.tasks import DEFAULT_COST, Split
from grundy.verdict import Verdict

__all__ = [
    "Declaration",
    "Declared",
    "Exercise",
    "ExerciseKind",
    "Fields",
    "Section",
    "by_z3",
    "drawn_at_heap",
    "listing",
    "mutant",
    "mutant_title",
    "section",
    "theorem",
]

Check = Callable[[CheckSettings], Verdict]


@dataclass(frozen=True, slots=True)
class Section:
    """Where the theorems below it come from, what game they are about, their tags and
    the play convention they speak of, until the next section."""

    source: str
    game: str | None = None
    tags: tuple[str, ...] = ()
    play: Play | None = Play.NORMAL


section = Section
"""A heading of the listing: ``section(source, game=..., tags=..., play=...)``."""


class Fields(TypedDict, total=False):
    """What a declaration may say beyond its id, title, statement, LaTeX and check; what
    it leaves out of source, game, tags and play comes from above it."""

    source: str
    game: str | None
    tags: tuple[str, ...]
    play: Play | None
    split: Split | None
    expect: Expectation
    cost: float
    implied_by: str | None
    proof: str | None
    exercise: Exercise | None


@dataclass(frozen=True, slots=True)
class Declaration:
    """A theorem (or, with ``mutant`` set, a mutant) before it knows what is above it.

    ``of`` names a mutant's theorem (``None``: the theorem declared above it).
    """

    id: str
    title: str
    statement: str
    latex: str | None
    check: Check | None
    fields: Fields
    mutant: bool = False
    of: str | None = None

    def made(self, above: Section | Theorem) -> Theorem:
        """The theorem, with what it leaves unsaid taken from ``above``: its section (a
        theorem) or its theorem (a mutant, which falsifies it)."""
        fields = self.fields
        return Theorem(
            id=self.id,
            title=self.title,
            statement=self.statement,
            source=fields.get("source", above.source),
            check=self.check,
            mutant_of=above.id if isinstance(above, Theorem) else None,
            expect=fields.get("expect", Expectation.FAILS if self.mutant else Expectation.HOLDS),
            latex=self.latex,
            game=fields.get("game", above.game),
            tags=fields.get("tags", above.tags),
            split=fields.get("split"),
            cost=fields.get("cost", DEFAULT_COST),
            play=fields.get("play", above.play),
            implied_by=fields.get("implied_by"),  # a theorem's own: never inherited
            proof=fields.get("proof"),  # a mutant has none: it is false
            exercise=fields.get("exercise"),  # a theorem's own too
        )


def theorem(
    identifier: str,
    title: str,
    statement: str,
    latex: str | None,
    check: Check | None = None,
    **fields: Unpack[Fields],
) -> Declaration:
    """A theorem: its identifier, title, statement, LaTeX and check (or ``split``); its
    source, game, tags and play are its section's unless given. The mutants declared
    below it in the listing are its own."""
    return Declaration(identifier, title, statement, latex, check, fields)


def mutant(
    identifier: str,
    title: str,
    statement: str,
    latex: str | None,
    check: Check | None = None,
    *,
    of: str | None = None,
    **fields: Unpack[Fields],
) -> Declaration:
    """A mutant of the theorem above it (or of ``of``): expected to fail, and with that
    theorem's source, game, tags and play unless given."""
    return Declaration(identifier, title, statement, latex, check, fields, mutant=True, of=of)


def mutant_title(claim: str) -> str:
    """A mutant's title from what it claims: ``Mutant: `` and the claim."""
    return f"Mutant: {claim}"


def by_z3(prove: Callable[..., Verdict], *args: Any, **options: Any) -> Check:
    """The check ``prove(*args, **options)`` with the settings' Z3 time limit and seed."""
    return lambda settings: prove(
        *args, timeout_ms=settings.z3_timeout_ms, seed=settings.seed, **options
    )


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


Declared = Theorem | Declaration | Section

_SAID = ("source", "game", "tags", "play")


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
        if isinstance(declared, Declaration) and declared.mutant:
            parent = above if declared.of is None else by_id.get(declared.of)
            if parent is None:
                named = declared.of or "the theorem above it"
                raise ClaimError(f"mutant {declared.id!r} names no declared theorem ({named})")
            theorems.append(declared.made(parent))
            continue
        if isinstance(declared, Declaration):
            if heading is None and not all(k in declared.fields for k in _SAID):
                raise ClaimError(f"theorem {declared.id!r} is declared before any section")
            declared = declared.made(heading or Section(""))
        if declared.mutant_of is None:
            above = declared
            by_id[declared.id] = declared
        theorems.append(declared)
    return theorems


def _flat(declarations: Iterable[Declared | Iterable[Declared]]) -> Iterable[Declared]:
    for declared in declarations:
        if isinstance(declared, Theorem | Declaration | Section):
            yield declared
        else:
            yield from declared
