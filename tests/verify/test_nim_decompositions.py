"""The paper argument recorded with each unbounded Nim proof speaks the lemmas' language: it
cites only lemmas of the proof, by their labels, and Bouton's writes its quantities in the
lower-case letters the lemmas are stated in."""

import re

import pytest

from grundy.theory.nim import (
    bouton_lemmas,
    misere_lemmas,
    prove_bouton_unbounded,
    prove_misere_unbounded,
    prove_nim_value_unbounded,
)
from grundy.verdict import Status

TIMEOUT = 20_000

PROOFS = [
    pytest.param(prove_nim_value_unbounded, bouton_lemmas, id="nim-value"),
    pytest.param(prove_bouton_unbounded, bouton_lemmas, id="bouton"),
    pytest.param(prove_misere_unbounded, misere_lemmas, id="misere"),
]

# a citation: a parenthesised list of labels such as (N4, N2) or (M1, M5), in any case,
# so that a mis-cased label is caught rather than skipped
CITATION = re.compile(r"\(([A-Za-z]\d'?(?:, [A-Za-z]\d'?)*)\)")


@pytest.mark.parametrize(("prove", "lemmas"), PROOFS)
def test_the_decomposition_cites_lemmas_of_the_proof_by_label(prove, lemmas):
    verdict = prove(timeout_ms=TIMEOUT)
    assert verdict.status is Status.PROVED
    labels = {lemma.name.split()[0] for lemma in lemmas()}
    cited = [
        label
        for step in verdict.details["decomposition"]
        for group in CITATION.findall(step)
        for label in group.split(", ")
    ]
    assert cited, "the argument cites no lemma"
    assert set(cited) <= labels, set(cited) - labels


def test_bouton_s_argument_uses_the_lemmas_letters():
    # s, d, h, o, g are the letters of N2, N5, N6, N7; j and k index the heaps in the
    # walk; "a" is the article
    verdict = prove_bouton_unbounded(timeout_ms=TIMEOUT)
    assert verdict.status is Status.PROVED
    allowed = {v for lemma in bouton_lemmas() for v in lemma.variables} | {"j", "k", "a"}
    for step in verdict.details["decomposition"]:
        letters = set(re.findall(r"(?<![\w'])[A-Za-z](?![\w'])", step))
        assert letters <= allowed, (step, letters - allowed)
