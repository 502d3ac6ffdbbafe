"""Every induction step in the library needs its induction hypothesis.

With the hypothesis removed, Z3 must find a model of the step's remaining premises in which
the goal is false (for a step deduced from lemmas rather than by induction, the lemmas are
removed instead).  A premise that quietly states the conclusion (as "G(a + b) = G(a) ⊕
G(b)" added to the axioms of the sum rule's birthday step once did, with every other test
green) makes the goal follow without the hypothesis, and fails here; the last tests of this
file add such a premise to a step of each kind and check that the search then finds no model.

The steps are collected by running the library's unbounded theorems with spies at the step
builders (birthday steps, bit induction, width induction, the take-away steps, Lucky Nim's
block parity), so a step
added to the library later is covered without being listed here.

Z3 rarely finds models of quantified premises over the integers by itself, so the search
helps it without weakening anything: a model of the premises plus extra constraints is a
model of the premises.  Games range over a finite universe; where a premise is a fact about
⊕ alone, ⊕ is fixed to exclusive or on small numbers and every value the other premises
feed it is kept small, so extending it by exclusive or everywhere keeps every premise true
(those facts hold of exclusive or: test_sum_rule_step_naturals.py); where a bit-induction
step is given earlier lemmas about its uninterpreted XOR, XOR is a table that Z3 fills in
on small numbers (the lemmas stay among the premises, so they hold of it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

import pytest
import z3

from grundy.library import CheckSettings, Theorem, check_theorem, load_library
from grundy.theory import lucky_nim
from grundy.theory import sprague_grundy_steps as bs
from grundy.verify import (
    birthday_induction,
    bit_induction,
    z3_induction,
)
from grundy.verify.birthday_induction import BirthdayStep, Symbols

# No claim budget: each check runs in this process (no budget child), where the spies
# record what they see.
SETTINGS = CheckSettings(quick=True, random_examples=40, claim_seconds=None, claim_memory=None)
TIMEOUT_MS = 5_000
SMALL = 4  # ⊕ fixed to exclusive or below this, and the games' values kept below it

# Bit-induction lemmas whose conclusion follows from the lemmas they use, without their
# hypothesis (not circular: the lemmas are proved before them).  For these, the conclusion
# must not follow once the lemmas are removed too.  This set is pinned, not a loophole:
# a lemma joining or leaving it fails the test.
FOLLOW_FROM_USED_LEMMAS = frozenset({"M2 o <= 1 and h >= 2 imply o ⊕ h != 0"})
# The same for width induction: laws that follow from their lemma instances alone.
LAWS_FOLLOWING_FROM_LEMMAS = frozenset(
    {"no option a' ⊕ b (a' < a) or a ⊕ b' (b' < b) equals a ⊕ b"}
)


# -- collecting the library's steps ------------------------------------------------------------


class Collected:
    def __init__(self) -> None:
        self.birthday: dict[str, BirthdayStep] = {}
        self.bit: dict[str, tuple[bit_induction.NaturalLemma, dict[str, Any]]] = {}
        self.width: dict[str, bit_induction.BitwiseLaw] = {}
        self.take_away: dict[str, Callable[..., Any]] = {}
        self.lucky: list[dict[str, Any]] = []


def _unbounded_theorems() -> list[Theorem]:
    return [
        t
        for t in load_library()
        if t.mutant_of is None and ("unbounded" in t.tags or "induction" in t.tags)
    ]


@contextmanager
def _spies(found: Collected, theorems: list[Theorem]) -> Iterator[None]:
    original_birthday = birthday_induction.prove_birthday_step
    original_bit = bit_induction.step_parts
    original_width = bit_induction.law_step_parts

    def birthday(step: BirthdayStep, **kwargs: Any) -> Any:
        found.birthday[step.name] = step
        return original_birthday(step, **kwargs)

    def bit(lemma: bit_induction.NaturalLemma, proved: Any) -> Any:
        found.bit[lemma.name] = (lemma, dict(proved))
        return original_bit(lemma, proved)

    def width(law: bit_induction.BitwiseLaw) -> Any:
        found.width[law.name] = law
        return original_width(law)

    def take_away(builder: Callable[..., Any], kind: str) -> Callable[..., Any]:
        def spy(as_term: Callable[..., Any], *more: Any) -> Any:
            found.take_away[f"{kind} {len(found.take_away)}"] = builder
            return builder(as_term, *more)

        return spy

    with pytest.MonkeyPatch.context() as patch:
        for theorem in theorems:  # the proofs modules import the birthday engine by name
            namespace = getattr(theorem.check, "__globals__", {})
            if namespace.get("prove_birthday_step") is original_birthday:
                patch.setitem(namespace, "prove_birthday_step", birthday)
        patch.setattr(bit_induction, "step_parts", bit)
        patch.setattr(bit_induction, "law_step_parts", width)
        original_lucky = lucky_nim.block_parity_step

        def lucky(**kwargs: Any) -> Any:
            found.lucky.append(kwargs)
            return original_lucky(**kwargs)

        patch.setattr(lucky_nim, "block_parity_step", lucky)
        for name, kind in (("take_away_step", "normal"), ("take_away_misere_step", "misere")):
            patch.setattr(z3_induction, name, take_away(getattr(z3_induction, name), kind))
        yield


@pytest.fixture(scope="module")
def collected() -> Collected:
    found = Collected()
    theorems = _unbounded_theorems()
    with _spies(found, theorems):
        for theorem in theorems:
            check_theorem(theorem, SETTINGS)
    return found


def test_the_spies_see_every_kind_of_step(collected: Collected) -> None:
    # the spies sit where the library builds its steps: if one moved, this test says so
    assert len(collected.birthday) >= 10, sorted(collected.birthday)
    assert len(collected.bit) >= 8, sorted(collected.bit)
    assert len(collected.width) >= 5, sorted(collected.width)
    assert len(collected.take_away) >= 2
    assert collected.lucky
    assert "G(G + H) = G(G) ⊕ G(H)" in collected.birthday
    # every true step of the birthday module is used by some theorem of the library
    assert {bs.__dict__[name]().name for name in bs.__all__} <= set(collected.birthday)


# -- birthday steps ------------------------------------------------------------------------------


def _uninterpreted(expression: z3.ExprRef, found: set[str]) -> set[str]:
    if z3.is_quantifier(expression):
        return _uninterpreted(expression.body(), found)
    if z3.is_app(expression):
        if expression.decl().kind() == z3.Z3_OP_UNINTERPRETED and expression.num_args() > 0:
            found.add(expression.decl().name())
        for part in expression.children():
            _uninterpreted(part, found)
    return found


def _applications(expression: z3.ExprRef, decl: z3.FuncDeclRef) -> list[z3.ExprRef]:
    if z3.is_quantifier(expression):
        return _applications(expression.body(), decl)
    found = [expression] if z3.is_app(expression) and expression.decl().eq(decl) else []
    for part in expression.children():
        found += _applications(part, decl)
    return found


def _birthday_countermodel(
    step: BirthdayStep, extra: Callable[[Symbols], list[z3.BoolRef]] = lambda s: []
) -> bool:
    """Is there a model of the step's premises without its hypothesis (and its lemmas, for a
    step that is not an induction), with the goal false?  ``extra`` adds premises."""
    for size in (1, 2, 3):
        s = Symbols(z3.Context())
        axioms, _hypothesis, goal = step.build(s)
        axioms = (*axioms, *extra(s))
        about_nim_sum, others = [], []
        for axiom in axioms:
            only_nim_sum = _uninterpreted(axiom, set()) == {"nim_sum"}
            (about_nim_sum if only_nim_sum else others).append(axiom)
        game = s.g.sort()
        members = [z3.Const(f"member{i}", game) for i in range(size)]
        v, w = z3.Consts("v w", game)
        small = (
            [
                z3.ForAll([v], z3.And(s.grundy(v) >= 0, s.grundy(v) < SMALL)),
                z3.ForAll([v, w], z3.And(s.grundy2(v, w) >= 0, s.grundy2(v, w) < SMALL)),
            ]
            + [
                s.nim_sum(z3.IntVal(i, s.context), z3.IntVal(j, s.context)) == i ^ j
                for i in range(SMALL)
                for j in range(SMALL)
            ]
            if about_nim_sum
            else []
        )
        solver = z3.Solver(ctx=s.context)
        solver.set("timeout", TIMEOUT_MS)
        solver.add(*others, *small, z3.Not(goal), z3.ForAll([v], z3.Or(*[v == m for m in members])))
        if solver.check() != z3.sat:
            continue
        model = solver.model()
        # ⊕ is only ever met at small numbers, where it is exclusive or: the model extends
        for application in (a for premise in others for a in _applications(premise, s.nim_sum)):
            assert not any(z3.is_var(arg) for arg in application.children()), application
            values = [
                model.eval(arg, model_completion=True).as_long() for arg in application.children()
            ]
            assert all(0 <= value < SMALL for value in values), (application, values)
        return True
    return False


def test_every_birthday_step_needs_its_hypothesis(collected: Collected) -> None:
    lacking = [
        name for name, step in collected.birthday.items() if not _birthday_countermodel(step)
    ]
    assert lacking == [], f"the goal follows without the hypothesis: {lacking}"


def test_a_premise_stating_the_sum_rule_is_caught() -> None:
    # the premise once added to the sum rule's axioms with every test green
    def circular(s: Symbols) -> list[z3.BoolRef]:
        return [
            z3.ForAll([s.a, s.b], s.grundy2(s.a, s.b) == s.nim_sum(s.grundy(s.a), s.grundy(s.b)))
        ]

    assert _birthday_countermodel(bs.sum_rule_step())
    assert not _birthday_countermodel(bs.sum_rule_step(), circular)


def test_a_premise_stating_any_birthday_goal_is_caught(collected: Collected) -> None:
    for step in collected.birthday.values():

        def goal_as_axiom(s: Symbols, step: BirthdayStep = step) -> list[z3.BoolRef]:
            return [step.build(s)[2]]

        assert not _birthday_countermodel(step, goal_as_axiom), step.name


# -- bit induction (grundy.verify.bit_induction) ----------------------------------------------


def _table_xor(size: int) -> tuple[z3.ExprRef, list[z3.BoolRef]]:
    """A stand-in for XOR with x ⊕ 0 = x, one-to-one in its second argument: a free table
    (Z3 fills it in) for arguments below ``size``, and x + y + 2·size beyond."""
    table = z3.Function("table", z3.IntSort(), z3.IntSort(), z3.IntSort())
    a, b = z3.Var(0, z3.IntSort()), z3.Var(1, z3.IntSort())
    term = z3.If(b == 0, a, z3.If(z3.And(a < size, b < size), table(a, b), a + b + 2 * size))
    rows = range(size)
    columns = range(1, size)
    side = [
        z3.And(table(i, j) >= 0, table(i, j) < 2 * size, table(i, j) != i)
        for i in rows
        for j in columns
    ]
    side += [table(i, j) != table(i, k) for i in rows for j in columns for k in columns if j < k]
    return term, side


def _bit_countermodel(
    facts: list[z3.BoolRef], conclusion: z3.BoolRef, extra: list[z3.BoolRef] = ()
) -> bool:
    solver = z3.Solver()
    solver.set("timeout", 1_000)  # quantified lemmas make Z3 give up: the table is next
    solver.add(*facts, *extra, z3.Not(conclusion))
    answer = solver.check()
    if answer != z3.unknown:
        return answer == z3.sat
    # Quantified lemmas about XOR: look for a model with XOR a table on small numbers (the
    # lemmas, kept among the premises, must hold of it for every natural number).
    xor = _applications_named(z3.And(*facts, conclusion), "X")[0].decl()
    term, side = _table_xor(4)
    solver = z3.Solver()
    solver.set("timeout", TIMEOUT_MS)
    solver.add(
        *side, *[z3.substitute_funs(f, (xor, term)) for f in [*facts, *extra, z3.Not(conclusion)]]
    )
    return solver.check() == z3.sat


def _applications_named(expression: z3.ExprRef, name: str) -> list[z3.ExprRef]:
    if z3.is_quantifier(expression):
        return _applications_named(expression.body(), name)
    found = [expression] if z3.is_app(expression) and expression.decl().name() == name else []
    for part in expression.children():
        found += _applications_named(part, name)
    return found


def _without_used_lemmas(lemma: bit_induction.NaturalLemma) -> bit_induction.NaturalLemma:
    return bit_induction.NaturalLemma(lemma.name, lemma.variables, lemma.statement)


def test_every_bit_induction_step_needs_its_hypothesis(collected: Collected) -> None:
    need_none = set()
    for name, (lemma, proved) in collected.bit.items():
        facts, _hypothesis, conclusion = bit_induction.step_parts(lemma, proved)
        if _bit_countermodel(facts, conclusion):
            continue
        need_none.add(name)
        # it follows from the lemmas it uses: without them too, it must not
        bare, _, bare_conclusion = bit_induction.step_parts(_without_used_lemmas(lemma), {})
        assert _bit_countermodel(bare, bare_conclusion), name
    assert need_none == FOLLOW_FROM_USED_LEMMAS


def test_a_premise_stating_a_bit_induction_conclusion_is_caught(collected: Collected) -> None:
    for name, (lemma, proved) in collected.bit.items():
        facts, _hypothesis, conclusion = bit_induction.step_parts(lemma, proved)
        assert not _bit_countermodel(facts, conclusion, [conclusion]), name


# -- laws in Z3 terms, on the width (grundy.verify.bit_induction.prove_every_width) --------


def _width_countermodel(law: bit_induction.BitwiseLaw, circular: bool = False) -> bool:
    premises, _hypothesis, goal, _ = bit_induction.law_step_parts(law)
    solver = z3.Solver()
    solver.set("timeout", TIMEOUT_MS)
    solver.add(*premises, *([goal] if circular else []), z3.Not(goal))
    return solver.check() == z3.sat


def test_every_width_induction_step_needs_its_hypothesis(collected: Collected) -> None:
    need_none = set()
    for name, law in collected.width.items():
        if _width_countermodel(law):
            continue
        need_none.add(name)
        # it follows from its lemma instances: without them too, it must not
        assert _width_countermodel(replace(law, instances=None)), name
    assert need_none == LAWS_FOLLOWING_FROM_LEMMAS


def test_a_premise_stating_a_width_induction_goal_is_caught(collected: Collected) -> None:
    for name, law in collected.width.items():
        assert not _width_countermodel(law, circular=True), name


# -- the take-away steps (grundy.verify.z3_induction) ------------------------------------------
# Their hypothesis (G = f below n) is applied outside Z3: the step shows f(n) is the mex of f
# over the options.  So the premises must not give that for an arbitrary f.


def _take_away_countermodel(
    builder: Callable[..., Any], circular: bool = False, *more: Any
) -> bool:
    misere = builder is z3_induction.take_away_misere_step
    arbitrary = z3.Function(
        "f", z3.IntSort(), z3.IntSort(), z3.BoolSort() if misere else z3.IntSort()
    )
    _variables, premises, goal = builder(arbitrary, *more)
    solver = z3.Solver()
    solver.set("timeout", TIMEOUT_MS)
    solver.add(*premises, *([goal] if circular else []), z3.Not(goal))
    return solver.check() == z3.sat


@pytest.mark.parametrize(
    "builder", [z3_induction.take_away_step, z3_induction.take_away_misere_step]
)
def test_the_take_away_steps_do_not_hold_for_an_arbitrary_closed_form(
    collected: Collected, builder: Callable[..., Any]
) -> None:
    assert builder in collected.take_away.values()
    assert _take_away_countermodel(builder)
    assert not _take_away_countermodel(builder, circular=True)
    # n named by its coordinates, as proved (and the misère witness read off them)
    form = z3_induction.ResidueClass(lambda k: k + 1, 1)
    named: tuple[Any, ...] = (form.premises,)
    if builder is z3_induction.take_away_misere_step:
        named = (form.premises, form.witness)
    assert _take_away_countermodel(builder, False, *named)
    assert not _take_away_countermodel(builder, True, *named)


# -- Lucky Nim's block parity step (grundy.theory.lucky_nim) ----------------------------
# Its hypothesis (block parity for fewer counters) is applied outside Z3 too: the step shows
# Ω's parity moves as the strategy says.  With Ω an arbitrary predicate it must not.


def _lucky_countermodels(arguments: dict[str, Any], circular: bool = False) -> dict[str, bool]:
    arbitrary = z3.Function("omega", z3.IntSort(), z3.IntSort(), z3.BoolSort())
    found = {}
    for part in lucky_nim.block_parity_step(**arguments, omega=arbitrary):
        premises, goal = part.goal.children()
        solver = z3.Solver()
        solver.set("timeout", TIMEOUT_MS)
        solver.add(premises, *([goal] if circular else []), z3.Not(goal))
        found[part.name] = solver.check() == z3.sat
    return found


def test_the_block_parity_step_does_not_hold_for_an_arbitrary_omega(collected: Collected) -> None:
    for arguments in collected.lucky:
        found = _lucky_countermodels(arguments)
        # the progress part (every turn takes a counter) does not speak of Ω
        assert found == {
            "lucky-block-parity-step-mover": True,
            "lucky-block-parity-step-opponent": True,
            "lucky-block-parity-step-progress": False,
        }
        assert not any(_lucky_countermodels(arguments, circular=True).values())
