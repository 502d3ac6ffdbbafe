"""A bit-induction lemma that is neither proved nor refuted still says what it was about:
the unknown verdict keeps the unbounded scope of the question, like proved and refuted."""

from grundy.theory.nim import bouton_lemmas
from grundy.verdict import UNBOUNDED, Status
from grundy.verify.bit_induction import NaturalLemma, prove_for_all_naturals


def test_an_open_step_is_unknown_about_every_tuple_of_naturals():
    # the column lemma N7 is true, but without N1 and N5 to lean on its step is open
    (column,) = [lemma for lemma in bouton_lemmas() if lemma.name.startswith("N7 ")]
    bare = NaturalLemma(column.name, column.variables, column.statement)
    verdict = prove_for_all_naturals(bare, timeout_ms=20_000)
    assert verdict.status is Status.UNKNOWN
    # the 64-bit search is only how a counterexample was looked for; the open question
    # (and so the verdict's scope) is the statement for all naturals
    assert verdict.scope == UNBOUNDED and verdict.unbounded
    assert verdict.to_json()["scope"] == UNBOUNDED
