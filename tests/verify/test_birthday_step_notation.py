"""The birthday-induction steps describe their argument (shown in a verdict's details) in
the notation of their names: games G, H, K, Q and outcomes P, N are capital letters."""

import re

import pytest

from grundy.theory import sprague_grundy_steps as bi
from grundy.verdict import Status
from grundy.verify import birthday_induction as engine

STEPS = [getattr(bi, name)() for name in bi.__all__]

# a one-letter word that is not the article "a" nor the "s" of "G's"
_LOWER_LETTER = re.compile(r"(?<![\w'])[b-z](?![\w'])")


@pytest.mark.parametrize("step", STEPS, ids=lambda step: step.name.replace("⊕", "xor"))
def test_a_step_description_writes_games_and_outcomes_in_capitals(step):
    assert step.description
    assert _LOWER_LETTER.findall(step.description) == [], step.description


def test_the_zero_iff_p_argument_ends_at_the_steps_own_claim():
    # the chain G(G) = 0 iff ... iff G is P ends with the right-hand side of the name,
    # written the same way, and the verdict's details show it
    step = bi.zero_iff_p_step()
    claim = step.name.split(" iff ")[-1]
    assert claim == "G is P"
    assert step.description.endswith(", iff " + claim)
    verdict = engine.prove_birthday_step(step, timeout_ms=20_000)
    assert verdict.status is Status.PROVED
    assert verdict.details["step"] == step.description
