from pathlib import Path

import pytest

from grundy.library import CheckSettings, TheoremResult, load_library, run_theorems

SAMPLE = Path(__file__).with_name("sample_theorems.py")


@pytest.fixture(scope="session")
def sample_path() -> Path:
    return SAMPLE


@pytest.fixture(scope="session")
def sample_results() -> list[TheoremResult]:
    return run_theorems(load_library([SAMPLE]), CheckSettings(seed=7))
