"""proofs/README.md stays true to the library: every theorem id it names exists, and every
theorem it marks (†), "made into a proof for every case", has an unbounded verdict."""

import re
from pathlib import Path

import pytest

from grundy.library import CheckSettings, check_theorem, load_library
from grundy.verdict import Status

README = Path(__file__).resolve().parents[2] / "proofs" / "README.md"
SETTINGS = CheckSettings(quick=True, random_examples=40)


def _named() -> set[str]:
    words = set(re.findall(r"`([a-z0-9]+(?:-[a-z0-9]+)+)`", README.read_text()))
    return {word for word in words if not word.endswith((".py", ".toml"))}


def _marked_every_case() -> set[str]:
    return set(re.findall(r"`([a-z0-9-]+)` \(†", README.read_text()))


@pytest.fixture(scope="module")
def library():
    return {t.id: t for t in load_library()}


def test_every_id_the_readme_names_is_a_theorem(library) -> None:
    assert _named(), "no theorem ids found: the pattern no longer matches the README"
    assert sorted(_named() - set(library)) == []


def test_every_theorem_marked_as_proved_for_every_case_is(library) -> None:
    marked = _marked_every_case()
    assert len(marked) >= 15
    bounded = {}
    for identifier in sorted(marked):
        verdict = check_theorem(library[identifier], SETTINGS).verdict
        if verdict.status is not Status.PROVED or not verdict.scope.startswith("unbounded"):
            bounded[identifier] = (verdict.status, verdict.scope)
    assert bounded == {}
