"""grundy.declare: a theorem with its mutants below it, under a section heading, builds
the same Theorem objects as spelling every field out."""

from __future__ import annotations

import pytest

from grundy.declare import by_z3, drawn_at_heap, listing, mutant, mutant_title, section, theorem
from grundy.errors import ClaimError
from grundy.library import CheckSettings, Expectation, Theorem
from grundy.solve.solver import Play
from grundy.verdict import Status, Verdict


def holds(settings: CheckSettings) -> Verdict:
    return Verdict(Status.PROVED, "exhaustive", "bounded: a < 4", cases=4)


def fails(settings: CheckSettings) -> Verdict:
    return Verdict(Status.REFUTED, "exhaustive", counterexample={"k": 3})


def test_a_theorem_takes_its_sections_fields_and_a_mutant_its_theorems() -> None:
    made = listing(
        section("003 Nim", game="nim", tags=("nim",), play=Play.MISERE),
        theorem("t", "T", "a = a", r"a = a", holds),
        mutant("t-m", "M", "a = a + 1", None, fails),
        theorem("u", "U", "b = b", None, holds, tags=("nim", "z3"), game=None),
    )
    assert made == [
        Theorem("t", "T", "a = a", "003 Nim", holds, latex="a = a", game="nim", tags=("nim",),
                play=Play.MISERE),
        Theorem("t-m", "M", "a = a + 1", "003 Nim", fails, mutant_of="t",
                expect=Expectation.FAILS, game="nim", tags=("nim",), play=Play.MISERE),
        Theorem("u", "U", "b = b", "003 Nim", holds, tags=("nim", "z3"), game=None,
                play=Play.MISERE),
    ]  # fmt: skip


def test_a_mutant_says_what_differs_and_may_name_a_theorem_further_up() -> None:
    made = listing(
        section("001 Legner", game="nim", tags=("sums",)),
        theorem("first", "First", "s", None, holds),
        theorem("second", "Second", "s", None, holds, source="003 notes"),
        mutant("first-m", "M", "s", None, fails, of="first", tags=("sums", "mutant"), cost=2.5),
        mutant("second-m", "M", "s", None, fails, of="second", source="x", play=None),
    )
    by_id = {t.id: t for t in made}
    assert [t.id for t in made] == ["first", "second", "first-m", "second-m"]
    assert by_id["first-m"].mutant_of == "first"
    assert by_id["first-m"].source == "001 Legner"
    assert by_id["first-m"].tags == ("sums", "mutant")
    assert by_id["first-m"].cost == 2.5
    assert by_id["second-m"].mutant_of == "second"
    assert (by_id["second-m"].source, by_id["second-m"].play) == ("x", None)
    assert by_id["second-m"].game == "nim"


def test_a_section_changes_what_the_theorems_below_it_take() -> None:
    made = listing(
        section("A", tags=("a",)),
        theorem("x", "X", "s", None, holds),
        section("B", game="kayles"),
        theorem("y", "Y", "s", None, holds),
        mutant("y-m", mutant_title("Y fails"), "s", None, fails),
    )
    assert [(t.source, t.game, t.tags) for t in made] == [
        ("A", None, ("a",)),
        ("B", "kayles", ()),
        ("B", "kayles", ()),
    ]
    assert made[2].title == "Mutant: Y fails"


def test_families_built_by_a_function_are_listed_in_place() -> None:
    def family() -> list:
        return [mutant("x-low", "L", "s", None, fails, of="x")]

    made = listing(section("A"), theorem("x", "X", "s", None, holds), theorem("y", "Y", "s",
                   None, holds), family())  # fmt: skip
    assert [(t.id, t.mutant_of) for t in made] == [("x", None), ("y", None), ("x-low", "x")]


def test_a_mutant_without_its_theorem_and_a_theorem_without_a_source_are_errors() -> None:
    with pytest.raises(ClaimError, match="names no declared theorem"):
        listing(section("A"), mutant("m", "M", "s", None, fails))
    with pytest.raises(ClaimError, match="names no declared theorem"):
        listing(section("A"), theorem("x", "X", "s", None, holds), mutant("m", "M", "s", None,
                fails, of="nowhere"))  # fmt: skip
    with pytest.raises(ClaimError, match="before any section"):
        listing(theorem("x", "X", "s", None, holds))
    alone = listing(theorem("x", "X", "s", None, holds, source="S", game=None, tags=(), play=None))
    assert (alone[0].source, alone[0].play) == ("S", None)


def test_drawn_at_heap_adds_the_heap_as_the_position_to_draw() -> None:
    settings = CheckSettings()
    assert drawn_at_heap(fails, "k")(settings).counterexample == {"k": 3, "position": [3]}
    assert drawn_at_heap(holds, "k")(settings).counterexample is None
    assert drawn_at_heap(fails, "h")(settings).counterexample == {"k": 3}


def test_by_z3_hands_the_settings_time_limit_and_seed_to_the_prover() -> None:
    calls = []

    def prove(*args: object, **options: object) -> Verdict:
        calls.append((args, options))
        return holds(CheckSettings())

    by_z3(prove, "law", mutation="m")(CheckSettings(seed=7, z3_timeout_ms=123))
    assert calls == [(("law",), {"timeout_ms": 123, "seed": 7, "mutation": "m"})]
